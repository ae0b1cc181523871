"""Quick duplicate harness for the search bots (until/besides ``twentynine arena``).

Each board is one deal played twice with the same cards, the teams swapped.  Prints A minus
B game points per board with a 95% interval, card points, bid success and latency.

Run:  python benchmarks/duel.py --a hard --b medium --boards 300 --seed 1 --jobs 2
      [--a-opts '{"time_budget": 0.2}'] [--variant standard]
"""

from __future__ import annotations

import argparse
import json
import math
import multiprocessing as mp
import random
import sys
import time
from typing import Any

from twentynine.bots import make_bot
from twentynine.deal import DEAL_OVER, Deal
from twentynine.rules import Rules


def play_room(seed: int, dealer: int, rules: Rules, bots: list[Any]) -> tuple[Deal, list[
        tuple[int, float]], int]:
    d = Deal.from_rng(random.Random(seed), dealer, rules)
    lat: list[tuple[int, float]] = []
    faults = 0
    while d.phase_code != DEAL_OVER:
        seat = d.turn
        view = d.view(seat)
        legal = view.legal_actions
        t0 = time.perf_counter()
        try:
            a = bots[seat].choose(view, legal)
        except Exception as exc:
            print("fault", exc, file=sys.stderr)
            a = legal[0]
            faults += 1
        dt = time.perf_counter() - t0
        if a not in legal:
            faults += 1
            a = legal[0]
        lat.append((seat, dt))
        d.apply(a)
    return d, lat, faults


def run_board(args: tuple[int, int, str, str, dict[str, Any], dict[str, Any], str]
              ) -> dict[str, Any]:
    board, seed, a, b, aopt, bopt, variant = args
    rules = Rules.preset(variant)
    dseed = seed * 100003 + board
    dealer = board % 4
    res: dict[str, Any] = {"gp": 0.0, "cp": 0.0, "lat_a": [], "lat_b": [], "faults": 0,
                           "bids": []}
    for room in (0, 1):
        # room 0: A on seats 0/2; room 1: A on seats 1/3
        ba = [make_bot(a, seed=dseed * 7 + room * 4 + s, **aopt) for s in range(4)]
        bb = [make_bot(b, seed=dseed * 7 + room * 4 + s + 100, **bopt) for s in range(4)]
        bots = [ba[s] if (s & 1) == room else bb[s] for s in range(4)]
        d, lat, faults = play_room(dseed, dealer, rules, bots)
        out = d.outcome
        assert out is not None
        ta = room  # team of A
        res["gp"] += (out.game_points[ta] - out.game_points[1 - ta]) / 2
        res["cp"] += (d.points[ta] - d.points[1 - ta]) / 2
        for seat, dt in lat:
            (res["lat_a"] if (seat & 1) == ta else res["lat_b"]).append(dt)
        res["faults"] += faults
        side = "A" if (out.bidder & 1) == ta else "B"
        res["bids"].append((side, out.bid, out.made, out.dead))
    return res


def pct(xs: list[float], q: float) -> float:
    if not xs:
        return 0.0
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))]


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--a", default="medium")
    ap.add_argument("--b", default="random")
    ap.add_argument("--a-opts", default="{}")
    ap.add_argument("--b-opts", default="{}")
    ap.add_argument("--boards", type=int, default=100)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--variant", default="standard")
    o = ap.parse_args()
    jobs = [(i, o.seed, o.a, o.b, json.loads(o.a_opts), json.loads(o.b_opts), o.variant)
            for i in range(o.boards)]
    t0 = time.time()
    results = []
    with mp.Pool(o.jobs) as pool:
        for k, r in enumerate(pool.imap(run_board, jobs, chunksize=1)):
            results.append(r)
            if (k + 1) % 25 == 0:
                g = [x["gp"] for x in results]
                print(f"  {k + 1} boards, {time.time() - t0:.0f} s, "
                      f"gp/board {sum(g) / len(g):+.3f}", flush=True)
    n = len(results)
    g = [r["gp"] for r in results]
    c = [r["cp"] for r in results]
    mean = sum(g) / n
    sd = math.sqrt(sum((x - mean) ** 2 for x in g) / (n - 1)) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    cm = sum(c) / n
    csd = math.sqrt(sum((x - cm) ** 2 for x in c) / (n - 1)) if n > 1 else 0.0
    print(f"{o.a} {o.a_opts} vs {o.b} {o.b_opts}: {n} boards, seed {o.seed}, "
          f"variant {o.variant}, {time.time() - t0:.0f} s")
    print(f"game points per board (A-B): {mean:+.3f}  95% CI [{mean - half:+.3f}, "
          f"{mean + half:+.3f}]")
    print(f"card points per board (A-B): {cm:+.2f}  95% CI +-{1.96 * csd / math.sqrt(n):.2f}")
    for side in ("A", "B"):
        bands = {"16-17": [0, 0], "18-19": [0, 0], "20-22": [0, 0], "23+": [0, 0]}
        for r in results:
            for s, bid, made, dead in r["bids"]:
                if s != side or dead:
                    continue
                k = "16-17" if bid <= 17 else "18-19" if bid <= 19 else "20-22" if bid <= 22 \
                    else "23+"
                bands[k][0] += made
                bands[k][1] += 1
        txt = "  ".join(f"{k}: {m}/{t}" for k, (m, t) in bands.items())
        print(f"bids made by {side}: {txt}")
    for side, key in (("A", "lat_a"), ("B", "lat_b")):
        lat = [x for r in results for x in r[key]]
        print(f"latency {side}: p50 {pct(lat, 0.5) * 1000:.0f} ms  p95 {pct(lat, 0.95) * 1000:.0f}"
              f" ms  p99 {pct(lat, 0.99) * 1000:.0f} ms  max {max(lat) * 1000:.0f} ms "
              f"({len(lat)} decisions)")
    print(f"faults: {sum(r['faults'] for r in results)}")


if __name__ == "__main__":
    main()
