"""At 80x24 and 120x40 no label wraps or is cut (the footer's
keys included: help and quit always there), the log rewraps when the window changes size
and can be read at 80x24, and from 120x40 the cards are drawn large with the hand centred
under the trick."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from layout_support import footer_keys, misfits
from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import (
    engine_game,
    local_table,
    make_app,
    save_game_record,
    screen_text,
    settle,
)

from twentynine.controller import saves
from twentynine.engine.actions import PAIR, PASS, SHOW_TRUMP, Action
from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import SummaryScreen
from twentynine.tui.widgets import HandView, TrickView

SIZES = [(80, 24), (120, 40)]
"""The edges: the smallest table, and the smallest with the large cards (100x30, the
default size, is drawn in the snapshots and in most of the table's tests)."""


async def _one_deal(pilot: Pilot[Any], app: TwentyNineApp, bid: bool,
                    problems: list[str]) -> None:
    """Play one deal from the keyboard (bidding 28 if ``bid``, else passing; asking for
    trump whenever allowed), collecting the misfits at every stop."""
    for _ in range(200):
        await settle(pilot, app)
        problems.extend(p for p in misfits(app) if p not in problems)
        if isinstance(app.screen, SummaryScreen):
            return
        keys = footer_keys(app)
        for always in ("? help", "q quit"):
            if always not in keys:
                problems.append(f"Footer: {always!r} missing from {keys}")
        n = len(local_table(app).game.view(0).hand)  # the real range of card keys, at every phase
        for key in keys:
            if key.endswith(" card") and key != (f"1-{n} card" if n > 1 else "1 card"):
                problems.append(f"Footer: {key!r} with {n} cards")
        v = local_table(app).game.view(0)
        legal = v.legal_actions
        if v.phase is Phase.AUCTION:
            if (bid and not v.bids) or (bid and all(b is None for _, b in v.bids)):
                await pilot.press("2", "8", "enter")
            else:
                await pilot.press("p" if PASS in legal else "enter")
        elif v.phase is Phase.PLAY and SHOW_TRUMP in legal:
            await pilot.press("s")
        elif v.phase is not Phase.PLAY and v.phase is not Phase.TRUMP and PASS in legal:
            await pilot.press("p")
        else:
            await pilot.press("enter")
    raise AssertionError("the deal did not end")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_no_label_wraps_or_is_cut(size: tuple[int, int], tmp_path: Path) -> None:
    """A deal you bid (the face-down trump in front of you), a deal a bot bids (its
    face-down trump, the trump banner when you ask), and, at the smallest size, Pagat's
    marker choice (its row of four suits spans the window: 40 columns more at 120x40
    only add room; the large cards, the other difference there, the two deals before it
    show)."""

    deals = [(2, Rules(), True), (1, Rules(), False)]
    if size == SIZES[0]:
        deals.append((2, Rules.preset("pagat"), True))

    async def run() -> list[str]:
        problems: list[str] = []
        for seed, rules, bid in deals:
            app = make_app(tmp_path / f"{seed}{rules.direction}", seed=seed, rules=rules)
            async with app.run_test(size=size) as pilot:
                await _one_deal(pilot, app, bid, problems)
        return problems

    assert asyncio.run(run()) == []


def words(lines: list[str]) -> list[str]:
    """The words of the log's lines, without a rule's dashes."""
    return [w for w in " ".join(lines).split() if w.strip("─")]


def test_the_log_rewraps_when_the_window_changes_size(tmp_path: Path) -> None:
    """Lines written while the window was wide are wrapped again when it narrows (none
    is cut), and drawn as before when it grows back."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(160, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            await pilot.press("1", "enter")
            await settle(pilot, app)
            log = app.query_one("#log", RichLog)
            wide = [line.text.rstrip() for line in log.lines]
            assert "You won the auction at 28" in wide
            await pilot.resize_terminal(80, 30)
            await pilot.pause()
            await pilot.pause()
            narrow = [line.text.rstrip() for line in log.lines]
            width = log.scrollable_content_region.width
            assert max(len(ln) for ln in narrow) <= width
            assert len(narrow) > len(wide)
            # nothing lost (the rule before each deal spans the log: only its length
            # changes)
            assert words(narrow) == words(wide)
            await pilot.resize_terminal(160, 30)
            await pilot.pause()
            await pilot.pause()
            assert [line.text.rstrip() for line in log.lines] == wide

    asyncio.run(run())


def test_the_log_can_be_read_at_80x24(tmp_path: Path) -> None:
    """At 80x24 the side panel shows the contract; ``v`` swaps it for the log and back."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            log = app.query_one("#log", RichLog)
            assert not log.display and "You bid 28" not in screen_text(app)
            await pilot.press("v")
            await pilot.pause()
            assert log.display and log.region.height >= 8
            assert "You bid 28" in screen_text(app)
            assert not app.query_one("#info").display
            await pilot.press("v")
            await pilot.pause()
            assert not log.display and app.query_one("#info").display

    asyncio.run(run())


def test_a_short_log_has_no_scrollbar(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            log = app.query_one("#log", RichLog)
            assert log.virtual_size.height <= log.size.height
            assert not log.show_vertical_scrollbar and not log.show_horizontal_scrollbar

    asyncio.run(run())


@pytest.mark.parametrize("size", [(120, 40), (160, 50)], ids=["120x40", "160x50"])
def test_large_cards_and_the_hand_centred_under_the_trick(size: tuple[int, int],
                                                         tmp_path: Path) -> None:
    """From 120x40 each card is several lines tall with rank and suit in two corners;
    the hand's middle is under the trick's middle (a game saved by the engine where
    South, who bid 28, follows to a trick, its trump laid face down)."""
    bid = Action.make_bid(28)
    save_game_record(tmp_path, engine_game(
        2, lambda g: g.turn == 0 and bool(g.view(0).trick) and g.view(0).phase is Phase.PLAY,
        choose=lambda g: bid if g.turn == 0 and bid in g.legal_actions() else (
            PASS if PASS in g.legal_actions() else g.legal_actions()[0])))

    async def run() -> None:
        app = make_app(tmp_path, seed=2, resume=True)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            hand = app.query_one(HandView)
            trick = app.query_one(TrickView)
            lines = hand.render().plain.split("\n")
            first = hand.cards[0].label
            # rank and suit top left and bottom right of the first card
            top = next(i for i, ln in enumerate(lines) if first in ln)
            bottom = max(i for i, ln in enumerate(lines) if first in ln)
            assert bottom - top >= 2
            assert lines[bottom].rstrip().endswith(first + "│") or \
                lines[bottom].index(first) > lines[top].index(first)
            # the hand's own cards (the face-down trump card lies beside them)
            columns = range(hand.content_region.width)
            left = min(x for x in columns if hand.index_at(x) == 0)
            right = max(x for x in columns if hand.index_at(x) == len(hand.cards) - 1)
            assert lines[1][left:right + 1].strip() or lines[2][left:right + 1].strip()
            hand_mid = hand.content_region.x + (left + right + 1) / 2
            trick_mid = trick.content_region.x + trick.content_region.width / 2
            assert abs(hand_mid - trick_mid) <= 2
            # the trick's cards are large too
            assert local_table(app).game.view(0).trick
            text = trick.render().plain.split("\n")
            assert sum("╭" in ln for ln in text) >= 1
            box = next(i for i, ln in enumerate(text) if "╭" in ln)
            end = next(i for i, ln in enumerate(text) if "╰" in ln and i > box)
            assert end - box >= 4

    asyncio.run(run())


def _with_a_pair(seed_from: int = 0) -> Game:
    """A game in play just after a pair was declared (bots' first choices otherwise)."""
    for seed in range(seed_from, seed_from + 200):
        g = Game(seed)
        while not g.is_over and g.view(0).phase is not Phase.DEAL_OVER:
            legal = g.legal_actions()
            if PAIR in legal:
                g.apply(PAIR)
                if g.view(0).phase is Phase.PLAY:
                    return g
                break
            g.apply(SHOW_TRUMP if SHOW_TRUMP in legal else legal[-1])
    raise AssertionError("no pair found")


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_a_declared_pair_fits_the_contract_panel(size: tuple[int, int],
                                                 tmp_path: Path) -> None:
    g = _with_a_pair()
    saves.save_game(g, saves.save_path(tmp_path))

    async def run() -> list[str]:
        app = make_app(tmp_path, resume=True)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            assert local_table(app).game.view(0).pair_seat is not None
            assert "Pair" in str(app.query_one("#info").render())
            return misfits(app)

    assert asyncio.run(run()) == []


@pytest.mark.parametrize("size", [(60, 20), (79, 24), (80, 23)])
def test_below_80x24_only_the_notice_shows_and_the_turn_waits(table: Any,
                                                             size: tuple[int, int]) -> None:
    """Below 80x24 East's panel and the trick were clipped under a size notice: now the
    screen holds the notice alone (no table, no footer), your turn waits (no key plays),
    and at 80x24 the table is back whole.  The smallest size and one short of 80x24 in
    each direction."""

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        text = screen_text(app)
        assert "needs a terminal of at least 80 x 24" in " ".join(text.split()), text
        assert f"this one is {size[0]} x {size[1]}" in " ".join(text.split())
        for word in ("East", "West", "North", "Deal 1", "Auction", "quit"):
            assert word not in text.replace("q quits", ""), (word, text)
        assert app.table_screen.human_legal() == []
        before = len(app.table.actions)
        await pilot.press("enter", "p")
        await pilot.pause()
        assert len(app.table.actions) == before
        await pilot.resize_terminal(80, 24)
        await settle(pilot, app)
        text = screen_text(app)
        assert "needs a terminal" not in text
        assert all(w in text for w in ("East", "West", "North", "Deal 1")), text
        assert app.table_screen.human_legal()

    table(body, size=size)


def test_the_side_panel_fits_again_when_the_window_grows(tmp_path: Path) -> None:
    """The side panel fits the contract, the auction and the house rules into the rows
    its column has; a window made taller gives it more, and it uses them at once (it drew
    15 of its 18 lines after 80x24 became 100x30, the last rules cut)."""

    async def run() -> list[str]:
        app = make_app(tmp_path, seed=2, rules=Rules.preset("pagat"))
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.resize_terminal(100, 30)
            await settle(pilot, app)
            await pilot.pause()
            return misfits(app)

    assert asyncio.run(run()) == []
