"""A hash of Twenty-Five's search players' decisions with their clock lifted: are two
builds (pure Python and compiled with mypyc) one bot?

Players of one level fill every seat of ``N`` whole games (seeds 1000, 1001, ...; the
table alternates 4 each for themselves, 4 in pairs, 6 in threes) with a time budget of
100 s, so that the world counts, not the clock, bound every search.  Every decision with
more than one legal move goes into a SHA-256 hash: equal hashes, the same decisions::

    PYTHONPATH=src python benchmarks/twentyfive_same_decisions.py            # 3 games each
    PYTHONPATH=src python benchmarks/twentyfive_same_decisions.py 6 hard     # 6 of hard only
"""

from __future__ import annotations

import hashlib
import sys
import time

import twentynine.twentyfive.world_sampler as sampler_module
from twentynine.twentyfive import HouseRules, Race
from twentynine.twentyfive.bot_registry import make_player

TABLES = (HouseRules(players=4), HouseRules(players=4, teams="pairs"),
          HouseRules(players=6, teams="threes"))
FIRST_SEED = 1000
TIME_BUDGET = 100.0


def level_hash(level: str, games: int) -> str:
    """Play ``games`` games with ``level`` in every seat; print them; return the hash."""
    digest = hashlib.sha256()
    total = 0
    t0 = time.process_time()
    for k in range(games):
        seed = FIRST_SEED + k
        rules = TABLES[k % len(TABLES)]
        bots = [make_player(level, seed=77 * k + s, budget=TIME_BUDGET)
                for s in range(rules.players)]
        g = Race(seed=seed, rules=rules)
        n = 0
        while not g.is_over:
            seat = g.turn
            assert seat is not None
            v = g.view(seat)
            legal = v.legal_actions
            m = bots[seat].choose(v, legal) if len(legal) > 1 else legal[0]
            if len(legal) > 1:
                n += 1
                digest.update(f"{seat}:{m.code};".encode())
            g.apply(m)
        digest.update(b"|")
        total += n
        print(f"{level} game seed {seed} {rules.players} players teams {rules.teams}: "
              f"{n} decisions, scores {g.scores}", flush=True)
    build = sampler_module.__file__.rsplit("/", 1)[-1] if sampler_module.__file__ else "?"
    hexd = digest.hexdigest()
    print(f"{level}: {games} games, {total} decisions, sha256 {hexd} ({build}, cpu "
          f"{time.process_time() - t0:.0f} s)", flush=True)
    return hexd


def main(argv: list[str]) -> int:
    """Parse ``[GAMES] [LEVEL]`` and print the hashes."""
    games = int(argv[0]) if argv else 3
    levels = [argv[1]] if len(argv) > 1 else ["medium", "hard"]
    for level in levels:
        level_hash(level, games)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
