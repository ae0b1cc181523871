"""The review screen: a finished deal trick by trick, each decision of the player's graded
against the search, and the deal's result; ``twentynine review`` opens it on its own.

The grades come from :mod:`twentynine.coach.review` (computed in a worker thread, with a
progress bar); this module only lays them out.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.screen import ModalScreen
from textual.widgets import Footer, ProgressBar, Static

from ...coach.history import DealRow, History, HistoryError, open_history
from ...coach.phrases import signed
from ...coach.review import (
    BY_TABLE,
    RULE_WORDS,
    Grade,
    Grader,
    Review,
    cached_review,
    review_deal,
    strongest_hint,
)
from ...engine.cards import CARDS, SUIT_NAMES, mask_cards
from ...engine.deal import Deal
from ...engine.events import Event, TrumpShown
from ...engine.records import replay_deal
from ...engine.scoring import DealOutcome
from ..wording import card_text, seat_name

COACH_CSS = """
ReviewScreen, StatsScreen { align: center middle; }
#review-box, #stats-box {
    width: 96%; height: 94%; border: round $accent; background: $surface; padding: 0 1;
}
#review-title, #stats-title { text-style: bold; color: $accent; height: 1; }
#review-progress { height: 1; }
#review-body, #stats-body { height: 1fr; }
"""


# --------------------------------------------------------------------------- words
def _cards(mask: int) -> Text:
    t = Text()
    for i, c in enumerate(mask_cards(mask)):
        if i:
            t.append(" ")
        t.append_text(card_text(CARDS[c]))
    return t


def _name(deal: Deal, seat: int, me: int) -> str:
    return "You" if seat == me else seat_name(deal.rules, seat, you=False)


def deal_text(deal: Deal, me: int) -> Text:
    """All four hands as dealt (first four | second four), the auction and the trump."""
    out = Text()
    out.append("Hands as dealt (first four | second four)\n", style="bold")
    # the bar in one column: a ten is a cell wider than the other cards
    bar = max(_cards(deal.first[s]).cell_len for s in range(4))
    for k in range(4):
        s = (deal.dealer + 1 + k) & 3
        out.append(f"  {_name(deal, s, me):6} ")
        first = _cards(deal.first[s])
        out.append_text(first)
        out.append(" " * (bar - first.cell_len) + "  |  ")
        out.append_text(_cards(deal.second[s]))
        if s == deal.dealer:
            out.append("   (dealer)", style="dim")
        out.append("\n")
    out.append("\nAuction: ", style="bold")
    bids = [f"{_name(deal, s, me)} {b if b else 'pass'}" for s, b in deal.bids]
    out.append(", ".join(bids) if bids else "none")
    out.append("\n")
    o = deal.outcome
    if deal.bidder >= 0:
        out.append("Contract: ", style="bold")
        out.append(f"{_name(deal, deal.bidder, me)} at {deal.high_bid}")
        if deal.multiplier > 1:
            out.append(" doubled" if deal.multiplier == 2 else " redoubled")
        if deal.single >= 0:
            who = "you" if deal.single == me else _name(deal, deal.single, me)
            out.append(f", then a single hand by {who}")
        out.append("\n")
    trump = _trump_card(deal)
    if trump is not None or deal.trump_suit >= 0 or deal.no_trump:
        out.append("Trump: ", style="bold")
        if deal.no_trump:
            out.append("no trumps")
        else:
            if trump is not None:
                out.append_text(card_text(CARDS[trump]))
                out.append(" face down, ")
            out.append(SUIT_NAMES[deal.trump_suit])
            if deal.shown_trick >= 0:
                out.append(f"; shown in trick {deal.shown_trick + 1}")
            else:
                out.append("; never shown")
        out.append("\n")
    if o is not None and o.thrown_in:
        out.append(f"Thrown in: {o.thrown_in}\n")
    return out


def _trump_card(deal: Deal) -> int | None:
    """The card the bidder laid face down (from the record of actions)."""
    for a in deal.actions:
        if 32 <= a.code < 64:
            return a.code & 31
    return None


def _why(deal: Deal, k: int) -> str:
    lead, cards, win, _pts = deal.history[k]
    seats = deal.trick_seats(lead)
    wcard = CARDS[cards[seats.index(win)]]
    led = CARDS[cards[0]].suit
    trump_on = deal.trump_suit >= 0 and 0 <= deal.shown_trick <= k
    if trump_on and wcard.suit == deal.trump_suit and led != deal.trump_suit:
        return f"{wcard.label} trumped"
    return f"{wcard.label} was the highest {SUIT_NAMES[led][:-1]}"


def trick_text(deal: Deal, k: int, me: int, asker: int | None = None) -> Text:
    """Trick ``k`` (0-based): who led, each card, who won it and why, the points; and in
    the trick where trump was shown, who asked for it (``asker``; None: it turned up by
    itself)."""
    lead, cards, win, pts = deal.history[k]
    seats = deal.trick_seats(lead)
    out = Text()
    out.append(f"Trick {k + 1}", style="bold")
    out.append(f"  ({_name(deal, lead, me)} led)\n")
    for s, c in zip(seats, cards, strict=False):
        out.append(f"  {_name(deal, s, me):6} ")
        out.append_text(card_text(CARDS[c]))
        if s == win:
            out.append("  ← wins", style="bold green" if (win & 1) == (me & 1) else "bold red")
        out.append("\n")
    out.append(f"{_name(deal, win, me)} won it: {_why(deal, k)}; {pts} "
               f"point{'s' if pts != 1 else ''}.\n")
    if deal.shown_trick == k:
        why = (", by itself" if asker is None else
               f": {_name(deal, asker, me)} could not follow suit" if deal.rules.ask == "auto"
               else f": {_name(deal, asker, me)} asked for it")
        out.append(f"Trump was shown in this trick{why}.\n", style="yellow")
    return out


def trump_asker(events: list[Event]) -> int | None:
    """The seat that asked for trump in a deal's events (None: nobody asked)."""
    return next((e.seat for e in events if isinstance(e, TrumpShown)), None)


AGREED = "The search's choice too."


def dd_words(g: Grade) -> str:
    """The double-dummy verdict on a card, said as its own fact: what was best with every
    hand seen, which the player could not see; under a ✗ it does not undo the grade."""
    head = "Double dummy, every hand seen (not what you could know): "
    if g.dd_loss is not None and g.dd_loss < 0.01:
        taken = _subject(g.taken, "the ")
        if g.mistake:
            return (f"{head}as the cards lay, {taken} was as good as any card; the ✗ is on "
                    f"the odds you could see then.")
        return f"{head}as the cards lay, {taken} was as good as any card."
    return (f"{head}as the cards lay, {_subject(g.dd_best or '')} was "
            f"{g.dd_loss or 0.0:.2f} game points better.")


def _subject(words: str, article: str = "") -> str:
    """An action's words as the subject of a sentence: ``the 9♣``, ``asking for trump``
    (not "the ask for trump")."""
    if words == "ask for trump":
        return "asking for trump"
    if words == "declare the pair":
        return "declaring the pair"
    return f"{article}{words}"


def grades_text(grades: list[Grade]) -> Text:
    """The player's decisions: the search's grade, and apart, the double-dummy one.
    Decisions in a row that were the search's own choice share one line."""
    out = Text()
    if not grades:
        return out
    out.append("\nYour decisions (graded from what you could see then)\n", style="bold")
    if not all(g.by_table for g in grades):  # the rule the ✓ and ✗ follow
        out.append(f"{RULE_WORDS}\n", style="dim")
    i = 0
    while i < len(grades):
        g = grades[i]
        if g.by_table:  # the table played them (the deal finished with f): no grade
            run = [g]
            while i + len(run) < len(grades) and grades[i + len(run)].by_table:
                run.append(grades[i + len(run)])
            out.append("· ", style="dim")
            out.append(", ".join(x.taken for x in run))
            out.append(f": {BY_TABLE}, not graded\n", style="dim")
            i += len(run)
            continue
        if not g.mistake and g.reason == AGREED and g.dd_loss is None:
            run = [g]
            while i + len(run) < len(grades):
                nxt = grades[i + len(run)]
                if nxt.mistake or nxt.reason != AGREED or nxt.dd_loss is not None:
                    break
                run.append(nxt)
            out.append("✓ ", style="green")
            out.append(", ".join(x.taken for x in run))
            out.append(": the search's choice too" if len(run) == 1 else
                       ": each the search's choice too", style="dim")
            out.append("\n")
            i += len(run)
            continue
        mark = {"✗": ("✗ ", "bold red"), "~": ("~ ", "yellow")}.get(g.mark, ("✓ ", "green"))
        out.append(mark[0], style=mark[1])
        if g.mistake:
            out.append(g.reason, style="red")
        elif g.reason == AGREED:
            out.append(g.taken)
            out.append(": the search's choice too", style="dim")
        else:
            out.append(f"{g.taken}: ")
            reason = g.reason
            if reason[1:2].islower():  # mid-sentence after "bid 19: " ("Close to" read odd)
                reason = reason[0].lower() + reason[1:]
            # the reason says every figure it weighs: a cost only where the rule counts one
            out.append(reason.rstrip(".") + ".")
        out.append("\n")
        if g.dd_loss is not None:
            out.append(f"    {dd_words(g)}\n", style="dim")
        i += 1
    return out


def result_text(deal: Deal, review: Review | None, me: int) -> Text:
    """The score of the deal, the pair, and your result beside hard's in your seat."""
    out = Text()
    o: DealOutcome | None = deal.outcome
    if o is None:
        return out
    out.append("Result\n", style="bold")
    us = me & 1
    if o.single_hand is not None:
        who = "you" if o.single_hand == me else _name(deal, o.single_hand, me)
        out.append(f"Single hand by {who}: all eight tricks needed; "
                   f"tricks: your side {o.tricks[us]}, the other side "
                   f"{o.tricks[1 - us]}; the single hand was {'made' if o.made else 'lost'}.\n")
    elif o.thrown_in is None and o.bidder >= 0:
        out.append(f"Target {o.target}; card points: your side {o.card_points[us]}, "
                   f"the other side {o.card_points[1 - us]}; "
                   f"the contract was {'made' if o.made else 'missed'}.\n")
    if o.pair_team is not None and deal.pair_seat >= 0:
        out.append(f"Pair declared by {_name(deal, deal.pair_seat, me)}.\n")
    g = o.game_points
    out.append(f"Game points this deal: your side {signed(g[us])}, the other side "
               f"{signed(g[1 - us])}; score after: "
               f"{signed(deal.after_scores()[us])} to {signed(deal.after_scores()[1 - us])}.\n")
    if review is not None:
        y, h = review.you, review.hard
        out.append("\nYou               ", style="bold")
        out.append(y.words() + "\n")
        out.append("Hard in your seat ", style="bold")
        out.append(h.words() + "\n")
        out.append(f"  ({review.replay_note})\n", style="dim")
        n = len(review.mistakes)
        out.append(f"{_mistakes(n).capitalize()} found.\n",
                   style="bold red" if n else "bold green")
        for m in review.mistakes:
            out.append(f"  • {m.reason}\n")
    return out


def _mistakes(n: int) -> str:
    return "no mistake" if n == 0 else f"{n} mistake{'s' if n != 1 else ''}"


class Hanging:
    """Lines of text that keep their indent when they wrap: a continuation starts under
    the first word after the line's leading spaces and its mark (•, ✓, ~, ✗, · or an opening
    parenthesis), not at the left edge.

    >>> from rich.console import Console
    >>> console = Console(width=24, file=open(os.devnull, "w"))
    >>> with console.capture() as out:
    ...     console.print(Hanging(Text("  • a reason long enough to wrap")))
    >>> print(out.get().rstrip())
      • a reason long enough
        to wrap
    """

    def __init__(self, text: Text) -> None:
        self.text = text

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        for line in self.text.split("\n"):
            plain = line.plain
            hang = len(plain) - len(plain.lstrip(" "))
            mark = plain[hang:hang + 2]
            marks = ("• ", "✓ ", "~ ", "✗ ", "· ")
            hang += 2 if mark in marks else 1 if mark.startswith("(") else 0
            if line.cell_len <= width or hang > width // 2:
                yield line
                continue
            for i, part in enumerate(line[hang:].wrap(console, width - hang)):
                yield Text.assemble(line[:hang] if i == 0 else " " * hang, part)


# --------------------------------------------------------------------------- review
class ReviewScreen(ModalScreen[None]):
    """A finished deal, stepped with the arrow keys: the deal (hands, auction, trump),
    each trick, the result; the player's decisions graded as the review comes in."""

    DEFAULT_CSS = COACH_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        # priority: the scrolling body would take the arrows for itself (↑↓ still scroll)
        Binding("left", "step(-1)", "previous", key_display="←", priority=True),
        Binding("right", "step(1)", "next", key_display="→", priority=True),
        Binding("home", "jump(0)", "start", show=False, priority=True),
        Binding("end", "jump(99)", "result", show=False, priority=True),
        Binding("pageup,[", "other_deal(-1)", "previous deal", key_display="[",
                priority=True),
        Binding("pagedown,]", "other_deal(1)", "next deal", key_display="]", priority=True),
        Binding("escape", "close", "close"),
        Binding("q", "close", "close", show=False),
    ]

    def __init__(self, record: dict[str, Any], seat: int = 0, *,
                 history: History | None = None, row: DealRow | None = None,
                 review: Review | None = None, rows: list[DealRow] | None = None,
                 grader: Grader = strongest_hint) -> None:
        """Review ``record``; with ``rows`` (the deals of a game, ``row`` among them) the
        page keys move to the other deals.  A deal from the history is replayed with
        ``hard`` in your seat and the table's own bots and seeds; a record file with
        fixed seeds (the screen says which)."""
        super().__init__()
        self.record = record
        self.seat = seat
        self.deal, events = replay_deal(record)
        self.asker = trump_asker(events)
        self.history = history
        self.row = row
        self.rows = rows or ([row] if row is not None else [])
        self.review = review
        self.grader = grader
        """What grades each decision: the strongest bot's hint (tests pass a quicker one)."""
        self.step = 0
        self.error: str | None = None

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "other_deal":
            return len(self.rows) > 1
        return True

    def action_other_deal(self, delta: int) -> None:
        if self.row is None or len(self.rows) < 2:
            return
        ids = [r.id for r in self.rows]
        i = max(0, min(len(ids) - 1, ids.index(self.row.id) + delta))
        if self.rows[i].id == self.row.id:
            return
        self.row = self.rows[i]
        self.record = self.row.record
        self.seat = self.row.seat
        self.deal, events = replay_deal(self.record)
        self.asker = trump_asker(events)
        self.review = None
        self.error = None
        self.step = 0
        bar = self.query_one("#review-progress", ProgressBar)
        bar.update(total=1, progress=0)
        bar.display = True
        self._compute()
        self._render_step()

    @property
    def steps(self) -> int:
        """The deal, each trick, the result."""
        return len(self.deal.history) + 2

    def compose(self) -> ComposeResult:
        with Vertical(id="review-box"):
            yield Static("", id="review-title")
            yield ProgressBar(total=1, show_eta=False, id="review-progress")
            with VerticalScroll(id="review-body"):
                yield Static("", id="review-text")
        yield Footer()

    def on_mount(self) -> None:
        if self.review is None:
            self._compute()
        else:
            self.query_one("#review-progress", ProgressBar).display = False
        self._render_step()

    @work(thread=True, exclusive=True)
    def _compute(self) -> None:
        token = self.row.id if self.row is not None else None

        def progress(done: int, total: int) -> None:
            self.app.call_from_thread(self._progress, token, done, total)

        try:
            if self.history is not None and self.row is not None:
                # a connection of this thread's own (sqlite3 connections stay in theirs)
                opened = open_history(self.history.path)
                if opened.history is None:
                    raise HistoryError(opened.message or "the history cannot be opened")
                try:
                    rev = cached_review(opened.history, self.row, progress=progress,
                                        grader=self.grader)
                finally:
                    opened.history.close()
            else:
                rev = review_deal(self.record, self.seat, progress=progress,
                                  grader=self.grader)
        except Exception as exc:  # shown, never crashes the table
            self.app.call_from_thread(self._failed, token, f"{type(exc).__name__}: {exc}")
            return
        self.app.call_from_thread(self._done, token, rev)

    def _current(self, token: int | None) -> bool:
        return token == (self.row.id if self.row is not None else None)

    def _progress(self, token: int | None, done: int, total: int) -> None:
        if self._current(token):
            bar = self.query_one("#review-progress", ProgressBar)
            bar.update(total=total, progress=done)

    def _done(self, token: int | None, review: Review) -> None:
        if not self._current(token):
            return  # the player moved to another deal meanwhile
        self.review = review
        self.query_one("#review-progress", ProgressBar).display = False
        self._render_step()

    def _failed(self, token: int | None, message: str) -> None:
        if not self._current(token):
            return
        self.error = message
        self._render_step()

    def _grades(self, trick: int | None) -> list[Grade]:
        if self.review is None:
            return []
        return [g for g in self.review.grades if g.trick == trick]

    def body(self) -> RenderableType:
        """What the current step shows."""
        d = self.deal
        parts: list[RenderableType] = []
        if self.step == 0:
            parts.append(deal_text(d, self.seat))
            parts.append(grades_text(self._grades(None)))
        elif self.step <= len(d.history):
            parts.append(trick_text(d, self.step - 1, self.seat, self.asker))
            parts.append(grades_text(self._grades(self.step)))
        else:
            parts.append(result_text(d, self.review, self.seat))
        if self.review is None:
            parts.append(Text("\nReviewing your decisions…" if self.error is None else
                              f"\nThe review failed: {self.error}", style="italic"))
        return Group(*(Hanging(p) if isinstance(p, Text) else p for p in parts))

    def body_text(self) -> str:
        """The current step as plain text (for tests and screen readers)."""
        from rich.console import Console

        console = Console(width=120, record=True, file=open(os.devnull, "w"))  # noqa: SIM115
        console.print(self.body())
        text = console.export_text()
        console.file.close()
        return text

    def _render_step(self) -> None:
        d = self.deal
        where = ("the deal" if self.step == 0 else
                 f"trick {self.step} of {len(d.history)}" if self.step <= len(d.history)
                 else "the result")
        mistakes = "" if self.review is None else f" · {_mistakes(len(self.review.mistakes))}"
        others = f" · deal {self._position()} ([ ])" if len(self.rows) > 1 else ""
        self.query_one("#review-title", Static).update(
            f"Review of deal {d.number}: {where} (← →){mistakes}{others}")
        self.query_one("#review-text", Static).update(self.body())

    def _position(self) -> str:
        ids = [r.id for r in self.rows]
        i = ids.index(self.row.id) if self.row is not None and self.row.id in ids else 0
        return f"{i + 1} of {len(ids)}"

    def action_step(self, delta: int) -> None:
        self.step = max(0, min(self.steps - 1, self.step + delta))
        self._render_step()

    def action_jump(self, where: int) -> None:
        self.step = max(0, min(self.steps - 1, where))
        self._render_step()

    def action_close(self) -> None:
        self.dismiss(None)


# --------------------------------------------------------------------------- statistics

# --------------------------------------------------------------------------- standalone
class ReviewApp(App[None]):
    """``twentynine review``: the review screen on its own."""

    def __init__(self, screen_factory: Callable[[], ReviewScreen]) -> None:
        super().__init__()
        self._factory = screen_factory

    def on_mount(self) -> None:
        self.push_screen(self._factory(), lambda _r: self.exit())


def run_review(record: dict[str, Any], seat: int, history: History | None,
               row: DealRow | None) -> int:
    """Open the review screen for a record (from the history or a file)."""
    app = ReviewApp(lambda: ReviewScreen(record, seat, history=history, row=row))
    app.run()
    return 0
