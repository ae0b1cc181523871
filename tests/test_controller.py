"""The table's flow, driven without a UI: turns, bots seeded per decision, the autosave
after every action, take-back, listeners, and the wall (the human sees only their seat)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twentynine.bots import UnknownBot
from twentynine.controller.local_table import (
    TableController,
    TakeBackError,
    bot_move,
    decision_seed,
)
from twentynine.controller.table_like import BotTurn, News, Notice, Refusal, RosterChange, TableLike
from twentynine.engine.actions import NEXT_DEAL, PASS, Action, ActionKind
from twentynine.engine.deal import IllegalActionError, Phase
from twentynine.engine.events import CardsDealt, DealScored, Event, TrumpChosen
from twentynine.engine.game import Game
from twentynine.engine.records import loads
from twentynine.engine.rules import Rules


def run_bots(t: TableController) -> None:
    """Let the bots move until the human must act or the deal is over."""
    while (turn := t.bot_turn()) is not None:
        assert t.apply_bot(turn, t.think(turn).action) is not None


def human_choice(t: TableController, k: int) -> Action:
    """A deterministic human: pass when possible (else the lowest bid), the k-th legal
    card otherwise."""
    legal = t.legal_actions()
    if PASS in legal and t.view().phase is Phase.AUCTION:
        return PASS
    cards = [a for a in legal if a.card is not None]
    return cards[k % len(cards)] if cards else legal[0]


def play_until(t: TableController, n_actions: int, k: int = 0) -> None:
    """Human and bots play until at least ``n_actions`` actions (next deal included)."""
    while len(t.actions) < n_actions and not t.is_over:
        if t.deal_over:
            t.next_deal()
        elif t.turn == t.seat:
            t.apply(human_choice(t, k))
        else:
            run_bots(t)


def test_the_local_controller_is_a_table() -> None:
    t: TableLike = TableController(seed=1, bots="random")
    assert isinstance(t, TableLike) and not t.shared and t.leave_text is None
    assert t.seat == 0 and t.view().seat == 0


def test_a_deal_through_the_controller(tmp_path: Path) -> None:
    t = TableController(seed=2, bots="random", save_file=tmp_path / "save.json")
    seen: list[Event] = []
    t.add_listener(seen.extend)
    opening = len(t.events)
    assert t.turn == 0 and t.bot_turn() is None and t.legal_actions()
    while not t.deal_over:
        if t.turn == t.seat:
            t.apply(human_choice(t, 1))
        else:
            assert t.legal_actions() == []
            run_bots(t)
    assert any(isinstance(e, DealScored) for e in seen)
    # the listener got exactly the events after the opening ones, as South sees them
    assert seen == list(t.events)[opening:]
    for e in t.events:
        if isinstance(e, CardsDealt) and e.seat != 0:
            assert e.cards is None
        if isinstance(e, TrumpChosen) and e.seat != 0:
            assert e.card is None and e.suit is None
    assert t.legal_actions() == [] and t.bot_turn() is None
    t.next_deal()
    assert t.view().number == 2
    assert t.actions[-1] == NEXT_DEAL


def test_an_illegal_human_action_is_refused_in_the_engines_words() -> None:
    t = TableController(seed=2, bots="random")
    with pytest.raises(IllegalActionError, match="lowest bid is 16"):
        t.apply(Action.make_bid(12))
    assert t.explain(Action.play("JS")) is not None
    assert t.explain(PASS) is None
    assert t.actions == []
    t.apply(PASS)
    with pytest.raises(IllegalActionError, match="not your turn"):
        t.apply(PASS)
    assert len(t.actions) == 1


def test_a_stale_bot_move_is_ignored() -> None:
    t = TableController(seed=2, bots="random")
    t.apply(PASS)
    turn = t.bot_turn()
    assert turn is not None
    action = t.think(turn).action
    assert t.apply_bot(turn, action) is not None
    assert t.apply_bot(turn, action) is None  # the same turn twice: stale
    t.new_game(5)
    assert t.apply_bot(turn, action) is None


def test_a_bot_decides_from_its_view_and_seed_alone() -> None:
    t = TableController(seed=6, bots="easy")
    t.apply(PASS)
    turn = t.bot_turn()
    assert isinstance(turn, BotTurn) and turn.view.seat == turn.seat == 1
    assert turn.seed == decision_seed(6, 1, 1)
    from twentynine.bots import make_bot

    fresh = make_bot("easy", seed=12345)  # any bot of the level: the seed decides
    assert bot_move(fresh, turn.view, turn.seed).action == t.think(turn).action


@pytest.mark.parametrize("bots", ["random", "easy"])
def test_resumed_bots_make_the_same_moves(tmp_path: Path, bots: str) -> None:
    path = tmp_path / "save.json"
    straight = TableController(seed=11, bots=bots)
    play_until(straight, 90, k=2)
    interrupted = TableController(seed=11, bots=bots, save_file=path)
    play_until(interrupted, 37, k=2)
    for _stop in (37, 61):
        resumed, message = TableController.resume(path)
        assert message is None and resumed is not None
        assert resumed.bot_name == bots
        assert list(resumed.actions) == list(interrupted.actions)
        assert list(resumed.events) == list(interrupted.events)
        interrupted = resumed
        play_until(interrupted, _stop + 24, k=2)
    play_until(interrupted, 90, k=2)
    assert list(interrupted.actions)[:90] == list(straight.actions)[:90]


def test_an_unknown_bot_name_is_refused_and_a_saved_one_falls_back(tmp_path: Path) -> None:
    with pytest.raises(UnknownBot, match="unknown bot 'hrad'"):
        TableController(seed=3, bots="hrad")
    t = TableController(seed=3, bots="easy", save_file=tmp_path / "save.json")
    with pytest.raises(UnknownBot):
        t.set_bots("Hard")
    assert t.bot_name == "easy"  # nothing changed
    play_until(t, 3)
    record = loads((tmp_path / "save.json").read_text())
    record["table"]["bots"] = "grandmaster"  # a save edited by hand, or from a later version
    (tmp_path / "save.json").write_text(json.dumps(record))
    resumed, _ = TableController.resume(tmp_path / "save.json")
    assert resumed is not None and resumed.bot_name == "medium"


def test_the_save_follows_every_action_with_the_counters(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    t = TableController(seed=3, bots="random", save_file=path)
    assert not path.exists()  # nothing to save before the first action
    for _ in range(20):
        if t.turn == t.seat:
            t.apply(human_choice(t, 0))
        else:
            turn = t.bot_turn()
            assert turn is not None
            t.apply_bot(turn, t.think(turn).action)
        record = loads(path.read_text())
        assert record["actions"] == [str(a) for a in t.actions]
    t.note_hint()
    record = loads(path.read_text())
    assert record["table"] == {"bots": "random", "hints_used": 1, "take_backs_used": 0,
                               "deal_hints": 1, "deal_take_backs": 0, "game_id": t.game_id}
    resumed, _ = TableController.resume(path)
    assert resumed is not None and resumed.hints_used == 1 and resumed.deal_hints == 1
    assert resumed.game_id == t.game_id
    assert not list(tmp_path.glob("*.tmp"))  # no temporary file left behind


def test_a_failed_save_is_reported_not_raised(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    t = TableController(seed=3, bots="random", save_file=blocker / "save.json")
    t.apply(human_choice(t, 0))  # the game goes on
    assert t.save_error is not None and "Could not save" in t.save_error
    assert not t.save()


def test_the_local_table_tells_its_news_as_typed_values(tmp_path: Path) -> None:
    """The local table's news, the kinds a remote table tells too: a refused move (raised
    and told), other bots at the other seats, an autosave that fails (once, not at every
    move after)."""
    blocker = tmp_path / "file"
    blocker.write_text("")
    t = TableController(seed=3, bots="random", save_file=blocker / "save.json")
    news: list[News] = []
    t.add_news(news.append)
    card = t.view().hand[0]
    with pytest.raises(IllegalActionError) as refused:
        t.apply(Action.play(card))  # a card in the auction
    assert news == [Refusal(str(refused.value))]
    t.apply(human_choice(t, 0))
    run_bots(t)
    t.apply(human_choice(t, 0))
    alarms = [n for n in news if isinstance(n, Notice)]
    assert len(alarms) == 1 and alarms[0].alarm and alarms[0].text == t.save_error
    news.clear()
    t.set_bots("random")  # the same bots: nothing to tell
    t.set_bots("easy")
    assert [type(n) for n in news] == [RosterChange]
    change = news[0]
    assert isinstance(change, RosterChange) and change.seats == (1, 2, 3)
    assert change.text.startswith("Easy bots play the other seats")


def _to_human_card_turn(t: TableController, decisions: int) -> None:
    """Play until the human has made ``decisions`` decisions in the play of deal 1 and
    must choose again from at least two cards."""
    made = 0
    while True:
        run_bots(t)
        legal = t.legal_actions()
        if t.view().phase is Phase.PLAY and sum(a.card is not None for a in legal) > 1:
            if made == decisions:
                return
            made += 1
        t.apply(human_choice(t, 0))


def test_take_back_restores_the_position_and_the_bots_replay_the_same_moves(
        tmp_path: Path) -> None:
    t = TableController(seed=2, bots="easy", save_file=tmp_path / "save.json")
    _to_human_card_turn(t, 2)
    before = list(t.actions)
    before_events = list(t.events)
    view_before = t.view()
    t.apply(human_choice(t, 0))
    run_bots(t)
    first_try = list(t.actions)
    t.take_back()
    assert list(t.actions) == before and list(t.events) == before_events
    assert t.view() == view_before and t.take_backs_used == 1
    # the same card again: the bots answer exactly as before (no fishing)
    t.apply(human_choice(t, 0))
    run_bots(t)
    assert list(t.actions) == first_try
    # another card: the bots answer that, but their moves are still those their seeds give
    t.take_back()
    t.apply(human_choice(t, 1))
    run_bots(t)
    again = list(t.actions)
    t.take_back()
    t.apply(human_choice(t, 1))
    run_bots(t)
    assert list(t.actions) == again
    assert loads((tmp_path / "save.json").read_text())["table"]["take_backs_used"] == 3


def test_take_back_goes_further_back_but_not_past_the_deal() -> None:
    t = TableController(seed=2, bots="random")
    assert t.take_back_problem() == "Nothing of yours to take back in this deal"
    with pytest.raises(TakeBackError):
        t.take_back()
    positions = []
    while not t.deal_over:
        run_bots(t)
        if t.deal_over:
            break
        if len(t.legal_actions()) > 1:
            positions.append(len(t.actions))
        t.apply(human_choice(t, 1))
    assert t.take_back_problem() is not None  # the deal is over
    t.next_deal()
    assert t.take_back_problem() == "Nothing of yours to take back in this deal"
    # from the last decision that may be taken back (none after the trump is shown), back
    # one decision at a time to the deal's start
    for last in reversed(positions):
        t2 = TableController(seed=2, bots="random")
        play_until(t2, last + 1, k=1)
        if t2.take_back_problem() is None:
            break
    seen = []
    while t2.take_back_problem() is None:
        t2.take_back()
        seen.append(len(t2.actions))
    assert seen == [p for p in positions if p <= last][::-1]
    assert t2.take_back_problem() == "Nothing of yours to take back in this deal"


TRUMP_SEEN = ("No take-back once the trump is shown: you would decide again knowing the "
              "trump you could not see")


def test_an_ask_for_trump_cannot_be_taken_back() -> None:
    """Taking back the ask (or a decision before anyone's ask) would show the hidden
    trump and then let the seat decide again: no take-back crosses the trump's showing."""
    for seed in range(40):
        t = TableController(seed=seed, bots="random")
        asked = False
        while not t.deal_over and not asked:
            run_bots(t)
            if t.deal_over:
                break
            legal = t.legal_actions()
            ask = next((a for a in legal if a.kind is ActionKind.SHOW_TRUMP), None)
            if ask is not None and t.view().bidder != t.seat:
                before = t.view()
                assert before.trump_suit is None
                t.apply(ask)
                asked = True
            else:
                t.apply(human_choice(t, 0))
        if not asked:
            continue
        assert t.view().trump_suit is not None  # the ask showed it
        assert t.take_back_problem() == TRUMP_SEEN
        with pytest.raises(TakeBackError, match="trump is shown"):
            t.take_back()
        return
    pytest.fail("no seed let the human ask for trump")


def test_take_back_can_be_switched_off() -> None:
    t = TableController(seed=2, bots="random", take_back_allowed=False)
    t.apply(PASS)
    run_bots(t)
    assert t.take_back_problem() == "Take-back is off in the settings"


def test_a_forced_card_is_offered_for_automatic_play() -> None:
    t = TableController(seed=2, bots="random")
    while not t.deal_over:
        run_bots(t)
        if t.deal_over:
            break
        legal = t.legal_actions()
        forced = t.forced_action()
        if len(legal) == 1 and legal[0].kind is ActionKind.PLAY:
            assert forced == legal[0]
        else:
            assert forced is None
        t.apply(human_choice(t, 0))
    assert t.view().hand == ()  # the last card is always forced


def test_rules_and_seed_are_the_games() -> None:
    t = TableController(Rules.preset("pagat"), seed=9, bots="random")
    assert t.rules == Rules.preset("pagat") and t.seed == 9


def _decided_table(seed: int) -> tuple[TableController, bool]:
    """A local table (random bots) played by a passing human until the deal's result is
    decided with the play still going on, and whether the contract is made then."""
    from twentynine.engine.scoring import result_decided

    for attempt in range(40):
        t = TableController(seed=seed * 100 + attempt, bots="random")
        k = 0
        while not t.deal_over and not t.is_over:
            v = t.view()
            if v.phase is Phase.PLAY and result_decided(v) and len(v.hand) > 3:
                team = v.bidder & 1 if v.bidder is not None else 0
                return t, v.target is not None and v.points[team] >= v.target
            if t.turn == t.seat:
                t.apply(human_choice(t, k))
                k += 1
            else:
                run_bots(t)
    raise AssertionError("no decided deal with four cards or more to play")


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_a_decided_deal_is_finished_by_the_bots_every_move_recorded(seed: int) -> None:
    """Once decided, :meth:`finish_turn` gives every seat's turn (the human's too, by the
    strongest bot's choice) until the deal is over; each move is an action of the game
    like any other (the record replays it), and the result is the one decided."""
    t, made = _decided_table(seed)
    assert t.decided()
    before = len(t.actions)
    seats = set()
    while (turn := t.finish_turn()) is not None:
        seats.add(turn.seat)
        assert t.apply_bot(turn, t.think(turn).action) is not None
    assert t.deal_over or t.is_over
    assert t.seat in seats  # the human's cards were played for them
    assert len(t.actions) > before + 4
    scored = [e for e in t.events if isinstance(e, DealScored)][-1]
    assert scored.outcome.made == made
    assert not t.decided() and t.finish_turn() is None
    replay = Game(t.seed, t.rules)
    for a in t.actions:
        replay.apply(a)
    assert replay.deal.log == t.game.deal.log


def test_nothing_is_finished_before_the_deal_is_decided() -> None:
    t = TableController(seed=5, bots="random")
    assert not t.decided() and t.finish_turn() is None  # the auction


def test_the_human_cards_played_by_the_table_are_known_and_kept_in_the_save(
        tmp_path: Path) -> None:
    """A decided deal finished at once: the table knows which of the human's moves it
    played (their positions in the deal's actions), keeps them across a resume, and starts
    afresh with the next deal."""
    t, _made = _decided_table(1)
    save = tmp_path / "save.json"
    t.save_file = save
    assert t.played_for_you == []
    start = len(t.game.deal.actions)
    turn = t.finish_turn()
    while turn is not None and turn.seat != t.seat:
        t.apply_bot(turn, t.think(turn).action)
        turn = t.finish_turn()
    assert turn is not None
    t.apply_bot(turn, t.think(turn).action)
    assert len(t.played_for_you) == 1 and t.played_for_you[0] >= start
    played = t.game.deal.actions[t.played_for_you[0]]
    assert played.kind is ActionKind.PLAY
    resumed, message = TableController.resume(save)  # quit in the middle of finishing
    assert resumed is not None, message
    assert resumed.played_for_you == t.played_for_you
    while (turn := t.finish_turn()) is not None:
        t.apply_bot(turn, t.think(turn).action)
    deal = t.game.deal
    assert len(t.played_for_you) >= 2
    # every card the human played since the finish began, and only those, are listed
    replay = Game(t.seed, t.rules)
    for a in t.actions[:len(t.actions) - len(deal.actions)]:
        replay.apply(a)
    mine = []
    for i, a in enumerate(deal.actions):
        if replay.turn == t.seat and i >= start:
            mine.append(i)
        replay.apply(a)
    assert t.played_for_you == mine
    if not t.is_over:
        t.next_deal()
        assert t.played_for_you == []
