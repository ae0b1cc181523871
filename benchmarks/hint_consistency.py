"""Does the hint's pick agree with the figures it shows?

Run:  python benchmarks/hint_consistency.py [--deals 80] [--seed 0] [--seat 0] [--progress]

Plays ``--deals`` deals (seeds ``--seed``, ``--seed + 1``, ...) with ``easy`` bots in every
seat and asks the coach for a hint at each card-play decision of ``--seat`` (South, the
player) that has more than one legal action.  The hint's search gets a generous clock, so
its sample counts, not a busy machine, bound it: the same source gives the same counts.
For each hint it compares the pick (the first option) with every other option on the
figures the player is shown (the chance to make or beat the contract in whole percent,
your side's card points to a tenth) and counts:

* ``likelier``: another option 5 or more points likelier;
* ``beaten on both``: another option better on both figures (the chance by 2 points or
  more and 0.3 card points or more);
* ``table out of order``: below the pick and the options named as good as it, an option
  listed after one with a lower chance (or, at the same chance, fewer card points).

It prints the counts, then each case found (deal, trick, the pick's and the other's
figures) so that a position can be replayed.
"""

from __future__ import annotations

import argparse
import os
import time
from itertools import pairwise

from twentynine import build_kind
from twentynine.bots import make_bot
from twentynine.coach.hint import Hint, Option, hint
from twentynine.engine.deal import Deal, Phase

CLOCK = 60.0
"""The search's clock: far above any search's length, so the sample counts bound it."""


def shown(o: Option) -> tuple[int, float]:
    """The two figures as the panel prints them: the chance in whole percent (-1 where
    there is none) and the card points to a tenth."""
    chance = -1 if o.ours is None else int(f"{100 * o.ours:.0f}")
    return chance, float(f"{o.card_points or 0.0:.1f}")


def check(h: Hint) -> tuple[list[str], list[str], list[str]]:
    """The cases of each kind in one hint, in words."""
    pick = h.options[0]
    pc, pp = shown(pick)
    likelier, both, order = [], [], []
    for o in h.options[1:]:
        c, p = shown(o)
        if c >= pc + 5:
            likelier.append(f"{o.words} {c}% over {pick.words} {pc}%")
        if c >= pc + 2 and p >= pp + 0.3 - 1e-9:
            both.append(f"{o.words} {c}% {p:.1f} over {pick.words} {pc}% {pp:.1f}")
    rest = h.options[1 + len(getattr(h, "equal", ())):]
    for a, b in pairwise(rest):
        if shown(b) > shown(a):
            order.append(f"{b.words} {shown(b)} listed after {a.words} {shown(a)}")
    return likelier, both, order


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=80)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--seat", type=int, default=0)
    ap.add_argument("--progress", action="store_true",
                    help="print the counts so far after every deal")
    opts = ap.parse_args()
    t0 = time.perf_counter()
    hints = 0
    counts = {"likelier": 0, "beaten on both": 0, "table out of order": 0}
    cases: list[str] = []
    for seed in range(opts.seed, opts.seed + opts.deals):
        d = Deal.from_seed(seed)
        bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            if v.seat == opts.seat and v.phase is Phase.PLAY and len(v.legal_actions) > 1:
                h = hint(v, time_cap=CLOCK)
                hints += 1
                for name, found in zip(counts, check(h), strict=True):
                    if found:
                        counts[name] += 1
                        cases.append(f"deal seed {seed}, trick {len(v.tricks) + 1}, "
                                     f"{name}: {'; '.join(found)}")
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        if opts.progress:
            print(f"after deal seed {seed}: {hints} hints, "
                  + ", ".join(f"{k} {n}" for k, n in counts.items()), flush=True)
    print(f"{opts.deals} deals of easy bots (seeds {opts.seed}..{opts.seed + opts.deals - 1}),"
          f" {hints} card-play hints for seat {opts.seat} ({build_kind()} build, "
          f"{time.perf_counter() - t0:.0f} s, {os.cpu_count()} cores)")
    for name, n in counts.items():
        print(f"  {name}: {n}")
    for line in cases:
        print("   ", line)


if __name__ == "__main__":
    main()
