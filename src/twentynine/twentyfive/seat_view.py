"""What one seat may know of a game of Twenty-Five: the wall between the engine and the bots
or a table.

A :class:`PlayerView` is a frozen copy made for one seat: its own hand, the turned card
and who robbed it, the cards played (this trick and the deal's finished tricks), the
tricks won and the sides' scores, and its legal moves when it is its turn.  Never another
seat's hand, the stock, or the card a robber laid down (only the robber sees that).

>>> from twentynine.twentyfive.race import Race
>>> v = Race(seed=1).view(0)
>>> len(v.hand), v.hand_sizes, v.stage.value
(5, (5, 5, 5, 5), 'play')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from .house_rules import HouseRules
from .moves import Move, MoveKind
from .pack import Card, hold_back_mask


class Stage(Enum):
    """Where a game stands."""

    PLAY = "play"
    """A card (or a rob) is awaited from :attr:`PlayerView.turn`."""
    DEAL_OVER = "deal over"
    """Five tricks played, nobody at the target: the next dealer starts the next deal."""
    GAME_OVER = "game over"
    """A side reached the target."""


@dataclass(frozen=True, slots=True)
class TrickDone:
    """A finished trick: who led, its cards in play order with their seats, who won."""

    leader: int
    cards: tuple[tuple[int, Card], ...]
    winner: int


@dataclass(frozen=True, slots=True)
class PlayerView:
    """Everything ``seat`` may know now."""

    seat: int
    rules: HouseRules
    number: int
    """The deal's number in the game, from 1."""
    dealer: int
    stage: Stage
    turn: int | None
    """The seat to move (between deals, the next dealer); None once the game is over."""
    hand: tuple[Card, ...]
    """This seat's cards, lowest number first."""
    hand_sizes: tuple[int, ...]
    """Cards in each seat's hand."""
    turned: Card
    """The card turned up: its suit is trump.  After a rob it is in the robber's hand
    (until played)."""
    trump: int
    robber: int | None
    """The seat that robbed the turned card, if any."""
    laid_down: Card | None
    """The card this seat laid down when it robbed (None for every other seat)."""
    leader: int
    """Who led (or leads) the trick on the table."""
    trick: tuple[tuple[int, Card], ...]
    """The trick on the table, in play order, with seats."""
    tricks: tuple[TrickDone, ...]
    """This deal's finished tricks."""
    tricks_won: tuple[int, ...]
    """Tricks each seat won in this deal."""
    scores: tuple[int, ...]
    """Each side's score in the race (5 points a trick)."""
    winner: int | None
    """The side that reached the target (the game is over)."""
    legal_actions: tuple[Move, ...]
    """This seat's legal moves; empty when it is not its turn."""

    @property
    def side(self) -> int:
        """This seat's side."""
        return self.rules.side_of(self.seat)

    @property
    def can_rob(self) -> bool:
        """Whether this seat may rob now (one of its legal moves is a rob)."""
        return any(m.kind is MoveKind.ROB for m in self.legal_actions)

    @property
    def played(self) -> tuple[Card, ...]:
        """Every card played in this deal, in order (the trick on the table last)."""
        return tuple(c for t in self.tricks for _, c in t.cards) + tuple(
            c for _, c in self.trick)

    @property
    def led(self) -> Card | None:
        """The card led to the trick on the table, if any."""
        return self.trick[0][1] if self.trick else None

    @property
    def may_hold_back(self) -> tuple[Card, ...]:
        """This seat's top trumps that need not follow the trump led to the trick on the
        table (empty with reneging off, on a plain lead, or when leading)."""
        led = self.led
        if led is None or not self.rules.renege:
            return ()
        held = hold_back_mask(self.trump, led)
        return tuple(c for c in self.hand if held >> c & 1)
