"""Nothing is lost: a dropped client comes back with its token and the game goes on from
where it was; a restarted server (``--resume``) continues every table from its records,
its bots making the same moves as if it had never stopped."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from net_support import Player, four_players, run, serving

from twentynine.net.client import Connection, JoinError
from twentynine.net.server import GameServer, Settings


def test_a_dropped_client_comes_back_and_the_game_goes_on(tmp_path: Path) -> None:
    async def main() -> None:
        st = Settings(bots="random", bot_delay=0.0, away="wait")
        async with serving(tmp_path, st) as (server, [table]):
            players = await four_players(server, table)
            south = players[0]
            # play until it is south's turn in the play phase, then drop south
            await asyncio.gather(
                south.play(lambda p: len(p.states) > 0 and p.last.view.phase.value == "play"
                           and p.last.turn == 0, act=True),
                *(p.play(lambda p: len(p.states) > 0 and p.last.view.phase.value == "play"
                         and p.last.turn == 0) for p in players[1:]))
            n = len(table.game.log)
            token = south.conn.token
            await south.conn.close()  # the connection drops
            for _ in range(600):  # the server notices (bounded: a minute)
                if table.seats[0].player is not None and table.seats[0].player.conn is None:
                    break
                await asyncio.sleep(0.1)
            assert table.seats[0].player is not None and table.seats[0].player.conn is None
            assert len(table.game.log) == n  # the table waits for south ("wait")
            # nobody else may take the seat: not under another name, nor under south's own
            # name in any case without the token (a name never gives a seat)
            for who in ("thief", "A", "a", " A "):
                with pytest.raises(JoinError, match="south is taken"):
                    await Connection.join("127.0.0.1", server.port, table.code, who, "south")
            with pytest.raises(JoinError, match="token"):
                await Connection.join("127.0.0.1", server.port, table.code, "A", "south",
                                      token=token[:-2] + "xx")
            assert table.seats[0].player is not None and table.seats[0].player.conn is None
            # the seat's token brings south back
            back = await Connection.join("127.0.0.1", server.port, table.code, "A", "south",
                                         token=token)
            assert back.welcome["rejoined"] is True and back.seat == 0
            again = Player(back, seed=9)
            await again.play(lambda p: len(p.states) >= 1, act=False)
            assert again.states[0].actions == n and again.states[0].view.my_turn
            # the same hand as before the drop
            assert again.states[0].view.hand == south.last.view.hand
            players[0] = again
            again.acted_at = -1
            await again.answer(again.last)  # it may be the only state until south moves
            await asyncio.gather(*(p.play(lambda p: p.deals_scored >= 1) for p in players))
            for p in players:
                await p.conn.close()

    run(main())


def test_a_dropped_players_bot_moves_once_the_clock_runs_out(tmp_path: Path) -> None:
    async def main() -> None:
        st = Settings(bots="random", bot_delay=0.0, away="bot", clock=0.4)
        async with serving(tmp_path, st) as (server, [table]):
            players = await four_players(server, table)
            await players[2].conn.close()  # north drops at once
            await asyncio.gather(*(p.play(lambda p: p.deals_scored >= 1)
                                   for i, p in enumerate(players) if i != 2))
            assert table.game.deals_played >= 1
            for i, p in enumerate(players):
                if i != 2:
                    await p.conn.close()

    run(main())


def _first_legal_player(conn: Connection) -> Player:
    p = Player(conn, seed=0)
    p.rng.choice = lambda seq: seq[0]  # type: ignore[method-assign]
    return p


def test_a_restarted_server_continues_every_table(tmp_path: Path) -> None:
    """Two tables; one human each (first legal action) and three bots.  Server A plays
    straight through one deal; server B stops after a few actions and is resumed; both
    make the same moves."""

    async def straight(folder: Path) -> list[list[str]]:
        async with serving(folder, tables=2) as (server, tables):
            humans = [_first_legal_player(await Connection.join(
                "127.0.0.1", server.port, t.code, "h", "south")) for t in tables]
            await asyncio.gather(*(h.play(lambda p: p.deals_scored >= 1) for h in humans))
            for h in humans:
                await h.conn.close()
            return [[str(a) for a in t.game.actions] for t in tables]

    async def interrupted(folder: Path) -> tuple[list[list[str]], list[str]]:
        async with serving(folder, tables=2) as (server, tables):
            codes = [t.code for t in tables]
            humans = [_first_legal_player(await Connection.join(
                "127.0.0.1", server.port, t.code, "h", "south")) for t in tables]
            await asyncio.gather(*(h.play(lambda p: len(p.states) > 0 and p.last.actions >= 9)
                                   for h in humans))
            tokens = [h.conn.token for h in humans]
            for h in humans:
                await h.conn.close()
            # stops mid-deal: its records are on disk
        async with serving(folder, resume=True) as (server, tables):
            assert sorted(t.code for t in tables) == sorted(codes)
            by_code = {t.code: t for t in tables}
            humans = [_first_legal_player(await Connection.join(
                "127.0.0.1", server.port, code, "h", "south", token=tok))
                for code, tok in zip(codes, tokens, strict=True)]
            await asyncio.gather(*(h.play(lambda p: p.deals_scored >= 1) for h in humans))
            for h in humans:
                await h.conn.close()
            return [[str(a) for a in by_code[c].game.actions] for c in codes], codes

    first = run(straight(tmp_path / "a"))
    second, _ = run(interrupted(tmp_path / "b"))
    # the same seeds (11, 12) and the same choices: the same games
    assert all(len(a) > 30 for a in first)  # a whole deal each
    assert sorted(map(tuple, first)) == sorted(map(tuple, second))


def test_a_damaged_record_is_set_aside_and_reported(tmp_path: Path) -> None:
    (tmp_path / "table-bad.json").write_text("{not json")
    server = GameServer(tmp_path, Settings(bots="random"))
    server.new_table(seed=1)
    assert server.resume() == []
    assert "table-bad.json could not be resumed" in server.problems[0]
    assert (tmp_path / "table-bad.json.damaged").read_text() == "{not json"
    assert not (tmp_path / "table-bad.json").exists()
