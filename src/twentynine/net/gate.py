"""The table server's door: how many connections it lets in before they sit down, how
long it waits for them, and how it answers a source that keeps guessing join codes.

Every TCP connection passes through a :class:`GuardedProtocol` that tells the
:class:`Gate` when it opens and closes.  A connection that has not sat down at a table
(said hello with a good code) within :attr:`Limits.unseated_seconds` is closed, whatever
it is doing: a slow HTTP request, a silent socket, a page that never asks for a seat.  At
most :attr:`Limits.max_unseated` such connections are open at once, and
:attr:`Limits.max_unseated_per_source` from one address; the next is closed at once.
"""

from __future__ import annotations

import asyncio
import contextlib
import socket
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class Limits:
    """The server's limits, in one place (docs/server.md lists them)."""

    send_queue: int = 256
    """Messages that may wait for one client; one more and it is cut off."""
    write_seconds: float = 15.0
    """A client that has not taken a message within this time is cut off."""
    send_buffer: int = 64 * 1024
    """Bytes the system and the server buffer for one client before a write waits."""
    unseated_seconds: float = 20.0
    """A connection that has not sat down at a table within this time is closed."""
    max_unseated: int = 128
    """Connections open at once that have not sat down at a table."""
    max_unseated_per_source: int = 24
    """The same, from one address (a browser opens a few connections for one page)."""
    code_tries: int = 10
    """Wrong join codes (or tokens) one address may send in :attr:`code_window` seconds;
    past them it is refused until the window has passed."""
    code_window: float = 60.0
    code_delay: float = 1.0
    """Each wrong code after the third in the window is answered this much later."""


class CodeGuard:
    """Counts each address's wrong codes: a source that keeps guessing is slowed, then
    refused for a while.

    >>> g = CodeGuard(Limits(code_tries=2, code_window=60.0), clock=lambda: 0.0)
    >>> g.refused("a"), g.wrong("a"), g.wrong("a"), g.refused("a"), g.refused("b")
    (False, 0.0, 0.0, True, False)
    """

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.clock = clock
        self._wrong: dict[str, deque[float]] = {}

    def _recent(self, source: str) -> deque[float]:
        now = self.clock()
        q = self._wrong.get(source)
        if q is None:
            return deque()
        while q and now - q[0] >= self.limits.code_window:
            q.popleft()
        if not q:
            del self._wrong[source]
        return q

    def refused(self, source: str) -> bool:
        """Whether ``source`` has used up its wrong codes for now."""
        return len(self._recent(source)) >= self.limits.code_tries

    def wrong(self, source: str) -> float:
        """Record a wrong code from ``source``; the seconds to wait before answering."""
        q = self._recent(source)
        q.append(self.clock())
        self._wrong[source] = q
        return self.limits.code_delay if len(q) > 3 else 0.0


class Gate:
    """The open connections that have not sat down yet, with their age and source."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self._open: dict[asyncio.Transport, tuple[str, float]] = {}
        self._seated: set[asyncio.Transport] = set()
        self._sweeper: asyncio.Task[None] | None = None
        self.refused = 0
        """Connections closed at once because too many were waiting."""
        self.timed_out = 0
        """Connections closed because they did not sit down in time."""

    def unseated(self, source: str | None = None) -> int:
        """How many open connections (from ``source``) have not sat down."""
        return sum(1 for t, (src, _) in self._open.items()
                   if t not in self._seated and (source is None or src == source))

    def admit(self, transport: asyncio.Transport) -> bool:
        """A new connection: False (and it is closed) when too many are waiting."""
        peer = transport.get_extra_info("peername")
        source = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if self.unseated() >= self.limits.max_unseated \
                or self.unseated(source) >= self.limits.max_unseated_per_source:
            self.refused += 1
            transport.abort()
            return False
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        with contextlib.suppress(AttributeError, ValueError):
            transport.set_write_buffer_limits(high=self.limits.send_buffer)
        self._open[transport] = (source, time.monotonic())
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return True

    def seated(self, transport: asyncio.Transport | None) -> None:
        """The connection sat down at a table: no more time limit for it here (the
        WebSocket's heartbeat finds it if it dies)."""
        if transport is not None and transport in self._open:
            self._seated.add(transport)

    def unseat(self, transport: asyncio.Transport | None) -> None:
        """The connection left its seat but stays open: its time starts again."""
        if transport is not None and transport in self._open:
            self._seated.discard(transport)
            self._open[transport] = (self._open[transport][0], time.monotonic())

    def closed(self, transport: asyncio.Transport) -> None:
        self._open.pop(transport, None)
        self._seated.discard(transport)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.limits.unseated_seconds / 4))
            now = time.monotonic()
            for t, (_, since) in list(self._open.items()):
                if t not in self._seated and now - since >= self.limits.unseated_seconds:
                    self.timed_out += 1
                    self._open.pop(t, None)
                    t.abort()

    async def stop(self) -> None:
        if self._sweeper is not None:
            self._sweeper.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._sweeper
            self._sweeper = None


class GuardedProtocol(asyncio.Protocol):
    """aiohttp's protocol for one connection, with the :class:`Gate` told when it opens
    and closes (everything else is passed through)."""

    def __init__(self, inner: Any, gate: Gate) -> None:
        self.inner = inner
        self.gate = gate
        self._made = False
        self._transport: asyncio.Transport | None = None

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self._transport = transport
        if self.gate.admit(transport):
            self._made = True
            self.inner.connection_made(transport)

    def connection_lost(self, exc: Exception | None) -> None:
        if self._transport is not None:
            self.gate.closed(self._transport)
        if self._made:
            self.inner.connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._made:
            self.inner.data_received(data)

    def eof_received(self) -> bool | None:
        if self._made:
            result: bool | None = self.inner.eof_received()
            return result
        return None

    def pause_writing(self) -> None:
        if self._made:
            self.inner.pause_writing()

    def resume_writing(self) -> None:
        if self._made:
            self.inner.resume_writing()
