"""The pace of the table: how long a bot's move, a finished trick and a forced card stay
in sight, per ``--speed``, and a bot's decision held back until its moment has come.

A bot decides in a worker thread (:func:`paced_decision`); a fast bot's move still waits
for the rest of the move delay, so that the player can follow the play.

>>> Pace.for_speed("fast").move_delay, Pace.for_speed("no such speed").move_delay
(0.3, 0.8)
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass

from ..controller.table_like import BotTurn, TableLike
from ..engine.actions import Action

SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.6, 2.4),
    "normal": (0.8, 1.6),
    "fast": (0.3, 1.2),
    "instant": (0.0, 0.7),
}
"""Per ``--speed``: seconds between bot moves, and seconds a finished trick stays up (at
every speed, even instant: the player must see who won it)."""

AUTO_PLAY_PAUSE = {"slow": 1.2, "normal": 0.8, "fast": 0.5, "instant": 0.15}
"""Per speed: seconds a forced card is shown selected before it is played for you."""

SUMMARY_GUARD = 0.5
"""Seconds after the deal summary opens during which Enter does not close it: Enter
pressed twice on the last card must not skip the summary (``n``, space or a click close it
at once)."""


@dataclass
class Pace:
    """The pauses meant for the player's eyes (tests set them to nothing)."""

    move_delay: float
    """Seconds from a bot's turn to its move."""
    trick_delay: float
    """Seconds a finished trick stays on the table."""
    auto_play_pause: float
    """Seconds a forced card is shown selected before it is played."""
    summary_guard: float = SUMMARY_GUARD
    """Seconds after the deal summary opens during which Enter does not close it."""

    @classmethod
    def for_speed(cls, speed: str) -> Pace:
        """The pauses of ``speed`` (an unknown speed is ``normal``)."""
        move, trick = SPEEDS.get(speed, SPEEDS["normal"])
        return cls(move, trick, AUTO_PLAY_PAUSE.get(speed, AUTO_PLAY_PAUSE["normal"]))

    def set_speed(self, speed: str) -> None:
        """Take the pauses of ``speed`` (the summary's guard stays)."""
        new = Pace.for_speed(speed)
        self.move_delay, self.trick_delay = new.move_delay, new.trick_delay
        self.auto_play_pause = new.auto_play_pause


def paced_decision(table: TableLike, turn: BotTurn, delay: float,
                   cancelled: Callable[[], bool],
                   clock: Callable[[], float] = time.monotonic,
                   sleep: Callable[[float], None] = time.sleep) -> Action | None:
    """The bot's move for ``turn``, returned no sooner than ``delay`` seconds after it was
    asked for (its thinking counts); None once ``cancelled()`` (a take-back, a new game,
    the app closing).  Blocking: for a worker thread."""
    start = clock()
    decision = table.think(turn)
    remaining = delay - (clock() - start)
    while remaining > 0 and not cancelled():
        sleep(min(0.05, remaining))
        remaining = delay - (clock() - start)
    return None if cancelled() else decision.action
