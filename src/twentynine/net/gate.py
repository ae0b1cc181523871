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
    max_unseated_per_source: int = 8
    """The same, from one address (a browser opens a few connections for one page).  When
    all :attr:`max_unseated` are taken, a new connection closes the oldest one of the
    address that holds the most instead of being refused, so a few addresses cannot hold
    the door shut against a player from another."""
    hello_seconds: float = 10.0
    """A WebSocket must say hello within this time (pings and other frames do not extend
    it)."""
    sittings: int = 6
    """Sittings down (a new seat, or back to one with its token) at one seat, and from one
    address, in :attr:`sitting_window` seconds; past them a hello is refused until the
    window has passed."""
    sitting_window: float = 10.0
    sitting_source_factor: int = 2
    """An address may sit down this many times :attr:`sittings` in the window (the players
    of a family or behind one proxy share it)."""
    record_delay: float = 0.5
    """A change of seats is written to the table's record this long after it, once for
    all the changes of the moment (its next action's record write comes sooner)."""
    code_tries: int = 10
    """Wrong join codes (or tokens) one address may send in :attr:`code_window` seconds;
    past them it is refused until the window has passed."""
    code_window: float = 60.0
    code_delay: float = 1.0
    """Each wrong code after the third in the window is answered this much later."""


class RateGuard:
    """At most ``count`` events per key in any ``window`` seconds.

    >>> g = RateGuard(2, 10.0, clock=lambda: 0.0)
    >>> g.allow("a"), g.allow("a"), g.allow("a"), g.allow("b")
    (True, True, False, True)
    """

    def __init__(self, count: int, window: float,
                 clock: Callable[[], float] = time.monotonic) -> None:
        self.count = count
        self.window = window
        self.clock = clock
        self._times: dict[object, deque[float]] = {}

    def allow(self, key: object) -> bool:
        """Record one event for ``key`` unless it already had ``count`` in the window;
        whether it was allowed."""
        now = self.clock()
        q = self._times.get(key)
        if q is None:
            if len(self._times) > 4096:  # forget keys whose window has passed
                self._times = {k: v for k, v in self._times.items()
                               if v and now - v[-1] < self.window}
            q = self._times[key] = deque()
        while q and now - q[0] >= self.window:
            q.popleft()
        if len(q) >= self.count:
            return False
        q.append(now)
        return True


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
    """The open connections that have not sat down yet, with their age and source.

    A connection from a trusted proxy (:attr:`trusted`) is counted against the proxy only
    in the total until its request names the address the proxy forwards
    (:meth:`relabel`); from then on that address's limit applies to it.
    """

    def __init__(self, limits: Limits, trusted: frozenset[str] = frozenset()) -> None:
        self.limits = limits
        self.trusted = trusted
        self._open: dict[asyncio.Transport, tuple[str, float]] = {}
        """The connections not seated, oldest first, with their source and since when."""
        self._per_source: dict[str, int] = {}
        self._seated: dict[asyncio.Transport, str] = {}
        self._sweeper: asyncio.Task[None] | None = None
        self.refused = 0
        """Connections closed at once because too many were waiting."""
        self.evicted = 0
        """Connections closed to make room for a newcomer from a less busy address."""
        self.timed_out = 0
        """Connections closed because they did not sit down in time."""

    def unseated(self, source: str | None = None) -> int:
        """How many open connections (from ``source``) have not sat down."""
        if source is None:
            return len(self._open)
        return self._per_source.get(source, 0)

    def _add(self, transport: asyncio.Transport, source: str, since: float) -> None:
        self._open[transport] = (source, since)
        self._per_source[source] = self._per_source.get(source, 0) + 1

    def _remove(self, transport: asyncio.Transport) -> str | None:
        entry = self._open.pop(transport, None)
        if entry is None:
            return None
        source = entry[0]
        left = self._per_source[source] - 1
        if left:
            self._per_source[source] = left
        else:
            del self._per_source[source]
        return source

    def _over_source_cap(self, source: str) -> bool:
        return source not in self.trusted \
            and self.unseated(source) >= self.limits.max_unseated_per_source

    def _make_room(self, source: str) -> bool:
        """Every unseated place is taken: close the oldest connection of the address that
        holds the most, if it holds more than ``source``; whether there is room now."""
        busiest = max(self._per_source, key=lambda k: (k not in self.trusted,
                                                      self._per_source[k]))
        if busiest in self.trusted or self._per_source[busiest] <= self.unseated(source):
            return False
        for t, (src, _) in self._open.items():
            if src == busiest:
                self._remove(t)
                self.evicted += 1
                t.abort()
                return True
        return False  # pragma: no cover - the counts and the connections agree

    def admit(self, transport: asyncio.Transport) -> bool:
        """A new connection: False (and it is closed) when too many are waiting."""
        peer = transport.get_extra_info("peername")
        source = str(peer[0]) if isinstance(peer, tuple) and peer else "?"
        if self._over_source_cap(source) or (
                len(self._open) >= self.limits.max_unseated and not self._make_room(source)):
            self.refused += 1
            transport.abort()
            return False
        sock = transport.get_extra_info("socket")
        if sock is not None:
            with contextlib.suppress(OSError):
                sock.setsockopt(socket.SOL_SOCKET, socket.SO_SNDBUF, self.limits.send_buffer)
        with contextlib.suppress(AttributeError, ValueError):
            transport.set_write_buffer_limits(high=self.limits.send_buffer)
        self._add(transport, source, time.monotonic())
        if self._sweeper is None:
            self._sweeper = asyncio.get_running_loop().create_task(self._sweep())
        return True

    def relabel(self, transport: asyncio.Transport | None, source: str) -> bool:
        """A trusted proxy's connection speaks for ``source`` (the address it forwards):
        count it there; False (the caller closes it) when that address has its fill."""
        if transport is None or transport not in self._open:
            return True
        old, since = self._open[transport]
        if old == source:
            return True
        self._remove(transport)
        if self._over_source_cap(source):
            self.refused += 1
            self._add(transport, old, since)  # still timed out as before
            return False
        self._add(transport, source, since)
        return True

    def seated(self, transport: asyncio.Transport | None) -> None:
        """The connection sat down at a table: no more time limit for it here (the
        WebSocket's heartbeat finds it if it dies)."""
        if transport is not None:
            source = self._remove(transport)
            if source is not None:
                self._seated[transport] = source

    def unseat(self, transport: asyncio.Transport | None) -> None:
        """The connection left its seat but stays open: its time starts again."""
        if transport is not None and transport in self._seated:
            self._add(transport, self._seated.pop(transport), time.monotonic())

    def closed(self, transport: asyncio.Transport) -> None:
        self._remove(transport)
        self._seated.pop(transport, None)

    async def _sweep(self) -> None:
        while True:
            await asyncio.sleep(min(1.0, self.limits.unseated_seconds / 4))
            now = time.monotonic()
            for t, (_, since) in list(self._open.items()):
                if now - since < self.limits.unseated_seconds:
                    break  # oldest first: the rest are younger
                self.timed_out += 1
                self._remove(t)
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
