"""Modal screens: the deal summary, game over, quit confirmation, the rules, the last
trick.  Each one shows values the engine produced; none computes a score or a winner."""

from __future__ import annotations

import time
from importlib import resources
from pathlib import Path
from typing import Any, ClassVar

from rich import box
from rich.console import Console, ConsoleOptions, RenderResult
from rich.markdown import ListItem, TableElement
from rich.markdown import Markdown as RichMarkdown
from rich.segment import Segment
from rich.table import Table
from rich.text import Text
from rich.theme import Theme as RichTheme
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.message import Message
from textual.screen import ModalScreen
from textual.widget import Widget
from textual.widgets import Button, Static

from ..rules import Rules
from ..scoring import DealOutcome
from ..views import TrickRecord
from .footer import TableFooter
from .intro import intro_card
from .prefs import Preferences
from .settings import ROWS, RULE_ROWS, Choice, Row, SettingError, save_choice
from .text import TEAM_LONG, card_box, join_columns, seat_name, signed
from .theme import BAD, CORAL, GOLD, GOOD, INK, INK_SOFT, LINE, SKY


def rules_markdown() -> str:
    """The players' rules (docs/rules.md, packaged as twentynine/data/rules.md)."""
    return resources.files("twentynine").joinpath("data/rules.md").read_text(encoding="utf-8")


def settings_markdown(rules: Rules) -> str:
    """A short section on this game's settings that differ from the standard game, in the
    settings screen's words (empty for the standard game)."""
    choice = Choice(rules, Preferences())
    rows = [f"| {r.name} | {r.label(choice)} | {r.explain(choice)} |"
            for r in RULE_ROWS if r.differs(choice)]
    if not rows:
        return ""
    head = ("# This game's house rules\n\nThis game differs from the standard game "
            "described below in these settings (change them with `o`):\n\n"
            "| setting | here | what it means |\n|---|---|---|\n")
    return head + "\n".join(rows) + "\n\n"


RULES_STYLES = RichTheme({
    "markdown.h1": f"bold {GOLD}",
    "markdown.h2": f"bold underline {GOLD}",
    "markdown.h3": f"bold {GOLD}",
    "markdown.h4": f"bold {INK}",
    "markdown.strong": f"bold {INK}",
    "markdown.em": f"italic {INK}",
    "markdown.code": f"bold {SKY}",
    "markdown.link": f"underline {INK}",
    "markdown.link_url": f"underline {INK}",
    "markdown.item.bullet": f"bold {GOLD}",
    "markdown.item.number": GOLD,
    "markdown.table.border": LINE,
    "markdown.table.header": f"bold {GOLD}",
    "markdown.hr": LINE,
})
"""The rules page's colours: the table's palette (theme.py) in place of Rich's defaults,
so every heading, bullet, flag and table line reaches the contrast of the rest of the app."""


class _GridTable(TableElement):
    """A Markdown table drawn as a grid, a line between rows: the rules' tables have cells
    that wrap over several lines, and the lines keep each row together."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        for part in super().__rich_console__(console, options):
            if isinstance(part, Table):
                part.box = box.ROUNDED
                part.show_lines = True
                part.pad_edge = True
                part.collapse_padding = False
            yield part


class _ListItem(ListItem):
    """A list item whose number is written ``1.`` as in docs/rules.md (Rich writes ``1``,
    which reads as the first word of the item)."""

    def render_number(self, console: Console, options: ConsoleOptions, number: int,
                      last_number: int) -> RenderResult:
        width = len(str(last_number)) + 3
        lines = console.render_lines(self.elements, options.update(width=options.max_width
                                                                   - width), style=self.style)
        style = console.get_style("markdown.item.number", default="none")
        for i, line in enumerate(lines):
            yield Segment(f"{number}. ".rjust(width) if i == 0 else " " * width, style)
            yield from line
            yield Segment.line()


class _RulesMarkdown(RichMarkdown):
    elements: ClassVar[dict[str, type[Any]]] = {**RichMarkdown.elements,
                                                "table_open": _GridTable,
                                                "list_item_open": _ListItem}


class RulesPage:
    """Markdown drawn by Rich as one renderable, in :data:`RULES_STYLES`.

    One widget draws the whole page (headings, lists, tables), where Textual's Markdown
    widget mounts a widget per block (~360 for docs/rules.md, seconds of styling each time
    the page opens).  Links are drawn as underlined words: the page has no anchors to jump
    to, and a terminal must not be handed ``#the-auction`` as a web address.

    >>> import io
    >>> console = Console(file=io.StringIO(), width=40, record=True)
    >>> console.print(RulesPage("## Cards\\n\\nSee [the pair](#the-pair).\\n\\n"
    ...                         "| rank | J |\\n|---|---|\\n| points | 3 |\\n\\n"
    ...                         "1. Deal four.\\n2. Bid.\\n"))
    >>> for line in console.export_text().splitlines():
    ...     print(line.rstrip())
    Cards
    <BLANKLINE>
    See the pair.
    <BLANKLINE>
    ╭────────┬───╮
    │ rank   │ J │
    ├────────┼───┤
    │ points │ 3 │
    ╰────────┴───╯
    <BLANKLINE>
     1. Deal four.
     2. Bid.
    """

    def __init__(self, source: str) -> None:
        self.source = source
        self._markdown = _RulesMarkdown(source)
        self._drawn: dict[int, list[Segment]] = {}
        """The page drawn at each width asked for (Textual asks more than once: for the
        height, then for the lines; the text never changes)."""

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        if width not in self._drawn:
            with console.use_theme(RULES_STYLES):
                segments = list(console.render(self._markdown, options))
            self._drawn[width] = [
                Segment(s.text, s.style.update_link(None)) if s.style and s.style.link else s
                for s in segments]
        yield from self._drawn[width]


class RulesText(Static):
    """The rules page's text (docs/rules.md and this game's house rules) in one widget."""

    def __init__(self, source: str, *, id: str | None = None) -> None:
        self.page = RulesPage(source)
        super().__init__(self.page, id=id)

    @property
    def source(self) -> str:
        """The Markdown shown."""
        return self.page.source


def _no_focus(*buttons: Button) -> None:
    """Dialog buttons are for the mouse; the keys are bindings (Enter never presses a
    button by accident)."""
    for b in buttons:
        b.can_focus = False


class SummaryScreen(ModalScreen[None]):
    """The end of a deal: bid, target, each team's card points, made or missed, the new
    game score; the next deal on a key."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "enter_next", "next deal"),
        Binding("enter", "enter_result", "see the result"),
        Binding("space", "next", "next deal", show=False),
        Binding("n", "next", "next deal", show=False),
        Binding("r", "app.review", "review"),
        Binding("t", "app.stats", "stats"),  # the table's key: with the deal just counted
        Binding("q", "app.request_quit", "quit"),
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """The footer names what Enter does, as the button does: the next deal, or the
        game's result after the last deal."""
        if action in ("result", "enter_result"):
            return self.game_over
        if action in ("next", "enter_next"):
            return not self.game_over
        return True

    def action_result(self) -> None:
        self.dismiss(None)

    def action_enter_next(self) -> None:
        """Enter: the next deal, unless the summary opened only a moment ago."""
        if time.monotonic() - self.shown_at >= self.guard:
            self.dismiss(None)

    def action_enter_result(self) -> None:
        """Enter after the last deal: the result, unless the summary just opened."""
        if time.monotonic() - self.shown_at >= self.guard:
            self.dismiss(None)

    def __init__(self, rules: Rules, number: int, outcome: DealOutcome,
                 scores: tuple[int, int], game_over: bool, guard: float = 0.0) -> None:
        super().__init__(classes="dialog-screen")
        self.rules = rules
        self.number = number
        self.outcome = outcome
        self.scores = scores
        self.game_over = game_over
        self.guard = guard
        """Seconds after the summary opens during which Enter does nothing (a second
        Enter meant for the last card must not skip the summary)."""
        self.shown_at = time.monotonic()

    def on_mount(self) -> None:
        self.shown_at = time.monotonic()

    def compose(self) -> ComposeResult:
        o = self.outcome
        r = self.rules
        bteam = o.bidding_team
        with Vertical(id="summary", classes="dialog"):
            yield Static(f"Deal {self.number} is over", classes="dialog-title")
            if o.bidder >= 0:
                times = f" x{o.multiplier}" if o.multiplier > 1 else ""
                yield Static(f"Bid      {o.bid} by {seat_name(r, o.bidder)} "
                             f"({TEAM_LONG[o.bidder & 1]}){times}", id="sum-bid")
            else:
                yield Static("Bid      none", id="sum-bid")
            if o.single_hand is not None:
                target = f"Target   all eight tricks ({seat_name(r, o.single_hand)}'s single hand)"
            else:
                target = f"Target   {o.target}"
                if o.pair_team is not None:
                    target += f" (after {TEAM_LONG[o.pair_team]}'s pair)"
            yield Static(target, id="sum-target")
            yield Static(f"Points   {TEAM_LONG[0]} {o.card_points[0]} · "
                         f"{TEAM_LONG[1]} {o.card_points[1]}", id="sum-points")
            yield Static(f"Tricks   {TEAM_LONG[0]} {o.tricks[0]} · "
                         f"{TEAM_LONG[1]} {o.tricks[1]}", id="sum-tricks")
            if o.thrown_in is not None:
                result = Text("The deal was thrown in (a player had no point card): "
                              "nobody scores.", style="bold")
            elif o.dead:
                result = Text("Trump was never shown: the deal is dead, nobody scores.",
                              style="bold")
            else:
                g = o.game_points[bteam]
                word = "made" if o.made else "missed"
                what = "the single hand" if o.single_hand is not None else str(o.target)
                pts = "point" if abs(g) == 1 else "points"
                result = Text(f"{TEAM_LONG[bteam]} {word} {what}: {signed(g)} game {pts}",
                              style=f"bold {GOOD}" if (bteam == 0) == o.made else f"bold {BAD}")
            if o.all_tricks_team is not None and not o.dead:
                yield Static(f"{TEAM_LONG[o.all_tricks_team]} took all eight tricks",
                             id="sum-sweep")
            yield Static(result, id="sum-result")
            yield Static(f"Game     {TEAM_LONG[0]} {signed(self.scores[0])} · "
                         f"{TEAM_LONG[1]} {signed(self.scores[1])}", id="sum-score")
            label = "See the result (Enter)" if self.game_over else "Next deal (Enter)"
            with Horizontal(classes="dialog-buttons"):
                b = Button(label, variant="primary", id="sum-next", action="screen.next")
                _no_focus(b)
                yield b
        yield TableFooter()

    def action_next(self) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[str]):
    """Who won; then ``again``, ``settings`` (a new game with other settings) or ``quit``."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "again", "play again"),
        Binding("enter", "again", "play again", show=False),
        Binding("o", "settings", "settings"),
        Binding("r", "app.review", "review the deals"),
        Binding("t", "app.stats", "stats"),
        Binding("q", "quit_game", "quit"),
        Binding("escape", "quit_game", "quit", show=False),
        Binding("enter", "quit_game", "close", show=False),  # shared: Enter closes
    ]

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("again", "settings"):
            return not self.shared  # a shared table's next game is the host's
        return True

    def __init__(self, winner: int, scores: tuple[int, int], reason: str = "",
                 shared: bool = False) -> None:
        """``shared``: a joined table, whose next game is the host's to start (only
        closing is offered)."""
        super().__init__(classes="dialog-screen")
        self.shared = shared
        self.winner = winner
        self.scores = scores
        self.reason = reason
        """Why the game ended ("East and West fell to -6")."""

    def compose(self) -> ComposeResult:
        with Vertical(id="gameover", classes="dialog"):
            yield Static("Game over", classes="dialog-title")
            who = "You and North win!" if self.winner == 0 else "East and West win."
            yield Static(Text(who, style=f"bold {GOOD}" if self.winner == 0 else f"bold {BAD}"),
                         id="over-winner")
            if self.reason:
                yield Static(self.reason + ".", id="over-reason")
            yield Static(f"Final score  {TEAM_LONG[0]} {signed(self.scores[0])} · "
                         f"{TEAM_LONG[1]} {signed(self.scores[1])}", id="over-score")
            if self.shared:
                yield Static("The host starts the next game.", id="over-host")
            with Horizontal(classes="dialog-buttons"):
                a = Button("Play again (n)", variant="primary", action="screen.again")
                o = Button("Settings (o)", action="screen.settings")
                q = Button("Close (q)" if self.shared else "Quit (q)",
                           action="screen.quit_game")
                _no_focus(a, o, q)
                if not self.shared:
                    yield a
                    yield o
                yield q
        yield TableFooter()

    def action_again(self) -> None:
        self.dismiss("again")

    def action_settings(self) -> None:
        self.dismiss("settings")

    def action_quit_game(self) -> None:
        self.dismiss("quit")


class QuitScreen(ModalScreen[bool]):
    """Ask before quitting; True means save and quit."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("y", "yes", "save and quit"),
        Binding("n", "no", "keep playing"),
        Binding("escape", "no", "keep playing", show=False),
        Binding("q", "no", "keep playing", show=False),
    ]

    def __init__(self, note: str = "", text: str = "", leave: str = "",
                 title: str = "") -> None:
        """``text`` says how to come back (default: ``play --resume``); ``leave`` names the
        yes button's deed (default: save and quit); ``title`` the question (default:
        "Leave the table?" with a ``leave``, else "Quit the game?")."""
        super().__init__(classes="dialog-screen")
        self.note = note
        self.title_text = title or ("Leave the table?" if leave else "Quit the game?")
        # the command on a line of its own: at 80 columns it broke after "twentynine"
        self.text = text or ("Your game will be saved. To continue it later:\n"
                             "twentynine play --resume")
        self.leave = leave

    def compose(self) -> ComposeResult:
        with Vertical(id="quit", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            yield Static(self.text, id="quit-text")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                y = Button(f"{self.leave or 'Save and quit'} (y)", variant="error",
                           action="screen.yes")
                n = Button("Keep playing (n)", action="screen.no")
                _no_focus(y, n)
                yield y
                yield n
        yield TableFooter()

    def action_yes(self) -> None:
        self.dismiss(True)

    def action_no(self) -> None:
        self.dismiss(False)


class NoticeScreen(ModalScreen[None]):
    """Something the player must know before playing on (a damaged save file set aside)."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "close", "OK"),
        Binding("escape", "close", "OK", show=False),
        Binding("space", "close", "OK", show=False),
    ]

    def __init__(self, title: str, lines: list[str]) -> None:
        super().__init__(classes="dialog-screen")
        self.title_text = title
        self.lines = lines

    def compose(self) -> ComposeResult:
        with Vertical(id="notice", classes="dialog"):
            yield Static(self.title_text, classes="dialog-title")
            for line in self.lines:
                yield Static(line, classes="notice-line")
            with Horizontal(classes="dialog-buttons"):
                b = Button("OK (Enter)", variant="primary", action="screen.close")
                _no_focus(b)
                yield b
        yield TableFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """The first-run card (the game on one screen, and the keys), then this game's house
    rules and docs/rules.md, rendered, in one scrolling page."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("question_mark", "close", "close", show=False),
        Binding("q", "close", "close", show=False),
    ]

    def __init__(self, rules: Rules | None = None) -> None:
        super().__init__()
        self.rules = rules or Rules()

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Static(intro_card(self.rules), id="intro-card")
            yield RulesText(settings_markdown(self.rules) + rules_markdown(), id="rules-text")
        yield TableFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class LastTrickScreen(ModalScreen[None]):
    """The last finished trick: the cards in play order, the winner, the points."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("l", "close", "close", show=False),
        Binding("enter", "close", "close", show=False),
    ]

    def __init__(self, rules: Rules, trick: TrickRecord, number: int, news: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.rules = rules
        self.trick = trick
        self.number = number
        self.news = news
        """Trump shown during this trick, in words (empty if it was not)."""

    def compose(self) -> ComposeResult:
        t = self.trick
        cols = []
        for seat, card in t.cards:
            name = Text(f"{seat_name(self.rules, seat):^6.6}", style="bold")
            cols.append([name, *card_box(card, highlight=seat == t.winner)])
        body = Text()
        for i, ln in enumerate(join_columns(cols, 2)):
            if i:
                body.append("\n")
            body.append_text(ln)
        pts = "point" if t.points == 1 else "points"
        with Vertical(id="lasttrick", classes="dialog"):
            yield Static(f"Trick {self.number}", classes="dialog-title")
            yield Static(body, id="last-cards")
            winner = seat_name(self.rules, t.winner)
            yield Static(f"{seat_name(self.rules, t.leader)} led; "
                         f"{'you' if winner == 'You' else winner} won it, {t.points} {pts}.",
                         id="last-result")
            if self.news:
                yield Static(self.news, id="last-news")
        yield TableFooter()

    def action_close(self) -> None:
        self.dismiss(None)


class SettingRow(Static):
    """One row of the settings screen: the name and value, and under it a line saying
    what the value means.  A click selects the row; a click on the selected row changes
    its value."""

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
        self.update(head)

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
                 prefs_file: Path | None = None, shared: bool = False) -> None:
        super().__init__(classes="dialog-screen")
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
                                else "for this game")
                        head = Text(f"Rules of the game · {when}",
                                    style="bold underline")
                        head.append("   • not the standard game", style="not underline")
                        yield Static(head, classes="settings-section",
                                     id="settings-rules-head")
                    yield SettingRow(i, row)
            yield Static("", id="settings-hint")
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
        return list(self.query(SettingRow))

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
        self.query_one("#settings-hint", Static).update(hint)

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
