"""The footer: the keys that work now, fitted to the width so that no key is ever cut.

Textual's own footer lists every shown binding and lets the last ones fall off the right
edge ("? rul", "q q" at 80 columns).  :class:`TableFooter` lists the same bindings but
fits them: first with two spaces between keys, then with one, and if they still do not
fit it leaves out the least important ones (the app ranks them: the moves of the moment
first, then take-back, the hint, the log ...).  ``?`` (help: the keys and the rules) and
``q`` (quit) are always shown, at the right end.  A key left out still works (and says
why when it does not apply); ``?`` lists them all.

The app (or the screen) may rank a binding with ``footer_rank(binding)``: a number
(higher is kept longer, :data:`ALWAYS` and above are never left out and go last), or None
to leave it out of the footer.  Without one every key ranks :data:`NORMAL` except quit
and help.

>>> from textual.binding import Binding
>>> keys = [(Binding("a", "x", "first"), 50), (Binding("b", "y", "second"), 40),
...         (Binding("q", "quit", "quit"), ALWAYS)]
>>> [b.key for b, _ in fit_keys(keys, 80, lambda b: b.key)[0]]
['a', 'b', 'q']
>>> kept, tight = fit_keys(keys, 17, lambda b: b.key)
>>> [b.key for b, _ in kept], tight
(['a', 'q'], True)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Footer
from textual.widgets._footer import FooterKey

ALWAYS = 100
"""Rank of the keys that are always in the footer (help and quit)."""

NORMAL = 50
"""Rank of a key nobody ranked."""

_ALWAYS_ACTIONS = ("request_quit", "quit", "app.request_quit", "rules", "app.rules")


def key_width(key: str, description: str, tight: bool) -> int:
    """Cells one key takes in the footer: `` key description `` (the trailing space is
    dropped when ``tight``).  The CSS below and the keys' tight flag draw exactly this."""
    return 1 + Text(key).cell_len + 1 + Text(description).cell_len + (0 if tight else 1)


def fit_keys(keys: Sequence[tuple[Binding, int]], width: int,
             display: Callable[[Binding], str]) -> tuple[list[tuple[Binding, int]], bool]:
    """The keys that fit in ``width`` cells, in their order with the always-shown ones
    last, and whether they are drawn tight (one space apart instead of two).  The lowest
    ranked go first (of equal ranks, the later one)."""
    order = sorted(range(len(keys)), key=lambda i: keys[i][1] >= ALWAYS)
    kept = [keys[i] for i in order]

    def total(items: list[tuple[Binding, int]], tight: bool) -> int:
        return sum(key_width(display(b), b.description, tight) for b, _ in items)

    if total(kept, False) <= width:
        return kept, False
    while total(kept, True) > width:
        droppable = [i for i, (_, rank) in enumerate(kept) if rank < ALWAYS]
        if not droppable:
            break
        lowest = min(droppable, key=lambda i: (kept[i][1], -i))
        del kept[lowest]
    return kept, True


_Item = tuple[str, str, str, str, bool, str]
"""One key as the footer shows it: (key, display, description, action, enabled, tooltip)."""

_Plan = tuple[int, bool, list[str], list[_Item]]
"""What the footer draws: width, tight, the keys left out, and the keys shown."""


def _extent(item: _Item, tight: bool) -> tuple[int, int, bool, bool]:
    """What a key's width depends on: its display's and description's widths, whether it
    has a description, and tightness."""
    return Text(item[1]).cell_len, Text(item[2]).cell_len, bool(item[2]), tight


class _Key(FooterKey):
    """One key of :class:`TableFooter`, redrawn in place when the key it shows changes.
    ``tight``: without the space after the description (the footer is short of room);
    a flag of the key, not a class of the footer, so that the footer growing tight or
    loose does not restyle it and every key."""

    def __init__(self, item: _Item, compact: bool, tight: bool) -> None:
        key, display, description, action, on, tooltip = item
        super().__init__(key, display, description, action, disabled=not on,
                         tooltip=tooltip, classes="-compact" if compact else "")
        # the key's flag set without its watcher: bound as Textual's footer binds it,
        # every new key took the class (its default) and dropped it (the footer's
        # value), two restylings per key and redraw, a sixth of a deal's CPU
        self.set_reactive(FooterKey.compact, compact)
        self.item = item
        """What the key shows: (key, display, description, action, enabled, tooltip)."""
        self.tight = tight

    def show(self, item: _Item, tight: bool) -> None:
        """Show ``item`` instead (and show the key if it was hidden)."""
        if not self.display:
            self.display = True
        if item == self.item and tight == self.tight:
            return
        # a key as wide as the one it replaces needs no layout of the screen
        resized = _extent(item, tight) != _extent(self.item, self.tight)
        self.key, self.key_display, self.description, self.action, on, tooltip = item
        if on == self._disabled:
            self._disabled = not on
            self.set_class(not on, "-disabled")
        if tooltip != self.item[5]:
            self.tooltip = tooltip
        self.item = item
        self.tight = tight
        self.refresh(layout=resized)

    def render(self) -> Text:
        text = super().render()
        trailing = self.get_component_styles("footer-key--description").padding.right
        if self.tight and self.description and trailing:
            text.right_crop(trailing)
        return text


class TableFooter(Footer):
    """A footer that never cuts a key (see the module's docstring)."""

    DEFAULT_CSS = """
    TableFooter FooterKey .footer-key--key {
        padding: 0 0 0 1;
    }
    TableFooter FooterKey .footer-key--description {
        padding: 0 1 0 1;
    }
    """

    def __init__(self) -> None:
        super().__init__(show_command_palette=False)
        self._fitted_width = -1
        self._dirty = False
        self._redrawing = False
        self.hidden: list[str] = []
        """The keys left out for want of room (their key displays), for tests."""
        self._drawn: _Plan | None = None
        """The plan of the keys on show (:meth:`_plan`)."""

    def _rank(self, binding: Binding) -> int | None:
        for node in (self.screen, self.app):
            rank = getattr(node, "footer_rank", None)
            if callable(rank):
                value = rank(binding)
                if value is not None or node is self.app:
                    return value if isinstance(value, int) or value is None else NORMAL
        return ALWAYS if binding.action in _ALWAYS_ACTIONS else NORMAL

    def _plan(self) -> _Plan:
        """What the footer draws now: the width it is fitted to, tight or not, the keys left
        out, and each key shown as (key, display, description, action, enabled, tooltip)."""
        width = self.app.size.width
        seen: set[str] = set()
        keys: list[tuple[Binding, int]] = []
        enabled: dict[str, tuple[bool, str]] = {}
        for _node, binding, on, tooltip in self.screen.active_bindings.values():
            if not binding.show or binding.action in seen:
                continue
            seen.add(binding.action)
            rank = self._rank(binding)
            if rank is None:
                continue
            keys.append((binding, rank))
            enabled[binding.action] = (on, tooltip)
        kept, tight = fit_keys(keys, width, self.app.get_key_display)
        shown = {b.action for b, _rank in kept}
        hidden = [self.app.get_key_display(b) for b, _rank in keys if b.action not in shown]
        items = [(b.key, self.app.get_key_display(b), b.description, b.action,
                  enabled[b.action][0], enabled[b.action][1] or b.description)
                 for b, _rank in kept]
        return width, tight, hidden, items

    def compose(self) -> ComposeResult:
        if not self._bindings_ready:
            return
        plan = self._drawn = self._plan()
        self._fitted_width, tight, self.hidden, items = plan
        for item in items:
            yield _Key(item, self.compact, tight)

    async def _show(self, plan: _Plan) -> None:
        """Draw ``plan`` with the keys already mounted, each updated in place (a key that
        did not change is not touched), hiding the ones left over and mounting only the
        ones missing.  (Recomposing remounted every key twice a trick: the mounts and
        their styling were a good part of a move's drawing.)"""
        self._drawn = plan
        self._fitted_width, tight, self.hidden, items = plan
        mounted = list(self.query_children(_Key))
        for shown, item in zip(mounted, items, strict=False):
            shown.show(item, tight)
        for spare in mounted[len(items):]:
            if spare.display:
                spare.display = False
        missing = [_Key(item, self.compact, tight) for item in items[len(mounted):]]
        if missing:
            await self.mount_all(missing)

    def watch_compact(self, compact: bool) -> None:
        for shown in self.query(FooterKey):
            shown.compact = compact

    def bindings_changed(self, screen: Screen[object]) -> None:
        """The keys changed: redraw, one redraw at a time.  (Textual's footer starts a
        recompose for every change; two quick changes, a forced card played for you
        just after your turn began, ran two at once and could leave the older keys.)"""
        self._bindings_ready = True
        if self.is_attached and screen is self.screen:
            self._redraw()

    def _redraw(self) -> None:
        self._dirty = True
        if not self._redrawing:
            self._redrawing = True
            self.call_after_refresh(self._redraw_until_current)

    async def _redraw_until_current(self) -> None:
        try:
            while self._dirty and self.is_attached:
                self._dirty = False
                plan = self._plan()
                if plan != self._drawn:
                    await self._show(plan)
        finally:
            self._redrawing = False

    def on_resize(self, event: Resize) -> None:
        if self._bindings_ready and self.app.size.width != self._fitted_width:
            self._redraw()
