"""What one seat may know: the observer between the engine and the bots or the UI.

A :class:`SeatView` is a frozen copy made for one seat.  It holds that seat's own
hand, the public record of the deal (bids, played cards, tricks, scores) and the
trump only if the seat is the bidder or the trump has been shown.  Bots and the
table only ever see views: this is the wall that stops cheating.

>>> from twentynine.engine.deal import Deal
>>> v = Deal.from_seed(1).view(0)
>>> len(v.hand), v.hand_sizes
(4, (4, 4, 4, 4))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .actions import ACTIONS, Action
from .cards import CARDS, Card, as_card, cards_mask, mask_cards
from .rules import Rules
from .scoring import DealOutcome

if TYPE_CHECKING:
    from .deal import Deal, Phase


@dataclass(frozen=True, slots=True)
class TrickRecord:
    """A finished trick: who led, the cards in play order with their seats, the winner, the
    points it carried."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int
    points: int


@dataclass(frozen=True, slots=True)
class SeatView:
    """Everything ``seat`` may know about the deal now."""

    seat: int
    rules: Rules
    number: int
    dealer: int
    phase: Phase
    turn: int
    scores: tuple[int, int]
    """Game scores (team 0, team 1) before this deal is scored."""
    hand: tuple[Card, ...]
    hand_sizes: tuple[int, int, int, int]
    """Cards in each seat's hand, not counting a face-down trump card."""
    bids: tuple[tuple[int, int | None], ...]
    """The auction in order: (seat, bid), bid None for a pass."""
    high_bid: int | None
    bidder: int | None
    trump_suit: int | None
    """Known to the bidder, and to everyone once shown."""
    trump_card: Card | None
    """The face-down card, known to the bidder, and to everyone once shown."""
    trump_shown: bool
    face_down: bool
    """The bidder has a card lying face down."""
    shown_in_trick: int | None
    """Index (0..7) of the trick in which trump was shown."""
    asker: int | None
    """The seat that asked for trump in the current trick."""
    leader: int
    trick: tuple[tuple[int, Card], ...]
    tricks: tuple[TrickRecord, ...]
    points: tuple[int, int]
    tricks_won: tuple[int, int]
    target: int | None
    pair_seat: int | None
    legal_actions: tuple[Action, ...]
    """The seat's legal actions; empty when it is not this seat's turn."""
    outcome: DealOutcome | None
    no_trumps: bool = False
    """The bidder chose no trumps (known to the bidder, and to everyone once shown)."""
    multiplier: int = 1
    """1, or 2 after a double, 4 after a redouble."""
    single_hand: int | None = None
    """The seat playing a single hand."""
    sitting_out: int | None = None
    """The single-hand player's partner, who does not play."""
    single_hand_offers: int = 0
    """How many players have passed on announcing a single hand."""

    @property
    def team(self) -> int:
        """This seat's team (0 or 1)."""
        return self.seat & 1

    @property
    def partner(self) -> int:
        """The seat opposite."""
        return (self.seat + 2) & 3

    @property
    def my_turn(self) -> bool:
        """Whether this seat is to move."""
        return self.turn == self.seat and bool(self.legal_actions)

    @property
    def led_suit(self) -> int | None:
        """The suit led to the current trick."""
        return self.trick[0][1].suit if self.trick else None

    def played_cards(self) -> frozenset[Card]:
        """Every card played so far in this deal."""
        out = {c for t in self.tricks for _, c in t.cards}
        out.update(c for _, c in self.trick)
        return frozenset(out)

    def unseen_cards(self) -> frozenset[Card]:
        """Cards this seat has not seen: neither in its hand, played, nor its own trump."""
        known = set(self.hand) | self.played_cards()
        if self.trump_card is not None and self.face_down:
            known.add(self.trump_card)
        return frozenset(CARDS) - known

    def team_won_since_shown(self, team: int) -> bool:
        """Whether ``team`` has won the trick in which trump was shown, or a later one."""
        if self.shown_in_trick is None:
            return False
        return any(t.winner & 1 == team for t in self.tricks[self.shown_in_trick:])


_TRICKS: dict[tuple[tuple[tuple[int, tuple[int, ...], int, int], ...], int],
              tuple[TrickRecord, ...]] = {}
"""Finished tricks as records, by a deal's history and the seat sitting out (if any)."""


def trick_records(deal: Deal) -> tuple[TrickRecord, ...]:
    """The deal's finished tricks as records.  A deal's history only grows, and every
    seat's view holds the same records, so they are made once and shared (they are
    frozen); the cache is emptied when it grows past 2,048 histories."""
    history = deal.history
    key = (history, deal.sitting_out)
    out = _TRICKS.get(key)
    if out is None:
        # usually one trick more than a history already seen: only that one is made
        before = _TRICKS.get((history[:-1], deal.sitting_out)) if history else None
        made = before if before is not None else ()
        out = made + tuple(
            TrickRecord(lead, tuple((s, CARDS[c]) for s, c in zip(
                deal.trick_seats(lead), cards, strict=False)), w, p)
            for lead, cards, w, p in history[len(made):])
        if len(_TRICKS) >= 2048:
            _TRICKS.clear()
        _TRICKS[key] = out
    return out


def own_fields(deal: Deal, seat: int
               ) -> tuple[tuple[Card, ...], int | None, Card | None, tuple[Action, ...], bool]:
    """The fields of ``seat``'s view that no other seat's view shares: its hand, the trump
    suit and card (only for the bidder, or once shown), its legal actions (only on its
    turn) and whether it knows the deal is played without trumps."""
    sees_trump = deal.shown or seat == deal.bidder
    return (
        tuple(CARDS[c] for c in mask_cards(deal.hands[seat])),
        deal.trump_suit if sees_trump and deal.trump_suit >= 0 else None,
        CARDS[deal.trump_card] if sees_trump and deal.trump_card >= 0 else None,
        tuple(ACTIONS[c] for c in deal.legal_codes()) if seat == deal.turn else (),
        deal.no_trump and sees_trump,
    )


def public_fields(deal: Deal) -> dict[str, Any]:
    """The fields every seat's view shares, by name (the keywords of :class:`SeatView`
    but the seat's own: see :func:`own_fields`)."""
    shown = deal.shown
    seats = deal.trick_seats(deal.leader)
    return {
        "rules": deal.rules,
        "number": deal.number,
        "dealer": deal.dealer,
        "phase": deal.phase,
        "turn": deal.turn,
        "scores": deal.scores,
        "hand_sizes": (deal.hands[0].bit_count(), deal.hands[1].bit_count(),
                       deal.hands[2].bit_count(), deal.hands[3].bit_count()),
        "bids": tuple((s, b or None) for s, b in deal.bids),
        "high_bid": deal.high_bid or None,
        "bidder": deal.bidder if deal.bidder >= 0 else None,
        "trump_shown": shown,
        "face_down": deal.trump_card >= 0 and not shown,
        "shown_in_trick": deal.shown_trick if shown else None,
        "asker": deal.asker if deal.asker >= 0 else None,
        "leader": deal.leader,
        "trick": tuple((seats[i], CARDS[c]) for i, c in enumerate(deal.trick)),
        "tricks": trick_records(deal),
        "points": (deal.points[0], deal.points[1]),
        "tricks_won": (deal.tricks_won[0], deal.tricks_won[1]),
        "target": deal.target or None,
        "pair_seat": deal.pair_seat if deal.pair_seat >= 0 else None,
        "outcome": deal.outcome,
        "multiplier": deal.multiplier,
        "single_hand": deal.single if deal.single >= 0 else None,
        "sitting_out": deal.sitting_out if deal.sitting_out >= 0 else None,
        "single_hand_offers": deal.single_offers,
    }


def make_view(deal: Deal, seat: int) -> SeatView:
    """The view of ``deal`` for ``seat``: the fields all seats share and its own."""
    if seat not in (0, 1, 2, 3):
        raise ValueError(f"a seat is 0, 1, 2 or 3, not {seat!r}")
    hand, trump_suit, trump_card, legal, no_trumps = own_fields(deal, seat)
    return SeatView(seat=seat, hand=hand, trump_suit=trump_suit, trump_card=trump_card,
                    legal_actions=legal, no_trumps=no_trumps, **public_fields(deal))


class WorldError(ValueError):
    """Hidden cards that do not fit what a view shows."""


def deal_from_view(
    view: SeatView,
    hands: Sequence[Iterable[Card | str | int]],
    trump_card: Card | str | int | None = None,
    trump_suit: int | None = None,
    second: Sequence[Iterable[Card | str | int]] | None = None,
) -> Deal:
    """A deal consistent with ``view``, with the hidden cards filled in: one sampled world.

    ``hands`` gives every seat's current hand (the view's own must match); ``trump_card``
    (or ``trump_suit`` with a marker) the hidden trump when the view does not show it;
    ``second`` the second four cards of each seat while they are not yet dealt.  Bots use
    this to simulate; it never reveals anything, it only builds what it is told.
    """
    from .deal import PHASE_CODES, PLAY, blank_deal

    phase_code = PHASE_CODES[view.phase]
    dealt_second = phase_code == PLAY or (phase_code == 5)  # play or single-hand offer
    masks = [cards_mask(as_card(c).index for c in h) for h in hands]
    if len(masks) != 4:
        raise WorldError("a world needs the hands of all four seats")
    if masks[view.seat] != cards_mask(c.index for c in view.hand):
        raise WorldError("the world's hand for the viewing seat differs from its view")
    for s in range(4):
        if masks[s].bit_count() != view.hand_sizes[s]:
            raise WorldError(f"seat {s} must hold {view.hand_sizes[s]} cards in this world")
    tc = view.trump_card.index if view.trump_card is not None else (
        as_card(trump_card).index if trump_card is not None else -1)
    ts = view.trump_suit if view.trump_suit is not None else (
        tc >> 3 if tc >= 0 else (trump_suit if trump_suit is not None else -1))
    if view.bidder is not None and dealt_second and ts < 0 and not view.no_trumps \
            and view.single_hand is None and trump_suit != -1:
        raise WorldError("the world needs a trump suit (or trump_suit=-1 for no trumps)")
    if view.rules.trump_indicator == "card" and view.face_down and tc < 0:
        raise WorldError("the world needs the bidder's face-down card")
    d = blank_deal()
    sec: tuple[int, ...] = (0, 0, 0, 0)
    seventh: tuple[int, ...] = (-1, -1, -1, -1)
    if not dealt_second and phase_code != 3:
        if second is None:
            raise WorldError("before play, a world needs the second four cards of each seat")
        ordered = [[as_card(c).index for c in h] for h in second]
        sec = tuple(cards_mask(h) for h in ordered)
        seventh = tuple(h[0] if h else -1 for h in ordered)
    d._setup(view.rules, view.dealer, tuple(masks), sec, view.number, view.scores, seventh)
    d.phase_code = phase_code
    d.turn = view.turn
    d.hands = masks
    d.high_bid = view.high_bid or 0
    d.bidder = view.bidder if view.bidder is not None else -1
    d.passed = sum(1 << s for s, b in view.bids if b is None)
    d.bids = [(s, b or 0) for s, b in view.bids]
    d.trump_card = tc
    d.trump_suit = ts if ts is not None else -1
    d.no_trump = view.no_trumps or (trump_suit == -1 and view.trump_suit is None
                                    and tc < 0 and dealt_second)
    d.multiplier = view.multiplier
    d.single = view.single_hand if view.single_hand is not None else -1
    d.sitting_out = view.sitting_out if view.sitting_out is not None else -1
    d.single_offers = view.single_hand_offers
    d.shown = view.trump_shown
    d.shown_trick = view.shown_in_trick if view.shown_in_trick is not None else -1
    d.asker = view.asker if view.asker is not None else -1
    d.trick = [c.index for _, c in view.trick]
    d.leader = view.leader
    d.trick_no = len(view.tricks)
    d.points = list(view.points)
    d.tricks_won = list(view.tricks_won)
    d.won_since_shown = sum(1 << t for t in (0, 1) if view.team_won_since_shown(t))
    d.pair_team = view.pair_seat & 1 if view.pair_seat is not None else -1
    d.pair_seat = view.pair_seat if view.pair_seat is not None else -1
    played = 0
    for t in view.tricks:
        for _, c in t.cards:
            played |= 1 << c.index
    for _, c in view.trick:
        played |= 1 << c.index
    d.played = played
    d.history = tuple((t.leader, tuple(c.index for _, c in t.cards), t.winner, t.points)
                      for t in view.tricks)
    d.outcome = view.outcome
    return d
