"""Where the rollout policy plays unlike the search it serves.

In ``hard`` self-play (``--options``), at every card-play decision with a choice in the
first ``--tricks`` tricks (the ones card play still rolls out), the search's values of the
legal actions (``bot.estimates``) are set beside the rollout policy's choice at the same
position (drawn ``--draws`` times: it is random).  The policy's *regret* there is the
search's value of its best action minus the search's value of the policy's pick, averaged
over the draws: what the policy would lose by the searcher's own lights.  Decisions are
grouped by kind (leading, or following: the partner winning, able to win, unable, void
in the suit led), so the kinds where the rollouts play worst stand out.

Run:  python benchmarks/policy_agreement.py --rules standard --deals 100 --options ...
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections import defaultdict
from collections.abc import Callable, Sequence
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

from versus_old import RULESETS, parse_options

from twentynine.actions import SHOW_CODE
from twentynine.bots import make_bot
from twentynine.bots.medium import MediumBot
from twentynine.bots.search import declarer_policy, rollout_policy
from twentynine.cards import CARD_POINTS, SUIT_MASKS
from twentynine.deal import DEAL_OVER, PLAY, Deal
from twentynine.play import trick_winner

POLICIES = {"heuristic": rollout_policy, "declarer": declarer_policy}


def kind(d: Deal) -> str:
    """The decision's kind, from the mover's side."""
    seat = d.turn
    side = "bidder side" if d.bidder >= 0 and (seat & 1) == (d.bidder & 1) else "defence"
    trick = d.trick
    shown = "shown" if d.shown else "hidden"
    if not trick:
        return f"lead, {side}, trump {shown}"
    trump = d.trump_suit if d.shown else -1
    wi = trick_winner(trick, trump)
    partner = ((d.leader + wi) & 3) == (seat ^ 2)
    led = trick[0] >> 3
    codes = d.legal_codes()
    follows = any(c < 32 and c >> 3 == led for c in codes)
    if not follows:
        what = "void, may ask" if SHOW_CODE in codes else "void"
    elif partner:
        what = "partner winning"
    else:
        what = "following"
    return f"{what}, {side}, hand {len(trick) + 1}"


def label(d: Deal, code: int) -> str:
    """What an action is, in a word (the true trump, which the bidder knows)."""
    if code == SHOW_CODE:
        return "ask"
    if code >= 32:
        return "other"
    suit = code >> 3
    if d.trump_suit >= 0 and suit == d.trump_suit and (d.shown or d.turn == d.bidder):
        return "trump"
    if d.trick:
        if suit == d.trick[0] >> 3:
            return "follow"
        return "discard pts" if CARD_POINTS[code] else "discard 0"
    outside = ~(d.played | d.hands[d.turn])
    if not (SUIT_MASKS[suit] & ((1 << code) - 1) & outside):
        return "master"
    return "point" if CARD_POINTS[code] else "low"


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    p.add_argument("--rules", choices=sorted(RULESETS), default="standard")
    p.add_argument("--deals", type=int, default=50)
    p.add_argument("--seed", type=int, default=1953)
    p.add_argument("--tricks", type=int, default=3)
    p.add_argument("--draws", type=int, default=64)
    p.add_argument("--policy", choices=sorted(POLICIES), default="heuristic")
    p.add_argument("--lead-master", type=float, default=0.75)
    p.add_argument("--ask-high", type=float, default=0.75)
    p.add_argument("--ask-low", type=float, default=0.2)
    p.add_argument("--options", default="")
    p.add_argument("--detail", type=int, default=0,
                   help="for the kinds with the most regret (this many), the search's picks "
                        "against the policy's, by what the action is")
    a = p.parse_args(argv)
    options = parse_options(a.options)
    tuned = {"lead_master": a.lead_master, "ask_high": a.ask_high, "ask_low": a.ask_low}

    def policy(d: Deal, codes: list[int], rand: Callable[[], float]) -> int:
        if a.policy == "heuristic":
            return rollout_policy(d, codes, rand, False, **tuned)
        return POLICIES[a.policy](d, codes, rand)

    rules = RULESETS[a.rules]
    rng = random.Random(a.seed)
    regret: dict[str, list[float]] = defaultdict(list)
    agree: dict[str, list[float]] = defaultdict(list)
    cross: dict[str, dict[tuple[str, str], float]] = defaultdict(lambda: defaultdict(float))
    for i in range(a.deals):
        d = Deal.from_seed(a.seed * 100_003 + i, i % 4, rules)
        bots = []
        for s in range(4):
            b = make_bot("hard", a.seed * 1_000_003 + i * 8 + s, **options)
            assert isinstance(b, MediumBot)
            bots.append(b)
        while d.phase_code != DEAL_OVER:
            seat = d.turn
            v = d.view(seat)
            legal = v.legal_actions
            act = bots[seat].choose(v, legal)
            est = bots[seat].estimates
            if (d.phase_code == PLAY and len(legal) > 1 and len(v.tricks) < a.tricks
                    and est is not None and est.phase == "play"):
                vals = dict(zip(est.codes, est.values, strict=True))
                best = max(vals.values())
                codes = d.legal_codes()
                k = kind(d)
                loss = 0.0
                same = 0
                for _ in range(a.draws):
                    pick = policy(d, list(codes), rng.random)
                    loss += best - vals[pick]
                    same += pick == act.code
                    cross[k][label(d, act.code), label(d, pick)] += 1 / a.draws
                regret[k].append(loss / a.draws)
                agree[k].append(same / a.draws)
                regret["all"].append(loss / a.draws)
                agree["all"].append(same / a.draws)
            d.apply(act, seat)
        print(f"deal {i + 1}: {len(regret['all'])} decisions", file=sys.stderr, flush=True)
    print(f"{a.rules}, policy {a.policy}, {a.deals} deals, tricks 1-{a.tricks}")
    print(f"{'kind':<40} {'n':>5} {'agrees':>7} {'regret':>16} {'share':>6}")
    total = sum(regret["all"])
    for k in sorted(regret, key=lambda k: -sum(regret[k])):
        xs = regret[k]
        n = len(xs)
        m = sum(xs) / n
        sd = math.sqrt(sum((x - m) ** 2 for x in xs) / (n - 1)) if n > 1 else 0.0
        half = 1.96 * sd / math.sqrt(n)
        print(f"{k:<40} {n:>5} {sum(agree[k]) / n:>7.0%} {m:>+8.4f} ± {half:.4f}"
              f" {sum(xs) / total if total else 0:>6.0%}")
    top = [k for k in sorted(regret, key=lambda k: -sum(regret[k])) if k != "all"]
    for k in top[:a.detail]:
        print(f"\n{k}: the search's pick -> the policy's (decisions)")
        rows = sorted({x for x, _ in cross[k]})
        cols = sorted({y for _, y in cross[k]})
        print(f"{'':>14}" + "".join(f"{c:>13}" for c in cols))
        for r in rows:
            print(f"{r:>14}" + "".join(f"{cross[k].get((r, c), 0.0):>13.1f}" for c in cols))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
