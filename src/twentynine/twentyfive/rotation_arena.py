"""Twenty-Five's arena for N players: bots play the same cards from every seat.

A *group* is one seeded game played N times (N = the number of players), the line-up of
bots rotated one seat further each time: in rotation ``r`` seat ``s`` is played by
``lineup[(s - r) % N]``.  The game's seed deals the same cards deal after deal whatever
is played, so every bot meets the same cards from every seat, and the luck of the cards
and of the seat cancel within a group.

For each bot it reports the win rate (the share of its seats whose side won the game)
and the points per deal (its side's points divided by the deals played), each with a
95% interval over the groups (a group's figure is the bot's average over its seats and
rotations); for two bots, the difference, paired within each group: the interval of the
mean of the per-group differences.  A bot against itself comes out at zero within its
interval.

>>> res = play_groups(HouseRules(players=3), ("easy", "random", "random"), groups=2)
>>> [len(g.rotations) for g in res.groups]
[3, 3]
>>> sorted(res.groups[0].rotations[1].lineup)
['easy', 'random', 'random']
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing
import sys
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from ..common.players import decide
from .bot_registry import LEVEL_NAMES, make_player
from .house_rules import HouseRules, HouseRulesError
from .race import Race

Z95 = 1.96


def derive(*parts: object) -> int:
    """A seed from ``parts`` (stable across runs and processes)."""
    text = ":".join(str(p) for p in ("twentyfive-arena", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:6], "big")


@dataclass(frozen=True)
class Rotation:
    """One game of a group: who sat where, who won, the sides' scores, the deals."""

    lineup: tuple[str, ...]
    """The bot at each seat."""
    won: tuple[bool, ...]
    """Whether each seat's side won the game."""
    scores: tuple[int, ...]
    """The sides' final scores."""
    deals: int
    side_of: tuple[int, ...]
    """Each seat's side."""
    faults: int
    times: dict[str, list[float]] = field(default_factory=dict)
    """Each bot's decision times (seconds), for the moves with a choice."""

    def points_per_deal(self, seat: int) -> float:
        """The points ``seat``'s side made per deal in this game."""
        return self.scores[self.side_of[seat]] / self.deals


@dataclass(frozen=True)
class Group:
    """One seeded game played once per rotation."""

    seed: int
    rotations: tuple[Rotation, ...]

    def figure(self, bot: str, what: str) -> float | None:
        """``bot``'s average over its seats and rotations of ``what`` (``"win"`` or
        ``"points"``); None if it did not play."""
        values = [(float(r.won[s]) if what == "win" else r.points_per_deal(s))
                  for r in self.rotations for s, name in enumerate(r.lineup) if name == bot]
        return sum(values) / len(values) if values else None


def play_game(rules: HouseRules, lineup: Sequence[str], seed: int, rotation: int,
              budget: float | None) -> Rotation:
    """Game ``seed`` with ``lineup`` rotated ``rotation`` seats."""
    n = rules.players
    seats = tuple(lineup[(s - rotation) % n] for s in range(n))
    bots = [make_player(name, seed=derive(seed, rotation, s), budget=budget)
            for s, name in enumerate(seats)]
    g = Race(seed=seed, rules=rules)
    faults = 0
    times: dict[str, list[float]] = {name: [] for name in set(seats)}
    while not g.is_over:
        seat = g.turn
        assert seat is not None
        v = g.view(seat)
        d = decide(bots[seat], v, v.legal_actions)
        if len(v.legal_actions) > 1:
            times[seats[seat]].append(d.seconds)
        if d.fault is not None:
            faults += 1
        g.apply(d.action)
    assert g.winner is not None
    side_of = tuple(rules.side_of(s) for s in range(n))
    return Rotation(seats, tuple(side_of[s] == g.winner for s in range(n)), g.scores,
                    g.number, side_of, faults, times)


def play_group(rules: HouseRules, lineup: Sequence[str], seed: int,
               budget: float | None = None) -> Group:
    """Game ``seed`` played once per rotation of ``lineup``."""
    return Group(seed, tuple(play_game(rules, lineup, seed, r, budget)
                             for r in range(rules.players)))


def _play_group_args(args: tuple[HouseRules, tuple[str, ...], int, float | None]) -> Group:
    return play_group(*args)


@dataclass(frozen=True)
class Interval:
    """A mean with the half-width of its 95% interval over ``n`` values."""

    mean: float
    half: float
    n: int

    @staticmethod
    def of(values: Sequence[float]) -> Interval:
        n = len(values)
        if n == 0:
            return Interval(0.0, 0.0, 0)
        mean = sum(values) / n
        if n < 2:
            return Interval(mean, math.inf, n)
        var = sum((x - mean) ** 2 for x in values) / (n - 1)
        return Interval(mean, Z95 * math.sqrt(var / n), n)

    def text(self, fmt: str = ".3f", signed: bool = False) -> str:
        spec = ("+" if signed else "") + fmt
        return f"{self.mean:{spec}} ± {self.half:{fmt}}"

    @property
    def above_zero(self) -> bool:
        return self.mean - self.half > 0


@dataclass(frozen=True)
class Results:
    """Every group of an arena run, and the figures computed from them."""

    rules: HouseRules
    lineup: tuple[str, ...]
    groups: list[Group]
    seconds: float = 0.0

    @property
    def bots(self) -> list[str]:
        """The distinct bots, in line-up order."""
        return list(dict.fromkeys(self.lineup))

    @property
    def faults(self) -> int:
        return sum(r.faults for g in self.groups for r in g.rotations)

    def figure(self, bot: str, what: str) -> Interval:
        """``bot``'s ``what`` (``"win"``, ``"points"``) over the groups."""
        return Interval.of([x for g in self.groups
                            if (x := g.figure(bot, what)) is not None])

    def difference(self, a: str, b: str, what: str) -> Interval:
        """``a``'s ``what`` less ``b``'s, paired within each group."""
        out = []
        for g in self.groups:
            x, y = g.figure(a, what), g.figure(b, what)
            if x is not None and y is not None:
                out.append(x - y)
        return Interval.of(out)

    def times(self, bot: str) -> list[float]:
        """``bot``'s decision times, sorted."""
        return sorted(t for g in self.groups for r in g.rotations
                      for t in r.times.get(bot, []))

    def report(self) -> str:
        """The text the arena prints."""
        r = self.rules
        games = sum(len(g.rotations) for g in self.groups)
        lines = [f"Twenty-Five arena: {r.players} players, teams {r.teams}, target "
                 f"{r.target}; line-up {', '.join(self.lineup)} (rotated through every "
                 f"seat); {len(self.groups)} groups x {r.players} rotations = {games} "
                 f"games, {self.seconds:.0f} s",
                 f"{'bot':<8} {'seats':>5}  {'win rate':>15}  {'points per deal':>15}"]
        for bot in self.bots:
            lines.append(f"{bot:<8} {self.lineup.count(bot):>5}  "
                         f"{self.figure(bot, 'win').text():>15}  "
                         f"{self.figure(bot, 'points').text('.2f'):>15}")
        lines.append(f"fair share of wins: {1 / r.sides:.3f} a seat")
        bots = self.bots
        for i, a in enumerate(bots):
            for b in bots[i + 1:]:
                w = self.difference(a, b, "win")
                p = self.difference(a, b, "points")
                verdict = ("above zero" if w.above_zero else
                           "below zero" if w.mean + w.half < 0 else "not clear of zero")
                lines.append(f"{a} - {b}: win rate {w.text(signed=True)} ({verdict}), "
                             f"points per deal {p.text('.2f', signed=True)} "
                             f"(paired over {w.n} groups)")
        for bot in bots:
            ts = self.times(bot)
            if ts and bot in ("medium", "hard"):
                lines.append(f"{bot} decision time: p50 {1000 * percentile(ts, 50):.1f} ms, "
                             f"p95 {1000 * percentile(ts, 95):.1f} ms, max "
                             f"{1000 * ts[-1]:.1f} ms ({len(ts)} decisions)")
        lines.append(f"faults: {self.faults}")
        return "\n".join(lines)


def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (nearest rank) of ``sorted_values``."""
    if not sorted_values:
        return 0.0
    k = max(0, min(len(sorted_values) - 1,
                   math.ceil(q / 100 * len(sorted_values)) - 1))
    return sorted_values[k]


def iter_groups(rules: HouseRules, lineup: Sequence[str], groups: int, seed: int = 0,
                jobs: int = 1, budget: float | None = None) -> Iterator[Group]:
    """The groups of a run, in order (on ``jobs`` processes)."""
    tasks = [(rules, tuple(lineup), derive("game", seed, i), budget) for i in range(groups)]
    if jobs <= 1:
        for t in tasks:
            yield _play_group_args(t)
        return
    with multiprocessing.get_context("spawn").Pool(jobs) as pool:
        yield from pool.imap(_play_group_args, tasks)


def play_groups(rules: HouseRules, lineup: Sequence[str], groups: int, seed: int = 0,
                jobs: int = 1, budget: float | None = None) -> Results:
    """Play ``groups`` groups and gather the results."""
    if len(lineup) != rules.players:
        raise ValueError(f"the line-up names {len(lineup)} bots for {rules.players} seats")
    t0 = time.perf_counter()
    out = list(iter_groups(rules, lineup, groups, seed, jobs, budget))
    return Results(rules, tuple(lineup), out, time.perf_counter() - t0)


def lineup_of(rules: HouseRules, a: str, b: str) -> tuple[str, ...]:
    """``a`` on side 0's seats, ``b`` on every other seat."""
    return tuple(a if rules.side_of(s) == 0 else b for s in range(rules.players))


def main(argv: Sequence[str] | None = None) -> int:
    """``twentyfive arena``: play, print the figures (progress every tenth of the run)."""
    ap = argparse.ArgumentParser(prog="twentynine arena --game twentyfive", description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--a", default="hard", choices=LEVEL_NAMES,
                    help="the bot on side 0's seats")
    ap.add_argument("--b", default="medium", choices=LEVEL_NAMES,
                    help="the bot on every other seat")
    ap.add_argument("--lineup", default=None, metavar="BOT,BOT,...",
                    help="every seat's bot instead of --a/--b")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--teams", default="none")
    ap.add_argument("--target", type=int, default=25)
    ap.add_argument("--groups", type=int, default=100, help="seeded games, each played "
                    "once per seat")
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--jobs", type=int, default=1)
    ap.add_argument("--budget", type=float, default=None, metavar="SECONDS",
                    help="the search bots' time per decision (default: each bot's own)")
    opts = ap.parse_args(argv)
    try:
        rules = HouseRules(players=opts.players, teams=opts.teams, target=opts.target)
    except HouseRulesError as exc:
        ap.exit(2, f"twentynine arena: error: {exc}\n")
    if opts.lineup:
        lineup = tuple(x.strip() for x in opts.lineup.split(","))
        bad = [x for x in lineup if x not in LEVEL_NAMES]
        if bad or len(lineup) != rules.players:
            ap.exit(2, f"twentynine arena: error: --lineup needs {rules.players} of "
                       f"{', '.join(LEVEL_NAMES)}\n")
    else:
        lineup = lineup_of(rules, opts.a, opts.b)
    if opts.groups < 1 or opts.jobs < 1:
        ap.exit(2, "twentynine arena: error: --groups and --jobs must be at least 1\n")
    t0 = time.perf_counter()
    done: list[Group] = []
    for g in iter_groups(rules, lineup, opts.groups, opts.seed, opts.jobs, opts.budget):
        done.append(g)
        if len(done) % max(10, opts.groups // 10) == 0 and len(done) < opts.groups:
            partial = Results(rules, lineup, done, time.perf_counter() - t0)
            bots = partial.bots
            if len(bots) > 1:
                w = partial.difference(bots[0], bots[1], "win")
                print(f"[{len(done)} groups, {partial.seconds:.0f} s] {bots[0]} - "
                      f"{bots[1]}: win rate {w.text(signed=True)}", flush=True)
    res = Results(rules, lineup, done, time.perf_counter() - t0)
    print(res.report(), flush=True)
    return 1 if res.faults else 0


if __name__ == "__main__":
    sys.exit(main())
