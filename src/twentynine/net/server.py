"""``twentynine host``: a table server.  One process holds many tables; each table keeps the
only engine (:class:`~twentynine.engine.game.Game`) of its game, and each player connects over a
WebSocket (aiohttp) and speaks the JSON protocol of docs/protocol.md.

The server decides everything.  A client sends actions; the engine checks them; a refusal
goes back to that client alone with the engine's reason.  After every change each seated
client gets its own seat's view and its own filtered events, never anything else.  Seats
without a player, and seats whose player left, are played by bots.  A hosted game is dealt
from the operating system's randomness, deal by deal, so no client can work out a hand
from the cards it holds; each table's record (its dealt cards, every action) is written
after every action, and ``--resume`` reads them all back.

Where each part lives: the tables in :mod:`.table` (what they send: :mod:`.broadcast`,
what they write: :mod:`.store`, who sits: :mod:`.roster`), the conversation with a client
in :mod:`.lobby` and :mod:`.connection`, the folder of records in :mod:`.files`, the limits
on connections in :mod:`.gate`, and the ``host`` command in :mod:`.host`.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import hmac
import logging
import secrets
from pathlib import Path
from typing import Any

from aiohttp import web

from .card_games import game_for
from .connection import Connection
from .frames import ServerWebSocket, warn_if_unhooked
from .gate import CodeGuard, Gate, GuardedProtocol, Limits, RateGuard
from .hosted_table import Table
from .lobby import Lobby
from .origin import host_allowed, same_origin
from .protocol import MAX_MESSAGE, VERSION, normal_code
from .roster import Player, Seat, Settings, new_code
from .table_files import TableFiles, saved_record

LOG = logging.getLogger("twentynine.server")

__all__ = ["Connection", "GameServer", "Player", "Seat", "Settings", "Table", "saved_record"]


class GameServer:
    """The tables of one server process, and the WebSocket endpoint players join."""

    def __init__(self, tables_dir: Path, settings: Settings | None = None,
                 limits: Limits | None = None) -> None:
        self.tables_dir = Path(tables_dir)
        self.settings = settings or Settings()
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        """By normalised join code."""
        self.connections: set[Connection] = set()
        self.files = TableFiles(self, self.tables_dir)
        self.gate = Gate(self.limits)
        self.trusted_proxies: frozenset[str] = frozenset()
        """Addresses of proxies whose ``X-Forwarded-For`` is believed (set before
        :meth:`start`): the limits per address then apply to the address they forward."""
        self.codes = CodeGuard(self.limits)
        lim = self.limits
        self.sittings_by_seat = RateGuard(lim.sittings, lim.sitting_window)
        """Sittings down at each seat (new players and returns) in the window."""
        self.sittings_by_source = RateGuard(lim.sittings * lim.sitting_source_factor,
                                            lim.sitting_window)
        self.lobby = Lobby(self)
        self.allowed_hosts: frozenset[str] = frozenset()
        """Host headers answered besides this machine's names (lower case, as a proxy in
        front of the server passes them on: ``tables.example.org``)."""
        self.routes: list[web.RouteDef] = []
        """Further routes (the web client's pages) added before :meth:`start`."""
        self._runner: web.AppRunner | None = None
        self._listener: asyncio.Server | None = None
        self.port = 0

    @property
    def problems(self) -> list[str]:
        """Records that could not be resumed (each set aside, with why)."""
        return self.files.problems

    @property
    def journal(self) -> Any:
        return self.files.journal

    # ------------------------------------------------------------ tables
    def new_table(self, seed: int | None = None, settings: Settings | None = None) -> Table:
        """A new table.  Without ``seed`` its deals come from the operating system's
        randomness (each deal shuffled anew, nothing a client could search); a ``seed``
        deals predictably (tests and replays), and says so where the host prints it."""
        st = settings or self.settings
        code = new_code()
        table_id = f"table-{secrets.token_hex(4)}"
        game, bot_key = game_for(st.rules).new_game(st.rules, seed)
        t = Table(self, table_id, code, game, st, bot_key=bot_key)
        self.tables[normal_code(code)] = t
        self.files.remember(code)
        return t

    def resume(self) -> list[Table]:
        """Every table recorded in the tables folder, replayed; a damaged record is renamed
        aside (``.damaged``) and reported in :attr:`problems`."""
        return self.files.resume()

    def saved_record(self, table_id: str) -> dict[str, Any]:
        """A table's record as a restarted server would find it on disk now."""
        return saved_record(self.tables_dir, table_id)

    def find(self, code: str) -> Table | None:
        """The table with join code ``code`` (any case, dashes or spaces), compared in
        constant time; text that is not a code finds none."""
        want = normal_code(code)
        if not want.isascii():
            return None
        found = None
        for key, t in self.tables.items():
            if hmac.compare_digest(key.encode(), want.encode()):
                found = t
        return found

    # ------------------------------------------------------------ serving
    def app(self) -> web.Application:
        app = web.Application(client_max_size=MAX_MESSAGE, middlewares=[self._guard])
        app.add_routes([web.get("/ws", self.handle_ws), *self.routes])
        if not any(getattr(r, "path", None) == "/" for r in self.routes):
            app.add_routes([web.get("/", self.handle_index)])
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen (port 0: any free port) and start every table; the port listened on."""
        warn_if_unhooked()
        self._runner = web.AppRunner(self.app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        handler = self._runner.server
        assert handler is not None
        loop = asyncio.get_running_loop()
        self.gate.trusted = self.trusted_proxies
        self._listener = await loop.create_server(
            lambda: GuardedProtocol(handler(), self.gate), host, port, reuse_address=True)
        sockets = list(self._listener.sockets or ())
        self.port = sockets[0].getsockname()[1] if sockets else port
        await self.files.start()
        for t in self.tables.values():
            t.start()
        return self.port

    async def stop(self) -> None:
        """Stop every table, write each whole (the journal is then removed) and close."""
        for t in self.tables.values():
            await t.stop()
        await self.files.stop()
        if self._listener is not None:
            self._listener.close()

        async def close(c: Connection) -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.ws.close(code=1001, message=b"server stopping"), 2)

        await asyncio.gather(*(close(c) for c in list(self.connections)))
        await self.gate.stop()
        if self._runner is not None:
            await self._runner.cleanup()

    @web.middleware
    async def _guard(self, request: web.Request, handler: Any) -> web.StreamResponse:
        """Every route (the page, its files, the WebSocket) answers only to this machine's
        addresses and names: a foreign name pointed at this machine (DNS rebinding) would
        make a page elsewhere this server's own in the browser's eyes."""
        if not host_allowed(request.host, self.port) \
                and request.host.lower() not in self.allowed_hosts:
            return web.Response(status=421, text="twentynine host answers only to this "
                                                 "machine's addresses and names\n")
        response: web.StreamResponse = await handler(request)
        if request.method in ("GET", "HEAD") and response.status == 200 \
                and isinstance(response, web.Response) and isinstance(response.body, bytes):
            return _validated(request, response)
        return response

    async def handle_index(self, request: web.Request) -> web.Response:
        return web.Response(text=f"twentynine table server (protocol version {VERSION}): "
                                 "join with twentynine join HOST:PORT --code CODE\n")

    def source_of(self, request: web.Request) -> str:
        """The address the limits per address apply to: the peer's, or, when the peer is
        a trusted proxy (``--trusted-proxy``), the address that proxy added last to
        ``X-Forwarded-For`` (what anyone else says there is not believed)."""
        peer = str(request.remote or "?")
        if peer in self.trusted_proxies:
            hops = [h.strip() for h in ",".join(
                request.headers.getall("X-Forwarded-For", ())).split(",") if h.strip()]
            if hops and len(hops[-1]) <= 64:
                return hops[-1]
        return peer

    async def handle_ws(self, request: web.Request) -> web.StreamResponse:
        origin = request.headers.get("Origin")
        if origin is not None and not same_origin(origin, request.host):
            # a web page elsewhere may not talk to the tables in the visitor's name
            return web.Response(status=403, text="this server takes WebSockets from its "
                                                 "own pages only\n")
        source = self.source_of(request)
        if not self.gate.relabel(request.transport, source):
            busy = web.Response(status=429, text="too many connections from your address "
                                                 "are waiting: try again soon\n")
            busy.force_close()
            return busy
        # aiohttp refuses outright (close 1009) past 4 x the limit; up to there the size is
        # checked here, so the client gets a clear error first
        ws = ServerWebSocket(max_msg_size=4 * MAX_MESSAGE, heartbeat=20,
                             writer_limit=self.limits.send_buffer)
        try:
            await ws.prepare(request)
        except (ConnectionError, RuntimeError) as exc:  # gone during the handshake
            LOG.debug("%s went away during the handshake: %s", source, exc)
            return ws
        conn = Connection(ws, str(request.remote), request.transport, self.limits)
        conn.source = source
        conn.direct = not ws.compress  # a compressed frame is aiohttp's to make
        self.connections.add(conn)
        try:
            await self.lobby.serve(conn)
        finally:
            # the player is away from now (not after the close handshake, which a client
            # that is gone never answers)
            self.connections.discard(conn)
            try:
                await self.lobby.gone(conn)
            finally:
                await conn.finish()
        return ws


def _validated(request: web.Request, response: web.Response) -> web.Response:
    """``response`` with an ETag made from its content, or, when the browser already has
    that content (``If-None-Match``), 304 with no body: a page loaded again costs a few
    hundred bytes instead of the whole page and its files."""
    body = response.body
    assert isinstance(body, bytes)
    tag = f'"{hashlib.sha256(body).hexdigest()[:32]}"'
    response.headers["ETag"] = tag
    wanted = request.headers.get("If-None-Match", "")
    if tag in (t.strip() for t in wanted.split(",")) or wanted.strip() == "*":
        headers = {k: v for k, v in response.headers.items()
                   if k.lower() not in ("content-length", "content-type",
                                        "content-encoding")}
        return web.Response(status=304, headers=headers)
    return response
