"""Snapshot tests of the table at a fixed size and seed.

The screen is compared as text (the characters of ``App.export_screenshot``'s drawing).
Regenerate with ``UPDATE_SNAPSHOTS=1 .venv/bin/python -m pytest tests/test_tui_snapshots.py``
(that also writes an SVG beside each text file, for looking at the colours); the snapshots
follow the pinned Textual version.
"""

from __future__ import annotations

import asyncio
import os
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any

import pytest
from test_tui_look import save_south_may_ask, to_trump_shown
from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import (
    SNAPSHOTS,
    local_table,
    make_app,
    save_game_record,
    screen_text,
    settle,
    table_game,
)

from twentynine.controller.local_table import TableController
from twentynine.engine.actions import PASS, Action
from twentynine.engine.deal import Phase
from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.turn import sort_hand

Steps = Callable[[Pilot[Any], TwentyNineApp], Awaitable[None]]


async def _auction(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    await pilot.press("up", "up")


async def _playing(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    await pilot.press("2", "8", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")
    await settle(pilot, app)
    await pilot.press("right")


async def _following(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    """South following to a trick (from :func:`save_south_follows`)."""
    assert local_table(app).game.view(0).trick


def _keys_south(t: TableController) -> Action:
    """What South's keys in :func:`_summary`'s deal take: ``2 8 Enter`` bids 28, ``1
    Enter`` lays the first card as trump, each Enter plays the first card it may."""
    v, legal = t.view(), t.legal_actions()
    if v.phase is Phase.AUCTION:
        return Action.make_bid(28) if Action.make_bid(28) in legal else PASS
    if v.phase is Phase.TRUMP:
        return Action.trump_card(sort_hand(v.hand)[0])
    cards = [a.card for a in legal if a.card is not None]
    return Action.play(next(c for c in sort_hand(v.hand) if c in cards))


def save_summary_eve(data_dir: Path) -> None:
    """Save the deal South bids 28 in (seed 2, the table's bots, South's keys as in
    :func:`_keys_south`) at its last card, South to play it."""
    save_game_record(data_dir, table_game(
        2, _keys_south, lambda g: g.turn == 0 and g.view(0).phase is Phase.PLAY
        and len(g.view(0).hand) == 1))


def save_south_follows(data_dir: Path) -> None:
    """Save that deal where South first follows to a trick (the keys bid 28, lay the first
    card as trump, and Enter plays until then)."""
    save_game_record(data_dir, table_game(
        2, _keys_south, lambda g: g.turn == 0 and g.view(0).phase is Phase.PLAY
        and bool(g.view(0).trick)))


async def _summary(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    """The last card (from :func:`save_summary_eve`), then the deal's summary."""
    for _ in range(40):
        await settle(pilot, app)
        if local_table(app).game.view(0).phase.value == "deal over":
            break
        await pilot.press("enter")
    await settle(pilot, app)


async def _marker(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    await pilot.press("2", "8", "enter")
    await settle(pilot, app)
    await pilot.press("2")


async def _trump_shown(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    await to_trump_shown(pilot, app)


async def _log(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    await _following(pilot, app)
    await pilot.press("v")


Case = tuple[tuple[int, int], Rules, Steps] | tuple[tuple[int, int], Rules, Steps, int]

CASES: dict[str, Case] = {
    "auction_80x24": ((80, 24), Rules(), _auction),
    "play_100x30": ((100, 30), Rules(), _playing),
    "play_120x40": ((120, 40), Rules(), _playing),
    "play_160x50": ((160, 50), Rules(), _playing),
    "summary_100x30": ((100, 30), Rules(), _summary),
    "following_80x24": ((80, 24), Rules(), _following),
    "following_100x30": ((100, 30), Rules(), _following),
    "following_120x40": ((120, 40), Rules(), _following),
    "following_160x50": ((160, 50), Rules(), _following),
    "log_80x24": ((80, 24), Rules(), _log),
    "trump_shown_80x24": ((80, 24), Rules(), _trump_shown),
    "trump_shown_120x40": ((120, 40), Rules(), _trump_shown),
    "pagat_marker_100x30": ((100, 30), Rules.preset("pagat"), _marker),
}
"""Name: (size, rules, steps[, seed])."""


def _groups() -> dict[str, list[str]]:
    """The cases that reach one position (the same rules, steps and seed), first name
    first: the position is reached once and drawn at each size in turn, the terminal
    resized between them as a player would."""
    out: dict[tuple[object, ...], list[str]] = {}
    for name, (_size, rules, steps, *rest) in sorted(CASES.items(), key=lambda kv: kv[1][0]):
        out.setdefault((rules, steps, rest[0] if rest else 2), []).append(name)
    return {names[0].rsplit("_", 1)[0]: names for names in out.values()}


GROUPS = _groups()

SAVED: dict[str, Callable[[Path], None]] = {"trump_shown": save_south_may_ask,
                                            "summary": save_summary_eve,
                                            "following": save_south_follows,
                                            "log": save_south_follows}
"""Groups whose table resumes a game the engine saved near the moment drawn (instead of
reaching it from the keyboard, every bot move on the way drawn)."""


@pytest.mark.parametrize("group", sorted(GROUPS))
def test_snapshot(group: str, tmp_path: Path) -> None:
    names = GROUPS[group]
    _size, rules, steps, *rest = CASES[names[0]]
    seed = rest[0] if rest else 2
    update = bool(os.environ.get("UPDATE_SNAPSHOTS")) or not all(
        (SNAPSHOTS / f"{name}.txt").exists() for name in names)

    async def run() -> list[tuple[str, str]]:
        if group in SAVED:
            SAVED[group](tmp_path)
            app = make_app(tmp_path, resume=True)
        else:
            app = make_app(tmp_path, seed=seed, rules=rules)
        shots: list[tuple[str, str]] = []
        async with app.run_test(size=CASES[names[0]][0]) as pilot:
            await settle(pilot, app)
            await steps(pilot, app)
            for name in names:
                if pilot.app.size != CASES[name][0]:
                    await pilot.resize_terminal(*CASES[name][0])
                await pilot.pause()
                log = app.query_one("#log", RichLog)  # the log's scrolling is timed: settle it
                log.scroll_end(animate=False, immediate=True)
                if len(app.screen_stack) > 1:
                    log.display = False  # behind a dialog it may be drawn from an older frame
                await pilot.pause()
                await pilot.pause()
                # the SVG (for a reader of the snapshots) only when one is written
                shots.append((screen_text(app),
                              app.export_screenshot(title=name) if update else ""))
        return shots

    differ = []
    for name, (text, svg) in zip(names, asyncio.run(run()), strict=True):
        path = SNAPSHOTS / f"{name}.txt"
        if update:
            SNAPSHOTS.mkdir(exist_ok=True)
            path.write_text(text, encoding="utf-8")
            (SNAPSHOTS / f"{name}.svg").write_text(svg, encoding="utf-8")
        elif text != path.read_text(encoding="utf-8"):
            differ.append(path.name)
    if update and not os.environ.get("UPDATE_SNAPSHOTS"):
        pytest.fail(f"wrote new snapshots {names}: check them and run again")
    assert not differ, (f"the screen differs from {', '.join(differ)}; if the change is "
                        "intended, run with UPDATE_SNAPSHOTS=1")
