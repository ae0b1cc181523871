"""``hard``'s belief about a hidden marker trump (``marker_tilt``): with a marker, card
play takes the hidden trump to be the bidder's long suit, more strongly than the auction's
worlds do.

Seeded and fast; nothing here is timed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from bot_support import easy_positions

from twentynine.bots.hard import HardBot
from twentynine.bots.worlds import WorldSampler
from twentynine.engine.cards import SUIT_MASKS
from twentynine.engine.deal import DEAL_OVER, PLAY, Deal
from twentynine.engine.rules import Rules

TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)


def _deals(seed: int, rules: Rules) -> Iterator[Deal]:
    """Endless random deals (random dealers) from one seeded generator."""
    rng = random.Random(seed)
    while True:
        yield Deal.from_rng(rng, rng.randrange(4), rules)


def _marker_defender_views(n: int) -> list[Deal]:
    """Positions in play, trump hidden, seen by a defender (not the bidder's team): the
    first of each deal."""
    return easy_positions(_deals(8, TOURNAMENT), n, lambda k, d: d.phase_code == PLAY
                          and not d.shown and (d.turn & 1) != (d.bidder & 1), first=True)


def test_the_marker_tilt_weights_worlds_by_the_bidders_length_in_trump() -> None:
    for d in _marker_defender_views(5):
        view = d.view(d.turn)
        plain = WorldSampler(view, infer=True, scale=0.5)
        tilted = WorldSampler(view, infer=True, scale=0.5, marker_tilt=1.5)
        assert plain.sample_suit
        rng = random.Random(1)
        lengths = set()
        for _ in range(40):
            w = plain.sample(rng)
            b = w.bidder
            n = ((w.hands[b] | plain.played_by[b]) & SUIT_MASKS[w.trump_suit]).bit_count()
            lengths.add(n)
            # log(tilted / plain) = scale x (1.5 - 0.5) per trump the bidder holds
            assert math.isclose(math.log(tilted.weight(w) / plain.weight(w)), 0.5 * n,
                                abs_tol=1e-9)
        assert len(lengths) > 1


def test_the_marker_tilt_leaves_a_face_down_card_and_the_default_alone() -> None:
    rng = random.Random(9)
    checked = 0
    while checked < 3:
        d = Deal.from_rng(rng, rng.randrange(4), Rules())
        while d.phase_code != DEAL_OVER:
            if d.phase_code == PLAY and not d.shown and (d.turn & 1) != (d.bidder & 1):
                view = d.view(d.turn)
                a = WorldSampler(view, infer=True, scale=0.5)
                b = WorldSampler(view, infer=True, scale=0.5, marker_tilt=1.5)
                for _ in range(20):
                    w = a.sample(rng)
                    assert a.weight(w) == b.weight(w)
                checked += 1
                break
            codes = d.legal_codes()
            d.step(codes[rng.randrange(len(codes))])


def test_hard_believes_the_marker_tilt_and_it_changes_its_values() -> None:
    differ = 0
    for i, d in enumerate(_marker_defender_views(4)):
        view = d.view(d.turn)
        base = HardBot(seed=i, samples=40, time_budget=100.0)
        same = HardBot(seed=i, samples=40, time_budget=100.0, marker_tilt=1.5)
        tilt = HardBot(seed=i, samples=40, time_budget=100.0, marker_tilt=0.5)
        picks = [b.choose(view, view.legal_actions) for b in (base, same, tilt)]
        assert picks[0] == picks[1]
        assert picks[2] in view.legal_actions
        assert base.estimates is not None and same.estimates is not None
        assert tilt.estimates is not None
        assert base.estimates.values == same.estimates.values
        differ += base.estimates.values != tilt.estimates.values
    assert differ
