"""Recording the table's finished deals in the history, through the table's listener.

:class:`DealRecorder` is attached to a local table (``table.add_listener``); after every
action it looks for the end of a deal (``DealScored``) and stores the deal's record with
the hints and take-backs used in it, and for the end of the game (``GameOver``).

Nothing the player did is lost on the way: the table counts the hints and take-backs of
the deal in play and keeps them in its save, so a resumed deal goes on counting from
where it stopped; after every hint and take-back (``table.add_note_listener``) the counts
of the deal in play are written to the history too, so the statistics count them before
the deal is finished, or if it never is.  A game resumed after the deal was finished but
before it was stored (a kill at that moment) stores it then.  The game keeps its id
across resumes: the table's own (``table.game_id``, kept in its save), or for an older
save, the stored game with the same seed whose deals are this game's so far.

A failure to write (a locked or full disk) is kept in :attr:`DealRecorder.problem` for
the table to show; it never interrupts the game.
"""

from __future__ import annotations

import sqlite3
import uuid
from collections.abc import Callable, Sequence
from typing import Protocol

from ..engine.actions import NEXT_DEAL, NEXT_DEAL_CODE
from ..engine.deal import DEAL_OVER
from ..engine.events import DealScored, Event, GameOver
from ..engine.game import Game
from ..engine.records import PLAYED_BY_TABLE, deal_record
from .history import History, HistoryError


class RecordedTable(Protocol):
    """What the recorder needs of a local table (``TableController`` has all of it)."""

    seat: int
    game: Game
    bot_name: str
    hints_used: int
    take_backs_used: int

    def add_listener(self, fn: Callable[[Sequence[Event]], None]) -> None: ...


def deal_start(game: Game) -> int:
    """How many of the game's actions came before the current deal."""
    log = game.log
    return max((i + 1 for i, c in enumerate(log) if c == NEXT_DEAL_CODE), default=0)


class DealRecorder:
    """Stores every deal the table finishes."""

    def __init__(self, table: RecordedTable, history: History) -> None:
        self.table = table
        self.history = history
        self.problem: str | None = None
        self.game_id = ""
        self.last_deal_id: int | None = None
        self.stored: Callable[[int], None] | None = None
        """Called with each deal's id once it is stored (the table starts its review)."""
        self._game: Game | None = None
        self._hints = 0
        self._take_backs = 0
        self._adopt()
        table.add_listener(self.on_events)
        add_note = getattr(table, "add_note_listener", None)
        if callable(add_note):
            add_note(self.on_note)

    def _counts(self) -> tuple[int, int]:
        """The hints and take-backs of the deal in play: the table's own count where it
        keeps one (it survives a resume), else what was used since the last deal stored."""
        t = self.table
        hints = getattr(t, "deal_hints", None)
        take_backs = getattr(t, "deal_take_backs", None)
        if isinstance(hints, int) and isinstance(take_backs, int):
            return hints, take_backs
        return t.hints_used - self._hints, t.take_backs_used - self._take_backs

    def _adopt(self) -> None:
        """Take the table's current game: find it in the history if it is a resumed one."""
        t = self.table
        g = t.game
        self._game = g
        self._hints = t.hints_used
        self._take_backs = t.take_backs_used
        own = getattr(t, "game_id", None)
        if isinstance(own, str) and own:
            self.game_id = own
        else:
            self.game_id = self._find(g) or uuid.uuid4().hex[:12]
            if hasattr(t, "game_id"):
                t.game_id = self.game_id  # kept in the table's save from now on
        if g.deal.phase_code == DEAL_OVER and g.log:
            self._deal_over()  # finished but perhaps not stored (killed at that moment)

    def on_note(self) -> None:
        """A hint or a take-back: the counts of the deal in play go to the history now."""
        self._sync()
        t = self.table
        g = t.game
        hints, take_backs = self._counts()
        self._write(lambda: self.history.note_open(
            self.game_id, g.rules.to_dict(), hints=hints, take_backs=take_backs, seed=g.seed,
            bots=t.bot_name, seat=t.seat))

    def _find(self, game: Game) -> str | None:
        """The id of an unfinished stored game with this seed whose stored deals are this
        game's deals so far (a resumed game)."""
        log = [str(a) for a in game.actions]
        try:
            candidates = [r for r in self.history.games()
                          if r.seed == game.seed and r.won is None and r.deals]
            for r in reversed(candidates):
                acts: list[str] = []
                for i, d in enumerate(self.history.deals(r.id)):
                    if i:
                        acts.append(str(NEXT_DEAL))
                    acts.extend(d.record.get("actions", []))
                if acts and log[:len(acts)] == acts:
                    return r.id
        except sqlite3.Error:
            return None
        return None

    def _sync(self) -> None:
        """Follow the table's game: the same one rebuilt by a take-back keeps its id and
        counts; a new one (its own id at the table, or another seed) starts afresh."""
        t = self.table
        own = getattr(t, "game_id", None)
        own = own if isinstance(own, str) and own else None
        if own is not None and own != self.game_id:
            self._game = t.game
            self._hints = self._take_backs = 0
            self.game_id = own
            return
        if t.game is not self._game:
            old = self._game
            if old is not None and t.game.seed == old.seed and t.game.rules == old.rules \
                    and t.game.first_dealer == old.first_dealer:
                self._game = t.game  # a take-back rebuilt the same game: same id, counts
            else:  # a new game: its counters start at zero
                self._game = t.game
                self._hints = self._take_backs = 0
                self.game_id = own or uuid.uuid4().hex[:12]

    def on_events(self, events: Sequence[Event]) -> None:
        """The table's listener."""
        self._sync()
        for e in events:
            if isinstance(e, DealScored):
                self._deal_over()
            elif isinstance(e, GameOver):
                self._game_over(e)

    def _game_over(self, e: GameOver) -> None:
        us = self.table.seat & 1
        self._write(lambda: self.history.finish_game(
            self.game_id, e.winner == us, (e.scores[us], e.scores[1 - us])))

    def _deal_over(self) -> None:
        t = self.table
        g = t.game
        hints, take_backs = self._counts()
        self._hints, self._take_backs = t.hints_used, t.take_backs_used

        record = deal_record(g.deal)
        played = getattr(t, "played_for_you", None)
        if isinstance(played, list) and played:
            # the player's cards the table played (a decided deal finished at once)
            record[PLAYED_BY_TABLE] = list(played)

        def write() -> None:
            self.history.start_game(self.game_id, g.rules.to_dict(), seed=g.seed,
                                    bots=t.bot_name, seat=t.seat)
            self.last_deal_id = self.history.record_deal(
                record, game_id=self.game_id, seat=t.seat, hints=hints,
                take_backs=take_backs, seed=g.seed, bots=t.bot_name,
                first_action=deal_start(g))

        self._write(write)
        if self.problem is None and self.last_deal_id is not None and self.stored is not None:
            self.stored(self.last_deal_id)

    def _write(self, fn: Callable[[], None]) -> None:
        try:
            fn()
        except (sqlite3.Error, HistoryError, OSError) as exc:
            self.problem = f"The deal could not be stored in the history: {exc}"


__all__ = ["DealRecorder", "RecordedTable", "deal_start"]
