"""The review: a planted blunder on a hand-made deal is marked, a sensible play passes,
the double-dummy column and hard's replay, the cache."""

from __future__ import annotations

import functools
from pathlib import Path
from typing import Any

import pytest
from engine_support import layout
from engine_support import quick_grader as quick

from twentynine import Action, Deal, Rules
from twentynine.bots import make_bot
from twentynine.coach import review as review_module
from twentynine.coach.hint import Hint
from twentynine.coach.history import open_history
from twentynine.coach.review import (
    BY_TABLE,
    REPLAY_TIME_CAP,
    ReplayPlan,
    Review,
    cached_review,
    grade_decision,
    review_deal,
    strongest_hint,
)
from twentynine.engine.deal import PLAY
from twentynine.engine.records import RecordError, deal_record, replay_deal
from twentynine.engine.views import SeatView


def hand_made() -> Deal:
    """East (seat 1) holds every top spade and diamond and leads; you (seat 0) hold no
    spade and no diamond, but the jack and nine of hearts and small clubs."""
    return layout(
        "JH 9H 7C 8C | AH TH QC KC",  # seat 0: you
        "JS 9S JD 9D | AS TS AD TD",  # seat 1: East, the opponents' strong hand
        "KS QS KD QD | 8S 7S 8D 7D",  # seat 2: partner
        "KH QH 8H 7H | JC 9C AC TC",  # seat 3: West
        dealer=0,
    )


def play_with(card: str) -> dict[str, Any]:
    """Bots play the deal; at your first card, with the trick already the opponents', you
    play ``card``; the bots finish."""
    d = hand_made()
    bots = [make_bot("easy", seed=s) for s in range(4)]
    planted = False
    while not d.is_over:
        v = d.view(d.turn)
        if d.turn == 0 and d.phase_code == PLAY and not planted:
            # the opponents' trick: East led a diamond winner and you cannot follow
            assert v.trick and all(c.suit != v.trick[0][1].suit for c in v.hand)
            d.apply(Action.play(card))
            planted = True
            continue
        d.apply(bots[d.turn].choose(v, v.legal_actions))
    assert planted
    return deal_record(d)


def first_card_grade(review: Review) -> Any:
    return next(g for g in review.grades if g.phase == "play")


@pytest.mark.early
def test_a_planted_blunder_reviewed(monkeypatch: pytest.MonkeyPatch) -> None:
    """One review of a deal with a planted blunder (hard's search is seconds a decision,
    so the four checks share it): the blunder marked with its reason, by hard's own hint;
    a sensible card in its place passes, by the same hint; the replay in your seat playing
    the same cards; the double-dummy column only for late card play.

    Hard grades the card these checks are about; the player's other decisions, whose
    grades are not checked here, are graded quickly, and the replay is played by random
    bots (that it is hard's, with the table's bots and seeds:
    test_hard_in_your_seat_uses_the_tables_own_bots_and_seeds)."""
    monkeypatch.setattr(review_module, "STRONGEST", "random")
    rec = play_with("JH")
    first: list[tuple[SeatView, Hint]] = []

    def grader(view: SeatView) -> Hint:
        if view.phase.value == "play" and not first:  # your first card: hard's hint
            first.append((view, strongest_hint(view)))
            return first[0][1]
        return quick(view)

    review = review_deal(rec, 0, plan=ReplayPlan(bots="random"), grader=grader)
    blunder_is_marked_with_its_reason(review)
    a_sensible_card_in_its_place_passes(*first[0])
    the_replay_plays_the_same_cards(rec, review)
    the_double_dummy_column_is_only_for_late_card_play(review)


def blunder_is_marked_with_its_reason(review: Review) -> None:
    g = first_card_grade(review)
    assert g.trick == 1 and g.taken == "J♥"
    assert g.mistake
    assert g.loss > 0 and g.card_loss is not None and g.card_loss > 0
    assert g.reason.startswith("Trick 1: J♥ ") and g.best != "J♥"
    # the cost in the player's figures, never in the search's game points
    assert f"and cost {g.card_loss:.1f} card points: " in g.reason, g.reason
    assert "game points" not in g.reason
    assert g in review.mistakes
    # why, in words the player can check: the trick was the other side's, and the J♥ is
    # worth 3; the better action named; then who took the points as it fell.  (Asking for
    # trump and throwing a small club are alike on the figures: on a busy machine, with
    # fewer worlds inside the review's clock, either may come first.)
    better = "asking for trump" if g.best == "ask for trump" else g.best
    assert f"; {better} was better" in g.reason or f"; {better} was safer" in g.reason, \
        g.reason
    assert "its 3 points went to East's trick (" in g.reason, g.reason
    assert ("the other side takes this trick: the J♥ gives it 3 points" in g.reason
            or "your side wins the trick 0% of the time with it" in g.reason), g.reason


def a_sensible_card_in_its_place_passes(view: SeatView, hint: Hint) -> None:
    """A discard of a small club, giving the opponents' trick nothing, is no mistake
    (``hint``: hard's, of ``view``, the position of the blunder)."""
    rec = play_with("8C")
    final = replay_deal(rec)[0]
    d = replay_deal(dict(rec, actions=[]))[0]
    for i, a in enumerate(final.actions):  # to your first card, graded as the review does
        if d.turn == 0 and d.phase_code == PLAY:
            assert d.view(0) == view  # the blunder's position
            g = grade_decision(d, 0, a, final, i, double_dummy=False,
                               grader=lambda _v: hint)
            break
        d.apply(a)
    assert g.taken == "8♣" and not g.mistake, g.reason
    assert g.loss < 0.15


def the_replay_plays_the_same_cards(rec: dict[str, Any], review: Review) -> None:
    """The replay kept in the review is a whole legal deal from the same cards, and its
    result is the one the review shows (that the replay repeats the table's own bots and
    seeds: test_hard_in_your_seat_uses_the_tables_own_bots_and_seeds)."""
    replay, _ = replay_deal(dict(rec, actions=list(review.hard_actions)))
    assert replay.is_over
    assert [replay.first, replay.second] == [hand_made().first, hand_made().second]
    assert replay.outcome is not None  # it is over
    assert review.hard.game_points == (
        replay.outcome.game_points[0] - replay.outcome.game_points[1]
    )
    assert review.you.card_points == replay_deal_points(rec)


def replay_deal_points(rec: dict[str, Any]) -> int:
    from twentynine.engine.records import replay_deal

    out = replay_deal(rec)[0].outcome
    assert out is not None
    return out.card_points[0]


def the_double_dummy_column_is_only_for_late_card_play(review: Review) -> None:
    assert any(g.dd_loss is not None for g in review.grades)
    for g in review.grades:
        if g.dd_loss is not None:
            assert g.phase == "play" and g.trick is not None and g.trick >= 5
            assert g.dd_best is not None and g.dd_loss >= 0.0


def test_an_unfinished_deal_is_refused() -> None:
    rec = deal_record(hand_made())
    with pytest.raises(RecordError, match="not finished"):
        review_deal(rec, 0)



@pytest.fixture
def random_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """The review's replay with random in your seat, for the tests of what surrounds the
    review (the cache, the plan's note, which moves are graded); that the replay is
    hard's: test_hard_in_your_seat_uses_the_tables_own_bots_and_seeds."""
    monkeypatch.setattr(review_module, "STRONGEST", "random")


def test_a_review_is_computed_once_and_kept(tmp_path: Path, random_replay: None) -> None:
    # random bots in the other seats too, the grading quick: what the review holds is the
    # other tests'; here, that it is computed once
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    rec = play_with("JH")
    h.start_game("g", rec["rules"], seed=1, bots="random")
    deal_id = h.record_deal(rec, game_id="g")
    row = h.deal(deal_id)
    assert row is not None
    calls: list[tuple[int, int]] = []
    first = cached_review(h, row, progress=lambda a, b: calls.append((a, b)), grader=quick)
    assert calls and calls[-1][0] == calls[-1][1]  # the progress reached the end
    again = cached_review(h, row, progress=lambda a, b: calls.append((-1, -1)))
    assert (-1, -1) not in calls  # not computed again
    assert again.grades == first.grades and again.hard == first.hard
    assert h.deals()[0].mistakes == len(first.mistakes)
    h.close()


# --------------------------------------------------------------------------- bids
WEAK = ("7C 8C 7D 8D | QC KC 7H 8H",  # you: not a jack, nine, ace or ten in your four
        "JS 9S JD 9D | AS TS AD TD", "KS QS KD QD | 8S 7S JH 9H",
        "KH QH AH TH | JC 9C AC TC")
STRONG = ("JH 9H AH TH | 7C 8C 7D 8D",  # you: the four top hearts
          "JS 9S JD 9D | AS TS AD TD", "KS QS KD QD | 8S 7S QC KC",
          "KH QH 8H 7H | JC 9C AC TC")


@functools.cache
def hard_hint(view: SeatView) -> Hint:
    """Hard's own hint of ``view``, searched once for the bids graded in that position
    (the hint is the same for the same view: test_coach_hint)."""
    return strongest_hint(view)


@pytest.mark.parametrize(("hands", "bid", "mistake"), [
    (WEAK, "bid 24", True),     # the planted bad bid
    (WEAK, "pass", False),
    (STRONG, "bid 16", False),  # a sensible bid
    (STRONG, "bid 18", False),  # higher, but within what the cards support
    (STRONG, "pass", True),     # a good contract given away
])
def test_bids_and_passes_are_graded_by_each_bids_outcome(
        hands: tuple[str, str, str, str], bid: str, mistake: bool) -> None:
    d = layout(*hands, dealer=3)
    assert d.turn == 0 and d.phase_code != PLAY  # you open the auction
    g = grade_decision(d, 0, Action.parse(bid), grader=hard_hint)
    assert g.phase == "auction" and g.mistake is mistake
    if mistake:
        assert g.loss >= 0.15
        # the chance first, the game points a deal (which decide a bid) after it
        assert g.reason.startswith(f"Auction: {bid}: you "), g.reason
        assert g.reason.index("% of the") < g.reason.index("(cost ") < \
            g.reason.index(" game points a deal).")
        assert "% of the" in g.reason
        # the better action, named with its figures
        assert (f"{g.best} was better" if bid == "pass" else
                "was better (") in g.reason, g.reason
    else:
        assert g.loss == 0.0


# --------------------------------------------------------------------------- replay plans
def test_hard_in_your_seat_uses_the_tables_own_bots_and_seeds(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A deal the table recorded, in which the player's seat played exactly what hard,
    seeded as the table seeds a bot there, plays: the review's replay with hard in that
    seat must then give the very same deal (same bots, same seeds in the other seats).

    Hard is hard (inference, common random numbers, the exact endgame) over fewer worlds
    in both plays: its search is seconds a decision at its own counts, and what is
    checked is that the replay repeats the table's bots and seeds, not hard's strength."""
    from twentynine.bots.config import HARD
    from twentynine.bots.hard import HardBot
    from twentynine.coach.recorder import DealRecorder
    from twentynine.controller.local_table import TableController, bot_move, decision_seed

    monkeypatch.setattr(HardBot, "default_config",
                        HARD.replace(samples=100, bid_samples=64, exact_samples=20))

    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    table = TableController(seed=11, bots="easy")
    DealRecorder(table, h)
    # hard's clock lifted in both plays: a search stopped by a busy machine's clock would
    # choose by fewer worlds, and the two plays could differ for that alone
    unhurried = 60 * REPLAY_TIME_CAP
    monkeypatch.setattr(review_module, "REPLAY_TIME_CAP", unhurried)
    you = make_bot("hard", seed=0, time_budget=unhurried)
    while not table.deal_over:
        turn = table.bot_turn()
        if turn is not None:
            table.apply_bot(turn, table.think(turn).action)
            continue
        g = table.game
        table.apply(bot_move(you, table.view(), decision_seed(g.seed, 0, len(g.log)),
                             budget=None).action)
    (row,) = h.deals()
    review = cached_review(h, row, grader=quick)
    assert list(review.hard_actions) == row.record["actions"]
    assert review.hard == review.you
    assert "table's seeds" in review.replay_note
    h.close()


def test_a_record_file_is_replayed_with_fixed_seeds_and_says_so(
        random_replay: None, monkeypatch: pytest.MonkeyPatch) -> None:
    # the replay's medium bots (a record file's) over 8 worlds a decision, not 48: what
    # is checked is the plan and its note, not how well they play
    from twentynine.bots.config import MEDIUM
    from twentynine.bots.medium import MediumBot

    monkeypatch.setattr(MediumBot, "default_config", MEDIUM.replace(samples=8,
                                                                    bid_samples=8))
    # Pagat's rules (a trump marker, no face-down card): a record unlike the table's own
    d = Deal.from_seed(3, rules=Rules.preset("pagat"))
    bots = [make_bot("easy", seed=s) for s in range(4)]
    while not d.is_over:
        v = d.view(d.turn)
        d.apply(bots[d.turn].choose(v, v.legal_actions))
    review = review_deal(deal_record(d), 0, grader=quick, double_dummy=False)
    assert "fixed seeds" in review.replay_note
    assert review.hard_actions and review.hard.card_points >= 0



def test_the_reasons_read_as_sentences() -> None:
    """"80% with ask for trump" and "the search's choice, pass: you make 19" read oddly:
    asking is said as asking, and the bid's figures follow a semicolon."""
    from twentynine.coach.grading import _bid_reason, _reason, judge
    from twentynine.coach.hint import BidChance, Option
    from twentynine.engine.actions import PASS, SHOW_TRUMP

    ask = Option(SHOW_TRUMP, "ask for trump", -0.78, 13.0, trick_win=0.8)
    low = Option(Action.play("7♥"), "7♥", -0.84, 7.9, trick_win=0.0)
    h = Hint(0, "play", SHOW_TRUMP, "", (ask, low), 300)
    assert _reason(h, low, judge(h, low), 5, None).endswith(
        "your side wins the trick 0% of the time with it, 80% if you ask for trump; "
        "asking for trump was better."), h
    close = Option(Action.play("7♥"), "7♥", -0.84, 7.9, trick_win=0.75)
    h = Hint(0, "play", SHOW_TRUMP, "", (ask, close), 300)
    assert _reason(h, close, judge(h, close), 5,
                   "it gave East's trick 1 more points").endswith(
        "; asking for trump was safer.")
    passing = Option(PASS, "pass", -0.25)
    bid = Option(Action.make_bid(19), "bid 19", -0.28, made=0.36)
    h = Hint(0, "auction", PASS, "", (passing, bid), 500, bids=(BidChance(19, 0.36, -0.28),))
    assert _bid_reason(h, bid, 0.03, False, None, 0) == (
        "Close to the search's choice (pass): you make 19 in 36% of the 500 deals "
        "consistent with your cards (-0.28 game points a deal as bidder); a pass counts "
        "-0.25 game points a deal: less than a mistake's 0.15 game points apart.")


def test_an_overcall_of_partners_bid_is_never_close_to_the_search() -> None:
    """Partner holds 18, the search passes; bidding 19 over it is measured against
    partner's contract (the pass row: what a pass leaves standing) and said as taking it
    over, a mistake when it costs enough."""
    from twentynine.coach.grading import _bid_loss, _bid_reason
    from twentynine.coach.hint import BidChance, Option
    from twentynine.engine.actions import PASS
    from twentynine.engine.deal import AUCTION

    view = None
    for seed in range(200):  # a seat to bid with partner holding the bid
        d = Deal.from_seed(seed)
        bots = [make_bot("random", seed=seed * 4 + s) for s in range(4)]
        while d.phase_code == AUCTION:
            v = d.view(d.turn)
            if v.bidder is not None and v.bidder == v.partner and \
                    any(a.bid for a in v.legal_actions):
                view = v
                break
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        if view is not None:
            break
    assert view is not None and view.high_bid is not None
    high = view.high_bid
    over = min(a.bid for a in view.legal_actions if a.bid)
    passing = Option(PASS, "pass", 0.2, made=0.6)
    bid = Option(Action.make_bid(over), f"bid {over}", -0.45, made=0.3)
    h = Hint(view.seat, "auction", PASS, "", (passing, bid), 500,
             bids=(BidChance(high, 0.5, 0.0), BidChance(over, 0.3, -0.45)),
             standing=f"partner's {high}")
    assert _bid_loss(h, bid, partner_bid=high)[0] == pytest.approx(0.65)
    text = _bid_reason(h, bid, 0.65, True, None, view.seat, view)
    assert text.startswith(f"Auction: bid {over} over partner's {high}, where the search "
                           f"would pass and leave partner the contract: you make {over} in "
                           f"30%"), text
    assert f"partner's {high} is made in 60% (+0.20 game points a deal)" in text, text
    assert "close to" not in text.lower() and "cost 0.65 game points a deal" in text


def test_a_mistake_in_card_points_alone_says_only_that() -> None:
    """"K♦ cost 0.00 game points a deal and 4.3 card points" said a cost of nothing first."""
    from twentynine.coach.grading import _reason, judge
    from twentynine.coach.hint import Option

    best = Option(Action.play("KC"), "K♣", 1.0, 17.3, trick_win=0.15)
    taken = Option(Action.play("KD"), "K♦", 1.0, 13.0, trick_win=0.0)
    h = Hint(0, "play", best.action, "", (best, taken), 300)
    v = judge(h, taken)
    assert v.mistake and v.by == "card points"
    text = _reason(h, taken, v, 7, None)
    assert text.startswith("Trick 7: K♦ cost 4.3 card points: "), text
    assert "game points" not in text


def test_a_deal_finished_with_f_grades_none_of_the_cards_the_table_played(
        tmp_path: Path, random_replay: None) -> None:
    """The rest of a decided deal played at once (``f``): the table's record says which of
    the player's moves it played, and the review shows them as played by the table, never
    as a mistake nor as the player's good choice; the history counts no mistake of them."""
    from test_controller import _decided_table

    from twentynine.coach.history import History
    from twentynine.coach.recorder import DealRecorder
    from twentynine.engine.records import PLAYED_BY_TABLE

    t, _made = _decided_table(2)
    h: History | None = open_history(tmp_path / "history.sqlite3").history
    assert h is not None
    recorder = DealRecorder(t, h)
    while (turn := t.finish_turn()) is not None:
        t.apply_bot(turn, t.think(turn).action)
    assert recorder.last_deal_id is not None
    row = h.deal(recorder.last_deal_id)
    assert row is not None
    table_played = row.record[PLAYED_BY_TABLE]
    assert table_played == t.played_for_you and table_played
    rev = cached_review(h, row, grader=quick)  # which moves are graded, not how
    by_table = [g for g in rev.grades if g.by_table]
    # the finished moves with a choice are shown, each as the table's, none graded
    final, _ = replay_deal(row.record)
    deal, _ = replay_deal(dict(row.record, actions=[]))
    choices = set()
    for i, a in enumerate(final.actions):
        if deal.turn == row.seat and len(deal.legal_codes()) > 1:
            choices.add(i)
        deal.apply(a)
    assert {g.index for g in by_table} == choices & set(table_played) != set()
    for g in by_table:
        assert not g.mistake and g.loss == 0 and g.card_loss is None
        assert g.best == BY_TABLE and "not graded" in g.reason
    assert all(not g.by_table for g in rev.grades if g.index not in table_played)
    kept = h.deal(row.id)
    assert kept is not None and kept.mistakes == len(rev.mistakes)
    assert all(not m.by_table for m in rev.mistakes)
    h.close()


def test_a_record_listing_moves_it_does_not_have_is_refused() -> None:
    from twentynine.engine.records import PLAYED_BY_TABLE

    rec = play_with("7C")
    with pytest.raises(RecordError, match=PLAYED_BY_TABLE):
        review_deal(dict(rec, **{PLAYED_BY_TABLE: [len(rec["actions"])]}), 0)
    with pytest.raises(RecordError, match=PLAYED_BY_TABLE):
        review_deal(dict(rec, **{PLAYED_BY_TABLE: "all"}), 0)


def test_a_mistakes_cost_is_said_in_the_chance_and_card_points_first() -> None:
    """"7♣ cost 0.29 game points a deal" was the search's figure: the cost is the chance
    on the contract the card gave up and the card points; game points only where neither
    shows the loss."""
    from twentynine.coach.grading import _reason, judge
    from twentynine.coach.hint import Option

    best = Option(Action.play("9H"), "9♥", 0.6, 21.9, 0.63, 2.0, 0.82, 0.82)
    taken = Option(Action.play("7C"), "7♣", 0.31, 20.7, 0.30, 2.0, 0.75, 0.75)
    h = Hint(0, "play", best.action, "", (best, taken), 300)
    text = _reason(h, taken, judge(h, taken), 4, None)
    assert text.startswith("Trick 4: 7♣ cut your side's chance to make the contract from "
                           "82% to 75% and cost 1.2 card points: "), text
    assert "game points" not in text
    # defending, with the view: "beat their 18"
    _deal, view = find_defending_view()
    target = view.target or view.high_bid
    taken2 = Option(Action.play("7C"), "7♣", 0.31, 21.7, 0.30, 2.0, 0.75, 0.75)
    hd = Hint(view.seat, "play", best.action, "", (best, taken2), 300, defending=True)
    text = _reason(hd, taken2, judge(hd, taken2), 4, None, view)
    assert text.startswith(f"Trick 4: 7♣ cut your side's chance to beat their {target} "
                           f"from 82% to 75%"), text
    assert "game points" not in text and "card points:" not in text
    # the same chance and card points: only the search's game points show the loss
    same = Option(Action.play("7C"), "7♣", 0.4, 21.8, 0.62, 2.0, 0.82, 0.82)
    h2 = Hint(0, "play", best.action, "", (best, same), 300)
    assert _reason(h2, same, judge(h2, same), 4, None) == (
        "Trick 4: 7♣ cost 0.20 game points a deal: alike on the chance and the card points, "
        "but the search's longer look rates it lower; 9♥ was better.")


def find_defending_view() -> tuple[Deal, SeatView]:
    """A defender's first card of a deal played by easy bots."""
    for seed in range(100):
        d = Deal.from_seed(seed)
        bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            if v.phase.value == "play" and v.bidder is not None and \
                    (v.bidder & 1) != v.team and len(v.legal_actions) > 1:
                return d, v
            d.apply(bots[d.turn].choose(v, v.legal_actions))
    raise AssertionError("no defender's decision in the seeds tried")


def test_a_close_choice_says_its_chance_and_card_points() -> None:
    """A card close to the search's choice says what it gave up in the player's figures
    (it said only "Close to the search's choice, 9♥." and the screen added game points)."""
    from twentynine.coach.grading import _close, judge
    from twentynine.coach.hint import Option

    _deal, view = find_defending_view()
    target = view.target or view.high_bid
    best = Option(Action.play("9H"), "9♥", 0.6, 21.9, 0.63, 2.0, 0.82, 0.82)
    near = Option(Action.play("7C"), "7♣", 0.55, 21.0, 0.60, 2.0, 0.80, 0.80)
    h = Hint(view.seat, "play", best.action, "", (best, near), 300, defending=True)
    assert _close(h, near, judge(h, near), view) == (
        f"Close to the search's choice, 9♥: 80% to beat their {target}, 82% with 9♥; "
        "0.9 card points fewer.")
    # nothing the player counts differs: no figures to give
    same = Option(Action.play("7C"), "7♣", 0.58, 21.9, 0.63, 2.0, 0.82, 0.82)
    h2 = Hint(view.seat, "play", best.action, "", (best, same), 300, defending=True)
    assert _close(h2, same, judge(h2, same), view) == (
        f"As good as the search's choice, 9♥, on the chance and the card points: the same "
        f"chance to beat their {target} (82%); the search's longer look rates it 0.02 game "
        "points a deal lower, less than a mistake's 0.15.")
