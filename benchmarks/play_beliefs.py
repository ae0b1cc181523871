"""How well card play's sampled worlds believe the truth, with and without ``play_infer``.

Plays ``--deals`` deals of ``hard`` self-play (a few worlds a card, so it runs fast) and,
at every card-play decision with a choice from the second trick on, draws ``--worlds``
worlds as ``hard`` does (auction inference at half strength, ``no_ask`` 1.0, ``marker_tilt``
1.5) and weights them with each ``play_infer`` strength.  For every card the deciding seat
has not seen, the weighted share of worlds that put it where it really is gives its
log-likelihood; the mean per card is printed (all hidden cards, the trumps, the point cards),
paired against strength 0 with its standard error over positions, and the worlds' effective
sample size.  Also the cost of the play weight per world.

With ``--fit`` it instead fits the model of play's weights (``bots/worlds.py``,
``PLAY_WEIGHTS``): every card played with a choice in ``--deals`` deals of that self-play,
with the hand the seat held then, is one observation of a conditional logit over the legal
cards (features: ``card_features``); it prints the maximum-likelihood weights and the
held-out log-likelihood per card against a uniform choice.

    python benchmarks/play_beliefs.py --deals 40 --rules both --strengths 0.5,1,2
    python benchmarks/play_beliefs.py --fit --deals 400 --rules both --seed 4
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import time
from collections.abc import Callable

from twentynine.bots import make_bot
from twentynine.bots.worlds import (
    FULL_SUITS,
    PLAY_FEATURES,
    PLAY_WEIGHTS,
    WorldSampler,
    card_features,
)
from twentynine.cards import CARD_POINTS, SUIT_MASKS, mask_cards
from twentynine.deal import DEAL_OVER, PLAY, Deal
from twentynine.rules import Rules

RULES = {
    "standard": Rules(),
    "tournament": Rules(trump_indicator="marker", pair=False, last_trick_point=False),
}


def _play(rules: Rules, k: int, seed: int,
          seen: Callable[[Deal, int, int], None] | None = None) -> Deal:
    """Deal ``k`` of ``hard`` self-play (60 worlds a card: fast), finished;
    ``seen(deal, seat, legal count)`` before every decision."""
    d = Deal.from_seed(seed * 10000 + k, k & 3, rules)
    bots = [make_bot("hard", seed=seed * 100 + k * 4 + s, samples=60, bid_samples=120,
                     time_budget=0.5, no_ask=1.0, marker_tilt=1.5) for s in range(4)]
    while d.phase_code != DEAL_OVER:
        seat = d.turn
        view = d.view(seat)
        legal = view.legal_actions
        if seen is not None:
            seen(d, seat, len(legal))
        d.apply(bots[seat].choose(view, legal), seat)
    return d


def self_play(rules: Rules, deals: int, seed: int) -> list[Deal]:
    """Finished deals of ``hard`` self-play."""
    return [_play(rules, k, seed) for k in range(deals)]


def positions(rules: Rules, deals: int, seed: int) -> list[tuple[Deal, int]]:
    """(deal, seat to move) at card-play decisions with a choice, from the second trick."""
    out: list[tuple[Deal, int]] = []

    def keep(d: Deal, seat: int, choices: int) -> None:
        if d.phase_code == PLAY and d.trick_no >= 1 and choices > 1:
            out.append((d.clone(), seat))

    for k in range(deals):
        _play(rules, k, seed, keep)
    return out


Choice = tuple[list[list[float]], int]


def choices(d: Deal) -> list[Choice]:
    """Every card played with a choice in finished deal ``d``: the features of each legal
    card (from the hand the seat held then) and which one it played."""
    out: list[Choice] = []
    if d.single >= 0:
        return out
    for viewer in (0, 1):  # the records leave the viewer out: seat 1 from 0, the rest from 1
        ws = WorldSampler(d.view(viewer), infer=True, play_infer=1.0)
        for s, x, pos, led, trump, wcard, pw, pts, gone, hidden in ws._plays:
            if (s == 1) != (viewer == 0):
                continue
            hand = ws.played_by[s] & ~gone
            if hidden and s == d.bidder and d.trump_card >= 0:
                hand &= ~(1 << d.trump_card)
            legal = hand
            if pos and hand & SUIT_MASKS[led]:
                legal = hand & SUIT_MASKS[led]
            cards = mask_cards(legal)
            if len(cards) < 2 or x not in cards:
                continue
            outside = FULL_SUITS & ~(gone | hand)
            feed = pw and (pos == 3 or not (
                SUIT_MASKS[wcard >> 3] & ((1 << wcard) - 1) & outside))
            out.append(([card_features(c, hand, pos, led, trump, wcard, pw, pts, outside, feed)
                         for c in cards], cards.index(x)))
    return out


def log_lik(w: list[float], data: list[Choice]) -> float:
    """Mean log-probability of the card played under weights ``w``."""
    tot = 0.0
    for feats, k in data:
        u = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
        top = max(u)
        tot += u[k] - top - math.log(sum(math.exp(v - top) for v in u))
    return tot / len(data)


def fit(data: list[Choice], iters: int = 500, rate: float = 3.0,
        l2: float = 1e-3) -> list[float]:
    """Maximum-likelihood weights of the conditional logit, by gradient ascent."""
    n = len(PLAY_FEATURES)
    w = [0.0] * n
    for _ in range(iters):
        g = [0.0] * n
        for feats, k in data:
            u = [sum(a * b for a, b in zip(w, f, strict=True)) for f in feats]
            top = max(u)
            e = [math.exp(v - top) for v in u]
            z = sum(e)
            for j in range(n):
                g[j] += feats[k][j] - sum(e[i] * feats[i][j] for i in range(len(feats))) / z
        w = [t + rate * (gj / len(data) - l2 * t) for t, gj in zip(w, g, strict=True)]
    return w


def fit_main(names: list[str], deals: int, seed: int) -> None:
    data: list[Choice] = []
    for name in names:
        for d in self_play(RULES[name], deals, seed):
            data += choices(d)
    random.Random(0).shuffle(data)
    cut = len(data) * 4 // 5
    train, test = data[:cut], data[cut:]
    w = fit(train)
    print(f"{len(train)} cards to fit, {len(test)} held out")
    print(f"held-out log-likelihood per card: uniform {log_lik([0.0] * len(w), test):.4f}, "
          f"fitted {log_lik(w, test):.4f}, today's weights {log_lik(list(PLAY_WEIGHTS), test):.4f}")
    for name, v, now in zip(PLAY_FEATURES, w, PLAY_WEIGHTS, strict=True):
        print(f"  {v:+.3f}  (now {now:+.3f})  {name}")


def holder_masks(d: Deal) -> list[int]:
    """Each seat's cards in ``d`` (the bidder's face-down card counted as the bidder's)."""
    out = list(d.hands)
    if d.bidder >= 0 and d.trump_card >= 0 and not (out[d.bidder] >> d.trump_card & 1):
        out[d.bidder] |= 1 << d.trump_card
    return out


def measure(rules: Rules, deals: int, seed: int, worlds: int,
            strengths: list[float]) -> None:
    pos = positions(rules, deals, seed)
    rng = random.Random(seed + 7)
    ll: dict[float, list[tuple[float, float, float]]] = {s: [] for s in strengths}
    ess: dict[float, list[float]] = {s: [] for s in strengths}
    cost = 0.0
    calls = 0
    for d, seat in pos:
        view = d.view(seat)
        base = WorldSampler(view, infer=True, scale=0.5, no_ask=1.0, marker_tilt=1.5)
        told = WorldSampler(view, infer=True, scale=0.5, no_ask=1.0, marker_tilt=1.5,
                            play_infer=1.0)
        ws = [base.sample(rng) for _ in range(worlds)]
        bw = [base.weight(w) for w in ws]
        t0 = time.perf_counter()
        pl = [told.play_log_weight(w) for w in ws]
        cost += time.perf_counter() - t0
        calls += len(ws)
        truth = holder_masks(d)
        hidden = [c for c in mask_cards(base.unseen)]
        trump = d.trump_suit
        hm = [holder_masks(w) for w in ws]
        for s in strengths:
            wt = [b * math.exp(s * p) for b, p in zip(bw, pl, strict=True)]
            tot = sum(wt)
            ess[s].append(tot * tot / sum(x * x for x in wt) / worlds)
            alls: list[float] = []
            trumps: list[float] = []
            points: list[float] = []
            for c in hidden:
                t = next(k for k in range(4) if truth[k] >> c & 1)
                p = sum(x for x, h in zip(wt, hm, strict=True) if h[t] >> c & 1) / tot
                v = math.log(max(p, 0.5 / worlds))
                alls.append(v)
                if trump >= 0 and c >> 3 == trump:
                    trumps.append(v)
                if CARD_POINTS[c]:
                    points.append(v)
            ll[s].append((statistics.fmean(alls),
                          statistics.fmean(trumps) if trumps else math.nan,
                          statistics.fmean(points) if points else math.nan))
    print(f"{len(pos)} positions, {worlds} worlds each; play weight "
          f"{cost / max(calls, 1) * 1e6:.1f} us a world")
    ref = ll[strengths[0]]
    for s in strengths:
        row = [f"play_infer={s:<4}", f"ess {statistics.fmean(ess[s]):.2f}"]
        for j, name in enumerate(("all", "trumps", "points")):
            pairs = [(a[j], b[j]) for a, b in zip(ll[s], ref, strict=True)
                     if not math.isnan(a[j])]
            mean = statistics.fmean(a for a, _ in pairs)
            diff = [a - b for a, b in pairs]
            se = statistics.stdev(diff) / math.sqrt(len(diff)) if len(diff) > 1 else 0.0
            row.append(f"{name} {mean:+.4f} (vs 0: {statistics.fmean(diff):+.4f} "
                       f"± {1.96 * se:.4f})")
        print("  ".join(row))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=40)
    ap.add_argument("--rules", choices=("standard", "tournament", "both"), default="both")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--worlds", type=int, default=400)
    ap.add_argument("--strengths", default="0.5,1,2")
    ap.add_argument("--fit", action="store_true", help="fit the model of play's weights")
    opts = ap.parse_args()
    names = ["standard", "tournament"] if opts.rules == "both" else [opts.rules]
    if opts.fit:
        fit_main(names, opts.deals, opts.seed)
        return
    strengths = [0.0] + [float(x) for x in opts.strengths.split(",")]
    for name in names:
        print(f"== {name}")
        measure(RULES[name], opts.deals, opts.seed, opts.worlds, strengths)


if __name__ == "__main__":
    main()
