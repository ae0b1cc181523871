"""What the table server does for the phone page, on real sockets: a look at a table
before sitting down (its rules and free seats; a wrong code counted as in a hello), the
QR code of the table's link for a seated player, and a move clock that starts with the
player who sits down, not before."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import aiohttp
from net_support import run, serving
from qr_support import read_qr

from twentynine.net.gate import Limits
from twentynine.net.qr import join_link
from twentynine.net.server import Settings


async def ask(ws: aiohttp.ClientWebSocketResponse, **fields: Any) -> dict[str, Any]:
    """Send one message; the first answer that is not a state or a notice."""
    await ws.send_str(json.dumps({"v": 1, **fields}))
    while True:
        msg = await ws.receive(timeout=10)
        if msg.type != aiohttp.WSMsgType.TEXT:
            return {"type": "closed"}
        data: dict[str, Any] = json.loads(msg.data)
        if data["type"] not in ("state", "waiting", "notice", "welcome"):
            return data


def test_a_look_shows_the_rules_and_the_free_seats(tmp_path: Path) -> None:
    async def main() -> None:
        limits = Limits(code_tries=1)  # one wrong code per address, then no more
        async with serving(tmp_path, limits=limits) as (server, [table]), \
                aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{server.port}/ws"
            async with http.ws_connect(url) as ws:
                seen = await ask(ws, type="look", code=table.code.lower(), ref=3)
                assert seen["type"] == "table" and seen["ref"] == 3
                assert seen["rules"]["game_to"] == table.game.rules.game_to
                assert [s["kind"] for s in seen["seats"]] == ["bot"] * 4
                assert seen["started"] is False and seen["game"] == 1
            async with http.ws_connect(url) as sitter:
                await sitter.send_str(json.dumps({"v": 1, "type": "hello", "code": table.code,
                                                  "name": "Asha", "seat": "north"}))
                while json.loads((await sitter.receive(timeout=10)).data)["type"] != "welcome":
                    pass
                async with http.ws_connect(url) as ws:
                    seen = await ask(ws, type="look", code=table.code)
                    north = seen["seats"][2]
                    assert (north["kind"], north["name"]) == ("human", "Asha")
                    assert "token" not in json.dumps(seen)  # nobody's token, ever
            # a wrong code: refused and counted, as in a hello; the socket is closed
            for answer in ("bad_code", "too_many_tries"):
                async with http.ws_connect(url) as ws:
                    wrong = await ask(ws, type="look", code="AAAA-AAAA-AAAA-AAAA")
                    assert wrong["type"] == "error" and wrong["code"] == answer
                    assert (await ws.receive(timeout=10)).type in (
                        aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSED)

    run(main())


def test_a_seated_player_gets_the_qr_code_of_the_tables_link_only(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, tables=2) as (server, [table, other]), \
                aiohttp.ClientSession() as http:
            url = f"http://127.0.0.1:{server.port}/ws"
            link = join_link("192.168.1.5", 2929, table.code)
            async with http.ws_connect(url) as ws:
                early = await ask(ws, type="invite", link=link)
                assert early["type"] == "error" and early["code"] == "malformed"
                await ws.send_str(json.dumps({"v": 1, "type": "hello", "code": table.code,
                                              "name": "Asha"}))
                got = await ask(ws, type="invite", link=link, ref="q")
                assert got["type"] == "invite" and got["ref"] == "q"
                assert read_qr([[ch == "1" for ch in row] for row in got["qr"]]) == link
                for bad in (join_link("192.168.1.5", 2929, other.code),
                            "javascript:alert(1)//#code=" + table.code, 7,
                            link + "&x=1"):
                    refused = await ask(ws, type="invite", link=bad)
                    assert refused["type"] == "error" and refused["code"] == "malformed", bad

    run(main())


def test_a_player_who_sits_down_has_the_whole_move_clock(tmp_path: Path) -> None:
    """The turn came to the empty seat long ago (nobody sat there): the player who sits
    down gets the whole clock, not what was left of it."""
    async def main() -> None:
        st = Settings(bots="random", bot_delay=0.0, clock=25.0)
        async with serving(tmp_path, st) as (server, [table]), aiohttp.ClientSession() as http:
            seat = table.game.turn
            table.turn_started -= 20.0  # the move came to this seat 20 s ago
            async with http.ws_connect(f"http://127.0.0.1:{server.port}/ws") as ws:
                await ws.send_str(json.dumps({"v": 1, "type": "hello", "code": table.code,
                                              "name": "Asha", "seat": seat}))
                while True:
                    data = json.loads((await ws.receive(timeout=10)).data)
                    if data["type"] == "state":
                        break
                assert data["turn"] == seat
                assert data["clock"] > 20.0, data["clock"]

    run(main())


def test_an_old_links_code_is_told_its_table_is_gone_and_not_counted(tmp_path: Path) -> None:
    """A link to a table this server's folder had (the host started again without
    ``--resume``): its code is told the table is gone, in a look and in a hello, however
    often, without counting as a wrong guess; a code no table ever had still counts.  The
    folder keeps digests of the codes, not the codes, readable by the user alone."""
    async def main() -> None:
        async with serving(tmp_path) as (_, [old]):
            pass
        limits = Limits(code_tries=1)  # one wrong code per address, then no more
        async with serving(tmp_path, limits=limits) as (server, [table]), \
                aiohttp.ClientSession() as http:
            assert table.code != old.code
            url = f"http://127.0.0.1:{server.port}/ws"
            for _ in range(3):
                for kind, fields in (("look", {}), ("hello", {"name": "Asha"})):
                    async with http.ws_connect(url) as ws:
                        gone = await ask(ws, type=kind, code=old.code, **fields)
                        assert gone["type"] == "error" and gone["code"] == "bad_code", gone
                        assert "no longer here" in gone["message"], gone
            # the address has used none of its one wrong guess: a code never issued is the
            # first, and the next is refused
            for answer in ("bad_code", "too_many_tries"):
                async with http.ws_connect(url) as ws:
                    wrong = await ask(ws, type="look", code="AAAA-AAAA-AAAA-AAAA")
                    assert wrong["code"] == answer, wrong
                    assert "no longer here" not in wrong["message"]
            # and the live table's own code gets in whatever was guessed
            async with http.ws_connect(url) as ws:
                assert (await ask(ws, type="look", code=table.code))["type"] == "table"
        codes = tmp_path / "codes"
        assert codes.stat().st_mode & 0o777 == 0o600
        assert old.code not in codes.read_text() and len(codes.read_text().split()) == 2

    run(main())
