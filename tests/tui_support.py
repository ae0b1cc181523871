"""Shared helpers for the table's Pilot tests."""

from __future__ import annotations

import io
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich.console import Console
from textual.pilot import Pilot

from twentynine.rules import Rules
from twentynine.tui.app import TwentyNineApp

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

SNAPSHOTS = Path(__file__).parent / "snapshots"


def make_app(tmp_path: Path, seed: int = 2, rules: Rules | None = None, **kw: Any
             ) -> TwentyNineApp:
    """A table with random bots at instant speed, saving under ``tmp_path``."""
    kw.setdefault("bots", "random")
    kw.setdefault("speed", "instant")
    return TwentyNineApp(rules or Rules(), seed=seed, data_dir=tmp_path, **kw)


def screen_text(app: TwentyNineApp) -> str:
    """The screen as plain text (what export_screenshot draws, without the SVG)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    render = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True)
    console.print(render)
    lines = console.export_text().splitlines()
    return "\n".join(line.rstrip() for line in lines) + "\n"


async def wait_for(pilot: Pilot[Any], cond: Callable[[], bool], limit: int = 2000) -> None:
    """Let the app run until ``cond()`` holds (bounded)."""
    for _ in range(limit):
        if cond():
            return
        await pilot.pause()
    raise AssertionError("the table did not reach the expected state")


async def settle(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    """Wait until the human must act, a dialog is open or the game is over."""
    await pilot.pause()
    await wait_for(pilot, lambda: app.idle)
    await pilot.pause()
