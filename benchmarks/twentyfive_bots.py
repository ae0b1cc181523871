"""Benchmark: how often one Twenty-Five player level wins against a field of another.

Run:  python benchmarks/twentyfive_bots.py [--hero easy] [--field random] [--players 4]
                                          [--teams none] [--games 300]

Every game is played once per side with the hero's side rotated through the seats (the
same seed, so the same cards: luck and seat even out), the hero on one side and the field
on every other.  It prints the hero's win rate with a 95% interval (normal approximation
over the rotation groups) beside the fair share (1 / sides), and the games per second.
"""

from __future__ import annotations

import argparse
import math
import time

from twentynine.twentyfive import HouseRules, Race
from twentynine.twentyfive.bot_registry import LEVEL_NAMES, make_player


def play(rules: HouseRules, seed: int, hero_side: int, hero: str, field: str) -> bool:
    """Whether the hero's side wins game ``seed``."""
    players = [make_player(hero if rules.side_of(s) == hero_side else field,
                           seed=seed * 31 + s) for s in range(rules.players)]
    g = Race(seed=seed, rules=rules)
    while not g.is_over:
        seat = g.turn
        assert seat is not None
        v = g.view(seat)
        g.apply(players[seat].choose(v, v.legal_actions))
    return g.winner == hero_side


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--hero", choices=LEVEL_NAMES, default="easy")
    ap.add_argument("--field", choices=LEVEL_NAMES, default="random")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--teams", default="none")
    ap.add_argument("--games", type=int, default=300, help="deals of cards (seeds)")
    args = ap.parse_args()
    rules = HouseRules(players=args.players, teams=args.teams)
    t0 = time.perf_counter()
    groups = []
    for seed in range(args.games):
        wins = sum(play(rules, seed, side, args.hero, args.field)
                   for side in range(rules.sides))
        groups.append(wins / rules.sides)
    dt = time.perf_counter() - t0
    n = len(groups)
    mean = sum(groups) / n
    sd = math.sqrt(sum((g - mean) ** 2 for g in groups) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    print(f"{args.hero} against {args.field}, {args.players} players, teams {args.teams}: "
          f"wins {mean:.3f} ± {half:.3f} (fair share {1 / rules.sides:.3f}; "
          f"{n * rules.sides} games, {n * rules.sides / dt:.0f} games/s)")


if __name__ == "__main__":
    main()
