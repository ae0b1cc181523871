"""Twenty-Five's searching computer players: ``medium`` and ``hard``.

Both search over worlds: guesses at the cards the seat cannot see (the other hands, the
stock, the card a robber laid down) that agree with everything the seat has seen:

* a seat that neither followed a plain suit led nor trumped holds none of that suit;
* a seat that answered a trump lead with a plain card holds no trump but top trumps
  (5, J, A♥) above the card led (with reneging off: no trump at all);
* a seat that robbed holds the turned card until it plays it, and held the ace of trumps
  (in its hand still, played, or laid down);
* any unseen card may lie in the stock.

In each world every legal move (every card, and every rob with the card it lays down) is
played out to the end of the deal by a fast rule-of-thumb policy
(:func:`~.world_sampler.greedy_playout`), and the move with the best average wins.  The
objective is the side's, so partners play for each other; by default it is the race
(:func:`~.world_sampler.race_value`: a race won is 1, and a deal that ends short of the
target is worth the side's estimated chance from the scores), so in a game of each for
themselves a trick taken from the player nearest the target is worth more than one taken
from a player far behind.  Robbing and holding back a top trump are moves like any other:
the search decides them.

``hard`` searches more worlds than ``medium`` within its time budget, its playouts are
less noisy, and the last two tricks of each playout are solved exactly in its world
(:func:`~.world_sampler.solve`: every seat plays the card best for its own side) rather
than played by the rules of thumb.

>>> from twentynine.twentyfive.race import Race
>>> g = Race(seed=4)
>>> v = g.view(g.turn)
>>> SearchPlayer(seed=1, worlds=8).choose(v, v.legal_actions) in v.legal_actions
True
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..common.players import BaseBot
from .moves import Move
from .pack import ace_of_trumps, effective_suit, hold_back_mask, suit_mask_table
from .positions import WorldError, rebuild_round
from .round_state import TRICKS, Round
from .seat_view import PlayerView, Stage
from .world_sampler import Rng, deal_world, score_moves

FULL = (1 << 52) - 1
_SUIT_MASK = suit_mask_table()
OBJECTIVES = ("race", "points")
"""What a search maximises: the side's chance in the race, or its points less the others'."""


@dataclass(frozen=True)
class Knowledge:
    """What a seat's view says about the hidden cards, as masks (see
    :func:`~.world_sampler.deal_world`)."""

    own: int
    unseen: int
    sizes: list[int]
    forbid: list[int]
    robber: int
    robber_holds: int
    laid_wanted: bool
    ace: int


def suit_cards(trump: int, suit: int) -> int:
    """The cards that play as ``suit`` when ``trump`` is trump."""
    return _SUIT_MASK[trump * 4 + suit]


def knowledge(view: PlayerView) -> Knowledge:
    """What ``view``'s seat knows of the cards it cannot see."""
    t = view.trump
    n = view.rules.players
    own = sum(1 << int(c) for c in view.hand)
    played = sum(1 << int(c) for c in view.played)
    turned = int(view.turned)
    gone = own | played | (1 << turned)
    if view.laid_down is not None:
        gone |= 1 << int(view.laid_down)
    unseen = FULL & ~gone
    trumps = suit_cards(t, t)
    forbid = [0] * n
    tricks = [t_.cards for t_ in view.tricks] + ([view.trick] if view.trick else [])
    for cards in tricks:
        led = int(cards[0][1])
        led_suit = effective_suit(t, led)
        for seat, card in cards[1:]:
            s = effective_suit(t, int(card))
            if led_suit == t:
                if s != t:
                    held = hold_back_mask(t, led) if view.rules.renege else 0
                    forbid[seat] |= trumps & ~held
            elif s != led_suit and s != t:
                forbid[seat] |= suit_cards(t, led_suit)
    robber = -1 if view.robber is None else view.robber
    other_robbed = robber >= 0 and robber != view.seat
    robber_holds = 0
    ace = -1
    if other_robbed:
        if not played >> turned & 1:
            robber_holds = 1 << turned
        a = int(ace_of_trumps(t))
        if a != turned and unseen >> a & 1:
            ace = a
    return Knowledge(own, unseen, list(view.hand_sizes), forbid, robber, robber_holds,
                     other_robbed, ace)


def sample_world(view: PlayerView, know: Knowledge, rng: Rng) -> Round | None:
    """One world for ``view`` (None when a guess does not fit: rare, then skipped)."""
    hands, laid = deal_world(rng, view.seat, know.own, know.unseen, know.sizes,
                             know.forbid, know.robber, know.robber_holds,
                             know.laid_wanted, know.ace)
    if not hands:
        return None
    try:
        return rebuild_round(view, hands, laid)
    except WorldError:
        return None


class SearchPlayer(BaseBot[PlayerView, Move]):
    """Search over sampled worlds, a greedy playout per legal move per world.

    ``worlds``: how many worlds at most; ``time_budget``: seconds a decision (the search
    stops early once ``min_worlds`` are done and the time is spent); ``noise``: the
    playouts' chance of a random card, in 256ths; ``objective``: one of
    :data:`OBJECTIVES`; ``exact_from``: with the race, the trick (counted from 0) from
    which a playout is solved exactly in its world rather than played on (5: never)."""

    name = "search"

    def __init__(self, seed: int | None = None, time_budget: float = 1.0, *,
                 worlds: int = 40, min_worlds: int = 8, noise: int = 16,
                 objective: str = "race", exact_from: int = TRICKS) -> None:
        super().__init__(seed, time_budget)
        if objective not in OBJECTIVES:
            raise ValueError(f"{objective!r} is not an objective: choose one of "
                             f"{', '.join(OBJECTIVES)}")
        self.worlds = worlds
        self.min_worlds = min_worlds
        self.noise = noise
        self.objective = OBJECTIVES.index(objective)
        self.exact_from = exact_from
        self.last_worlds = 0
        """Worlds searched by the last decision (for benchmarks)."""

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The legal move with the best average over the sampled worlds."""
        if len(legal) == 1 or view.stage is not Stage.PLAY:
            return legal[0]
        values = self.scores(view, legal)
        return legal[values.index(max(values))]

    def scores(self, view: PlayerView, legal: Sequence[Move]) -> list[float]:
        """Each legal move's average value over the worlds searched."""
        t0 = time.perf_counter()
        codes = [m.code for m in legal]
        totals = [0.0] * len(codes)
        know = knowledge(view)
        rng = Rng(self.rng.getrandbits(32))
        done = 0
        tries = 0
        while done < self.worlds and tries < 4 * self.worlds:
            tries += 1
            world = sample_world(view, know, rng)
            if world is None:
                continue
            score_moves(world, codes, view.side, rng.next(), self.noise, self.objective,
                        totals, self.exact_from)
            done += 1
            if done >= self.min_worlds and time.perf_counter() - t0 > self.time_budget:
                break
        self.last_worlds = done
        return [x / max(done, 1) for x in totals]


class MediumPlayer(SearchPlayer):
    """A modest search: 40 worlds, somewhat noisy playouts."""

    name = "medium"

    def __init__(self, seed: int | None = None, time_budget: float = 1.0) -> None:
        super().__init__(seed, time_budget, worlds=40, min_worlds=8, noise=24)


class HardPlayer(SearchPlayer):
    """A wider search: up to 200 worlds in its budget, quieter playouts, the last two
    tricks of every playout solved exactly."""

    name = "hard"

    def __init__(self, seed: int | None = None, time_budget: float = 0.5) -> None:
        super().__init__(seed, time_budget, worlds=200, min_worlds=24, noise=8,
                         exact_from=3)
