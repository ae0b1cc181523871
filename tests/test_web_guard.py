"""``twentynine serve`` lets in only its own pages, under this machine's own names, and
no more tabs than it can hold: a web page elsewhere cannot open game processes on the
player's machine and type into them."""

from __future__ import annotations

import asyncio
from typing import Any

import aiohttp
import pytest
from aiohttp import web
from net_support import run

from twentynine.net.web import TableServer, play_command


async def started(max_tabs: int) -> tuple[TableServer, web.AppRunner, int]:
    # each tab runs the real table, as serve does
    server = TableServer(play_command(["--seed", "3"]), host="127.0.0.1", port=0,
                         title="t", max_tabs=max_tabs)
    runner = web.AppRunner(await server._make_app(), handle_signals=False)
    await runner.setup()
    site = web.TCPSite(runner, "127.0.0.1", 0)
    await site.start()
    assert isinstance(site._server, asyncio.Server)  # started, on its sockets
    port = site._server.sockets[0].getsockname()[1]
    server.port = port
    return server, runner, port


async def status(session: aiohttp.ClientSession, url: str, **headers: Any) -> int:
    async with session.get(url, headers=headers) as r:
        await r.read()
        return r.status


def test_foreign_names_and_pages_are_refused() -> None:
    async def main() -> None:
        server, runner, port = await started(max_tabs=4)
        base = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as s:
                assert await status(s, base + "/") == 200
                assert await status(s, base + "/", Host=f"localhost:{port}") == 200
                # a foreign name pointed at this machine (DNS rebinding) gets nothing
                assert await status(s, base + "/", Host=f"evil.example:{port}") == 421
                assert await status(s, base + "/", Host="127.0.0.1:1") == 421
                with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                    await s.ws_connect(base + "/ws", origin="https://evil.example")
                assert err.value.status == 403
                with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                    await s.ws_connect(base + "/ws", origin="null")
                assert err.value.status == 403
                assert server.open_tabs == 0  # no game process was started for them
        finally:
            await runner.cleanup()

    run(main())


def test_tabs_past_the_limit_are_refused_with_a_page_that_says_why() -> None:
    async def main() -> None:
        server, runner, port = await started(max_tabs=1)
        base = f"http://127.0.0.1:{port}"
        own = f"http://127.0.0.1:{port}"
        try:
            async with aiohttp.ClientSession() as s:
                first = await s.ws_connect(base + "/ws", origin=own)
                for _ in range(100):
                    if server.open_tabs == 1:
                        break
                    await asyncio.sleep(0.05)
                assert server.open_tabs == 1
                with pytest.raises(aiohttp.WSServerHandshakeError) as err:
                    await s.ws_connect(base + "/ws", origin=own)
                assert err.value.status == 503
                async with s.get(base + "/") as r:
                    page = await r.text()
                    assert r.status == 503 and "Every table is in use" in page
                    assert "at most 1 tables" in page
                await first.close()
                for _ in range(200):  # its process stopped, its place is free again
                    if server.open_tabs == 0:
                        break
                    await asyncio.sleep(0.05)
                assert server.open_tabs == 0
                assert await status(s, base + "/") == 200
        finally:
            await runner.cleanup()

    run(main())
