"""Headless tables that skip drawing the frames nobody sees (``tests/conftest.py``'s
docstring says why); the table benchmark (``benchmarks/table_moves.py``) measures moves
the same way."""

from __future__ import annotations

from typing import Any


def skip_unseen_frames() -> None:
    """A headless app's screen does what a frame would do, but draw it (App._display drops
    a headless app's frames anyway).  Another Textual, without the method: every frame is
    drawn."""
    from textual.screen import Screen

    draw = getattr(Screen, "_compositor_refresh", None)
    if draw is None:
        return

    def compositor_refresh(self: Screen[Any]) -> None:
        app = self.app
        if app.is_headless and not app.is_inline and self is app.screen:
            self._dirty_widgets.clear()
            self._compositor._dirty_regions.clear()
            app._update_mouse_over(self)
            return
        draw(self)

    Screen._compositor_refresh = compositor_refresh  # type: ignore[method-assign]
