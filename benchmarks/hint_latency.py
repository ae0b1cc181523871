"""Benchmark: how long the coach's hint takes, per phase, on this machine.

Run:  python benchmarks/hint_latency.py [--deals 12] [--seed 0] [--rules standard]

Plays ``--deals`` deals with ``medium`` in every seat and asks for a hint at every
decision of seat 0 (the player) that has more than one legal action, as the table does.
Prints the wall-clock p50, p95 and maximum, overall and per phase.  Wall clock, not CPU
time: that is what the player waits for.  The goal is p50 < 0.5 s and p95 < 1.5 s.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time
from collections import defaultdict

from twentynine import build_kind
from twentynine.bots import make_bot
from twentynine.coach.hint import STRONGEST, hint, hint_bot
from twentynine.engine.deal import DEAL_OVER
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules


def quantile(xs: list[float], q: float) -> float:
    """The ``q`` quantile (nearest rank) of ``xs``."""
    s = sorted(xs)
    return s[min(len(s) - 1, int(q * len(s)))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=12)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--rules", default="standard")
    opts = ap.parse_args()
    load0 = os.getloadavg()
    rules = Rules.preset(opts.rules)
    game = Game(opts.seed, rules)
    bots = {s: make_bot("medium", seed=opts.seed * 4 + s) for s in range(4)}
    times: dict[str, list[float]] = defaultdict(list)
    cpu: list[float] = []
    slow: list[tuple[float, str, int, int]] = []
    deals = 0
    while deals < opts.deals:
        if game.is_over:
            game = Game(game.seed + 1, rules)
        if game.deal.phase_code == DEAL_OVER:
            game.apply(game.legal_actions()[0])
            deals += 1
            continue
        seat = game.turn
        view = game.view(seat)
        if seat == 0 and len(view.legal_actions) > 1:
            t0 = time.perf_counter()
            c0 = time.process_time()
            hint(view)
            dt = time.perf_counter() - t0
            times[view.phase.value].append(dt)
            cpu.append(time.process_time() - c0)
            slow.append((dt, view.phase.value, len(view.tricks) + 1, len(view.legal_actions)))
        game.apply(bots[seat].choose(view, view.legal_actions))
    every = [t for ts in times.values() for t in ts]
    load = os.getloadavg()
    bot = hint_bot(0)
    config = getattr(bot, "config", None)
    counts = f"{config.samples}/{config.bid_samples}" if config is not None else "?"
    print(f"hint latency over {len(every)} decisions in {opts.deals} deals "
          f"({opts.rules} rules; {build_kind()} build; the hint's bot: {STRONGEST}, "
          f"{counts} samples, "
          f"{bot.time_budget:g} s clock; wall clock, load average at the start "
          f"{load0[0]:.1f}, at the end {load[0]:.1f} {load[1]:.1f} {load[2]:.1f} on "
          f"{os.cpu_count()} cores)")
    print(f"{'phase':14} {'n':>4} {'p50':>7} {'p95':>7} {'max':>7}")
    for phase, ts in sorted(times.items()):
        print(f"{phase:14} {len(ts):4d} {statistics.median(ts):7.3f} "
              f"{quantile(ts, 0.95):7.3f} {max(ts):7.3f}")
    print(f"{'all':14} {len(every):4d} {statistics.median(every):7.3f} "
          f"{quantile(every, 0.95):7.3f} {max(every):7.3f}")
    print(f"{'all, CPU time':14} {len(cpu):4d} {statistics.median(cpu):7.3f} "
          f"{quantile(cpu, 0.95):7.3f} {max(cpu):7.3f}")
    print("slowest:", ", ".join(f"{dt:.2f} s ({ph}, trick {t}, {n} options)"
                                for dt, ph, t, n in sorted(slow, reverse=True)[:5]))


if __name__ == "__main__":
    main()
