"""One client's WebSocket at the table server, and the only way anything is sent to it.

Nothing at a table ever waits on a socket.  A message for a client goes into that
client's own bounded queue and a writer task of its own sends it; a client that lets
:attr:`~.gate.Limits.send_queue` messages pile up, or does not take one within
:attr:`~.gate.Limits.write_seconds`,
is cut off (its seat is held for it as for any drop), and the table plays on.
"""

from __future__ import annotations

import asyncio
import contextlib
from collections import deque
from typing import TYPE_CHECKING, Any

from aiohttp import web

from .gate import Limits
from .protocol import message

if TYPE_CHECKING:
    from .hosted_table import Table
    from .roster import Player

FLOOD_COUNT = 20
"""At most this many messages from one client in any one second."""


class PendingNotice:
    """A ``notice`` queued for a client and not yet sent: a newer one replaces it (news of
    the table that the client's next state shows anyway)."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text


class PendingState:
    """A ``state`` (or ``waiting``) message queued for a client and not yet sent: a newer
    one for the same seat replaces it (with its events added) instead of queueing behind
    it, so a client that reads slowly gets the table as it is, not every step to it."""

    __slots__ = ("before", "events", "ref", "seat", "text", "waiting")

    def __init__(self, text: str, seat: int, before: Any, events: list[Any], ref: Any,
                 waiting: bool = False) -> None:
        self.text = text
        self.seat = seat
        self.before = before
        """The client's view before this state (what its changes are made against)."""
        self.events = events
        self.ref = ref
        self.waiting = waiting


class Connection:
    """One client's WebSocket: its seat once it said hello, its message rate, and the
    queue of what is to be sent to it."""

    def __init__(self, ws: web.WebSocketResponse, peer: str,
                 transport: asyncio.Transport | None = None,
                 limits: Limits | None = None) -> None:
        self.ws = ws
        self.limits = limits or Limits()
        self.peer = peer
        self.source = peer
        """The client's address (behind a trusted proxy: the address it forwards): the
        limits per address count against it."""
        self.transport = transport
        self.table: Table | None = None
        self.seat: int | None = None
        self.player: Player | None = None
        self.times: deque[float] = deque(maxlen=FLOOD_COUNT)
        self.last_view: tuple[dict[str, Any], dict[str, Any]] | None = None
        """The view (encoded: the seat's own fields, the shared ones) this client was last
        sent, or None: later states send the changes to it."""
        self._queue: deque[str | PendingState | PendingNotice | tuple[int, str]] = deque()
        self._more = asyncio.Event() if _loop_running() else None
        self._writer: asyncio.Task[None] | None = None
        self._busy = False
        self.cut_off: str | None = None
        """Why the server stopped writing to this client (None while it writes)."""
        self.direct = False
        """Whether a message may be written to the socket directly (:meth:`write_now`):
        once the handshake is done, when no compression was agreed on."""

    def flooding(self, now: float) -> bool:
        """Record one message; True when it is more than FLOOD_COUNT in a second."""
        full = len(self.times) == FLOOD_COUNT
        first = self.times[0] if full else 0.0
        self.times.append(now)
        return full and now - first < 1.0

    @property
    def queued(self) -> int:
        """Messages waiting to be sent."""
        return len(self._queue)

    def write_now(self, text: str) -> bool:
        """Write ``text`` to the socket at once, when nothing waits before it and the
        socket's buffer has room (most messages: no task to wake, nothing queued); False
        when it must go through the queue."""
        t = self.transport
        if self._queue or self._busy or not self.direct or t is None or t.is_closing() \
                or self.ws.closed or self.cut_off is not None \
                or t.get_write_buffer_size() >= self.limits.send_buffer:
            return False
        data = text.encode()
        n = len(data)
        # a server's frame: final, text, unmasked
        if n < 126:
            t.write(bytes((0x81, n)) + data)
        elif n < 65536:
            t.write(b"\x81\x7e" + n.to_bytes(2, "big") + data)
        else:
            t.write(b"\x81\x7f" + n.to_bytes(8, "big") + data)
        return True

    def send(self, text: str) -> None:
        """Queue ``text`` for the client (never waits).  Messages go out in the order they
        were queued: changes build on the view before them."""
        if self.cut_off is not None or self.ws is None or self.write_now(text):
            return
        if len(self._queue) >= self.limits.send_queue:
            self.drop(f"more than {self.limits.send_queue} messages waited for it")
            return
        self._queue.append(text)
        self._kick()

    def pending_state(self) -> PendingState | None:
        """The last state in the queue, not yet sent, when only notices follow it (a newer
        state may replace it)."""
        q = self._queue
        for i in (-1, -2):
            if len(q) < -i:
                return None
            item = q[i]
            if isinstance(item, PendingState):
                return item
            if not isinstance(item, PendingNotice):
                return None
        return None

    def notice(self, text: str) -> None:
        """Queue a ``notice`` (replacing one not yet sent)."""
        last = self._queue[-1] if self._queue else None
        if isinstance(last, PendingNotice):
            last.text = message("notice", text=text)
            return
        text = message("notice", text=text)
        if self.cut_off is not None or self.ws is None or self.write_now(text):
            return
        if len(self._queue) >= self.limits.send_queue:
            self.drop(f"more than {self.limits.send_queue} messages waited for it")
            return
        self._queue.append(PendingNotice(text))
        self._kick()

    def send_state(self, state: PendingState) -> None:
        """Queue a state (it stays replaceable until the writer takes it)."""
        if self.cut_off is not None or self.ws is None:
            return
        if len(self._queue) >= self.limits.send_queue:
            self.drop(f"more than {self.limits.send_queue} messages waited for it")
            return
        self._queue.append(state)
        self._kick()

    async def pong(self, data: bytes) -> None:
        """Answer a WebSocket ping (a client that does not read is cut off as for any
        message it does not take)."""
        if self.cut_off is not None or self.ws.closed:
            return
        try:
            async with asyncio.timeout(self.limits.write_seconds):
                await self.ws.pong(data)
        except TimeoutError:
            self.drop(f"it took no message for {self.limits.write_seconds:g} s")

    def close(self, code: int, reason: str) -> None:
        """Close the WebSocket once what is queued before has been sent."""
        if self.cut_off is None and self.ws is not None:
            self._queue.append((code, reason))
            self._kick()

    def error(self, code: str, text: str, ref: Any = None, close: bool = False) -> None:
        """Queue the protocol's error message (and, with ``close``, a close after it)."""
        fields: dict[str, Any] = {"code": code, "message": text}
        if ref is not None:
            fields["ref"] = ref
        self.send(message("error", **fields))
        if close:
            self.close(4000 if code != "too_big" else 1009, code)

    def drop(self, why: str) -> None:
        """Cut the client off now: no more writes, the socket aborted (its reader then
        sees the close and the seat is held as for any drop)."""
        if self.cut_off is not None:
            return
        self.cut_off = why
        self._queue.clear()
        if self.transport is not None:
            self.transport.abort()
        if self._writer is not None and not self._writer.done():
            self._writer.cancel()

    async def flush(self, timeout: float = 12.0) -> None:
        """Wait (up to ``timeout``) until what is queued has been sent."""
        with contextlib.suppress(TimeoutError):
            async with asyncio.timeout(timeout):
                while (self._queue or self._busy) and self.cut_off is None \
                        and self._writer is not None and not self._writer.done():
                    await asyncio.sleep(0.01)

    async def finish(self) -> None:
        """The conversation is over: send what is queued (briefly), then stop writing."""
        await self.flush()
        if self._writer is not None and not self._writer.done():
            self._writer.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._writer

    def _kick(self) -> None:
        if self._more is None:
            self._more = asyncio.Event()
        self._more.set()
        if self._writer is None:
            self._writer = asyncio.get_running_loop().create_task(self._write_all())

    async def _write_all(self) -> None:
        assert self._more is not None
        ws = self.ws
        while self.cut_off is None:
            if not self._queue:
                self._more.clear()
                await self._more.wait()
                continue
            item = self._queue.popleft()
            if ws.closed:
                self._queue.clear()
                continue
            self._busy = True
            try:
                async with asyncio.timeout(self.limits.write_seconds):
                    if isinstance(item, str):
                        await ws.send_str(item)
                    elif isinstance(item, tuple):
                        await ws.close(code=item[0], message=item[1].encode())
                    else:
                        await ws.send_str(item.text)
            except TimeoutError:
                self.drop(f"it took no message for {self.limits.write_seconds:g} s")
                return
            except (ConnectionError, RuntimeError):
                self._queue.clear()
            finally:
                self._busy = False


def _loop_running() -> bool:
    try:
        asyncio.get_running_loop()
    except RuntimeError:
        return False
    return True
