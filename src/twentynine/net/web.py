"""``twentynine serve``: the same Textual table in a web browser, through ``textual-serve``.

textual-serve runs one app process per browser tab (the command below, with Textual's web
driver) and relays the terminal over a WebSocket.  The page it serves names the WebSocket
by a full URL; :class:`TableServer` builds that URL from the address the browser used, so a
server bound to ``0.0.0.0`` works from another machine too.

Each open tab has a save of its own (``save-browser-N.json`` in the data folder, N the
lowest number no other open tab holds), so two tabs never overwrite each other's game, and
a tab opens its save's game again (``--resume``): close the page, open it again, play on.

>>> play_command(["--seed", "3", "--bots", "easy"]).endswith("play --seed 3 --bots easy")
True
"""

from __future__ import annotations

import asyncio
import logging
import shlex
import sys
from collections.abc import Sequence
from typing import Any

from aiohttp import web
from textual_serve.app_service import AppService
from textual_serve.server import Server, to_int

from ..common.storage import data_dir
from ..controller.saves import ENV_SAVE
from .origin import host_allowed, same_origin

LOG = logging.getLogger("twentynine.web")


def tab_save_name(slot: int) -> str:
    """The save file of the browser tab in ``slot``.

    >>> tab_save_name(2)
    'save-browser-2.json'
    """
    return f"save-browser-{slot}.json"


class Slots:
    """Which save slots the open tabs hold: a new tab takes the lowest free one.

    >>> s = Slots(); a, b = s.take(), s.take(); s.give_back(a); a, b, s.take(), s.take()
    (1, 2, 1, 3)
    """

    def __init__(self) -> None:
        self.held: set[int] = set()

    def take(self) -> int:
        n = 1
        while n in self.held:
            n += 1
        self.held.add(n)
        return n

    def give_back(self, n: int) -> None:
        self.held.discard(n)


class TabService(AppService):
    """One tab's app process, with its own save file (``TWENTYNINE_SAVE_NAME``)."""

    def __init__(self, *args: Any, save_name: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.save_name = save_name

    def _build_environment(self, width: int = 80, height: int = 24) -> dict[str, str]:
        env: dict[str, str] = super()._build_environment(width, height)
        env[ENV_SAVE] = self.save_name
        return env


def play_command(play_args: Sequence[str], command: str = "play") -> str:
    """The shell command each browser tab runs: this Python, ``twentynine <command> ...``."""
    parts = [sys.executable, "-m", "twentynine", command, *play_args]
    return " ".join(shlex.quote(p) for p in parts)


MAX_TABS = 8
"""Tabs open at once (each runs a game process of about 85 MB); the next is refused."""

FULL_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Twenty-Nine: every table is in use</title></head>
<body style="font-family: sans-serif; max-width: 36em; margin: 2em auto; padding: 0 1em">
<h1>Every table is in use</h1>
<p>This server runs at most {n} tables at once (one for each open browser tab), and all
{n} are open. Close a tab that holds one, then reload this page.</p>
</body></html>
"""


class TableServer(Server):
    """textual-serve's server, with the page's WebSocket URL taken from the request,
    (``per_tab_saves``) a save file for each open tab, at most ``max_tabs`` tabs, and
    only this machine's own names and pages let in (:mod:`.origin`)."""

    def __init__(self, *args: Any, per_tab_saves: bool = False,
                 resume_command: str | None = None, max_tabs: int = MAX_TABS,
                 **kwargs: Any) -> None:
        """``resume_command``: the command for a tab whose save holds a game (it goes on
        with it); a tab without a save starts a new game with the plain command."""
        super().__init__(*args, **kwargs)
        self.slots = Slots() if per_tab_saves else None
        self.resume_command = resume_command
        self.max_tabs = max_tabs
        self.open_tabs = 0

    async def _make_app(self) -> web.Application:
        app: web.Application = await super()._make_app()
        app.middlewares.append(self._guard)
        return app

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Only this machine's names (a page elsewhere that points its own name at this
        machine is refused), a WebSocket only from this server's own page, and no page
        or WebSocket past the tab limit."""
        if not host_allowed(request.host, self.port):
            return web.Response(status=421, text="twentynine serve answers only to this "
                                                 "machine's addresses and names\n")
        origin = request.headers.get("Origin")
        websocket = request.path == "/ws"
        if websocket and origin is not None and not same_origin(origin, request.host):
            return web.Response(status=403, text="only this server's own page may open "
                                                 "a table\n")
        if request.path in ("/", "/ws") and self.open_tabs >= self.max_tabs:
            return web.Response(status=503, content_type="text/html",
                                text=FULL_PAGE.format(n=self.max_tabs))
        if not websocket:
            response: web.StreamResponse = await handler(request)
            return response
        self.open_tabs += 1
        try:
            response = await handler(request)
        finally:
            self.open_tabs -= 1
        return response

    async def handle_websocket(self, request: web.Request) -> web.WebSocketResponse:
        """A tab's terminal: its own app process, holding the lowest free save slot while
        the tab is open (textual-serve's own handler, with the slot added)."""
        if self.slots is None:
            ws: web.WebSocketResponse = await super().handle_websocket(request)
            return ws
        websocket = web.WebSocketResponse(heartbeat=15)
        width = to_int(request.query.get("width", "80"), 80)
        height = to_int(request.query.get("height", "24"), 24)
        slot = self.slots.take()
        service: TabService | None = None
        try:
            await websocket.prepare(request)
            command = self.command
            if self.resume_command and (data_dir() / tab_save_name(slot)).exists():
                command = self.resume_command  # the tab's game goes on
            service = TabService(command, write_bytes=websocket.send_bytes,
                                 write_str=websocket.send_str, close=websocket.close,
                                 download_manager=self.download_manager, debug=self.debug,
                                 save_name=tab_save_name(slot))
            await service.start(width, height)
            await self._process_messages(websocket, service)
        except asyncio.CancelledError:
            await websocket.close()
        except Exception:
            LOG.exception("a browser tab's table")
        finally:
            if service is not None:
                await service.stop()  # the app saved its game before the slot is free
            self.slots.give_back(slot)
        return websocket

    async def handle_index(self, request: web.Request) -> Any:
        # the template reads self.public_url synchronously: set it for this request
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def on_startup(self, app: web.Application) -> None:
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        print(f"Twenty-Nine in your browser: open http://{shown}:{self.port}/", flush=True)
        if self.host in ("0.0.0.0", "::", ""):
            print("(listening on every network interface; others use this machine's address)",
                  flush=True)
        print(f"At most {self.max_tabs} tabs at once (each runs its own game); only pages "
              "of this server may open a table.", flush=True)
        print("Press Ctrl+C to stop.", flush=True)


def serve(play_args: Sequence[str], host: str, port: int, command: str = "play",
          max_tabs: int = MAX_TABS) -> int:
    """Serve the table until Ctrl+C.  A ``play`` tab has its own save and resumes it."""
    args = list(play_args)
    local = command == "play"
    resume = play_command([*args, "--resume"], command) if local and "--resume" not in args \
        else None
    server = TableServer(play_command(args, command), host=host, port=port,
                         title="Twenty-Nine", per_tab_saves=local, resume_command=resume,
                         max_tabs=max_tabs)
    server.serve()
    return 0
