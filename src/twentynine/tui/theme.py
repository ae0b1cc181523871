"""The table's colours: one palette for the .tcss files (as ``$variables`` of the
Textual theme) and for the Rich styles the widgets draw with.

Every text colour here reaches a WCAG AA contrast of 4.5:1 on each background it is
drawn on (tests/test_tui_contrast.py measures the colours the app really draws).  Card
faces use a darker red than the felt does, because a red bright enough to read on dark
green is too pale on a light card.
"""

from __future__ import annotations

from typing import Any, ClassVar

from textual.app import App
from textual.css.model import RuleSet
from textual.css.stylesheet import Stylesheet
from textual.theme import Theme

# the felt (backgrounds, darkest last)
FELT = "#0f3d2e"
"""The table."""
FELT_HAND = "#0c3527"
"""The row with your hand."""
FELT_SIDE = "#0b3326"
"""The side panel, the log and the dialogs."""
FELT_BAR = "#0a2a20"
"""The score bar and the controls line."""
FELT_TURN = "#175140"
"""The seat whose turn it is; an unselected choice chip."""
FELT_HOVER = "#1f5e4a"
"""A choice chip under the mouse."""
LINE = "#5a9c82"
"""Separators and the scrollbar."""

# ink on the felt
INK = "#e8e8e8"
INK_SOFT = "#b8c9c0"
"""The log and notes: quieter than INK, still AA on every felt colour."""
GOLD = "#ffca28"
"""Turn marker, the bidder, a won trick, dialog titles."""
SKY = "#4fc3f7"
"""The dealer."""
HIDDEN = "#b0b8f0"
"""The face-down trump and the hidden trump suit."""
CORAL = "#ffab91"
"""A doubled contract, notes in dialogs."""
RED_ON_FELT = "#ff9e94"
"""Hearts and diamonds written on the felt (log, side panel, chips)."""
GOOD = "#81c784"
"""A result good for you."""
BAD = RED_ON_FELT
"""A result bad for you."""

# cards
FACE = "#f2efe6"
FACE_DIM = "#bdb9ae"
"""A card you may not play now: greyed, yet both suit colours stay readable."""
CARD_RED = "#b71c1c"
"""Hearts and diamonds on a card face."""
CARD_RED_DIM = "#8e0000"
"""Hearts and diamonds on a greyed card."""
CARD_BLACK = "#111111"
"""Spades and clubs on a card face (greyed or not)."""
EDGE = "#8c8c8c"
EDGE_HI = f"bold {GOLD}"
BACK = "#5c6bc0"
"""The pattern of a card's back."""

THEME = Theme(
    name="twentynine",
    primary=GOLD,
    secondary=SKY,
    accent=GOLD,
    warning=CORAL,
    error=RED_ON_FELT,
    success=GOOD,
    foreground=INK,
    background=FELT,
    surface=FELT_SIDE,
    panel=FELT_BAR,
    dark=True,
    variables={
        "felt": FELT,
        "felt-hand": FELT_HAND,
        "felt-side": FELT_SIDE,
        "felt-bar": FELT_BAR,
        "felt-turn": FELT_TURN,
        "felt-hover": FELT_HOVER,
        "line": LINE,
        "ink": INK,
        "ink-soft": INK_SOFT,
        "gold": GOLD,
        "coral": CORAL,
        "scrollbar": LINE,
        "scrollbar-hover": INK_SOFT,
        "scrollbar-active": GOLD,
        "scrollbar-background": FELT_SIDE,
        "scrollbar-background-hover": FELT_SIDE,
        "scrollbar-background-active": FELT_SIDE,
        "scrollbar-corner-color": FELT_SIDE,
    },
)
"""The Textual theme: the .tcss files' ``$felt``, ``$gold`` ... and the colours of
Textual's own widgets (buttons, footer, markdown headings)."""


class SharedParses:
    """A stylesheet's cache of parsed CSS shared by every app of the process: each app
    parsed the same files and widgets' default CSS afresh, about a third of opening a
    table (the tests open hundreds).  An entry is kept with the CSS variables it was
    parsed with, so a stylesheet whose variables change (another theme) finds only its
    own, and nothing ever needs clearing.  It stands in for the stylesheet's own cache
    (``Stylesheet._parse_cache`` of Textual 8, which is read, written and cleared
    only)."""

    parsed: ClassVar[dict[tuple[object, ...], list[RuleSet]]] = {}

    def __init__(self, sheet: Stylesheet) -> None:
        self.sheet = sheet

    def _key(self, key: tuple[object, ...]) -> tuple[object, ...]:
        return key, tuple(sorted(self.sheet._variables.items()))

    def __getitem__(self, key: tuple[object, ...]) -> list[RuleSet]:
        return self.parsed[self._key(key)]

    def __setitem__(self, key: tuple[object, ...], rules: list[RuleSet]) -> None:
        self.parsed[self._key(key)] = rules

    def clear(self) -> None:
        """Nothing to forget (see the class's docstring)."""


def share_parsed_css(app: App[Any]) -> None:
    """Let ``app``'s stylesheet use the process's parsed CSS (:class:`SharedParses`)."""
    sheet = app.stylesheet
    if hasattr(sheet, "_parse_cache") and hasattr(sheet, "_variables"):
        sheet._parse_cache = SharedParses(sheet)  # type: ignore[assignment]
