"""Helpers for the table server's tests: a real server on a free loopback port in the
test's own event loop, and clients that play random legal actions."""

from __future__ import annotations

import asyncio
import base64
import json
import os
import random
import socket
import struct
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from twentynine.engine.events import DealScored
from twentynine.net.client import Connection, State, decode_state
from twentynine.net.gate import Limits
from twentynine.net.server import GameServer, Settings, Table


def run(coro: Awaitable[Any], timeout: float = 60) -> Any:
    """Run a test's coroutine with a hard time limit."""
    async def bounded() -> Any:
        return await asyncio.wait_for(coro, timeout)

    return asyncio.run(bounded())


@asynccontextmanager
async def serving(tables_dir: Path, settings: Settings | None = None, seed: int | None = 11,
                  tables: int = 1, resume: bool = False, limits: Limits | None = None
                  ) -> AsyncIterator[tuple[GameServer, list[Table]]]:
    server = GameServer(tables_dir, settings or Settings(bots="random", bot_delay=0.0),
                        limits)
    made = server.resume() if resume else [server.new_table(
        seed=None if seed is None else seed + i)
                                           for i in range(tables)]
    await server.start("127.0.0.1", 0)
    try:
        yield server, made
    finally:
        await server.stop()


class Player:
    """A client that records every message and plays random legal actions."""

    def __init__(self, conn: Connection, seed: int) -> None:
        self.conn = conn
        self.rng = random.Random(seed)
        self.messages: list[dict[str, Any]] = [conn.welcome]
        self.states: list[State] = []
        self.errors: list[dict[str, Any]] = []
        self.deals_scored = 0
        self.last_send = 0.0
        self.acted_at = -1
        """The action count of the state we last answered (one answer per state)."""

    @property
    def last(self) -> State:
        return self.states[-1]

    async def play(self, until: Callable[[Player], bool], act: bool = True,
                   timeout: float = 20) -> None:
        """Read messages (answering with a random legal action on our turn) until
        ``until(self)``."""
        while not until(self):
            msg = await self.conn.receive(timeout=timeout)
            self.messages.append(msg)
            if msg["type"] == "error":
                self.errors.append(msg)
                continue
            if msg["type"] != "state":
                continue
            st = decode_state(msg, self.conn.rules)
            self.states.append(st)
            self.deals_scored += sum(isinstance(e, DealScored) for e in st.events)
            if not act or until(self):
                continue
            await self.answer(st)

    async def answer(self, st: State) -> None:
        """Act in ``st`` if it asks us to (once per state): a random legal action on our
        turn, ``next deal`` when the deal is over.  A client acts on the last state it
        has: a state that only repeats the table as it was may never come."""
        if st.actions == self.acted_at:
            return
        if st.next_deal:
            self.acted_at = st.actions
            await self.send("next deal")
        elif st.view.legal_actions and st.turn == self.conn.seat:
            self.acted_at = st.actions
            await self.send(str(self.rng.choice(st.view.legal_actions)), at=st.actions)

    async def send(self, action: str, at: int | None = None) -> None:
        """Send an action (chosen in the state of ``at`` actions), staying under the
        server's 20 messages a second."""
        loop = asyncio.get_running_loop()
        wait = self.last_send + 0.055 - loop.time()
        if wait > 0:
            await asyncio.sleep(wait)
        self.last_send = loop.time()
        await self.conn.act(action, at=at)


async def four_players(server: GameServer, table: Table, names: str = "abcd"
                       ) -> list[Player]:
    out = []
    for i, seat in enumerate(("south", "east", "north", "west")):
        conn = await Connection.join("127.0.0.1", server.port, table.code, names[i], seat)
        out.append(Player(conn, seed=i))
    return out


class RawSocket:
    """A WebSocket client on a plain socket with a small receive buffer, which reads only
    when told to (a slow reader), and can send frames no library would."""

    def __init__(self, rcvbuf: int = 4096, source: str | None = None) -> None:
        """``source``: the local address to connect from (any of 127.0.0.0/8 is this
        machine, so a test can play several addresses)."""
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        if source is not None:
            self.sock.bind((source, 0))
        self.sock.setblocking(False)
        self._buffer = b""

    async def open(self, port: int, headers: str = "", first: bytes = b"") -> RawSocket:
        """Connect and upgrade to a WebSocket (``headers``: more header lines, each
        ending in CRLF; ``first``: bytes sent in the same write as the request, such as
        frames that do not wait for the server's answer)."""
        loop = asyncio.get_running_loop()
        await loop.sock_connect(self.sock, ("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(self.sock, (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n{headers}"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode() + first)
        head = b""
        while b"\r\n\r\n" not in head:
            data = await asyncio.wait_for(loop.sock_recv(self.sock, 1), 10)
            assert data, "the server closed the connection during the handshake"
            head += data
        assert b" 101 " in head, head
        return self

    async def hello(self, code: str, **fields: Any) -> dict[str, Any]:
        """Say hello; the server's first answer (a welcome or an error)."""
        assert self.send(json.dumps({"v": 1, "type": "hello", "code": code,
                                     **fields}).encode())
        while (f := await self.frame()) is not None:
            if f[0] == 1:
                answer: dict[str, Any] = json.loads(f[1])
                return answer
        return {"type": "closed"}

    @staticmethod
    def frame_bytes(payload: bytes, opcode: int = 1, masked: bool = True) -> bytes:
        """One final frame as a client sends it (masked unless told otherwise)."""
        bit = 0x80 if masked else 0
        mask = os.urandom(4) if masked else b""
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([bit | n])
        elif n < 65536:
            head += bytes([bit | 126]) + struct.pack("!H", n)
        else:
            head += bytes([bit | 127]) + struct.pack("!Q", n)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload)) if masked else payload
        return head + mask + body

    def send(self, payload: bytes, opcode: int = 1, masked: bool = True) -> bool:
        """Send one frame (masked, as a client must, unless told otherwise); False if the
        server has closed the connection or is not reading."""
        try:
            self.sock.sendall(self.frame_bytes(payload, opcode, masked))
        except (BlockingIOError, ConnectionError, OSError):
            return False
        return True

    async def frame(self, timeout: float = 10) -> tuple[int, bytes] | None:
        """The server's next frame (opcode, payload), or None once the connection is
        closed; ``timeout`` bounds a hang."""
        loop = asyncio.get_running_loop()

        async def need(n: int) -> bool:
            while len(self._buffer) < n:
                try:
                    data = await asyncio.wait_for(loop.sock_recv(self.sock, 65536), timeout)
                except ConnectionError:
                    data = b""
                if not data:
                    return False
                self._buffer += data
            return True

        if not await need(2):
            return None
        opcode, code = self._buffer[0] & 0x0F, self._buffer[1] & 0x7F
        start = 2 + (2 if code == 126 else 8 if code == 127 else 0)
        if not await need(start):
            return None
        n = struct.unpack_from("!H", self._buffer, 2)[0] if code == 126 else \
            struct.unpack_from("!Q", self._buffer, 2)[0] if code == 127 else code
        if not await need(start + n):
            return None
        payload = self._buffer[start:start + n]
        self._buffer = self._buffer[start + n:]
        return opcode, payload

    async def messages(self, timeout: float = 10) -> tuple[list[dict[str, Any]], int | None]:
        """Every text message until the server closes the connection, and the close
        frame's code (None when it was cut without one)."""
        out: list[dict[str, Any]] = []
        while (f := await self.frame(timeout)) is not None:
            opcode, payload = f
            if opcode == 1:
                out.append(json.loads(payload))
            elif opcode == 8:
                return out, struct.unpack("!H", payload[:2])[0] if len(payload) >= 2 else None
        return out, None

    def reset(self) -> None:
        """Close with a reset (RST), as a phone dropping off the network may."""
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, struct.pack("ii", 1, 0))
        self.sock.close()

    def closed_by_server(self) -> bool:
        """Whether the server has closed (or reset) the connection: drains what came."""
        try:
            while True:
                data = self.sock.recv(65536)
                if not data:
                    return True
        except BlockingIOError:
            return False
        except ConnectionError:
            return True

    def close(self) -> None:
        self.sock.close()


async def hello_from(port: int, code: str, name: str = "p", seat: str | None = None,
                     token: str | None = None, source: str = "127.0.0.1",
                     forwarded: str | None = None) -> tuple[Connection | None, dict[str, Any]]:
    """Join from the local address ``source`` (with ``X-Forwarded-For: forwarded``, as a
    proxy would send it): the connection when seated, and the server's answer."""
    import aiohttp

    session = aiohttp.ClientSession(connector=aiohttp.TCPConnector(local_addr=(source, 0)))
    headers = {"X-Forwarded-For": forwarded} if forwarded is not None else {}
    try:
        ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws", headers=headers)
    except (aiohttp.ClientError, OSError) as exc:
        await session.close()
        return None, {"type": "refused", "why": str(exc)}
    fields: dict[str, Any] = {"code": code, "name": name}
    if seat is not None:
        fields["seat"] = seat
    if token is not None:
        fields["token"] = token
    await ws.send_json({"v": 1, "type": "hello", **fields})
    msg = await ws.receive(timeout=15)
    reply: dict[str, Any] = json.loads(msg.data) if msg.type == aiohttp.WSMsgType.TEXT \
        else {"type": "closed", "code": ws.close_code}
    if reply.get("type") == "welcome":
        return Connection(session, ws, reply), reply
    await ws.close()
    await session.close()
    return None, reply
