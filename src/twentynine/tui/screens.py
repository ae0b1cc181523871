"""Modal screens: the deal summary, game over, quit confirmation, the rules, the last
trick.  Each one shows values the engine produced; none computes a score or a winner."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from importlib import resources
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
from textual.screen import ModalScreen
from textual.widgets import Button, Static

from ..coach.phrases import signed
from ..common import house_reference
from ..engine.rules import SETTINGS, Rules
from ..engine.scoring import DealOutcome
from ..engine.views import TrickRecord
from .footer import TableFooter
from .intro import intro_card
from .prefs import Preferences
from .settings import RULE_ROWS, Choice
from .theme import BAD, GOLD, GOOD, INK, LINE, SKY
from .wording import HUMAN, TEAM_LONG, card_box, join_columns, seat_name


def rules_markdown() -> str:
    """The players' rules (docs/rules.md, packaged as twentynine/data/rules.md)."""
    return resources.files("twentynine").joinpath("data/rules.md").read_text(encoding="utf-8")


def every_setting_markdown() -> str:
    """The rules page's last part: every setting's flag, its row on the settings screen, its
    values and an example, built from the records (``rules.SETTINGS``)."""
    return house_reference.rules_page_part("Every setting", "twentynine rules --examples",
                                           (st.reference() for st in SETTINGS))


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
                # a single hand's stakes are its own, whatever the doubling before it
                times = f" x{o.multiplier}" if o.multiplier > 1 and o.single_hand is None else ""
                yield Static(f"Bid      {o.bid} by {seat_name(r, o.bidder)} "
                             f"({TEAM_LONG[o.bidder & 1]}){times}", id="sum-bid")
            else:
                yield Static("Bid      none", id="sum-bid")
            if o.single_hand is not None:
                whose = "your" if o.single_hand == HUMAN else f"{seat_name(r, o.single_hand)}'s"
                target = f"Target   all eight tricks ({whose} single hand)"
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
        Binding("n", "next_game", "new game"),  # shared: the table's next game
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
            return not self.shared  # a shared table's rules are the host's
        if action == "next_game":
            return self.shared  # asks the server; Enter only closes: it is everyone's game
        return True

    def __init__(self, winner: int, scores: tuple[int, int], reason: str = "",
                 shared: bool = False, ask: Callable[[], str | None] | None = None) -> None:
        """``shared``: a joined table, whose next game (the host's rules, the same seats)
        any player there may start with ``n``, which calls ``ask`` (it returns why the
        game cannot be asked for now, or None); the dialog stays open until the new game
        comes (the table then closes it).  Enter closes."""
        super().__init__(classes="dialog-screen")
        self.shared = shared
        self.ask = ask
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
                yield Static("The next game is played at this table: the same seats, new "
                             "cards. Anyone seated may start it.", id="over-host")
            with Horizontal(classes="dialog-buttons"):
                a = Button("Play again (n)", variant="primary", action="screen.again")
                o = Button("Settings (o)", action="screen.settings")
                g = Button("New game (n)", variant="primary", action="screen.next_game")
                q = Button("Close (q)" if self.shared else "Quit (q)",
                           action="screen.quit_game")
                _no_focus(a, o, g, q)
                if self.shared:
                    yield g
                else:
                    yield a
                    yield o
                yield q
        yield TableFooter()

    def action_again(self) -> None:
        self.dismiss("again")

    def action_next_game(self) -> None:
        why = self.ask() if self.ask is not None else None
        self.query_one("#over-host", Static).update(
            Text(f"{why}." if why else "Asking for the next game…", style="bold"))

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
    rules, docs/rules.md and every setting (built from the records), rendered, in one
    scrolling page."""

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
            yield RulesText(settings_markdown(self.rules) + rules_markdown() + "\n"
                            + every_setting_markdown(), id="rules-text")
        yield TableFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class TricksScreen(ModalScreen[None]):
    """The finished tricks of the deal in play, one at a time (the last one first): the
    cards in play order, the winner, the points, and trump shown during it.  ←→ go
    through the tricks; Esc (or ``l``, Enter) closes."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "earlier", key_display="←"),
        Binding("right", "step(1)", "later", key_display="→"),
        Binding("escape", "close", "close"),
        Binding("l", "close", "close", show=False),
        Binding("enter", "close", "close", show=False),
    ]

    def __init__(self, rules: Rules, tricks: Sequence[TrickRecord],
                 news: Sequence[str] = (), start: int | None = None) -> None:
        """``news[i]``: trump shown during trick ``i`` in words ('' if it was not);
        ``start``: the trick shown first (from 0; the last one by default)."""
        super().__init__(classes="dialog-screen")
        self.rules = rules
        self.tricks = list(tricks)
        self.news = list(news) + [""] * (len(self.tricks) - len(news))
        self.index = len(self.tricks) - 1 if start is None else start
        """The trick shown (from 0)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step" and parameters:  # the footer shows only a way that goes on
            n = parameters[0]
            return isinstance(n, int) and 0 <= self.index + n < len(self.tricks)
        return True

    def compose(self) -> ComposeResult:
        with Vertical(id="lasttrick", classes="dialog"):
            yield Static("", classes="dialog-title", id="trick-title")
            yield Static("", id="last-cards")
            yield Static("", id="last-result")
            yield Static("", id="last-news")
        yield TableFooter()

    def on_mount(self) -> None:
        self.show()

    def show(self) -> None:
        """Draw the trick at :attr:`index`."""
        t = self.tricks[self.index]
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
        n = len(self.tricks)
        more = " · ←→ other tricks" if n > 1 else ""
        self.query_one("#trick-title", Static).update(f"Trick {self.index + 1} of {n}{more}")
        self.query_one("#last-cards", Static).update(body)
        winner = seat_name(self.rules, t.winner)
        self.query_one("#last-result", Static).update(
            f"{seat_name(self.rules, t.leader)} led; "
            f"{'you' if winner == 'You' else winner} won it, {t.points} {pts}.")
        news = self.query_one("#last-news", Static)
        news.update(self.news[self.index])
        news.display = bool(self.news[self.index])
        self.refresh_bindings()

    def action_step(self, delta: int) -> None:
        """←→: the trick before or after (held at the first and the last)."""
        i = max(0, min(len(self.tricks) - 1, self.index + delta))
        if i != self.index:
            self.index = i
            self.show()

    def action_close(self) -> None:
        self.dismiss(None)
