"""Benchmark: random playouts per second and clone cost, on one core.

Run:  python benchmarks/playouts.py [--seconds 5]

Times are CPU time of this process (time.process_time), so other work on the machine
disturbs them less than wall-clock time would.

A playout starts from a deal whose trump has just been chosen (standard rules) and
plays random legal actions (show trump and pair included) to the end of the eighth
trick.  Prints playouts/s and microseconds per clone.
"""

from __future__ import annotations

import argparse
import random
import time

from twentynine.deal import PLAY, Deal


def start_states(n: int, seed: int) -> list[Deal]:
    """Deals advanced to the first lead, with random bids and trump."""
    rng = random.Random(seed)
    out = []
    while len(out) < n:
        d = Deal.from_rng(rng, rng.randrange(4))
        while d.phase_code != PLAY:
            codes = d.legal_codes()
            d.step(codes[rng.randrange(len(codes))])
        out.append(d)
    return out


def playout(d: Deal, rng: random.Random) -> None:
    """Random legal actions to the end of the deal."""
    d.playout(rng.random)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--seconds", type=float, default=5.0)
    args = ap.parse_args()
    starts = start_states(200, 1)
    rng = random.Random(2)
    n = 0
    t0 = time.process_time()
    while time.process_time() - t0 < args.seconds:
        for s in starts:
            playout(s.clone(), rng)
        n += len(starts)
    dt = time.process_time() - t0
    k = 200_000
    t1 = time.process_time()
    s0 = starts[0]
    for _ in range(k):
        s0.clone()
    clone_us = (time.process_time() - t1) / k * 1e6
    print(f"random playouts: {n / dt:,.0f} per second (clone included, {n} playouts in {dt:.1f} s)")
    print(f"clone: {clone_us:.2f} us")


if __name__ == "__main__":
    main()
