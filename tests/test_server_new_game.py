"""The next game at the same table: once a game is over a seated player asks for it, and
every seat gets the new game's state, dealt from a new secret shuffle; the finished
game's record is kept; two players asking at once start one game; a request while the
game goes on changes nothing; a restarted server resumes the new game."""

from __future__ import annotations

import asyncio
import json
import shutil
from pathlib import Path
from typing import Any

from net_support import Player, run, serving

from twentynine.engine.records import replay_game
from twentynine.engine.rules import Rules
from twentynine.net.client import Connection
from twentynine.net.server import GameServer, Settings, Table

ONE_DEAL = Settings(rules=Rules(game_to=1), bots="random", bot_delay=0.0)
"""A game that one deal ends (or two, after a dead one): game over comes quickly."""


async def seat_two(server: GameServer, table: Table) -> list[Player]:
    """South and north at the table; the bots play east and west."""
    out = []
    for i, seat in enumerate(("south", "north")):
        conn = await Connection.join("127.0.0.1", server.port, table.code, "ab"[i], seat)
        out.append(Player(conn, seed=i))
    return out


async def play_to_game_over(players: list[Player], number: int = 1) -> None:
    """Play (at random) until game ``number`` at the table is over."""
    for p in players:
        p.acted_at = -1
    await asyncio.gather(*(p.play(lambda p: bool(p.states) and p.last.game == number
                                  and p.last.game_over) for p in players))


async def next_states(p: Player, n: int) -> list[dict[str, Any]]:
    """Read ``p``'s next ``n`` messages (not acting on them)."""
    out = []
    for _ in range(n):
        msg = await p.conn.receive(timeout=20)
        p.messages.append(msg)
        out.append(msg)
    return out


async def until_ref(p: Player, ref: str | int) -> list[dict[str, Any]]:
    """``p``'s messages up to the one answering ``ref``."""
    out = await next_states(p, 1)
    while out[-1].get("ref") != ref:
        out += await next_states(p, 1)
    return out


def finished(tables: Path, table: Table, number: int) -> dict[str, Any]:
    name = f"{table.id}.json" if number == 1 else f"{table.id}-game{number}.json"
    data: dict[str, Any] = json.loads((tables / "finished" / name).read_text())
    return data


def test_two_players_asking_at_once_start_one_new_game_for_every_seat(tmp_path: Path
                                                                      ) -> None:
    async def main() -> None:
        async with serving(tmp_path, ONE_DEAL, seed=None) as (server, [table]):
            players = await seat_two(server, table)
            await play_to_game_over(players)
            assert table.game.is_over and table.number == 1
            assert all(p.last.game == 1 for p in players)
            first = table.game
            old = finished(tmp_path, table, 1)
            assert old["game"]["seed"] is None and old["game_number"] == 1
            # both ask at once, each naming the game it saw end
            await asyncio.gather(players[0].conn.new_game(1, ref="s"),
                                 players[1].conn.new_game(1, ref="n"))
            # one new game: each seat gets its state (whole, game 2, its own new hand);
            # the later request is answered with that game's state again, not an error
            got = [await until_ref(p, ref) for p, ref in zip(players, "sn", strict=True)]
            assert table.number == 2 and not table.game.is_over and table.game is not first
            assert sorted(len(msgs) for msgs in got) == [1, 2]  # the first asker's: one
            for msgs, p in zip(got, players, strict=True):
                assert {m["type"] for m in msgs} == {"state"} and {m["game"] for m in msgs} == {2}
                new = msgs[0]
                assert "view" in new and not new["game_over"] and new["scores"] == [0, 0]
                hand = sorted(new["view"]["hand"])
                assert hand == sorted(c.name for c in table.game.view(p.conn.seat).hand)
                assert [e["event"] for e in new["events"]][:1] == ["DealStarted"]
            # a new shuffle from the system's randomness, on disk before anyone saw it;
            # the finished game's record is kept as it was
            assert table.game.secret and table.game.rules == first.rules
            record = server.saved_record(table.id)
            assert record["game"]["seed"] is None and record["game_number"] == 2
            assert record["code"] == table.code and len(record["game"]["deals"]) == 1
            again, _ = replay_game(record["game"])
            assert again.view(0).hand == table.game.view(0).hand
            assert finished(tmp_path, table, 1) == old
            assert not (tmp_path / "finished" / f"{table.id}-game2.json").exists()
            # the same players in the same seats: their tokens still bring them back
            assert [p["name"] if p else None for p in record["players"]] == \
                ["a", None, "b", None]
            token = players[0].conn.token
            await players[0].conn.close()
            back = await Connection.join("127.0.0.1", server.port, table.code, "a",
                                         token=token)
            assert back.seat == 0 and back.welcome["rejoined"] and back.welcome["game"] == 2
            players[0] = Player(back, seed=5)
            # the new game plays to its end; its record goes beside the first
            await play_to_game_over(players, 2)
            assert table.game.is_over and all(p.last.game == 2 for p in players)
            second = finished(tmp_path, table, 2)
            assert second["game_number"] == 2 and second["game"]["seed"] is None
            assert second["game"]["deals"] != old["game"]["deals"]
            assert finished(tmp_path, table, 1) == old
            for p in players:
                assert not p.errors, p.errors
                await p.conn.close()

    run(main(), timeout=120)


def test_a_new_game_asked_for_while_the_game_goes_on_changes_nothing(tmp_path: Path
                                                                     ) -> None:
    async def main() -> None:
        async with serving(tmp_path, ONE_DEAL, seed=None) as (server, [table]):
            [south, north] = await seat_two(server, table)
            # south moves until it is north's turn: north never moves, so nothing does
            await south.play(lambda p: bool(p.states) and p.last.actions >= 1
                             and p.last.turn == 2)
            assert not table.game.is_over
            game, n = table.game, len(table.game.log)
            before = server.saved_record(table.id)
            for game_after, words in ((None, "the game is not over"),
                                      (1, "the game is not over"),
                                      (3, "has not played game 3")):
                await north.conn.new_game(game_after, ref=7)
                answer = (await until_ref(north, 7))[-1]
                assert answer["type"] == "error" and answer["code"] == "illegal"
                assert words in answer["message"] and answer["ref"] == 7
            for bad in (0, -1, "1", 1.0, True, 2**60):
                await north.conn.send("new_game", game=bad, ref=8)
                answer = (await until_ref(north, 8))[-1]
                assert answer["type"] == "error" and answer["code"] == "malformed", bad
            # a player waiting to take a bot's seat is not seated yet
            east = await Connection.join("127.0.0.1", server.port, table.code, "c", "east")
            assert east.welcome["waiting"] is True
            await east.receive(timeout=10)  # what it may see meanwhile
            await east.new_game(1, ref=1)
            while (answer := await east.receive(timeout=10))["type"] != "error":
                pass
            assert answer["code"] == "not_seated"
            assert table.game is game and table.number == 1 and len(table.game.log) == n
            after = server.saved_record(table.id)
            assert (after["game"], after["game_number"]) == (before["game"], 1)
            for c in (south.conn, north.conn, east):
                await c.close()

    run(main())


def test_a_restart_resumes_the_new_game_not_the_finished_one(tmp_path: Path) -> None:
    """Stopped while the second game runs, the host resumes it: both from a clean stop and
    from the records and journal as a crash leaves them (the journal holds the first
    game's actions too, under the table's own name, and the second's beside them)."""
    tables = tmp_path / "tables"
    crash = tmp_path / "crash"

    async def main() -> None:
        async with serving(tables, ONE_DEAL, seed=None) as (server, [table]):
            [south, north] = await seat_two(server, table)
            await play_to_game_over([south, north])
            await south.conn.new_game(1)
            for p in (south, north):
                p.acted_at = -1
            # a few actions into the new game, until a person is to move (the bots wait)
            await asyncio.gather(*(p.play(lambda p: bool(p.states) and p.last.game == 2
                                          and p.last.actions >= 6 and p.last.turn in (0, 2))
                                   for p in (south, north)))
            log = list(table.game.log)
            assert any(j.name.startswith("journal-") for j in tables.iterdir())
            shutil.copytree(tables, crash)  # as a crash would leave the folder
            code, hands = table.code, [p.last.view.hand for p in (south, north)]
            tokens = [p.conn.token for p in (south, north)]
            for p in (south, north):
                await p.conn.close()
        for folder in (crash, tables):
            async with serving(folder, ONE_DEAL, resume=True) as (server, [table]):
                assert server.problems == []
                assert table.number == 2 and table.code == code
                assert list(table.game.log) == log and table.game.secret
                back = [await Connection.join("127.0.0.1", server.port, code, name,
                                              token=token)
                        for name, token in zip("ab", tokens, strict=True)]
                players = [Player(c, seed=3) for c in back]
                await asyncio.gather(*(p.play(lambda p: bool(p.states), act=False)
                                       for p in players))
                assert [p.last.view.hand for p in players] == hands
                assert all(p.last.game == 2 for p in players)
                for p in players:  # the state each came back to may be the last for now
                    await p.answer(p.last)
                await play_to_game_over(players, 2)
                assert finished(folder, table, 2)["game_number"] == 2
                assert finished(folder, table, 1)["game_number"] == 1
                for p in players:
                    await p.conn.close()

    run(main(), timeout=150)
