"""Twenty-Five's computer players, by level: the one list every other list derives from.

A player has a ``name`` and ``choose(view, legal) -> Move``; it sees one seat's
:class:`~.seat_view.PlayerView` and the legal moves, never the engine, and is seeded.

>>> LEVEL_NAMES
('random', 'easy', 'medium', 'hard')
>>> from twentynine.twentyfive.race import Race
>>> g = Race(seed=5)
>>> v = g.view(g.turn)
>>> make_player("easy", seed=3).choose(v, v.legal_actions) in v.legal_actions
True
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ..common.players import Bot
from .moves import Move
from .seat_view import PlayerView

Player = Bot[PlayerView, Move]
"""Anything that picks one of the legal moves from a seat's view (the shared interface,
:class:`twentynine.common.players.Bot`, for Twenty-Five's views and moves)."""


@dataclass(frozen=True)
class Level:
    """A level of computer player: its name, a line about it, and how to make one
    (``make(seed, budget)``; ``budget`` is seconds a move, for players that search)."""

    name: str
    about: str
    make: Callable[[int | None, float | None], Player]


def _random(seed: int | None, budget: float | None) -> Player:
    from .simple_players import RandomPlayer

    return RandomPlayer(seed)


def _easy(seed: int | None, budget: float | None) -> Player:
    from .simple_players import EasyPlayer

    return EasyPlayer(seed)


def _medium(seed: int | None, budget: float | None) -> Player:
    from .search_players import MediumPlayer

    return MediumPlayer(seed) if budget is None else MediumPlayer(seed, budget)


def _hard(seed: int | None, budget: float | None) -> Player:
    from .search_players import HardPlayer

    return HardPlayer(seed) if budget is None else HardPlayer(seed, budget)


LEVELS: tuple[Level, ...] = (
    Level("random", "plays any legal card", _random),
    Level("easy", "rules of thumb: robs, wins cheaply, holds back top trumps, races", _easy),
    Level("medium", "searches 40 guesses at the hidden cards, a quick playout each", _medium),
    Level("hard", "200 guesses in half a second, the last two tricks solved exactly",
          _hard),
)
"""Every level, weakest first."""

LEVEL_NAMES: tuple[str, ...] = tuple(level.name for level in LEVELS)


class UnknownLevelError(ValueError):
    """A level that is not in :data:`LEVELS`."""


def make_player(name: str, seed: int | None = None, budget: float | None = None) -> Player:
    """A player of level ``name``."""
    for level in LEVELS:
        if level.name == name:
            return level.make(seed, budget)
    raise UnknownLevelError(f"{name!r} is not a level of computer player: choose one of "
                            f"{', '.join(LEVEL_NAMES)}")
