"""``twentynine serve``: the same Textual table in a web browser, through ``textual-serve``.

textual-serve runs one app process per browser tab (the command below, with Textual's web
driver) and relays the terminal over a WebSocket.  The page it serves names the WebSocket
by a full URL; :class:`TableServer` builds that URL from the address the browser used, so a
server bound to ``0.0.0.0`` works from another machine too.

>>> play_command(["--seed", "3", "--bots", "easy"]).endswith("play --seed 3 --bots easy")
True
"""

from __future__ import annotations

import shlex
import sys
from collections.abc import Sequence
from typing import Any

from aiohttp import web
from textual_serve.server import Server


def play_command(play_args: Sequence[str], command: str = "play") -> str:
    """The shell command each browser tab runs: this Python, ``twentynine <command> ...``."""
    parts = [sys.executable, "-m", "twentynine.cli", command, *play_args]
    return " ".join(shlex.quote(p) for p in parts)


class TableServer(Server):
    """textual-serve's server, with the page's WebSocket URL taken from the request."""

    async def handle_index(self, request: web.Request) -> Any:
        # the template reads self.public_url synchronously: set it for this request
        self.public_url = f"{request.scheme}://{request.host}"
        return await super().handle_index(request)

    async def on_startup(self, app: web.Application) -> None:
        shown = "127.0.0.1" if self.host in ("0.0.0.0", "::", "") else self.host
        print(f"Twenty-Nine in your browser: open http://{shown}:{self.port}/", flush=True)
        if self.host in ("0.0.0.0", "::", ""):
            print("(listening on every network interface; others use this machine's address)",
                  flush=True)
        print("Press Ctrl+C to stop.", flush=True)


def serve(play_args: Sequence[str], host: str, port: int, command: str = "play") -> int:
    """Serve the table until Ctrl+C."""
    server = TableServer(play_command(play_args, command), host=host, port=port,
                         title="Twenty-Nine")
    server.serve()
    return 0
