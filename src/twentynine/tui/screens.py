"""Modal screens: the deal summary, game over, quit confirmation, the rules, the last
trick.  Each one shows values the engine produced; none computes a score or a winner."""

from __future__ import annotations

from importlib import resources
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Button, Footer, Markdown, Static

from ..rules import PRESETS, SETTINGS, Rules, RulesError, setting_text, with_setting
from ..scoring import DealOutcome
from ..views import TrickRecord
from .text import TEAM_LONG, card_box, join_columns, seat_name, signed
from .theme import BAD, CORAL, GOOD


def rules_markdown() -> str:
    """The players' rules (docs/rules.md, packaged as twentynine/data/rules.md)."""
    return resources.files("twentynine").joinpath("data/rules.md").read_text(encoding="utf-8")


def settings_markdown(rules: Rules) -> str:
    """A short section on this game's settings that differ from the standard game."""
    std = Rules()
    rows = []
    for st in SETTINGS:
        value = setting_text(rules, st.field)
        if value != setting_text(std, st.field):
            rows.append(f"| `{st.flag} {value}` | {st.help} |")
    if not rows:
        return ""
    head = ("# This game's settings\n\nThis game differs from the standard game "
            "described below in these settings:\n\n| setting | what it means |\n|---|---|\n")
    return head + "\n".join(rows) + "\n\n"


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
        Binding("enter", "next", "next deal"),
        Binding("space", "next", "next deal", show=False),
        Binding("n", "next", "next deal", show=False),
        Binding("q", "app.request_quit", "quit"),
    ]

    def __init__(self, rules: Rules, number: int, outcome: DealOutcome,
                 scores: tuple[int, int], game_over: bool) -> None:
        super().__init__(classes="dialog-screen")
        self.rules = rules
        self.number = number
        self.outcome = outcome
        self.scores = scores
        self.game_over = game_over

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
        yield Footer()

    def action_next(self) -> None:
        self.dismiss(None)


class GameOverScreen(ModalScreen[str]):
    """Who won; then ``again``, ``settings`` (a new game with other settings) or ``quit``."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("n", "again", "play again"),
        Binding("enter", "again", "play again", show=False),
        Binding("o", "settings", "settings"),
        Binding("q", "quit_game", "quit"),
        Binding("escape", "quit_game", "quit", show=False),
    ]

    def __init__(self, winner: int, scores: tuple[int, int]) -> None:
        super().__init__(classes="dialog-screen")
        self.winner = winner
        self.scores = scores

    def compose(self) -> ComposeResult:
        with Vertical(id="gameover", classes="dialog"):
            yield Static("Game over", classes="dialog-title")
            who = "You and North win!" if self.winner == 0 else "East and West win."
            yield Static(Text(who, style=f"bold {GOOD}" if self.winner == 0 else f"bold {BAD}"),
                         id="over-winner")
            yield Static(f"Final score  {TEAM_LONG[0]} {signed(self.scores[0])} · "
                         f"{TEAM_LONG[1]} {signed(self.scores[1])}", id="over-score")
            with Horizontal(classes="dialog-buttons"):
                a = Button("Play again (n)", variant="primary", action="screen.again")
                o = Button("Settings (o)", action="screen.settings")
                q = Button("Quit (q)", action="screen.quit_game")
                _no_focus(a, o, q)
                yield a
                yield o
                yield q
        yield Footer()

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

    def __init__(self, note: str = "") -> None:
        super().__init__(classes="dialog-screen")
        self.note = note

    def compose(self) -> ComposeResult:
        with Vertical(id="quit", classes="dialog"):
            yield Static("Quit the game?", classes="dialog-title")
            yield Static("Your game will be saved: continue it later with "
                         "twentynine play --resume")
            if self.note:
                yield Static(self.note, classes="dialog-note")
            with Horizontal(classes="dialog-buttons"):
                y = Button("Save and quit (y)", variant="error", action="screen.yes")
                n = Button("Keep playing (n)", action="screen.no")
                _no_focus(y, n)
                yield y
                yield n
        yield Footer()

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
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class RulesScreen(ModalScreen[None]):
    """docs/rules.md, rendered."""

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
            yield Markdown(settings_markdown(self.rules) + rules_markdown(), id="rules-text")
        yield Footer()

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

    def __init__(self, rules: Rules, trick: TrickRecord, number: int) -> None:
        super().__init__(classes="dialog-screen")
        self.rules = rules
        self.trick = trick
        self.number = number

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
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class SettingsView(Static):
    """The list of settings with the cursor's row marked (a window around the cursor)."""


class SettingsScreen(ModalScreen["Rules | None"]):
    """Every rule setting with its explanation: ↑↓ choose, ←→ change, Enter plays with
    them, s also keeps them as the default for new games.  Dismissed with the chosen rules
    (None: cancelled); ``saved`` tells whether they should become the default."""

    CSS_PATH = "screens.tcss"

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "cursor(-1)", "setting", key_display="↑↓"),
        Binding("down", "cursor(1)", "setting", show=False),
        Binding("right", "change(1)", "change", key_display="←→"),
        Binding("left", "change(-1)", "change", show=False),
        Binding("space", "change(1)", "change", show=False),
        Binding("p", "preset", "preset"),
        Binding("enter", "use", "play"),
        Binding("s", "save", "save as default"),
        Binding("escape", "cancel", "cancel"),
    ]

    def __init__(self, rules: Rules) -> None:
        super().__init__(classes="dialog-screen")
        self.rules = rules
        self.cursor = 0
        self.saved = False
        self.message = ""
        self._preset = -1

    def compose(self) -> ComposeResult:
        with Vertical(id="settings", classes="dialog"):
            yield Static("Rule settings for a new game", classes="dialog-title")
            yield SettingsView(id="settings-list")
            yield Static("", id="settings-help")
        yield Footer()

    def on_mount(self) -> None:
        self._show()

    def on_resize(self) -> None:
        self._show()

    def _show(self) -> None:
        std = Rules()
        rows = max(5, self.app.size.height - 12)
        start = max(0, min(self.cursor - rows // 2, len(SETTINGS) - rows))
        t = Text()
        for i, st in enumerate(SETTINGS[start:start + rows], start):
            value = setting_text(self.rules, st.field)
            mark = "*" if value != setting_text(std, st.field) else " "
            line = Text(f"{'▶' if i == self.cursor else ' '} {st.flag:<20} {mark} < {value} >")
            if i == self.cursor:
                line.stylize("bold reverse")
            if i > start:
                t.append("\n")
            t.append_text(line)
        self.query_one("#settings-list", Static).update(t)
        help_text = Text(SETTINGS[self.cursor].help, style="italic")
        if self.message:
            help_text = Text(self.message, style=f"bold {CORAL}")
        self.query_one("#settings-help", Static).update(help_text)

    def action_cursor(self, delta: int) -> None:
        self.cursor = (self.cursor + delta) % len(SETTINGS)
        self.message = ""
        self._show()

    def action_change(self, delta: int) -> None:
        """The next (or previous) value of the setting that fits with the others."""
        st = SETTINGS[self.cursor]
        current = setting_text(self.rules, st.field)
        n = len(st.choices)
        i = st.choices.index(current) if current in st.choices else 0
        self.message = ""
        for k in range(1, n):
            text = st.choices[(i + delta * k) % n]
            try:
                self.rules = with_setting(self.rules, st.field, text)
                break
            except RulesError as exc:
                self.message = str(exc)
        else:
            self.message = self.message or "this setting has no other value with the others"
        if setting_text(self.rules, st.field) != current:
            self.message = ""
        self._show()

    def action_preset(self) -> None:
        """Cycle through the named presets."""
        names = list(PRESETS)
        self._preset = (self._preset + 1) % len(names)
        self.rules = PRESETS[names[self._preset]]
        self.message = f"preset: {names[self._preset]}"
        self._show()

    def action_use(self) -> None:
        self.dismiss(self.rules)

    def action_save(self) -> None:
        self.saved = True
        self.dismiss(self.rules)

    def action_cancel(self) -> None:
        self.dismiss(None)
