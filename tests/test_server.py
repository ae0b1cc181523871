"""The table server over real sockets on 127.0.0.1: four clients play a whole deal, every
refusal goes to the one client, the seats behave (taken, bots, takeover, leaving)."""

from __future__ import annotations

import asyncio
import contextlib
import json
from pathlib import Path

import aiohttp
import pytest
from net_support import Player, four_players, run, serving

from twentynine.engine.events import DealScored
from twentynine.engine.records import game_record, replay_game
from twentynine.net.client import Connection, JoinError
from twentynine.net.protocol import message


def test_four_clients_play_a_whole_deal(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: p.deals_scored >= 1) for p in players))
            assert all(p.errors == [] for p in players)
            # every client saw the same deal end with the same score
            scored = [next(e for st in p.states for e in st.events
                           if isinstance(e, DealScored)) for p in players]
            assert len({(s.outcome, s.scores) for s in scored}) == 1
            # the record on disk (with the journal) is the game so far, action for action
            rec = server.saved_record(table.id)
            assert rec["game"] == game_record(table.game)  # the server's cached record
            game, _ = replay_game(rec["game"])
            assert game.actions == table.game.actions
            assert [p["name"] for p in rec["players"]] == list("abcd")
            for p in players:
                await p.conn.close()

    run(main())


def test_refusals_go_to_the_one_client_and_change_nothing(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            south, east = players[0], players[1]
            # read each one's first state (seat 0 is to bid)
            for p in players:
                await p.play(lambda p: len(p.states) >= 1, act=False)
            before = list(table.game.log)
            await south.conn.act("bid 5", ref=1)  # below the minimum: the engine says why
            await east.conn.act("pass", ref=2)  # not east's turn
            await south.conn.act("play XX", ref=3)  # not an action at all
            for p in (south, east):
                await p.play(lambda p: len(p.errors) >= (2 if p is south else 1), act=False)
            assert [e["code"] for e in south.errors] == ["illegal", "malformed"]
            assert "bid" in south.errors[0]["message"] and south.errors[0]["ref"] == 1
            assert east.errors[0] == {"v": 1, "type": "error", "code": "illegal",
                                      "message": "it is not your turn", "ref": 2}
            assert table.game.log == before
            # the others were told nothing
            for p in players[2:]:
                with contextlib.suppress(TimeoutError):
                    await p.play(lambda p: len(p.messages) > 2, act=False, timeout=0.5)
                assert p.errors == []
            for p in players:
                await p.conn.close()

    run(main())


def test_a_move_chosen_in_a_state_that_is_gone_is_refused_not_played_later(
        tmp_path: Path) -> None:
    """A move carries the number of actions of the state it was chosen in (``at``): one
    that arrives after the table moved on (the clock played for the seat and the turn came
    round again) is refused as stale, even when it would be legal now."""

    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            south = players[0]
            for p in players:
                await p.play(lambda p: len(p.states) >= 1, act=False)
            n = len(table.game.log)
            legal = str(table.game.legal_actions()[0])  # south to bid: legal now
            await south.conn.act(legal, ref=1, at=n - 1 if n else n + 1)
            await south.conn.act(legal, ref=2, at="7")  # type: ignore[arg-type]  # not a number
            await south.play(lambda p: len(p.errors) >= 2, act=False)
            assert [e["code"] for e in south.errors] == ["stale", "malformed"]
            assert "moved on before your move arrived" in south.errors[0]["message"]
            assert len(table.game.log) == n  # nothing was played
            await south.conn.act(legal, ref=3, at=n)  # chosen in the state that is there
            await south.play(lambda p: any(st.actions == n + 1 for st in p.states), act=False)
            assert len(table.game.log) == n + 1 and len(south.errors) == 2
            for p in players:
                await p.conn.close()

    run(main())


def test_joining_refused_with_a_clear_reason(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            with pytest.raises(JoinError, match="no table has that code"):
                await Connection.join("127.0.0.1", server.port, "AAAA-BBBB-CCCC-DDDD", "x")
            a = await Connection.join("127.0.0.1", server.port, table.code.lower(), "Asha",
                                      "north")
            assert a.seat == 2
            with pytest.raises(JoinError, match="north is taken by Asha"):
                await Connection.join("127.0.0.1", server.port, table.code, "Bo", "north")
            with pytest.raises(JoinError, match="seat is south"):
                await Connection.join("127.0.0.1", server.port, table.code, "Bo", "up")
            with pytest.raises(JoinError, match="token"):
                await Connection.join("127.0.0.1", server.port, table.code, "Bo",
                                      token="forged")
            await a.close()

    run(main())


def test_bots_fill_the_empty_seats_and_a_player_takes_one_over_between_deals(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            south = Player(await Connection.join("127.0.0.1", server.port, table.code, "S",
                                                 "south"), seed=1)
            await south.play(lambda p: len(p.states) >= 1 and p.last.actions >= 3)
            # three bots answered south: east joins mid-deal and waits, seeing no cards
            late = await Connection.join("127.0.0.1", server.port, table.code, "E", "east")
            assert late.welcome["waiting"] is True
            first = await late.receive(timeout=5)
            assert first["type"] == "waiting"
            # the deal as anyone sees it: no cards in the hand, no trump, nothing to do
            seen = first["view"]
            assert seen["hand"] == [] and seen["legal_actions"] == []
            assert seen["number"] == 1 and len(seen["bids"]) >= 3
            if not seen["trump_shown"]:
                assert seen["trump_card"] is None and seen["trump_suit"] is None
            east = Player(late, seed=2)
            east.messages.append(first)
            await asyncio.gather(south.play(lambda p: p.deals_scored >= 1
                                            and p.last.view.number == 2),
                                 east.play(lambda p: len(p.states) >= 1))
            # from the second deal east is seated: it gets its own view
            st = east.states[0]
            assert st.seat == 1 and st.view.number == 2 and len(st.view.hand) == 4
            kinds = [s["kind"] for s in st.seats]
            assert kinds == ["human", "human", "bot", "bot"]
            await south.conn.close()
            await east.conn.close()

    run(main())


def test_a_player_who_leaves_is_replaced_by_a_bot(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: len(p.states) >= 1 and p.last.actions >= 2)
                                   for p in players))
            await players[3].conn.send("leave")
            bye = await players[3].conn.receive(timeout=5)
            assert bye["type"] == "bye"
            # the three others finish the deal: west's bot plays for west
            await asyncio.gather(*(p.play(lambda p: p.deals_scored >= 1) for p in players[:3]))
            assert players[0].last.seats[3]["kind"] == "bot"
            for p in players:
                await p.conn.close()

    run(main())


def test_a_flood_or_an_oversized_message_closes_that_connection_only(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            async with aiohttp.ClientSession() as session:
                url = f"http://127.0.0.1:{server.port}/ws"
                async with session.ws_connect(url) as flooder:
                    for i in range(25):
                        await flooder.send_str(message("ping", ref=i))
                    got = []
                    async for msg in flooder:
                        got.append(json.loads(msg.data))
                    assert [m["type"] for m in got] == ["pong"] * 20 + ["error"]
                    assert got[-1]["code"] == "flood" and "20 messages" in got[-1]["message"]
                    assert flooder.close_code == 4000
                async with session.ws_connect(url) as big:
                    await big.send_str(message("ping", pad="x" * 70_000))
                    reply = json.loads((await big.receive(timeout=5)).data)
                    assert reply["code"] == "too_big"
                    assert (await big.receive(timeout=5)).type == aiohttp.WSMsgType.CLOSE
                    assert big.close_code == 1009
            # the four play on untouched
            await asyncio.gather(*(p.play(lambda p: p.deals_scored >= 1) for p in players))
            assert all(p.errors == [] for p in players)
            for p in players:
                await p.conn.close()

    run(main())


def test_the_host_command_prints_a_join_code_and_serves_it(tmp_path: Path) -> None:
    import re
    import subprocess
    import sys

    from twentynine.net.protocol import normal_code

    proc = subprocess.Popen(
        [sys.executable, "-m", "twentynine", "host", "--host", "127.0.0.1", "--port",
         "0", "--bots", "random", "--bot-delay", "0", "--dir", str(tmp_path), "--seed", "4"],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    try:
        lines: list[str] = []
        assert proc.stdout is not None
        while not any(line.startswith("Ctrl+C stops") for line in lines):
            line = proc.stdout.readline()
            assert line, "".join(lines)
            lines.append(line)
        text = "".join(lines)
        code = re.search(r"join code: (\S+)", text)
        port = re.search(r"Listening on 127\.0\.0\.1:(\d+) \(this machine only\)", text)
        assert code and port, text
        assert len(normal_code(code[1])) == 16  # 80 random bits in base 32
        assert f"twentynine join 127.0.0.1:{port[1]} --code {code[1]}" in text
        assert "--seed makes the deals predictable" in text  # a seeded host says so
        assert "Every network interface" not in text

        async def main() -> None:
            p = Player(await Connection.join("127.0.0.1", int(port[1]), code[1], "me"), 1)
            await p.play(lambda p: p.deals_scored >= 1)
            await p.conn.close()

        run(main())
    finally:
        proc.terminate()
        out = proc.communicate(timeout=10)[0]
    assert "Stopped; every table is saved." in out
    assert len(list(tmp_path.glob("table-*.json"))) == 1


def test_each_seats_state_is_its_own_when_the_shared_part_is_encoded_once(
        tmp_path: Path) -> None:
    from twentynine.net.client import decode_state

    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: len(p.states) > 0
                                          and p.last.actions >= 12) for p in players))
            shared: dict[str, str] = {}
            events = table.events[-3:]
            for s in range(4):
                once = json.loads(table.state_for(s, events, None, shared))
                alone = json.loads(table.state_for(s, events))
                assert once == alone
                st = decode_state(once, table.game.rules)
                assert st.seat == s and st.view == table.game.view(s)
            for p in players:
                await p.conn.close()

    run(main())


def test_the_host_says_when_every_interface_listens_and_how_to_limit_it(tmp_path: Path
                                                                        ) -> None:
    from twentynine.net.host import listening_lines

    everywhere = "\n".join(listening_lines("0.0.0.0", 2929, tmp_path, seeded=False))
    assert "Every network interface is listening" in everywhere
    assert "--host 127.0.0.1" in everywhere
    assert "predictable" not in everywhere
    local = "\n".join(listening_lines("127.0.0.1", 2929, tmp_path, seeded=False))
    assert "this machine only" in local and "Every network interface" not in local
