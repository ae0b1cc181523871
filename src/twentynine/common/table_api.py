"""The table a front end plays through, for any trick-taking game: the members every such
table has (the player's seat, the game's seed, whose turn it is, what the player may do
and why not, the action, the news after it, the save), generic over the game's view,
action and event types.

A game's own interface extends it (Twenty-Nine's
:class:`~twentynine.controller.table_like.TableLike`, with the take-back, the bots and the
deals); every implementation shows the front end only what the player's seat may know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Protocol, TypeAlias, TypeVar, runtime_checkable

V_co = TypeVar("V_co", covariant=True)
"""The game's view of one seat."""
A = TypeVar("A")
"""The game's action."""
E = TypeVar("E")
"""The game's event."""

Listener: TypeAlias = Callable[[Sequence[E]], None]
"""Called with the new events (as the player's seat sees them) after every action."""


@runtime_checkable
class Table(Protocol[V_co, A, E]):
    """What a front end asks of a game's table, whatever the game."""

    @property
    def seat(self) -> int:
        """The player's seat."""
        ...

    @property
    def seed(self) -> int:
        """The game's seed."""
        ...

    @property
    def turn(self) -> int:
        """The seat to move."""
        ...

    @property
    def is_over(self) -> bool:
        """The game is won."""
        ...

    save_error: str | None
    """Why the last save failed, or None."""

    def view(self) -> V_co:
        """What the player's seat may know now."""
        ...

    def legal_actions(self) -> list[A]:
        """The player's legal actions now (empty when it is not their turn)."""
        ...

    def explain(self, action: A) -> str | None:
        """Why the player may not take ``action`` now, in a player's words (None: legal)."""
        ...

    def apply(self, action: A) -> list[E]:
        """The player takes ``action``; a refused one raises a ValueError naming the rule
        (and changes nothing)."""
        ...

    def add_listener(self, fn: Listener[E]) -> None:
        """Call ``fn`` with the new events after every action."""
        ...

    def save(self) -> bool:
        """Write the save now; False (and :attr:`save_error` says why) if it failed."""
        ...
