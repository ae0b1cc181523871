"""The tests' tables draw the whole screen at every stop (tests/conftest.py: the frames
between are not drawn unless ``TWENTYNINE_TEST_FRAMES=every``), so a widget that cannot
draw what it shows still fails the test that brought it there."""

from __future__ import annotations

from typing import Any

import pytest
from conftest import EVERY_FRAME
from textual.pilot import Pilot
from tui_support import settle

from twentynine.tui.app import TwentyNineApp
from twentynine.tui.widgets import TextPanel

Table = Any


class CannotDraw(Exception):
    pass


def test_a_widget_that_cannot_draw_fails_the_test_at_the_next_stop(table: Table) -> None:
    drawn: list[str] = []

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        panel = app.query_one("#status", TextPanel)

        def render() -> Any:
            drawn.append("status")
            raise CannotDraw("the status line cannot be drawn")

        panel.render = render  # type: ignore[method-assign]
        panel.refresh()
        await pilot.press("p")  # a move: the table draws again
        await settle(pilot, app)
        drawn.append("the test went on")

    with pytest.raises(CannotDraw):
        table(body)
    assert drawn and "the test went on" not in drawn


def test_the_frames_between_stops_are_drawn_only_when_asked(table: Table) -> None:
    """Without ``TWENTYNINE_TEST_FRAMES=every`` a move draws nothing until a stop;
    with it, the frame after the move draws the changed widgets at once."""
    renders: list[int] = []

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        panel = app.query_one("#status", TextPanel)
        real = panel.render

        def render() -> Any:
            renders.append(1)
            return real()

        panel.render = render  # type: ignore[method-assign]
        panel.refresh()
        await pilot.pause()
        await pilot.pause()
        before_stop = len(renders)
        await settle(pilot, app)
        assert renders  # the stop drew it
        assert (before_stop > 0) is EVERY_FRAME

    table(body)
