"""The search bots (medium, hard) and their world sampler: consistency, legality, no peeking.

Fast and seeded; nothing here is timed.
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from twentynine.bots import SettingError, UnknownBot, make_bot
from twentynine.bots.config import HARD, MEDIUM
from twentynine.bots.hard import HardBot
from twentynine.bots.medium import MediumBot
from twentynine.bots.search import outcome_value, rollout, solve, solve_root
from twentynine.bots.worlds import WorldSampler
from twentynine.engine.cards import SUIT_MASKS
from twentynine.engine.deal import DEAL_OVER, PLAY, Deal
from twentynine.engine.rules import Rules
from twentynine.engine.views import SeatView

VARIANTS = ("standard", "28pt", "pagat")
FULL = (1 << 32) - 1


def _random_positions(variant: str, games: int, seed: int) -> list[Deal]:
    """Copies of deals at every decision point of some random deals."""
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        d = Deal.from_rng(rng, rng.randrange(4), Rules.preset(variant))
        while d.phase_code != DEAL_OVER:
            out.append(d.clone())
            codes = d.legal_codes()
            d.step(codes[rng.randrange(len(codes))])
    return out


def _voids(d: Deal) -> list[int]:
    """Suit masks each seat has shown it cannot hold (from the true deal's history)."""
    out = [0, 0, 0, 0]
    tricks = [(lead, cards) for lead, cards, _, _ in d.history]
    if d.trick:
        tricks.append((d.leader, tuple(d.trick)))
    for lead, cards in tricks:
        led = cards[0] >> 3
        for i, c in enumerate(cards[1:], 1):
            if c >> 3 != led:
                out[(lead + i) & 3] |= SUIT_MASKS[led]
    return out


@pytest.mark.parametrize("variant", VARIANTS)
def test_worlds_are_consistent_with_the_view(variant: str) -> None:
    rng = random.Random(5)
    # eight deals' every decision point (some 300 positions, each seen from all four seats)
    positions = _random_positions(variant, 8, seed=VARIANTS.index(variant))
    for true in positions:
        for seat in range(4):
            view = true.view(seat)
            sampler = WorldSampler(view, infer=seat % 2 == 0)
            voids = _voids(true)
            for _ in range(3):
                w = sampler.sample(rng)
                assert sampler.weight(w) > 0
                assert sampler.failures == 0
                # the viewer's hand, everyone's hand size, the public state
                assert w.hands[seat] == true.hands[seat]
                assert [h.bit_count() for h in w.hands] == [h.bit_count() for h in true.hands]
                assert w.played == true.played
                assert w.phase_code == true.phase_code and w.turn == true.turn
                assert w.legal_codes() == true.legal_codes() or seat != true.turn
                # every card exactly once
                seen = w.played
                for h in w.hands:
                    assert not seen & h
                    seen |= h
                if w.phase_code < PLAY:
                    assert w.second[seat] & true.hands[seat] == 0
                    for s in range(4):
                        assert w.first[s] == w.hands[s]
                        assert not seen & w.second[s]
                        seen |= w.second[s]
                        assert w.second[s].bit_count() == 4
                elif w.trump_card >= 0 and not w.shown:
                    assert not seen >> w.trump_card & 1
                    seen |= 1 << w.trump_card
                assert seen == FULL
                if w.phase_code < PLAY:
                    continue
                # voids: a seat that failed to follow a suit holds none of it (the
                # face-down card lies apart, so the bidder's hand obeys this too)
                for s in range(4):
                    hand = w.hands[s]
                    if s == true.bidder and true.shown and true.trump_card >= 0:
                        hand &= ~(1 << true.trump_card)  # went back to the bidder when shown
                    if s != seat:
                        assert not hand & voids[s], (s, hex(w.hands[s]), hex(voids[s]))
                # the trump: known parts kept, the face-down card has the trump suit
                assert w.trump_suit >= 0
                if view.trump_suit is not None:
                    assert w.trump_suit == true.trump_suit
                if w.trump_card >= 0:
                    assert w.trump_card >> 3 == w.trump_suit
                if seat == true.bidder or true.shown:
                    assert w.trump_card == true.trump_card
                if true.shown and true.trump_card >= 0 and \
                        true.hands[true.bidder] >> true.trump_card & 1:
                    assert w.hands[true.bidder] >> true.trump_card & 1
                # a world is a playable deal
                rollout(w, rng.random)
                assert w.phase_code == DEAL_OVER


def test_worlds_keep_the_viewers_face_down_card_and_sample_the_hidden_one() -> None:
    rng = random.Random(2)
    checked = 0
    for true in _random_positions("standard", 8, seed=9):
        if true.phase_code != PLAY or true.shown:
            continue
        b = true.bidder
        mine = WorldSampler(true.view(b)).sample(rng)
        assert mine.trump_card == true.trump_card
        other = (b + 1) & 3
        suits = {WorldSampler(true.view(other)).sample(rng).trump_card for _ in range(20)}
        # a non-bidder never learns the card: it is sampled among unseen cards
        assert all(c >= 0 and not true.hands[other] >> c & 1 for c in suits)
        assert not any(true.played >> c & 1 for c in suits)
        checked += 1
    assert checked > 100  # positions of the play with the trump still face down


def test_the_exact_solver_agrees_with_brute_force_on_the_last_tricks() -> None:
    rng = random.Random(4)
    checked = 0
    for true in _random_positions("standard", 30, seed=3):
        if true.phase_code != PLAY or true.trick_no < 6:
            continue
        team = true.turn & 1
        codes = true.legal_codes()

        assert solve_root(true, codes, team) == pytest.approx(
            [_brute(_after(true, c), team) for c in codes])
        assert solve(true, team) == pytest.approx(_brute(true, team))
        checked += 1
    assert checked > 10
    del rng


def _brute(d: Deal, team: int) -> float:
    """Plain minimax, no pruning."""
    if d.phase_code == DEAL_OVER:
        return outcome_value(d, team)
    vals = [_brute(_after(d, c), team) for c in d.legal_codes()]
    return max(vals) if (d.turn & 1) == team else min(vals)


def _after(d: Deal, code: int) -> Deal:
    x = d.clone()
    x.step(code)
    return x


def _cheap(name: str, seed: int) -> MediumBot:
    """The level's search at a small budget.  Hard keeps every part of its search (the
    inference, the exact endgame), the endgame solved from three tricks left instead of
    five: the exact path still chooses in every deal, in trees a small fraction of the
    size (with Pagat's pair the five-trick trees were four fifths of this file's CPU)."""
    if name == "hard":
        return HardBot(seed=seed, samples=6, bid_samples=8, oversample=2, exact_tricks=3,
                       time_budget=5.0)
    return MediumBot(seed=seed, samples=6, bid_samples=8, time_budget=5.0)


@pytest.mark.parametrize("variant", VARIANTS)
@pytest.mark.parametrize("name", ["medium", "hard"])
def test_search_bots_play_only_legal_actions(name: str, variant: str) -> None:
    rules = Rules.preset(variant)
    for g in range(2):  # two deals a variant: every phase, six deals a level in all
        d = Deal.from_seed(100 + g, g % 4, rules)
        bots = [_cheap(name, seed=g * 4 + s) for s in range(4)]
        while d.phase_code != DEAL_OVER:
            view = d.view(d.turn)
            action = bots[d.turn].choose(view, view.legal_actions)
            assert action in view.legal_actions
            d.apply(action)
        assert d.outcome is not None


def _contains_deal(obj: object, depth: int = 0) -> bool:
    if isinstance(obj, Deal):
        return True
    if depth > 4:
        return False
    if dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        return any(_contains_deal(getattr(obj, f.name), depth + 1)
                   for f in dataclasses.fields(obj))
    if isinstance(obj, tuple | list | frozenset | set):
        return any(_contains_deal(x, depth + 1) for x in obj)
    return False


@pytest.mark.parametrize("name", ["medium", "hard"])
def test_search_bots_see_only_the_view(name: str) -> None:
    """The bot gets a SeatView holding no Deal; scrambling the real deal's hidden cards
    after the view is taken changes nothing in the bot's choice."""
    for seed in range(2):
        d = Deal.from_seed(seed, 0)
        while d.phase_code != DEAL_OVER:
            seat = d.turn
            view = d.view(seat)
            assert isinstance(view, SeatView) and not _contains_deal(view)
            choice = _cheap(name, seed).choose(view, view.legal_actions)
            # scramble the hidden cards of the real deal: a bot that peeked would notice
            saved = d.hands[:], d.second, d.trump_card
            others = [s for s in range(4) if s != seat]
            d.hands[others[0]], d.hands[others[1]] = d.hands[others[1]], d.hands[others[0]]
            d.second = (0, 0, 0, 0)
            again = _cheap(name, seed).choose(view, view.legal_actions)
            assert again == choice
            d.hands[:], d.second, d.trump_card = saved
            d.apply(choice)


def test_bots_are_registered_and_reproducible() -> None:
    d = Deal.from_seed(7, 1)
    view = d.view(d.turn)
    for name in ("medium", "hard"):
        a = make_bot(name, seed=3, samples=4, bid_samples=6, time_budget=5.0)
        b = make_bot(name, seed=3, samples=4, bid_samples=6, time_budget=5.0)
        assert a.choose(view, view.legal_actions) == b.choose(view, view.legal_actions)


def test_the_levels_are_one_search_at_two_frozen_settings() -> None:
    assert HardBot.__init__ is MediumBot.__init__  # hard adds no signature of its own
    assert (MediumBot.default_config, HardBot.default_config) == (MEDIUM, HARD)
    bot = make_bot("hard", seed=1, samples=40, time_budget=9.0)
    assert isinstance(bot, HardBot) and bot.time_budget == 9.0
    assert bot.config == dataclasses.replace(HARD, samples=40, time_budget=9.0)
    assert HardBot(seed=1).config is HARD  # unchanged: the level's own value
    with pytest.raises(dataclasses.FrozenInstanceError):
        HARD.samples = 1  # type: ignore[misc]  # frozen: refused


def test_an_unknown_bot_or_setting_is_refused_by_name() -> None:
    with pytest.raises(UnknownBot, match="unknown bot 'hrad': choose one of random, easy"):
        make_bot("hrad")
    with pytest.raises(SettingError, match="unknown search setting 'policy'"):
        make_bot("hard", policy=1.0)
    with pytest.raises(SettingError, match="samples must be at least 1"):
        MediumBot(samples=0)
    with pytest.raises(SettingError, match="exact_tricks must be 0 to 8"):
        HARD.replace(exact_tricks=9)
    assert issubclass(UnknownBot, ValueError) and issubclass(SettingError, ValueError)


def test_a_single_legal_action_returns_at_once() -> None:
    d = Deal.from_seed(3, 0)
    # play until someone has a single legal action
    rng = random.Random(1)
    while len(d.legal_codes()) != 1:
        assert d.phase_code != DEAL_OVER
        codes = d.legal_codes()
        d.step(codes[rng.randrange(len(codes))])
    view = d.view(d.turn)
    bot = HardBot(seed=1, samples=10 ** 6, time_budget=100.0)
    assert bot.choose(view, view.legal_actions) == view.legal_actions[0]


def test_the_rollout_policies_card_choices_follow_their_orders() -> None:
    """The closure-free helpers of the rollout policies pick exactly what ``min``/``max``
    with the orders they document would pick (the first such card on ties)."""
    from twentynine.bots.search import _cheapest_winner, _lowest, _richest
    from twentynine.engine.cards import CARD_POINTS

    rng = random.Random(9)
    for _ in range(3000):
        cards = sorted(rng.sample(range(32), rng.randint(1, 8)))
        trump = rng.randrange(-1, 4)
        assert _lowest(cards, trump) == min(
            cards, key=lambda c: (CARD_POINTS[c], c >> 3 == trump, -(c & 7)))
        assert _richest(cards, trump) == max(
            cards, key=lambda c: (CARD_POINTS[c], c >> 3 != trump, c & 7))
        assert _cheapest_winner(cards, trump) == min(
            cards, key=lambda c: (c >> 3 == trump, CARD_POINTS[c], -(c & 7)))
