"""How a hosted table keeps its game on disk: every action in the server's journal before
anyone hears of it, and the whole record (atomically, private to the user) when the seats
change, the game ends, a journal is closed or the server stops.

A record holds the game (rules, dealt cards or seed, every action), which game it is at
the table, the join code, the settings and the seated players' tokens: it is written 0600,
like every journal.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..common.storage import write_atomic
from ..engine.records import game_header
from .card_games import TWENTYNINE
from .wire import ACTION_TEXT, compact_json

if TYPE_CHECKING:
    from .hosted_table import Table

LOG = logging.getLogger("twentynine.server")


def write_private(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` atomically, readable by the user alone (0600)."""
    write_atomic(path, text, private=True)


def finished_name(table_id: str, number: int) -> str:
    """The file name of a table's finished game ``number`` (in ``finished/``).

    >>> finished_name("table-1a2b", 1), finished_name("table-1a2b", 2)
    ('table-1a2b.json', 'table-1a2b-game2.json')
    """
    return f"{table_id}.json" if number == 1 else f"{table_id}-game{number}.json"


class TableStore:
    """One table's record and its writes."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._action_texts: list[str] = []
        self.saving: asyncio.Future[None] | None = None
        """The write in progress (a stopping server waits for it)."""
        self.problem: str | None = None
        """A failed write's reason, to tell the players once."""
        self.saved_n = -1
        """How many actions are on disk (record or journal); -1: no record written yet."""
        self.dirty = False
        """The seats changed since the record was written."""
        self._seats_write: asyncio.Task[None] | None = None
        self.writes = 0
        """Whole records written (a seat change writes at most one, a moment later)."""

    @property
    def path(self) -> Path:
        return self.table.server.tables_dir / f"{self.table.id}.json"

    def _game_record(self) -> dict[str, Any]:
        """The game's record (:func:`~twentynine.engine.records.game_record`), its action texts
        kept between calls: the server writes it after every action of long games (another
        game's record is its own adapter's, :mod:`.card_games`)."""
        kind = self.table.kind
        if kind is not TWENTYNINE:
            return kind.record(self.table.game)
        log = self.table.game.log
        texts = self._action_texts
        if len(texts) > len(log):
            texts.clear()
        texts.extend(ACTION_TEXT[c] for c in log[len(texts):])
        return {**game_header(self.table.game), "actions": texts}

    def record(self) -> dict[str, Any]:
        """The table's whole record."""
        t = self.table
        return {"table": t.id, "card_game": t.kind.name, "code": t.code,
                "bots": t.settings.bots,
                "clock": t.settings.clock, "away": t.settings.away, "bot_key": t.bot_key,
                "names": t.roster.names, "game_number": t.number,
                "game": self._game_record(),
                "players": t.roster.saved()}

    async def save(self) -> None:
        """Put the table's new action on disk before anyone hears of it: as a line of the
        server's journal (one fsync shared with every table's actions of the moment), or
        as the whole record when the game ends, the seats changed, or the table has no
        record yet.  A failure is logged and told to the players, and the game
        goes on."""
        t = self.table
        g = t.game
        journal = t.server.files.journal_for_append()
        kind = t.kind
        n = kind.count(g)
        whole = (journal is None or g.is_over or self.dirty or self.saved_n < 0
                 or n - self.saved_n != 1 or (g.secret and kind.just_dealt(g)))
        if whole:
            await self.write_record()
            return
        assert journal is not None
        self.saving = journal.submit(journal.line(t.journal_key, n - 1,
                                                  kind.last_action_text(g)))
        try:
            await asyncio.shield(self.saving)
            self.saved_n = n
        except OSError as exc:
            LOG.error("table %s: could not write to the journal: %s", t.id, exc)
            self.problem = f"the server could not save this table: {exc}"
        t.server.files.maybe_rotate()

    async def write_record(self) -> None:
        """Write the whole record (atomically, in a thread: the fsync would stall every
        table)."""
        t = self.table
        n = t.kind.count(t.game)
        self.dirty = False
        self.writes += 1
        text = compact_json(self.record())
        self.saving = asyncio.ensure_future(asyncio.to_thread(
            self._write, self.path, text, t.finished_name if t.game.is_over else None))
        try:
            # shielded: a stopping server still finishes the write it started
            await asyncio.shield(self.saving)
            self.saved_n = n
        except OSError as exc:
            self.dirty = True
            LOG.error("table %s: could not save its record: %s", t.id, exc)
            self.problem = f"the server could not save this table: {exc}"

    async def seats_changed(self) -> None:
        """Someone took or left a seat: the record says who sits where, written a moment
        later (:attr:`~.gate.Limits.record_delay`) once for every change of that moment,
        or sooner with the table's next action."""
        self.dirty = True
        if self.table.game.is_over:
            return
        if self._seats_write is None or self._seats_write.done():
            self._seats_write = asyncio.get_running_loop().create_task(self._write_seats())

    async def _write_seats(self) -> None:
        await asyncio.sleep(self.table.server.limits.record_delay)
        t = self.table
        if not self.dirty or t.closed or t.store is not self:
            return
        async with t.lock:
            if self.dirty and not t.closed and not t.game.is_over:
                await self.write_record()

    async def stop(self) -> None:
        """No more delayed writes (the server writes every record whole as it stops)."""
        task = self._seats_write
        if task is not None and not task.done():
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await task

    @staticmethod
    def _write(path: Path, text: str, finished: str | None) -> None:
        """Write the record; a finished game's then moves to ``finished/`` under the
        name ``finished``."""
        write_private(path, text)
        if finished is not None:
            done = path.parent / "finished"
            done.mkdir(exist_ok=True, mode=0o700)
            os.replace(path, done / finished)

