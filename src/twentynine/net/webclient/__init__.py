"""The phone (and desktop) web client that ``twentynine host`` serves on its own port: a
page, its style and its JavaScript modules, shipped in the package and served as they
are (no build step, nothing fetched from anywhere else).

The page speaks the table server's WebSocket protocol (docs/protocol.md) at ``/ws`` of
the same host and port, like ``twentynine join``; the server stays the only engine and
sends the page its own seat's view only.

Every answer carries a strict Content-Security-Policy: scripts, styles and images from
the page's own origin only, no inline script or style, WebSocket connections to the same
host and port only, no framing, no forms posted anywhere.
"""

from __future__ import annotations

import re
from importlib import resources

from aiohttp import web

FILES: dict[str, str] = {
    "app.js": "text/javascript; charset=utf-8",
    "view.js": "text/javascript; charset=utf-8",
    "race.js": "text/javascript; charset=utf-8",
    "style.css": "text/css; charset=utf-8",
    "race.css": "text/css; charset=utf-8",
    "icon.svg": "image/svg+xml",
    "manifest.webmanifest": "application/manifest+json",
}
"""The files under ``/static/``, with their content types (nothing else is served)."""

_HOST = re.compile(r"(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])(?::[0-9]{1,5})?")
"""A Host header that may be named in the policy (a name or an address, and a port)."""


def _read(name: str) -> bytes:
    return (resources.files(__name__) / name).read_bytes()


def policy(host: str) -> str:
    """The Content-Security-Policy for a page fetched from ``host`` (the request's Host):
    its WebSocket may connect back to that host and port and nowhere else.

    >>> policy("192.168.1.5:2929").split("; ")[4]
    "connect-src 'self' ws://192.168.1.5:2929 wss://192.168.1.5:2929"
    >>> "evil" in policy("a b; script-src evil")
    False
    """
    connect = "'self'"
    if _HOST.fullmatch(host):
        connect += f" ws://{host} wss://{host}"
    return ("default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; "
            f"connect-src {connect}; manifest-src 'self'; base-uri 'none'; "
            "form-action 'none'; frame-ancestors 'none'")


def _headers(request: web.Request, content_type: str) -> dict[str, str]:
    return {
        "Content-Type": content_type,
        "Content-Security-Policy": policy(request.host),
        "X-Content-Type-Options": "nosniff",
        "Referrer-Policy": "no-referrer",
        "X-Frame-Options": "DENY",
        "Cache-Control": "no-cache",
    }


async def handle_page(request: web.Request) -> web.Response:
    """The page itself (``/``)."""
    return web.Response(body=_read("index.html"),
                        headers=_headers(request, "text/html; charset=utf-8"))


async def handle_static(request: web.Request) -> web.Response:
    """One of :data:`FILES` (``/static/NAME``); any other name is not found."""
    name = request.match_info["name"]
    if name not in FILES:
        raise web.HTTPNotFound(text="no such file\n")
    return web.Response(body=_read(name), headers=_headers(request, FILES[name]))


def routes() -> list[web.RouteDef]:
    """The page at ``/`` and its files under ``/static/``, for a server's application
    (:attr:`~twentynine.net.server.GameServer.routes`)."""
    return [web.get("/", handle_page), web.get("/static/{name}", handle_static)]
