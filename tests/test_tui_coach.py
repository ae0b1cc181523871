"""The coach at the table: the hint key, the statistics key, every finished deal in the
history, the review from the deal summary."""

from __future__ import annotations

import asyncio
import io
import threading
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from textual.widget import Widget
from textual.widgets import Static
from tui_support import (
    engine_game,
    local_table,
    make_app,
    save_game_record,
    save_last_trick,
    screen_text,
    settle,
    wait_for,
)

from twentynine.bots import make_bot
from twentynine.coach import review as review_module
from twentynine.coach.hint import hint as coach_hint
from twentynine.coach.history import HISTORY_NAME, open_history
from twentynine.coach.review import Grade
from twentynine.controller.local_table import TableController
from twentynine.engine.actions import PASS
from twentynine.engine.deal import PLAY as PLAY_CODE
from twentynine.engine.deal import Deal, Phase
from twentynine.tui.coach import hint_panel
from twentynine.tui.coach.hint_panel import HintBody, HintPanel, how_to_play
from twentynine.tui.coach.review_screen import AGREED, ReviewScreen, deal_text, grades_text
from twentynine.tui.coach.stats_screen import StatsScreen
from twentynine.tui.screens import SummaryScreen


def _quick(view: Any, **kw: Any) -> Any:
    """A hint by medium's search over 8 worlds, for the tests of the panel around a hint
    (the worker, the layout, the keys): what hard's own hint says is test_coach_hint's."""
    return coach_hint(view, bot=make_bot("medium", seed=1, time_budget=60.0), worlds=8)


@pytest.fixture
def quick_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint key's search is :func:`_quick` (hard's: seconds of CPU a hint)."""
    monkeypatch.setattr(hint_panel, "hint", _quick)


def test_hint_key_thinks_in_a_worker_and_counts_the_hint(tmp_path: Path,
                                                         monkeypatch: Any) -> None:
    """The search runs in a worker (the table takes keys meanwhile).  Enter during the
    search does not play the old selection (which the player may take for the
    suggestion): it is held once, the panel says so; once the hint is there (counted),
    Enter plays the suggestion the cursor moved to, and the hint goes.  At 80x24 the
    trick's row steps aside for the hint while the hand, centred under the trick, stays
    in place (it once slid to the left edge).  And t opens the statistics."""
    release = threading.Event()

    def slow_hint(view: Any, **kw: Any) -> Any:
        release.wait(30)  # the search "takes" until the test lets it finish
        return _quick(view)

    monkeypatch.setattr(hint_panel, "hint", slow_hint)
    asyncio.run(_hint(tmp_path, release))


def _hand_columns(app: Any) -> str:
    hand = app.query_one("#hand").region
    rows = screen_text(app).splitlines()[hand.y:hand.bottom]
    return next(r for r in rows if r.strip().startswith("1 "))


async def _hint(tmp_path: Path, release: threading.Event) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        await pilot.pause()
        table = local_table(app)
        assert table.turn == table.seat
        before_hand = _hand_columns(app)
        assert before_hand.index("1") > 4, before_hand  # centred, away from the edge
        before = list(table.game.deal.actions)
        await pilot.press("i")
        await wait_for(pilot, lambda: bool(app.query(HintPanel)))
        panel = app.query_one(HintPanel)
        assert panel.thinking and "thinking" in str(panel.render())
        await pilot.press("right")  # the table still takes keys while the search runs
        await pilot.press("enter")
        await pilot.pause()
        assert list(table.game.deal.actions) == before  # nothing played
        assert "still thinking" in str(panel.render())
        assert "Enter held: the hint is still thinking" in status_text(app)
        release.set()
        await wait_for(pilot, lambda: panel.hint is not None, limit=8000)
        suggestion = panel.hint.action if panel.hint is not None else None
        assert suggestion in table.legal_actions()
        assert table.hints_used == 1
        await pilot.pause()
        await pilot.pause()
        drawn = screen_text(app)
        # the cursor moved to the suggestion: the status line says what Enter bids now
        assert suggestion is not None and suggestion.bid is not None
        # and keeps every key that is legal (it dropped "· p: pass")
        status = status_text(app, drawn)
        assert status == f"Enter: bid {suggestion.bid} · p: pass", status
        assert not app.query_one("#middle").display  # the row stepped aside
        assert _hand_columns(app) == before_hand
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.game.deal.actions) > len(before))
        assert table.game.deal.actions[len(before)] == suggestion
        # playing it moved the position on: the hint went away
        await pilot.pause()
        assert not app.query(HintPanel)
        await settle(pilot, app)
        assert app.query_one("#middle").display and _hand_columns(app) == before_hand
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        text = str(app.screen.query_one("#stats-text", Static).render())
        assert text
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, StatsScreen))


def test_finished_deals_are_recorded_and_reviewed_from_the_summary(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # the review's replay with random in your seat, not hard (2.7 s of CPU a deal); the
    # replay itself is tested in test_coach_review
    monkeypatch.setattr(review_module, "STRONGEST", "random")
    # the deal played by the engine to South's last card (the table resumes it there):
    # the table records the whole deal all the same
    save_last_trick(tmp_path, 4)
    asyncio.run(_recorded(tmp_path))


async def _recorded(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=4, resume=True)
    # the review's own grading is tested in test_coach_review; here a quick one
    # (random's choice: what is graded does not matter here, only that a review is kept)
    app.coach.grader = lambda v: coach_hint(v, bot=make_bot("random", seed=1), worlds=8)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert isinstance(table, TableController)
        while not isinstance(app.screen, SummaryScreen):
            if table.turn == table.seat and not table.deal_over:
                app.table_screen.flow.apply_human(table.legal_actions()[0])
            await settle(pilot, app)
        h = open_history(tmp_path / HISTORY_NAME).history
        assert h is not None
        (row,) = h.deals()
        assert row.record["actions"] == [str(a) for a in table.game.deal.actions]
        assert h.games()[0].seed == table.game.seed
        h.close()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.row is not None and screen.row.id == row.id
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        # t, the table's key for the statistics, works here too (it did nothing), with
        # the deal just finished counted; Esc goes back to the summary
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        assert "Deals       │ 1" in screen_text(app)
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))


def status_text(app: Any, drawn: str | None = None) -> str:
    """The table's status line as the screen shows it (``drawn``: as for on_screen)."""
    region = app.query_one("#status").region
    lines = (drawn if drawn is not None else screen_text(app)).splitlines()
    lines = lines[region.y:region.bottom]
    return " ".join(line[region.x:region.right].strip() for line in lines)


def on_screen(app: Any, panel: HintPanel, frame: bool = False,
              drawn: str | None = None) -> str:
    """What the screen shows inside the panel (with ``frame``, its edges too, where the
    suggestion and the search's figures are written); ``drawn``: the screen's text, if
    drawn already since the last change."""
    region = panel.region if frame else panel.content_region
    lines = (drawn if drawn is not None else screen_text(app)).splitlines()
    lines = lines[region.y:region.bottom]
    return "\n".join(line[region.x:region.right] for line in lines)


def test_every_option_of_the_hint_is_visible_at_each_size(tmp_path: Path,
                                                          quick_hint: None) -> None:
    asyncio.run(_all_options(tmp_path))


def _words(text: str) -> str:
    return " ".join(text.split())


async def _all_options(tmp_path: Path) -> None:
    # each phase's hint opens at 120x40, then the screen shrinks to 80x24 (the edges of
    # the sizes the panel fits), where i closes it; the table grows again for the next
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        table = app.table
        for phase in ("auction", "trump choice", "play"):
            while table.view().phase.value != phase:
                app.table_screen.flow.apply_human(table.legal_actions()[0])
                await settle(pilot, app)
            await pilot.press("i")
            await wait_for(pilot, lambda: bool(app.query(HintPanel))
                           and app.query_one(HintPanel).hint is not None, limit=8000)
            panel = app.query_one(HintPanel)
            h = panel.hint
            assert h is not None and len(h.options) == len(table.legal_actions())
            if phase == "auction":
                assert len(h.options) >= 10  # every bid and the pass
            for size in ((120, 40), (80, 24)):
                if size != app.size:
                    await pilot.resize_terminal(*size)
                await pilot.pause()
                await pilot.pause()
                drawn = screen_text(app)
                shown = on_screen(app, panel, drawn=drawn)
                entries = HintBody(h).entries()
                assert len(entries) == len(h.options)
                for entry, _best in entries:  # each option with its numbers, as written
                    assert entry.strip() in shown, (size, entry, shown)
                # the suggestion on the panel's top edge, the search's figures on its
                # bottom edge, and first inside the whole reason (why, and what the next
                # best gives up), never the part that is cut off
                rows = drawn.splitlines()
                box = panel.region
                top, bottom = (rows[y][box.x:box.right] for y in (box.y, box.bottom - 1))
                assert top.startswith("╭─ Hint: "), (size, top)
                assert how_to_play(h.action).split()[0] in top, (size, top)
                assert f"{h.worlds} deals" in bottom, (size, bottom)
                assert _words(shown).startswith(_words(h.reason)), (size, h.reason, shown)
                # the panel is whole on the screen, not cut by the table around it
                assert isinstance(panel.parent, Widget)
                visible = panel.parent.region
                assert visible.contains_region(panel.region), (size, visible, panel.region)
                # and your own seat's line stays under it
                south = app.query_one("#seat-south")
                assert south.region.height == 1 and visible.contains_region(south.region)
            await pilot.press("i")  # i again: the hint goes, the table is whole again
            await pilot.pause()
            assert not app.query(HintPanel)
            assert app.query_one("#seat-north").display
            assert app.query_one("#middle").display
            if phase != "play":
                await pilot.resize_terminal(120, 40)
                await pilot.pause()


def test_the_review_folds_decisions_that_agree_with_the_search() -> None:
    def grade(i: int, taken: str, reason: str = AGREED, mistake: bool = False) -> Grade:
        return Grade(i, "auction", None, taken, 0, taken, 0, 0.0 if not mistake else 0.5,
                     None, mistake, reason)

    text = grades_text([grade(0, "bid 16"), grade(1, "bid 17"), grade(2, "bid 18"),
                        grade(3, "bid 24", "Auction: bid 24 gave up 0.50 game points",
                              mistake=True),
                        grade(4, "pass")]).plain
    lines = [line for line in text.splitlines() if line.startswith(("✓", "✗"))]
    assert lines == ["✓ bid 16, bid 17, bid 18: each the search's choice too",
                     "✗ Auction: bid 24 gave up 0.50 game points",
                     "✓ pass: the search's choice too"]


def test_the_review_screen_marks_the_cards_the_table_played_neither_right_nor_wrong() -> None:
    """A deal finished with f: the cards the table played for the player are listed as
    the table's, with no ✓ and no ✗."""
    from twentynine.coach.review import table_grade

    d = Deal.from_seed(3)
    while d.phase_code != PLAY_CODE or d.turn != 0:
        d.apply(d.legal_actions()[0])
    a = d.legal_actions()[-1]
    assert a.card is not None
    g = table_grade(d, a, 17)
    assert g.by_table and not g.mistake and g.trick == d.trick_no + 1
    text = grades_text([g]).plain
    assert f"· {a.card.label}: played by the table (f), not graded" in text
    assert "✓" not in text and "✗" not in text


LONGEST_REASONS = (
    # the competitive bid: the longest the auction writes (every bid and the pass shown)
    "Bid 17: with ♠ spades as trump you make 17 in 38% of the 500 deals consistent with "
    "your cards: -0.23 game points a deal. A pass leaves partner's 16, made in 63%: -0.27 "
    "for you. (♥ hearts takes more, 14.9, but makes 17 in 35%.)",
    "You must bid (no pass here): the lowest is 16. Bid 18: with ♦ diamonds as trump you "
    "make 18 in 67% of the 500 deals consistent with your cards: +0.34 game points a deal. "
    "(♠ spades takes more, 18.1, but makes 18 in 60%.)",
    "Pass: a pass leaves partner's 16, made in 50%: 0.00 for you; bid 17 is made in 35% of "
    "the 500 deals consistent with your cards: -0.29 game points a deal as bidder. (Bid "
    "21: -0.20.)",
)


def test_the_longest_auction_reasons_fit_whole_at_80x24(tmp_path: Path,
                                                         monkeypatch: Any) -> None:
    """With the longest reasons the auction's hint writes and every bid of the first turn
    to bid, nothing of the hint is cut at 80x24: the suggestion, the reason, each option,
    the points by trump and the figures (the competitive bid's reason once pushed the
    pass and the trumps out); and still nothing once Enter was held because the hint says
    pass (the line saying so once pushed the trumps out of sight).  The hint says "pass
    (press p)": Enter, which would bid the selection, is held once with the reason; a
    second Enter bids, as the player wants."""
    hard: list[Any] = []  # a hint of the position (every bid, the trumps), made once
    reasons = list(LONGEST_REASONS)  # the one the next hint gives first

    def long_reason(view: Any, **kw: Any) -> Any:
        if not hard:
            hard.append((view, _quick(view)))
        assert hard[0][0] == view  # the same position each time
        h = hard[0][1]
        passing = next(o for o in h.options if o.action == PASS)
        return replace(h, reason=reasons.pop(0), action=PASS,
                       options=(passing, *(o for o in h.options if o is not passing)))

    monkeypatch.setattr(hint_panel, "hint", long_reason)
    asyncio.run(_longest(tmp_path))
    assert not reasons  # each reason shown


async def _longest(tmp_path: Path) -> None:
    """One table: the hint asked for (and put away) once for each of the reasons."""
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, app)
        hints = []
        for _reason in LONGEST_REASONS:
            await pilot.press("a")  # refused: no pair in the auction
            assert status_text(app).startswith("Pair: "), status_text(app)
            await pilot.press("i")
            await wait_for(pilot, lambda: bool(app.query(HintPanel))
                           and app.query_one(HintPanel).hint is not None, limit=8000)
            await pilot.pause()
            await pilot.pause()
            drawn = screen_text(app)
            # the refusal is stale once the hint is in (it stayed up over "Hint: pass")
            assert status_text(app, drawn) == "Enter: bid 16 · p: pass", drawn
            panel = app.query_one(HintPanel)
            h = panel.hint
            assert h is not None and h.trumps and len(h.options) == 14
            hints.append(h)
            frame = on_screen(app, panel, frame=True, drawn=drawn)
            assert "press p" in frame, frame  # the hint's call has its own key
            assert "Hint: " in frame and f"{h.worlds} deals" in frame, frame
            shown = on_screen(app, panel, drawn=drawn)
            for entry, _best in HintBody(h).entries():
                assert entry.strip() in shown, (entry, shown)
            assert "By trump" in shown or "by trump" in shown, shown
            assert not panel.show_vertical_scrollbar, (panel.virtual_size, panel.region)
            _whole(app, panel, h, drawn)
            before = len(local_table(app).game.deal.actions)
            await pilot.press("enter")  # held: the hint says pass
            await pilot.pause()
            await pilot.pause()
            await pilot.pause()
            assert len(local_table(app).game.deal.actions) == before
            drawn = screen_text(app)
            # the line that said "Enter: bid 16" says why it did not, and what Enter does
            status = status_text(app, drawn)
            assert "the hint says pass (p)" in status and "Enter again: bid" in status, status
            assert "Enter held" in on_screen(app, panel, frame=True, drawn=drawn)
            _whole(app, panel, h, drawn)
            if len(hints) < len(LONGEST_REASONS):
                await pilot.press("i")  # put away: the next reason's hint is asked anew
                await wait_for(pilot, lambda: not app.query(HintPanel))
        await pilot.press("enter")  # Enter again: the player's own bid
        await wait_for(pilot, lambda: len(local_table(app).game.deal.actions) > before)
        assert local_table(app).game.deal.actions[before].bid is not None


def _whole(app: Any, panel: HintPanel, h: Any, drawn: str) -> None:
    """Every line of the hint is on the screen (``drawn``), whole, none scrolled out of
    sight."""
    shown = on_screen(app, panel, drawn=drawn)
    assert _words(shown).startswith(_words(h.reason)), shown
    rows = [r.rstrip() for r in shown.splitlines()]
    for line in HintBody(h).lines(panel.content_region.width)[1:]:  # the reason wraps
        assert line.plain.rstrip() in rows, (line.plain, shown)
    frame = on_screen(app, panel, frame=True, drawn=drawn)
    assert "Hint: pass" in frame and f"{h.worlds} deals" in frame, frame


def test_a_graded_decision_reads_as_one_sentence() -> None:
    """A ✓ or ~ line is its grade's reason, going on in lower case after "bid 15: " (it read
    "bid 15: Close to"), with nothing added to it: the reason says every figure the rule
    weighed (a cost appended by the screen once said "costs 0.11 game points" of a card
    the figures showed better)."""
    def grade(reason: str, loss: float) -> Grade:
        return Grade(0, "auction", None, "bid 15", 0, "pass", 0, loss, None, False, reason,
                     by="game points")

    text = grades_text([
        grade("Close to the search's choice (pass): you make 15 in 48% of the 500 deals "
              "consistent with your cards (-0.04 game points a deal as bidder); a pass "
              "counts +0.00 game points a deal: less than a mistake's 0.15 game points "
              "apart.", 0.04),
        grade("Better on the figures than the search's choice, 8♥: 93% to beat their 19, "
              "91% with 8♥", 0.11)]).plain
    lines = [line for line in text.splitlines() if line.startswith(("✓", "~"))]
    assert lines == [
        "~ bid 15: close to the search's choice (pass): you make 15 in 48% of the 500 deals "
        "consistent with your cards (-0.04 game points a deal as bidder); a pass counts "
        "+0.00 game points a deal: less than a mistake's 0.15 game points apart.",
        "✓ bid 15: better on the figures than the search's choice, 8♥: 93% to beat their "
        "19, 91% with 8♥."]
    assert "A mistake (✗): the chance to make (or beat) the contract 5 points below" in text


def test_a_close_card_says_what_it_gave_up_in_the_players_figures() -> None:
    """A card close to the search's choice says the chance and card points it gives up
    (in its reason, as a mistake's line does), and the game points only where those are
    alike, said as the search's: "8♥ ... gives up 0.08 game points" beside a mistake that
    cost "3.2 card points" read as if the smaller loss were the mistake."""
    close = Grade(3, "play", 3, "8♥", 0, "J♣", 0, 0.08, 0.9, False,
                  "Close to the search's choice, J♣: 78% to make its 18, 80% with J♣; "
                  "0.9 card points fewer.", by="close")
    lines = grades_text([close]).plain.splitlines()
    assert "~ 8♥: close to the search's choice, J♣: 78% to make its 18, 80% with J♣; 0.9 "\
        "card points fewer." in lines, lines
    same = Grade(3, "play", 3, "8♥", 0, "J♣", 0, 0.08, 0.0, False,
                 "As good as the search's choice, J♣, on the chance and the card points: "
                 "the same chance to make its 18 (80%); the search's longer look rates it "
                 "0.08 game points a deal lower, less than a mistake's 0.15.",
                 by="game points")
    line = next(ln for ln in grades_text([same]).plain.splitlines() if ln.startswith("✓"))
    assert line == ("✓ 8♥: as good as the search's choice, J♣, on the chance and the card "
                    "points: the same chance to make its 18 (80%); the search's longer look "
                    "rates it 0.08 game points a deal lower, less than a mistake's 0.15."), line
    assert "costs" not in line


def test_the_hands_of_the_review_keep_their_bar_in_one_column() -> None:
    """A ten is a cell wider than the other cards: the bar between the first four cards
    and the second four once moved with it."""
    for seed in range(3700, 3720):
        deal = Deal.from_seed(seed)
        while deal.phase_code != PLAY_CODE:
            deal.apply(deal.legal_actions()[0])
        rows = [line for line in deal_text(deal, 0).plain.splitlines()
                if "|" in line and line.startswith("  ")]
        assert len(rows) == 4 and len({row.index("|") for row in rows}) == 1, rows
        if len({len(row.split("|")[0].rstrip()) for row in rows}) > 1:
            return  # a deal whose first fours differ in width, checked
    raise AssertionError("no deal with a ten in some first four only")


def test_the_review_wraps_under_its_marks() -> None:
    """A long reason wraps under its first word, not at the left edge (the result's
    "  • Trick 2: ... more" went on at column 0 with "points (6 in all)")."""
    from rich.console import Console

    from twentynine.tui.coach.review_screen import Hanging

    reason = ("Trick 2: 9♥ gave up 0.31 game points and 1.4 card points: its 2 points "
              "went to West's trick (6 in all); K♥ was safer.")
    mistake = Grade(5, "play", 2, "9♥", 0, "K♥", 0, 0.31, 1.4, True, reason)
    text = grades_text([mistake])
    text.append(f"  • {reason}\n")
    console = Console(width=50, record=True, file=io.StringIO())
    console.print(Hanging(text))
    lines = console.export_text().splitlines()
    mark = next(i for i, line in enumerate(lines) if line.startswith("✗ Trick 2"))
    bullet = next(i for i, line in enumerate(lines) if line.startswith("  • Trick 2"))
    assert bullet > mark + 1
    assert all(line.startswith("  ") and line[2] != " " for line in lines[mark + 1:bullet])
    assert len(lines) > bullet + 1
    assert all(line.startswith("    ") and line[4] != " " for line in lines[bullet + 1:])
    assert " ".join(" ".join(lines[bullet:]).split()) == f"• {reason}"


def test_the_review_says_who_asked_for_trump() -> None:
    """The trick in which trump was shown says who asked (as the events of the deal
    say), or that it turned up by itself before the last trick."""
    from twentynine.engine.events import TrumpShown
    from twentynine.engine.records import deal_record, replay_deal
    from twentynine.tui.coach.review_screen import trick_text, trump_asker
    from twentynine.tui.wording import seat_name

    said = set()
    for seed in range(40):
        d = Deal.from_seed(seed)
        bots = [make_bot("random", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        deal, events = replay_deal(deal_record(d))
        shown = [e for e in events if isinstance(e, TrumpShown)]
        if not shown or deal.shown_trick < 0:
            continue
        asker = trump_asker(events)
        assert asker == shown[0].seat
        text = trick_text(deal, deal.shown_trick, 0, asker).plain
        if asker is None:
            assert "Trump was shown in this trick, by itself." in text
            said.add("itself")
        else:
            who = "You" if asker == 0 else seat_name(deal.rules, asker, you=False)
            assert f"Trump was shown in this trick: {who} asked for it." in text, text
            said.add("asked")
    assert said == {"itself", "asked"}


def save_card_choice(data_dir: Path, seed: int, cards: int) -> None:
    """Save (for ``make_app(..., resume=True)``) the seed's first deal at South's first
    turn in the play with at least ``cards`` legal cards, played that far by the engine."""
    save_game_record(data_dir, engine_game(
        seed, lambda g: g.view(0).phase is Phase.PLAY and g.turn == 0
        and sum(a.card is not None for a in g.legal_actions()) >= cards))


def test_a_card_that_takes_the_trick_more_often_is_explained(tmp_path: Path,
                                                            monkeypatch: Any) -> None:
    """The hint ranks the cards by game points over the whole deal, and a column gives the
    chance to take this trick: "7♥ +0.32 37% ... J♦ +0.19 96%" with no word why read as if
    the hint picked the worse card (100x30, seed 4101, the first trick).  The legend says
    the cards are best first by game points, and the reason names the card that takes the
    trick more often and what the search says it costs.  The panel's top edge says the
    suggestion Enter plays, and once the selection leaves it, what Enter plays then."""
    from twentynine.coach import hint as hint_module
    from twentynine.coach.hint import Hint, Option, action_words
    from twentynine.coach.hint_words import _play_reason

    def fake(view: Any) -> Hint:
        # the search's figures made up, the reason and the panel the hint's own
        plays = [a for a in view.legal_actions if a.card is not None]
        chosen, likelier = plays[0], plays[-1]
        opts = [Option(a, action_words(a), 0.32 - 0.05 * i, 18.0, 0.37, 3.3)
                for i, a in enumerate(plays)]
        opts[-1] = Option(likelier, action_words(likelier), 0.19, 19.5, 0.96, 3.3)
        ordered = hint_module._ordered(opts, chosen)
        return Hint(view.seat, "play", chosen, _play_reason(view, ordered),
                    ordered, 400)

    monkeypatch.setattr(hint_panel, "hint", fake)
    asyncio.run(_likelier(tmp_path))


async def _likelier(tmp_path: Path) -> None:
    save_card_choice(tmp_path, 3, cards=3)
    app = make_app(tmp_path, seed=3, resume=True)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        await pilot.press("i")
        await wait_for(pilot, lambda: bool(app.query(HintPanel))
                       and app.query_one(HintPanel).hint is not None, limit=8000)
        await settle(pilot, app)
        panel = app.query_one(HintPanel)
        h = panel.hint
        assert h is not None
        best, likelier = h.options[0], max(h.options, key=lambda o: o.trick_win or 0.0)
        assert best.worth is not None and likelier.worth is not None
        text = _words(on_screen(app, panel))
        assert (f"{likelier.words} takes this trick more often "
                f"({100 * (likelier.trick_win or 0):.0f}%), but over the whole deal the "
                f"search rates it {best.worth - likelier.worth:.2f} game points lower."
                in text), text
        assert "chance to make it" in text or "chance to beat it" in text, text
        # the top edge follows the selection (it said "Hint: J♣ · Enter plays it" after
        # the cursor had moved: Enter then played another card)
        table = local_table(app)
        assert h.action.card is not None
        top = on_screen(app, panel, frame=True).splitlines()[0]
        assert f"Hint: {h.action.card.label} · Enter plays it" in top, top
        legal = [a.card for a in table.legal_actions() if a.card is not None]
        for _ in range(8):  # move the cursor off the suggestion, onto another legal card
            await pilot.press("right")
            await pilot.pause()
            sel = app.table_screen.turn.sel_card
            if sel is not None and sel != h.action.card and sel in legal:
                break
        sel = app.table_screen.turn.sel_card
        assert sel is not None and sel != h.action.card
        top = on_screen(app, panel, frame=True).splitlines()[0]
        assert f"Enter plays {sel.label}, your selection" in top, top
        before = len(table.game.deal.actions)
        await pilot.press("enter")
        await wait_for(pilot, lambda: len(table.game.deal.actions) > before)
        assert table.game.deal.actions[before].card == sel  # what the edge said


def test_the_result_page_says_each_sides_game_points_alike() -> None:
    """"Game points this deal: your side 0" and "You -1 game point" read as two results:
    both lines give each side's game points."""
    from twentynine.coach.review import Review, _result
    from twentynine.tui.coach.review_screen import result_text

    for seed in range(60):  # a deal the other side bid and made
        d = Deal.from_seed(seed)
        bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        out = d.outcome
        if out is not None and out.thrown_in is None and out.bidder >= 0 and \
                (out.bidder & 1) == 1 and out.made:
            break
    else:
        pytest.fail("no deal made by the other side in the seeds tried")
    you = _result(d, 0)
    review = Review(0, (), you, you, ())
    text = result_text(d, review, 0).plain
    assert "Game points this deal: your side 0, the other side +1" in text, text
    assert "You               your side 0, the other side +1 game point;" in text, text
    assert "-1 game point" not in text


def test_the_pass_row_has_the_figure_the_reason_weighs_the_bids_against() -> None:
    """The pass row gives the worth of the contract a pass leaves standing (first to
    speak, nobody bidding: none, 0.00), and the reason gives the same figure, which the
    player can check in the table."""
    d = Deal.from_seed(4)
    view = d.view(d.turn)
    assert view.bidder is None
    h = coach_hint(view, bot=make_bot("medium", seed=1, time_budget=60.0), worlds=8)
    passing = h.option(PASS)
    assert passing is not None and passing.worth == 0.0
    entries = dict((e.strip().split()[0], e) for e, _best in HintBody(h).entries())
    assert entries["pass"].strip() == "pass 0.00 (no contract yet)"
    text = " ".join(line.plain for line in HintBody(h).lines(100))
    assert "a pass leaves no contract yet: 0.00" in text.lower(), text
    if h.action == PASS:
        assert text.startswith("Pass: a pass leaves no contract yet: 0.00; bid "), text
