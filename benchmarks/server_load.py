"""Load on one table server: N tables of four clients each, every client playing random
legal actions as fast as the server answers (but under the server's 20 messages a second),
all on loopback.  Prints actions per second and the round trip of an action (sent ->
the state that shows it applied) at p50/p95/p99.

    python benchmarks/server_load.py --tables 200 --seconds 30

The server is a separate process (``twentynine host`` on 127.0.0.1, any free port, bots
never needed: every seat has a client); the clients share this one process and one event
loop: uvloop's when it is installed (``pip install uvloop``; not a dependency of
twentynine), which makes the 800 clients about a third cheaper, so that they leave the
machine's other core to the server (``--asyncio-clients`` keeps asyncio's own loop).  The
server always runs on asyncio's own loop.  Bounded: it stops after ``--seconds`` of play
(or ``--actions`` in all), and gives up if the clients cannot all join within
``--join-timeout`` seconds.
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import glob
import json
import os
import random
import re
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from typing import Any

import aiohttp

SEATS = ("south", "east", "north", "west")
PACE = 0.052
"""Seconds between one client's messages: under the server's flood limit of 20 a second."""


class Client:
    def __init__(self, ws: aiohttp.ClientWebSocketResponse, seat: int, rng: random.Random,
                 stats: dict[str, Any]) -> None:
        self.ws = ws
        self.seat = seat
        self.rng = rng
        self.stats = stats
        self.acted_at = -1
        self.last_send = 0.0
        self.sent: dict[int, float] = {}
        self.ref = 0
        self.view: dict[str, Any] = {}
        """The last view: the server sends a whole view first, then only its changes."""

    async def send(self, action: str) -> None:
        wait = self.last_send + PACE - time.perf_counter()
        if wait > 0:
            await asyncio.sleep(wait)
        self.ref += 1
        now = time.perf_counter()
        self.last_send = now
        self.sent[self.ref] = now
        await self.ws.send_str(json.dumps({"v": 1, "type": "action", "action": action,
                                           "ref": self.ref}))

    async def run(self, stop: asyncio.Event) -> None:
        while not stop.is_set():
            msg = await self.ws.receive()  # the run ends with the connection's close
            if msg.type != aiohttp.WSMsgType.TEXT:
                return
            data = json.loads(msg.data)
            kind = data["type"]
            if kind == "error":
                self.stats["errors"] += 1
                self.stats["error_texts"][f'{data.get("code")}: {data.get("message")}'] += 1
                continue
            if kind != "state":
                continue
            if "view" in data:
                self.view = data["view"]
            else:
                self.view.update(data["view_changes"])
            ref = data.get("ref")
            if ref is not None and ref in self.sent:
                self.stats["rtt"].append(time.perf_counter() - self.sent.pop(ref))
                self.stats["actions"] += 1
            if data["game_over"] or stop.is_set() or data["actions"] == self.acted_at:
                continue
            if data["next_deal"]:
                self.acted_at = data["actions"]
                await self.send("next deal")
            elif data["turn"] == self.seat and self.view["legal_actions"]:
                self.acted_at = data["actions"]
                await self.send(self.rng.choice(self.view["legal_actions"]))


def table_address(i: int) -> str:
    """The loopback address the players of table ``i`` connect from.

    >>> table_address(0), table_address(300)
    ('127.1.0.1', '127.1.1.51')
    """
    return f"127.1.{i // 250}.{i % 250 + 1}"


def cpu_seconds(pid: int) -> float:
    """User + system CPU time of a process (Linux /proc)."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def start_server(tables: int, folder: str, profile: str | None = None
                 ) -> tuple[subprocess.Popen[str], int, list[str]]:
    prof = ["-m", "cProfile", "-o", profile] if profile else []
    proc = subprocess.Popen(
        [sys.executable, *prof, "-m", "twentynine", "host", "--host", "127.0.0.1",
         "--port", "0",
         "--tables", str(tables), "--bots", "random", "--bot-delay", "0", "--dir", folder,
         "--seed", "1", "--game-to", "99"],  # games long enough not to end mid-run
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    assert proc.stdout is not None
    codes: list[str] = []
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        line = proc.stdout.readline()
        if not line:
            raise SystemExit(f"the server stopped: {proc.wait()}")
        m = re.search(r"join code: (\S+)", line)
        if m:
            codes.append(m[1])
        m = re.search(r"Listening on 127\.0\.0\.1:(\d+)", line)
        if m:
            return proc, int(m[1]), codes
    proc.kill()
    raise SystemExit("the server did not start within 60 s")


async def main(opts: argparse.Namespace) -> int:
    folder = tempfile.mkdtemp(prefix="twentynine-load-")
    proc, port, codes = start_server(opts.tables, folder, opts.profile)
    stats: dict[str, Any] = {"rtt": [], "actions": 0, "errors": 0,
                             "error_texts": collections.Counter()}
    load_before = os.getloadavg()
    # each table's four players come from an address of their own (any of 127/8 is this
    # machine), so that the server's limits per address apply as they do to real tables
    sessions = [aiohttp.ClientSession(connector=aiohttp.TCPConnector(
        limit=0, local_addr=(table_address(i), 0))) for i in range(len(codes))]
    try:
        async with contextlib.AsyncExitStack() as stack:
            for s in sessions:
                await stack.enter_async_context(s)
            clients: list[Client] = []

            async def join(code: str, seat: int, rng_seed: int) -> Client:
                session = sessions[codes.index(code)]
                ws = await session.ws_connect(f"http://127.0.0.1:{port}/ws",
                                              max_msg_size=1 << 22)
                await ws.send_str(json.dumps({"v": 1, "type": "hello", "code": code,
                                              "name": f"load{seat}", "seat": SEATS[seat]}))
                welcome = json.loads((await ws.receive(timeout=30)).data)
                if welcome["type"] != "welcome":
                    raise SystemExit(f"not seated: {welcome}")
                return Client(ws, seat, random.Random(rng_seed), stats)

            t0 = time.perf_counter()
            jobs = [(c, s) for c in codes for s in range(4)]
            for i in range(0, len(jobs), 20):
                batch = jobs[i:i + 20]
                clients += await asyncio.wait_for(asyncio.gather(
                    *(join(c, s, i + k) for k, (c, s) in enumerate(batch))), opts.join_timeout)
            joined = time.perf_counter() - t0
            stop = asyncio.Event()
            tasks = [asyncio.create_task(c.run(stop)) for c in clients]
            server_cpu0 = cpu_seconds(proc.pid)
            client_cpu0 = time.process_time()
            start = time.perf_counter()
            while time.perf_counter() - start < opts.seconds and stats["actions"] < opts.actions:
                await asyncio.sleep(0.2)
            elapsed = time.perf_counter() - start
            done_actions = stats["actions"]
            rtts = sorted(stats["rtt"])
            stop.set()
            for c in clients:
                await c.ws.close()
            await asyncio.gather(*tasks, return_exceptions=True)
            server_cpu = cpu_seconds(proc.pid) - server_cpu0
            client_cpu = time.process_time() - client_cpu0
    finally:
        proc.send_signal(signal.SIGINT)  # the host stops cleanly (and a profile is written)
        try:
            proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            proc.kill()
    load_after = os.getloadavg()
    recorded = 0
    for path in glob.glob(os.path.join(folder, "*.json")) + glob.glob(
            os.path.join(folder, "finished", "*.json")):
        with open(path) as f:
            recorded += len(json.load(f)["game"]["actions"])
    shutil.rmtree(folder, ignore_errors=True)  # the server's records, counted: not kept
    if not rtts:
        print("no action completed")
        return 1
    q = statistics.quantiles(rtts, n=100, method="inclusive")
    print(f"tables {opts.tables}, clients {4 * opts.tables}, joined in {joined:.1f} s, "
          f"played {elapsed:.1f} s")
    print(f"actions {done_actions}  ({done_actions / elapsed:.0f}/s)  errors {stats['errors']}")
    for text, n in stats["error_texts"].most_common(5):
        print(f"  {n} x {text}")
    print(f"round trip ms: p50 {q[49] * 1000:.1f}  p95 {q[94] * 1000:.1f}  "
          f"p99 {q[98] * 1000:.1f}  max {rtts[-1] * 1000:.1f}")
    print(f"the server's records hold {recorded} actions (next deal included)")
    print(f"CPU seconds while playing: server {server_cpu:.1f}, clients {client_cpu:.1f} "
          f"(of {elapsed:.1f} s on each of {os.cpu_count()} cores)")
    print(f"machine load (1-min average) before {load_before[0]:.2f}, after "
          f"{load_after[0]:.2f}, on {os.cpu_count()} cores")
    return 0


if __name__ == "__main__":
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tables", type=int, default=200)
    p.add_argument("--seconds", type=float, default=30.0)
    p.add_argument("--actions", type=int, default=1_000_000)
    p.add_argument("--profile", metavar="FILE", default=None,
                   help="run the server under cProfile, its statistics to FILE")
    p.add_argument("--join-timeout", type=float, default=120.0)
    p.add_argument("--asyncio-clients", action="store_true",
                   help="run the clients on asyncio's own event loop even if uvloop is there")
    args = p.parse_args()
    loop_name = "asyncio"
    if not args.asyncio_clients:
        try:
            import uvloop
        except ImportError:
            pass
        else:
            uvloop.install()
            loop_name = "uvloop"
    print(f"clients' event loop: {loop_name}")
    sys.exit(asyncio.run(main(args)))
