"""Benchmark: playouts per second and clone cost, pure Python and compiled, on one core.

Run:  python benchmarks/playouts.py [--seconds 4] [--rounds 3] [--compiled DIR | --pure-only]

It measures the same source twice in the same run, each in its own child process:

* **pure Python**: the package's sources (``src/``), as the editable install runs them;
* **compiled**: the same sources built by mypyc (``setup.py``) into a directory of its own,
  built once per version of the sources and cached in the temp directory (about a minute
  on two cores); ``--compiled DIR`` uses a directory (or a venv's site-packages) that
  already holds a compiled build instead.

Each child says which build it runs (``twentynine.build_kind()``), so a figure can never be
labelled with the wrong build.  The two are measured in alternating rounds and the best
round of each is kept, which keeps other work on the machine from favouring either.
Times are CPU time of the child (time.process_time).

A playout starts from a deal whose trump has just been chosen (standard rules) and plays
random legal actions (show trump and pair included) to the end of the eighth trick; the
clone is included in each playout.  A heuristic rollout is what ``medium`` and ``hard``
spend their time in: the same starts finished by the card-sense rollout policy
(``bots.search.rollout``, drawing from ``random.Random``), clone included.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_rounds import best_of_rounds


def measure(seconds: float) -> dict[str, Any]:
    """Playouts per second and clone microseconds in this process."""
    from twentynine import build_kind
    from twentynine.bots.search import rollout
    from twentynine.engine.deal import PLAY, Deal

    rng = random.Random(1)
    starts = []
    while len(starts) < 200:
        d = Deal.from_rng(rng, rng.randrange(4))
        while d.phase_code != PLAY:
            codes = d.legal_codes()
            d.step(codes[rng.randrange(len(codes))])
        starts.append(d)
    seed = 2
    n = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        for s in starts:
            seed = s.clone().playout(seed)
        n += len(starts)
    dt = time.process_time() - t0
    k = 100_000
    s0 = starts[0]
    t1 = time.process_time()
    for _ in range(k):
        s0.clone()
    clone_us = (time.process_time() - t1) / k * 1e6
    rand = random.Random(3).random
    m = 0
    t2 = time.process_time()
    while time.process_time() - t2 < seconds:
        for s in starts:
            rollout(s.clone(), rand)
        m += len(starts)
    rollouts = m / (time.process_time() - t2)
    return {"kind": build_kind(), "playouts": n / dt, "clone_us": clone_us,
            "rollouts": rollouts}


def main() -> None:
    best, args = best_of_rounds(__doc__ or "", 4.0, "playouts.measure")
    for kind, r in best.items():
        print(f"{kind:>11}: {r['playouts']:9,.0f} random playouts per second, "
              f"clone {r['clone_us']:.2f} us, "
              f"{r['rollouts']:7,.0f} heuristic rollouts per second")
    if len(best) == 2:
        c, p = best["compiled"], best["pure Python"]
        ratio = c["playouts"] / p["playouts"]
        rratio = c["rollouts"] / p["rollouts"]
        print(f"      ratio: compiled {ratio:.2f}x pure Python ({rratio:.2f}x in rollouts; "
              f"best of {args.rounds} rounds of {args.seconds:g} s each, CPU time)")


if __name__ == "__main__":
    main()
