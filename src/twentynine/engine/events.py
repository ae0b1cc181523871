"""What happened: the events the engine emits, and their per-seat filtering.

Each event is a small frozen value.  :func:`event_for_seat` hides what a seat may
not know (other seats' dealt cards, the face-down trump card).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .cards import SUIT_NAMES, Card
from .scoring import DealOutcome


def team_of(seat: int) -> int:
    """Seats 0 and 2 are team 0; seats 1 and 3 are team 1."""
    return seat & 1


@dataclass(frozen=True, slots=True)
class DealStarted:
    """A new deal begins; ``number`` counts from 1 within the game."""

    number: int
    dealer: int
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """``count`` cards went to ``seat`` (round 1 or 2); ``cards`` is None when hidden."""

    seat: int
    round: int
    count: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class BidMade:
    """``seat`` bid ``bid``."""

    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class Passed:
    """``seat`` passed and is out of the auction."""

    seat: int


@dataclass(frozen=True, slots=True)
class AuctionWon:
    """The auction ended: ``seat`` plays for ``bid``."""

    seat: int
    bid: int


@dataclass(frozen=True, slots=True)
class TrumpChosen:
    """The bidder chose trump; ``card`` and ``suit`` are None for those who may not see it
    (and ``no_trumps`` False)."""

    seat: int
    card: Card | None
    suit: int | None
    no_trumps: bool = False


@dataclass(frozen=True, slots=True)
class Doubled:
    """``seat`` doubled (``multiplier`` 2) or redoubled (4)."""

    seat: int
    multiplier: int


@dataclass(frozen=True, slots=True)
class Declined:
    """``seat`` passed on ``what``: ``double``, ``redouble`` or ``single hand``."""

    seat: int
    what: str


@dataclass(frozen=True, slots=True)
class SingleHandAnnounced:
    """``seat`` will take every trick alone; the partner sits out."""

    seat: int


@dataclass(frozen=True, slots=True)
class ThrownIn:
    """The deal is thrown in (nobody scores) because of ``seat``: ``reason`` says why."""

    seat: int
    reason: str


@dataclass(frozen=True, slots=True)
class TrumpShown:
    """Trump was shown, at ``seat``'s request (None: shown automatically before the last
    trick); ``suit`` None means the bidder chose no trumps."""

    seat: int | None
    suit: int | None
    card: Card | None
    bidder: int

    def __str__(self) -> str:
        return "no trumps" if self.suit is None else f"trump is {SUIT_NAMES[self.suit]}"


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card``."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Trick ``number`` (1..8) went to ``seat`` with ``points`` (last-trick point included)."""

    seat: int
    number: int
    cards: tuple[tuple[int, Card], ...]
    points: int


@dataclass(frozen=True, slots=True)
class PairDeclared:
    """``seat`` declared the pair; the bidding team's target is now ``target``."""

    seat: int
    target: int


@dataclass(frozen=True, slots=True)
class DealScored:
    """The deal is over; ``scores`` are the game points after it."""

    outcome: DealOutcome
    scores: tuple[int, int]


@dataclass(frozen=True, slots=True)
class GameOver:
    """The game is over: ``winner`` is the winning team (0 or 1)."""

    winner: int
    scores: tuple[int, int]


Event = (
    DealStarted | CardsDealt | BidMade | Passed | AuctionWon | TrumpChosen | Doubled | Declined
    | SingleHandAnnounced | ThrownIn | TrumpShown | CardPlayed | TrickWon | PairDeclared
    | DealScored | GameOver
)


def event_for_seat(event: Event, seat: int) -> Event:
    """The event as ``seat`` may see it."""
    if isinstance(event, CardsDealt) and event.seat != seat:
        return replace(event, cards=None)
    if isinstance(event, TrumpChosen) and event.seat != seat:
        return replace(event, card=None, suit=None, no_trumps=False)
    return event
