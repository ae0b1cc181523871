"""The search options that make ``hard`` stronger: beliefs from a discard made without
asking for trump (``no_ask``), common random numbers in the rollouts (``crn``), the worth's
card-margin weight (``margin_weight``) and the binary exact endgame (``exact_binary``,
``exact_samples``).

Seeded and fast; nothing here is timed.
"""

from __future__ import annotations

import functools
import itertools
import math
import random
import time

import pytest
from bot_support import easy_positions

from twentynine.bots import make_bot
from twentynine.bots.medium import MediumBot
from twentynine.bots.search import (
    MARGIN_WEIGHT,
    SearchTimeout,
    StreamRand,
    _clock,
    binary_ok,
    outcome_value,
    rollout,
    rollout_policy,
    settled,
    solve,
    solve_root,
)
from twentynine.bots.worlds import WorldSampler
from twentynine.engine.cards import SUIT_MASKS
from twentynine.engine.deal import DEAL_OVER, PLAY, Deal
from twentynine.engine.rules import Rules

TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)


def _hard(seed: int | None = None, **options: float) -> MediumBot:
    """``make_bot("hard", ...)``, known to be the search bot that reports its settings and
    estimates."""
    bot = make_bot("hard", seed=seed, **options)
    assert isinstance(bot, MediumBot)
    return bot


def _quiet_discard_views(n: int) -> list[tuple[int, Deal]]:
    """(quiet seat, position) pairs: trump still hidden, a seat that is neither the bidder
    nor the viewer (the seat to move) has discarded off the led suit without asking while
    an opponent was winning the trick."""
    out: list[tuple[int, Deal]] = []
    rng = random.Random(5)
    while len(out) < n:
        d = Deal.from_rng(rng, rng.randrange(4), TOURNAMENT)
        easy = [make_bot("easy", seed=s) for s in range(4)]
        quiet = -1
        while d.phase_code != DEAL_OVER:
            if d.phase_code == PLAY and not d.shown and quiet >= 0 and d.turn != quiet:
                out.append((quiet, d.clone()))
                break
            seat = d.turn
            trick = list(d.trick)
            action = easy[seat].choose(d.view(seat), d.view(seat).legal_actions)
            if d.phase_code == PLAY and trick and action.card is not None \
                    and action.card.index >> 3 != trick[0] >> 3 and seat != d.bidder:
                led = trick[0] >> 3
                best = min(range(len(trick)), key=lambda i: (trick[i] >> 3 != led, trick[i]))
                if ((d.leader + best) & 1) != (seat & 1):
                    quiet = seat
            d.apply(action, seat)
    return out


def test_a_seat_that_discarded_without_asking_is_believed_to_hold_no_trump() -> None:
    seen_with, seen_without = 0, 0
    for quiet, d in _quiet_discard_views(6):
        view = d.view(d.turn)
        plain = WorldSampler(view, infer=True, scale=0.5)
        told = WorldSampler(view, infer=True, scale=0.5, no_ask=1.0)
        rng = random.Random(1)
        for _ in range(60):
            w = plain.sample(rng)
            ratio = told.weight(w) / plain.weight(w)
            holds = bool(w.hands[quiet] & SUIT_MASKS[w.trump_suit])
            if holds:
                seen_with += 1
                assert ratio < math.exp(-0.5 * 0.4) + 1e-9  # at least the weakest evidence
            else:
                seen_without += 1
                # a world giving it no trump now may still be marked down for a trump it
                # has played since; none is marked up
                assert ratio <= 1.0 + 1e-9
    assert seen_with and seen_without


def test_without_the_option_the_weights_are_unchanged() -> None:
    for _, d in _quiet_discard_views(2):
        view = d.view(d.turn)
        a = WorldSampler(view, infer=True, scale=0.5)
        b = WorldSampler(view, infer=True, scale=0.5, no_ask=0.0)
        rng = random.Random(2)
        for _ in range(20):
            w = a.sample(rng)
            assert a.weight(w) == b.weight(w)


def test_the_stream_is_seeded_and_uniform() -> None:
    a, b = StreamRand(12345), StreamRand(12345)
    xs = [a() for _ in range(20000)]
    assert xs == [b() for _ in range(20000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01
    assert xs[:50] != [StreamRand(54321)() for _ in range(50)]
    assert StreamRand(0)() != 0.0  # a zero seed does not stick at zero


def test_one_stream_replays_one_rollout() -> None:
    d = Deal.from_seed(3)
    d.step(d.legal_codes()[0])
    a, b = d.clone(), d.clone()
    rollout(a, StreamRand(7))
    rollout(b, StreamRand(7))
    assert a.points == b.points and a.outcome == b.outcome


def test_hard_with_the_options_plays_legal_moves_and_repeats_itself() -> None:
    """(The exact endgame from three tricks left, not hard's five, and eight worlds a
    decision, not 24: it still searches with every option at every decision of both deals,
    and repeats itself, at a third of the CPU.)"""
    for rules in (Rules(), TOURNAMENT):
        runs = []
        for _ in range(2):
            d = Deal.from_seed(11, 1, rules)
            bots = [make_bot("hard", seed=s, samples=8, bid_samples=8, crn=True,
                             no_ask=1.0, exact_tricks=3, time_budget=100.0)
                    for s in range(4)]
            moves = []
            while d.phase_code != DEAL_OVER:
                view = d.view(d.turn)
                a = bots[d.turn].choose(view, view.legal_actions)
                assert a in view.legal_actions
                moves.append(a.code)
                d.apply(a, d.turn)
            runs.append(moves)
        assert runs[0] == runs[1]


# ------------------------------------------------ worth as game points, the binary endgame
def _endgames(rules: Rules, left: int, n: int, seed: int = 0) -> list[Deal]:
    """Play positions (seeded ``easy`` deals) with ``left`` tricks to go, some at a trick's
    start and some inside a trick (seed s: s % 3 cards in), each with more than one legal
    code."""
    deals = (Deal.from_seed(s, s % 4, rules) for s in itertools.count(seed))
    return easy_positions(deals, n, lambda k, d: d.phase_code == PLAY
                          and 8 - d.trick_no == left and len(d.trick) == (seed + k) % 3
                          and len(d.legal_codes()) > 1, first=True)


def test_the_worth_without_its_margin_is_the_game_points() -> None:
    d = Deal.from_seed(3)
    rollout(d, StreamRand(9))
    out = d.outcome
    assert out is not None
    g, p = out.game_points, d.points
    for team in (0, 1):
        assert outcome_value(d, team, 0.0) == g[team] - g[1 - team]
        assert outcome_value(d, team) == pytest.approx(
            g[team] - g[1 - team] + MARGIN_WEIGHT * (p[team] - p[1 - team]) / 29)
    assert MARGIN_WEIGHT == 0.15  # medium's


@pytest.mark.parametrize("rules", [Rules(), TOURNAMENT, Rules(big_bids=True)],
                         ids=["standard", "tournament", "big bids"])
def test_the_binary_endgame_search_finds_the_full_searchs_values_with_fewer_nodes(
        rules: Rules) -> None:
    full_nodes = binary_nodes = 0
    for d in _endgames(rules, 3, 12):
        codes = d.legal_codes()
        team = d.turn & 1
        _clock.nodes = 0
        full = solve_root(d, codes, team, margin=0.0)
        full_nodes += _clock.nodes
        _clock.nodes = 0
        fast = solve_root(d, codes, team, binary=True)
        binary_nodes += _clock.nodes
        assert fast == full
        assert all(v != 0.0 for v in fast)  # one gain or one loss, never a draw
    assert binary_nodes < full_nodes


def test_the_exact_search_reads_its_clock_every_32_trick_starts() -> None:
    """Past its deadline the search stops at the next reading of the clock: the 32nd trick
    start (it was the 256th, and one decision overran its 0.35 s cap by 0.36 s under load),
    and not before, and with the deadline far away it solves the position in full."""
    stopped = 0
    for d in _endgames(TOURNAMENT, 4, 3, seed=20):
        codes, team = d.legal_codes(), d.turn & 1
        _clock.nodes = 0
        values = solve_root(d, codes, team)
        if _clock.nodes < 32:
            continue  # too small a search to reach a reading
        assert _clock.mask == 31
        _clock.nodes = 0
        with pytest.raises(SearchTimeout):
            solve_root(d, codes, team, deadline=0.0)  # long past
        assert _clock.nodes == 32
        stopped += 1
        assert solve_root(d, codes, team, deadline=time.perf_counter() + 3600.0) == values
    assert stopped


def test_where_a_loss_can_cost_more_the_binary_search_falls_back_to_a_full_one() -> None:
    rules = Rules(half_loss=True)
    for d in _endgames(rules, 2, 6, seed=40):
        assert not binary_ok(d)
        codes = d.legal_codes()
        team = d.turn & 1
        assert solve_root(d, codes, team, binary=True) == solve_root(d, codes, team,
                                                                     margin=0.0)


@pytest.mark.parametrize("rules", [Rules(), TOURNAMENT], ids=["standard", "tournament"])
def test_a_settled_contract_is_worth_its_result_before_the_last_tricks(rules: Rules) -> None:
    seen = 0
    for d in _endgames(rules, 3, 60, seed=7):
        if d.trick:
            continue
        team = d.turn & 1
        s = settled(d, team)
        if s != 0.0:
            seen += 1
            assert s == solve(d, team, margin=0.0)
    assert seen


def _play_decisions(bot_options: dict[str, float], rules: Rules, seeds: range,
                    cards: int = 8) -> list[tuple[int, int]]:
    """(code chosen, worlds searched) of seat 0's card decisions over seeded deals whose
    other seats and auction are ``easy``, with no time limit; the first ``cards`` of each
    deal (its decisions up to there are the same as in the whole deal)."""
    key = tuple(sorted(bot_options.items()))
    return [x for seed in seeds for x in _one_deals_decisions(key, rules, seed, cards)]


@functools.cache
def _one_deals_decisions(options: tuple[tuple[str, float], ...], rules: Rules, seed: int,
                         cards: int = 8) -> tuple[tuple[int, int], ...]:
    """:func:`_play_decisions` of one deal, kept: the same options, rules and seed make the
    same decisions (the clock lifted), and several tests ask for the same deals."""
    out: list[tuple[int, int]] = []
    d = Deal.from_seed(seed, seed % 4, rules)
    easy = [make_bot("easy", seed=k) for k in range(4)]
    # the clock lifted: the sample counts bound every search, also on a loaded machine
    bot = _hard(seed=seed, samples=40, time_budget=100.0, **dict(options))
    while d.phase_code != DEAL_OVER and len(out) < cards:
        view = d.view(d.turn)
        if d.turn == 0 and d.phase_code == PLAY and len(view.legal_actions) > 1:
            a = bot.choose(view, view.legal_actions)
            assert a in view.legal_actions
            est = bot.estimates
            assert est is not None
            out.append((a.code, est.samples))
        else:
            a = easy[d.turn].choose(view, view.legal_actions)
        d.apply(a, d.turn)
    return tuple(out)


def test_margin_weight_changes_the_card_play_and_hard_weighs_it_at_001() -> None:
    # in this deal its first card already differs (a deal's search: seconds of CPU)
    seeds, cards = range(6, 7), 1
    hard = _play_decisions({}, TOURNAMENT, seeds, cards)
    # the same settings given by hand are hard's own (so they make its decisions)
    assert _hard(margin_weight=0.01, exact_samples=80,
                 exact_binary=True).config == _hard().config
    bot = make_bot("hard")
    assert isinstance(bot, MediumBot)
    cfg = bot.config
    assert (cfg.margin_weight, cfg.exact_binary, cfg.exact_samples) == (0.01, True, 80)
    # the worth that hard once had: the margin weighed 0.15 (MARGIN_WEIGHT, still
    # medium's) and the endgame solved the card points
    medium = make_bot("medium")
    assert isinstance(medium, MediumBot) and medium.config.margin_weight == MARGIN_WEIGHT
    earlier = _play_decisions({"margin_weight": MARGIN_WEIGHT, "exact_samples": 0,
                               "exact_binary": False}, TOURNAMENT, seeds, cards)
    # the cards played differ (and so may the deal's course)
    assert [code for code, _ in earlier] != [code for code, _ in hard]


def test_exact_samples_caps_the_worlds_solved_exactly() -> None:
    seeds = range(1)  # a deal holds both: the worlds capped at the end, all before
    capped = _play_decisions({"exact_tricks": 3, "exact_samples": 7, "exact_binary": True},
                             Rules(), seeds)
    plain = _play_decisions({"exact_tricks": 3}, Rules(), seeds)
    counts = {n for _, n in capped}
    assert 7 in counts and 40 in counts  # exact at the end, rolled out before
    assert max(n for _, n in plain) == 40 and 7 not in {n for _, n in plain}


def test_a_contract_made_so_far_is_not_settled_while_the_opponents_may_show_the_pair(
) -> None:
    # seeded deals (easy bids, rollout-policy play) stopped at the fifth trick's start; in
    # one of them the bidding team has its target but the other side holds the pair and
    # goes on to declare it and beat the contract
    pending = 0
    for seed in range(1100, 1110):
        d = Deal.from_seed(seed, seed % 4, Rules())
        easy = [make_bot("easy", seed=k) for k in range(4)]
        r = StreamRand(seed + 1)
        while d.phase_code != DEAL_OVER and not (d.phase_code == PLAY and d.trick_no == 5
                                                 and not d.trick):
            if d.phase_code == PLAY:
                d.step(rollout_policy(d, d.legal_codes(), r))
            else:
                view = d.view(d.turn)
                d.apply(easy[d.turn].choose(view, view.legal_actions), d.turn)
        if d.phase_code != PLAY:
            continue
        team = d.turn & 1
        exact = solve(d, team, margin=0.0)
        s = settled(d, team)
        assert s in (0.0, exact)
        codes = d.legal_codes()
        assert solve_root(d, codes, team, binary=True) == solve_root(d, codes, team,
                                                                     margin=0.0)
        bt = d.bidder & 1
        if d.points[bt] >= d.target and (exact > 0) != (team == bt):
            pending += 1
            assert s == 0.0
    assert pending == 1


def test_cards_tied_on_game_points_go_to_the_card_sense_choice() -> None:
    # with the exact endgame on game points only, a settled contract ties every card: the
    # bot then plays what the rollout policy would, not the first legal code
    moves = 0
    for d in _endgames(Rules(), 2, 40, seed=80):
        view = d.view(d.turn)
        bot = _hard(seed=1, samples=20, exact_binary=True, time_budget=100.0)
        a = bot.choose(view, view.legal_actions)
        est = bot.estimates
        assert est is not None
        if len(set(est.values)) == 1:
            moves += 1
            w = WorldSampler(view).sample(random.Random(0))
            assert a.code == rollout_policy(w, [x.code for x in view.legal_actions],
                                            lambda: 0.0)
    assert moves
