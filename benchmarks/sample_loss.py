"""What card play's world count costs: each choice scored against a reference search.

For positions in the first tricks (the ones card play still rolls out, before the exact
endgame), a reference ``hard`` with ``--ref`` worlds values every legal card; ``hard``
with each of ``--counts`` worlds then chooses ``--seeds`` times (other seeds), and each
choice's *loss* is the reference value of the best card minus that of the chosen one
(game points to the seat's team, the bid multiplier included).  The paired difference of
the losses says how much a larger count gains per decision, with much less noise than
duplicate boards, though only the noise of the count is measured: the reference uses the
same rollouts, so their bias is not.

With ``--variant label:k=v,k=v`` (repeated) the choosers are those option sets instead
of world counts (each on top of ``--options``), e.g. a fixed count against a race:
``--variant fixed:samples=800 --variant race:samples=800,race=2.5``; the printed times
then include the mean and p95, as a race trades easy decisions' time for close ones'.

With ``--param exact_samples`` and ``--after`` the same is asked of the exact endgame's
world count (``--options`` must then set ``exact_tricks`` to reach those tricks).

Positions come from ``versus_old.py --log`` files (one random early position per room),
or, without ``--log``, from ``medium`` self-play deals.

Run:  python benchmarks/sample_loss.py --rules standard --positions 200 --ref 4000 \\
          --counts 400,1000 --seeds 2 --options crn=1,exact_tricks=5
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).parent))

from versus_old import RULESETS, parse_options

from twentynine.arena import board_seed
from twentynine.bots import make_bot
from twentynine.deal import Deal
from twentynine.rules import Rules


def early(d: Deal, before: int, after: int = 0) -> bool:
    """A card-play decision with a choice in tricks ``after`` .. ``before - 1`` (from 0)."""
    return (d.phase.value == "play" and after <= len(d.view(d.turn).tricks) < before
            and len(d.legal_codes()) > 1)


def from_logs(paths: list[str], rules_name: str, rules: Rules, before: int, after: int,
              rng: random.Random) -> list[Deal]:
    out: list[Deal] = []
    for path in paths:
        for line in Path(path).read_text().splitlines():
            rec = json.loads(line)
            if rec["rules"] != rules_name:
                continue
            d = Deal.from_seed(board_seed(rec["seed"], rec["board"]), rec["board"] % 4, rules)
            found = []
            for code in rec["codes"]:
                if early(d, before, after):
                    found.append(d.clone())
                d.step(code)
            if found:
                out.append(rng.choice(found))
    return out


def from_self_play(n: int, rules: Rules, before: int, after: int, rng: random.Random) -> list[Deal]:
    out: list[Deal] = []
    i = 0
    while len(out) < n:
        d = Deal.from_seed(50_000 + i, i % 4, rules)
        bots = [make_bot("medium", seed=i * 4 + s) for s in range(4)]
        found = []
        while not d.is_over:
            if early(d, before, after):
                found.append(d.clone())
            v = d.view(d.turn)
            d.apply(bots[d.turn].choose(v, v.legal_actions))
        if found:
            out.append(rng.choice(found))
        i += 1
    return out


def ci(xs: list[float]) -> tuple[float, float]:
    return statistics.fmean(xs), 1.96 * statistics.stdev(xs) / len(xs) ** 0.5


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", choices=tuple(RULESETS), default="standard")
    ap.add_argument("--positions", type=int, default=200)
    ap.add_argument("--ref", type=int, default=4000, help="the reference's worlds")
    ap.add_argument("--counts", default="400,1000", help="world counts to compare")
    ap.add_argument("--seeds", type=int, default=2, help="choices per count and position")
    ap.add_argument("--before", type=int, default=3, help="positions before this trick")
    ap.add_argument("--after", type=int, default=0, help="positions from this trick on")
    ap.add_argument("--param", choices=("samples", "exact_samples"), default="samples",
                    help="the count that varies: rollout worlds, or worlds solved exactly")
    ap.add_argument("--options", default="", help="hard's other options, k=v,k=v")
    ap.add_argument("--log", action="append", default=[], help="versus_old.py --log file")
    ap.add_argument("--variant", action="append", default=[],
                    help="label:k=v,k=v, a chooser's own options (repeat; replaces --counts)")
    ap.add_argument("--seed", type=int, default=7)
    opts = ap.parse_args()
    if opts.positions < 2:
        ap.error("--positions must be at least 2")
    options = parse_options(opts.options)
    options.pop(opts.param, None)
    options["time_budget"] = 600.0  # the counts decide, never the clock
    variants: dict[str, dict[str, Any]] = {}
    if opts.variant:
        for spec in opts.variant:
            label, _, kv = spec.partition(":")
            variants[label] = parse_options(kv)
    else:
        for c in opts.counts.split(","):
            variants[c] = {opts.param: int(c)}
    counts = list(variants)
    rules = RULESETS[opts.rules]
    rng = random.Random(opts.seed)
    if opts.log:
        positions = from_logs(opts.log, opts.rules, rules, opts.before, opts.after, rng)
        rng.shuffle(positions)
    else:
        positions = from_self_play(opts.positions, rules, opts.before, opts.after, rng)
    positions = positions[:opts.positions]
    loss: dict[str, list[float]] = {k: [] for k in counts}
    best_share: dict[str, list[float]] = {k: [] for k in counts}
    secs: dict[str, list[float]] = {k: [] for k in counts}
    for pi, d in enumerate(positions):
        v = d.view(d.turn)
        ref = make_bot("hard", seed=10_000 + pi, **{opts.param: opts.ref}, **options)
        ref.choose(v, v.legal_actions)
        est = ref.estimates  # type: ignore[attr-defined]
        vals = dict(zip(est.codes, est.values, strict=True))
        top = max(vals.values())
        for k in counts:
            for s in range(opts.seeds):
                bot = make_bot("hard", seed=pi * 100 + s, **{**options, **variants[k]})
                t0 = time.perf_counter()
                a = bot.choose(v, v.legal_actions)
                secs[k].append(time.perf_counter() - t0)
                loss[k].append(top - vals[a.code])
                best_share[k].append(float(vals[a.code] >= top - 1e-12))
        if (pi + 1) % 10 and pi + 1 != len(positions):
            continue
        if pi + 1 < 2:
            continue
        parts = []
        for k in counts:
            m, h = ci(loss[k])
            share = statistics.fmean(best_share[k])
            p50 = statistics.median(secs[k]) * 1000
            mean = statistics.fmean(secs[k]) * 1000
            p95 = sorted(secs[k])[int(0.95 * (len(secs[k]) - 1))] * 1000
            parts.append(f"{k}{'' if opts.variant else ' worlds'}: loss {m:.4f} ± {h:.4f}, "
                         f"best {share:.0%}, p50 {p50:.0f} mean {mean:.0f} p95 {p95:.0f} ms")
        k0 = counts[0]
        for k in counts[1:]:
            m, h = ci([a - b for a, b in zip(loss[k], loss[k0], strict=True)])
            parts.append(f"{k} - {k0}: {m:+.4f} ± {h:.4f}")
        print(f"{opts.rules}, {pi + 1} positions: " + "; ".join(parts), flush=True)


if __name__ == "__main__":
    main()
