"""The server's WebSocket, strict where aiohttp is lenient: every frame from a client must
be masked (RFC 6455, 5.1: a server closes the connection on an unmasked one), and pings
and pongs come to the reader like any message (``autoping`` off), so that they count
against the client's message rate and never extend its time to say hello.

aiohttp's reader accepts unmasked client frames and has no setting to refuse them;
:class:`MaskCheck` reads the frame headers of everything the client sends before
aiohttp's reader sees it, and closes the connection (code 1002, protocol error) at the
first unmasked frame.

That check sits where aiohttp has no public interface: it replaces the reader the
request's protocol feeds (``RequestHandler._payload_parser``, set by
``WebSocketResponse._post_start``) and takes the bytes that came with the handshake
(``RequestHandler._message_tail``) through itself first.  An aiohttp that moved any of
these would leave frames unchecked, so the dependence is guarded twice: :func:`hook_problem`
names what is missing (the server logs it when it starts, and a test fails on it), and
a connection whose check could not be put in place is marked (:attr:`ServerWebSocket.
mask_checked`) and logged, so that the suite's tests of real connections fail rather
than the server quietly accepting unmasked frames.  Players are still served then: an
unmasked frame from a client harms nobody but the RFC.
"""

from __future__ import annotations

import inspect
import logging
import struct
from typing import Any

import aiohttp
from aiohttp import web
from aiohttp.web_protocol import RequestHandler

LOG = logging.getLogger("twentynine.server")

CLOSE_PROTOCOL_ERROR = b"\x88\x02" + struct.pack("!H", 1002)
"""A close frame with code 1002 (a server's frames are never masked)."""


class MaskCheck:
    """A pass-through in front of aiohttp's WebSocket reader that follows the frames'
    headers and refuses an unmasked frame.

    >>> fed = []
    >>> class Inner:
    ...     def feed_data(self, data): fed.append(bytes(data)); return False, b""
    >>> bad = []
    >>> m = MaskCheck(Inner(), lambda: bad.append(1))
    >>> m.feed_data(b"\\x81\\x82abcd" + b"xy")  # masked, 2 bytes of payload
    (False, b'')
    >>> m.feed_data(b"\\x81\\x02hi")  # not masked
    (True, b'')
    >>> len(fed), bad
    (1, [1])
    """

    def __init__(self, inner: Any, on_unmasked: Any) -> None:
        self.inner = inner
        self.on_unmasked = on_unmasked
        self._head = bytearray()
        self._skip = 0
        self.failed = False

    def _scan(self, data: bytes) -> bool:
        """Follow ``data``'s frame headers; False at an unmasked frame."""
        i, n = 0, len(data)
        while i < n:
            if self._skip:
                step = min(self._skip, n - i)
                self._skip -= step
                i += step
                continue
            head = self._head
            need = 2
            while True:
                if len(head) < need:
                    take = min(need - len(head), n - i)
                    head += data[i:i + take]
                    i += take
                    if len(head) < need:
                        return True  # the rest of the header comes later
                if need == 2:
                    if not head[1] & 0x80:
                        return False
                    code = head[1] & 0x7F
                    need = 2 + (2 if code == 126 else 8 if code == 127 else 0) + 4
                    if len(head) >= need:
                        break
                    continue
                break
            code = head[1] & 0x7F
            if code == 126:
                length = struct.unpack_from("!H", head, 2)[0]
            elif code == 127:
                length = struct.unpack_from("!Q", head, 2)[0]
            else:
                length = code
            self._skip = length
            self._head = bytearray()
        return True

    def feed_data(self, data: bytes) -> tuple[bool, bytes]:
        if self.failed:
            return True, b""
        if not self._scan(data):
            self.failed = True
            self.on_unmasked()
            return True, b""
        result: tuple[bool, bytes] = self.inner.feed_data(data)
        return result

    def feed_eof(self) -> None:
        self.inner.feed_eof()


HOOKED = ("_payload_parser", "_message_tail")
"""The attributes of aiohttp's request protocol that the mask check takes the bytes from."""


def hook_problem(response: type = web.WebSocketResponse,
                 handler: type = RequestHandler) -> str | None:
    """What the mask check needs from aiohttp and this aiohttp lacks, in words; None
    when every piece is there.

    >>> hook_problem() is None
    True
    >>> class Moved(web.WebSocketResponse):
    ...     def _post_start(self, request): pass
    >>> print(hook_problem(Moved, object))
    aiohttp ... changed what the mask check of client frames hooks into: \
WebSocketResponse._post_start takes (request), not (request, protocol, writer); \
its request protocol has no _payload_parser, _message_tail
    """
    missing = []
    start = getattr(response, "_post_start", None)
    if not callable(start):
        missing.append("WebSocketResponse has no _post_start")
    else:
        names = list(inspect.signature(start).parameters)[1:]
        if names != ["request", "protocol", "writer"]:
            missing.append(f"WebSocketResponse._post_start takes ({', '.join(names)}), "
                           "not (request, protocol, writer)")
    slots = set(getattr(handler, "__slots__", ()))
    absent = [name for name in HOOKED if name not in slots and not hasattr(handler, name)]
    if absent:
        missing.append(f"its request protocol has no {', '.join(absent)}")
    if not missing:
        return None
    return (f"aiohttp {aiohttp.__version__} changed what the mask check of client frames "
            f"hooks into: {'; '.join(missing)}")


_warned: list[str] = []


def warn_if_unhooked() -> None:
    """Log (once) when this aiohttp lacks what the mask check needs (:func:`hook_problem`):
    a server starting says so before any client connects."""
    problem = hook_problem()
    if problem is not None:
        _warn_once(problem)


def _warn_once(text: str) -> None:
    """Log ``text`` the first time only (a changed aiohttp would say it at every
    connection otherwise)."""
    if text not in _warned:
        _warned.append(text)
        LOG.error("%s: client frames are not checked for their mask", text)


class ServerWebSocket(web.WebSocketResponse):
    """aiohttp's WebSocket with every client frame checked for its mask (the check sits
    between the connection and aiohttp's reader, from the first byte after the
    handshake)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(autoping=False, **kwargs)
        self.unmasked = False
        """Whether the client sent an unmasked frame (the connection was closed)."""
        self.mask_checked = False
        """Whether the check is in front of aiohttp's reader (False only when aiohttp
        changed under it, or the connection was gone during the handshake)."""

    def _post_start(self, request: Any, protocol: Any, writer: Any) -> None:
        handler = request.protocol
        if not all(hasattr(handler, name) for name in HOOKED):
            super()._post_start(request, protocol, writer)
            _warn_once(hook_problem() or f"aiohttp {aiohttp.__version__}'s request "
                       f"protocol lacks {' or '.join(HOOKED)}")
            return
        tail = handler._message_tail
        if tail:
            handler._message_tail = b""  # checked below, before the reader sees it
        super()._post_start(request, protocol, writer)
        parser = handler._payload_parser
        transport = request.transport
        if transport is None:
            return  # gone during the handshake: nothing more will be read
        if parser is None or not callable(getattr(parser, "feed_data", None)):
            _warn_once(f"aiohttp {aiohttp.__version__} set no reader where the mask check "
                       "expects it")
            if tail:
                handler.close()  # the handshake's tail cannot be read unchecked either
            return

        def refuse() -> None:
            self.unmasked = True
            if not transport.is_closing():
                transport.write(CLOSE_PROTOCOL_ERROR)
                transport.close()

        check = MaskCheck(parser, refuse)
        handler._payload_parser = check
        self.mask_checked = True
        if tail:
            eof, _ = check.feed_data(tail)
            if eof:
                handler.close()
