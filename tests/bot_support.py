"""Positions for the bot tests: deals played by seeded ``easy`` bots, kept where a
predicate holds.

>>> from twentynine.engine.deal import AUCTION, Deal
>>> deals = (Deal.from_seed(s) for s in range(5))
>>> ps = easy_positions(deals, 3, lambda k, d: d.phase_code == AUCTION, first=True)
>>> [p.phase_code == AUCTION for p in ps]
[True, True, True]
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

from twentynine.bots import make_bot
from twentynine.engine.deal import DEAL_OVER, Deal


def easy_positions(deals: Iterable[Deal], n: int, where: Callable[[int, Deal], bool],
                   first: bool = False, stop: Callable[[Deal], bool] | None = None
                   ) -> list[Deal]:
    """Copies of the first ``n`` positions where ``where(k, d)`` holds (``k``: the index of
    the deal in ``deals``), each deal played to its end by four ``easy`` bots seeded 0-3.
    ``first``: at most one position a deal; ``stop``: leave a deal once it holds (nothing
    more there would be kept).  ``deals`` may be endless (a generator): it is read one deal
    at a time, and only as far as needed."""
    out: list[Deal] = []
    for k, d in enumerate(deals):
        easy = [make_bot("easy", seed=s) for s in range(4)]
        while d.phase_code != DEAL_OVER and not (stop is not None and stop(d)):
            if where(k, d):
                out.append(d.clone())
                if len(out) == n:
                    return out
                if first:
                    break
            view = d.view(d.turn)
            d.apply(easy[d.turn].choose(view, view.legal_actions), d.turn)
    return out
