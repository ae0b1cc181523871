"""Benchmark: the ``hard`` bot's CPU time per card decision, pure Python and compiled.

Run:  python benchmarks/search_speed.py [--decisions 60] [--rounds 2]

The same 60 positions (play phase, more than one legal card, from 40 seeded deals played by
``easy``) are decided by ``hard`` (seeded) in a child process per build, as in
``playouts.py`` (which builds the compiled package once and caches it).  Prints the mean
CPU milliseconds per decision of each build and their ratio (best of the rounds).
"""

from __future__ import annotations

import argparse
import random
import time
from typing import Any

import build_rounds


def measure(decisions: float) -> dict[str, Any]:
    """Mean CPU seconds of ``hard`` per card decision over fixed positions, in this process."""
    from twentynine import build_kind
    from twentynine.bots import make_bot
    from twentynine.engine.deal import Deal

    rng = random.Random(5)
    views = []
    for seed in range(200):
        d = Deal.from_seed(seed, dealer=seed % 4)
        easy = make_bot("easy", seed=1)
        while not d.is_over:
            v = d.view(d.turn)
            if v.phase.value == "play" and len(v.legal_actions) > 1 and rng.random() < 0.15:
                views.append(v)
            d.apply(easy.choose(v, v.legal_actions))
        if len(views) >= decisions:
            break
    views = views[:int(decisions)]
    # the clock lifted: both builds do the same work (the sample counts bound it), where
    # hard's 0.35 s safety cap would stop the slower build's searches early
    hard = make_bot("hard", seed=3, time_budget=100.0)
    t0 = time.process_time()
    for v in views:
        hard.choose(v, v.legal_actions)
    return {"kind": build_kind(), "ms": (time.process_time() - t0) / len(views) * 1000}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--decisions", type=int, default=60)
    ap.add_argument("--rounds", type=int, default=2)
    args = ap.parse_args()
    builds = [("pure Python", build_rounds.SRC), ("compiled", build_rounds.compiled_dir())]
    best: dict[str, float] = {}
    for _ in range(args.rounds):
        for kind, path in builds:
            r = build_rounds.child(path, args.decisions, "search_speed.measure")
            if r["kind"] != kind:
                raise SystemExit(f"{path} runs {r['kind']}, not {kind}")
            best[kind] = min(best.get(kind, float("inf")), float(r["ms"]))
    for kind, ms in best.items():
        print(f"{kind:>11}: hard {ms:6.1f} ms CPU per card decision")
    print(f"      ratio: compiled {best['pure Python'] / best['compiled']:.2f}x faster "
          f"(best of {args.rounds} rounds, {args.decisions} decisions each)")


if __name__ == "__main__":
    main()
