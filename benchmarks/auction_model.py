"""What ``hard`` bids with which four cards: the auction model of its world sampler.

``--selfplay N``: plays the auctions of N deals of ``hard`` self-play and prints one JSON
line per choice between bidding and passing (the seat's first four, the bids before it,
its bid or null).  ``--fit FILES``: fits the log-odds of bidding, as a sum of weights
times :data:`~twentynine.bots.worlds.BID_FEATURES` (the four) and
:data:`~twentynine.bots.worlds.AUCTION_CONTEXT` (the auction so far), by maximum
likelihood, and prints the weights and how well they predict held-out choices.

Run:  python benchmarks/auction_model.py --selfplay 1500 --rules standard > std.jsonl
      python benchmarks/auction_model.py --fit std.jsonl
"""

from __future__ import annotations

import argparse
import json
import math
import random

from twentynine.actions import ActionKind
from twentynine.bots.hard import HardBot
from twentynine.bots.worlds import AUCTION_CONTEXT, BID_FEATURES, auction_choices, bid_features
from twentynine.deal import AUCTION, Deal
from twentynine.rules import Rules

RULES = {
    "standard": Rules(),
    "tournament": Rules(trump_indicator="marker", pair=False, last_trick_point=False),
}


def selfplay(rules_name: str, deals: int, seed: int) -> None:
    """Auctions of ``hard`` self-play: one JSON line per choice a seat made between bidding
    and passing (its first four, the bids before it, its bid or null)."""
    rules = RULES[rules_name]
    bots = [HardBot(seed=seed * 4 + s) for s in range(4)]
    rng = random.Random(seed)
    for _ in range(deals):
        d = Deal.from_rng(rng, rng.randrange(4), rules)
        while d.phase_code == AUCTION:
            seat = d.turn
            view = d.view(seat)
            legal = view.legal_actions
            act = bots[seat].choose(view, legal)
            if any(a.kind is ActionKind.BID for a in legal) and \
                    any(a.kind is ActionKind.PASS for a in legal):
                print(json.dumps({"rules": rules_name, "four": d.first[seat], "seat": seat,
                                  "dealer": d.dealer, "bids": list(view.bids),
                                  "bid": act.bid}), flush=True)
            d.apply(act)


def decisions(path: str) -> list[tuple[list[float], bool]]:
    """(the model's inputs, whether the seat bid) per choice in ``--selfplay``'s output."""
    out: list[tuple[list[float], bool]] = []
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            rules = RULES[r["rules"]]
            bids = [(int(s), None if b is None else int(b)) for s, b in r["bids"]]
            bids.append((int(r["seat"]), None if r["bid"] is None else int(r["bid"])))
            got = auction_choices(bids, int(r["dealer"]), rules)
            if not got:
                continue
            seat, ctx, did_bid = got[-1]
            if seat != r["seat"]:
                continue
            out.append(([*bid_features(int(r["four"])), *ctx], did_bid))
    return out


def solve(a: list[list[float]], b: list[float]) -> list[float]:
    """x with a x = b (Gaussian elimination with partial pivoting)."""
    n = len(b)
    m = [[*row, b[i]] for i, row in enumerate(a)]
    for c in range(n):
        piv = max(range(c, n), key=lambda r: abs(m[r][c]))
        m[c], m[piv] = m[piv], m[c]
        for r in range(n):
            if r != c and m[r][c]:
                f = m[r][c] / m[c][c]
                for k in range(c, n + 1):
                    m[r][k] -= f * m[c][k]
    return [m[i][n] / m[i][i] for i in range(n)]


def grouped(rows: list[tuple[list[float], bool]]) -> dict[tuple[float, ...], list[int]]:
    """Identical inputs counted together: [choices, bids]."""
    groups: dict[tuple[float, ...], list[int]] = {}
    for x, y in rows:
        g = groups.setdefault(tuple(x), [0, 0])
        g[0] += 1
        g[1] += y
    return groups


def loglik(groups: dict[tuple[float, ...], list[int]], w: list[float]) -> float:
    tot = 0.0
    for x, (n, y) in groups.items():
        u = sum(a * b for a, b in zip(w, x, strict=True))
        lp = -math.log1p(math.exp(-u)) if u > -30 else u
        lq = -math.log1p(math.exp(u)) if u < 30 else -u
        tot += y * lp + (n - y) * lq
    return tot


def newton(groups: dict[tuple[float, ...], list[int]], ridge: float = 1e-3) -> list[float]:
    """Maximum-likelihood logistic weights (a little ridge keeps unused inputs at 0)."""
    dim = len(next(iter(groups)))
    w = [0.0] * dim
    for _ in range(30):
        g = [-ridge * wi for wi in w]
        h = [[ridge if i == j else 0.0 for j in range(dim)] for i in range(dim)]
        for x, (n, y) in groups.items():
            u = sum(a * b for a, b in zip(w, x, strict=True))
            q = 1 / (1 + math.exp(-max(-30.0, min(30.0, u))))
            r = y - n * q
            v = n * q * (1 - q)
            for i in range(dim):
                g[i] += r * x[i]
                vi = v * x[i]
                for j in range(i, dim):
                    h[i][j] += vi * x[j]
        for i in range(dim):
            for j in range(i):
                h[i][j] = h[j][i]
        step = solve(h, g)
        w = [a + b for a, b in zip(w, step, strict=True)]
        if max(abs(s) for s in step) < 1e-7:
            break
    return w


def fit(paths: list[str]) -> None:
    """Fits the model to ``--selfplay`` files and prints the weights."""
    rows: list[tuple[list[float], bool]] = []
    for p in paths:
        rows += decisions(p)
    random.Random(5).shuffle(rows)
    cut = len(rows) * 4 // 5
    train, test = grouped(rows[:cut]), grouped(rows[cut:])
    held = sum(n for n, _ in test.values())
    rate = sum(y for _, y in test.values()) / held
    base = sum(y * math.log(rate) + (n - y) * math.log(1 - rate) for n, y in test.values())
    w = newton(train)
    print(f"choices {len(rows)} ({cut} fitted); held-out log-likelihood per choice "
          f"{loglik(test, w) / held:.4f} (one rate for all: {base / held:.4f})")
    names = [*BID_FEATURES, *AUCTION_CONTEXT]
    for name, v in zip(names, w, strict=True):
        print(f"  {name:58s} {v:+.3f}")
    full = newton(grouped(rows))
    print("all choices: (" + ", ".join(f"{v:.3f}" for v in full) + ")")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=sorted(RULES), default="standard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--selfplay", type=int, default=0, help="deals of self-play auctions")
    ap.add_argument("--fit", nargs="*")
    a = ap.parse_args()
    if a.selfplay:
        selfplay(a.rules, a.selfplay, a.seed)
    if a.fit:
        fit(a.fit)


if __name__ == "__main__":
    main()
