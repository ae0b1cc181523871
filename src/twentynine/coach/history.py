"""The history: every finished deal, as its replayable record, in a local SQLite database.

The database is ``history.sqlite3`` in the same data directory as the saved game
(:func:`twentynine.common.storage.data_dir`: ``TWENTYNINE_DATA_DIR`` or the platform's user
data directory).  It is plain SQLite through :mod:`sqlite3`:

* the schema version lives in ``PRAGMA user_version`` and :data:`MIGRATIONS` brings an
  older file up to date, one step at a time, each step in its own transaction;
* WAL mode and short ``BEGIN IMMEDIATE`` transactions, with a busy timeout, so two
  tables (two terminals) writing at once both land;
* a file that is not a database, or fails SQLite's integrity check, is renamed aside
  (``history.sqlite3.damaged-<time>``) and reported, and a fresh one started; a file
  from a newer version of twentynine (a higher schema) is left untouched and reported.

Every deal is stored as its record (:mod:`twentynine.engine.records`), replayed on the way in:
a record that does not replay is refused and nothing is written.  The columns beside it
(bidder, bid, result, card points) are derived from the replay, from the player's seat.

>>> import tempfile, pathlib
>>> from twentynine.engine.deal import Deal
>>> d = Deal.from_seed(3)
>>> while not d.is_over:
...     _ = d.apply(d.legal_actions()[0])
>>> tmp = pathlib.Path(tempfile.mkdtemp()) / "history.sqlite3"
>>> h = open_history(tmp).history
>>> deal_id = h.record_deal(deal_record(d), game_id="g1", hints=1)
>>> [(r.game_id, r.number, r.hints) for r in h.deals()]
[('g1', 1, 1)]
>>> h.close()
"""

from __future__ import annotations

import json
import sqlite3
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager, suppress
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..common.storage import damage_words, data_dir, private_file, set_aside
from ..engine.records import RecordError, deal_record, played_by_table, replay_deal

HISTORY_NAME = "history.sqlite3"


def history_path(explicit: Path | str | None = None) -> Path:
    """Where the history database lives (beside the saved game)."""
    return data_dir(explicit) / HISTORY_NAME


def _v1(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE games (
        id TEXT PRIMARY KEY,
        started TEXT NOT NULL,
        rules TEXT NOT NULL,
        seed INTEGER,
        bots TEXT NOT NULL DEFAULT '',
        seat INTEGER NOT NULL DEFAULT 0,
        finished TEXT,
        winner_us INTEGER,
        score_us INTEGER,
        score_them INTEGER)""")
    db.execute("""CREATE TABLE deals (
        id INTEGER PRIMARY KEY AUTOINCREMENT,
        game_id TEXT NOT NULL REFERENCES games(id),
        number INTEGER NOT NULL,
        played TEXT NOT NULL,
        seat INTEGER NOT NULL,
        record TEXT NOT NULL,
        bidder INTEGER,
        bid INTEGER,
        made INTEGER,
        game_us INTEGER NOT NULL,
        game_them INTEGER NOT NULL,
        points_us INTEGER NOT NULL,
        points_them INTEGER NOT NULL,
        pair_us INTEGER,
        thrown_in INTEGER NOT NULL,
        hints INTEGER NOT NULL DEFAULT 0,
        take_backs INTEGER NOT NULL DEFAULT 0,
        UNIQUE (game_id, number))""")


def _v2(db: sqlite3.Connection) -> None:
    db.execute("""CREATE TABLE reviews (
        deal_id INTEGER PRIMARY KEY REFERENCES deals(id),
        version INTEGER NOT NULL,
        created TEXT NOT NULL,
        mistakes INTEGER NOT NULL,
        data TEXT NOT NULL)""")


def _v3(db: sqlite3.Connection) -> None:
    # where the deal starts in its game's list of actions: the table seeds each bot
    # decision from (game seed, seat, actions so far), so a replay needs it
    db.execute("ALTER TABLE deals ADD COLUMN first_action INTEGER")


def _v4(db: sqlite3.Connection) -> None:
    # the hints and take-backs of the deal in play, before it is finished and stored: a
    # game quit (or killed) in the middle of a deal keeps them
    db.execute("ALTER TABLE games ADD COLUMN open_hints INTEGER NOT NULL DEFAULT 0")
    db.execute("ALTER TABLE games ADD COLUMN open_take_backs INTEGER NOT NULL DEFAULT 0")


MIGRATIONS: tuple[Callable[[sqlite3.Connection], None], ...] = (_v1, _v2, _v3, _v4)
"""``MIGRATIONS[i]`` upgrades a database from schema ``i`` to ``i + 1``."""
SCHEMA = len(MIGRATIONS)
"""The schema this version writes."""


class HistoryError(ValueError):
    """The history cannot be used (damaged, newer schema) or a record was refused."""


@dataclass(frozen=True, slots=True)
class GameRow:
    """One game in the history."""

    id: str
    started: str
    rules: dict[str, Any]
    seed: int | None
    bots: str
    seat: int
    finished: str | None
    won: bool | None
    """Whether the player's side won (None while unfinished)."""
    score: tuple[int, int] | None
    deals: int
    hints: int
    """Hints of the whole game: its stored deals' and the deal in play's."""
    take_backs: int
    """Take-backs of the whole game, the deal in play's included."""
    open_hints: int = 0
    """Of those, the deal in play's (not finished, so not stored yet)."""
    open_take_backs: int = 0


@dataclass(frozen=True, slots=True)
class DealRow:
    """One finished deal in the history, from the player's seat."""

    id: int
    game_id: str
    number: int
    played: str
    seat: int
    record: dict[str, Any]
    bidder: int | None
    bid: int | None
    made: bool | None
    game_points: tuple[int, int]
    """Game points won this deal: (your side, the other side)."""
    card_points: tuple[int, int]
    pair_us: bool | None
    """Whether your side declared the pair (None: nobody did)."""
    thrown_in: bool
    hints: int
    take_backs: int
    mistakes: int | None
    """Mistakes the review found (None: not reviewed yet)."""
    first_action: int | None = None
    """How many actions of the game came before this deal (None: not known)."""


@dataclass(frozen=True, slots=True)
class Opened:
    """What opening the history found: the history (None if it cannot be used) and a
    message for the player about a damaged or newer file."""

    history: History | None
    message: str | None = None
    moved_to: Path | None = None


def _now() -> str:
    return time.strftime("%Y-%m-%d %H:%M:%S")


def _set_aside(path: Path, reason: str) -> tuple[str, Path | None]:
    try:
        target = set_aside(path)
    except OSError as exc:
        return (f"The history database is damaged ({reason}) and could not be moved: "
                f"{damage_words(exc)}"), None
    for extra in ("-wal", "-shm"):  # SQLite's side files go with it
        side = path.with_name(path.name + extra)
        with suppress(OSError):
            side.rename(target.with_name(target.name + extra))
    return (f"The history database could not be read ({reason}); it was moved to {target} "
            f"and a new one started."), target


def open_history(path: Path | str | None = None) -> Opened:
    """Open (or create) the history at ``path`` (default: :func:`history_path`).

    Never raises for a bad file: a damaged database is set aside and a new one started
    (with a message); a newer schema gives no history and a message."""
    p = Path(path) if path is not None else history_path()
    try:
        return Opened(History(p))
    except _Newer as exc:
        return Opened(None, str(exc))
    except sqlite3.DatabaseError as exc:
        message, moved = _set_aside(p, damage_words(exc))
        if moved is None:
            return Opened(None, message)
        try:
            return Opened(History(p), message, moved)
        except (sqlite3.Error, _Newer) as exc2:  # pragma: no cover - a disk that fails twice
            return Opened(None, f"{message} The new one failed too: {damage_words(exc2)}",
                          moved)


class _Newer(HistoryError):
    pass


class History:
    """The history database (use :func:`open_history`, which copes with bad files)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        path.parent.mkdir(parents=True, exist_ok=True, mode=0o700)
        private_file(path)  # the player's games are theirs alone (0600)
        self.db = sqlite3.connect(path, timeout=15.0, isolation_level=None)
        try:
            self.db.execute("PRAGMA busy_timeout = 15000")
            version = int(self.db.execute("PRAGMA user_version").fetchone()[0])
            if version > SCHEMA:
                raise _Newer(f"The history database {path} was written by a newer twentynine "
                             f"(schema {version}; this version knows up to {SCHEMA}): it is "
                             f"left untouched and nothing is recorded.")
            ok = self.db.execute("PRAGMA quick_check").fetchone()[0]
            if ok != "ok":
                raise sqlite3.DatabaseError(f"integrity check: {ok}")
            self.db.execute("PRAGMA journal_mode = WAL")
            self._migrate()
        except BaseException:
            self.db.close()
            raise

    # ------------------------------------------------------------------ plumbing
    @contextmanager
    def _write(self) -> Iterator[sqlite3.Connection]:
        """One short write transaction (taken at once, so two writers queue, not clash)."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    def _migrate(self) -> None:
        while True:
            with self._write() as db:
                version = int(db.execute("PRAGMA user_version").fetchone()[0])
                if version >= SCHEMA:
                    return
                MIGRATIONS[version](db)
                db.execute(f"PRAGMA user_version = {version + 1}")

    def close(self) -> None:
        """Close the connection."""
        self.db.close()

    def schema(self) -> int:
        """The file's schema version."""
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    # ------------------------------------------------------------------ writing
    def start_game(self, game_id: str, rules: dict[str, Any], *, seed: int | None = None,
                   bots: str = "", seat: int = 0) -> None:
        """Note a game (again: nothing changes if it is already there)."""
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO games (id, started, rules, seed, bots, seat) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (game_id, _now(), json.dumps(rules), seed, bots, seat))

    def note_open(self, game_id: str, rules: dict[str, Any], *, hints: int, take_backs: int,
                  seed: int | None = None, bots: str = "", seat: int = 0) -> None:
        """Note the hints and take-backs of ``game_id``'s deal in play (replacing the last
        note): they count in the statistics at once, and go with the deal when it is
        stored."""
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO games (id, started, rules, seed, bots, seat) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (game_id, _now(), json.dumps(rules), seed, bots, seat))
            db.execute("UPDATE games SET open_hints = ?, open_take_backs = ? WHERE id = ?",
                       (hints, take_backs, game_id))

    def finish_game(self, game_id: str, won: bool, scores: tuple[int, int]) -> None:
        """Note a game's end: whether the player's side won, and the final scores (yours
        first)."""
        with self._write() as db:
            db.execute("UPDATE games SET finished = ?, winner_us = ?, score_us = ?, "
                       "score_them = ? WHERE id = ?",
                       (_now(), int(won), scores[0], scores[1], game_id))

    def record_deal(self, record: dict[str, Any], *, game_id: str, seat: int = 0,
                    hints: int = 0, take_backs: int = 0, seed: int | None = None,
                    bots: str = "", first_action: int | None = None) -> int:
        """Store a finished deal's record (replayed first: a record that does not replay,
        or a deal not finished, raises :class:`HistoryError` and writes nothing).  The
        same deal of the same game stored twice keeps the first.  Returns the deal id."""
        try:
            deal, _ = replay_deal(record)
            played_by_table(record)
        except RecordError as exc:
            raise HistoryError(f"the deal was not recorded: {exc}") from None
        out = deal.outcome
        if out is None:
            raise HistoryError("the deal was not recorded: it is not finished")
        us = seat & 1
        bidder = out.single_hand if out.single_hand is not None else out.bidder
        pair = None if out.pair_team is None else out.pair_team == us
        row = (game_id, deal.number, _now(), seat, json.dumps(record),
               bidder if bidder is not None and bidder >= 0 else None,
               out.bid or None,
               None if out.thrown_in is not None or (bidder is None or bidder < 0)
               else int(out.made),
               out.game_points[us], out.game_points[1 - us],
               out.card_points[us], out.card_points[1 - us],
               None if pair is None else int(pair),
               int(out.thrown_in is not None), hints, take_backs, first_action)
        with self._write() as db:
            db.execute("INSERT OR IGNORE INTO games (id, started, rules, seed, bots, seat) "
                       "VALUES (?, ?, ?, ?, ?, ?)",
                       (game_id, _now(), json.dumps(record.get("rules", {})), seed, bots,
                        seat))
            db.execute("INSERT OR IGNORE INTO deals (game_id, number, played, seat, record, "
                       "bidder, bid, made, game_us, game_them, points_us, points_them, "
                       "pair_us, thrown_in, hints, take_backs, first_action) "
                       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)", row)
            # the deal's counts are in its row now, no longer the deal in play's
            db.execute("UPDATE games SET open_hints = 0, open_take_backs = 0 WHERE id = ?",
                       (game_id,))
            found = db.execute("SELECT id FROM deals WHERE game_id = ? AND number = ?",
                               (game_id, deal.number)).fetchone()
        return int(found[0])

    def save_review(self, deal_id: int, version: int, mistakes: int,
                    data: dict[str, Any]) -> None:
        """Keep a deal's computed review (replacing an older one)."""
        with self._write() as db:
            db.execute("INSERT OR REPLACE INTO reviews (deal_id, version, created, mistakes, "
                       "data) VALUES (?, ?, ?, ?, ?)",
                       (deal_id, version, _now(), mistakes, json.dumps(data)))

    # ------------------------------------------------------------------ reading
    def review(self, deal_id: int, version: int) -> dict[str, Any] | None:
        """A kept review of this version, if any."""
        row = self.db.execute("SELECT data FROM reviews WHERE deal_id = ? AND version = ?",
                              (deal_id, version)).fetchone()
        if row is None:
            return None
        data: dict[str, Any] = json.loads(row[0])
        return data

    _DEAL_COLUMNS = ("d.id, d.game_id, d.number, d.played, d.seat, d.record, d.bidder, "
                     "d.bid, d.made, d.game_us, d.game_them, d.points_us, d.points_them, "
                     "d.pair_us, d.thrown_in, d.hints, d.take_backs, r.mistakes, "
                     "d.first_action")

    @staticmethod
    def _deal_row(r: tuple[Any, ...]) -> DealRow:
        return DealRow(r[0], r[1], r[2], r[3], r[4], json.loads(r[5]), r[6], r[7],
                       None if r[8] is None else bool(r[8]), (r[9], r[10]), (r[11], r[12]),
                       None if r[13] is None else bool(r[13]), bool(r[14]), r[15], r[16],
                       r[17], r[18])

    def deals(self, game_id: str | None = None) -> list[DealRow]:
        """Every stored deal (of one game), oldest first."""
        sql = (f"SELECT {self._DEAL_COLUMNS} FROM deals d LEFT JOIN reviews r "
               f"ON r.deal_id = d.id")
        args: tuple[Any, ...] = ()
        if game_id is not None:
            sql += " WHERE d.game_id = ?"
            args = (game_id,)
        return [self._deal_row(r) for r in self.db.execute(sql + " ORDER BY d.id", args)]

    def unreviewed(self, version: int) -> list[DealRow]:
        """The stored deals without a review of ``version`` (none yet, or an older
        grading's), oldest first."""
        return [self._deal_row(r) for r in self.db.execute(
            f"SELECT {self._DEAL_COLUMNS} FROM deals d LEFT JOIN reviews r "
            f"ON r.deal_id = d.id WHERE r.deal_id IS NULL OR r.version != ? ORDER BY d.id",
            (version,))]

    def deal(self, deal_id: int) -> DealRow | None:
        """One stored deal."""
        r = self.db.execute(f"SELECT {self._DEAL_COLUMNS} FROM deals d LEFT JOIN reviews r "
                            f"ON r.deal_id = d.id WHERE d.id = ?", (deal_id,)).fetchone()
        return None if r is None else self._deal_row(r)

    def last_deal(self) -> DealRow | None:
        """The most recently stored deal."""
        r = self.db.execute("SELECT MAX(id) FROM deals").fetchone()
        return None if r[0] is None else self.deal(int(r[0]))

    def game(self, game_id: str) -> GameRow | None:
        """One game."""
        found = self.games(game_id)
        return found[0] if found else None

    def games(self, game_id: str | None = None) -> list[GameRow]:
        """Every game (or the one with ``game_id``), oldest first, with its deal count and
        hint and take-back totals."""
        where = "WHERE g.id = ? " if game_id is not None else ""
        rows = self.db.execute(
            "SELECT g.id, g.started, g.rules, g.seed, g.bots, g.seat, g.finished, "
            "g.winner_us, g.score_us, g.score_them, COUNT(d.id), "
            "COALESCE(SUM(d.hints), 0), COALESCE(SUM(d.take_backs), 0), "
            "g.open_hints, g.open_take_backs "
            f"FROM games g LEFT JOIN deals d ON d.game_id = g.id {where}"
            "GROUP BY g.id ORDER BY g.started, g.rowid", (game_id,) if game_id else ())
        out = []
        for r in rows:
            out.append(GameRow(r[0], r[1], json.loads(r[2]), r[3], r[4], r[5], r[6],
                               None if r[7] is None else bool(r[7]),
                               None if r[8] is None else (r[8], r[9]), r[10],
                               r[11] + r[13], r[12] + r[14], r[13], r[14]))
        return out


__all__ = ["HISTORY_NAME", "MIGRATIONS", "SCHEMA", "DealRow", "GameRow", "History",
           "HistoryError", "Opened", "deal_record", "history_path", "open_history"]
