"""``hard``: the medium bot's simulation with inference, exact endgames and more time.

* Worlds are weighted by how likely the other seats' bids (and the bidder's trump
  choice) were in them: a seat that bid high probably holds jacks and nines.
* Once few tricks are left (3 by default: with 4 an exact solve costs about 10 ms a world,
  too few worlds on a loaded machine), every sampled world is solved exactly by
  alpha-beta instead of being rolled out.
* Earlier, flat Monte Carlo with the card-sense rollout policy, sampling as many worlds
  as the time budget allows.
* Bidding and the trump choice are simulated over more worlds.

Time: the search is bounded by its sample counts (400 worlds a card, 500 for the auction,
trump and doubling decisions, where more is at stake), so the same seed gives the same
decisions; the clock is only a safety cap (``time_budget``, 1 s by default, for every
decision) on a machine too busy to finish them.  On this project's 2-core machine that
is about 85 ms a card and 190 ms a bid at the median; a single legal action is returned
at once.
"""

from __future__ import annotations

from .medium import MediumBot
from .search import MARGIN_WEIGHT


class HardBot(MediumBot):
    """The strongest bot within its time budget."""

    name = "hard"
    bid_factor = 1.0

    def __init__(self, seed: int | None = None, time_budget: float = 1.0,
                 samples: int = 400, bid_samples: int = 500, bid_threshold: float = 0.0,
                 partner_margin: int = 2, infer: bool = True, exact_tricks: int = 3,
                 policy: str = "heuristic", oversample: int = 3,
                 compete_threshold: float | None = -0.25,
                 bid_time: float | None = None, infer_scale: float = 0.5,
                 bid_policy: str | None = None, no_ask: float = 0.0,
                 crn: bool = False, margin_weight: float = MARGIN_WEIGHT,
                 exact_binary: bool = False, exact_samples: int = 0,
                 tail_exact: int = 0,
                 bid_cv: bool = False, bid_shrink: float = 0.0,
                 marker_tilt: float = 0.5, ask_margin: float = 0.0,
                 exact_grow: float = 1.0,
                 compete_sim: bool = False, play_infer: float = 0.0,
                 race: float = 0.0, race_floor: float = 0.25, race_grow: float = 3.0,
                 race_eps: float = 0.01, ismcts_tricks: int = 0, ismcts_c: float = 0.7,
                 ismcts_iters: int = 0, ismcts_seats: str = "all",
                 lead_master: float = 0.75, ask_high: float = 0.75, ask_low: float = 0.2,
                 tune_bid: bool = False) -> None:
        super().__init__(seed=seed, time_budget=time_budget, samples=samples,
                         bid_samples=bid_samples, bid_threshold=bid_threshold,
                         partner_margin=partner_margin, infer=infer,
                         exact_tricks=exact_tricks, policy=policy, oversample=oversample,
                         compete_threshold=compete_threshold, bid_time=bid_time,
                         infer_scale=infer_scale, bid_policy=bid_policy, no_ask=no_ask,
                         crn=crn, margin_weight=margin_weight,
                         exact_binary=exact_binary, exact_samples=exact_samples,
                         tail_exact=tail_exact,
                         bid_cv=bid_cv, bid_shrink=bid_shrink,
                         marker_tilt=marker_tilt, ask_margin=ask_margin,
                         exact_grow=exact_grow,
                         compete_sim=compete_sim, play_infer=play_infer,
                         race=race, race_floor=race_floor, race_grow=race_grow,
                         race_eps=race_eps, ismcts_tricks=ismcts_tricks,
                         ismcts_c=ismcts_c, ismcts_iters=ismcts_iters,
                         ismcts_seats=ismcts_seats, lead_master=lead_master,
                         ask_high=ask_high, ask_low=ask_low, tune_bid=tune_bid)
