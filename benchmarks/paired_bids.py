"""Two auction rules of ``hard`` on paired deals: where they bid alike, the deal is the same.

Run:  python benchmarks/paired_bids.py --deals 1000 --a pass_sim=1 [--b ...] [--seed 1]
          [--rules standard|tournament] [--jobs 2] [--log FILE]

Deal ``i`` is dealt from the arena's board seed (``twentynine arena``'s board ``i``) and
played twice with the teams swapped: in room 0 setting A holds seats 0 and 2, in room 1
seats 1 and 3.  Unlike the arena, each seat's bot is seeded by the deal and the seat alone,
the same in both rooms, and the clock is lifted (the sample counts bound every search): so
where the two settings make the same auction, the two rooms are the same deal with the
teams swapped and the deal scores exactly 0, and the card play is not played at all.  Only
the deals whose auctions differ carry a result, and no luck of the cards or of the bots'
random streams enters the others.  A deal's score is the mean over its rooms of A's game
points minus B's; the report gives the mean per deal with its 95% interval (mean +-
1.96 sd / sqrt(deals)), and the same over the deals whose auctions differed.

``--a`` and ``--b`` are ``hard``'s settings to change, ``name=value`` separated by commas
(``--a compete_threshold=-0.1``); ``--log`` appends one JSON line a deal.
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing
import os
import sys
import time
from typing import Any

from twentynine import build_kind
from twentynine.bots import decide, make_bot
from twentynine.cli.arena import _derive, board_seed
from twentynine.engine.deal import Deal, Phase
from twentynine.engine.rules import Rules

CLOCK = 60.0
"""Every search's clock: far above its length, so that the sample counts bound it."""


def settings(text: str) -> dict[str, float]:
    """``a=1,b=-0.1`` as ``hard``'s settings."""
    out: dict[str, float] = {}
    for part in filter(None, text.split(",")):
        name, _, value = part.partition("=")
        out[name.strip()] = float(value)
    return out


def _room(deal: Deal, bots: list[Any], to_end: bool) -> None:
    while not deal.is_over and (to_end or deal.phase is Phase.AUCTION):
        seat = deal.turn
        deal.apply(decide(bots[seat], deal.view(seat), budget=None).action, seat)


def play_deal(task: tuple[int, int, dict[str, Any], dict[str, float], dict[str, float]]
              ) -> dict[str, Any]:
    """Deal ``i`` in both rooms; its score and what each room bid."""
    i, seed, rules_dict, opt_a, opt_b = task
    rules = Rules.from_dict(rules_dict)
    deals, bots = [], []
    for room in (0, 1):
        seats = ["A" if (s & 1) == room else "B" for s in range(4)]
        bots.append([make_bot("hard", seed=_derive("paired", seed, i, s),
                              time_budget=CLOCK, **(opt_a if seats[s] == "A" else opt_b))
                     for s in range(4)])
        deals.append(Deal.from_seed(board_seed(seed, i), i % 4, rules))
    for d, b in zip(deals, bots, strict=True):
        _room(d, b, to_end=False)
    same = deals[0].log == deals[1].log
    score = 0.0
    contracts = []
    if not same:
        for room, (d, b) in enumerate(zip(deals, bots, strict=True)):
            _room(d, b, to_end=True)
            out = d.outcome
            assert out is not None
            g = out.game_points
            score += (g[room] - g[1 - room]) / 2
            side = "-" if out.bidder < 0 else ("A" if (out.bidder & 1) == room else "B")
            contracts.append((side, out.bid, bool(out.made), bool(out.dead)))
    return {"deal": i, "same": same, "score": score, "contracts": contracts}


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--deals", type=int, default=200)
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--start", type=int, default=0, help="the first deal's index")
    p.add_argument("--a", default="", help="setting A: hard's settings changed, k=v,...")
    p.add_argument("--b", default="", help="setting B (default: hard as it is)")
    p.add_argument("--rules", choices=("standard", "tournament"), default="standard")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--log", help="append one JSON line a deal to this file")
    p.add_argument("--progress", action="store_true")
    args = p.parse_args(argv)
    rules = (Rules() if args.rules == "standard" else
             Rules(trump_indicator="marker", pair=False, last_trick_point=False))
    opt_a, opt_b = settings(args.a), settings(args.b)
    tasks = [(i, args.seed, rules.to_dict(), opt_a, opt_b)
             for i in range(args.start, args.start + args.deals)]
    print(f"build: {build_kind()}  pid {os.getpid()}  load {os.getloadavg()[0]:.1f}  "
          f"rules {args.rules}  seed {args.seed}  deals {args.start}..."
          f"{args.start + args.deals - 1}\nA: hard {args.a or '(as it is)'}\n"
          f"B: hard {args.b or '(as it is)'}", flush=True)
    t0 = time.time()
    results: list[dict[str, Any]] = []
    log = open(args.log, "a", encoding="utf-8") if args.log else None  # noqa: SIM115
    ctx = multiprocessing.get_context("fork")
    with ctx.Pool(max(1, args.jobs)) as pool:
        for r in pool.imap_unordered(play_deal, tasks):
            results.append(r)
            if log is not None:
                log.write(json.dumps(r) + "\n")
                log.flush()
            if args.progress and len(results) % 25 == 0:
                print(f"  {len(results)} deals, {time.time() - t0:.0f} s", file=sys.stderr,
                      flush=True)
    if log is not None:
        log.close()
    print(report(results, time.time() - t0))
    return 0


def interval(xs: list[float]) -> tuple[float, float]:
    """The mean and the half width of its 95% interval."""
    n = len(xs)
    if n < 2:
        return (xs[0] if xs else 0.0), float("nan")
    m = sum(xs) / n
    sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1))
    return m, 1.96 * sd / math.sqrt(n)


def report(results: list[dict[str, Any]], seconds: float = 0.0) -> str:
    """The mean per deal (A - B game points) with its interval, over all the deals and over
    those whose auctions differed."""
    scores = [r["score"] for r in results]
    diff = [r for r in results if not r["same"]]
    m, hw = interval(scores)
    md, hwd = interval([r["score"] for r in diff])
    played = {"A": [0, 0], "B": [0, 0]}
    for r in diff:
        for side, _bid, made, dead in r["contracts"]:
            if side in played and not dead:
                played[side][0] += made
                played[side][1] += 1
    return (f"{len(results)} deals in {seconds:.0f} s; auctions differed in {len(diff)}\n"
            f"A - B game points a deal: {m:+.4f} +- {hw:.4f} "
            f"({m - hw:+.4f} .. {m + hw:+.4f})\n"
            f"over the deals that differed: {md:+.3f} +- {hwd:.3f}\n"
            f"contracts made / played where they differed: A {played['A'][0]}/"
            f"{played['A'][1]}, B {played['B'][0]}/{played['B'][1]}")


if __name__ == "__main__":
    raise SystemExit(main())
