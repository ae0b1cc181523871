"""The coach at the table: the review screen, the statistics screen and the hint panel.

The numbers come from :mod:`twentynine.coach`; this module only lays them out.  Long
computations (a hint, a review) run in worker threads; the screens show a "thinking"
state and stay responsive.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, Group, RenderableType, RenderResult
from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Vertical, VerticalScroll
from textual.dom import NoScreen
from textual.message import Message
from textual.screen import ModalScreen
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Footer, ProgressBar, Static

from ..actions import (
    DOUBLE_CODE,
    NO_TRUMPS_CODE,
    PAIR_CODE,
    PASS_CODE,
    REDEAL_CODE,
    REDOUBLE_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    Action,
    ActionKind,
)
from ..cards import CARDS, SUIT_NAMES, mask_cards
from ..coach.hint import Hint, Option, action_words, hint
from ..coach.history import DealRow, History, HistoryError, history_path, open_history
from ..coach.recorder import DealRecorder
from ..coach.review import Grade, Grader, Review, cached_review, review_deal, strongest_hint
from ..coach.stats import Stats, compute_stats
from ..deal import Deal
from ..events import Event, TrumpShown
from ..records import replay_deal
from ..scoring import DealOutcome
from ..views import SeatView
from .stats_table import stats_renderable
from .text import card_text, seat_name, signed
from .widgets import HandView

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


def grades_text(grades: list[Grade]) -> Text:
    """The player's decisions: the search's grade, and apart, the double-dummy one.
    Decisions in a row that were the search's own choice share one line."""
    out = Text()
    if not grades:
        return out
    out.append("\nYour decisions (graded from what you could see then)\n", style="bold")
    i = 0
    while i < len(grades):
        g = grades[i]
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
        mark = ("✗ ", "bold red") if g.mistake else ("✓ ", "green")
        out.append(mark[0], style=mark[1])
        if g.mistake:
            out.append(g.reason, style="red")
        elif g.reason == AGREED:
            out.append(g.taken)
            out.append(": the search's choice too", style="dim")
        else:
            out.append(f"{g.taken}: ")
            reason = g.reason.rstrip(".")
            if reason[1:2].islower():  # mid-sentence after "bid 19: " ("Close to" read odd)
                reason = reason[0].lower() + reason[1:]
            if g.loss >= 0.01:  # one parenthesis, not two in a row
                cost = f"gives up {g.loss:.2f} game points"
                if g.card_loss is not None and g.card_loss >= 0.05:
                    # both measures, as a mistake's line says them: a smaller loss of game
                    # points than a mistake's would otherwise read as the worse one
                    cost += f" and {g.card_loss:.1f} card points"
                reason = (reason[:-1] + f"; {cost})" if reason.endswith(")") else
                          f"{reason} ({cost})")
            out.append(reason + ".")
        out.append("\n")
        if g.dd_loss is not None:
            out.append("    double dummy, all cards seen (not what you could know): ",
                       style="dim")
            out.append("best too" if g.dd_loss < 0.01 else
                       f"{g.dd_best} was {g.dd_loss:.2f} better", style="dim")
            out.append("\n")
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
    if o.thrown_in is None and o.bidder >= 0:
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
        out.append(_net(y.game_points, y.card_points) + "\n")
        out.append("Hard in your seat ", style="bold")
        out.append(_net(h.game_points, h.card_points) + "\n")
        out.append(f"  (game points: your side's minus theirs; {review.replay_note})\n",
                   style="dim")
        n = len(review.mistakes)
        out.append(f"{_mistakes(n).capitalize()} found.\n",
                   style="bold red" if n else "bold green")
        for m in review.mistakes:
            out.append(f"  • {m.reason}\n")
    return out


def _mistakes(n: int) -> str:
    return "no mistake" if n == 0 else f"{n} mistake{'s' if n != 1 else ''}"


def _net(game_points: int, card_points: int) -> str:
    gp = "game point" if abs(game_points) == 1 else "game points"
    return f"{game_points:+d} {gp}, {card_points} card points"


class Hanging:
    """Lines of text that keep their indent when they wrap: a continuation starts under
    the first word after the line's leading spaces and its mark (•, ✓, ✗ or an opening
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
            hang += 2 if mark in ("• ", "✓ ", "✗ ") else 1 if mark.startswith("(") else 0
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
class StatsScreen(ModalScreen[None]):
    """The statistics of every game in the history (the same as ``twentynine stats``)."""

    DEFAULT_CSS = COACH_CSS

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("escape", "close", "close"),
        Binding("t", "close", "close", show=False),
        Binding("q", "close", "close", show=False),
    ]

    def __init__(self, stats: Stats | None, message: str | None = None) -> None:
        super().__init__()
        self.stats = stats
        self.message = message

    def compose(self) -> ComposeResult:
        with Vertical(id="stats-box"):
            yield Static("Your statistics", id="stats-title")
            with VerticalScroll(id="stats-body"):  # the screen's title is the only one
                body: RenderableType = (stats_renderable(self.stats, title=None)
                                        if self.stats is not None
                                        else Text(self.message or "No history."))
                yield Static(body, id="stats-text")
        yield Footer()

    def action_close(self) -> None:
        self.dismiss(None)


# --------------------------------------------------------------------------- hints
def option_entry(h: Hint, o: Option, pad: int = 3) -> str:
    """One option in a few characters: its words, game points a deal, your side's card
    points (card play) and the chance (you take the trick / the contract is made)."""
    worth = "  -  " if o.worth is None else f"{o.worth:+.2f}"
    if h.phase == "play":
        pts = "  - " if o.card_points is None else f"{o.card_points:4.1f}"
        chance = "  - " if o.trick_win is None else f"{100 * o.trick_win:3.0f}%"
        return f"{o.words:<{pad}} {worth} {pts} {chance}"
    if o.action.bid is not None:
        made = "  - " if o.made is None else f"{100 * o.made:3.0f}%"
        return f"{o.action.bid:>2} {worth} {made}"
    made = "" if o.made is None else f" {100 * o.made:3.0f}%"
    return f"{_label(o):<{pad}} {worth}{made}"


def _label(o: Option) -> str:
    """An option's words in the columns: a card to lay face down is just the card (the
    legend says what it means)."""
    card = o.action.card
    if o.action.kind is ActionKind.TRUMP_CARD and card is not None:
        return card.label
    return o.words


def _legend(h: Hint, width: int = 0) -> str:
    """What the columns are.  The cards and calls are ranked by game points, the figure
    the bot chooses on (the chance columns may rank them otherwise): where the width
    allows, the legend says so ("best first"); bids go in bid order."""
    if h.bids:
        return "bid · game pts as bidder · chance to make it"
    if h.phase == "play":
        first, rest = "card", "your card pts · you take trick"
    elif any(o.action.kind is ActionKind.TRUMP_CARD for o in h.options):
        first, rest = "card face down", "chance to make it"
    else:
        first, rest = "option", "chance the contract is made"
    ranked = f"{first} · game pts, best first · {rest}"
    return ranked if len(ranked) <= width else f"{first} · game pts · {rest}"


HINT_KEYS = {PASS_CODE: "p", SHOW_CODE: "s", PAIR_CODE: "a", NO_TRUMPS_CODE: "n",
             DOUBLE_CODE: "d", REDOUBLE_CODE: "d", SINGLE_HAND_CODE: "h", REDEAL_CODE: "e"}
"""The table's key for each call the hint may suggest (cards, bids and the trump are put
under the cursor, for Enter)."""


def selection_words(action: Action) -> str:
    """What Enter plays, in a few words (a card to lay face down without its suit's name:
    the status line has one row)."""
    card = action.card
    if action.kind is ActionKind.TRUMP_CARD and card is not None:
        return f"lay {card.label} face down"
    return action_words(action)


def how_to_play(action: Action) -> str:
    """How the player takes the suggested action at the table."""
    key = HINT_KEYS.get(action.code)
    if key is not None:
        return f"press {key}"
    return "Enter plays it"


class HintBody:
    """The hint laid out for the width it gets: its reason (why, and what the next best
    gives up) first, then **every** legal option in aligned columns (as many as fit) and
    the points by trump.  No line is wider than the width but the reason, which wraps: the
    reason comes first so that it is never the part cut off.  The suggestion and the
    search's figures go in the panel's frame (:meth:`head` on its top edge, :meth:`stats`
    on its bottom edge)."""

    def __init__(self, h: Hint) -> None:
        self.hint = h

    def entries(self) -> list[tuple[str, bool]]:
        """Every option as the panel writes it (in the order of :meth:`_ordered`), and
        whether it is the suggestion."""
        h = self.hint
        order = self._ordered()
        # cards share one width; a call (ask for trump, the pair, pass) is as long as it is
        pad = max([3] + [len(_label(o)) for o in order if _in_grid(o)])
        return [(option_entry(h, o, pad if _in_grid(o) else len(o.words)),
                 o.action == h.action) for o in order]

    def stats(self, width: int) -> str:
        """How many deals the search simulated and how long it took."""
        h = self.hint
        return (f"({h.worlds} deals simulated, {h.seconds:.1f} s)" if width >= 60 else
                f"({h.worlds} deals, {h.seconds:.1f} s)")

    def head(self, width: int) -> Text:
        """The suggestion and how to take it, in at most ``width`` cells if it can."""
        h = self.hint
        head = Text()
        head.append("Hint: ", style="bold")
        head.append(h.options[0].words if h.options else str(h.action), style="bold green")
        key = how_to_play(h.action)
        if len(head) + 3 + len(key) > width and key.startswith("Enter"):
            key = "Enter"  # alone, on a narrow panel
        head.append(f" · {key}", style="bold")
        return head

    def lines(self, width: int) -> list[Text]:
        """The hint as lines of at most ``width`` cells (the reason wrapped)."""
        h = self.hint
        out = [Text(h.reason), Text(_legend(h, width), style="dim"), *self._grid(width)]
        if h.trumps:
            full = " · ".join(f"{label} {pts:.1f}" for label, pts in h.trumps)
            title = "As bidder, by trump: "
            if len(title) + len(full) > width:  # the suit symbols alone
                full = " · ".join(f"{label.split()[0]} {pts:.1f}" for label, pts in h.trumps)
            if len(title) + len(full) > width:
                title = "By trump: "
            line = Text(title, style="bold")
            line.append(full)
            out.append(line)
        return out

    def _grid(self, width: int) -> list[Text]:
        """The options in aligned columns; a call wider than a column takes several."""
        entries = self.entries()
        # the cards and bids come first in the order (:meth:`_ordered`), the calls last
        grid = [len(e) for e, _ in entries[:sum(map(_in_grid, self.hint.options))]]
        colw = max(grid or [len(e) for e, _ in entries]) + 2
        ncols = max(1, (width + 2) // colw)
        out: list[Text] = []
        line, used = Text(), 0
        for text, best in entries:
            span = min(ncols, max(1, -(-(len(text) + 2) // colw)))
            if used and used + span > ncols:
                line.rstrip()
                out.append(line)
                line, used = Text(), 0
            line.append(text.ljust(span * colw), style="bold green" if best else "")
            used += span
        line.rstrip()
        if line.plain:
            out.append(line)
        return out

    def _ordered(self) -> list[Option]:
        """Bids in order, cards as the hint ranks them; then the calls (pass, ask for
        trump, the pair), which are wider than a column."""
        h = self.hint
        bids = sorted((o for o in h.options if o.action.bid is not None),
                      key=lambda o: o.action.bid or 0)
        return (bids + [o for o in h.options if o.action.bid is None and _in_grid(o)] +
                [o for o in h.options if not _in_grid(o)])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)


def _in_grid(o: Option) -> bool:
    """A card or a bid (the options of one width, laid in columns)."""
    return o.action.bid is not None or o.action.card is not None



class HintPanel(Static):
    """Where the table shows a hint: "thinking…" while the search runs in a worker thread
    (the table stays responsive), then the hint; hidden once the position moves on."""

    DEFAULT_CSS = """
    HintPanel { height: auto; max-height: 24; border: round $accent; padding: 0 1;
                background: $surface; overflow-y: auto;
                border-title-align: left; border-subtitle-align: right;
                border-title-color: $text; border-subtitle-color: $text-muted; }
    HintPanel.-hidden { display: none; }
    """

    class Ready(Message):
        """A hint is shown (the table counts it)."""

        def __init__(self, hint: Hint) -> None:
            super().__init__()
            self.hint = hint

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._stepped_aside: list[Widget] = []
        super().__init__("", *args, **kwargs)
        self.add_class("-hidden")
        self.token: object = None
        self.hint: Hint | None = None
        self.failed = False
        self._enter_held = False

    @property
    def thinking(self) -> bool:
        """The search for the current position is still running."""
        return self.token is not None and self.hint is None and not self.failed

    GIVES_ROOM: ClassVar[tuple[str, ...]] = ("seat-north", "middle")
    """The ids of the table's parts that step aside while a hint is up, when the hint would
    not fit otherwise (a short terminal): the partner's name and the row of the trick,
    which the panel covers anyway."""

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        if self.hint is not None:
            self._frame(self.hint)  # the head as it fits the new width
        self.fit()

    def on_unmount(self) -> None:
        self._give_back()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content`` and fit the panel to it (the room it needs may change)."""
        super().update(content, layout=layout)
        if self.is_mounted:
            self.call_after_refresh(self.fit)

    def _give_back(self) -> None:
        if self._stepped_aside:
            for w in self._stepped_aside:
                w.display = True
            self._stepped_aside = []
            self._recentre()

    def _recentre(self) -> None:
        """The hand is centred under the trick: draw it again once the trick's row went
        aside or came back."""
        with suppress(NoScreen):
            for hand in self.screen.query(HandView):
                hand.refresh()

    def _room(self, parent: Widget, without: list[Widget]) -> int:
        """The rows the panel may take in ``parent`` with the parts ``without`` hidden (a
        flexible part keeps at least a row)."""
        taken = 0
        for child in parent.children:
            if child is self or child in without:
                continue
            if not child.display and child not in self._stepped_aside:
                continue
            h = child.styles.height
            taken += 1 if h is not None and h.is_fraction else child.outer_size.height
        return parent.size.height - taken

    def fit(self) -> None:
        """Never taller than the table leaves free (what the flexible part, the trick, can
        give up), so the panel is never cut; if the hint needs more, the parts named in
        :attr:`GIVES_ROOM` step aside while it is shown; what does not fit still scrolls."""
        parent = self.parent
        if not isinstance(parent, Widget) or not parent.size.height:
            return
        gutter = self.styles.gutter
        width = max(1, parent.size.width - gutter.width)
        needed = self.get_content_height(parent.size, self.app.size, width) + gutter.height
        spare = [w for w in parent.children if w.id in self.GIVES_ROOM and
                 (w.display or w in self._stepped_aside)]
        if self.has_class("-hidden") or needed <= self._room(parent, []):
            self._give_back()
        else:
            for w in spare:
                w.display = False
            if spare != self._stepped_aside:
                self._stepped_aside = spare
                self._recentre()
        room = max(4, self._room(parent, self._stepped_aside))
        if self.styles.max_height is None or self.styles.max_height.value != room:
            self.styles.max_height = room

    def hold_enter(self, action: Action) -> str | None:
        """Whether Enter (which would play ``action``, the selection) must wait once, and
        if so the words that say why (the table writes them in its status line, the line
        that said what Enter does; the panel marks its frame, so the hint keeps every row):

        * while the hint thinks, the cursor still shows the old selection, which the
          player may take for the suggestion;
        * when the hint suggests a call that is not under the cursor (pass, ask for
          trump, the pair, double...: each has its own key), Enter would play something
          else than the suggestion.

        The first Enter is held; a second one plays the selection, as the player wants."""
        if self._enter_held:
            return None
        selection = selection_words(action)
        if self.thinking:
            self._enter_held = True
            self.update(Text(f"Hint: still thinking… (Enter again plays {selection})",
                             style="bold italic"))
            return f"Enter held: the hint is still thinking · Enter again: {selection}"
        h = self.hint
        if h is not None and h.action != action and h.action.code in HINT_KEYS:
            self._enter_held = True
            self._frame(h)
            return (f"Enter held: the hint says {action_words(h.action)} "
                    f"({HINT_KEYS[h.action.code]}) · Enter again: {selection}")
        return None

    def request(self, view: SeatView, token: object) -> None:
        """Start a hint for ``view``; ``token`` names the position (a hint that arrives
        after the position changed is dropped)."""
        if self.token == token and self.hint is not None:
            self.show_hint(self.hint)
            return
        self.token = token
        self.hint = None
        self.failed = False
        self._enter_held = False
        self.show_thinking()
        self._think(view, token)

    @work(thread=True, exclusive=True, group="hint")
    def _think(self, view: SeatView, token: object) -> None:
        try:
            h = hint(view)
        except Exception as exc:  # shown, never crashes the table
            self.app.call_from_thread(self._failed, token, f"{type(exc).__name__}: {exc}")
            return
        self.app.call_from_thread(self._arrived, token, h)

    def _arrived(self, token: object, h: Hint) -> None:
        if token != self.token:
            return  # the position moved on while the search ran
        self.hint = h
        self.show_hint(h)
        self.post_message(self.Ready(h))

    def _failed(self, token: object, message: str) -> None:
        if token == self.token:
            self.failed = True
            self.update(Text(f"No hint: {message}", style="red"))

    def show_thinking(self) -> None:
        """The search is running."""
        self.remove_class("-hidden")
        self.border_title = "Hint"
        self.border_subtitle = None
        self.update(Text("Hint: thinking… (the search runs on your view only)",
                         style="italic"))

    def show_hint(self, h: Hint) -> None:
        """The finished hint: the suggestion on the panel's top edge, the search's figures
        on its bottom edge, the reason first inside."""
        self.remove_class("-hidden")
        self._frame(h)
        self.update(HintBody(h))

    def _frame(self, h: Hint) -> None:
        body = HintBody(h)
        width = max(10, (self.size.width or 50) - 4)
        head = body.head(width)
        if self._enter_held:  # the first Enter was held (the status line says why)
            note = " · Enter held"
            if head.cell_len + len(note) <= width:
                head.append(note, style="bold reverse")
        self.border_title = head
        self.border_subtitle = body.stats(width).strip("()")

    def hide(self) -> None:
        """Nothing to show (the turn moved on)."""
        self.token = None
        self.hint = None
        self.border_title = self.border_subtitle = None
        self.add_class("-hidden")
        self._give_back()


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


# --------------------------------------------------------------------------- at the table
class TableCoach:
    """The coach's side of the table app: the history (opened once), the recorder on the
    table's listener, the hint panel's requests and the coach's screens.  The app keeps
    one and delegates its hint, statistics and review keys to it."""

    def __init__(self, table: Any, data_dir: Path | str | None = None) -> None:
        self.table = table
        opened = open_history(history_path(data_dir))
        self.history = opened.history
        self.message = opened.message
        """A problem with the history file (set aside, newer schema) for the player."""
        self.grader: Grader = strongest_hint
        """What grades the reviews opened at this table (tests pass a quicker one)."""
        self.recorder: DealRecorder | None = None
        if self.history is not None and hasattr(table, "game") and \
                hasattr(table, "add_listener"):
            self.recorder = DealRecorder(table, self.history)

    # ------------------------------------------------------------------ hints
    def hint_problem(self) -> str | None:
        """Why no hint can be given now, or None."""
        t = self.table
        if t.is_over or t.deal_over:
            return "No hint: the deal is over"
        if t.turn != t.seat:
            return "No hint: it is not your turn"
        if len(t.legal_actions()) < 1:
            return "No hint: nothing to decide"
        return None

    def request_hint(self, panel: HintPanel) -> str | None:
        """Ask ``panel`` for a hint on the player's view; a message if none can be given."""
        problem = self.hint_problem()
        if problem is not None:
            return problem
        panel.request(self.table.view(), self.table.position)
        return None

    def hint_shown(self) -> None:
        """A hint reached the player: count it (kept in the save and the history)."""
        note = getattr(self.table, "note_hint", None)
        if callable(note):
            note()

    # ------------------------------------------------------------------ screens
    def stats_screen(self) -> StatsScreen:
        """The statistics of the whole history."""
        if self.history is None:
            return StatsScreen(None, self.message or "There is no history to count.")
        return StatsScreen(compute_stats(self.history.games(), self.history.deals()))

    def review_screen(self) -> ReviewScreen | str:
        """The review of the last deal finished at this table, able to page through the
        game's other deals; or why there is none."""
        if self.history is None or self.recorder is None:
            return self.message or "The history is not available: no review."
        if self.recorder.problem:
            return self.recorder.problem
        rows = self.history.deals(self.recorder.game_id)
        if not rows:
            return "No finished deal in this game yet."
        last = rows[-1]
        if self.recorder.last_deal_id is not None:
            last = next((r for r in rows if r.id == self.recorder.last_deal_id), last)
        return ReviewScreen(last.record, last.seat, history=self.history, row=last,
                            rows=rows, grader=self.grader)

    def close(self) -> None:
        """Close the history."""
        if self.history is not None:
            self.history.close()


__all__ = ["HintPanel", "ReviewApp", "ReviewScreen", "StatsScreen", "TableCoach", "deal_text",
           "option_entry", "result_text", "run_review", "selection_words", "trick_text"]
