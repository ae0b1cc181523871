"""Checks that the table's labels fit: no line wraps and none is cut.

Each visible widget that draws text is asked for what it renders (``render()``, the
same text Textual lays out) and the lines are measured against the widget's content
region.  A line wider than the region would wrap (or be clipped, or end in an
ellipsis); more lines than the region's height would be cut at the bottom.  The log is
left out: it wraps on purpose (and rewraps on resize).  The footer's keys must each lie
wholly inside the footer (Textual's footer lets the last ones run off the right edge).
"""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.app import App
from textual.content import Content
from textual.widget import Widget
from textual.widgets import Button, Footer, RichLog, Static
from textual.widgets._footer import FooterKey

from twentynine.tui.widgets import HandView, TrickView


def _lines(widget: Widget) -> list[str] | None:
    if isinstance(widget, Button):
        label = widget.label
        return str(label.plain if isinstance(label, Content | Text) else label).split("\n")
    if not isinstance(widget, Static | TrickView | HandView):
        return None
    rendered = widget.render()
    if isinstance(rendered, Text | Content):
        return rendered.plain.split("\n")
    if isinstance(rendered, str):
        return rendered.split("\n")
    return None


def _cells(line: str) -> int:
    return Text(line).cell_len


def misfits(app: App[Any]) -> list[str]:
    """Every label on the current screen that wraps or is cut, one line each."""
    out: list[str] = []
    for widget in app.screen.walk_children(with_self=False):
        if not isinstance(widget, Widget) or not widget.visible:
            continue
        if not all(node.display for node in (widget, *widget.ancestors)
                   if isinstance(node, Widget)):
            continue
        if isinstance(widget, RichLog) or any(isinstance(a, RichLog) for a in widget.ancestors):
            continue
        if isinstance(widget, FooterKey):
            out.extend(_footer_key_misfit(widget))
            continue
        lines = _lines(widget)
        if lines is None:
            continue
        region = widget.content_region
        if region.width <= 0 and not any(ln.strip() for ln in lines):
            continue
        name = f"{type(widget).__name__}#{widget.id}" if widget.id else type(widget).__name__
        for ln in lines:
            if _cells(ln.rstrip()) > region.width:
                out.append(f"{name}: {ln.strip()!r} needs {_cells(ln.rstrip())} cells, "
                           f"has {region.width}")
        while lines and not lines[-1].strip():
            lines.pop()
        if len(lines) > region.height:
            out.append(f"{name}: {len(lines)} lines, room for {region.height}: "
                       f"{[ln.strip() for ln in lines[region.height:]]!r} cut")
    return out


def _footer_key_misfit(key: FooterKey) -> list[str]:
    footer = next((a for a in key.ancestors if isinstance(a, Footer)), None)
    if footer is None:
        return []
    label = key.render().plain
    if key.region.right > footer.region.right or key.region.x < footer.region.x:
        return [f"Footer: {label.strip()!r} is cut (x {key.region.x}-{key.region.right}, "
                f"the footer ends at {footer.region.right})"]
    if _cells(label) > key.region.width:
        return [f"Footer: {label.strip()!r} needs {_cells(label)} cells, "
                f"has {key.region.width}"]
    return []


def footer_keys(app: App[Any]) -> list[str]:
    """The footer's keys as drawn on the current screen: ``["←→ choose", ...]``."""
    return [k.render().plain.strip() for k in app.screen.query(FooterKey) if k.display]
