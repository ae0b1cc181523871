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
import statistics

from play_beliefs import RULES, holder_masks, positions

from twentynine.actions import ActionKind
from twentynine.bots.hard import HardBot
from twentynine.bots.worlds import (
    AUCTION_CONTEXT,
    BID_FEATURES,
    TRUMP_FEATURES,
    WorldSampler,
    auction_choices,
    bid_features,
    trump_features,
    trump_log_prob,
)
from twentynine.cards import mask_cards
from twentynine.deal import AUCTION, TRUMP, Deal


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
        if d.phase_code == TRUMP:
            seat = d.turn
            view = d.view(seat)
            act = bots[seat].choose(view, view.legal_actions)
            suit = act.card.suit if act.card is not None else act.suit
            if suit is not None and len(view.legal_actions) > 1:
                print(json.dumps({"rules": rules_name, "kind": "trump", "four": d.first[seat],
                                  "suit": suit, "card": act.card.index
                                  if act.card is not None else None}), flush=True)


def decisions(path: str) -> list[tuple[list[float], bool]]:
    """(the model's inputs, whether the seat bid) per choice in ``--selfplay``'s output."""
    out: list[tuple[list[float], bool]] = []
    with open(path) as f:
        for line in f:
            r = json.loads(line)
            if r.get("kind") == "trump":
                continue
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


def trump_choices_of(paths: list[str]) -> list[tuple[int, int, bool]]:
    """(first four, suit named, a marker) per trump line of ``--selfplay``'s output."""
    out: list[tuple[int, int, bool]] = []
    for path in paths:
        with open(path) as f:
            for line in f:
                r = json.loads(line)
                if r.get("kind") == "trump":
                    marker = RULES[r["rules"]].trump_indicator == "marker"
                    out.append((int(r["four"]), int(r["suit"]), marker))
    return out


def fit_trump(paths: list[str]) -> None:
    """Fits :data:`~twentynine.bots.worlds.TRUMP_FEATURES`' weights (a choice among the
    suits, by maximum likelihood) and prints them with the held-out log-likelihood."""
    rows = trump_choices_of(paths)
    if not rows:
        return
    random.Random(6).shuffle(rows)
    cut = len(rows) * 4 // 5

    def total(w: list[float], part: list[tuple[int, int, bool]]) -> float:
        return sum(trump_log_prob(four, suit, tuple(w), marker) for four, suit, marker in part)

    def newton_trump(part: list[tuple[int, int, bool]]) -> list[float]:
        w = [0.0] * 4
        for _ in range(30):
            g = [-1e-3 * x for x in w]
            h = [[1e-3 if i == j else 0.0 for j in range(4)] for i in range(4)]
            for four, suit, marker in part:
                opts = [u for u in range(4) if marker or (four >> (8 * u)) & 0xFF]
                fs = {u: trump_features(four, u) for u in opts}
                ut = {u: sum(a * b for a, b in zip(w, fs[u], strict=True)) for u in opts}
                top = max(ut.values())
                ex = {u: math.exp(ut[u] - top) for u in opts}
                z = sum(ex.values())
                mean = [sum(ex[u] * fs[u][i] for u in opts) / z for i in range(4)]
                for i in range(4):
                    g[i] += fs[suit][i] - mean[i]
                    for j in range(4):
                        h[i][j] += sum(ex[u] * fs[u][i] * fs[u][j] for u in opts) / z \
                            - mean[i] * mean[j]
            step = solve(h, g)
            w = [a + b for a, b in zip(w, step, strict=True)]
            if max(abs(x) for x in step) < 1e-7:
                break
        return w

    w = newton_trump(rows[:cut])
    test = rows[cut:]
    uniform = -sum(math.log(4 if marker else sum(1 for u in range(4) if four >> (8 * u) & 0xFF))
                   for four, _, marker in test)
    print(f"trump choices {len(rows)} ({cut} fitted); held-out log-likelihood per choice "
          f"{total(w, test) / len(test):.4f} (uniform: {uniform / len(test):.4f})")
    for name, v in zip(TRUMP_FEATURES, w, strict=True):
        print(f"  {name:58s} {v:+.3f}")
    full = newton_trump(rows)
    print("all trump choices: (" + ", ".join(f"{v:.3f}" for v in full) + ")")


def beliefs(rules_name: str, deals: int, seed: int, worlds: int, strengths: list[float]
            ) -> None:
    """How well card play's worlds believe the truth at each ``bid_model`` strength (0:
    the strength tilt), as ``benchmarks/play_beliefs.py`` measures ``play_infer``: at card
    play decisions of self-play, the weighted share of worlds putting each hidden card
    where it is, and (a hidden trump) naming the real trump; paired against the first
    strength."""
    pos = positions(RULES[rules_name], deals, seed)
    rng = random.Random(seed + 7)
    rows: dict[float, list[tuple[float, float, float]]] = {k: [] for k in strengths}
    for d, seat in pos:
        view = d.view(seat)
        samplers = {k: WorldSampler(view, infer=True, scale=0.5, no_ask=1.0,
                                    marker_tilt=1.5, play_infer=0.5, bid_model=k)
                    for k in strengths}
        first = samplers[strengths[0]]
        ws = [first.sample(rng) for _ in range(worlds)]
        truth = holder_masks(d)
        hm = [holder_masks(w) for w in ws]
        hidden = mask_cards(first.unseen)
        for k, sampler in samplers.items():
            wt = [sampler.weight(w) for w in ws]
            tot = sum(wt)
            lls = []
            for c in hidden:
                t = next(q for q in range(4) if truth[q] >> c & 1)
                p = sum(x for x, h in zip(wt, hm, strict=True) if h[t] >> c & 1) / tot
                lls.append(math.log(max(p, 0.5 / worlds)))
            trump = math.nan
            if first.sample_suit or first.sample_fd:
                trump = sum(x for x, w in zip(wt, ws, strict=True)
                            if w.trump_suit == d.trump_suit) / tot
            ess = tot * tot / sum(x * x for x in wt) / worlds
            rows[k].append((statistics.fmean(lls) if lls else 0.0, trump, ess))
    print(f"{rules_name}: {len(pos)} positions, {worlds} worlds each")
    ref = rows[strengths[0]]
    for k in strengths:
        diff = [a[0] - b[0] for a, b in zip(rows[k], ref, strict=True)]
        se = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
        tr = [a[1] for a in rows[k] if not math.isnan(a[1])]
        print(f"  bid_model={k:<4} log-likelihood per hidden card "
              f"{statistics.fmean(a[0] for a in rows[k]):+.4f} (vs {strengths[0]}: "
              f"{statistics.fmean(diff):+.4f} ± {1.96 * se:.4f}); hidden trump named "
              f"{statistics.fmean(tr) if tr else math.nan:.3f}; "
              f"ess {statistics.fmean(a[2] for a in rows[k]):.2f}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--rules", choices=sorted(RULES), default="standard")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--selfplay", type=int, default=0, help="deals of self-play auctions")
    ap.add_argument("--fit", nargs="*")
    ap.add_argument("--beliefs", type=int, default=0, help="deals of self-play to measure")
    ap.add_argument("--worlds", type=int, default=300)
    ap.add_argument("--strengths", default="0,0.5,1,1.5")
    a = ap.parse_args()
    if a.selfplay:
        selfplay(a.rules, a.selfplay, a.seed)
    if a.beliefs:
        beliefs(a.rules, a.beliefs, a.seed, a.worlds,
                [float(x) for x in a.strengths.split(",")])
    if a.fit:
        fit(a.fit)
        fit_trump(a.fit)


if __name__ == "__main__":
    main()
