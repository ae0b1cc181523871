"""The table server's journal: every table's actions, appended to one file and fsynced
before anyone hears of them, so a server that dies loses nothing it confirmed.

Writing each table's whole record after every action costs a temporary file, an fsync and
a rename per action (half a millisecond of CPU and several of the disk's time here).  The
journal appends one line per action instead, and actions that arrive together (from any
tables) share one write and one fsync: the group commit of databases.  Each table's whole
record is still written (atomically, as before) when its seats change, when its game
ends, when a long journal is closed and when the server stops; the journal holds only
what came after.  On ``--resume`` the records are read, the journal's later actions are
added to them, and everything is written whole again before the journal is removed.

A line is ``{"t": table id, "n": the action's index in the game, "a": "play JH"}``; a
table's games after its first go under ``"t": "table-id#N"`` (:func:`journal_key`), so a
journal that holds a finished game's actions never mixes them into the next game's.  A line
whose index the record already holds is skipped; a line that cannot be read (the last
one, torn by a crash before it was confirmed, or anything damaged) is reported, and the
journal is then kept aside (``.damaged``) rather than removed.

>>> lines = ['{"t":"x","n":0,"a":"pass"}', '{"t":"x","n":1,"a":"bid 16"}', '{"t":"x"']
>>> entries, bad = parse_lines(lines)
>>> entries, bad
({'x': [(0, 'pass'), (1, 'bid 16')]}, [3])
>>> extend_actions(["pass"], entries["x"])
['pass', 'bid 16']
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
from collections.abc import Iterable
from concurrent.futures import ThreadPoolExecutor
from json.encoder import encode_basestring_ascii as _text
from pathlib import Path

from ..engine.records import RecordError

PREFIX = "journal-"
SUFFIX = ".jsonl"
ROTATE_BYTES = 8 * 1024 * 1024
"""A journal this long is closed: every table is written whole, then it is removed."""


def journal_paths(folder: Path) -> list[Path]:
    """The journals in ``folder``, oldest first."""
    def number(p: Path) -> int:
        digits = p.name[len(PREFIX):-len(SUFFIX)]
        return int(digits) if digits.isdigit() else -1

    return sorted((p for p in folder.glob(f"{PREFIX}*{SUFFIX}") if number(p) >= 0), key=number)


def journal_key(table_id: str, number: int) -> str:
    """The journal's name for game ``number`` of a table.

    >>> journal_key("table-1a2b", 1), journal_key("table-1a2b", 3)
    ('table-1a2b', 'table-1a2b#3')
    """
    return table_id if number == 1 else f"{table_id}#{number}"


def parse_lines(lines: Iterable[str]) -> tuple[dict[str, list[tuple[int, str]]], list[int]]:
    """The journal's actions by table (in order), and the numbers (from 1) of the lines
    that could not be read."""
    out: dict[str, list[tuple[int, str]]] = {}
    bad: list[int] = []
    for i, line in enumerate(lines, 1):
        if not line.strip():
            continue
        try:
            data = json.loads(line)
            t, n, a = data["t"], data["n"], data["a"]
            if not (isinstance(t, str) and isinstance(n, int) and isinstance(a, str)):
                raise TypeError
        except (ValueError, KeyError, TypeError):
            bad.append(i)
            continue
        out.setdefault(t, []).append((n, a))
    return out, bad


def extend_actions(actions: list[str], entries: list[tuple[int, str]]) -> list[str]:
    """A record's actions with the journal's later ones added (those it holds skipped);
    a gap (an action missing between the record and the journal) is a damaged record."""
    out = list(actions)
    for n, a in entries:
        if n < len(out):
            continue
        if n > len(out):
            raise RecordError(f"the journal misses actions {len(out)} to {n - 1}")
        out.append(a)
    return out


class Journal:
    """The open journal: :meth:`append` returns once its line is on disk."""

    def __init__(self, folder: Path, number: int) -> None:
        self.folder = folder
        self.number = number
        self.path = folder / f"{PREFIX}{number}{SUFFIX}"
        # private to the user, like the records: it holds the face-down trump
        fd = os.open(self.path, os.O_WRONLY | os.O_APPEND | os.O_CREAT, 0o600)
        os.fchmod(fd, 0o600)
        self._file = os.fdopen(fd, "ab")  # closed in close()
        self._pending: list[tuple[bytes, asyncio.Future[None]]] = []
        self._flusher: asyncio.Task[None] | None = None
        self.size = self.path.stat().st_size
        # its own thread: never queued behind whole-record writes or bots' decisions
        self._thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="journal")

    @staticmethod
    def line(table: str, n: int, action: str) -> bytes:
        # as compact_json({"t": table, "n": n, "a": action}) writes it, a test checks
        return f'{{"t":{_text(table)},"n":{int(n)},"a":{_text(action)}}}\n'.encode()

    def submit(self, data: bytes) -> asyncio.Future[None]:
        """Queue ``data`` (whole lines) to be written and fsynced together with whatever
        else is waiting: the future is done once it is on disk (an OSError if the disk
        refused).  Cancelling the future does not undo the write."""
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self._pending.append((data, done))
        if self._flusher is None:
            self._flusher = loop.create_task(self._flush())
        return done

    async def append(self, data: bytes) -> None:
        """Write ``data`` (whole lines) and fsync it, together with whatever else is
        waiting; OSError if the disk refused."""
        await asyncio.shield(self.submit(data))  # a cancelled waiter does not undo a write

    async def _flush(self) -> None:
        try:
            while self._pending:
                batch, self._pending = self._pending, []
                data = b"".join(d for d, _ in batch)
                error: OSError | None = None
                try:
                    await asyncio.get_running_loop().run_in_executor(
                        self._thread, self._write, data)
                except OSError as exc:
                    error = exc
                for _, done in batch:
                    if done.done():
                        continue
                    if error is not None:
                        done.set_exception(error)
                    else:
                        done.set_result(None)
        finally:
            self._flusher = None

    def _write(self, data: bytes) -> None:
        self._file.write(data)
        self._file.flush()
        os.fsync(self._file.fileno())
        self.size += len(data)

    async def drain(self) -> None:
        """Wait for every write in flight."""
        while self._flusher is not None:
            await asyncio.shield(self._flusher)

    def close(self) -> None:
        self._thread.shutdown(wait=True)
        with contextlib.suppress(OSError):
            self._file.close()
