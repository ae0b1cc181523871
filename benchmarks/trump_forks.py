"""How well ``hard`` names trump: every option played to the end, and choosers scored on them.

In ``hard`` self-play (the candidate's ``--options``), at each trump choice every legal
option (a card of the bidder's four, or a suit with a marker) is played to the end of the
deal ``--reps`` times by four fresh bots with the same options, seeded alike across the
options, so the options differ only by the trump.  Each option's realized value is the
bidding team's game points minus the other's, averaged over the reps.  Then each chooser
(``--chooser label:k=v,...``, repeated; each on top of ``--options``; ``base`` is
``--options`` alone) makes the same decision from the bidder's view, and is scored by the
realized value of its pick: its mean over the decisions, and its paired difference from
``base`` with the 95% interval.  ``oracle`` is the best option by half of the reps, scored
on the other half (both ways), so it is not flattered by the noise of the reps: it bounds
what a better trump choice could gain.  Every decision is written as a JSON line to
``--out`` as it comes, so a stopped run keeps its decisions; ``--summarize FILE...``
reprints the report from such files.

Run:  python benchmarks/trump_forks.py --rules standard --deals 200 --seed 19 --reps 2 \\
          --options crn=1,time_budget=0.35,... --chooser declarer:bid_policy=declarer \\
          --out trump-standard.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import sys
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from bid_margin import finish, hard, mean_ci, team_score
from versus_old import RULESETS, parse_options

from twentynine.actions import ACTIONS
from twentynine.deal import DEAL_OVER, TRUMP, Deal


def one_deal(index: int, seed: int, rules_name: str, options: dict[str, Any],
             choosers: dict[str, dict[str, Any]], reps: int) -> dict[str, Any] | None:
    """The deal's trump choice with every option played out ``reps`` times (None: no
    trump choice with a choice in it)."""
    rules = RULESETS[rules_name]
    d = Deal.from_seed(seed * 100_003 + index, index % 4, rules)
    bots = [hard(seed * 1_000_003 + index * 8 + s, options) for s in range(4)]
    while d.phase_code != TRUMP:
        if d.phase_code == DEAL_OVER:
            return None
        v = d.view(d.turn)
        d.apply(bots[d.turn].choose(v, v.legal_actions), d.turn)
    seat = d.turn
    view = d.view(seat)
    legal = list(view.legal_actions)
    if len(legal) < 2:
        return None
    codes = [a.code for a in legal]
    picks: dict[str, int] = {}
    est: dict[str, list[float]] = {}
    for label, extra in choosers.items():
        bot = hard(seed * 9_000_011 + index, {**options, **extra})
        picks[label] = bot.choose(view, legal).code
        e = bot.estimates
        est[label] = list(e.values) if e is not None and e.phase == "trump" else []
    scores: dict[int, list[int]] = {}
    for code in codes:
        row = []
        for r in range(reps):
            branch = d.clone()
            branch.apply(ACTIONS[code], seat)
            finish(branch, seed * 7_000_003 + index * 16 + r, options)
            row.append(team_score(branch, seat & 1))
        scores[code] = row
    return {"rules": rules_name, "index": index, "seat": seat, "codes": codes,
            "picks": picks, "estimates": est,
            "scores": {str(c): s for c, s in scores.items()}}


def oracle(scores: dict[str, list[int]]) -> float:
    """The best option by one half of the reps, valued on the other (both ways)."""
    reps = len(next(iter(scores.values())))
    if reps < 2:
        return float("nan")
    half = reps // 2
    vals = []
    for pick_part, score_part in ((slice(0, half), slice(half, reps)),
                                  (slice(half, reps), slice(0, half))):
        best = max(scores, key=lambda c: sum(scores[c][pick_part]))
        part = scores[best][score_part]
        vals.append(sum(part) / len(part))
    return sum(vals) / len(vals)


def report(recs: Sequence[dict[str, Any]]) -> str:
    """Each chooser's realized value and its paired difference from ``base``."""
    lines = []
    for rules_name in [*sorted({r["rules"] for r in recs}), "all"]:
        rs = [r for r in recs if rules_name in ("all", r["rules"])]
        if not rs:
            continue
        lines.append(f"{rules_name}: {len(rs)} trump choices")
        labels = list(rs[0]["picks"])

        def value(r: dict[str, Any], code: int) -> float:
            s = r["scores"][str(code)]
            return float(sum(s)) / len(s)

        base = [value(r, r["picks"]["base"]) for r in rs]
        for label in labels:
            got = [value(r, r["picks"][label]) for r in rs]
            m, h = mean_ci(got)
            dm, dh = mean_ci([g - b for g, b in zip(got, base, strict=True)])
            same = sum(r["picks"][label] == r["picks"]["base"] for r in rs)
            lines.append(f"  {label:>12}: {m:+.3f} ± {h:.3f}   - base {dm:+.3f} ± {dh:.3f}"
                         f"   same pick as base {same}/{len(rs)}")
        orc = [oracle(r["scores"]) - b for r, b in zip(rs, base, strict=True)]
        orc = [x for x in orc if not math.isnan(x)]
        if orc:
            m, h = mean_ci(orc)
            lines.append(f"  {'oracle':>12}: - base {m:+.3f} ± {h:.3f} (best by half the reps)")
        mean_all = [sum(value(r, c) for c in r["codes"]) / len(r["codes"]) - b
                    for r, b in zip(rs, base, strict=True)]
        m, h = mean_ci(mean_all)
        lines.append(f"  {'any option':>12}: - base {m:+.3f} ± {h:.3f} (an option at random)")
    return "\n".join(lines)


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rules", choices=sorted(RULESETS), default="standard")
    p.add_argument("--deals", type=int, default=100)
    p.add_argument("--seed", type=int, default=19)
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--options", default="")
    p.add_argument("--chooser", action="append", default=[],
                   help="label:k=v,... (repeatable), on top of --options")
    p.add_argument("--out", default="")
    p.add_argument("--summarize", nargs="*")
    a = p.parse_args(argv)
    if a.summarize:
        print(report([json.loads(line) for f in a.summarize
                      for line in Path(f).read_text().splitlines() if line.strip()]))
        return 0
    options = parse_options(a.options)
    choosers: dict[str, dict[str, Any]] = {"base": {}}
    for spec in a.chooser:
        label, _, kv = spec.partition(":")
        choosers[label] = parse_options(kv)
    recs: list[dict[str, Any]] = []
    out = open(a.out, "a") if a.out else None  # noqa: SIM115 - kept open for the run
    start = time.perf_counter()
    for i in range(a.deals):
        rec = one_deal(i, a.seed, a.rules, options, choosers, a.reps)
        if rec is None:
            continue
        recs.append(rec)
        if out is not None:
            out.write(json.dumps(rec) + "\n")
            out.flush()
        print(f"deal {i}: {len(recs)} choices, {time.perf_counter() - start:.0f} s",
              flush=True)
        if len(recs) % 20 == 0:
            print(report(recs), flush=True)
    print(report(recs))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
