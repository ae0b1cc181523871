"""The human's turn at the table, without a screen: what is selected, a bid typed digit by
digit, what Enter does (and when it must wait), the move clock and a forced card.

Nothing here draws or knows Textual: the table screen hands in the human's view and legal
actions, and gets back the action to take or a :class:`Note` for the status line.  So the
input rules are plain functions of a position, and are tested as such.

>>> from twentynine.controller.local_table import TableController
>>> t = TableController(seed=4, bots="random")
>>> turn = TurnModel()
>>> note = turn.begin(t.view(), t.legal_actions(), now=0.0)
>>> note.text.startswith("Your bid · Enter: bid 16"), turn.sel_bid
(True, 16)
>>> turn.bid_digit(2, t.legal_actions()).text
'Bid 2_: type the second digit · p: pass'
>>> turn.bid_digit(0, t.legal_actions()).text
'Enter: bid 20 · p: pass'
>>> turn.enter("bid", now=10.0)
Action('bid 20')
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from ..engine.actions import NO_TRUMPS, PAIR, PASS, REDEAL, REDOUBLE, SHOW_TRUMP, Action, ActionKind
from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..engine.deal import Phase
from ..engine.views import SeatView

ENTER_GUARD = 0.8
"""Seconds after a dialog closes during which Enter does not play or bid: the Enter that
closes the deal summary and the one that would bid in the next auction are one key press
apart.  A turn of yours that begins meanwhile starts the wait again: you see the new hand
for that long before Enter bids on it."""

BURST_GAP = 0.5
"""Seconds without an Enter that end a burst of Enter presses.  Enter makes a decision only
in a burst that began after the turn did: Enter held down or pressed again and again
(through the deal summary, or while the bots move) never bids or plays on a turn the
player has not yet seen; one pause, then Enter, does."""

SUIT_ORDER = (0, 1, 3, 2)
"""Hand order by suit index: spades, hearts, clubs, diamonds (black and red alternate)."""

Tone = Literal["plain", "bold", "refused"]
"""How a status line note reads: as news, as what to do now, or as a refusal."""

EnterWhat = Literal["play", "trump card", "suit", "bid"]
"""What Enter confirms: a card to play, a card to lay as trump, a trump suit, a bid."""


@dataclass(frozen=True, slots=True)
class Note:
    """A line for the status line, and its tone."""

    text: str
    tone: Tone = "plain"


def sort_hand(cards: Sequence[Card]) -> list[Card]:
    """The hand in display order: by suit (colours alternating), then rank high to low."""
    return sorted(cards, key=lambda c: (SUIT_ORDER[c.suit], c.rank))


def legal_cards(legal: Sequence[Action]) -> frozenset[Card]:
    """The cards among ``legal`` (to play, or to lay face down as trump)."""
    return frozenset(a.card for a in legal
                     if a.card is not None and a.kind in (ActionKind.PLAY,
                                                          ActionKind.TRUMP_CARD))


def legal_bids(legal: Sequence[Action]) -> list[int]:
    """The bids among ``legal``, lowest first."""
    return [a.bid for a in legal if a.bid is not None]


def marker_trump(v: SeatView) -> bool:
    """The seat chooses a trump suit (not a face-down card) now."""
    return v.phase is Phase.TRUMP and v.rules.trump_indicator == "marker"


def bid_keys(legal: Sequence[Action]) -> str:
    """The auction's other keys that are legal now, for the status line (every line that
    says what Enter bids keeps them: a hint or an arrow that moves the bid must not make
    ``p`` look gone)."""
    ps = " (the dealer must bid)" if PASS not in legal else " · p: pass"
    return ps + (" · e: redeal" if REDEAL in legal else "")


def card_rule(v: SeatView) -> str:
    """What the turn asks of the human's card, where a rule greys some out: follow the suit
    led, or (having asked for trump) play a trump.

    The greyed cards alone did not say why (after asking, every card but the trumps went
    grey under "Your turn: play a card")."""
    plays = [a.card for a in v.legal_actions if a.kind is ActionKind.PLAY and a.card]
    if not v.trick or not plays or len(plays) == len(v.hand):
        return "play a card"
    led = v.trick[0][1].suit
    if all(c.suit == led for c in plays):
        return f"follow suit ({SUIT_SYMBOLS[led]} {SUIT_NAMES[led]})"
    trump = v.trump_suit
    if v.asker == v.seat and trump is not None and all(c.suit == trump for c in plays):
        return f"you asked, so play a trump ({SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]})"
    return "play a card"


def play_line(v: SeatView) -> str:
    """The status line for the human's turn to play: the rule on the card, the calls."""
    legal = v.legal_actions
    if SHOW_TRUMP in legal and not any(a.kind is ActionKind.PLAY for a in legal):
        return "Your turn: you must ask for trump (s)"
    extra = ""
    if SHOW_TRUMP in legal:
        extra += " · s asks for trump"
    if PAIR in legal:
        extra += " · a declares the pair"
    return f"Your turn: {card_rule(v)}{extra}"


class TurnModel:
    """The human's choices during their turn, and the rules of the keys that make them.

    ``legal`` arguments are the human's legal actions as the table allows them now (empty
    while a dialog is open or a trick is being gathered); ``now`` is a monotonic time in
    seconds."""

    def __init__(self, timer: float | None = None, enter_guard: float = ENTER_GUARD,
                 now: float = 0.0, burst_gap: float = BURST_GAP,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.sel_card: Card | None = None
        """The card the cursor is on (to play, or to lay as trump)."""
        self.sel_bid = 0
        """The bid Enter makes."""
        self.bid_digits = ""
        """The first digit of a bid being typed (Enter waits for the second)."""
        self.sel_suit = 0
        """The trump suit Enter chooses (marker trump)."""
        self.timer = timer
        """Seconds per move, or None for no clock."""
        self.time_left: float | None = None
        """Seconds left on the clock for this turn (None: no clock running)."""
        self.last_tick = now
        self.enter_guard = enter_guard
        """Seconds after a dialog closes during which Enter does not play or bid."""
        self.dialog_closed_at = -1e9
        self.enter_guard_from = -1e9
        self.auto_token: tuple[int, int] | None = None
        """The position at which a forced card waits to be played for the human."""
        self.burst_gap = burst_gap
        """Seconds without an Enter that end a burst of presses (see :data:`BURST_GAP`)."""
        self.burst_from = -1e9
        """When the burst of Enter presses that the last one belongs to began."""
        self.last_enter = -1e9
        """When Enter was last pressed (anywhere: on the table, a dialog, the summary)."""
        self.turn_began = -1e9
        """When the human's current turn began."""
        self.clock = clock
        """The time the table reads (a test's own clock replaces it)."""

    # ------------------------------------------------------------------ a turn begins
    def begin(self, v: SeatView, legal: Sequence[Action], now: float,
              forced: Card | None = None) -> Note:
        """A turn of the human's begins at ``v``: the clock starts, Enter waits again if a
        dialog just closed, the selection goes to the first legal choice (the lowest bid:
        Enter never makes a bid left over from an earlier turn).  ``forced``: the only card
        there is, to be played for the human after a pause.  Returns what the turn asks."""
        if now - self.enter_guard_from < self.enter_guard:
            self.enter_guard_from = now  # a dialog just closed: see this turn first
        self.turn_began = now
        self.time_left = self.timer
        self.last_tick = now
        hand = sort_hand(v.hand)
        if v.phase is Phase.AUCTION:
            bids = legal_bids(legal)
            self.sel_bid = bids[0] if bids else 0
            self.bid_digits = ""
            return Note(f"Your bid · Enter: bid {self.sel_bid}{bid_keys(legal)}" if bids
                        else f"Your bid{bid_keys(legal)}", "bold")
        if v.phase is Phase.TRUMP:
            nt = " · n: no trumps" if NO_TRUMPS in legal else ""
            self.select_first_legal(hand, legal)
            if v.rules.trump_indicator == "marker":
                return Note("You won the auction: choose the trump suit (1-4 or ←→, Enter)"
                            f"{nt}", "bold")
            return Note("You won the auction: choose a card to lay face down as trump "
                        f"(←→ or 1-4, Enter){nt}", "bold")
        if v.phase is Phase.DOUBLING:
            word = "redouble" if REDOUBLE in legal else "double"
            return Note(f"Will you {word}? d: {word} · p: pass", "bold")
        if v.phase is Phase.SINGLE_HAND:
            return Note("Play a single hand (all eight tricks alone)? h: yes · p: pass",
                        "bold")
        self.select_first_legal(hand, legal)
        if forced is not None:
            self.sel_card = forced
            return Note(f"Only the {forced.label} can be played: playing it for you", "bold")
        return Note(play_line(v), "bold")

    def select_first_legal(self, hand: Sequence[Card], legal: Sequence[Action]) -> None:
        """Keep a legal selected card; else select the first legal card of ``hand`` (or its
        first card when none is legal)."""
        cards = legal_cards(legal)
        if self.sel_card in cards:
            return
        for c in hand:
            if c in cards:
                self.sel_card = c
                return
        self.sel_card = hand[0] if hand else None

    # ------------------------------------------------------------------ choosing
    def move(self, delta: int, v: SeatView, legal: Sequence[Action],
             table_legal: Sequence[Action]) -> Note | None:
        """←→: the next legal card (wrapping), the next suit, or in the auction the next
        bid.  ``table_legal``: the table's legal actions, for the keys the status names."""
        if v.phase is Phase.AUCTION:
            return self.step(delta, v, legal, table_legal)
        if marker_trump(v):
            self.sel_suit = (self.sel_suit + delta) % 4
            return None
        hand = sort_hand(v.hand)
        cards = legal_cards(legal)
        order = [c for c in hand if c in cards] or hand
        if not order:
            return None
        if self.sel_card in order:
            i = (order.index(self.sel_card) + delta) % len(order)
        else:
            i = 0 if delta > 0 else len(order) - 1
        self.sel_card = order[i]
        return None

    def step(self, delta: int, v: SeatView, legal: Sequence[Action],
             table_legal: Sequence[Action]) -> Note | None:
        """↑↓: a higher or lower bid (held at the ends); outside the auction, the cards or
        suits (↑ moves left in the trump choice)."""
        if v.phase is not Phase.AUCTION:
            return self.move(-delta if v.phase is Phase.TRUMP else delta, v, legal,
                             table_legal)
        bids = legal_bids(legal)
        if not bids:
            return None
        i = bids.index(self.sel_bid) if self.sel_bid in bids else 0
        self.sel_bid = bids[max(0, min(len(bids) - 1, i + delta))]
        self.bid_digits = ""
        return self.bid_note(table_legal)

    def bid_note(self, table_legal: Sequence[Action]) -> Note:
        """What Enter bids now, and the auction's other keys."""
        return Note(f"Enter: bid {self.sel_bid}{bid_keys(table_legal)}", "bold")

    def card(self, n: int, v: SeatView, legal: Sequence[Action],
             explain: Callable[[Action], str | None]) -> Note | None:
        """Key ``n`` (1-8): select the hand's n-th card; a card that may not be played says
        why (``explain`` gives the engine's reason)."""
        hand = sort_hand(v.hand)
        if not 1 <= n <= len(hand):
            return None
        self.sel_card = hand[n - 1]
        if v.phase is Phase.PLAY and self.sel_card not in legal_cards(legal):
            why = explain(Action.play(self.sel_card))
            if why:
                return Note(f"{self.sel_card.label}: {why[:1].lower()}{why[1:]}", "refused")
        return None

    def bid_digit(self, d: int, legal: Sequence[Action]) -> Note:
        """A digit of a bid typed: the first waits for the second; two make the bid Enter
        makes, if it is a legal one."""
        bids = legal_bids(legal)
        text = self.bid_digits + str(d)
        lo, hi = (bids[0], bids[-1]) if bids else (0, 0)
        if len(text) >= 2:
            n = int(text)
            self.bid_digits = ""
            if n in bids:
                self.sel_bid = n
                return self.bid_note(legal)
            return Note(f"You can bid {lo} to {hi}, not {n}", "refused")
        if not any(str(b).startswith(text) for b in bids):
            return Note(f"You can bid {lo} to {hi}: no bid begins with {text}", "refused")
        self.bid_digits = text
        return Note(f"Bid {text}_: type the second digit{bid_keys(legal)}", "bold")

    def suit(self, n: int) -> None:
        """Key ``n`` (1-4) in the trump choice: select the n-th suit."""
        self.sel_suit = n - 1

    def adopt(self, action: Action, hand: Sequence[Card]) -> bool:
        """Put the selection on ``action`` (a suggestion: a card in ``hand``, a bid or a
        suit); False if it is none of these."""
        if action.card is not None and action.card in hand:
            self.sel_card = action.card
        elif action.bid is not None:
            self.sel_bid = action.bid
        elif action.suit is not None:
            self.sel_suit = action.suit
        else:
            return False
        return True

    def selected_action(self, v: SeatView, legal: Sequence[Action]) -> Action | None:
        """What Enter would take now at ``v``, if it is among ``legal`` (the hint's top
        edge follows it)."""
        a: Action | None = None
        if v.phase is Phase.PLAY and self.sel_card is not None:
            a = Action.play(self.sel_card)
        elif marker_trump(v):
            a = Action.trump_suit(self.sel_suit)
        elif v.phase is Phase.TRUMP and self.sel_card is not None:
            a = Action.trump_card(self.sel_card)
        elif v.phase is Phase.AUCTION and self.sel_bid:
            a = Action.make_bid(self.sel_bid)
        return a if a in legal else None

    # ------------------------------------------------------------------ Enter
    def dialog_closed(self, now: float) -> None:
        """A dialog closed: Enter waits :attr:`enter_guard` seconds before it plays."""
        self.dialog_closed_at = self.enter_guard_from = now

    def pressed_enter(self, now: float) -> None:
        """Enter was pressed at ``now``, wherever it went (a dialog, the deal summary, the
        table while a bot moves): a press less than :attr:`burst_gap` after the last one
        belongs to the same burst."""
        if not 0 <= now - self.last_enter < self.burst_gap:
            self.burst_from = now
        self.last_enter = now

    def in_old_burst(self, now: float) -> bool:
        """Enter at ``now`` belongs to a burst of presses that began no later than this
        turn: it was not pressed for this turn, and makes no decision on it.  The press
        counts (:meth:`pressed_enter`)."""
        self.pressed_enter(now)
        return self.burst_gap > 0 and self.burst_from <= self.turn_began

    def too_soon(self, now: float) -> bool:
        """Enter comes too soon after a dialog closed (it was meant for the dialog, or
        pressed twice)."""
        return now - self.enter_guard_from < self.enter_guard

    def enter(self, what: EnterWhat, now: float) -> Action | str | None:
        """Enter confirms ``what``: the action to take, a refusal in words, or None when
        there is nothing selected."""
        old_burst = self.in_old_burst(now)
        if what == "bid" and self.bid_digits:  # half a bid typed: Enter must not make one
            return (f"Bid {self.bid_digits}_: type the second digit (or ↑↓ to choose); "
                    "Enter bids a whole number only")
        if what in ("play", "trump card") and self.sel_card is None:
            return None
        card = self.sel_card
        if what == "play" and card is not None:
            action, words = Action.play(card), f"play the {card.label}"
        elif what == "trump card" and card is not None:
            action, words = Action.trump_card(card), f"lay the {card.label} as trump"
        elif what == "suit":
            action = Action.trump_suit(self.sel_suit)
            words = f"choose {SUIT_NAMES[self.sel_suit]}"
        else:
            action, words = Action.make_bid(self.sel_bid), f"bid {self.sel_bid}"
        if self.too_soon(now):
            return f"Enter: the table is back; look first, then Enter will {words}"
        if old_burst:
            return f"Enter: your turn has just begun; look, then press it again to {words}"
        return action

    # ------------------------------------------------------------------ the clock
    def tick(self, now: float, running: bool) -> bool:
        """The clock moves on to ``now`` (only while ``running``: the human's turn, no
        dialog); True once the time is up (the clock then stops)."""
        dt, self.last_tick = now - self.last_tick, now
        if self.time_left is None or not running:
            return False
        self.time_left -= dt
        if self.time_left <= 0:
            self.time_left = None
            return True
        return False

    def set_timer(self, timer: float | None) -> None:
        """A new time per move (from the settings): the clock of this turn starts again."""
        if timer != self.timer:
            self.timer = timer
            self.time_left = None if timer is None else timer

    def seconds_left(self) -> int | None:
        """Whole seconds on the clock, rounded up, for the status line (None: no clock)."""
        if self.time_left is None:
            return None
        return max(0, int(self.time_left + 0.999))
