"""``hard``: the medium bot's search at :data:`~.config.HARD`, with inference, exact
endgames and many more worlds.

* Worlds are weighted by how likely the other seats' bids (and the bidder's trump
  choice) were in them: a seat that bid high probably holds jacks and nines; with a
  marker the hidden trump is probably the bidder's long suit.  In card play also by the
  cards the other seats played (a model of play fitted to ``hard``'s own games), and a
  seat that could not follow and did not ask for trump probably holds none.
* Once five tricks are left, 80 sampled worlds are each solved exactly, asking only
  whether the contract is made (a null-window alpha-beta search: several times fewer
  nodes than solving for the card points).
* Earlier, flat Monte Carlo over 800 worlds with the card-sense rollout policy; every
  candidate card meets the same random stream in a world (common random numbers).
* Card play counts game points, the card-point margin only as a tie-break (0.01 x
  margin / 29): the chance of making or beating the contract is what scores.
* Bidding and the trump choice are simulated over 500 worlds; it opens when a contract
  is worth at least -0.1 game points.

Time: the search is bounded by its sample counts, so the same seed gives the same
decisions; the clock (``time_budget``, 0.35 s a decision) is a safety cap for a machine
too busy to finish them.  Compiled, on a 2-core machine with the other core busy, that is
about 35-75 ms a decision at the median; a single legal action is returned at once.
"""

from __future__ import annotations

from typing import ClassVar

from .config import HARD, SearchConfig
from .medium import MediumBot


class HardBot(MediumBot):
    """The strongest bot within its time budget."""

    name = "hard"
    default_config: ClassVar[SearchConfig] = HARD
