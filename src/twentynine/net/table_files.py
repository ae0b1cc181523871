"""A table server's folder: the tables' records, the journal their actions go to between
records, reading them all back on ``--resume``, and the digests of every join code its
tables had (``codes``: an old link is told its table is gone, not counted as a guess).

A damaged record or journal is reported and kept aside (``.damaged``), never crashed on
and never overwritten.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ..common.storage import damage_words, private_folder
from ..engine.records import RecordError
from .card_games import game_named
from .journal import (
    ROTATE_BYTES,
    Journal,
    extend_actions,
    journal_key,
    journal_paths,
    parse_lines,
)
from .protocol import normal_code
from .roster import Player, Settings
from .store import finished_name

if TYPE_CHECKING:
    from .hosted_table import Table
    from .server import GameServer

CODES_NAME = "codes"
"""The file (in the tables folder) of the digests of every join code its tables had."""


def code_digest(code: str) -> str:
    """What the folder keeps of a join code: a digest of its normal form, one a line.

    >>> code_digest("abcd-efgh-ijkl-mnop") == code_digest("ABCDEFGHIJKLMNOP")
    True
    >>> len(code_digest("ABCDEFGHIJKLMNOP"))
    32
    """
    return hashlib.sha256(normal_code(code).encode("utf-8", "replace")).hexdigest()[:32]


def saved_record(tables_dir: Path, table_id: str, number: int | None = None
                 ) -> dict[str, Any]:
    """A table's record as a restarted server would find it on disk now: its record file
    with the journals' later actions added (tests and tools read it while a host runs).
    ``number``: that game of the table, finished (None: the game under way, else the
    first game's finished record)."""
    path = tables_dir / f"{table_id}.json"
    if number is not None or not path.exists():
        path = tables_dir / "finished" / finished_name(table_id, number or 1)
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    key = journal_key(table_id, _number(data))
    moves = game_named(data.get("card_game")).moves_key
    for jp in journal_paths(tables_dir):
        entries, _ = parse_lines(jp.read_text(encoding="utf-8").splitlines())
        data["game"][moves] = extend_actions(data["game"][moves], entries.get(key, []))
    return data


def _number(data: dict[str, Any]) -> int:
    """Which game at its table a record holds (1 in a record that does not say)."""
    n = data.get("game_number", 1)
    if type(n) is not int or n < 1:
        raise RecordError("the game's number at its table is not a whole number from 1")
    return n


class TableFiles:
    """The tables folder of one server: its journal, and the records it resumes."""

    def __init__(self, server: GameServer, folder: Path) -> None:
        self.server = server
        self.folder = folder
        private_folder(folder)  # also one made before with wider permissions
        self.journal: Journal | None = None
        self.problems: list[str] = []
        """Records that could not be resumed (each set aside, with why)."""
        self._old_journals: list[Path] = []
        """Journals read on resume: removed once every table is written whole again."""
        self._journal_damaged = False
        self._rotating: asyncio.Task[None] | None = None
        self.journaling = False
        """Appends go to the journal only while serving (before, records are written)."""
        self._entries: dict[str, list[tuple[int, str]]] = {}
        """The journals' actions by table, read on resume."""
        self._own_journals: list[Path] = []
        """The journals this server opened (a clean stop removes only these)."""
        self._codes = self._read_codes()

    # ------------------------------------------------------------ join codes
    def _read_codes(self) -> set[str]:
        try:
            text = (self.folder / CODES_NAME).read_text(encoding="ascii", errors="replace")
        except OSError:
            return set()  # none yet (or unreadable: old links then count as guesses)
        return {line for line in text.split() if len(line) == 32}

    def remember(self, code: str) -> None:
        """Keep ``code``'s digest: once its table is gone (not resumed, or its game over
        and the server restarted), a link with it is told so rather than counted as a
        wrong guess.  A folder that cannot be written only loses that kindness."""
        digest = code_digest(code)
        if digest in self._codes:
            return
        self._codes.add(digest)
        with contextlib.suppress(OSError):
            fd = os.open(self.folder / CODES_NAME, os.O_WRONLY | os.O_APPEND | os.O_CREAT,
                         0o600)
            try:
                os.write(fd, f"{digest}\n".encode("ascii"))
            finally:
                os.close(fd)

    def was_code(self, code: str) -> bool:
        """Whether ``code`` was a join code of a table of this folder's (now gone, when
        no table has it)."""
        return code_digest(code) in self._codes

    # ------------------------------------------------------------ the journal
    def journal_for_append(self) -> Journal | None:
        """The open journal (opened at the first action), or None before serving."""
        if not self.journaling:
            return None
        if self.journal is None:
            known = journal_paths(self.folder)
            last = known[-1].name[len("journal-"):-len(".jsonl")] if known else "0"
            self.journal = Journal(self.folder, int(last) + 1)
            self._own_journals.append(self.journal.path)
        return self.journal

    def maybe_rotate(self) -> None:
        """A long journal is closed: a new one takes the appends, every table is written
        whole, and the old one is removed."""
        j = self.journal
        if j is None or j.size < ROTATE_BYTES or self._rotating is not None:
            return
        self.journal = Journal(self.folder, j.number + 1)
        self._own_journals.append(self.journal.path)
        self._rotating = asyncio.get_running_loop().create_task(self._rotate(j))

    async def _rotate(self, old: Journal) -> None:
        try:
            await old.drain()
            await self._write_all_records()
            old.close()
            with contextlib.suppress(OSError):
                old.path.unlink()
        finally:
            self._rotating = None

    async def _write_all_records(self) -> None:
        for t in list(self.server.tables.values()):
            if not t.game.is_over:
                async with t.lock:
                    await t.store.write_record()

    async def start(self) -> None:
        """Serving starts: resumed tables are written whole, then the journals they came
        from go (kept aside when damaged); new actions go to a journal."""
        if self._old_journals:
            for t in self.server.tables.values():
                await t.store.write_record()
            for jp in self._old_journals:
                with contextlib.suppress(OSError):
                    if self._journal_damaged:
                        os.replace(jp, jp.with_name(jp.name + ".damaged"))
                    else:
                        jp.unlink()
            self._old_journals = []
        self.journaling = True

    async def stop(self) -> None:
        """Write every table whole; the journal is then removed."""
        self.journaling = False
        if self._rotating is not None:
            with contextlib.suppress(Exception):
                await self._rotating
        if self.journal is None:
            for t in self.server.tables.values():  # seats taken since the last record
                if t.store.dirty and not t.game.is_over:
                    await t.store.write_record()
            return
        await self.journal.drain()
        problems = 0
        for t in self.server.tables.values():
            if not t.game.is_over:
                await t.store.write_record()
                problems += t.store.problem is not None
        self.journal.close()
        if not problems:
            for jp in self._own_journals:  # another run's journal (tables not resumed
                with contextlib.suppress(OSError):  # here) is kept
                    jp.unlink()
            self._own_journals = []
        self.journal = None

    # ------------------------------------------------------------ resuming
    def resume(self) -> list[Table]:
        """Every table recorded in the folder, replayed; a damaged record is renamed
        aside (``.damaged``) and reported in :attr:`problems`."""
        out = []
        self._old_journals = journal_paths(self.folder)
        self._entries = {}
        for jp in self._old_journals:
            try:
                entries, bad = parse_lines(jp.read_text(encoding="utf-8",
                                                        errors="replace").splitlines())
            except OSError as exc:
                entries, bad = {}, [0]
                self.problems.append(f"{jp.name} could not be read ({damage_words(exc)})")
            for k, v in entries.items():
                self._entries.setdefault(k, []).extend(v)
            if bad:
                self._journal_damaged = True
                self.problems.append(
                    f"{jp.name}: line(s) {', '.join(map(str, bad[:5]))} could not be read "
                    "(an action never confirmed, cut off by a stop); the rest is resumed "
                    f"and the journal is kept as {jp.name}.damaged")
        for path in sorted(self.folder.glob("*.json")):
            try:
                t = self._load(path)
            except (RecordError, OSError, ValueError, KeyError, TypeError,
                    RecursionError) as exc:
                aside = path.with_name(path.name + ".damaged")
                with contextlib.suppress(OSError):
                    os.replace(path, aside)
                self.problems.append(f"{path.name} could not be resumed "
                                     f"({damage_words(exc)}); "
                                     f"it is kept as {aside.name}")
                continue
            self.server.tables[normal_code(t.code)] = t
            self.remember(t.code)  # a record from before the folder kept its codes
            out.append(t)
        return out

    def _load(self, path: Path) -> Table:
        from .hosted_table import Table

        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
            raise RecordError("not a table record")
        number = _number(data)
        kind = game_named(data.get("card_game"))
        later = self._entries.get(journal_key(str(data.get("table")), number))
        moves = kind.moves_key
        if later and isinstance(data["game"].get(moves), list):
            data["game"][moves] = extend_actions(data["game"][moves], later)
        game, events = kind.replay(data["game"])
        defaults = self.server.settings
        bots = data.get("bots", defaults.bots)
        clock = data.get("clock")
        away = data.get("away", "bot")
        bot_key = data.get("bot_key")
        if bots not in kind.levels or away not in ("bot", "wait") or not (
                clock is None or isinstance(clock, (int, float))) or not (
                bot_key is None or type(bot_key) is int):
            raise RecordError("the table's settings are invalid")
        st = Settings(rules=game.rules, bots=bots, clock=clock, away=away,
                      bot_delay=defaults.bot_delay)
        code, table_id = data.get("code"), data.get("table")
        if not isinstance(code, str) or len(normal_code(code)) < 16 \
                or not isinstance(table_id, str) or f"{table_id}.json" != path.name:
            raise RecordError("the table's code or id is missing")
        seats = kind.seat_count(game.rules)
        names = data.get("names")
        if not (isinstance(names, list) and len(names) == seats):
            names = None
        table = Table(self.server, table_id, code, game, st, events, names, bot_key, number)
        players = data.get("players")
        if isinstance(players, list) and len(players) == seats:
            now = time.monotonic()
            for seat, p in zip(table.seats, players, strict=True):
                if isinstance(p, dict) and isinstance(p.get("name"), str) \
                        and isinstance(p.get("token"), str):
                    # seated before the restart: the seat waits for them as if they dropped
                    seat.player = Player(p["name"], p["token"], None, now)
        return table
