"""The table's other features: rules page, last trick, move timer, mouse, the pause after a
trick, game over and play again, the pagat layout."""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from textual.containers import VerticalScroll
from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import local_table, make_app, screen_text, settle, wait_for

from twentynine.coach.clock import clock_move
from twentynine.coach.phrases import positions
from twentynine.engine.actions import (
    NO_TRUMPS,
    PASS,
    REDEAL,
    REDOUBLE,
    SHOW_TRUMP,
    SINGLE_HAND,
    Action,
)
from twentynine.engine.deal import Phase
from twentynine.engine.events import CardPlayed, GameOver, TrickWon, TrumpChosen
from twentynine.engine.game import Game
from twentynine.engine.records import dumps, game_record
from twentynine.engine.rules import SETTINGS, Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.intro import TITLE
from twentynine.tui.pacing import SPEEDS
from twentynine.tui.screens import (
    GameOverScreen,
    RulesScreen,
    RulesText,
    SummaryScreen,
    TricksScreen,
    rules_markdown,
)
from twentynine.tui.turn import sort_hand
from twentynine.tui.widgets import HandView, SeatPanel, TrickView

ROOT = Path(__file__).resolve().parents[1]

Table = Callable[..., Any]
"""The ``table`` fixture (conftest.py): ``table(body, seed=2, ...)``."""


def test_the_packaged_rules_are_docs_rules_md() -> None:
    assert rules_markdown() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_rules_page_and_last_trick(table: Table) -> None:
    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        assert not app.check_action("last_trick", ())  # no trick yet
        await pilot.press("question_mark")
        await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
        md = app.screen.query_one(RulesText)
        assert md.source.startswith("# How twentynine plays Twenty-Nine")
        await pilot.press("escape")
        assert not isinstance(app.screen, RulesScreen)
        await pilot.press("2", "8", "enter")
        await settle(pilot, app)
        await pilot.press("1", "enter")
        await settle(pilot, app)
        await pilot.press("enter")  # lead the first trick
        await settle(pilot, app)
        tricks = [e for e in app.table.events if isinstance(e, TrickWon)]
        assert tricks
        await pilot.press("l")
        assert isinstance(app.screen, TricksScreen)
        text = screen_text(app)
        for _seat, card in tricks[-1].cards:
            assert card.label in text
        assert "Trick 1" in text
        await pilot.press("escape")
        assert not isinstance(app.screen, TricksScreen)
        assert app.idle

    table(body, seed=2)


@pytest.mark.parametrize("size", [(80, 24), (100, 30)])
def test_the_rules_page_scrolls_with_the_keys(tmp_path: Path, size: tuple[int, int]) -> None:
    """up/down a line, PgUp/PgDn a page, Home/End the top and the bottom; the whole of
    docs/rules.md and the reference of every setting are drawn (the last setting at the
    bottom), as text, not as Markdown source."""

    async def run() -> None:
        app = make_app(tmp_path, seed=3)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            scroll = app.screen.query_one("#rules-scroll", VerticalScroll)
            assert app.screen.focused is scroll
            page = scroll.scrollable_content_region.height
            assert scroll.max_scroll_y > 10 * page  # the full rules are in it
            bottom = scroll.max_scroll_y
            for key, y in [("down", 1), ("down", 2), ("up", 1), ("pagedown", 1 + page),
                           ("pagedown", 1 + 2 * page), ("pageup", 1 + page),
                           ("end", bottom), ("up", bottom - 1), ("home", 0)]:
                await pilot.press(key)
                await pilot.pause()
                assert scroll.scroll_y == y, key
                if key == "end":
                    text = screen_text(app)
                    # the reference of every setting ends the page: its last example
                    assert SETTINGS[-1].example.split()[-1] in text.split()
                    for source in ("**`", "---|", "**", "](#"):
                        assert source not in text
            assert TITLE in screen_text(app)

    asyncio.run(run())


def test_the_timer_moves_for_you(tmp_path: Path) -> None:
    """The clock counts down in the status line and, when it runs out (not before),
    makes a move for you: the hint's choice, named.  Observed as it happens, so a slow
    machine only makes it later."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2, timer=1.0)
        start = Game(2, app.table.rules)
        assert start.turn == 0  # South speaks first: the clock's move is the first action
        view = start.view(0)
        shown: list[tuple[float, str]] = []
        refresh = app.table_screen.refresh_status

        def watch() -> None:
            refresh()
            shown.append((time.monotonic(), str(app.query_one("#status").render())))

        app.table_screen.refresh_status = watch  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: bool(local_table(app).game.actions), limit=100000)
            moved = time.monotonic()
            counting = [t for t, text in shown if re.match(r"\s*1s left ", text)]
            assert counting, "the clock was never shown"
            assert moved - counting[0] >= 0.9  # it ran its whole second first
            assert local_table(app).game.actions[0] == clock_move(view)
            log = " ".join(line.text.strip() for line in app.query_one("#log", RichLog).lines)
            assert "Time is up: the hint's choice was made for you: " in log

    asyncio.run(run())


def test_mouse_bids_and_plays(table: Table) -> None:
    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        chips = list(app.query(".chip"))
        assert str(chips[-1].render()) == "28"
        await pilot.click(chips[-1])  # a click selects the bid, it does not make it
        await settle(pilot, app)
        assert local_table(app).game.actions == [] and app.table_screen.turn.sel_bid == 28
        assert "bid 28" in str(app.query_one("#status").render())
        await pilot.click(list(app.query(".chip"))[-1])  # the second click bids
        await settle(pilot, app)
        assert local_table(app).game.actions[0] == Action.make_bid(28)
        hand = app.query_one(HandView)
        first = hand.cards[0]
        await pilot.click(hand, offset=(hand.card_x(0) + 2, 3))  # lays it as trump
        await settle(pilot, app)
        assert local_table(app).game.actions[4] == Action.trump_card(first)
        hand = app.query_one(HandView)
        legal = local_table(app).game.view(0).legal_actions
        idx = next(i for i, c in enumerate(hand.cards) if Action.play(c) in legal)
        card = hand.cards[idx]
        await pilot.click(hand, offset=(hand.card_x(idx) + 2, 3))
        await settle(pilot, app)
        assert any(isinstance(e, CardPlayed) and e.seat == 0 and e.card == card
                   for e in app.table.events)

    table(body, seed=2)


def test_show_trump_button_follows_the_engine(table: Table) -> None:
    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        await pilot.press("2", "8", "enter")
        await settle(pilot, app)
        await pilot.press("1", "enter")
        for _ in range(8):
            await settle(pilot, app)
            legal = local_table(app).game.view(0).legal_actions
            button = app.query_one("#btn-97")
            assert button.disabled == (SHOW_TRUMP not in legal)
            assert app.table_screen.check_action("show_trump", ()) == (SHOW_TRUMP in legal)
            if SHOW_TRUMP in legal:
                await pilot.click(button)
                await settle(pilot, app)
                assert local_table(app).game.view(0).trump_shown
                return
            idx = next(i for i, c in enumerate(sort_hand(local_table(app).game.view(0).hand))
                       if Action.play(c) in legal)
            await pilot.press(str(idx + 1), "enter")
        raise AssertionError("seed 2 lets South ask for trump")

    table(body, seed=2)


def test_every_speed_leaves_a_finished_trick_up_for_a_moment() -> None:
    for speed, (_move, trick) in SPEEDS.items():
        assert trick >= 0.6, speed


@pytest.mark.parametrize("speed", ["instant", "fast"])
def test_a_finished_trick_stays_on_the_table_for_a_moment(tmp_path: Path, speed: str) -> None:
    """The trick stays drawn, with its winner, for the speed's whole pause, and nothing
    can be played meanwhile.  What the table shows is taken at the moment the pause ends
    (not by sleeping), so a slow machine cannot make it pass or fail."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2, speed=speed, pauses=True)
        won_at: list[float] = []
        app.table.add_listener(lambda events: won_at.extend(
            time.monotonic() for e in events if isinstance(e, TrickWon)))
        seen: list[tuple[float, str, bool | None, bool]] = []
        gather = app.table_screen.flow.gather

        def watch() -> None:
            screen = app.table_screen
            seen.append((time.monotonic(), str(app.query_one(TrickView).render()),
                         screen.check_action("confirm", ()), screen.flow.gathering))
            gather()

        app.table_screen.flow.gather = watch  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            # each Enter after the last burst of Enter is over (a turn that begins within
            # a burst ignores it): a pause of at least the gap, so a slow machine only
            # makes it longer
            gap = app.table_screen.turn.burst_gap
            await settle(pilot, app)
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            await asyncio.sleep(gap)
            await pilot.press("1", "enter")
            await settle(pilot, app)
            await asyncio.sleep(gap)
            await pilot.press("enter")
            await wait_for(pilot, lambda: bool(seen), limit=100000)
            when, text, confirm, gathering = seen[0]
            assert when - won_at[0] >= app.table_screen.pace.trick_delay - 0.02
            won = next(e for e in app.table.events if isinstance(e, TrickWon))
            for _seat, card in won.cards:
                assert card.label in text
            assert "won trick 1" in text
            assert gathering and not confirm  # nothing to do while it shows
            await settle(pilot, app)
            assert not app.table_screen.flow.gathering and "won trick 1" not in str(
                app.query_one(TrickView).render())

    asyncio.run(run())


def _near_the_end(seed: int) -> Game:
    """A game whose next deal can end it (a team at +5 or -5), at that deal's start."""
    g = Game(seed)
    while True:
        g.apply(g.legal_actions()[0])
        if max(abs(s) for s in g.scores) == 5 and g.view(0).phase is Phase.DEAL_OVER:
            g.apply(g.legal_actions()[0])
            return g


def test_game_over_and_play_again(tmp_path: Path) -> None:
    g = _near_the_end(1)
    (tmp_path / "save.json").write_text(dumps(game_record(g)))

    async def run() -> None:
        app = make_app(tmp_path, seed=1, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            for _ in range(20):
                await settle(pilot, app)
                if isinstance(app.screen, GameOverScreen):
                    break
                if isinstance(app.screen, SummaryScreen):
                    await pilot.press("enter")
                    continue
                legal = local_table(app).game.view(0).legal_actions
                if PASS in legal:
                    await pilot.press("p")
                else:
                    for _ in range(12):
                        await settle(pilot, app)
                        if (local_table(app).game.view(0).phase is not Phase.PLAY
                                or app.modal_open()):
                            break
                        await pilot.press("enter" if any(
                            a.card for a in local_table(app).game.view(0).legal_actions) else "s")
            assert isinstance(app.screen, GameOverScreen)
            over = next(e for e in app.table.events if isinstance(e, GameOver))
            text = screen_text(app)
            assert ("You and North win!" if over.winner == 0 else "East and West win.") in text
            assert not (tmp_path / "save.json").exists()  # a finished game is not kept
            await pilot.press("n")
            await settle(pilot, app)
            assert not local_table(app).game.is_over and local_table(app).game.view(0).number == 1
            assert "Deal 1" in screen_text(app)

    asyncio.run(run())


def test_pagat_puts_the_next_player_on_the_left(tmp_path: Path) -> None:
    assert positions(Rules.preset("pagat"))[1] == "west"
    assert positions(Rules())[1] == "east"

    async def run() -> None:
        app = make_app(tmp_path, seed=2, rules=Rules.preset("pagat"))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert app.query_one("#seat-west", SeatPanel).seat == 1
            assert app.query_one("#seat-east", SeatPanel).seat == 3
            assert "dealer East" in screen_text(app)  # seat 3 deals first

    asyncio.run(run())


def test_arrow_keys_choose_and_nothing_steals_the_focus(table: Table) -> None:
    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        assert app.focused is None
        await pilot.press("up", "up", "right", "down")
        assert app.table_screen.turn.sel_bid == 18
        selected = [str(c.render()) for c in app.query(".chip.-selected")]
        assert selected == ["18"]
        await pilot.press("enter")
        await settle(pilot, app)
        assert Action.make_bid(18) in local_table(app).game.actions
        while local_table(app).game.view(0).phase is Phase.AUCTION:
            legal = local_table(app).game.view(0).legal_actions
            await pilot.press("p" if PASS in legal else "enter")
            await settle(pilot, app)
        for _ in range(40):
            await settle(pilot, app)
            legal = local_table(app).game.view(0).legal_actions
            if sum(1 for a in legal if a.card is not None) > 1:
                break
            await pilot.press("enter" if any(a.card for a in legal) else "p")
        hand = app.query_one(HandView).cards
        legal_cards = [c for c in hand if any(a.card == c for a in legal)]
        assert app.table_screen.turn.sel_card == legal_cards[0]
        await pilot.press("right")
        assert app.table_screen.turn.sel_card == legal_cards[1]
        await pilot.press("left", "left")
        assert app.table_screen.turn.sel_card == legal_cards[-1]
        assert app.focused is None

    table(body, seed=2)


def test_optional_rule_actions_are_keys_and_buttons(tmp_path: Path) -> None:
    rules = Rules(no_trumps=True, double=True, single_hand=True)

    async def run() -> None:
        app = make_app(tmp_path, seed=3, rules=rules)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            assert NO_TRUMPS in local_table(app).game.view(0).legal_actions
            assert app.query_one(f"#btn-{NO_TRUMPS.code}").display
            assert "no trumps" in screen_text(app)  # the footer lists the key
            await pilot.press("n")
            await settle(pilot, app)
            assert any(isinstance(e, TrumpChosen) and e.no_trumps for e in app.table.events)
            for _ in range(10):
                v = local_table(app).game.view(0)
                if v.phase is Phase.PLAY:
                    break
                if REDOUBLE in v.legal_actions:
                    assert "redouble" in screen_text(app)
                    await pilot.press("d")
                elif SINGLE_HAND in v.legal_actions:
                    assert app.query_one(f"#btn-{SINGLE_HAND.code}").display
                    assert "single hand" in str(app.query_one("#status").render()).lower()
                    await pilot.press("p")
                await settle(pilot, app)
            assert local_table(app).game.view(0).phase is Phase.PLAY
            assert "no trumps" in str(app.query_one("#info").render())

    asyncio.run(run())


def test_a_redeal_from_the_keyboard(table: Table) -> None:
    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        assert REDEAL in local_table(app).game.view(0).legal_actions
        assert app.query_one(f"#btn-{REDEAL.code}").display
        await pilot.press("e")
        await settle(pilot, app)
        assert isinstance(app.screen, SummaryScreen)
        assert "thrown in" in str(app.screen.query_one("#sum-result").render())
        await pilot.press("enter")
        await settle(pilot, app)
        assert (local_table(app).game.view(0).number == 2
                and local_table(app).game.view(0).dealer == 3)

    table(body, seed=10, rules=Rules(redeal=True))


def test_house_rules_are_listed_during_play_and_on_the_rules_page(tmp_path: Path) -> None:
    rules = Rules(double=True, min_bid=15)

    async def run() -> None:
        app = make_app(tmp_path, seed=2, rules=rules)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            info = str(app.query_one("#info").render())
            assert "House rules\nBids start at 15\nDefenders may double" in info
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            source = app.screen.query_one(RulesText).source
            assert source.startswith("# This game's house rules")
            assert "| Doubling | on |" in source and "| Lowest bid | 15 |" in source

    asyncio.run(run())


class _RaisingBot:
    """A bot that always fails."""

    name = "broken"

    def choose(self, view: object, legal: object) -> Action:
        raise RuntimeError("out of its mind")


def test_a_failing_bot_does_not_break_the_game(tmp_path: Path,
                                               caplog: pytest.LogCaptureFixture) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            for seat in (1, 2, 3):
                local_table(app).bots[seat] = _RaisingBot()
            await settle(pilot, app)
            await pilot.press("p")
            # the three bots fail at every turn; a legal action is played for each of them
            await wait_for(pilot, lambda: len(local_table(app).game.actions) >= 4, limit=100000)
            assert app.is_running
            assert local_table(app).game.actions[1:4] == [Action.make_bid(16), Action.make_bid(17),
                                             Action.make_bid(18)]
    with caplog.at_level(logging.WARNING, logger="twentynine.bots"):
        asyncio.run(run())
    faults = [r.getMessage() for r in caplog.records if r.name == "twentynine.bots"]
    assert faults and all("raised RuntimeError: out of its mind" in f for f in faults)


def test_l_goes_back_through_every_trick_of_the_deal(table: Callable[..., Any],
                                                     tmp_path: Path) -> None:
    """``l`` showed only the last trick: it opens on the last one, ← and → go through
    every finished trick of the deal (each with its own cards, leader and winner), held
    at the first and the last; Esc closes."""
    from tui_support import save_last_trick

    save_last_trick(tmp_path, 2, cards=4)  # three or four tricks are over

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        tricks = app.table.view().tricks
        last = len(tricks)
        assert last >= 3
        await pilot.press("l")
        await pilot.pause()
        assert isinstance(app.screen, TricksScreen)

        def shows(n: int) -> None:
            text = screen_text(app)
            assert f"Trick {n} of {last}" in text, text
            for _seat, card in tricks[n - 1].cards:
                assert card.label in text
            assert any(c.label not in text for t in tricks if t is not tricks[n - 1]
                       for _s, c in t.cards)

        shows(last)
        await pilot.press("right")  # held at the last
        await pilot.pause()
        shows(last)
        for n in (*range(last - 1, 0, -1), 1):  # back to the first, and held there
            await pilot.press("left")
            await pilot.pause()
            shows(n)
        await pilot.press("right")
        await pilot.pause()
        shows(2)
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, TricksScreen) and app.idle

    table(body, seed=2, resume=True)
