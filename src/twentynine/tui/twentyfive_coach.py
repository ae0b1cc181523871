"""The coach at the Twenty-Five table: the hint panel (``i``), the review of the last deal
(``r`` once the deal is over), and the statistics screen with the coach's figures.

The table screen holds one :class:`RaceCoach`; it keeps the history
(:mod:`twentynine.coach.race_history`), records the deals as they finish
(:class:`~twentynine.coach.race_recorder.RaceRecorder`), and reviews each finished deal
in a worker thread, so the review is ready (and kept) by the time it is asked for.  The
hint searches in a worker thread too: the table never freezes."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.widgets import Footer, Static

from ..coach.phrases import count
from ..coach.race_hint import NoRaceHint, RaceHint, race_hint
from ..coach.race_history import RaceHistory, TableFigures, coach_stats, race_history_path
from ..coach.race_recorder import RaceRecorder
from ..coach.race_review import CLOSE, GOOD, MISTAKE, RaceReview, review_deal
from ..twentyfive import MoveKind, PlayerView, Stage
from ..twentyfive.happenings import Event, RaceWon
from ..twentyfive.race_stats import load_stats
from ..twentyfive.race_table import RaceTable
from .theme import GOLD, INK_SOFT
from .twentyfive_dialogs import RaceDialog, RaceOverScreen
from .twentyfive_widgets import SeatNames, seat_name

if TYPE_CHECKING:
    from .twentyfive_screen import RaceScreen


def hint_text(h: RaceHint, width: int) -> Text:
    """The hint as the panel shows it: the pick and how to make it, the reason, then every
    move with its race and trick chances, best first."""
    pick = h.options[0]
    t = Text("Hint: ", style=f"bold {GOLD}")
    t.append(pick.words, style="bold")
    if pick.move.kind is MoveKind.ROB and pick.move.card is not None:
        t.append(f" · press r, lay down the {pick.move.card.label}", style="bold")
    else:
        t.append(" · Enter plays it", style="bold")
    t.append("\n" + h.reason + "\n")
    whose = "team" if h.team else "you"
    pad = max(len(o.words) for o in h.options)
    t.append(f"{'move':<{pad}}  race  trick  ({whose})\n", style=INK_SOFT)
    for i, o in enumerate(h.options):
        line = f"{o.words:<{pad}}  {o.race_shown:3d}%  {o.trick_shown:4d}%"
        t.append(line + "\n", style="bold" if i == 0 else "")
    beyond = " · race: estimated beyond this deal, from the scores" if h.estimated else ""
    t.append(f"({h.worlds} deals, {h.seconds:.1f} s{beyond})", style=INK_SOFT)
    return t


class RaceHintPanel(Static):
    """The hint, under the trump line; hidden until ``i``."""

    DEFAULT_CSS = """
    RaceHintPanel { display: none; height: auto; max-height: 75%; padding: 0 1;
                    background: $felt-side; border-top: solid $gold; overflow-y: auto; }
    RaceHintPanel.shown { display: block; }
    """

    def __init__(self, id: str | None = None) -> None:
        super().__init__(id=id)
        self.hint: RaceHint | None = None
        self.asked: PlayerView | None = None

    @property
    def shown(self) -> bool:
        return self.has_class("shown")

    def ask(self, view: PlayerView) -> None:
        """Show the panel and search for ``view``'s hint."""
        self.asked = view
        self.hint = None
        self.add_class("shown")
        self.update(Text("Hint: thinking…", style=f"bold {GOLD}"))
        self.search(view)

    def close(self) -> None:
        self.asked = None
        self.remove_class("shown")

    @work(thread=True, exclusive=True, group="hint")
    def search(self, view: PlayerView) -> None:
        try:
            h = race_hint(view, names=seat_name)
        except NoRaceHint as exc:
            self.app.call_from_thread(self.update, Text(f"No hint: {exc}."))
            return
        self.app.call_from_thread(self.found, view, h)

    def found(self, view: PlayerView, h: RaceHint) -> None:
        if view != self.asked:
            return  # the table moved on
        self.hint = h
        self.update(hint_text(h, self.content_region.width or 40))
        screen = self.screen
        card = h.move.card
        if h.move.kind is MoveKind.PLAY and card is not None and card in view.hand:
            screen_sel = getattr(screen, "select_card", None)
            if callable(screen_sel):
                screen_sel(view.hand.index(card))


class RaceReviewScreen(RaceDialog[None]):
    """The review of a deal: its graded decisions, who won the race."""

    DEFAULT_CSS = "#rr-body { height: auto; max-height: 100%; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        # the keys of Twenty-Nine's review for the game's other deals
        Binding("pageup,[", "other_deal(-1)", "previous deal", key_display="[",
                priority=True),
        Binding("pagedown,]", "other_deal(1)", "next deal", key_display="]", priority=True),
        Binding("escape", "close", "close"),
        Binding("r", "close", "close", show=False),
        Binding("enter", "close", "close", show=False),
    ]

    def __init__(self, coach: RaceCoach, number: int) -> None:
        super().__init__()
        self.coach = coach
        self.number = number

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other_deal":
            return len(self.coach.deal_numbers()) > 1
        return True

    def action_other_deal(self, delta: int) -> None:
        """``[`` and ``]``: the review of the game's previous or next deal."""
        numbers = self.coach.deal_numbers()
        if self.number not in numbers:
            return
        i = max(0, min(len(numbers) - 1, numbers.index(self.number) + delta))
        if numbers[i] == self.number:
            return
        if self.coach.waiting.get(self.number) is self:
            del self.coach.waiting[self.number]
        self.number = numbers[i]
        self.coach.waiting[self.number] = self
        self.show(self.coach.review(self.number))

    def compose(self) -> ComposeResult:
        with Vertical(classes="rt-dialog"), VerticalScroll(id="rr-body"):
            yield Static(id="rr-text")
        yield Footer()

    def on_mount(self) -> None:
        self.show(self.coach.review(self.number))
        self.coach.waiting[self.number] = self

    def on_unmount(self) -> None:
        if self.coach.waiting.get(self.number) is self:
            del self.coach.waiting[self.number]

    def show(self, review: RaceReview | None, progress: str = "") -> None:
        t = Text(f"Review of deal {self.number}", style=f"bold {GOLD}")
        if review is None:
            t.append(f"\n\nReviewing the deal… {progress}", style=INK_SOFT)
        else:
            lines = review.lines()
            t.append("\n" + lines[0] + "\n")
            for line in lines[1:]:
                style = "bold" if line.startswith(MISTAKE) else (
                    INK_SOFT if not line.startswith((GOOD, CLOSE)) else "")
                t.append("\n" + line, style=style)
        numbers = self.coach.deal_numbers()
        browse = (f" · [ ] the other deals ({numbers.index(self.number) + 1} of "
                  f"{len(numbers)})" if len(numbers) > 1 and self.number in numbers else "")
        t.append(f"\n\nEsc closes{browse}", style=INK_SOFT)
        self.query_one("#rr-text", Static).update(t)

    def action_close(self) -> None:
        self.dismiss(None)


class RaceOverWithReview(RaceOverScreen):
    """The game-over screen, with ``r`` for the review of the last deal."""

    BINDINGS: ClassVar[list[BindingType]] = [
        *RaceOverScreen.BINDINGS,
        Binding("r", "review", "review the deal"),
    ]

    def __init__(self, view: PlayerView, won: RaceWon, coach: RaceCoach,
                 names: SeatNames | None = None) -> None:
        super().__init__(view, won, names)
        self.coach = coach

    def action_review(self) -> None:
        self.app.push_screen(RaceReviewScreen(self.coach, self.coach.last_deal()))


def figures_lines(f: TableFigures) -> list[str]:
    """The coach's figures in a few lines."""
    if not f.deals and not f.hints:
        return ["no deal kept yet"]
    per = "-" if f.tricks_a_deal is None else f"{f.tricks_a_deal:.1f}"
    out = [f"deals {f.deals} · your side's tricks a deal {per}",
           f"robbed {f.robs} of {f.could_rob} chances · held back a top trump "
           f"{f.held} of {f.could_hold} times",
           f"hints {f.hints} · mistakes {f.mistakes} in {count(f.reviewed, 'reviewed deal')}"]
    return out


def race_stats_text(stats_file: Path, history: RaceHistory) -> Text:
    """Games and wins by kind of table, and the coach's figures: the statistics screen's
    text, which ``twentynine stats --game twentyfive`` prints too."""
    stats = load_stats(stats_file)
    coach = coach_stats(history)
    t = Text("Your games of Twenty-Five", style=f"bold {GOLD}")
    for problem in (stats.problem, history.problem):
        if problem:
            t.append("\n" + problem)
    t.append(f"\n\nGames {stats.games} · won {stats.wins}")
    for line in figures_lines(coach.total):
        t.append("\n" + line)
    names = sorted(set(stats.tables) | set(coach.tables))
    for name in names:
        g, w = stats.tables.get(name, (0, 0))
        t.append(f"\n\n{name}: {g} played, {w} won", style="bold")
        if name in coach.tables:
            for line in figures_lines(coach.tables[name]):
                t.append("\n  " + line, style=INK_SOFT)
    return t


class RaceCoachStatsScreen(RaceDialog[None]):
    """Your Twenty-Five games and wins by kind of table, and the coach's figures."""

    DEFAULT_CSS = "#rs-body { height: auto; max-height: 100%; }"
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("t", "close", "close", show=False),
        Binding("enter", "close", "close", show=False),
    ]

    def __init__(self, stats_file: Path, history: RaceHistory) -> None:
        super().__init__()
        self.stats_file = stats_file
        self.history = history

    def compose(self) -> ComposeResult:
        with Vertical(classes="rt-dialog"), VerticalScroll(id="rs-body"):
            yield Static(race_stats_text(self.stats_file, self.history))
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


class RaceCoach:
    """The coach of one table screen."""

    def __init__(self, screen: RaceScreen, data_dir: Path | None) -> None:
        self.screen = screen
        self.history = RaceHistory(race_history_path(data_dir))
        # a seat at a hosted table sees its own cards only: the deal's record (every
        # hand, for the review's replay) stays with the server, so only the hint is here
        table = screen.table
        self.recorder: RaceRecorder | None = None
        if isinstance(table, RaceTable):
            self.recorder = RaceRecorder(table, self.history)
            self.recorder.stored = self.deal_stored
        self.reviews: dict[int, RaceReview] = {}
        self.waiting: dict[int, RaceReviewScreen] = {}
        self.busy: set[int] = set()

    @property
    def panel(self) -> RaceHintPanel:
        return self.screen.query_one(RaceHintPanel)

    # ------------------------------------------------------------- the hint
    def toggle_hint(self) -> str | None:
        """``i``: ask for the hint, or hide it; a refusal in words otherwise."""
        panel = self.panel
        if panel.shown:
            panel.close()
            return None
        view = self.screen.table.view()
        if view.stage is not Stage.PLAY or view.turn != view.seat:
            return "A hint is for your turn: wait until it is yours."
        if self.recorder is not None:
            self.recorder.note_hint()
        panel.ask(view)
        return None

    def on_events(self, events: Sequence[Event]) -> None:
        """The table moved: a hint shown is for a position gone."""
        if events and self.panel.shown:
            self.panel.close()

    # ------------------------------------------------------------- the review
    def last_deal(self) -> int:
        """The deal the review key opens: the one just finished."""
        return self.screen.table.view().number

    def deal_numbers(self) -> list[int]:
        """The game's deals kept in the history, in order (the review pages through
        them)."""
        if self.recorder is None:
            return []
        g = self.history.game(self.recorder.game_id)
        return sorted(d.number for d in g.deals) if g is not None else []

    def deal_stored(self, number: int) -> None:
        if self.screen.race_app.background_reviews:
            self.start_review(number)

    def review(self, number: int) -> RaceReview | None:
        """The review of deal ``number`` if made (else it is started)."""
        if number in self.reviews:
            return self.reviews[number]
        if self.recorder is None:
            return None
        kept = self.history.review_of(self.recorder.game_id, number)
        if kept is not None:
            self.reviews[number] = kept
            return kept
        self.start_review(number)
        return None

    def start_review(self, number: int) -> None:
        if number in self.busy or number in self.reviews or self.recorder is None:
            return
        g = self.history.game(self.recorder.game_id)
        if g is None or not any(d.number == number for d in g.deals):
            return
        self.busy.add(number)
        record = g.record
        self.screen.run_worker(lambda: self._review_worker(record, number), thread=True,
                               group="review", exclusive=False)

    def _review_worker(self, record: dict[str, object], number: int) -> None:
        app = self.screen.app

        def progress(k: int, n: int) -> None:
            app.call_from_thread(self._progress, number, f"{k} of {n} decisions")

        try:
            review = review_deal(record, number, names=seat_name, progress=progress)
        except ValueError as exc:
            app.call_from_thread(self._failed, number, str(exc))
            return
        app.call_from_thread(self._reviewed, review)

    def _progress(self, number: int, words: str) -> None:
        screen = self.waiting.get(number)
        if screen is not None:
            screen.show(None, words)

    def _failed(self, number: int, why: str) -> None:
        self.busy.discard(number)
        screen = self.waiting.get(number)
        if screen is not None:
            screen.show(None, f"(the deal could not be reviewed: {why})")

    def _reviewed(self, review: RaceReview) -> None:
        self.busy.discard(review.number)
        self.reviews[review.number] = review
        if self.recorder is not None:
            self.history.keep_review(self.recorder.game_id, review)
        screen = self.waiting.get(review.number)
        if screen is not None:
            screen.show(review)

    def open_review(self) -> str | None:
        """``r``: the review of the deal just finished; a refusal in words otherwise."""
        if self.recorder is None:
            return ("Reviews are made at your own table: at a hosted table the deal's "
                    "record stays with the server.")
        self.screen.app.push_screen(RaceReviewScreen(self, self.last_deal()))
        return None

    def open_stats(self, stats_file: Path) -> None:
        self.screen.app.push_screen(RaceCoachStatsScreen(stats_file, self.history))


__all__ = ["RaceCoach", "RaceCoachStatsScreen", "RaceHintPanel", "RaceOverWithReview",
           "RaceReviewScreen", "figures_lines", "hint_text", "race_stats_text"]
