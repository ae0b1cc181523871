"""The settings screen: the rules of the next game (or of this one, before its first move)
and the table's preferences, row by row, saved as the player's defaults."""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Static

from ..engine.rules import Rules
from .footer import TableFooter
from .prefs import Preferences
from .settings import ROWS, RULE_ROWS, Choice, Row, SettingError, save_choice
from .theme import CORAL, GOLD, INK_SOFT
from .widgets import TextPanel


class SettingRow(TextPanel):
    """One row of the settings screen: the name and value, and under it a line saying
    what the value means.  A click selects the row; a click on the selected row changes
    its value.  (Redrawn only when its text changes: an arrow key redraws two rows.)"""

    class Picked(Message):
        """The row was clicked."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, index: int, row: Row) -> None:
        super().__init__(classes="setting-row", id=f"setting-{row.key.replace('_', '-')}")
        self.index = index
        self.row = row

    def show(self, choice: Choice, cursor: bool) -> None:
        """Redraw for ``choice``; ``cursor`` marks the selected row."""
        self.set_class(cursor, "-cursor")
        r = self.row
        head = Text()
        head.append("▶ " if cursor else "  ", style=f"bold {GOLD}")
        head.append(f"{r.name:<30}", style="bold" if cursor else "")
        head.append("◀ " if cursor else "  ", style=f"bold {GOLD}")
        head.append(r.label(choice), style="bold")
        head.append(" ▶" if cursor else "  ", style=f"bold {GOLD}")
        if r.differs(choice):
            head.append(" •", style=GOLD)
        head.append("\n")
        head.append(f"    {r.explain(choice)}", style=INK_SOFT)
        self.set_text(head)

    def on_click(self) -> None:
        self.post_message(self.Picked(self.index))


class SettingsScreen(ModalScreen["Choice | None"]):
    """The table's preferences and the rules, each row named in plain words with a line
    explaining its value: ↑↓ choose, ←→ (or a click) change, Enter keeps them as your
    default and uses them, Esc leaves everything as it was.

    Table preferences apply as soon as the screen closes; rules apply to a game that has
    not begun, else from the next game (the screen says which).  Dismissed with the
    :class:`Choice` made (None: cancelled); what changed is saved by :func:`save_choice`.
    """

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "choose", key_display="↑↓"),
        Binding("down", "cursor(1)", "choose", show=False),
        Binding("right", "change(1)", "change", key_display="←→"),
        Binding("left", "change(-1)", "change", show=False),
        Binding("space", "change(1)", "change", show=False),
        Binding("pageup", "page(-1)", "page", show=False),
        Binding("pagedown", "page(1)", "page", show=False),
        Binding("home", "cursor_to(0)", "first", show=False),
        Binding("end", "cursor_to(-1)", "last", show=False),
        Binding("enter", "use", "save and close", key_display="⏎"),
        Binding("escape", "cancel", "cancel"),
        Binding("o", "cancel", "cancel", show=False),
    ]

    def __init__(self, rules: Rules, prefs: Preferences | None = None, *,
                 game_begun: bool = False, settings_file: Path | None = None,
                 prefs_file: Path | None = None, shared: bool = False,
                 game_over: bool = False) -> None:
        super().__init__(classes="dialog-screen")
        self.game_over = game_over
        """Opened at the game's result: the rules are the next game's."""
        self.before = Choice(rules, prefs or Preferences())
        self.choice = self.before
        self.game_begun = game_begun or shared
        self.shared = shared
        """A shared table (joined over the network): its host sets the rules, so rule
        changes here are only kept for the player's own games."""
        self.settings_file = settings_file
        self.prefs_file = prefs_file
        self.cursor = 0
        self.message = ""
        self.problems: list[str] = []
        """What went wrong saving the choice as the default (shown by the table)."""
        self._row_widgets: list[SettingRow] = []

    @property
    def rules(self) -> Rules:
        """The rules as chosen so far."""
        return self.choice.rules

    @property
    def prefs(self) -> Preferences:
        """The table preferences as chosen so far."""
        return self.choice.prefs

    def compose(self) -> ComposeResult:
        with Vertical(id="settings", classes="dialog"):
            yield Static("Settings", classes="dialog-title")
            with VerticalScroll(id="settings-rows"):
                yield Static("At the table · these apply at once", classes="settings-section")
                for i, row in enumerate(ROWS):
                    if row is RULE_ROWS[0]:
                        when = ("for your own games" if self.shared
                                else "from the next game" if self.game_begun
                                else "for the next game" if self.game_over
                                else "for this game")
                        head = Text(f"Rules of the game · {when}",
                                    style="bold underline")
                        head.append("   • not the standard game", style="not underline")
                        yield Static(head, classes="settings-section",
                                     id="settings-rules-head")
                    yield SettingRow(i, row)
            yield TextPanel("", id="settings-hint")
        yield TableFooter()

    def on_mount(self) -> None:
        rows = self.query_one("#settings-rows", VerticalScroll)
        rows.can_focus = False
        self.watch(rows, "scroll_y", lambda _old, _new: self._show_hint(), init=False)
        self._show()

    def on_resize(self) -> None:
        self.call_after_refresh(self._show_hint)

    # ---------------------------------------------------------------- drawing
    def _rows(self) -> list[SettingRow]:
        if not self._row_widgets:
            self._row_widgets = list(self.query(SettingRow))
        return self._row_widgets

    def _show(self, scroll: bool = True) -> None:
        rows = self._rows()
        for r in rows:
            r.show(self.choice, r.index == self.cursor)
        if scroll:
            target: Widget = rows[self.cursor]
            if self.cursor == 0:
                target = self.query(".settings-section").first()
            elif rows[self.cursor].row is RULE_ROWS[0]:
                target = self.query_one("#settings-rules-head")
            self.query_one("#settings-rows", VerticalScroll).scroll_to_widget(
                target, animate=False, immediate=True)
            if target is not rows[self.cursor]:
                self.query_one("#settings-rows", VerticalScroll).scroll_to_widget(
                    rows[self.cursor], animate=False, immediate=True)
        self._show_hint()

    def _show_hint(self) -> None:
        """Where the list goes on (how many rows above and below the window), the mid-game
        note, or why a value could not be changed."""
        hint = Text()
        if self.message:
            hint.append(self.message, style=f"bold {CORAL}")
        else:
            scroll = self.query_one("#settings-rows", VerticalScroll)
            top = scroll.scroll_y
            bottom = top + scroll.scrollable_content_region.height
            above = sum(1 for r in self._rows() if r.virtual_region.y < top)
            below = sum(1 for r in self._rows() if r.virtual_region.bottom > bottom)
            parts = []
            if above:
                parts.append(f"▲ {above} more above")
            if below:
                parts.append(f"▼ {below} more below")
            if parts:
                hint.append(" · ".join(parts) + " (↑↓ to scroll)", style=f"bold {GOLD}")
            else:
                hint.append("All settings are shown", style=INK_SOFT)
            if self.shared:
                hint.append("\nA shared table: its host sets the rules; rule changes are "
                            "kept for your own games.", style=INK_SOFT)
            elif self.game_begun and self.choice.rules != self.before.rules:
                hint.append("\nNew rules start with the next game; this one goes on as "
                            "it began.", style=CORAL)
            elif self.game_begun:
                hint.append("\nA game is under way: rule changes start with the next game.",
                            style=INK_SOFT)
            else:
                hint.append("\nEnter keeps your changes as your defaults; Esc changes nothing.",
                            style=INK_SOFT)
        self.query_one("#settings-hint", TextPanel).set_text(hint)

    # ---------------------------------------------------------------- keys
    def action_cursor(self, delta: int) -> None:
        self.cursor = max(0, min(len(ROWS) - 1, self.cursor + delta))
        self.message = ""
        self._show()

    def action_cursor_to(self, where: int) -> None:
        self.cursor = where % len(ROWS)
        self.message = ""
        self._show()

    def action_page(self, delta: int) -> None:
        scroll = self.query_one("#settings-rows", VerticalScroll)
        per_page = max(1, scroll.scrollable_content_region.height // 2)
        self.action_cursor(delta * per_page)

    def action_change(self, delta: int) -> None:
        """The next (or previous) value of the selected row that fits with the others."""
        try:
            self.choice = ROWS[self.cursor].change(self.choice, delta)
            self.message = ""
        except SettingError as exc:
            self.message = f"Cannot change this now: {exc}"
        self._show(scroll=False)

    def on_setting_row_picked(self, message: SettingRow.Picked) -> None:
        if message.index == self.cursor:
            self.action_change(1)
        else:
            self.cursor = message.index
            self.message = ""
            self._show(scroll=False)

    def action_use(self) -> None:
        if self.settings_file is not None and self.prefs_file is not None:
            self.problems = save_choice(self.before, self.choice, self.settings_file,
                                        self.prefs_file)
        self.dismiss(self.choice)

    def action_cancel(self) -> None:
        self.dismiss(None)
