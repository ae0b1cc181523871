"""The statistics screen: every game in the history, counted by
:mod:`twentynine.coach.stats` and laid out as tables."""

from __future__ import annotations

from typing import ClassVar

from rich.console import RenderableType
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, Static

from ...coach.stats import Stats
from ..stats_table import stats_renderable
from .review_screen import COACH_CSS


class StatsScreen(ModalScreen[None]):
    """The statistics of every game in the history (the same as ``twentynine stats``)."""

    DEFAULT_CSS = COACH_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("t", "close", "close", show=False),
        Binding("q", "close", "close", show=False),
    ]

    def __init__(self, stats: Stats | None, message: str | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static("Your statistics", id="stats-title")
            with VerticalScroll(id="stats-body"):  # the screen's title is the only one
                body: RenderableType = (stats_renderable(self.stats, title=None)
                                        if self.stats is not None
                                        else Text(self.message or "No history."))
                yield Static(body, id="stats-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


# --------------------------------------------------------------------------- hints
