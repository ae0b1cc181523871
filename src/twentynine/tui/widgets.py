"""The table's widgets.  Each one renders from a :class:`~twentynine.engine.views.SeatView`
(and a little table state the app keeps); none of them decides a rule."""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any, Self

from rich.cells import cell_len
from rich.rule import Rule
from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.css.query import NoMatches
from textual.dom import NoScreen
from textual.message import Message
from textual.reactive import var
from textual.widget import Widget
from textual.widgets import Button, RichLog, Static

from ..coach.phrases import positions, signed
from ..engine.cards import Card
from ..engine.deal import Phase
from ..engine.events import Event, TrumpShown
from ..engine.views import SeatView
from .theme import FELT_TURN, GOLD, HIDDEN, SKY
from .wording import (
    HUMAN,
    LARGE,
    RED,
    SMALL,
    TEAM_NAMES,
    card_box,
    join_columns,
    score_track,
    seat_name,
    trump_news,
    trump_shown_in,
)


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
    auto_card: Card | None = None
    """Your card that was played for you (your only legal one), while its trick is on the
    table: the trick marks it."""

    def trump_news(self) -> TrumpShown | None:
        """Trump shown during the trick on the table (kept until it is gathered)."""
        v = self.view
        if v.phase is Phase.AUCTION or v.phase is Phase.TRUMP:
            return None
        if not self.gathering and v.phase is not Phase.PLAY:
            return None
        trick = len(v.tricks) - 1 if self.gathering else len(v.tricks)
        return trump_shown_in(self.events, trick)


class TextPanel(Static):
    """A Static that redraws only when its text really changes (cheap repeated updates),
    and lays the screen out again only when the new text may change its size."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self._shown: Text | None = None

    def set_text(self, text: Text) -> None:
        """Show ``text`` unless it is already shown."""
        old = self._shown
        if old is not None and text == old:
            return
        self._shown = text
        self.update(text, layout=old is None or not self.same_size(old, text))

    def same_size(self, old: Text, new: Text) -> bool:
        """Whether ``new`` takes the room ``old`` took: always in a panel of a fixed size;
        in one whose height (or width) follows its text, when both have as many lines
        (and, for the width, as wide a widest line) and no line is wider than the panel
        (none wraps).  (A layout of the screen is the costly part of a redraw.)"""
        styles = self.styles
        auto_width = styles.width is not None and styles.width.is_auto
        auto_height = styles.height is not None and styles.height.is_auto
        if not auto_width and not auto_height:
            return True
        old_lines, new_lines = old.plain.split("\n"), new.plain.split("\n")
        if len(old_lines) != len(new_lines):
            return False
        old_wide = max(map(cell_len, old_lines))
        new_wide = max(map(cell_len, new_lines))
        if auto_width:
            return old_wide == new_wide
        width = self.size.width
        return width > 0 and old_wide <= width and new_wide <= width


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


class StatePanel(TextPanel):
    """A panel drawn from the table's state, drawn again when its size changes (its
    text wraps or is cut to the width)."""

    _state: TableState | None = None

    def on_resize(self) -> None:
        if self._state is not None:
            self.show(self._state)

    def show(self, state: TableState) -> None:
        raise NotImplementedError


class ScoreBar(StatePanel):
    """Top line: deal number, dealer, and both teams' game scores on -6..+6."""

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
        self.turn_shown = False
        """The seat is drawn as the one to move."""

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
        if turn != self.turn_shown:
            # the seat to move stands out on a lighter felt: set on the panel itself, not
            # by a class (restyling a widget by its classes walks the whole stylesheet,
            # and the turn moves on at every card)
            self.turn_shown = turn
            self.styles.background = FELT_TURN if turn else None
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
        mark = blank
        if st.auto_card is not None and cards.get("south") == st.auto_card:
            # your only card, played for you: marked beside it while its trick is up
            mark = [Text(" " * cw)] * ch
            mark[ch // 2] = Text(f"{'◀ auto':<{cw}}", style=f"bold {GOLD}")
        gap = max(3, min(12 if cw == LARGE[0] else 8, (width - 3 * cw) // 4))
        vgap = max(0, min(2, (height - 3 * ch - 2) // 4))
        rows: list[Text] = []
        rows += join_columns([blank, box("north"), blank], gap)
        rows += [Text("")] * vgap
        rows += join_columns([box("west"), blank, box("east")], gap)
        rows += [Text("")] * vgap
        rows += join_columns([blank, box("south"), mark], gap)
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


class TrumpBanner(StatePanel):
    """A loud line across the table while the trick in which trump was shown is on it:
    who asked, the suit, where the face-down card went."""

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

    scrolled_back: var[bool] = var(False)
    """Scrolled up from the latest line (PgUp, Home, the wheel): the table says so above
    the log, or old lines would pass for the latest."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._entries: deque[object] = deque(maxlen=self.max_lines or 500)
        self._wrapped_at = 0
        self._ends_pending = 0
        """Writes whose scroll to the latest line is still to come."""

    def watch_scroll_y(self, old_value: float, new_value: float) -> None:
        super().watch_scroll_y(old_value, new_value)
        self.call_after_refresh(self._note_scroll)

    def _note_scroll(self) -> None:
        """Whether the latest line is out of sight (not while a write's own scroll to the
        end is still to come: the log is not scrolled back, only behind its last lines,
        and saying so flipped the mark above it on and off at every move)."""
        if not self._ends_pending:
            self.scrolled_back = self.scroll_y < self.max_scroll_y - 0.5

    def _end_made(self) -> None:
        """A write's scroll to the end has been made (it was queued before this)."""
        self._ends_pending -= 1
        self._note_scroll()

    def write(self, content: object, width: int | None = None, expand: bool = False,
              shrink: bool = True, scroll_end: bool | None = None,
              animate: bool = False) -> Self:
        self._entries.append(content)
        if not self._size_known:
            return self  # drawn when the width is known (on_resize)
        expand = expand or isinstance(content, Rule)  # a rule spans the log
        super().write(content, width, expand, shrink, scroll_end, animate)
        # a line that makes the scroll bar appear narrows the text without a resize:
        # wrap everything again at the width left (nothing is done if it did not change)
        self.call_after_refresh(self._rewrap)
        if self.auto_scroll if scroll_end is None else scroll_end:
            self._ends_pending += 1  # the write queued its scroll before this
            self.call_after_refresh(self._end_made)
        else:
            self.call_after_refresh(self._note_scroll)
        return self

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
            super().write(entry, expand=isinstance(entry, Rule), scroll_end=True)


class ActionButton(Button, can_focus=False):
    """A button that never takes the focus: Enter and the arrows stay with the table."""
