"""``twentynine host``: start a table server, print how friends join, run until Ctrl+C."""

from __future__ import annotations

import asyncio
import contextlib
import gc
from collections.abc import Callable, Sequence
from pathlib import Path

from . import webclient
from .qr import join_link, qr_lines_colour, qr_text
from .server import GameServer, Settings


def default_tables_dir() -> Path:
    """Where a host keeps its tables' records: ``tables/`` in the data folder."""
    from ..common.storage import data_dir

    return data_dir() / "tables"


def advertised_host(host: str) -> str:
    """The address to print in the join command: for a server on every interface, this
    machine's first non-loopback IPv4 address (from ``hostname -I``; nothing is sent)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket
    import subprocess

    candidates: list[str] = []
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2)
        candidates += out.stdout.split()
    with contextlib.suppress(OSError):
        candidates.append(socket.gethostbyname(socket.gethostname()))
    for a in candidates:
        if a.count(".") == 3 and not a.startswith("127."):
            return a
    return "THIS-MACHINES-ADDRESS"


def listening_lines(host: str, port: int, tables_dir: Path, seeded: bool) -> list[str]:
    """What the host is told about where it listens and what it keeps."""
    local = host.startswith("127.") or host in ("localhost", "::1")
    everywhere = host in ("0.0.0.0", "::", "")
    lines = [f"Listening on {host}:{port}" + (" (this machine only)" if local else "")
             + f"; records in {tables_dir} (private to you)."]
    if everywhere:
        lines.append("Every network interface is listening: anyone who can reach this "
                     "machine and has a join code can sit down. To limit it, use "
                     "--host 127.0.0.1 (this machine only) or --host with one address.")
    if seeded:
        lines.append("Warning: --seed makes the deals predictable (anyone who knows the "
                     "seed knows every hand): for tests and replays, not for play.")
    lines.append("Ctrl+C stops (the tables are kept for --resume).")
    return lines


async def host_main(settings: Settings, host: str, port: int, tables_dir: Path,
                    resume: bool, count: int, seed: int | None,
                    out: Callable[[str], None] | None = None,
                    started: Callable[[GameServer], None] | None = None,
                    allowed_hosts: Sequence[str] = (),
                    trusted_proxies: Sequence[str] = ()) -> int:
    """Run ``twentynine host`` until SIGINT or SIGTERM (``allowed_hosts``: names it answers
    to besides this machine's, as a proxy in front of it passes them on;
    ``trusted_proxies``: addresses whose ``X-Forwarded-For`` is believed)."""
    import signal
    import sys

    colour = out is None and sys.stdout.isatty()
    if out is None:
        def out(text: str) -> None:
            print(text, flush=True)
    server = GameServer(tables_dir, settings)
    server.allowed_hosts = frozenset(h.lower() for h in allowed_hosts)
    server.trusted_proxies = frozenset(trusted_proxies)
    server.routes.extend(webclient.routes())  # the phone page, at / on the same port
    if resume:
        tables = server.resume()
        for p in server.problems:
            out(f"twentynine: {p}")
        if not tables:
            out("There were no tables to resume: starting a new one.")
    else:
        waiting = sorted(tables_dir.glob("*.json")) if tables_dir.exists() else []
        if waiting:
            out(f"{len(waiting)} unfinished table(s) are saved in {tables_dir}: "
                "twentynine host --resume continues them (they are kept).")
        tables = []
    if not tables:
        tables = [server.new_table(None if seed is None else seed + i) for i in range(count)]
        for t in tables:
            await t.store.write_record()
    try:
        bound = await server.start(host, port)
    except OSError as exc:
        out(f"twentynine: error: cannot listen on {host}:{port}: {exc.strerror or exc}")
        return 1
    # the objects made so far live as long as the server: the cyclic collector need not
    # walk them again; and it runs after 10,000 new objects, not 700 (an action makes
    # some hundreds, nearly all freed at once by their count): 8% more actions a second
    # and a shorter tail under load (benchmarks/server_load.py)
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    shown = advertised_host(host)
    for t in tables:
        r = t.game.rules
        out(f"Table {t.id} ({t.settings.bots} bots, {t.kind.summary(r)}"
            + (f", {t.settings.clock:g} s clock" if t.settings.clock else "") + ")")
        out(f"  join code: {t.code}")
        out(f"  join with: twentynine join {shown}:{bound} --code {t.code} --name NAME")
        if shown != "THIS-MACHINES-ADDRESS":
            link = join_link(shown, bound, t.code)
            out(f"  on a phone: open {link} or scan this code:")
            block = qr_text(link)
            out(qr_lines_colour(block) if colour else block)
    for line in listening_lines(host, bound, tables_dir, seed is not None):
        out(line)
    if started is not None:
        started(server)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
    out("Stopped; every table is saved.")
    return 0
