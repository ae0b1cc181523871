"""Fit the model of play that ``hard``'s card play reads the other seats' cards through
(``PLAY_WEIGHTS`` in ``src/twentynine/bots/play_model.py``, used with ``play_infer``).

Plays ``--deals`` deals of ``hard`` self-play per rule set (60 worlds a card, so it runs in
minutes); every card played with a choice, with the hand the seat held then, is one
observation of a conditional logit over the legal cards (features: ``card_features``,
named by ``PLAY_FEATURES``).  Prints the maximum-likelihood weights beside the shipped
ones and the held-out log-likelihood per card of a uniform choice, the fit and the
shipped weights.  To change the weights, paste the fit into ``play_model.py`` and measure
the bot (docs/bots.md, "How to measure")::

    PYTHONPATH=src python tools/fit_play_model.py --deals 400 --rules both --seed 4
"""

from __future__ import annotations

import argparse
import math
import random

from twentynine.bots import make_bot
from twentynine.bots.play_model import PLAY_FEATURES, PLAY_WEIGHTS, card_features
from twentynine.bots.worlds import WorldSampler
from twentynine.engine.cards import FULL_PACK, SUIT_MASKS, mask_cards
from twentynine.engine.deal import DEAL_OVER, Deal
from twentynine.engine.rules import Rules

RULES = {
    "standard": Rules(),
    "tournament": Rules(trump_indicator="marker", pair=False, last_trick_point=False),
}


def self_play(rules: Rules, deals: int, seed: int) -> list[Deal]:
    """Finished deals of ``hard`` self-play (60 worlds a card: fast)."""
    out = []
    for k in range(deals):
        d = Deal.from_seed(seed * 10000 + k, k & 3, rules)
        bots = [make_bot("hard", seed=seed * 100 + k * 4 + s, samples=60, bid_samples=120,
                         time_budget=0.5) for s in range(4)]
        while d.phase_code != DEAL_OVER:
            seat = d.turn
            view = d.view(seat)
            d.apply(bots[seat].choose(view, view.legal_actions), seat)
        out.append(d)
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
            outside = FULL_PACK & ~(gone | hand)
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
          f"fitted {log_lik(w, test):.4f}, shipped weights {log_lik(list(PLAY_WEIGHTS), test):.4f}")
    for name, v, now in zip(PLAY_FEATURES, w, PLAY_WEIGHTS, strict=True):
        print(f"  {v:+.3f}  (shipped {now:+.3f})  {name}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--deals", type=int, default=400)
    ap.add_argument("--rules", choices=("standard", "tournament", "both"), default="both")
    ap.add_argument("--seed", type=int, default=4)
    opts = ap.parse_args()
    names = ["standard", "tournament"] if opts.rules == "both" else [opts.rules]
    fit_main(names, opts.deals, opts.seed)


if __name__ == "__main__":
    main()
