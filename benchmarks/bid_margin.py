"""Where should ``hard`` bid?  Marginal auction decisions, both calls played out.

Plays seeded ``hard`` self-play deals (all four seats the same options) up to the end of
the auction.  At every auction decision with a choice between the lowest legal bid and
passing, it records the seat's own estimate of the lowest legal bid's value (expected game
points with the best trump, as the bot computed it) and the rule in force:

* ``open``: nobody holds the bid yet, the bot bids while the estimate beats
  ``bid_threshold``;
* ``compete``: an opponent holds the bid, the bar is ``compete_threshold``;
* ``partner``: the partner holds it, the bot bids only if its best bid is at least
  ``partner_margin`` levels above the partner's.

A decision is marginal when the estimate is within ``--window`` of its bar (``partner``:
when the bot's best bid is 1 or 2 levels above the partner's).  There the deal is forked:
one branch bids, the other passes, and each is played to the end by four fresh bots of
the same options seeded alike in both branches.  The deciding team's game points (its own
minus the other team's, as the arena counts a room) in each branch give ``bid - pass``.

Printed as the run goes (so a stopped run still counts): every fork, then per rule and
estimate bucket the mean of ``bid - pass`` with its 95% interval, and for each threshold
change the expected gain per deal (decisions that change, times their ``bid - pass``,
summed per deal and averaged over all deals played, with a 95% interval).

Run (compiled build, one process per rule set):
    nice -n 10 python benchmarks/bid_margin.py --rules standard --deals 200 --seed 1 \\
        --options crn=1,no_ask=1.0,time_budget=0.35,margin_weight=0.01,exact_binary=1,\
exact_tricks=5,exact_samples=60,marker_tilt=1.5,play_infer=0.5
    python benchmarks/bid_margin.py --summarize out-standard.txt out-tournament.txt
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from twentynine.actions import ACTIONS, BID_BASE, PASS_CODE, Action
from twentynine.bots import make_bot
from twentynine.bots.calls import best_bid, contract_ev
from twentynine.bots.medium import MediumBot
from twentynine.deal import AUCTION, DEAL_OVER, Deal
from twentynine.rules import Rules

sys.path.insert(0, str(Path(__file__).resolve().parent))
from versus_old import RULESETS, parse_options


@dataclass(frozen=True, slots=True)
class Fork:
    """One marginal decision and its two branches' results."""

    deal: int
    kind: str
    estimate: float
    """The bot's estimate of the lowest legal bid's value (game points)."""
    bar: float
    """The threshold in force (``partner``: the partner margin)."""
    levels: int
    """``partner``: the bot's best bid minus the partner's bid (else 0)."""
    bid: bool
    """What the bot did."""
    gain: float
    """The deciding team's game points bidding minus passing."""


def hard(seed: int, options: dict[str, Any]) -> MediumBot:
    """A ``hard`` bot with the options (it is a MediumBot underneath)."""
    bot = make_bot("hard", seed, **options)
    assert isinstance(bot, MediumBot)
    return bot


def finish(d: Deal, seed: int, options: dict[str, Any]) -> None:
    """Play ``d`` to its end with four fresh bots seeded from ``seed``."""
    bots = [hard(seed * 4 + s, options) for s in range(4)]
    while d.phase_code != DEAL_OVER:
        v = d.view(d.turn)
        d.apply(bots[d.turn].choose(v, v.legal_actions), d.turn)


def team_score(d: Deal, team: int) -> int:
    """The team's game points minus the other team's in a finished deal."""
    out = d.outcome
    assert out is not None
    g = out.game_points
    return g[team] - g[1 - team]


def classify(bot: MediumBot, d: Deal, seat: int, lo: int,
             window: float) -> tuple[str, float, float, int, bool] | None:
    """The decision's kind, estimate, bar and partner levels; whether it is marginal."""
    est = bot.estimates
    if est is None or est.phase != "bid" or not est.table:
        return None
    view = d.view(seat)
    rules = view.rules
    team = seat & 1
    value = max(contract_ev(rules, team, lo, r) for r in est.table)
    if view.bidder is None or not view.high_bid:
        bar = bot.bid_threshold
        return "open", value, bar, 0, abs(value - bar) <= window
    if (view.bidder & 1) != team:
        bar = bot.compete_threshold
        return "compete", value, bar, 0, abs(value - bar) <= window
    top = best_bid(rules, team, est.table, bot.bid_threshold)
    levels = top - view.high_bid if top else 0
    return "partner", value, float(bot.partner_margin), levels, levels in (1, 2)


def one_deal(index: int, seed: int, rules: Rules, options: dict[str, Any],
             window: float) -> list[Fork]:
    """The auction of deal ``index`` with its marginal decisions forked."""
    d = Deal.from_seed(seed * 100_003 + index, index % 4, rules)
    bots = [hard(seed * 1_000_003 + index * 8 + s, options) for s in range(4)]
    forks: list[Fork] = []
    while d.phase_code == AUCTION:
        seat = d.turn
        view = d.view(seat)
        legal: Sequence[Action] = view.legal_actions
        action = bots[seat].choose(view, legal)
        codes = [a.code for a in legal]
        bids = [c - BID_BASE for c in codes if BID_BASE <= c < PASS_CODE]
        if PASS_CODE in codes and bids and action.code in (PASS_CODE, BID_BASE + min(bids)):
            lo = min(bids)
            got = classify(bots[seat], d, seat, lo, window)
            if got is not None and got[4]:
                kind, value, bar, levels, _ = got
                branch_seed = seed * 7_000_003 + index * 64 + len(forks)
                scores = []
                for code in (BID_BASE + lo, PASS_CODE):
                    branch = d.clone()
                    branch.apply(ACTIONS[code], seat)
                    finish(branch, branch_seed, options)
                    scores.append(team_score(branch, seat & 1))
                forks.append(Fork(index, kind, value, bar, levels,
                                  action.code != PASS_CODE, float(scores[0] - scores[1])))
        d.apply(action, seat)
    return forks


def mean_ci(xs: Sequence[float]) -> tuple[float, float]:
    """Mean and the half-width of its 95% interval."""
    n = len(xs)
    if n == 0:
        return 0.0, 0.0
    m = sum(xs) / n
    if n < 2:
        return m, float("inf")
    var = sum((x - m) ** 2 for x in xs) / (n - 1)
    return m, 1.96 * math.sqrt(var / n)


def changes(forks: Sequence[Fork], deals: int) -> list[str]:
    """For each threshold change, the expected gain per deal with its 95% interval."""
    lines: list[str] = []
    for kind in ("open", "compete"):
        mine = [f for f in forks if f.kind == kind]
        if not mine:
            continue
        bar = mine[0].bar
        for step in (-0.3, -0.2, -0.1, 0.1, 0.2, 0.3):
            new = bar + step
            per_deal = [0.0] * deals
            n = 0
            for f in mine:
                # a lower bar makes passes with new < estimate <= bar bids, a higher one
                # makes bids with bar < estimate <= new passes
                if step < 0 and new < f.estimate <= bar:
                    per_deal[f.deal] += f.gain
                    n += 1
                elif step > 0 and bar < f.estimate <= new:
                    per_deal[f.deal] -= f.gain
                    n += 1
            m, ci = mean_ci(per_deal)
            lines.append(f"  {kind} bar {bar:+.2f} -> {new:+.2f}: {n} decisions change, "
                         f"{m:+.4f} +- {ci:.4f} game points per deal")
    part = [f for f in forks if f.kind == "partner"]
    for margin, levels, sign in ((1, 1, 1.0), (3, 2, -1.0)):
        per_deal = [0.0] * deals
        n = 0
        for f in part:
            if f.levels == levels:
                per_deal[f.deal] += sign * f.gain
                n += 1
        m, ci = mean_ci(per_deal)
        lines.append(f"  partner_margin 2 -> {margin}: {n} decisions change, "
                     f"{m:+.4f} +- {ci:.4f} game points per deal")
    return lines


def fit(forks: Sequence[Fork]) -> list[str]:
    """Per kind, ``bid - pass`` fitted by a line in (estimate - bar): its value at the bar
    (where an optimal bar has bid and pass worth the same), and the means below and above."""
    lines: list[str] = []
    for kind in ("open", "compete"):
        mine = [f for f in forks if f.kind == kind]
        n = len(mine)
        if n < 3:
            continue
        xs = [f.estimate - f.bar for f in mine]
        ys = [f.gain for f in mine]
        mx, my = sum(xs) / n, sum(ys) / n
        sxx = sum((x - mx) ** 2 for x in xs)
        if sxx == 0:
            continue
        slope = sum((x - mx) * (y - my) for x, y in zip(xs, ys, strict=True)) / sxx
        at_bar = my - slope * mx
        res = sum((y - at_bar - slope * x) ** 2 for x, y in zip(xs, ys, strict=True)) / (n - 2)
        se_bar = math.sqrt(res * (1 / n + mx * mx / sxx))
        se_slope = math.sqrt(res / sxx)
        below = mean_ci([y for x, y in zip(xs, ys, strict=True) if x <= 0])
        above = mean_ci([y for x, y in zip(xs, ys, strict=True) if x > 0])
        lines.append(f"  {kind} fit: bid-pass at the bar {at_bar:+.3f} +- {1.96 * se_bar:.3f}, "
                     f"slope {slope:+.3f} +- {1.96 * se_slope:.3f} per game point; "
                     f"below the bar {below[0]:+.3f} +- {below[1]:.3f}, "
                     f"above {above[0]:+.3f} +- {above[1]:.3f}")
    return lines


def parse_forks(paths: Sequence[str]) -> tuple[list[Fork], int]:
    """The forks printed in earlier runs' output files and their deals (for pooling); the
    deals of each file are numbered after the previous file's."""
    forks: list[Fork] = []
    offset = 0
    for path in paths:
        deals = 0
        for line in Path(path).read_text().splitlines():
            t = line.split()
            if t[:1] == ["fork"]:
                forks.append(Fork(offset + int(t[2]), t[3], float(t[5]), float(t[7]),
                                  int(t[9]), t[11] == "bid", float(t[13])))
            elif line.startswith("[") and " after " in line:
                deals = int(line.split(" after ")[1].split()[0])
        offset += deals
    return forks, offset


def report(forks: Sequence[Fork], deals: int) -> str:
    """The running summary: buckets of (estimate - bar) and the threshold changes."""
    out = [f"after {deals} deals, {len(forks)} forks"]
    out.extend(fit(forks))
    for kind in ("open", "compete"):
        mine = [f for f in forks if f.kind == kind]
        for lo10 in range(-4, 4):
            cell = [f.gain for f in mine
                    if lo10 / 10 < f.estimate - f.bar <= (lo10 + 1) / 10]
            if cell:
                m, ci = mean_ci(cell)
                bid = sum(f.bid for f in mine if lo10 / 10 < f.estimate - f.bar <= (lo10 + 1) / 10)
                out.append(f"  {kind} estimate-bar in ({lo10 / 10:+.1f}, {(lo10 + 1) / 10:+.1f}]: "
                           f"n {len(cell)} (bot bid {bid}), bid-pass {m:+.3f} +- {ci:.3f}")
    for levels in (1, 2):
        cell = [f.gain for f in forks if f.kind == "partner" and f.levels == levels]
        if cell:
            m, ci = mean_ci(cell)
            out.append(f"  partner best bid {levels} above: n {len(cell)}, "
                       f"bid-pass {m:+.3f} +- {ci:.3f}")
    out.extend(changes(forks, deals))
    return "\n".join(out)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0] if __doc__ else None)
    p.add_argument("--rules", choices=sorted(RULESETS), default="standard")
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--window", type=float, default=0.35)
    p.add_argument("--options", default="", help="hard's options, k=v,k=v")
    p.add_argument("--summarize", nargs="+", metavar="FILE",
                   help="play nothing: pool the forks printed in these output files")
    args = p.parse_args(argv)
    if args.summarize:
        pooled, played = parse_forks(args.summarize)
        print(report(pooled, played))
        return 0
    rules = RULESETS[args.rules]
    options = parse_options(args.options)
    forks: list[Fork] = []
    start = time.perf_counter()
    for i in range(args.deals):
        new = one_deal(i, args.seed, rules, options, args.window)
        forks.extend(new)
        for f in new:
            print(f"fork deal {f.deal} {f.kind} estimate {f.estimate:+.3f} bar {f.bar:+.2f} "
                  f"levels {f.levels} bot {'bid' if f.bid else 'pass'} bid-pass {f.gain:+.0f}")
        print(f"[{args.rules}] {time.perf_counter() - start:.0f} s " + report(forks, i + 1),
              flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
