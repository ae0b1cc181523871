"""Nothing is lost with the journal: the server appends each action to its journal (one
fsync for the actions of the moment) before anyone hears of it, and writes a table's whole
record only now and then.  A copy of the tables folder taken while the server runs (what a
crash leaves) resumes with every action a client was told of; a torn last line is reported
and the journal kept aside; a clean stop leaves whole records and no journal; a long
journal is closed and removed once every table is written whole."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import pytest
from net_support import four_players, run, serving

from twentynine.net import journal as journal_module
from twentynine.net import table_files as server_module
from twentynine.net.journal import journal_paths
from twentynine.net.server import GameServer, Settings


def _play_then_copy(folder: Path, crash: Path, until: int) -> tuple[list[str], list[int]]:
    """Four clients play until the game has ``until`` actions; the folder is copied
    while the server still runs.  The actions the game had at the copy, and how many
    each client had been told of (the states' action counts)."""

    async def main() -> tuple[list[str], list[int]]:
        async with serving(folder) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: len(p.states) > 0
                                          and p.last.actions >= until) for p in players))
            told = [p.last.actions for p in players]
            shutil.copytree(folder, crash)  # a crash now: only what is on disk
            actions = [str(a) for a in table.game.actions]
            for p in players:
                await p.conn.close()
            return actions, told

    result: tuple[list[str], list[int]] = run(main())
    return result


def test_a_crash_loses_no_action_a_client_was_told_of(tmp_path: Path) -> None:
    actions, told = _play_then_copy(tmp_path / "live", tmp_path / "crash", 60)
    crash = tmp_path / "crash"
    assert journal_paths(crash), "the actions since the deal began are in the journal"
    server = GameServer(crash, Settings(bots="random", bot_delay=0.0))
    [table] = server.resume()
    assert server.problems == []
    resumed = [str(a) for a in table.game.actions]
    assert len(resumed) >= max(told) >= 60  # everything told is there
    assert resumed == actions[:len(resumed)]

    async def restart() -> None:
        await server.start("127.0.0.1", 0)  # resumed: written whole, the journal gone
        try:
            assert journal_paths(crash) == []
            assert server.saved_record(table.id)["game"]["actions"] == resumed
        finally:
            await server.stop()

    run(restart())


def test_a_torn_last_line_is_reported_and_the_rest_resumed(tmp_path: Path) -> None:
    actions, _ = _play_then_copy(tmp_path / "live", tmp_path / "crash", 50)
    crash = tmp_path / "crash"
    [journal] = journal_paths(crash)
    with journal.open("a") as f:
        f.write('{"t":"table-')  # cut off mid-line
    server = GameServer(crash, Settings(bots="random"))
    [table] = server.resume()
    assert len(server.problems) == 1 and "could not be read" in server.problems[0]
    assert [str(a) for a in table.game.actions] == actions[:len(table.game.actions)]

    async def restart() -> None:
        await server.start("127.0.0.1", 0)
        await server.stop()

    run(restart())
    assert (crash / (journal.name + ".damaged")).exists()  # kept, never silently removed


def test_a_clean_stop_leaves_whole_records_and_no_journal(tmp_path: Path) -> None:
    async def main() -> list[str]:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: len(p.states) > 0
                                          and p.last.actions >= 40) for p in players))
            assert journal_paths(tmp_path)
            for p in players:
                await p.conn.close()
            return [str(a) for a in table.game.actions]

    actions = run(main())
    assert journal_paths(tmp_path) == []
    [table] = GameServer(tmp_path, Settings()).resume()
    assert [str(a) for a in table.game.actions] == actions


def test_a_long_journal_is_closed_once_every_table_is_whole(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(server_module, "ROTATE_BYTES", 2000)  # ~50 lines
    assert journal_module.ROTATE_BYTES > 2000

    async def main() -> tuple[list[str], int]:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: len(p.states) > 0
                                          and p.last.actions >= 120) for p in players))
            assert server.journal is not None
            number = server.journal.number
            shutil.copytree(tmp_path, tmp_path.parent / "copy")
            for p in players:
                await p.conn.close()
            return [str(a) for a in table.game.actions], number

    actions, number = run(main())
    assert number > 1  # it was closed and a new one opened
    copy = tmp_path.parent / "copy"
    assert len(journal_paths(copy)) <= 2  # the closed ones are gone
    [table] = GameServer(copy, Settings()).resume()
    assert [str(a) for a in table.game.actions] == actions[:len(table.game.actions)]
    assert len(table.game.actions) >= 120


def test_a_new_server_keeps_the_journal_of_tables_it_did_not_resume(tmp_path: Path) -> None:
    """After a crash, ``host`` without ``--resume`` starts new tables beside the old ones:
    its clean stop removes only its own journal, so a later ``--resume`` still finds every
    action of the old tables."""
    actions, _ = _play_then_copy(tmp_path / "live", tmp_path / "crash", 40)
    crash = tmp_path / "crash"
    [old_journal] = journal_paths(crash)

    async def another_run() -> None:
        async with serving(crash, seed=50) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: len(p.states) > 0
                                          and p.last.actions >= 10) for p in players))
            for p in players:
                await p.conn.close()

    run(another_run())
    assert journal_paths(crash) == [old_journal]
    server = GameServer(crash, Settings())
    tables = server.resume()
    assert server.problems == [] and len(tables) == 2
    longest = max(tables, key=lambda t: len(t.game.log))
    got = [str(a) for a in longest.game.actions]
    assert len(got) >= 40 and got == actions[:len(got)]


@pytest.mark.parametrize("table,n,action", [
    ("table-0a1b2c3d", 0, "play JH"), ("table-ffffffff", 311, "bid 17"),
    ('odd "id" \\ é \u2665', 7, "trump suit H"), ("t", 2**40, "next deal"),
])
def test_a_journal_line_is_the_json_object_it_stands_for(table: str, n: int,
                                                         action: str) -> None:
    """Journal.line writes its text by hand (it runs once an action); it is exactly the
    compact JSON of the same object, one line, and reads back as it."""
    import json

    from twentynine.net.protocol import compact_json

    line = journal_module.Journal.line(table, n, action)
    assert line == (compact_json({"t": table, "n": n, "a": action}) + "\n").encode()
    assert json.loads(line) == {"t": table, "n": n, "a": action}
    assert line.count(b"\n") == 1
