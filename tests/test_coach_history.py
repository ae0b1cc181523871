"""The history database: real SQLite files, damaged and newer files, migrations, two
writers at once."""

from __future__ import annotations

import json
import multiprocessing
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from engine_support import finished_record

from twentynine.coach.history import (
    MIGRATIONS,
    SCHEMA,
    HistoryError,
    open_history,
)
from twentynine.engine.deal import Deal


def test_a_deal_is_stored_as_its_replayable_record_with_its_result(tmp_path: Path) -> None:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    rec = finished_record(7)
    deal_id = h.record_deal(rec, game_id="g", hints=2, take_backs=1)
    row = h.deal(deal_id)
    assert row is not None and row.record == rec
    d = Deal.from_seed(7)
    out = None
    from twentynine.engine.records import replay_deal

    out = replay_deal(row.record)[0].outcome
    assert out is not None
    assert row.game_points == (out.game_points[0], out.game_points[1])
    assert row.card_points == (out.card_points[0], out.card_points[1])
    assert (row.hints, row.take_backs) == (2, 1)
    # the same deal twice is kept once
    assert h.record_deal(rec, game_id="g") == deal_id
    assert len(h.deals()) == 1
    games = h.games()
    assert [(g.id, g.deals, g.hints, g.take_backs) for g in games] == [("g", 1, 2, 1)]
    assert d.number == row.number
    h.close()


def test_a_record_that_does_not_replay_writes_nothing(tmp_path: Path) -> None:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    rec = finished_record(3)
    bad = dict(rec, actions=rec["actions"][:5] + ["play JS"] * 3)
    with pytest.raises(HistoryError):
        h.record_deal(bad, game_id="g")
    unfinished = dict(rec, actions=rec["actions"][:6])
    with pytest.raises(HistoryError, match="not finished"):
        h.record_deal(unfinished, game_id="g")
    assert h.deals() == [] and h.games() == []
    h.close()


def test_a_damaged_database_is_set_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    garbage = b"this is not a database at all\x00\x01" * 100
    path.write_bytes(garbage)
    opened = open_history(path)
    assert opened.history is not None
    assert opened.message and "moved to" in opened.message
    assert opened.moved_to is not None and opened.moved_to.read_bytes() == garbage
    opened.history.record_deal(finished_record(1), game_id="g")
    assert len(opened.history.deals()) == 1
    opened.history.close()


def test_a_corrupted_page_is_found_and_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    h = open_history(path).history
    assert h is not None
    for i in range(30):
        h.record_deal(finished_record(i), game_id=f"g{i}")
    h.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
    h.close()
    data = bytearray(path.read_bytes())
    page = 4096
    for i in range(2 * page + 100, min(len(data), 5 * page)):
        data[i] = 0xA5
    path.write_bytes(bytes(data))
    opened = open_history(path)
    assert opened.message is not None and opened.moved_to is not None
    assert opened.moved_to.read_bytes() == bytes(data)  # kept, not overwritten
    assert opened.history is not None and opened.history.deals() == []
    opened.history.close()


def test_a_database_from_a_newer_schema_is_not_touched(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE future (x)")
    db.execute(f"PRAGMA user_version = {SCHEMA + 5}")
    db.commit()
    db.close()
    before = path.read_bytes()
    opened = open_history(path)
    assert opened.history is None
    assert opened.message is not None and "newer" in opened.message
    assert path.read_bytes() == before
    assert not list(tmp_path.glob("*.damaged*"))


def test_an_older_schema_is_migrated_keeping_its_deals(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    db = sqlite3.connect(path, isolation_level=None)
    MIGRATIONS[0](db)
    db.execute("PRAGMA user_version = 1")
    # a deal as version 1 stored it
    old = finished_record(4)
    db.execute("INSERT INTO games (id, started, rules) VALUES ('v1', '2026-01-01', '{}')")
    db.execute("INSERT INTO deals (game_id, number, played, seat, record, game_us, game_them, "
               "points_us, points_them, thrown_in) VALUES ('v1', 1, '2026-01-01', 0, ?, "
               "1, 0, 20, 9, 0)", (json.dumps(old),))
    db.close()
    h = open_history(path).history
    assert h is not None and h.schema() == SCHEMA
    (kept,) = h.deals()
    assert kept.record == old and kept.first_action is None and kept.mistakes is None
    deal_id = h.record_deal(finished_record(2), game_id="old", first_action=40)
    row = h.deal(deal_id)
    assert row is not None and row.first_action == 40
    h.save_review(deal_id, 1, 3, {"grades": []})
    assert h.review(deal_id, 1) == {"grades": []}
    assert h.deals()[1].mistakes == 3
    h.close()


def _writer(path: str, name: str, records: list[dict[str, Any]], n: int, start: Any) -> None:
    start.wait()
    opened = open_history(path)
    assert opened.history is not None
    for i in range(n):
        opened.history.record_deal(records[i % len(records)], game_id=f"{name}-{i}")
    opened.history.close()


def test_two_processes_writing_at_once_lose_nothing(tmp_path: Path) -> None:
    path = tmp_path / "history.sqlite3"
    ctx = multiprocessing.get_context("spawn")
    start = ctx.Event()
    records = [finished_record(i) for i in range(5)]  # played once, here, for both
    procs = [ctx.Process(target=_writer, args=(str(path), name, records, 25, start))
             for name in ("left", "right")]
    for p in procs:
        p.start()
    start.set()
    for p in procs:
        p.join(60)
        assert p.exitcode == 0
    h = open_history(path).history
    assert h is not None
    games = {r.game_id for r in h.deals()}
    assert games == {f"{n}-{i}" for n in ("left", "right") for i in range(25)}
    h.close()
