"""Helpers for the table server's tests: a real server on a free loopback port in the
test's own event loop, and clients that play random legal actions."""

from __future__ import annotations

import asyncio
import base64
import os
import random
import socket
import struct
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from twentynine.events import DealScored
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

    def __init__(self, rcvbuf: int = 4096) -> None:
        self.sock = socket.socket()
        self.sock.setsockopt(socket.SOL_SOCKET, socket.SO_RCVBUF, rcvbuf)
        self.sock.setblocking(False)

    async def open(self, port: int) -> RawSocket:
        loop = asyncio.get_running_loop()
        await loop.sock_connect(self.sock, ("127.0.0.1", port))
        key = base64.b64encode(os.urandom(16)).decode()
        await loop.sock_sendall(self.sock, (
            f"GET /ws HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\n"
            "Sec-WebSocket-Version: 13\r\n\r\n").encode())
        head = b""
        while b"\r\n\r\n" not in head:
            head += await asyncio.wait_for(loop.sock_recv(self.sock, 1), 10)
        assert b" 101 " in head, head
        return self

    def send(self, payload: bytes, opcode: int = 1) -> bool:
        """Send one masked frame; False if the server has closed the connection."""
        mask = os.urandom(4)
        n = len(payload)
        head = bytes([0x80 | opcode])
        if n < 126:
            head += bytes([0x80 | n])
        elif n < 65536:
            head += bytes([0x80 | 126]) + struct.pack("!H", n)
        else:
            head += bytes([0x80 | 127]) + struct.pack("!Q", n)
        body = bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
        try:
            self.sock.sendall(head + mask + body)
        except (BlockingIOError, ConnectionError, OSError):
            return False
        return True

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
