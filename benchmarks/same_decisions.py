"""A hash of the search bots' decisions with their clock lifted: are two builds one bot?

Four bots of one level play ``N`` whole deals (seeds 1000, 1001, ...; the dealer turns;
the standard and the tournament rules alternate) with ``time_budget=100``, so that the
sample counts, not the clock, bound every search.  Every decision of every seat with more
than one legal action goes into a SHA-256 hash; equal hashes mean the same decisions.
The same numbers come from the pure and the compiled build, and from any change that
must not change how a bot plays::

    PYTHONPATH=src python benchmarks/same_decisions.py              # medium and hard, 6 deals
    PYTHONPATH=src python benchmarks/same_decisions.py 10 hard      # 10 deals of hard only
    PYTHONPATH=src python benchmarks/same_decisions.py 6 medium -v  # and every decision

It prints, for each level, one line per deal (seed, dealer, rules, the number of
decisions and, with ``-v``, their action codes) and then the level's hash.
"""

from __future__ import annotations

import hashlib
import sys
import time

import twentynine.engine.deal as deal_module
from twentynine.bots import make_bot
from twentynine.engine.deal import DEAL_OVER, Deal
from twentynine.engine.rules import Rules

RULESETS = (("standard", Rules()),
            ("tournament", Rules(trump_indicator="marker", pair=False,
                                 last_trick_point=False)))
"""The two rule sets the deals alternate between (the marker exercises the hidden trump)."""

FIRST_SEED = 1000
TIME_BUDGET = 100.0
"""Far above any decision's search, so the clock never stops one."""


def level_hash(level: str, deals: int, verbose: bool) -> str:
    """Play ``deals`` deals with four ``level`` bots; print them; return the hash."""
    digest = hashlib.sha256()
    total = 0
    t0 = time.process_time()
    for k in range(deals):
        seed = FIRST_SEED + k
        rules_name, rules = RULESETS[k % 2]
        d = Deal.from_seed(seed, dealer=k % 4, rules=rules)
        bots = [make_bot(level, seed=77 * k + s, time_budget=TIME_BUDGET) for s in range(4)]
        codes: list[int] = []
        while d.phase_code != DEAL_OVER:
            seat = d.turn
            view = d.view(seat)
            acts = view.legal_actions
            a = bots[seat].choose(view, acts) if len(acts) > 1 else acts[0]
            if len(acts) > 1:
                codes.append(a.code)
                digest.update(f"{seat}:{a.code};".encode())
            d.apply(a, seat=seat)
        digest.update(b"|")
        total += len(codes)
        line = f"{level} deal seed {seed} dealer {k % 4} {rules_name}: {len(codes)} decisions"
        print(line + (" " + " ".join(map(str, codes)) if verbose else ""), flush=True)
    build = deal_module.__file__.rsplit("/", 1)[-1]
    hexd = digest.hexdigest()
    print(f"{level}: {deals} deals, {total} decisions, sha256 {hexd} "
          f"({build}, cpu {time.process_time() - t0:.0f} s)", flush=True)
    return hexd


def main(argv: list[str]) -> int:
    """Parse ``[DEALS] [LEVEL] [-v]`` and print the hashes."""
    verbose = "-v" in argv
    args = [a for a in argv if a != "-v"]
    deals = int(args[0]) if args else 6
    levels = [args[1]] if len(args) > 1 else ["medium", "hard"]
    for level in levels:
        level_hash(level, deals, verbose)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
