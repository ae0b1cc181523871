"""The table's other features: rules page, last trick, move timer, mouse, the pause after a
trick, the pagat layout.  (Game over and play again: test_tui_flow's game-over test.)"""

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
from tui_support import (
    engine_game,
    local_table,
    make_app,
    save_game_record,
    screen_text,
    settle,
    wait_calmly,
    wait_for,
)

from twentynine.coach.clock import clock_move
from twentynine.coach.phrases import positions
from twentynine.engine.actions import (
    NO_TRUMPS,
    REDEAL,
    REDOUBLE,
    SHOW_TRUMP,
    SINGLE_HAND,
    Action,
)
from twentynine.engine.deal import Phase
from twentynine.engine.events import CardPlayed, TrickWon, TrumpChosen
from twentynine.engine.game import Game
from twentynine.engine.rules import SETTINGS, Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.intro import TITLE
from twentynine.tui.pacing import SPEEDS
from twentynine.tui.screens import (
    RulesScreen,
    RulesText,
    SummaryScreen,
    TricksScreen,
    rules_markdown,
)
from twentynine.tui.widgets import HandView, SeatPanel, TrickView

ROOT = Path(__file__).resolve().parents[1]

Table = Callable[..., Any]
"""The ``table`` fixture (conftest.py): ``table(body, seed=2, ...)``."""


def test_the_packaged_rules_are_docs_rules_md() -> None:
    assert rules_markdown() == (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")


def test_the_rules_page_scrolls_with_the_keys(tmp_path: Path) -> None:
    """``?`` opens the rules (``l`` does nothing before a trick is over); up/down a line,
    PgUp/PgDn a page, Home/End the top and the bottom; the whole of docs/rules.md and the
    reference of every setting are drawn (the last setting at the bottom), as text, not
    as Markdown source; Esc closes.  With house rules they are listed during play (the
    side panel) and head the page.  At 80x24, the smallest size, with house rules (the
    longest page; the page of the standard rules, and at other sizes, is drawn by
    test_tui_intro's card test and the layout tests).  What ``l`` shows once a trick is
    over: test_l_goes_back_through_every_trick_of_the_deal."""
    rules = Rules(double=True, min_bid=15)

    async def run() -> None:
        app = make_app(tmp_path, seed=3, rules=rules)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert not app.check_action("last_trick", ())  # no trick yet
            await pilot.press("l")
            assert not isinstance(app.screen, TricksScreen)
            info = str(app.query_one("#info").render())
            assert "House rules\nBids start at 15\nDefenders may double" in info
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            source = app.screen.query_one(RulesText).source
            assert source.startswith("# This game's house rules")
            assert "| Doubling | on |" in source and "| Lowest bid | 15 |" in source
            assert "# How twentynine plays Twenty-Nine" in source  # the rules follow
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
                    for markup in ("**`", "---|", "**", "](#"):
                        assert markup not in text
            assert TITLE in screen_text(app)
            await pilot.press("escape")
            assert not isinstance(app.screen, RulesScreen)
            assert app.idle

    asyncio.run(run())


class _RaisingBot:
    """A bot that always fails."""

    name = "broken"

    def choose(self, view: object, legal: object) -> Action:
        raise RuntimeError("out of its mind")


def test_the_timer_moves_for_you_and_a_failing_bot_does_not_break_the_game(
        tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """The clock counts down in the status line and, when it runs out (not before),
    makes a move for you: the hint's choice, named.  Observed as it happens, so a slow
    machine only makes it later.  The three bots fail at every turn (they raise): a
    legal action is played for each of them, the game goes on and the faults are
    logged."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2, timer=1.0)
        for seat in (1, 2, 3):
            local_table(app).bots[seat] = _RaisingBot()
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
            # the clock's second passes: looked at calmly (not at every pause)
            await wait_calmly(pilot, lambda: bool(local_table(app).game.actions), 0.02)
            moved = time.monotonic()
            counting = [t for t, text in shown if re.match(r"\s*1s left ", text)]
            assert counting, "the clock was never shown"
            assert moved - counting[0] >= 0.9  # it ran its whole second first
            assert local_table(app).game.actions[0] == clock_move(view)
            log = " ".join(line.text.strip() for line in app.query_one("#log", RichLog).lines)
            assert "Time is up: the hint's choice was made for you: " in log
            # the failing bots: each plays the first legal action instead
            await wait_calmly(pilot, lambda: len(local_table(app).game.actions) >= 4, 0.02)
            assert app.is_running
            start.apply(local_table(app).game.actions[0])
            for action in local_table(app).game.actions[1:4]:
                assert action == start.legal_actions()[0]
                start.apply(action)

    with caplog.at_level(logging.WARNING, logger="twentynine.bots"):
        asyncio.run(run())
    faults = [r.getMessage() for r in caplog.records if r.name == "twentynine.bots"]
    assert faults and all("raised RuntimeError: out of its mind" in f for f in faults)


def test_mouse_bids_and_plays(table: Table) -> None:
    """The arrows choose the bid and nothing takes the focus; a click selects a bid, a
    second click makes it; a click on a card lays it as trump, then plays it.  (Enter
    makes the bid the arrows chose: test_tui_flow's bid tests.)"""

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        assert app.focused is None
        await pilot.press("up", "up", "right", "down")
        assert app.table_screen.turn.sel_bid == 18
        selected = [str(c.render()) for c in app.query(".chip.-selected")]
        assert selected == ["18"]
        assert app.focused is None
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
        assert app.focused is None

    table(body, seed=2)


def test_show_trump_button_follows_the_engine(table: Table, tmp_path: Path) -> None:
    """The button is enabled exactly when the engine lets you ask: from a game saved at
    a trick where South cannot follow suit (the engine played it, nobody asking before),
    it is enabled; clicked, the trump is shown, and it is disabled again."""
    save_game_record(tmp_path, engine_game(
        2, lambda g: g.turn == 0 and SHOW_TRUMP in g.legal_actions(),
        choose=lambda g: next(a for a in g.legal_actions() if a != SHOW_TRUMP)))

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        def follows() -> bool:
            legal = local_table(app).game.view(0).legal_actions
            button = app.query_one("#btn-97")
            assert button.disabled == (SHOW_TRUMP not in legal)
            assert app.table_screen.check_action("show_trump", ()) == (SHOW_TRUMP in legal)
            return SHOW_TRUMP in legal

        assert follows()
        await pilot.click(app.query_one("#btn-97"))
        await settle(pilot, app)
        assert local_table(app).game.view(0).trump_shown
        assert local_table(app).game.turn == 0  # South plays its card now
        assert not follows()

    table(body, seed=2, resume=True)


def test_every_speed_leaves_a_finished_trick_up_for_a_moment() -> None:
    for speed, (_move, trick) in SPEEDS.items():
        assert trick >= 0.6, speed


def test_a_finished_trick_stays_on_the_table_for_a_moment(tmp_path: Path) -> None:
    """The trick stays drawn, with its winner, for the speed's whole pause, and nothing
    can be played meanwhile: at the instant speed, where the bots do not pause at all
    (every speed's pause is long enough:
    test_every_speed_leaves_a_finished_trick_up_for_a_moment).  What the table shows is
    taken at the moment the pause ends (not by sleeping), so a slow machine cannot make
    it pass or fail.  The table opens
    with South to lead the first trick (the auction and the trump played by the engine)."""
    g = engine_game(2, lambda g: g.view(0).phase is Phase.PLAY and g.turn == 0)
    assert not g.view(0).tricks and not g.view(0).trick
    save_game_record(tmp_path, g)

    async def run() -> None:
        app = make_app(tmp_path, seed=2, speed="instant", pauses=True, resume=True)
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
            # Enter after the burst gap from the table's opening (a turn that begins
            # within a burst ignores it): a slow machine only makes it longer
            gap = app.table_screen.turn.burst_gap
            await settle(pilot, app)
            await asyncio.sleep(gap)
            await pilot.press("enter")
            # the trick's pause passes: looked at calmly (the hook takes the moment)
            await wait_calmly(pilot, lambda: bool(seen), 0.02)
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


def _the_games_last_trick(seed: int) -> Game:
    """A game at its last deal's last trick, South to play its last card (the engine
    plays the whole game with each seat's first legal action): the card that ends the
    game is played for you (forced), whatever the bots play after it (one card each)."""
    g = Game(seed)
    actions = []
    while not g.is_over:
        actions.append(g.legal_actions()[0])
        g.apply(actions[-1])
    last = g.view(0).number
    g = Game(seed)
    for action in actions:
        v = g.view(0)
        if v.number == last and v.phase is Phase.PLAY and g.turn == 0 and len(v.hand) == 1:
            return g
        g.apply(action)
    raise AssertionError("South never played the game's last trick")


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


def test_optional_rule_actions_are_keys_and_buttons(table: Table) -> None:
    """With the optional rules on: a redeal from the keyboard (the hand is thrown in, the
    next deal is dealt by the next dealer); then, in that deal, no trumps, a redouble and
    a single hand are keys and buttons too."""

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
        assert Action.make_bid(28) in local_table(app).game.view(0).legal_actions
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

    table(body, seed=10,
          rules=Rules(no_trumps=True, double=True, single_hand=True, redeal=True))


def test_l_goes_back_through_every_trick_of_the_deal(table: Callable[..., Any],
                                                     tmp_path: Path) -> None:
    """``l`` showed only the last trick: it opens on the last one, ← and → go through
    every finished trick of the deal (each with its own cards, leader and winner), held
    at the first and the last; Esc closes.  Before it, at the table, the arrows choose
    among the legal cards (South has several here) and nothing takes the focus."""
    from tui_support import save_last_trick

    save_last_trick(tmp_path, 2, cards=4)  # three or four tricks are over

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        legal = local_table(app).game.view(0).legal_actions
        hand = app.query_one(HandView).cards
        legal_cards = [c for c in hand if any(a.card == c for a in legal)]
        assert len(legal_cards) > 1
        assert app.table_screen.turn.sel_card == legal_cards[0]
        await pilot.press("right")
        assert app.table_screen.turn.sel_card == legal_cards[1]
        await pilot.press("left", "left")
        assert app.table_screen.turn.sel_card == legal_cards[-1]
        assert app.focused is None
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
