"""Benchmark: how long the rules page (``?``) takes to open, on this machine.

Run:  python benchmarks/rules_page.py [--runs 5] [--sizes 80x24,100x30]

For each terminal size, opens a fresh table (headless, Textual's Pilot) ``--runs`` times,
presses ``?`` and waits until the page is drawn (the first open, when the page is built:
later opens reuse it).  Prints the wall-clock and CPU time of each open, their median and
maximum, and the load average (the machine is shared: compare figures taken at the same
load).  The goal is under 0.4 s of wall clock at 100x30 on a quiet machine.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import tempfile
import time
from pathlib import Path

from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import RulesScreen


async def open_once(size: tuple[int, int], data_dir: Path) -> tuple[float, float]:
    """Wall and CPU seconds from ``?`` to the page drawn, on a table that has settled."""
    app = TwentyNineApp(Rules(), seed=3, data_dir=data_dir, bots="random", speed="instant")
    async with app.run_test(size=size) as pilot:
        while not app.idle:
            await pilot.pause()
        await pilot.pause()
        wall, cpu = time.perf_counter(), time.process_time()
        await pilot.press("question_mark")
        while not isinstance(app.screen, RulesScreen):
            await pilot.pause()
        await pilot.pause()  # the page's first frame
        return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=5)
    ap.add_argument("--sizes", default="80x24,100x30")
    opts = ap.parse_args()
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    print(f"load average before: {os.getloadavg()[0]:.2f}")
    for spec in opts.sizes.split(","):
        w, h = (int(x) for x in spec.split("x"))
        walls: list[float] = []
        cpus: list[float] = []
        for _ in range(opts.runs):
            with tempfile.TemporaryDirectory() as tmp:
                wall, cpu = asyncio.run(open_once((w, h), Path(tmp)))
            walls.append(wall)
            cpus.append(cpu)
        print(f"{spec}: open wall median {statistics.median(walls):.3f} s, max {max(walls):.3f}"
              f" s; CPU median {statistics.median(cpus):.3f} s, max {max(cpus):.3f} s "
              f"({', '.join(f'{x:.2f}' for x in walls)})")
    print(f"load average after: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    main()
