"""``bid_model``: reading the other seats' bids through a model of what ``hard`` bids.

The model (:func:`~twentynine.bots.worlds.bid_features` of a seat's first four and
:func:`~twentynine.bots.worlds.auction_choices`' context, fitted to ``hard``'s self-play
auctions) gives each world the likelihood of every choice the other seats made in the
auction.  Constructed auctions check the context and the direction of the evidence;
seeded self-play checks that the model predicts ``hard``'s own choices and that worlds
follow the bids.  Seeded and fast; nothing here is timed.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable

from helpers import TOURNAMENT, mask

from twentynine.bots.hard import HardBot
from twentynine.bots.worlds import (
    AUCTION_CONTEXT,
    BID_FEATURES,
    BID_WEIGHTS_CARD,
    BID_WEIGHTS_MARKER,
    TRUMP_FLOOR,
    TRUMP_WEIGHTS_CARD,
    TRUMP_WEIGHTS_MARKER,
    WorldSampler,
    auction_choices,
    bid_features,
    trump_log_prob,
)
from twentynine.cards import POINT_MASK, Card
from twentynine.deal import AUCTION, PLAY, Deal
from twentynine.rules import Rules

m = mask


def points(mask: int) -> int:
    return int(bid_features(mask)[0])


def test_the_weights_match_the_inputs() -> None:
    n = len(BID_FEATURES) + len(AUCTION_CONTEXT)
    assert len(BID_WEIGHTS_CARD) == len(BID_WEIGHTS_MARKER) == n


def test_the_four_is_measured_by_its_long_suit() -> None:
    assert bid_features(m("JH", "9H", "7H", "AS")) == [6.0, 1.0, 1.0, 1.0, 3.0, 5.0, 1.0,
                                                       1.0, 2.0]
    # equal length: the suit with more points is the long one
    assert bid_features(m("7H", "8H", "JS", "QS"))[4:8] == [2.0, 3.0, 1.0, 0.0]
    assert bid_features(m("7H", "8D", "QC", "KS")) == [0.0, 0.0, 0.0, 0.0, 1.0, 0.0, 0.0,
                                                       0.0, 4.0]


def test_each_choice_is_read_in_its_context() -> None:
    rules = Rules()
    # dealer 0: seat 1 speaks first
    got = auction_choices([(1, 16), (2, None), (3, 17), (1, 18), (3, None)], 0, rules)
    assert [(s, b) for s, _, b in got] == [(1, True), (2, False), (3, True), (1, True),
                                           (3, False)]
    _, level, opp, partner, pbid, ppass, obid = got[2][1]
    # seat 3 over its partner seat 1's 16 (seat 2 passed): lowest bid 17
    assert (level, opp, partner, pbid, ppass, obid) == (1.0, 0.0, 1.0, 1.0, 0.0, 0.0)
    # seat 2, the first to pass, over an opponent's 16
    assert got[1][1][1:] == [1.0, 1.0, 0.0, 0.0, 0.0, 1.0]
    # seat 1 over its partner's 17, then seat 3 passing over its partner's 18
    assert got[3][1][1:] == [2.0, 0.0, 1.0, 2.0, 0.0, 0.0]
    assert got[4][1][1:] == [3.0, 0.0, 1.0, 3.0, 0.0, 0.0]
    # a jump bid counts at its own level
    assert auction_choices([(1, 20)], 0, rules)[0][1][1] == 4.0
    # the dealer's forced bid says nothing
    forced = auction_choices([(1, None), (2, None), (3, None), (0, 16)], 0, rules)
    assert [s for s, _, _ in forced] == [1, 2, 3]


def test_the_partners_bid_is_context_not_the_seats_own() -> None:
    """Over its partner's bid a seat bids only with more to show."""
    got = auction_choices([(1, 16), (2, None), (3, 17), (0, 18)], 0, Rules())
    assert got[2][1][3] == 1.0 and got[2][1][4] == 1.0  # partner holds, partner bid 16
    assert got[3][1][2:] == [1.0, 0.0, 0.0, 1.0, 2.0]  # seat 0: partner passed, opp 17


def _sampler_after(bids: list[tuple[int, int | None]], rules: Rules, viewer: int
                   ) -> WorldSampler:
    """A view at ``viewer``'s turn in the auction after ``bids`` (dealer 0)."""
    for seed in range(200):
        d = Deal.from_seed(seed, 0, rules)
        ok = True
        for s, b in bids:
            if d.turn != s:
                ok = False
                break
            d.apply(f"bid {b}" if b is not None else "pass")
        if ok and d.turn == viewer and d.phase_code == AUCTION:
            return WorldSampler(d.view(viewer), infer=True, scale=0.5, bid_model=1.0)
    raise AssertionError("no deal fits")


def test_a_strong_four_explains_a_high_bid_and_a_weak_one_a_pass() -> None:
    strong = m("JH", "9H", "AH", "JS")
    weak = m("7H", "8D", "QC", "KS")
    for rules in (Rules(), TOURNAMENT):
        sampler = _sampler_after([(1, 16), (2, None), (3, 17), (0, None), (1, 18)], rules, 3)
        assert sampler.bid_log_likelihood(1, strong) > sampler.bid_log_likelihood(1, weak) + 2
        assert sampler.bid_log_likelihood(2, weak) > sampler.bid_log_likelihood(2, strong) + 2
        # every log-likelihood is of probabilities
        assert sampler.bid_log_likelihood(1, weak) < 0
        # the viewer's own choices are not evidence
        assert all(s != 3 for s, _ in sampler._bid_obs)


def test_off_by_default_and_the_tilt_unchanged() -> None:
    assert HardBot().bid_model == 0.0 and HardBot().auction_bid_model == 0.0
    d = Deal.from_seed(3)
    d.apply("bid 16")
    view = d.view(d.turn)
    plain = WorldSampler(view, infer=True, scale=0.5)
    assert plain._bid_obs == [] and plain._bid_info
    model = WorldSampler(view, infer=True, scale=0.5, bid_model=1.0)
    assert model._bid_info == [] and model._bid_obs


def _means(sampler: WorldSampler, rng: random.Random, n: int,
           value: Callable[[Deal], float]) -> tuple[float, float]:
    """``value``'s mean over ``n`` sampled worlds, weighted by the sampler and not."""
    wsum = weighted = raw = 0.0
    for _ in range(n):
        w = sampler.sample(rng)
        v = value(w)
        wt = sampler.weight(w)
        wsum += wt
        weighted += wt * v
        raw += v
    return weighted / wsum, raw / n


def _seated_bots() -> list[HardBot]:
    """Four self-playing ``hard`` bots whose clock (a safety cap) is out of the way, so the
    positions they reach depend on the seeds alone, not on the machine's load."""
    return [HardBot(seed=s, time_budget=60.0, bid_time=60.0) for s in range(4)]


def _self_play(rules: Rules, seed: int, bots: list[HardBot]) -> Deal:
    d = Deal.from_seed(seed, seed % 4, rules)
    while d.phase_code != PLAY and d.outcome is None:
        v = d.view(d.turn)
        d.apply(bots[d.turn].choose(v, v.legal_actions))
    return d


def test_the_model_predicts_hards_own_choices() -> None:
    """Over seeded self-play auctions the model's log-likelihood of each real choice, from
    the real four, beats a coin's by far."""
    total = 0.0
    n = 0
    for rules in (Rules(), TOURNAMENT):
        bots = _seated_bots()
        for seed in range(6):
            d = _self_play(rules, seed, bots)
            if d.phase_code != PLAY:
                continue
            viewer = d.turn
            sampler = WorldSampler(d.view(viewer), infer=True, scale=0.5, bid_model=1.0)
            for s, obs in sampler._bid_obs:
                total += sampler.bid_log_likelihood(s, d.first[s])
                n += len(obs)
    assert n >= 40
    assert total / n > 0.75 * math.log(0.5)


def test_card_plays_worlds_follow_the_bids() -> None:
    """In play, worlds weighted by the model give a seat that bid high more points among
    its cards than unweighted worlds do, and one that passed at once fewer."""
    for rules in (Rules(), TOURNAMENT):
        bots = [HardBot(seed=s, bid_samples=150) for s in range(4)]
        checked = 0
        for seed in range(40):
            d = _self_play(rules, 100 + seed, bots)
            if d.phase_code != PLAY or d.high_bid < 18:
                continue
            viewer = d.turn
            bidder = d.bidder
            if bidder in (viewer, viewer ^ 2):
                continue
            sampler = WorldSampler(d.view(viewer), infer=True, scale=0.5, bid_model=1.0)

            def bidders_points(w: Deal, b: int = bidder) -> float:
                held = w.hands[b] | (1 << w.trump_card if w.trump_card >= 0 else 0)
                return points(held & 0xFFFFFFFF)

            weighted, raw = _means(sampler, random.Random(seed), 400, bidders_points)
            assert weighted > raw
            checked += 1
            if checked == 3:
                break
        assert checked == 3
    assert POINT_MASK  # the point cards are what the model counts


def test_card_play_and_the_auction_each_have_their_own_strength() -> None:
    """``bid_model`` is card play's, ``auction_bid_model`` the auction's own worlds'."""
    bots = _seated_bots()
    d = _self_play(Rules(), 7, bots)
    assert d.phase_code == PLAY
    view = d.view(d.turn)
    play_only = HardBot(seed=1, bid_model=1.0)
    assert play_only._play_sampler(view).bid_model == 1.0
    assert play_only._play_sampler(view)._bid_obs
    both = HardBot(seed=1, bid_model=0.5, auction_bid_model=2.0)
    assert both._play_sampler(view).bid_model == 0.5
    # the auction's worlds: a view in the auction, after two choices
    d = Deal.from_seed(3)
    d.apply("bid 16")
    d.apply("pass")
    auction_view = d.view(d.turn)
    assert both._auction_sampler(auction_view).bid_model == 2.0
    assert both._auction_sampler(auction_view)._bid_obs
    assert play_only._auction_sampler(auction_view)._bid_obs == []
    assert play_only._auction_sampler(auction_view)._bid_info


def test_a_bidder_names_its_long_suit() -> None:
    four = m("JH", "9H", "7H", "AS")
    for marker, weights in ((False, TRUMP_WEIGHTS_CARD), (True, TRUMP_WEIGHTS_MARKER)):
        lp = [trump_log_prob(four, u, weights, marker) for u in range(4)]
        hearts = Card.parse("JH").suit
        assert max(range(4), key=lambda u: lp[u]) == hearts
        total = sum(math.exp(x) for x in lp)
        # a marker may name any suit; a card only a suit held in the four
        assert math.isclose(total, 1.0) if marker else total > 0.999
        assert min(lp) >= math.log(TRUMP_FLOOR / 4) - 1e-9 if marker else True
    # with a card, a suit not in the four cannot be trump
    assert trump_log_prob(four, Card.parse("JD").suit, TRUMP_WEIGHTS_CARD, False) <= -30


def test_hidden_trump_worlds_follow_the_bidders_four() -> None:
    """With a marker, a defender's worlds weighted by the model name the real trump more
    often than unweighted ones do."""
    bots = _seated_bots()
    hits_w = 0.0
    hits_raw = 0.0
    n = 0
    for seed in range(12):
        d = _self_play(TOURNAMENT, 300 + seed, bots)
        if d.phase_code != PLAY or d.bidder in (d.turn, d.turn ^ 2):
            continue
        sampler = WorldSampler(d.view(d.turn), infer=True, scale=0.5, bid_model=1.0)
        assert sampler.sample_suit and sampler._trump_evidence
        trump = d.trump_suit

        def names_trump(w: Deal, t: int = trump) -> float:
            return float(w.trump_suit == t)

        weighted, raw = _means(sampler, random.Random(seed), 200, names_trump)
        hits_w += weighted
        hits_raw += raw
        n += 1
    assert n >= 3
    assert hits_w / n > hits_raw / n + 0.05
