"""Twenty-Five's dialogs: the rob chooser (the card to lay down), the game over, the
rules page, the settings (built from the engine's option records) and the statistics."""

from __future__ import annotations

from importlib import resources
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen, ScreenResultType
from textual.widgets import Footer, Static

from ..common import house_reference
from ..twentyfive import OPTIONS, Card, HouseRules, PlayerView, RaceWon
from ..twentyfive.bot_registry import LEVELS
from ..twentyfive.pack import is_trump, power
from ..twentyfive.race_table import save_settings
from .screens import RulesText
from .theme import GOLD, INK_SOFT
from .twentyfive_widgets import (
    SeatNames,
    card_text,
    last_trick_line,
    seat_name,
    table_words,
    trick_story,
    winner_words,
)


class RaceDialog(ModalScreen[ScreenResultType]):
    """A dialog over the dimmed table, centred: its box is the widget of class
    ``rt-dialog``.  The style names this class, so that every dialog deriving from it
    gets it (a screen's own CSS is scoped to what it contains: a rule for the screen
    itself must start with the screen's class name)."""

    DEFAULT_CSS = """
    RaceDialog { align: center middle; background: #000000 50%; }
    RaceDialog .rt-dialog { width: 64; max-width: 100%; height: auto; max-height: 100%;
                 border: round $gold; background: $felt-side; color: $ink; padding: 0 2; }
    """


def weakest(trump: int, cards: list[Card]) -> Card:
    """The card a robber most likely lays down: a plain card before any trump, the
    lowest of its suit (by the trump's orders), the lowest trump when all are trumps."""
    return min(cards, key=lambda c: (is_trump(trump, c), power(trump, c)))


def rules_markdown() -> str:
    """The rules page: docs/twentyfive.md, packaged as twentynine/data/twentyfive.md."""
    return resources.files("twentynine").joinpath("data/twentyfive.md").read_text(
        encoding="utf-8")

def every_option_markdown() -> str:
    """The rules page's last part: every option's flag, its row on the settings screen, its
    values and an example, built from the records (``house_rules.OPTIONS``)."""
    return house_reference.rules_page_part(
        "Every option", "twentynine rules --game twentyfive --examples",
        (o.reference() for o in OPTIONS))


class RobScreen(RaceDialog[Card | None]):
    """Rob the turned card: choose the card of your hand to lay face down (←→ or 1-5,
    Enter); Esc keeps your hand as it is."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "choose", key_display="←→"),
        Binding("right", "move(1)", "choose", show=False),
        *[Binding(str(d), f"pick({d})", "card", key_display="1-5", show=d == 1)
          for d in range(1, 7)],
        Binding("enter", "done", "lay it down", key_display="⏎"),
        Binding("escape", "cancel", "don't rob"),
    ]

    def __init__(self, view: PlayerView) -> None:
        super().__init__()
        self.view = view
        self.cards = list(view.hand)
        self.index = self.cards.index(weakest(view.trump, self.cards))
        """The chosen card: at first the weakest (never the ace of trumps by default)."""

    def compose(self) -> ComposeResult:
        with Vertical(classes="rt-dialog"):
            yield Static(id="rob-text")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        t = Text("Rob the ", style=f"bold {GOLD}")
        t.append_text(card_text(self.view.turned))
        t.append("\nIt joins your hand; lay one of your own cards face down (out of play "
                 "for this deal):\n\n")
        for i, c in enumerate(self.cards):
            mark = "▶" if i == self.index else " "
            t.append(f" {mark}{i + 1} ", style=f"bold {GOLD}" if i == self.index else "")
            label = card_text(c)
            if i == self.index:
                label.stylize("reverse")
            t.append_text(label)
            t.append("  ")
        chosen = self.cards[self.index]
        t.append("\n\nTo lay down: the ")
        t.append_text(card_text(chosen))
        if is_trump(self.view.trump, chosen):
            t.append(" (a trump: sure?)", style=f"bold {GOLD}")
        t.append("\nEnter lays the chosen card down · Esc: don't rob", style=INK_SOFT)
        self.query_one("#rob-text", Static).update(t)

    def action_move(self, step: int) -> None:
        self.index = (self.index + step) % len(self.cards)
        self.draw()

    def action_pick(self, n: int) -> None:
        if 1 <= n <= len(self.cards):
            self.index = n - 1
            self.draw()

    def action_done(self) -> None:
        self.dismiss(self.cards[self.index])

    def action_cancel(self) -> None:
        self.dismiss(None)


class RaceTricksScreen(RaceDialog[None]):
    """The deal's finished tricks, one at a time, the last one first: each card by its
    player, who led, who won and why.  ←→ go through them; Esc (or ``l``, Enter) closes."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "step(-1)", "earlier", key_display="←"),
        Binding("right", "step(1)", "later", key_display="→"),
        Binding("escape", "close", "close"),
        Binding("l", "close", "close", show=False),
        Binding("enter", "close", "close", show=False),
    ]

    def __init__(self, view: PlayerView, names: SeatNames = seat_name) -> None:
        super().__init__()
        self.view = view
        self.names = names
        self.index = len(view.tricks) - 1
        """The trick shown (from 0)."""

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "step" and parameters:  # only a way that goes somewhere is shown
            n = parameters[0]
            return isinstance(n, int) and 0 <= self.index + n < len(self.view.tricks)
        return True

    def compose(self) -> ComposeResult:
        with Vertical(classes="rt-dialog"):
            yield Static(id="rt-trick")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        t = trick_story(self.view, self.view.tricks[self.index], self.index + 1, self.names)
        n = len(self.view.tricks)
        more = "" if n == 1 else " · ←→ the other tricks of this deal"
        t.append(f"\n\nEsc closes{more}", style=INK_SOFT)
        self.query_one("#rt-trick", Static).update(t)

    def action_step(self, step: int) -> None:
        if 0 <= self.index + step < len(self.view.tricks):
            self.index += step
            self.draw()
            self.refresh_bindings()

    def action_close(self) -> None:
        self.dismiss(None)


class RaceOverScreen(RaceDialog[bool]):
    """Who won and how; Enter (or n) for a new game, q to quit."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("enter", "again", "new game", key_display="⏎"),
        Binding("n", "again", "new game", show=False),
        Binding("q", "leave", "quit"),
        Binding("escape", "leave", "quit", show=False),
    ]

    def __init__(self, view: PlayerView, won: RaceWon,
                 names: SeatNames | None = None) -> None:
        super().__init__()
        self.view = view
        self.won = won
        self.names: SeatNames = names or seat_name

    def compose(self) -> ComposeResult:
        mine = self.won.side == self.view.side
        t = Text("You win!" if mine else "Game over", style=f"bold {GOLD}")
        t.append("\n\n")
        t.append(winner_words(self.view, self.won, self.names))
        if self.view.tricks:  # the trick that ended it, hidden under this dialog
            t.append("\n\n")
            t.append_text(last_trick_line(self.view, self.names))
        t.append("\n\nFinal scores, highest first: ")
        rules = self.view.rules
        from .twentyfive_widgets import side_name

        ranked = sorted(enumerate(self.won.scores), key=lambda p: (-p[1], p[0]))
        t.append(" · ".join(f"{side_name(self.view, s, self.names)} {sc}"
                            for s, sc in ranked))
        t.append(f"\n({table_words(rules)})", style=INK_SOFT)
        t.append("\n\nEnter: a new game · q: quit", style=INK_SOFT)
        with Vertical(classes="rt-dialog"):
            yield Static(t, id="over-text")
        yield Footer()

    def action_again(self) -> None:
        self.dismiss(True)

    def action_leave(self) -> None:
        self.dismiss(False)


class RaceRulesScreen(ModalScreen[None]):
    """The rules page (docs/twentyfive.md) with this game's options first and every option
    (built from the records) last."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("question_mark", "close", "close", show=False),
        Binding("q", "close", "close", show=False),
    ]
    DEFAULT_CSS = "#rt-rules { background: $felt-side; padding: 0 1; }"

    def __init__(self, rules: HouseRules) -> None:
        super().__init__()
        self.rules = rules

    def compose(self) -> ComposeResult:
        words = table_words(self.rules)
        head = ("# This game\n\n" + words[:1].upper() + words[1:] + ".\n\n"
                "Keys: ←→ or the card's number choose a card, Enter plays it (and deals "
                "the next deal), r robs the turned card (or says why you may not), i a "
                "hint, r (once the deal is over) its review, l shows the deal's tricks, "
                "PgUp and PgDn page through the log, o settings, t statistics, ? this "
                "page, q quits (it asks first; the game is saved: "
                "`twentynine play --game twentyfive --resume`).\n\n")
        with VerticalScroll(id="rt-rules"):
            yield RulesText(head + rules_markdown() + "\n" + every_option_markdown(),
                            id="rt-rules-text")
        yield Footer()

    def on_mount(self) -> None:
        self.query_one("#rt-rules", VerticalScroll).focus()

    def action_close(self) -> None:
        self.dismiss(None)


class RaceSettingsScreen(RaceDialog[None]):
    """The options of the next game, one row each from the engine's option records, and
    the bots' level from the registry: ↑↓ choose a row, ←→ change it, Enter saves them as
    the defaults of new games, Esc leaves them as they were."""

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("up", "row(-1)", "row", key_display="↑↓"),
        Binding("down", "row(1)", "row", show=False),
        Binding("left", "value(-1)", "change", key_display="←→"),
        Binding("right", "value(1)", "change", show=False),
        Binding("enter", "save", "save", key_display="⏎"),
        Binding("escape", "close", "close"),
    ]

    def __init__(self, path: Path, rules: HouseRules, level: str) -> None:
        super().__init__()
        self.path = path
        self.values = {o.field: o.value_text(rules) for o in OPTIONS}
        self.values["bots"] = level
        self.row = 0
        self.note = ""

    def rows(self) -> list[tuple[str, str, tuple[str, ...], str]]:
        """(field, name, choices, meaning of the value) for every row."""
        out = [(o.field, o.name, o.choices, o.says(o.means, self.values[o.field]))
               for o in OPTIONS]
        names = tuple(lv.name for lv in LEVELS)
        about = {lv.name: lv.about for lv in LEVELS}
        out.append(("bots", "Computer players", names, about.get(self.values["bots"], "")))
        return out

    def compose(self) -> ComposeResult:
        with Vertical(classes="rt-dialog"):
            yield Static(id="rt-settings")
        yield Footer()

    def on_mount(self) -> None:
        self.draw()

    def draw(self) -> None:
        t = Text("Settings for new games of Twenty-Five", style=f"bold {GOLD}")
        for i, (field, name, _, means) in enumerate(self.rows()):
            sel = i == self.row
            t.append("\n▶ " if sel else "\n  ", style=f"bold {GOLD}")
            t.append(f"{name:<24}", style="bold" if sel else "")
            t.append(f"◀ {self.values[field]} ▶" if sel else f"  {self.values[field]}")
            if sel:
                t.append(f"\n    {means}", style=INK_SOFT)
        t.append("\n\n" + (self.note or "Enter saves them for the next new game; the game "
                           "in play keeps its options."), style=INK_SOFT)
        self.query_one("#rt-settings", Static).update(t)

    def action_row(self, step: int) -> None:
        self.row = (self.row + step) % len(self.rows())
        self.draw()

    def action_value(self, step: int) -> None:
        field, _, choices, _ = self.rows()[self.row]
        i = choices.index(self.values[field]) if self.values[field] in choices else 0
        self.values[field] = choices[(i + step) % len(choices)]
        self.note = ""
        self.draw()

    def chosen_rules(self) -> HouseRules:
        fields = {o.field: o.value(self.values[o.field]) for o in OPTIONS}
        return HouseRules(**fields)  # type: ignore[arg-type]

    def action_save(self) -> None:
        try:
            rules = self.chosen_rules()
        except ValueError as exc:
            self.note = f"Not saved: {exc}"
            self.draw()
            return
        problem = save_settings(self.path, rules, self.values["bots"])
        if problem:
            self.note = problem
            self.draw()
            return
        self.dismiss(None)

    def action_close(self) -> None:
        self.dismiss(None)
