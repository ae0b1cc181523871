"""The table's widgets.  Each one renders from a :class:`~twentynine.views.SeatView`
(and a little table state the app keeps); none of them decides a rule."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.text import Text
from textual import events
from textual.app import ComposeResult
from textual.containers import Horizontal
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, RichLog, Static

from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..deal import Phase
from ..views import SeatView
from .text import (
    HUMAN,
    RED,
    TEAM_NAMES,
    card_box,
    house_rules,
    join_columns,
    positions,
    score_track,
    seat_name,
    signed,
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
    the bidder."""

    def __init__(self, seat: int, compact: bool = False, **kwargs: object) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self.compact = compact
        """All the details on one line (the partner's panel across the top)."""

    def show(self, state: TableState) -> None:
        v = state.view
        rules = v.rules
        s = self.seat
        name = seat_name(rules, s)
        role = "partner" if s == 2 else ""
        t = Text()
        turn = v.turn == s and not state.gathering and v.phase not in (Phase.DEAL_OVER,
                                                                         Phase.GAME_OVER)
        t.append("▶ " if turn else "", style=f"bold {GOLD}")
        t.append(name, style="bold")
        if role:
            t.append(f" ({role})", style="dim")
        self.set_class(turn, "-turn")
        extra: list[Text] = []
        if v.dealer == s:
            extra.append(Text("dealer", style=SKY))
        last_bid = None
        for seat, bid in v.bids:
            if seat == s:
                last_bid = "pass" if bid is None else str(bid)
        if v.phase is Phase.AUCTION:
            if last_bid is not None:
                extra.append(Text("passed" if last_bid == "pass" else f"bid {last_bid}",
                                  style="dim" if last_bid == "pass" else "bold"))
        elif v.bidder == s:
            extra.append(Text(f"bidder · {v.high_bid}", style=f"bold {GOLD}"))
        if s != HUMAN:
            n = v.hand_sizes[s]
            extra.append(Text(f"{n} card{'s' if n != 1 else ''}", style="dim"))
        if v.bidder == s and v.phase is not Phase.AUCTION:
            if v.face_down:
                tt = Text("▒ trump face down", style=HIDDEN)
                if s == HUMAN and v.trump_card is not None:
                    tt = Text("face down: ", style=HIDDEN)
                    tt.append(v.trump_card.label,
                              style=f"bold {RED if v.trump_card.is_red else ''}".strip())
                extra.append(tt)
            elif v.rules.trump_indicator == "marker" and not v.trump_shown \
                    and v.phase is Phase.PLAY:
                extra.append(Text("▒ trump marker", style=HIDDEN))
        if v.single_hand == s:
            extra.append(Text("single hand", style=f"bold {GOLD}"))
        if v.sitting_out == s:
            extra.append(Text("sits out", style="dim italic"))
        if state.thinking == s:
            extra.append(Text("thinking…", style="italic dim"))
        if self.compact and extra:
            t.append("\n")
            t.append_text(Text(" · ").join(extra))
        else:
            for e in extra:
                t.append("\n")
                t.append_text(e)
        self.set_text(t)


class TrickView(Widget):
    """The centre of the table: the cards of the trick in progress at each seat's side;
    a finished trick stays visible (winner highlighted) until it is gathered."""

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self._state: TableState | None = None

    def show(self, state: TableState) -> None:
        self._state = state
        self.refresh()

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
            caption = Text(f"{seat_name(v.rules, last.winner)} won trick {len(v.tricks)} · "
                           f"{last.points} {pts}", style=f"bold {GOLD}")
        else:
            for seat, card in v.trick:
                cards[pos[seat]] = card
            if v.phase is Phase.PLAY:
                n = len(v.tricks) + 1
                if v.trick:
                    caption = Text(f"Trick {n}", style="dim")
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

        def box(p: str) -> list[Text]:
            return card_box(cards.get(p), highlight=p == winner_pos)

        blank = [Text(" " * 6)] * 3
        width = self.size.width or 24
        gap = max(3, min(8, (width - 18) // 4))
        rows: list[Text] = []
        rows += join_columns([blank, box("north"), blank], gap)
        rows += join_columns([box("west"), blank, box("east")], gap)
        rows += join_columns([blank, box("south"), blank], gap)
        out = Text()
        top_pad = max(0, (self.size.height - len(rows) - 1) // 2)
        out.append("\n" * top_pad)
        for r in rows:
            r.pad_left(max(0, (width - r.cell_len) // 2))
            out.append_text(r)
            out.append("\n")
        caption.truncate(width)
        caption.pad_left(max(0, (width - caption.cell_len) // 2))
        out.append_text(caption)
        return out


class SidePanel(TextPanel):
    """The contract (bid, bidder, target, trump), the points of this deal and the
    auction: every bid and pass while it runs, the winning bid after."""

    def show(self, state: TableState) -> None:
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
            if v.pair_seat is not None:
                tgt.append(f" (pair: {name(v.pair_seat)})", style="dim")
            t.append_text(_line("Target", tgt))
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
        t.append("\n\n")
        t.append("Auction\n", style="bold underline")
        if not v.bids:
            t.append(f"{name(v.turn)} to speak first\n", style="dim")
        lines = [(name(seat), "pass" if bid is None else str(bid)) for seat, bid in v.bids]
        if v.phase is Phase.AUCTION:
            for who, what in lines:
                t.append(f"{who:<7}", style="dim")
                t.append(f"{what}\n", style="dim" if what == "pass" else "bold")
        else:
            for i, (who, what) in enumerate(lines):
                t.append(f"{who:<6}", style="dim")
                t.append(f"{what:<6}", style="dim" if what == "pass" else "")
                t.append("\n" if i % 2 or i == len(lines) - 1 else " ")
            if v.bidder is not None:
                t.append(f"won by {name(v.bidder)} at {v.high_bid}\n", style="bold")
        house = house_rules(rules)
        if house:
            t.append("\nHouse rules\n", style="bold underline")
            t.append("\n".join(house), style=INK_SOFT)
        self.set_text(t)

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

    CARD_W = 7

    class CardClicked(Message):
        """A card was clicked (index in the displayed hand)."""

        def __init__(self, index: int) -> None:
            super().__init__()
            self.index = index

    def __init__(self, **kwargs: object) -> None:
        super().__init__(**kwargs)  # type: ignore[arg-type]
        self.cards: list[Card] = []
        self._state: TableState | None = None

    def show(self, state: TableState, cards: list[Card]) -> None:
        self._state = state
        self.cards = cards
        self.refresh()

    def render(self) -> Text:
        st = self._state
        if st is None:
            return Text("")
        v = st.view
        selecting = st.my_turn and v.phase in (Phase.PLAY, Phase.TRUMP) and bool(self.cards)
        cols: list[list[Text]] = []
        for i, card in enumerate(self.cards):
            sel = selecting and i == st.selected
            dim = st.my_turn and v.phase in (Phase.PLAY, Phase.TRUMP) \
                and card not in st.legal_cards
            label = Text(f"{i + 1:^6}", style=f"reverse bold {GOLD}" if sel else "dim")
            box = card_box(card, highlight=sel, dim=dim)
            # the selected card is lifted by one line
            col = [label, *box, Text(" " * 6)] if sel else [label, Text(" " * 6), *box]
            cols.append(col)
        if v.face_down and v.bidder == HUMAN and v.trump_card is not None:
            cap = Text("trump ", style=HIDDEN)
            cols.append([cap, Text(" " * 6), *card_box(v.trump_card, dim=True)])
        if not cols:
            return Text("(no cards)", style="dim")
        lines = join_columns(cols, 1)
        out = Text()
        for i, ln in enumerate(lines):
            if i:
                out.append("\n")
            out.append_text(ln)
        return out

    def on_click(self, event: events.Click) -> None:
        idx = event.x // self.CARD_W
        if 0 <= idx < len(self.cards) and event.x % self.CARD_W < 6:
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
    belong to the hand and the bids)."""


class ActionButton(Button, can_focus=False):
    """A button that never takes the focus: Enter and the arrows stay with the table."""
