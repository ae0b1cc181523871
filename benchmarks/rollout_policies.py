"""Benchmark: the rollout policies against each other, and their speed.

Run:  python benchmarks/rollout_policies.py [--deals 600] [--reps 20] [--seed 1705]

From the play's start of seeded deals (``easy`` bids and names trump, both rule sets),
each deal is rolled out ``--reps`` times with the bidding side and the defenders each
playing the heuristic rollout policy (H) or the ``declarer`` one (D, declarer technique on
lead; ``--hidden``: ``declarer_hidden``), and prints per rule set:

* the bidding team's card points in tricks 1-4 and 5-8 and its make rate, for HH, DH
  (D for the bidders only), HD (D for the defenders only) and DD;
* DH - HH and HD - HH in make rate, paired by deal, with a 95% interval: whether each
  side plays better with it (the bidders make more contracts, the defenders fewer);
* rollouts per second of each policy for a whole deal (the best of five rounds,
  alternated), and their ratio.

The build is the one the interpreter imports (pure or compiled: ``twentynine --version``).
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from versus_old import RULESETS  # the two rule sets every benchmark of issue 10 uses

from twentynine import build_kind
from twentynine.bots import make_bot
from twentynine.bots.search import (
    Rand,
    StreamRand,
    declarer_policy,
    declarer_rollout,
    hidden_draw_rollout,
    rollout,
    rollout_policy,
)
from twentynine.deal import DEAL_OVER, PLAY, Deal
from twentynine.rules import Rules

Policy = Callable[[Deal, list[int], Rand], int]


def starts(rules: Rules, n: int, seed: int) -> list[Deal]:
    """``n`` deals at the play's start, their auction and trump by seeded ``easy`` bots."""
    rng = random.Random(seed)
    out: list[Deal] = []
    while len(out) < n:
        d = Deal.from_rng(rng, rng.randrange(4), rules)
        easy = [make_bot("easy", seed=s) for s in range(4)]
        while d.phase_code not in (PLAY, DEAL_OVER):
            v = d.view(d.turn)
            d.apply(easy[d.turn].choose(v, v.legal_actions), d.turn)
        if d.phase_code == PLAY:
            out.append(d)
    return out


def play(d: Deal, rand: Rand, bidders: Policy, defenders: Policy) -> tuple[int, int, bool]:
    """Finish ``d``: the bidding team's points in tricks 1-4, in 5-8, and whether it made."""
    bt = d.bidder & 1
    early = -1
    while d.phase_code != DEAL_OVER:
        if d.trick_no == 4 and early < 0:
            early = d.points[bt]
        f = bidders if (d.turn & 1) == bt else defenders
        d.step(f(d, d.legal_codes(), rand))
    if early < 0:
        early = d.points[bt]
    g = d.game_change()
    return early, d.points[bt] - early, g[bt] > g[1 - bt]


def interval(x: list[float]) -> str:
    m = sum(x) / len(x)
    sd = math.sqrt(sum((v - m) ** 2 for v in x) / (len(x) - 1))
    return f"{m:+.4f} ± {1.96 * sd / math.sqrt(len(x)):.4f}"


def speed(policy: Callable[[Deal, Rand], None], ds: list[Deal], reps: int) -> float:
    t = time.perf_counter()
    for i, d0 in enumerate(ds):
        for r in range(reps):
            policy(d0.clone(), StreamRand(i * 7 + r + 1))
    return len(ds) * reps / (time.perf_counter() - t)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--deals", type=int, default=600)
    ap.add_argument("--reps", type=int, default=20)
    ap.add_argument("--seed", type=int, default=1705)
    ap.add_argument("--hidden", action="store_true",
                    help="D is declarer_hidden (the bidder draws trump before it is shown)")
    opts = ap.parse_args()
    print(f"rollout_policies: {build_kind()} build; {opts.deals} deals x {opts.reps} "
          f"rollouts, seed {opts.seed}; D = {'declarer_hidden' if opts.hidden else 'declarer'}")
    def hidden(d: Deal, codes: list[int], rand: Rand) -> int:
        return declarer_policy(d, codes, rand, True)

    pols: dict[str, Policy] = {"H": rollout_policy,
                               "D": hidden if opts.hidden else declarer_policy}
    d_rollout = hidden_draw_rollout if opts.hidden else declarer_rollout
    for name, rules in RULESETS.items():
        ds = starts(rules, opts.deals, opts.seed)
        made: dict[str, list[float]] = {}
        for combo in ("HH", "DH", "HD", "DD"):
            e = late = 0
            per = []
            for i, d0 in enumerate(ds):
                m = 0
                for r in range(opts.reps):
                    a, b, ok = play(d0.clone(), StreamRand(i * 1000 + r + 1),
                                    pols[combo[0]], pols[combo[1]])
                    e += a
                    late += b
                    m += ok
                per.append(m / opts.reps)
            made[combo] = per
            n = len(ds) * opts.reps
            print(f"{name:10s} bidders {combo[0]} defenders {combo[1]}: bidding team's points "
                  f"tricks 1-4 {e / n:5.2f}, 5-8 {late / n:5.2f}; made {sum(per) / len(per):.3f}",
                  flush=True)
        print(f"{name:10s} made, D for the bidders only - HH: "
              f"{interval([a - b for a, b in zip(made['DH'], made['HH'], strict=True)])}; "
              f"D for the defenders only - HH: "
              f"{interval([a - b for a, b in zip(made['HD'], made['HH'], strict=True)])}")
        fast = ds[:200]
        h = [0.0]
        dd = [0.0]
        for _ in range(5):
            h.append(speed(rollout, fast, opts.reps))
            dd.append(speed(d_rollout, fast, opts.reps))
        print(f"{name:10s} rollouts/s (best of 5): heuristic {max(h):8.0f}, declarer "
              f"{max(dd):8.0f}, ratio {max(dd) / max(h):.2f}", flush=True)


if __name__ == "__main__":
    main()
