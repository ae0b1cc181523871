"""Benchmark: Twenty-Five's random playouts per second at 4 and 9 players, pure Python and
compiled, in one run.

Run:  python benchmarks/twentyfive_playouts.py [--seconds 3] [--rounds 3]
                                               [--compiled DIR | --pure-only]

The same sources are measured twice, each build in its own child process (the machinery
of ``benchmarks/build_rounds.py``: the compiled build is made by mypyc from these sources once
per version, into the temp directory, or taken from ``--compiled DIR``); each child says
which build it runs, so a figure cannot carry the wrong label.  The builds are measured in
alternating rounds and the best round of each is kept; times are the child's CPU time.

A playout starts from a fresh deal (200 deals, random dealers, no score yet) and plays
uniformly random legal moves (robs included) to the end of the deal with
``Round.playout``; the clone of the start is included in each playout.  A checked game
is a whole game to 25 through ``Race.apply`` (every move checked, its events made), the
path a table or an arena takes.
"""

from __future__ import annotations

import random
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))

from build_rounds import best_of_rounds

TABLES = (4, 9)


def measure(seconds: float) -> dict[str, Any]:
    """Playouts per second at each table size, clone microseconds, checked games per
    second, in this process."""
    from twentynine.twentyfive import HouseRules, Race

    out: dict[str, Any] = {"kind": build_kind_25()}
    for players in TABLES:
        rules = HouseRules(players=players)
        rng = random.Random(players)
        starts = [Race(seed=rng.randrange(1 << 30), rules=rules,
                       first_dealer=rng.randrange(players)).round for _ in range(200)]
        seed = 7
        n = 0
        t0 = time.process_time()
        while time.process_time() - t0 < seconds:
            for s in starts:
                seed = s.clone().playout(seed)
            n += len(starts)
        out[f"playouts{players}"] = n / (time.process_time() - t0)
        k = 50_000
        t1 = time.process_time()
        for _ in range(k):
            starts[0].clone()
        out[f"clone{players}"] = (time.process_time() - t1) / k * 1e6
        games = 0
        t2 = time.process_time()
        while time.process_time() - t2 < seconds / 3:
            g = Race(seed=games, rules=rules)
            while not g.is_over:
                codes = g.legal_actions()
                g.apply(codes[rng.randrange(len(codes))])
            games += 1
        out[f"games{players}"] = games / (time.process_time() - t2)
    return out


def build_kind_25() -> str:
    """Which build Twenty-Five's hot path runs: its own compiled module's file says."""
    from importlib.machinery import EXTENSION_SUFFIXES

    from twentynine.twentyfive import round_state

    path = getattr(round_state, "__file__", "") or ""
    return "compiled" if path.endswith(tuple(EXTENSION_SUFFIXES)) else "pure Python"


def main() -> None:
    best, args = best_of_rounds(__doc__ or "", 3.0, "twentyfive_playouts.measure")
    for kind, r in best.items():
        for players in TABLES:
            print(f"{kind:>11}, {players} players: {r[f'playouts{players}']:9,.0f} random "
                  f"playouts/s, clone {r[f'clone{players}']:.2f} us, "
                  f"{r[f'games{players}']:6,.0f} checked games to 25/s")
    if len(best) == 2:
        c, p = best["compiled"], best["pure Python"]
        ratios = ", ".join(f"{c[f'playouts{n}'] / p[f'playouts{n}']:.2f}x at {n}"
                           for n in TABLES)
        print(f"      ratio: compiled {ratios} (playouts; best of {args.rounds} rounds of "
              f"{args.seconds:g} s each, CPU time)")


if __name__ == "__main__":
    main()
