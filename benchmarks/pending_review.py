"""Benchmark: how long the table's background review of one finished deal takes.

Run:  python benchmarks/pending_review.py [--deals 4] [--seed 0]

Plays ``--deals`` deals with ``medium`` in every seat, stores each in a history of its
own (a temporary data directory), and runs the process the table starts after a deal
(``twentynine review --pending --background``: its own interpreter, at a low priority),
which reviews the deal from seat 0 and keeps the review.  Prints the wall-clock and CPU
seconds of each process, start-up and imports included, then the median and maximum.
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

from twentynine import build_kind
from twentynine.bots import make_bot
from twentynine.coach.history import HISTORY_NAME, open_history
from twentynine.coach.pending import background_command
from twentynine.coach.review import REVIEW_VERSION
from twentynine.engine.deal import Deal
from twentynine.engine.records import deal_record


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=4)
    ap.add_argument("--seed", type=int, default=0)
    opts = ap.parse_args()
    load0 = os.getloadavg()
    wall: list[float] = []
    cpu: list[float] = []
    for k in range(opts.deals):
        d = Deal.from_seed(opts.seed + k, dealer=k & 3)
        bots = [make_bot("medium", seed=(opts.seed + k) * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        with tempfile.TemporaryDirectory() as tmp:
            h = open_history(Path(tmp) / HISTORY_NAME).history
            assert h is not None
            deal_id = h.record_deal(deal_record(d), game_id=f"bench{k}")
            env = dict(os.environ, TWENTYNINE_DATA_DIR=tmp)
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            t0 = time.perf_counter()
            subprocess.run(background_command(), env=env, check=True)
            wall.append(time.perf_counter() - t0)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime)
            data = h.review(deal_id, REVIEW_VERSION)
            assert data is not None, "the background review kept nothing"
            h.close()
        print(f"deal {k + 1}: {wall[-1]:.1f} s wall, {cpu[-1]:.1f} s CPU, "
              f"{len(data['grades'])} decisions graded", flush=True)
    load = os.getloadavg()
    print(f"background review of one deal over {opts.deals} deals ({build_kind()} build; "
          f"load average {load0[0]:.1f} at the start, {load[0]:.1f} at the end, on "
          f"{os.cpu_count()} cores): wall median {statistics.median(wall):.1f} s, max "
          f"{max(wall):.1f} s; CPU median {statistics.median(cpu):.1f} s, max "
          f"{max(cpu):.1f} s")


if __name__ == "__main__":
    main()
