"""The table's widgets.  Each one renders from a :class:`~twentynine.views.SeatView`
(and a little table state the app keeps); none of them decides a rule."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, RichLog, Static

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..coach.text import positions
from ..deal import Phase
from ..events import Event, TrumpShown
from ..views import SeatView
from .text import (
    HUMAN,
    LARGE,
    RED,
    SMALL,
    TEAM_NAMES,
    card_box,
    house_rules,
    join_columns,
    points_needed,
    rules_brief,
    rules_short,
    score_track,
    seat_name,
    signed,
    trump_news,
    trump_shown_in,
)
from .theme import CORAL, GOLD, HIDDEN, INK_SOFT, SKY

SUIT_ORDER = (0, 1, 3, 2)
"""Hand order by suit index: spades, hearts, clubs, diamonds (black and red alternate)."""


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """The hand in display order: by suit (colours alternating), then rank high to low."""
    return sorted(cards, key=lambda c: (SUIT_ORDER[c.suit], c.rank))


@dataclass
class TableState:
    """What the widgets need besides the view: the app's own state of the table."""

    view: SeatView
    scores: tuple[int, int]
    game_over: bool = False
    gathering: bool = False
    """A finished trick is still on the table (shown from the view's last trick)."""
    thinking: int | None = None
    """The bot seat whose move is awaited."""
    selected: int = 0
    """Index of the selected card in the displayed hand."""
    legal_cards: frozenset[Card] = field(default_factory=frozenset)
    my_turn: bool = False
    time_left: float | None = None
    events: Sequence[Event] = ()
    """The game's events as seat 0 saw them (the trump banner reads them)."""

    def trump_news(self) -> TrumpShown | None:
        """Trump shown during the trick on the table (kept until it is gathered)."""
        v = self.view
        if v.phase is Phase.AUCTION or v.phase is Phase.TRUMP:
            return None
        if not self.gathering and v.phase is not Phase.PLAY:
            return None
        trick = len(v.tricks) - 1 if self.gathering else len(v.tricks)
        return trump_shown_in(self.events, trick)


def _line(label: str, value: Text | str, width: int = 7) -> Text:
    t = Text()
    t.append(f"{label:<{width}}", style="dim")  # a span: the value is not dimmed
    t.append_text(value if isinstance(value, Text) else Text(value))
    return t


class TextPanel(Static):
    """A Static that redraws only when its text really changes (cheap repeated updates)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: Text | None = None

    def set_text(self, text: Text) -> None:
        """Show ``text`` unless it is already shown."""
        if self._shown is not None and text == self._shown:
            return
        self._shown = text
        self.update(text)


def fit_line(text: Text, width: int, cut: bool = True) -> Text:
    """``text`` made to fit ``width`` cells without losing its point: first the hints in
    parentheses go (the footer lists the keys), then trailing `` · `` parts, then a
    lead-in about you before the first ``: `` ("You won the auction: ", which the table
    shows anyway; a key's name before a refusal stays); only then is it cut.

    >>> fit_line(Text("You won the auction: choose the suit (1-4, Enter)"), 40).plain
    'You won the auction: choose the suit'
    >>> fit_line(Text("You won the auction: choose the suit (1-4, Enter)"), 20).plain
    'Choose the suit'
    >>> fit_line(Text("Your turn: play a card · s asks for trump"), 25).plain
    'Your turn: play a card'

    With ``cut`` false, the text is left longer than ``width`` if it must be.
    """
    if text.cell_len <= width:
        return text
    out = text.copy()
    while out.cell_len > width and (m := re.search(r" \([^()]*\)", out.plain)):
        out = Text.assemble(out[:m.start()], out[m.end():])
    while out.cell_len > width and " · " in out.plain:
        out = out[:out.plain.rindex(" · ")]
    if out.cell_len > width and ": " in out.plain and out.plain.startswith("You"):
        rest = out[out.plain.index(": ") + 2:]
        if rest.plain:
            first = rest[:1]
            first.plain = first.plain.upper()
            out = Text.assemble(first, rest[1:])
    if cut and out.cell_len > width:
        out.truncate(width, overflow="ellipsis")
    return out


class StatusLine(TextPanel):
    """The line that says what is going on and what you may do, fitted to its width
    (:func:`fit_line`) so it rarely wraps: what cannot be said in one line without losing
    its point (a long refusal on a narrow terminal) takes a second line, for as long as it
    is shown, rather than being cut."""

    _full: Text | None = None

    def set_text(self, text: Text) -> None:
        self._full = text
        width = self.content_region.width or 80
        one = fit_line(text, width, cut=False)
        two = one.cell_len > width
        if two:  # room for word wrap's ragged ends
            one = fit_line(text, 2 * width - 12)
        self.styles.height = 2 if two else 1
        self.styles.text_wrap = "wrap" if two else "nowrap"
        super().set_text(one)

    def on_resize(self) -> None:
        if self._full is not None:
            self.set_text(self._full)


class ScoreBar(TextPanel):
    """Top line: deal number, dealer, and both teams' game scores on -6..+6."""

    _state: TableState | None = None

    def on_resize(self) -> None:
        if self._state is not None:
            self.show(self._state)

    def show(self, state: TableState) -> None:
        self._state = state
        v = state.view
        rules = v.rules
        t = Text()
        t.append(f" Deal {v.number}", style="bold")
        t.append(f" · dealer {seat_name(rules, v.dealer)}", style="")
        wide = self.size.width >= 96
        for team in (0, 1):
            t.append("  │  " if team == 0 or wide else "  ", style="dim")
            t.append(f"{TEAM_NAMES[team]} ", style="bold")
            t.append(f"{signed(state.scores[team]):>2} ")
            t.append_text(score_track(state.scores[team], rules.game_to))
        if wide:
            t.append("  │  ", style="dim")
            t.append(f"first to ±{rules.game_to}", style="dim")
        self.set_text(t)


class SeatPanel(TextPanel):
    """One seat: name, dealer, turn, bid, cards left, and the face-down trump in front of
    the bidder.  Each detail has a long and a short wording; the longest that fits the
    panel's width is shown, so nothing wraps."""

    def __init__(self, seat: int, compact: bool = False, inline: bool = False,
                 **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.compact = compact
        """All the details on one line (the partner's panel across the top)."""
        self.inline = inline
        """The name too on that line (your own panel, between the trick and the hand)."""
        self._state: TableState | None = None

    def on_resize(self) -> None:
        if self._state is not None:
            self.show(self._state)

    def _details(self, state: TableState) -> list[list[Text]]:
        """The seat's details, each as its wordings from longest to shortest."""
        v = state.view
        s = self.seat
        extra: list[list[Text]] = []
        if v.dealer == s:
            extra.append([Text("dealer", style=SKY)])
        last_bid = None
        for seat, bid in v.bids:
            if seat == s:
                last_bid = "pass" if bid is None else str(bid)
        if v.phase is Phase.AUCTION:
            if last_bid is not None:
                extra.append([Text("passed" if last_bid == "pass" else f"bid {last_bid}",
                                   style="dim" if last_bid == "pass" else "bold")])
        elif v.bidder == s:
            extra.append([Text(f"bidder · {v.high_bid}", style=f"bold {GOLD}"),
                          Text(f"bid {v.high_bid}", style=f"bold {GOLD}")])
        if s != HUMAN:
            n = v.hand_sizes[s]
            extra.append([Text(f"{n} card{'s' if n != 1 else ''}", style="dim")])
        if v.bidder == s and v.phase is not Phase.AUCTION:
            if v.face_down and s == HUMAN and v.trump_card is not None:
                card = Text(v.trump_card.label,
                            style=f"bold {RED if v.trump_card.is_red else ''}".strip())
                extra.append([Text.assemble(Text("face down: ", style=HIDDEN), card),
                              Text.assemble(Text("trump ", style=HIDDEN), card)])
            elif v.face_down:
                extra.append([Text("▒ trump face down", style=HIDDEN),
                              Text("▒ face down", style=HIDDEN),
                              Text("▒ trump", style=HIDDEN)])
            elif v.rules.trump_indicator == "marker" and not v.trump_shown \
                    and v.phase is Phase.PLAY:
                extra.append([Text("▒ trump marker", style=HIDDEN),
                              Text("▒ marker", style=HIDDEN)])
        if v.single_hand == s:
            extra.append([Text("single hand", style=f"bold {GOLD}"),
                          Text("single", style=f"bold {GOLD}")])
        if v.sitting_out == s:
            extra.append([Text("sits out", style="dim italic")])
        if state.thinking == s:
            extra.append([Text("thinking…", style="italic dim"),
                          Text("…", style="italic dim")])
        return extra

    def show(self, state: TableState) -> None:
        self._state = state
        v = state.view
        rules = v.rules
        s = self.seat
        width = self.content_region.width or 80
        name = seat_name(rules, s)
        t = Text()
        turn = v.turn == s and not state.gathering and v.phase not in (Phase.DEAL_OVER,
                                                                         Phase.GAME_OVER)
        t.append("▶ " if turn else "", style=f"bold {GOLD}")
        t.append(name, style="bold")
        if s == 2 and t.cell_len + 10 <= width:
            t.append(" (partner)", style="dim")
        self.set_class(turn, "-turn")
        extra = self._details(state)
        if self.compact and extra:
            sep = Text(" · ")
            line = sep.join(e[0] for e in extra)
            room = width - (t.cell_len + 3 if self.inline else 0)
            if line.cell_len > room:
                line = sep.join(e[-1] for e in extra)
            t.append(" · " if self.inline else "\n")
            t.append_text(line)
        else:
            for e in extra:
                t.append("\n")
                t.append_text(next((w for w in e if w.cell_len <= width), e[-1]))
        self.set_text(t)


def large_screen(widget: Widget) -> bool:
    """Whether the screen is big enough for large cards: at least 120 columns (the
    ``-wide`` breakpoint) and 30 rows (``-tall``)."""
    try:
        screen = widget.screen
    except NoScreen:
        return False
    return screen.has_class("-wide") and screen.has_class("-tall")


class TrickView(Widget):
    """The centre of the table: the cards of the trick in progress at each seat's side;
    a finished trick stays visible (winner highlighted) until it is gathered."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._state: TableState | None = None

    def show(self, state: TableState) -> None:
        self._state = state
        self.refresh()

    def large_cards(self, width: int, height: int) -> bool:
        """Large cards from 120x30 up (as the hand, see table.tcss), if three rows of
        them and the caption fit."""
        return large_screen(self) and height >= 3 * LARGE[1] + 1 \
            and width >= 3 * LARGE[0] + 6

    def render(self) -> Text:
        st = self._state
        if st is None:
            return Text("")
        v = st.view
        pos = positions(v.rules)
        cards: dict[str, Card] = {}
        winner_pos: str | None = None
        caption = Text("")
        if st.gathering and v.tricks:
            last = v.tricks[-1]
            for seat, card in last.cards:
                cards[pos[seat]] = card
            winner_pos = pos[last.winner]
            pts = "point" if last.points == 1 else "points"
            who = seat_name(v.rules, last.winner)
            caption = Text(f"{who} won trick {len(v.tricks)} · {last.points} {pts}",
                           style=f"bold {GOLD}")
            width = self.size.width or 24
            if caption.cell_len > width:  # narrow: the trick's number goes, the points stay
                caption = Text(f"{who} won · {last.points} {pts}", style=f"bold {GOLD}")
        else:
            for seat, card in v.trick:
                cards[pos[seat]] = card
            if v.phase is Phase.PLAY:
                n = len(v.tricks) + 1
                if v.trick:
                    caption = Text(f"Trick {n} · {seat_name(v.rules, v.trick[0][0])} led",
                                   style="dim")
                else:
                    caption = Text(f"Trick {n} · {seat_name(v.rules, v.turn)} to lead",
                                   style="dim")
            elif v.phase is Phase.AUCTION:
                if v.bidder is not None and v.high_bid is not None:
                    caption = Text(f"{seat_name(v.rules, v.bidder)} {v.high_bid}", style="bold")
                else:
                    caption = Text("Auction", style="dim")
                caption.append(f" · {seat_name(v.rules, v.turn)} to speak", style="dim")
            elif v.phase is Phase.TRUMP:
                caption = Text(f"{seat_name(v.rules, v.turn)} choosing trump", style="dim")

        width = self.size.width or 24
        height = self.size.height
        cw, ch = LARGE if self.large_cards(width, height) else SMALL

        def box(p: str) -> list[Text]:
            return card_box(cards.get(p), highlight=p == winner_pos, large=cw == LARGE[0])

        blank = [Text(" " * cw)] * ch
        gap = max(3, min(12 if cw == LARGE[0] else 8, (width - 3 * cw) // 4))
        vgap = max(0, min(2, (height - 3 * ch - 2) // 4))
        rows: list[Text] = []
        rows += join_columns([blank, box("north"), blank], gap)
        rows += [Text("")] * vgap
        rows += join_columns([box("west"), blank, box("east")], gap)
        rows += [Text("")] * vgap
        rows += join_columns([blank, box("south"), blank], gap)
        out = Text()
        top_pad = max(0, (height - len(rows) - 1) // 2)
        out.append("\n" * top_pad)
        for r in rows:
            r.pad_left(max(0, (width - r.cell_len) // 2))
            out.append_text(r)
            out.append("\n")
        caption.truncate(width)
        caption.pad_left(max(0, (width - caption.cell_len) // 2))
        out.append_text(caption)
        return out


class TrumpBanner(TextPanel):
    """A loud line across the table while the trick in which trump was shown is on it:
    who asked, the suit, where the face-down card went."""

    _state: TableState | None = None

    def on_resize(self) -> None:
        if self._state is not None:
            self.show(self._state)

    def show(self, state: TableState) -> None:
        self._state = state
        news = state.trump_news()
        self.display = news is not None
        if news is None:
            self.set_text(Text(""))
            return
        width = self.size.width or 80
        words = trump_news(state.view.rules, news)
        if len(words) + 4 > width:
            words = trump_news(state.view.rules, news, short=True)
        self.set_text(Text(f"▶ {words} ◀" if len(words) + 4 <= width else words))


def pack_words(items: Sequence[str], width: int, sep: str = ", ") -> list[str]:
    """``items`` joined by ``sep`` into lines of at most ``width`` cells, breaking
    between items (and inside an item only at spaces, when it is wider than a line).

    >>> pack_words(["min bid 15", "no pair", "play clockwise"], 20)
    ['min bid 15, no pair,', 'play clockwise']
    """
    words: list[str] = []
    for i, item in enumerate(items):
        tail = sep.rstrip() if i < len(items) - 1 else ""
        if len(item) + len(tail) <= width:
            words.append(item + tail)
        else:
            words.extend((item + tail).split(" "))
    lines: list[str] = []
    for w in words:
        if lines and len(lines[-1]) + 1 + len(w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


class SidePanel(TextPanel):
    """The contract (bid, bidder, target, trump), the points of this deal and the
    auction: every bid and pass while it runs, the winning bid after."""

    _state: TableState | None = None

    def on_resize(self) -> None:
        if self._state is not None:
            self.show(self._state)

    def show(self, state: TableState) -> None:
        self._state = state
        v = state.view
        rules = v.rules

        def name(seat: int) -> str:
            return seat_name(rules, seat)

        t = Text()
        t.append("Contract\n", style="bold underline")
        if v.bidder is None or v.high_bid is None:
            t.append_text(_line("Bid", Text("—", style="dim")))
        else:
            label = "High" if v.phase is Phase.AUCTION else "Bid"
            t.append_text(_line(label, Text(f"{v.high_bid} · {name(v.bidder)}", style="bold")))
            if v.multiplier > 1:
                t.append(f" x{v.multiplier}", style=f"bold {CORAL}")
        t.append("\n")
        if v.target is not None and v.phase is not Phase.AUCTION and v.bidder is not None:
            tgt = Text(f"{v.target}", style="bold")
            tgt.append(f" for {TEAM_NAMES[v.bidder & 1]}", style="")
            t.append_text(_line("Target", tgt))
            if v.pair_seat is not None:
                t.append("\n")
                t.append_text(_line("Pair", f"declared by {name(v.pair_seat)}"))
            t.append_text(self._needed(v))
        else:
            t.append_text(_line("Target", Text("—", style="dim")))
        t.append("\n")
        t.append_text(_line("Trump", self._trump_text(v)))
        t.append("\n")
        pts = Text()
        pts.append(f"{TEAM_NAMES[0]} {v.points[0]}", style="bold")
        pts.append(" · ")
        pts.append(f"{TEAM_NAMES[1]} {v.points[1]}", style="bold")
        t.append_text(_line("Points", pts))
        t.append("\n")
        t.append_text(_line("Tricks", f"{TEAM_NAMES[0]} {v.tricks_won[0]} · "
                                      f"{TEAM_NAMES[1]} {v.tricks_won[1]}"))
        t.append("\n")
        self.set_text(self._fit(t, v))

    def _fit(self, contract: Text, v: SeatView) -> Text:
        """The contract, the auction and the house rules in the panel's rows: the richest
        form of the rules that fits, with the least squeezing.  The forms: the list under
        "House rules"; the rules in a word or two each over a few lines ("Rules  28
        points, trump" / "marker, no pair"); one line ("Rules  pagat · see ?"); at last
        none (? lists them).  The squeezing, step by step: the auction two calls a line,
        no "won by" line (the Bid line says it too), no blank line over the underlined
        "Auction", none over the rules; at last the auction's last calls only, under
        "… n earlier calls" (the briefest rules kept).  So at 80x24 a long auction no
        longer pushes the house rules out of sight, however long it is."""
        rules = v.rules
        width = self.content_region.width or 80
        parent = self.parent
        room = parent.content_region.height if isinstance(parent, Widget) else 0
        forms: list[Text] = []
        house = house_rules(rules)
        if house:
            listed = Text()  # (Text(..., style=) would underline the rules under it too)
            listed.append("House rules\n", style="bold underline")
            # one rule a line, a long one broken between words
            listed.append("\n".join(ln for item in house for ln in pack_words([item], width)),
                          style=INK_SOFT)
            forms.append(listed)
            brief = rules_brief(rules, width - 7)
            # over a few lines where one says only how many, or a variant's name: broken
            # between rules where that takes no more lines, else between words
            shorts = rules_short(rules)
            packed = min(pack_words(shorts, width - 7),
                         pack_words([", ".join(shorts)], width - 7), key=len)
            if len(packed) > 1 and (brief is None or brief.endswith("see ?")):
                lines = _line("Rules", Text(packed[0], style=INK_SOFT))
                for more in packed[1:]:
                    lines.append("\n" + " " * 7 + more, style=INK_SOFT)
                forms.append(lines)
            if brief is not None:
                forms.append(_line("Rules", Text(brief, style=INK_SOFT)))
        # (auction two calls a line, its "won by" line, a blank over it, a blank over the
        # rules)
        squeezes = [(False, True, True, True), (True, True, True, True),
                    (True, False, True, True), (True, False, False, True),
                    (True, False, False, False)]
        plans: list[tuple[Text | None, bool, bool, bool, bool, int | None]] = [
            (form, *sq, None) for form in forms for sq in squeezes]
        if forms:
            # a long auction beside a long contract (11 calls and the 8 rows of play at
            # 80x24): its last calls only, two a line under "… n earlier calls", so that
            # the rules stay in sight at least in their briefest form
            plans += [(forms[-1], *squeezes[-1], keep)
                      for keep in range(len(v.bids) - 1, 1, -1)]
        plans += [(None, *sq, None) for sq in squeezes[:4]]
        # no rules to show (the standard game) and still too long: its last calls only
        plans += [(None, *squeezes[3], keep) for keep in range(len(v.bids) - 1, 1, -1)]
        t = Text()
        for form, compact, won_by, gap, form_gap, keep in plans:
            t = contract.copy()
            if gap:
                t.append("\n")
            t.append_text(self._auction(v, compact, won_by, keep))
            if form is not None:
                t.append("\n" if form_gap else "")
                t.append_text(form)
            if not room or len(t.plain.rstrip("\n").split("\n")) <= room:
                break
        return t

    @staticmethod
    def _auction(v: SeatView, compact: bool, won_by: bool, keep: int | None = None
                 ) -> Text:
        """The auction's heading and its calls, one a line while it runs (two a line
        after it, or with ``compact``); then who won it (with ``won_by``).  With
        ``keep``, only about that many of the last calls (an even number left out, so
        that the calls keep their columns), under a line that says how many are not
        shown."""
        rules = v.rules
        t = Text()
        t.append("Auction\n", style="bold underline")
        if not v.bids:
            t.append(f"{seat_name(rules, v.turn)} to speak first\n", style="dim")
        lines = [(seat_name(rules, seat), "pass" if bid is None else str(bid))
                 for seat, bid in v.bids]
        if keep is not None and keep < len(lines):
            hidden = len(lines) - keep
            hidden += hidden % 2
            lines = lines[hidden:]
            t.append(f"… {hidden} earlier calls\n", style="dim")
        if v.phase is Phase.AUCTION and not compact:
            for who, what in lines:
                t.append(f"{who:<7}", style="dim")
                t.append(f"{what}\n", style="dim" if what == "pass" else "bold")
        else:
            for i, (who, what) in enumerate(lines):
                t.append(f"{who:<6}", style="dim")
                t.append(f"{what:<6}", style="dim" if what == "pass" else
                         "bold" if v.phase is Phase.AUCTION else "")
                t.append("\n" if i % 2 or i == len(lines) - 1 else " ")
            if v.bidder is not None and v.phase is not Phase.AUCTION and won_by:
                # mid-sentence the human is "you" (the auction's labels above say "You")
                who = "you" if v.bidder == HUMAN else seat_name(rules, v.bidder)
                t.append(f"won by {who} at {v.high_bid}\n", style="bold")
        return t


    @staticmethod
    def _needed(v: SeatView) -> Text:
        """Two lines: what the bidding team still needs to make its target and the
        defence to beat it (during play and after)."""
        if v.bidder is None or v.target is None or v.single_hand is not None \
                or v.phase not in (Phase.PLAY, Phase.DEAL_OVER, Phase.GAME_OVER):
            return Text("")
        bt = v.bidder & 1
        make, beat = points_needed(v.rules.total_points, v.target, v.points[bt],
                                   v.points[1 - bt])
        bidders, defence = TEAM_NAMES[bt], TEAM_NAMES[1 - bt]
        t = Text("\n")
        if make == 0:
            t.append_text(_line("Make", Text(f"{bidders} made it", style=f"bold {GOLD}")))
            t.append("\n")
            t.append_text(_line("Beat", Text("out of reach", style="dim")))
        elif beat == 0:
            t.append_text(_line("Make", Text("out of reach", style="dim")))
            t.append("\n")
            t.append_text(_line("Beat", Text(f"{defence} beat it", style=f"bold {GOLD}")))
        else:
            t.append_text(_line("Make", Text(f"{bidders} need {make} more")))
            t.append("\n")
            t.append_text(_line("Beat", Text(f"{defence} need {beat} more")))
        return t

    @staticmethod
    def _trump_text(v: SeatView) -> Text:
        if v.single_hand is not None:
            return Text("none (single hand)", style="bold")
        if v.phase is Phase.AUCTION or v.bidder is None:
            return Text("—", style="dim")
        if v.no_trumps:
            return Text("no trumps" + ("" if v.trump_shown else " (hidden)"),
                        style="bold")
        if v.trump_suit is None:
            if v.phase is Phase.TRUMP:
                return Text("being chosen", style="dim")
            return Text("hidden ▒", style=HIDDEN)
        s = v.trump_suit
        out = Text()
        out.append(f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}",
                   style=f"bold {RED if s in (1, 2) else ''}".strip())
        if not v.trump_shown:
            out.append(" (hidden)", style="dim")
        else:
            out.append(" shown", style="dim")
        return out


class HandView(Widget):
    """Your hand, sorted, with the number keys above the cards; the selected card is
    lifted; cards you may not play now are dimmed.  Click a card to choose it."""

    CARD_GAP = 1

    class CardClicked(Message):
        """A card was clicked (index in the displayed hand)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.cards: list[Card] = []
        self._state: TableState | None = None
        self._left = 0

    def show(self, state: TableState, cards: list[Card]) -> None:
        self._state = state
        self.cards = cards
        self.refresh()

    @property
    def large(self) -> bool:
        """Large cards on a large screen, when the row is tall enough for them (a label
        and a lifted card)."""
        return large_screen(self) and self.size.height >= LARGE[1] + 2

    @property
    def card_width(self) -> int:
        return (LARGE if self.large else SMALL)[0]

    def card_x(self, index: int) -> int:
        """The column (of this widget) where card ``index`` of the hand starts."""
        return self._left + index * (self.card_width + self.CARD_GAP)

    def index_at(self, x: int) -> int | None:
        """The index of the card drawn at column ``x`` of the widget, if any."""
        step = self.card_width + self.CARD_GAP
        rel = x - self._left
        if rel < 0 or rel % step >= self.card_width:
            return None
        idx = rel // step
        return idx if idx < len(self.cards) else None

    def _centre(self) -> int:
        """The column (of this widget) under the middle of the trick, or of the table
        while the trick's row steps aside (for a hint on a short terminal)."""
        try:
            trick = self.screen.query_one(TrickView)
        except NoMatches:
            return self.size.width // 2
        region = trick.content_region
        if not region.width:  # not laid out (its row is hidden): the table's middle
            table = trick.parent.parent if trick.parent is not None else None
            if not isinstance(table, Widget) or not table.content_region.width:
                return self.size.width // 2
            region = table.content_region
        mid = region.x + region.width // 2
        return mid - self.content_region.x

    def render(self) -> Text:
        st = self._state
        if st is None:
            return Text("")
        v = st.view
        large = self.large
        cw = self.card_width
        gap = Text(" " * cw)
        selecting = st.my_turn and v.phase in (Phase.PLAY, Phase.TRUMP) and bool(self.cards)
        cols: list[list[Text]] = []
        for i, card in enumerate(self.cards):
            sel = selecting and i == st.selected
            dim = st.my_turn and v.phase in (Phase.PLAY, Phase.TRUMP) \
                and card not in st.legal_cards
            label = Text(f"{i + 1:^{cw}}", style=f"reverse bold {GOLD}" if sel else "dim")
            box = card_box(card, highlight=sel, dim=dim, large=large)
            # the selected card is lifted by one line
            col = [label, *box, gap] if sel else [label, gap, *box]
            cols.append(col)
        width = len(cols) * (cw + self.CARD_GAP) - self.CARD_GAP
        if v.face_down and v.bidder == HUMAN and v.trump_card is not None:
            cap = Text(f"{'trump':<{cw}}", style=HIDDEN)
            cols.append([cap, gap, *card_box(v.trump_card, dim=True, large=large)])
        if not cols:
            self._left = 0
            if v.phase is Phase.DEAL_OVER or st.game_over:  # all played: nothing to say
                return Text("")
            return Text("(no cards)", style="dim")
        lines = join_columns(cols, self.CARD_GAP)
        # the hand's own cards centred under the trick (the face-down trump beside them)
        full = max(ln.cell_len for ln in lines)
        self._left = max(0, min(self.size.width - full, self._centre() - width // 2))
        out = Text()
        for i, ln in enumerate(lines):
            if i:
                out.append("\n")
            out.append(" " * self._left)
            out.append_text(ln)
        return out

    def on_resize(self) -> None:
        self.refresh()

    def on_click(self, event: events.Click) -> None:
        idx = self.index_at(event.x)
        if idx is not None:
            self.post_message(self.CardClicked(idx))


class Chip(Static):
    """One clickable choice in a :class:`ChoiceBar`."""

    class Clicked(Message):
        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, label: Text | str, index: int, **kwargs: object) -> None:
        super().__init__(label, **kwargs)  # type: ignore[arg-type]
        self.index = index

    def on_click(self) -> None:
        self.post_message(self.Clicked(self.index))


class ChoiceBar(Horizontal):
    """A row of choices (bids, or trump suits with a marker): arrows and number keys move
    the selection; click to choose."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._labels: list[str] = []

    def compose(self) -> ComposeResult:
        yield Static("", id="choice-title")

    def set_choices(self, title: str, labels: list[Text | str], selected: int) -> None:
        """Show ``labels`` (rebuilding only when they change) with ``selected`` marked."""
        keys = [str(lab) for lab in labels]
        title_w = self.query_one("#choice-title", Static)
        title_w.update(title)
        if keys != self._labels:
            self._labels = keys
            self.query(Chip).remove()
            self.mount_all([Chip(lab, i, classes="chip -selected" if i == selected else "chip")
                            for i, lab in enumerate(labels)])
            return
        for chip in self.query(Chip):
            chip.set_class(chip.index == selected, "-selected")


class EventLog(RichLog, can_focus=False):
    """The table's running log of moves; never takes the keyboard focus (the arrow keys
    belong to the hand and the bids).  It keeps what was written, so that when its
    width changes every line is wrapped again at the new width."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._entries: deque[object] = deque(maxlen=self.max_lines or 500)
        self._wrapped_at = 0

    def write(self, content: object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> Self:
        self._entries.append(content)
        if not self._size_known:
            return self  # drawn when the width is known (on_resize)
        return super().write(content, width, expand, shrink, scroll_end, animate)

    def clear(self) -> Self:
        self._entries.clear()
        return super().clear()

    def on_resize(self, event: events.Resize) -> None:
        if event.size.width:
            self._size_known = True
            self.call_after_refresh(self._rewrap)  # once the new regions are laid out

    def _rewrap(self) -> None:
        """Draw every entry again if the width changed (not while hidden)."""
        width = self.scrollable_content_region.width
        if not width or width == self._wrapped_at:
            return
        self._wrapped_at = width
        super().clear()
        for entry in list(self._entries):
            super().write(entry, scroll_end=True)


class ActionButton(Button, can_focus=False):
    """A button that never takes the focus: Enter and the arrows stay with the table."""
