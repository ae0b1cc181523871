"""Recording a Twenty-Five table's deals in the coach's history, through the table's
listener: each finished deal with the game's record and the hints asked in it, the game's
end, and each hint as it is asked (so a quit keeps it).

A resumed game is found again in the history (:meth:`.RaceHistory.find`: the same
options, seed and first dealer, its stored moves the start of the saved game's) and goes
on under its id; a deal finished but not stored (a kill at that moment) is stored when
the table opens again.  A failure to write is kept in :attr:`RaceRecorder.problem`; it
never stops the game.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..common.table_api import Listener
from ..twentyfive.happenings import DealOver, Event, RaceWon
from ..twentyfive.race import Race
from ..twentyfive.replay import ReplayError, race_record
from ..twentyfive.seat_view import Stage
from .race_history import RaceHistory


class RecordedRace(Protocol):
    """What the recorder needs of a table (``RaceTable`` has it)."""

    race: Race
    bots: str
    seat: int

    def add_listener(self, fn: Listener[Event]) -> None: ...


class RaceRecorder:
    """Keeps a table's deals in the history."""

    def __init__(self, table: RecordedRace, history: RaceHistory) -> None:
        self.table = table
        self.history = history
        self.stored: Callable[[int], None] | None = None
        """Called with a deal's number once it is stored (the table starts its review)."""
        record = race_record(table.race)
        self.game_id = history.find(record) or uuid.uuid4().hex[:12]
        table.add_listener(self.on_events)
        if table.race.stage is Stage.DEAL_OVER:
            self._deal_over(table.race.number)

    @property
    def problem(self) -> str | None:
        return self.history.problem

    def record(self) -> dict[str, Any]:
        return race_record(self.table.race)

    def note_hint(self) -> None:
        """The player asked for a hint."""
        self.history.note_hint(self.game_id, self.record(), self.table.bots)

    def on_events(self, events: Sequence[Event]) -> None:
        for e in events:
            if isinstance(e, DealOver):
                self._deal_over(e.number)
            elif isinstance(e, RaceWon):
                self._deal_over(e.deal)
                won = e.side == self.table.race.rules.side_of(self.table.seat)
                self.history.finish_game(self.game_id, won)

    def _deal_over(self, number: int) -> None:
        g = self.history.game(self.game_id)
        if g is not None and any(d.number == number for d in g.deals):
            return
        try:
            self.history.record_deal(self.game_id, self.record(), self.table.bots, number,
                                     self.table.seat)
        except ReplayError as exc:
            self.history.problem = f"The deal could not be kept in the history: {exc}"
            return
        if self.stored is not None:
            self.stored(number)


__all__ = ["RaceRecorder", "RecordedRace"]
