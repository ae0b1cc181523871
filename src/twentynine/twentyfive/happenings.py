"""What happened in a game of Twenty-Five: the events a move causes, and what each seat
may see of them.

Each event is a small frozen value.  The engine returns them with every card in them;
:func:`event_for_seat` hides what a seat may not know (another seat's dealt cards, the
card a robber laid down) before a front end or a bot sees them.

>>> from twentynine.twentyfive.pack import parse_card
>>> e = Robbed(seat=2, taken=parse_card("9D"), laid_down=parse_card("3C"))
>>> event_for_seat(e, 2) == e, event_for_seat(e, 0).laid_down
(True, None)
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from .pack import Card


@dataclass(frozen=True, slots=True)
class DealStarted:
    """Deal ``number`` (from 1) begins, dealt by ``dealer``; ``scores`` by side."""

    number: int
    dealer: int
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class CardsDealt:
    """Five cards went to ``seat``; ``cards`` is None for every other seat."""

    seat: int
    cards: tuple[Card, ...] | None


@dataclass(frozen=True, slots=True)
class TrumpTurned:
    """The top card of the stock was turned up: its suit is trump."""

    card: Card
    trump: int


@dataclass(frozen=True, slots=True)
class Robbed:
    """``seat`` robbed: took the turned card into its hand and laid a card face down;
    ``laid_down`` is None for every other seat."""

    seat: int
    taken: Card
    laid_down: Card | None


@dataclass(frozen=True, slots=True)
class CardPlayed:
    """``seat`` played ``card`` to the trick."""

    seat: int
    card: Card


@dataclass(frozen=True, slots=True)
class TrickWon:
    """Trick ``number`` (1 to 5) went to ``seat``, 5 points for its ``side``."""

    number: int
    seat: int
    side: int
    cards: tuple[tuple[int, Card], ...]
    """The trick's cards in play order, with their seats."""
    scores: tuple[int, ...]
    """Every side's score after it."""


@dataclass(frozen=True, slots=True)
class DealOver:
    """The five tricks of deal ``number`` are played and nobody reached the target."""

    number: int
    tricks: tuple[int, ...]
    """Tricks each seat won in the deal."""
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class RaceWon:
    """``side`` (its ``seats``) reached the target and won the game, in trick ``trick``
    (1 to 5) of deal ``deal``: with tricks left when ``trick < 5`` (the deal is not played
    on)."""

    side: int
    seats: tuple[int, ...]
    scores: tuple[int, ...]
    deal: int
    trick: int


Event = (DealStarted | CardsDealt | TrumpTurned | Robbed | CardPlayed | TrickWon | DealOver
         | RaceWon)
"""Any event."""


def event_for_seat(event: Event, seat: int) -> Event:
    """``event`` as ``seat`` may see it: another seat's cards dealt and the card a robber
    laid down are hidden (None)."""
    if isinstance(event, CardsDealt) and event.seat != seat and event.cards is not None:
        return replace(event, cards=None)
    if isinstance(event, Robbed) and event.seat != seat and event.laid_down is not None:
        return replace(event, laid_down=None)
    return event
