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
from test_tui_look import to_trump_shown
from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import SNAPSHOTS, make_app, screen_text, settle

from twentynine.rules import Rules
from twentynine.tui.app import TwentyNineApp

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
    await pilot.press("2", "8", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")
    for _ in range(8):
        await settle(pilot, app)
        if app.table.game.view(0).trick:
            return
        await pilot.press("enter")
    raise AssertionError("South never followed to a trick")


async def _summary(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    await pilot.press("2", "8", "enter")
    await settle(pilot, app)
    await pilot.press("1", "enter")
    for _ in range(40):
        await settle(pilot, app)
        if app.table.game.view(0).phase.value == "deal over":
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
    "trump_shown_80x24": ((80, 24), Rules(), _trump_shown, 1),
    "trump_shown_120x40": ((120, 40), Rules(), _trump_shown, 1),
    "pagat_marker_100x30": ((100, 30), Rules.preset("pagat"), _marker),
}
"""Name: (size, rules, steps[, seed])."""


@pytest.mark.parametrize("name", sorted(CASES))
def test_snapshot(name: str, tmp_path: Path) -> None:
    size, rules, steps, *rest = CASES[name]
    seed = rest[0] if rest else 2

    path = SNAPSHOTS / f"{name}.txt"
    update = bool(os.environ.get("UPDATE_SNAPSHOTS")) or not path.exists()

    async def run() -> tuple[str, str]:
        app = make_app(tmp_path, seed=seed, rules=rules)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await steps(pilot, app)
            await pilot.pause()
            log = app.query_one("#log", RichLog)  # the log's scrolling is timed: settle it
            log.scroll_end(animate=False, immediate=True)
            if len(app.screen_stack) > 1:
                log.display = False  # behind a dialog it may be drawn from an older frame
            await pilot.pause()
            await pilot.pause()
            # the SVG (for a reader of the snapshots) only when one is written
            return screen_text(app), app.export_screenshot(title=name) if update else ""

    text, svg = asyncio.run(run())
    if update:
        SNAPSHOTS.mkdir(exist_ok=True)
        path.write_text(text, encoding="utf-8")
        (SNAPSHOTS / f"{name}.svg").write_text(svg, encoding="utf-8")
        if not os.environ.get("UPDATE_SNAPSHOTS"):
            pytest.fail(f"wrote a new snapshot {path.name}: check it and run again")
    assert text == path.read_text(encoding="utf-8"), (
        f"the screen differs from {path.name}; if the change is intended, run with "
        "UPDATE_SNAPSHOTS=1")
