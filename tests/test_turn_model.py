"""The human's turn without a screen: selection, typed bids, what Enter does and when it
waits, the move clock and a forced card, driven by plain calls on real positions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from twentynine.coach.clock import safe_move
from twentynine.controller.local_table import TableController
from twentynine.engine.actions import PASS, Action, ActionKind
from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules
from twentynine.engine.views import SeatView
from twentynine.tui.turn import (
    EnterWhat,
    Note,
    TurnModel,
    card_rule,
    legal_bids,
    legal_cards,
    play_line,
    sort_hand,
)


def position(seed: int, phase: Phase, nth: int = 0, rules: Rules | None = None) -> Game:
    """A game (random moves from ``seed``) stopped at South's ``nth`` turn (from 0) in
    ``phase``."""
    rng = random.Random(seed)
    for attempt in range(50):
        game = Game(seed * 100 + attempt, rules or Rules())
        seen = 0
        while not game.is_over:
            if game.turn == 0 and game.phase is phase and game.legal_actions():
                if seen == nth:
                    return game
                seen += 1
            if game.phase is Phase.DEAL_OVER and game.turn != 0:
                break
            legal = game.legal_actions()
            if not legal:
                break
            game.apply(rng.choice(legal))
    raise AssertionError(f"no {phase.value} turn for South from seed {seed}")


def south(game: Game) -> tuple[SeatView, list[Action]]:
    v = game.view(0)
    return v, list(v.legal_actions)


def test_a_bid_turn_starts_at_the_lowest_bid_and_forgets_the_last_one() -> None:
    v, legal = south(position(1, Phase.AUCTION))
    turn = TurnModel()
    turn.sel_bid, turn.bid_digits = 27, "2"
    note = turn.begin(v, legal, now=0.0)
    assert turn.sel_bid == legal_bids(legal)[0] and turn.bid_digits == ""
    assert note.tone == "bold" and f"Enter: bid {turn.sel_bid}" in note.text


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), deltas=st.lists(st.sampled_from([-1, 1, -3, 3]),
                                                    max_size=30))
def test_the_arrows_keep_the_bid_legal_and_stop_at_the_ends(seed: int,
                                                            deltas: list[int]) -> None:
    v, legal = south(position(seed, Phase.AUCTION))
    bids = legal_bids(legal)
    turn = TurnModel()
    turn.begin(v, legal, now=0.0)
    for d in deltas:
        note = turn.step(d, v, legal, legal)
        if bids:
            assert turn.sel_bid in bids and note is not None
            assert note.text.startswith(f"Enter: bid {turn.sel_bid}")
    for _ in range(len(bids) + 1):
        turn.step(1, v, legal, legal)
    assert turn.sel_bid == (bids[-1] if bids else 0)
    for _ in range(len(bids) + 1):
        turn.move(-1, v, legal, legal)  # ← in the auction lowers the bid too
    assert turn.sel_bid == (bids[0] if bids else 0)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), digits=st.lists(st.integers(0, 9), max_size=8))
def test_typed_digits_only_ever_select_a_legal_bid(seed: int, digits: list[int]) -> None:
    v, legal = south(position(seed, Phase.AUCTION))
    bids = legal_bids(legal)
    turn = TurnModel()
    turn.begin(v, legal, now=0.0)
    for d in digits:
        before = turn.sel_bid
        note = turn.bid_digit(d, legal)
        assert len(turn.bid_digits) <= 1
        assert not turn.bid_digits or any(str(b).startswith(turn.bid_digits) for b in bids)
        assert turn.sel_bid == before or turn.sel_bid in bids
        if note.tone == "refused":
            assert turn.sel_bid == before and note.text.startswith("You can bid")
        enter = turn.enter("bid", now=100.0)
        if turn.bid_digits:  # half a bid: Enter refuses rather than bid something else
            assert isinstance(enter, str) and "second digit" in enter
        else:
            assert enter == Action.make_bid(turn.sel_bid)


def test_two_digits_make_the_bid_and_a_wrong_pair_says_the_range() -> None:
    v, legal = south(position(3, Phase.AUCTION))
    bids = legal_bids(legal)
    turn = TurnModel()
    turn.begin(v, legal, now=0.0)
    target = bids[-1]
    turn.bid_digit(target // 10, legal)
    note = turn.bid_digit(target % 10, legal)
    assert turn.sel_bid == target
    assert note == Note(f"Enter: bid {target} · p: pass", "bold") if PASS in legal else (
        note.text.startswith(f"Enter: bid {target} (the dealer must bid)"))
    refused = turn.bid_digit(9, legal)
    assert refused.tone == "refused" and refused.text == (
        f"You can bid {bids[0]} to {bids[-1]}: no bid begins with 9")


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), deltas=st.lists(st.sampled_from([-1, 1]), max_size=20))
def test_the_arrows_walk_the_legal_cards_in_hand_order(seed: int, deltas: list[int]) -> None:
    v, legal = south(position(seed, Phase.PLAY))
    cards = legal_cards(legal)
    order = [c for c in sort_hand(v.hand) if c in cards]
    turn = TurnModel()
    turn.begin(v, legal, now=0.0)
    assert turn.sel_card == order[0]
    i = 0
    for d in deltas:
        turn.move(d, v, legal, legal)
        i = (i + d) % len(order)
        assert turn.sel_card == order[i]


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000), n=st.integers(1, 8))
def test_a_card_key_selects_and_an_illegal_card_says_why(seed: int, n: int) -> None:
    t = TableController(seed=seed, bots="random")
    while t.view().phase is not Phase.PLAY or t.turn != 0:
        if t.is_over or t.deal_over:
            return
        turn_ = t.bot_turn()
        if turn_ is not None:
            t.apply_bot(turn_, t.think(turn_).action)
        else:
            legal = t.legal_actions()
            t.apply(PASS if PASS in legal else legal[0])
    v, legal = t.view(), t.legal_actions()
    turn = TurnModel()
    note = turn.card(n, v, legal, t.explain)
    hand = sort_hand(v.hand)
    if n > len(hand):
        assert note is None and turn.sel_card is None
        return
    assert turn.sel_card == hand[n - 1]
    if hand[n - 1] in legal_cards(legal):
        assert note is None
    else:
        assert note is not None and note.tone == "refused"
        assert note.text.startswith(f"{hand[n - 1].label}: ")


def test_enter_waits_after_a_dialog_and_a_turn_starting_meanwhile_waits_again() -> None:
    v, legal = south(position(5, Phase.PLAY))
    turn = TurnModel(enter_guard=0.8)
    turn.begin(v, legal, now=0.0)
    assert isinstance(turn.enter("play", now=1.0), Action)
    turn.dialog_closed(10.0)
    refusal = turn.enter("play", now=10.5)
    assert isinstance(refusal, str) and refusal.startswith("Enter: the table is back")
    assert turn.sel_card is not None and turn.sel_card.label in refusal
    turn.begin(v, legal, now=10.6)  # a new turn inside the wait: it starts again
    assert turn.too_soon(11.3) and not turn.too_soon(11.5)
    assert turn.enter("play", now=11.5) == Action.play(turn.sel_card)


def test_enter_confirms_what_is_selected() -> None:
    turn = TurnModel()
    assert turn.enter("play", now=5.0) is None  # nothing selected
    turn.sel_suit = 2
    assert turn.enter("suit", now=5.0) == Action.trump_suit(2)
    v, legal = south(position(2, Phase.TRUMP))
    turn.begin(v, legal, now=6.0)
    assert turn.sel_card is not None
    assert turn.enter("trump card", now=7.0) == Action.trump_card(turn.sel_card)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 10_000),
       phase=st.sampled_from([Phase.AUCTION, Phase.TRUMP, Phase.PLAY]))
def test_the_clocks_safe_move_is_legal_and_gives_nothing_away(seed: int, phase: Phase) -> None:
    """Should the hint fail when the clock runs out, the move made gives nothing away:
    a pass where one is legal, else a card worth no more than any other legal card."""
    _, legal = south(position(seed, phase))
    action = safe_move(legal)
    assert action in legal
    if PASS in legal:
        assert action is PASS
    cards = [a.card for a in legal if a.card is not None]
    if PASS not in legal and cards:
        assert action.card is not None
        assert action.card.points == min(c.points for c in cards)


def test_the_clock_runs_only_while_running_and_stops_when_up() -> None:
    v, legal = south(position(4, Phase.PLAY))
    turn = TurnModel(timer=3.0)
    turn.begin(v, legal, now=100.0)
    assert turn.seconds_left() == 3
    assert not turn.tick(101.5, running=True) and turn.seconds_left() == 2
    assert not turn.tick(110.0, running=False)  # a dialog was open: no time went by
    assert turn.seconds_left() == 2
    assert turn.tick(111.6, running=True) and turn.time_left is None
    assert not turn.tick(115.0, running=True)  # once up, it stays stopped
    turn.set_timer(None)
    turn.begin(v, legal, now=120.0)
    assert turn.seconds_left() is None


def test_a_forced_card_is_selected_and_announced() -> None:
    v, legal = south(position(6, Phase.PLAY))
    card = next(a.card for a in legal if a.kind is ActionKind.PLAY and a.card)
    note = TurnModel().begin(v, legal, now=0.0, forced=card)
    assert note.text == f"Only the {card.label} can be played: playing it for you"


def test_the_play_line_names_the_rule_on_the_card() -> None:
    for seed in range(40):
        v, legal = south(position(seed, Phase.PLAY, nth=seed % 4 + 1))
        plays = [a.card for a in legal if a.kind is ActionKind.PLAY and a.card]
        if v.trick and plays and len(plays) < len(v.hand):
            led = v.trick[0][1].suit
            if all(c.suit == led for c in plays):
                assert card_rule(v).startswith("follow suit")
                assert play_line(v).startswith("Your turn: follow suit")
                return
    raise AssertionError("no position where South must follow suit")


def test_a_suggestion_moves_the_selection() -> None:
    v, _legal = south(position(7, Phase.PLAY))
    hand = sort_hand(v.hand)
    turn = TurnModel()
    assert turn.adopt(Action.play(hand[-1]), hand) and turn.sel_card == hand[-1]
    assert turn.adopt(Action.make_bid(21), hand) and turn.sel_bid == 21
    assert turn.adopt(Action.trump_suit(3), hand) and turn.sel_suit == 3
    assert not turn.adopt(PASS, hand)


def test_a_burst_of_enter_begun_before_the_turn_never_decides_on_it() -> None:
    """Enter eight times 0.15 s apart through the deal summary: the turn to bid begins in
    the middle of the burst, and no press of it bids; one pause, then Enter bids."""
    v, legal = south(position(3, Phase.AUCTION))
    turn = TurnModel(enter_guard=0.0)
    presses = [i * 0.15 for i in range(8)]
    for t in presses[:3]:  # the summary and the bots' bids take these
        turn.pressed_enter(t)
    turn.begin(v, legal, now=0.4)
    for t in presses[3:]:
        refusal = turn.enter("bid", now=t)
        assert isinstance(refusal, str) and "press it again to bid 16" in refusal
    assert turn.enter("bid", now=presses[-1] + 0.3) != Action.make_bid(16)  # still one burst
    assert turn.enter("bid", now=presses[-1] + 0.3 + 0.6) == Action.make_bid(16)


def test_enter_held_through_a_bot_move_does_not_play_the_next_card() -> None:
    v, legal = south(position(5, Phase.PLAY))
    turn = TurnModel(enter_guard=0.0)
    turn.begin(v, legal, now=0.0)
    assert isinstance(turn.enter("play", now=1.0), Action)  # the first card: a decision
    for t in (1.03, 1.06, 1.09):  # held down (the key repeats) while the bots play
        turn.pressed_enter(t)
    turn.begin(v, legal, now=1.1)
    assert isinstance(turn.enter("play", now=1.12), str)
    assert isinstance(turn.enter("play", now=2.0), Action)


@settings(max_examples=60, deadline=None)
@given(gaps=st.lists(st.floats(0.0, 0.49), min_size=1, max_size=30),
       begin_at=st.integers(0, 29), pause=st.floats(0.5, 5.0))
def test_no_burst_of_enter_ever_decides_on_a_turn_begun_during_it(
        gaps: list[float], begin_at: int, pause: float) -> None:
    v, legal = south(position(8, Phase.PLAY))
    turn = TurnModel(enter_guard=0.0)
    now, begun = 10.0, False
    turn.pressed_enter(now)
    for i, gap in enumerate(gaps):
        now += gap
        if i == begin_at:
            turn.begin(v, legal, now=now)
            begun = True
        if begun:
            assert not isinstance(turn.enter("play", now=now), Action)
        else:
            turn.pressed_enter(now)
    if not begun:
        turn.begin(v, legal, now=now)
    assert isinstance(turn.enter("play", now=now + pause), Action)


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10_000),
       phase=st.sampled_from([Phase.AUCTION, Phase.TRUMP, Phase.PLAY]),
       moves=st.lists(st.sampled_from([-1, 1]), max_size=6))
def test_the_selected_action_is_what_enter_takes(seed: int, phase: Phase,
                                                 moves: list[int]) -> None:
    v, legal = south(position(seed, phase))
    turn = TurnModel()
    turn.begin(v, legal, now=0.0)
    for d in moves:
        turn.move(d, v, legal, legal)
    selected = turn.selected_action(v, legal)
    by_phase: dict[Phase, EnterWhat] = {Phase.AUCTION: "bid", Phase.PLAY: "play"}
    what = by_phase.get(phase, "suit" if v.rules.trump_indicator == "marker" else "trump card")
    entered = turn.enter(what, now=100.0)
    assert selected is None or selected == entered
    if isinstance(entered, Action) and entered in legal:
        assert selected == entered
    assert turn.selected_action(v, []) is None
