"""Calibration of the search bots' simulated bidding: estimate against result.

Plays ``--deals`` deals of ``medium`` self-play; for each deal, the final bidder's own
estimate of the expected game points at the bid it made (its last auction decision) is
set against whether the contract was made.  Prints one row per estimate bin.

Run:  python benchmarks/bid_calibration.py --deals 300 --jobs 2
"""

from __future__ import annotations

import argparse
import multiprocessing as mp
from collections.abc import Sequence
from typing import Any

import twentynine.bots.medium as medium_module
from twentynine.actions import Action
from twentynine.bots.calls import contract_ev
from twentynine.bots.medium import MediumBot
from twentynine.deal import DEAL_OVER, Deal
from twentynine.views import SeatView


class LoggingMedium(MediumBot):
    """``medium`` that remembers its estimate at each bid it makes."""

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.logs: list[tuple[int, float]] = []

    def _bid(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        box: dict[str, Any] = {}
        original = medium_module.scored_bid

        def spy(rules: Any, team: int, table: Sequence[Any], threshold: float) -> int:
            box["args"] = (rules, team, table)
            return original(rules, team, table, threshold)

        medium_module.scored_bid = spy  # type: ignore[assignment]
        try:
            action = super()._bid(view, acts, deadline)
        finally:
            medium_module.scored_bid = original  # type: ignore[assignment]
        if "args" in box and action.bid is not None:
            rules, team, table = box["args"]
            ev = max((contract_ev(rules, team, action.bid, r) for r in table), default=-1.0)
            self.logs.append((action.bid, ev))
        return action


def one_deal(i: int) -> tuple[int, float, bool] | None:
    d = Deal.from_seed(1000 + i, i % 4)
    bots = [LoggingMedium(seed=i * 4 + s) for s in range(4)]
    while d.phase_code != DEAL_OVER:
        v = d.view(d.turn)
        d.apply(bots[d.turn].choose(v, v.legal_actions))
    out = d.outcome
    if out is None or out.bidder < 0 or not bots[out.bidder].logs:
        return None
    bid, ev = bots[out.bidder].logs[-1]
    return bid, ev, out.made


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=300)
    ap.add_argument("--jobs", type=int, default=2)
    o = ap.parse_args()
    with mp.Pool(o.jobs) as pool:
        res = [r for r in pool.map(one_deal, range(o.deals)) if r is not None]
    bins: dict[float, list[bool]] = {}
    for _bid, ev, made in res:
        bins.setdefault(round(ev * 5) / 5, []).append(made)
    print("estimate  contracts  made   realized game points")
    for k in sorted(bins):
        v = bins[k]
        rate = sum(v) / len(v)
        print(f"{k:+.1f}      {len(v):5d}     {rate:5.0%}  {2 * rate - 1:+.2f}")


if __name__ == "__main__":
    main()
