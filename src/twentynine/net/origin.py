"""Which web pages may talk to a server of ours: its own, by the address it is served at.

A web page the player visits elsewhere can make their browser open a WebSocket to any
address, this machine's included; the browser then says where the page came from
(``Origin``) and which name it used for the server (``Host``).  The servers accept a
WebSocket only from their own pages, and answer only to the names of this machine (an IP
address, ``localhost``, its host name), which stops a foreign name made to point at this
machine (DNS rebinding).
"""

from __future__ import annotations

import ipaddress
import socket
from urllib.parse import urlsplit


def same_origin(origin: str, host: str) -> bool:
    """Whether a page at ``origin`` is this server's own (its host and port are the ones
    the request was sent to).

    >>> same_origin("http://192.168.1.5:2929", "192.168.1.5:2929")
    True
    >>> same_origin("https://evil.example", "192.168.1.5:2929")
    False
    >>> same_origin("null", "127.0.0.1:8029")
    False
    """
    try:
        parts = urlsplit(origin)
    except ValueError:
        return False
    return parts.scheme in ("http", "https") and parts.netloc.lower() == host.lower()


def split_host(host: str) -> tuple[str, int | None]:
    """A Host header's name and port (None when it names none).

    >>> split_host("127.0.0.1:8029"), split_host("[::1]:80"), split_host("localhost")
    (('127.0.0.1', 8029), ('::1', 80), ('localhost', None))
    """
    try:
        parts = urlsplit("//" + host)
        return (parts.hostname or ""), parts.port
    except ValueError:
        return "", None


def machine_names() -> set[str]:
    """The names this machine answers to besides its addresses."""
    names = {"localhost"}
    for name in (socket.gethostname(), socket.getfqdn()):
        if name:
            names.add(name.lower())
    short = socket.gethostname().split(".")[0].lower()
    if short:
        names.add(f"{short}.local")  # its name on the local network (mDNS)
    return names


def host_allowed(host: str, port: int) -> bool:
    """Whether a request's Host header names this machine at ``port``.

    >>> host_allowed("127.0.0.1:8029", 8029), host_allowed("localhost:8029", 8029)
    (True, True)
    >>> host_allowed("evil.example:8029", 8029), host_allowed("127.0.0.1:9", 8029)
    (False, False)
    """
    name, given = split_host(host)
    if (given if given is not None else 80) != port:
        return False
    try:
        ipaddress.ip_address(name)
        return True
    except ValueError:
        return name.lower() in machine_names()
