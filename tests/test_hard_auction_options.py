"""The auction and trump-belief options of ``hard`` (issue 10, section 2), off by default:

* ``bid_cv`` / ``bid_shrink``: the value of a bid without the winner's curse (the best of
  several noisy trump choices' means is biased upward);
* ``marker_tilt``: with a marker, how strongly card play (the asks for trump among it)
  believes the hidden trump is the bidder's long suit.

Seeded and fast; nothing here is timed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterator

from bot_support import easy_positions

from twentynine.actions import SHOW_CODE
from twentynine.bots import make_bot
from twentynine.bots.calls import best_bid, contract_ev, contract_values, robust_bid, robust_ev
from twentynine.bots.hard import HardBot
from twentynine.bots.worlds import WorldSampler
from twentynine.cards import SUIT_MASKS
from twentynine.deal import AUCTION, DEAL_OVER, PLAY, Deal
from twentynine.rules import Rules

TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)


def _table(rng: random.Random, choices: int, worlds: int) -> list[list[tuple[int, int, bool]]]:
    """Simulated results (team points, pair team, trump shown) of equally good choices."""
    return [[(rng.randrange(8, 25), rng.choice((-1, -1, -1, 0, 1)), rng.random() < 0.9)
             for _ in range(worlds)] for _ in range(choices)]


def test_contract_values_average_to_the_expected_value() -> None:
    rng = random.Random(3)
    for rules in (Rules(), TOURNAMENT, Rules(big_bids=True, half_loss=True),
                  Rules(unshown_trump="dead")):
        for results in _table(rng, 4, 30):
            for bid in (16, 19, 23):
                vals = contract_values(rules, 0, bid, results)
                assert len(vals) == len(results)
                assert math.isclose(sum(vals) / len(vals), contract_ev(rules, 0, bid, results))


def test_without_a_correction_the_robust_bid_is_the_plain_one() -> None:
    rng = random.Random(4)
    for rules in (Rules(), TOURNAMENT, Rules(big_bids=True)):
        for _ in range(30):
            table = _table(rng, rng.randrange(1, 5), rng.randrange(1, 40))
            for threshold in (0.0, -0.25, 0.2):
                assert robust_bid(rules, 1, table, threshold) == \
                    best_bid(rules, 1, table, threshold)


def test_the_best_of_noisy_choices_is_biased_up_and_the_corrections_are_not() -> None:
    # eight choices all worth exactly 0 on average (fair +-1 results), 40 worlds each
    rng = random.Random(5)
    plain, cv, shrunk = [], [], []
    for _ in range(400):
        per = [[rng.choice((1.0, -1.0)) for _ in range(40)] for _ in range(8)]
        plain.append(robust_ev(per))
        cv.append(robust_ev(per, cv=True))
        shrunk.append(robust_ev(per, shrink=1.0))
    mean = [sum(xs) / len(xs) for xs in (plain, cv, shrunk)]
    assert mean[0] > 0.2  # the winner's curse: about 1.4 standard errors (0.16 each)
    assert abs(mean[1]) < 0.03  # cross-validated: honest
    assert mean[2] < mean[0] - 0.15  # one standard error off each


def test_a_correction_never_bids_higher_and_sometimes_lower() -> None:
    rng = random.Random(6)
    lower = 0
    for _ in range(60):
        table = _table(rng, 4, 24)
        plain = best_bid(Rules(), 0, table, 0.0)
        shrunk = robust_bid(Rules(), 0, table, 0.0, shrink=1.0)
        assert shrunk <= plain
        lower += shrunk < plain
    assert lower


def _deals(seed: int, rules: Rules) -> Iterator[Deal]:
    """Endless random deals (random dealers) from one seeded generator."""
    rng = random.Random(seed)
    while True:
        yield Deal.from_rng(rng, rng.randrange(4), rules)


def _auction_views(n: int, rules: Rules) -> list[Deal]:
    """Every position of the auctions, deal after deal."""
    return easy_positions(_deals(7, rules), n, lambda k, d: d.phase_code == AUCTION,
                          stop=lambda d: d.phase_code != AUCTION)


def test_hard_with_the_bid_corrections_bids_less_and_by_default_as_before() -> None:
    positions = _auction_views(30, Rules())
    kw = {"samples": 16, "bid_samples": 32, "time_budget": 100.0}  # no clock: seeded
    made = {k: 0 for k in ("default", "cv", "shrink")}
    changed = 0
    for i, d in enumerate(positions):
        view = d.view(d.turn)
        bots = [make_bot("hard", seed=i, **kw), make_bot("hard", seed=i, bid_cv=True, **kw),
                make_bot("hard", seed=i, bid_shrink=2.0, **kw)]
        picks = [b.choose(view, view.legal_actions) for b in bots]
        assert all(p in view.legal_actions for p in picks)
        if i < 8:  # the options off are the default play
            off = make_bot("hard", seed=i, bid_cv=False, bid_shrink=0.0, **kw)
            assert off.choose(view, view.legal_actions) == picks[0]
        for k, p in zip(made, picks, strict=True):
            made[k] += p.bid is not None
        changed += picks[1] != picks[0]
    assert made["shrink"] < made["default"]
    assert changed  # the honest estimate changes some decisions ...
    assert made["cv"] <= made["default"]  # ... towards passing, here


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


def test_hard_with_the_marker_tilt_values_the_cards_differently() -> None:
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


def _ask_positions(n: int, rules: Rules) -> list[Deal]:
    """Positions where a seat other than the bidder may ask for trump."""
    return easy_positions(_deals(10, rules), n, lambda k, d: d.phase_code == PLAY
                          and d.turn != d.bidder and SHOW_CODE in d.legal_codes())


def test_an_ask_margin_makes_hard_ask_for_trump_less_and_by_default_as_before() -> None:
    asks = {"default": 0, "off": 0, "margin": 0}
    for i, d in enumerate(_ask_positions(12, TOURNAMENT) + _ask_positions(12, Rules())):
        view = d.view(d.turn)
        kw = {"seed": i, "samples": 30, "time_budget": 100.0}
        bots = {"default": HardBot(**kw), "off": HardBot(ask_margin=0.0, **kw),
                "margin": HardBot(ask_margin=0.2, **kw)}
        picks = {k: b.choose(view, view.legal_actions) for k, b in bots.items()}
        assert picks["default"] == picks["off"]
        for k, p in picks.items():
            asks[k] += p.code == SHOW_CODE
        # the ask's value is marked down by the margin, the cards' values are not
        base, marked = bots["default"].estimates, bots["margin"].estimates
        assert base is not None and marked is not None
        j = base.codes.index(SHOW_CODE)
        assert math.isclose(marked.values[j], base.values[j] - 0.2, abs_tol=1e-9)
        assert [v for k, v in enumerate(marked.values) if k != j] == \
            [v for k, v in enumerate(base.values) if k != j]
    assert asks["margin"] < asks["default"]
