"""The heuristic rollout policy at other probabilities (``HardBot(lead_master=...,
ask_high=..., ask_low=...)``, off by default): how often a leader cashes a master and how
often a seat that cannot follow asks for trump.

Positions are seeded deals played by ``easy``; nothing here is timed.
"""

from __future__ import annotations

import functools
import itertools

from bot_support import easy_positions

from twentynine.actions import SHOW_CODE
from twentynine.bots.hard import HardBot
from twentynine.bots.search import Rand, StreamRand, TunedRollout, rollout, rollout_policy
from twentynine.cards import CARD_POINTS, SUIT_MASKS
from twentynine.deal import DEAL_OVER, PLAY, Deal
from twentynine.play import trick_winner
from twentynine.rules import Rules


def _richest_master(d: Deal, codes: list[int]) -> int:
    """The master with the most points among ``codes`` (-1: none), as the policy finds it."""
    outside = ~(d.played | d.hands[d.turn])
    best, best_pts = -1, -1
    for c in codes:
        if c < 32 and not (SUIT_MASKS[c >> 3] & ((1 << c) - 1) & outside) \
                and CARD_POINTS[c] > best_pts:
            best, best_pts = c, CARD_POINTS[c]
    return best


def _const(x: float) -> Rand:
    """A random stream that always says ``x``."""
    return lambda: x


@functools.cache
def _leads() -> tuple[Deal, ...]:
    """Leads in seeded deals where the leader holds a master that is not its suit's lowest
    card (so cashing it and leading low differ)."""
    def where(_: int, d: Deal) -> bool:
        if d.phase_code != PLAY or d.trick:
            return False
        codes = d.legal_codes()
        m = _richest_master(d, codes)
        return m >= 0 and any(c >> 3 == m >> 3 and c > m for c in codes)
    deals = (Deal.from_seed(s, s % 4, Rules()) for s in itertools.count(1900))
    return tuple(easy_positions(deals, 40, where))


@functools.cache
def _asks() -> tuple[Deal, ...]:
    """Positions where a seat that cannot follow may ask, the opponents winning the trick."""
    def where(_: int, d: Deal) -> bool:
        if d.phase_code != PLAY or not d.trick or SHOW_CODE not in d.legal_codes():
            return False
        wi = trick_winner(d.trick, -1)
        return ((d.leader + wi) & 3) != (d.turn ^ 2)
    deals = (Deal.from_seed(s, s % 4, Rules()) for s in itertools.count(1950))
    return tuple(easy_positions(deals, 30, where))


def test_lead_master_sets_how_often_a_master_is_cashed() -> None:
    for d in _leads():
        codes = d.legal_codes()
        m = _richest_master(d, codes)
        for draw in (0.1, 0.5, 0.9):
            always = rollout_policy(d, codes, _const(draw), False, 1.0)
            never = rollout_policy(d, codes, _const(draw), False, 0.0)
            assert always == m
            assert never != m and never in codes
        # the default, 0.75: the master below the draw, a low card above it
        assert rollout_policy(d, codes, lambda: 0.7) == m
        assert rollout_policy(d, codes, lambda: 0.8) != m


def test_ask_high_and_ask_low_set_how_often_a_seat_asks() -> None:
    assert len(_asks()) == 30
    for d in _asks():
        codes = d.legal_codes()
        pts = sum(CARD_POINTS[c] for c in d.trick)
        for draw in (0.0, 0.5, 0.99):
            assert rollout_policy(d, codes, _const(draw), False, 0.75, 1.0, 1.0) == SHOW_CODE
            assert rollout_policy(d, codes, _const(draw), False, 0.75, 0.0, 0.0) != SHOW_CODE
        # only the probability for this trick's points counts
        high = rollout_policy(d, codes, lambda: 0.5, False, 0.75, 1.0, 0.0) == SHOW_CODE
        assert high == (pts >= 2)


def test_the_options_set_the_rollouts_and_the_defaults_play_as_before() -> None:
    plain = HardBot()
    assert plain.rollout is rollout and plain.bid_rollout is rollout
    assert HardBot(lead_master=0.75, ask_high=0.75, ask_low=0.2).rollout is rollout
    tuned = HardBot(lead_master=0.25)
    assert isinstance(tuned.rollout, TunedRollout) and tuned.bid_rollout is rollout
    assert (tuned.rollout.lead_master, tuned.rollout.ask_high, tuned.rollout.ask_low) == \
        (0.25, 0.75, 0.2)
    both = HardBot(ask_low=0.5, tune_bid=True)
    assert isinstance(both.rollout, TunedRollout) and isinstance(both.bid_rollout, TunedRollout)
    assert both.bid_rollout.ask_low == 0.5
    # at the default probabilities the tuned rollout finishes a deal as the plain one does
    for d in _leads()[:20]:
        a, b = d.clone(), d.clone()
        rollout(a, StreamRand(7))
        TunedRollout(0.75, 0.75, 0.2)(b, StreamRand(7))
        assert a.phase_code == b.phase_code == DEAL_OVER
        assert a.points == b.points and a.outcome == b.outcome
