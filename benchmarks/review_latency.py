"""Benchmark: how long the review of one deal takes on this machine.

Run:  python benchmarks/review_latency.py [--deals 6] [--seed 0]

Plays ``--deals`` deals with ``medium`` in every seat, then reviews each from seat 0 as
the table does (every decision graded with the hint's search, the double-dummy column
from the fifth trick, the deal replayed with ``hard`` in seat 0).  Prints the wall-clock
seconds per deal (median and maximum) and the decisions graded.  The goal is under 15 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from twentynine import build_kind
from twentynine.bots import make_bot
from twentynine.coach.review import review_deal
from twentynine.engine.deal import Deal
from twentynine.engine.records import deal_record


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=6)
    ap.add_argument("--seed", type=int, default=0)
    opts = ap.parse_args()
    load0 = os.getloadavg()
    secs: list[float] = []
    cpu: list[float] = []
    graded = 0
    for k in range(opts.deals):
        d = Deal.from_seed(opts.seed + k, dealer=k & 3)
        bots = [make_bot("medium", seed=(opts.seed + k) * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        t0 = time.perf_counter()
        c0 = time.process_time()
        rev = review_deal(deal_record(d), 0)
        secs.append(time.perf_counter() - t0)
        cpu.append(time.process_time() - c0)
        graded += len(rev.grades)
        print(f"deal {k + 1}: {secs[-1]:.1f} s wall, {cpu[-1]:.1f} s CPU, "
              f"{len(rev.grades)} decisions, {len(rev.mistakes)} mistakes", flush=True)
    load = os.getloadavg()
    print(f"review of one deal over {opts.deals} deals ({graded} decisions graded; "
          f"{build_kind()} build; load average {load0[0]:.1f} at the start, {load[0]:.1f} at "
          f"the end, on {os.cpu_count()} cores): wall median "
          f"{statistics.median(secs):.1f} s, max {max(secs):.1f} s; CPU median "
          f"{statistics.median(cpu):.1f} s, max {max(cpu):.1f} s")


if __name__ == "__main__":
    main()
