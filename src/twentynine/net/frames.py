"""The server's WebSocket, strict where aiohttp is lenient: every frame from a client must
be masked (RFC 6455, 5.1: a server closes the connection on an unmasked one), and pings
and pongs come to the reader like any message (``autoping`` off), so that they count
against the client's message rate and never extend its time to say hello.

aiohttp's reader accepts unmasked client frames; :class:`MaskCheck` reads the frame
headers of everything the client sends before aiohttp's reader sees it, and closes the
connection (code 1002, protocol error) at the first unmasked frame.
"""

from __future__ import annotations

import struct
from typing import Any

from aiohttp import web

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


class ServerWebSocket(web.WebSocketResponse):
    """aiohttp's WebSocket with every client frame checked for its mask (the check sits
    between the connection and aiohttp's reader, from the first byte after the
    handshake)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(autoping=False, **kwargs)
        self.unmasked = False
        """Whether the client sent an unmasked frame (the connection was closed)."""

    def _post_start(self, request: Any, protocol: Any, writer: Any) -> None:
        handler = request.protocol
        tail = getattr(handler, "_message_tail", b"")
        if tail:
            handler._message_tail = b""  # checked below, before the reader sees it
        super()._post_start(request, protocol, writer)
        parser = getattr(handler, "_payload_parser", None)
        transport = request.transport
        if parser is None or transport is None:
            return

        def refuse() -> None:
            self.unmasked = True
            if not transport.is_closing():
                transport.write(CLOSE_PROTOCOL_ERROR)
                transport.close()

        check = MaskCheck(parser, refuse)
        handler._payload_parser = check
        if tail:
            eof, _ = check.feed_data(tail)
            if eof:
                handler.close()

