"""Colour measurements for the table's contrast tests.

The colours are taken from what the app really draws: every cell of the screen as the
compositor renders it (after Textual has resolved the theme's ``$variables``, the .tcss
rules, the Rich styles of the widgets, dim text and the dialogs' translucent backdrop),
so a colour that reaches the terminal is a colour that is measured.

>>> round(contrast_ratio((255, 255, 255), (0, 0, 0)), 1)
21.0
>>> round(contrast_ratio((0x77, 0x77, 0x77), (255, 255, 255)), 2)
4.48
"""

from __future__ import annotations

import math
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from rich.color import Color as RichColor
from rich.segment import Segment
from textual.app import App
from textual.errors import NoWidget
from textual.filter import ANSIToTruecolor
from textual.widget import Widget

RGB = tuple[int, int, int]

AA_TEXT = 4.5
"""WCAG 2.1 AA: normal text against its background."""
AA_GRAPHIC = 3.0
"""WCAG 2.1 AA (1.4.11): graphics a player must see (card edges, the score track)."""


def _channel(c: int) -> float:
    s = c / 255
    return s / 12.92 if s <= 0.04045 else ((s + 0.055) / 1.055) ** 2.4


def luminance(rgb: RGB) -> float:
    """WCAG relative luminance of an sRGB colour (0 black .. 1 white)."""
    r, g, b = (_channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: RGB, b: RGB) -> float:
    """WCAG contrast ratio of two colours, 1 (same) .. 21 (black on white)."""
    la, lb = sorted((luminance(a), luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


def css_rgb(css: str) -> RGB:
    """A colour as a browser computes it (``rgb(…)`` or ``rgba(…)``): its three channels."""
    r, g, b = (int(float(x)) for x in re.findall(r"[\d.]+", css)[:3])
    return r, g, b


def low_contrast_text(pairs: Iterable[Sequence[str]], felt: str
                      ) -> list[tuple[str, str, str, float]]:
    """Of a page's ``(text, colour, background)`` triples (computed styles), those under
    :data:`AA_TEXT`, with their ratio.  A translucent background (a dark row or chip over
    the felt, ``felt`` the body's colour) is judged against the felt: darker than the
    felt, the felt (the lighter of the two) is the harder case for light text."""
    low = []
    for text, fg, bg in pairs:
        back = css_rgb(felt) if bg.startswith("rgba") and not bg.endswith(", 1)") \
            else css_rgb(bg)
        ratio = contrast_ratio(css_rgb(fg), back)
        if ratio < AA_TEXT:
            low.append((text, fg, bg, round(ratio, 2)))
    return low


def lab(rgb: RGB) -> tuple[float, float, float]:
    """CIE L*a*b* (D65) of an sRGB colour."""
    r, g, b = (_channel(c) for c in rgb)
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 0.008856 else 7.787 * t + 16 / 116

    fx, fy, fz = f(x), f(y), f(z)
    return 116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz)


def delta_e(a: RGB, b: RGB) -> float:
    """CIE76 colour difference: about 2.3 is just noticeable, above 40 is a different
    colour at a glance."""
    return math.dist(lab(a), lab(b))


DECORATION = range(0x2500, 0x25A0)
"""Box drawing and block elements: card edges, borders, the score track, shading."""
GRAPHIC = frozenset("●▶▏▕│")
SHADING = frozenset("▔▁")
"""The bevel of Textual's buttons: the button is told apart by its face, not by these."""


@dataclass(frozen=True)
class Cell:
    """One character on the screen with the colours it is drawn in."""

    x: int
    y: int
    char: str
    fg: RGB
    bg: RGB

    @property
    def ratio(self) -> float:
        return contrast_ratio(self.fg, self.bg)

    @property
    def is_text(self) -> bool:
        """Letters, digits, suit symbols and punctuation (not rules and boxes)."""
        return not self.char.isspace() and ord(self.char) not in DECORATION \
            and self.char not in GRAPHIC

    def where(self, app: App[Any]) -> str:
        w = widget_at(app, self.x, self.y)
        name = "?" if w is None else f"{type(w).__name__}#{w.id}" if w.id else type(w).__name__
        return f"({self.x},{self.y}) in {name}"


def _rgb(color: RichColor | None, default: RGB, truecolor: ANSIToTruecolor) -> RGB:
    if color is None or color.is_default:
        return default
    theme = truecolor._terminal_theme
    t = color.get_truecolor(theme)
    return (t.red, t.green, t.blue)


def screen_cells(app: App[Any]) -> list[Cell]:
    """Every visible character of the app's current screen with its final colours."""
    screen = app.screen
    update = screen._compositor.render_update(full=True, screen_stack=app._background_screens)
    filt = next(f for f in app._filters if isinstance(f, ANSIToTruecolor))
    default_fg: RGB = (255, 255, 255)
    default_bg: RGB = (0, 0, 0)
    cells: list[Cell] = []
    strips = getattr(update, "strips", [])
    for y, line in enumerate(strips):
        x = 0
        for strip in line:
            for seg in strip:
                assert isinstance(seg, Segment)
                if seg.control:
                    continue
                style = seg.style
                fg = _rgb(style.color if style else None, default_fg, filt)
                bg = _rgb(style.bgcolor if style else None, default_bg, filt)
                if style is not None and style.reverse:
                    fg, bg = bg, fg
                for ch in seg.text:
                    if not ch.isspace():
                        cells.append(Cell(x, y, ch, fg, bg))
                    x += 1
    return cells


def widget_at(app: App[Any], x: int, y: int) -> Widget | None:
    """The widget drawn at a cell of the current screen."""
    try:
        return app.screen.get_widget_at(x, y)[0]
    except NoWidget:  # a cell outside every widget
        return None


def _inactive(cell: Cell, app: App[Any]) -> bool:
    """A disabled control, or the table seen through a dialog's darkened backdrop: WCAG
    sets no contrast for inactive parts of the interface."""
    widget = widget_at(app, cell.x, cell.y)
    if widget is None:
        return False
    if widget is app.screen and len(app.screen_stack) > 1:
        return True
    return widget.is_disabled


def low_contrast(app: App[Any]) -> list[str]:
    """Every character drawn below AA on the current screen, one line each
    (consecutive characters of one run of colour are reported together)."""
    out: list[str] = []
    prev: tuple[int, RGB, RGB] | None = None
    run = ""
    first: Cell | None = None

    def flush() -> None:
        if first is not None and run:
            out.append(f"{run!r} {first.ratio:.2f}:1 fg #{bytes(first.fg).hex()} on "
                       f"#{bytes(first.bg).hex()} at {first.where(app)}")

    for cell in screen_cells(app):
        if cell.char in SHADING:
            continue
        need = AA_TEXT if cell.is_text else AA_GRAPHIC
        bad = cell.ratio < need and not _inactive(cell, app)
        key = (cell.y, cell.fg, cell.bg)
        if bad and prev == key and first is not None:
            run += cell.char
            continue
        flush()
        run, first, prev = ("", None, None)
        if bad:
            run, first, prev = cell.char, cell, key
    flush()
    return sorted(set(out), key=out.index)
