"""The bots' optional calls (bots/calls.py): doubling, redoubling, the single hand, no
trumps, the redeal, and bidding under the scoring options, at every level.

Search bots run with few worlds and an unbounded clock, so every answer is seeded."""

from __future__ import annotations

import pytest
from engine_support import layout, play

from twentynine import Deal, Rules
from twentynine.bots import BaseBot, decide
from twentynine.bots.calls import (
    best_bid,
    bid_caution,
    contract_ev,
    contract_target,
    no_trumps_hand,
    sure_sweep,
    sweeps,
    wants_redeal,
)
from twentynine.bots.easy import EasyBot, estimate_points, expected_seventh
from twentynine.bots.hard import HardBot
from twentynine.bots.medium import MediumBot
from twentynine.engine.actions import (
    DOUBLE_CODE,
    NO_TRUMPS_CODE,
    PASS_CODE,
    REDEAL_CODE,
    REDOUBLE_CODE,
    SINGLE_HAND_CODE,
)
from twentynine.engine.cards import CARDS, cards_mask, parse_cards
from twentynine.engine.scoring import pair_target

LEVELS = ("easy", "medium", "hard")


def bot(level: str, seed: int = 1) -> BaseBot:
    """A bot of ``level``; the search bots with few worlds and no clock."""
    if level == "easy":
        return EasyBot(seed=seed)
    if level == "medium":
        return MediumBot(seed=seed, time_budget=1000.0, samples=8,
                         bid_samples=48)
    return HardBot(seed=seed, time_budget=1000.0, samples=8, bid_samples=48,
                   oversample=1)


def answer(deal: Deal, level: str, seed: int = 1) -> int:
    """The code the bot of ``level`` at the seat to move chooses."""
    d = decide(bot(level, seed), deal.view(deal.turn))
    assert d.fault is None
    return d.action.code


def mask(text: str) -> int:
    return cards_mask(c.index for c in parse_cards(text))


# ------------------------------------------------------------------ doubling
# dealer 3: seat 0 speaks first and leads; seat 1 is the first defender to answer.
WEAK_BIDDER = "7S 8S 7H 8H | QS KS QH KH"
STRONG_DEFENDER = "JS JH 9S 9H | AS AH TS TH"


def doubled_deal(bidder: str, defender: str, bid: int, trump: str) -> Deal:
    taken = set(parse_cards(bidder.replace("|", " "))) | set(parse_cards(
        defender.replace("|", " ")))
    free = [c.name for c in CARDS if c not in taken]
    seat2 = " ".join(free[:8])
    seat3 = " ".join(free[8:16])
    d = layout(bidder, defender, seat2, seat3, rules=Rules(double=True))
    play(d, f"bid {bid}", "pass", "pass", "pass", f"trump {trump}")
    return d


@pytest.mark.parametrize("level", LEVELS)
def test_a_defender_doubles_a_hopeless_contract(level: str) -> None:
    d = doubled_deal(WEAK_BIDDER, STRONG_DEFENDER, 22, "7S")
    assert d.turn == 1
    assert answer(d, level) == DOUBLE_CODE


@pytest.mark.parametrize("level", LEVELS)
def test_a_weak_defender_does_not_double(level: str) -> None:
    strong_bidder = "JS 9S AS TS | JH 9H AH TH"
    weak_defender = "7D 8D QC KC | 7C 8C QD KD"
    d = doubled_deal(strong_bidder, weak_defender, 16, "TS")
    assert answer(d, level) == PASS_CODE


@pytest.mark.parametrize("level", LEVELS)
def test_the_bidder_redoubles_a_sure_contract_only(level: str) -> None:
    d = doubled_deal("JS 9S AS TS | JH 9H AH TH", "7D 8D QC KC | 7C 8C QD KD", 16, "TS")
    play(d, "pass", "double")
    assert d.turn == 0
    assert answer(d, level) == REDOUBLE_CODE
    d = doubled_deal(WEAK_BIDDER, STRONG_DEFENDER, 16, "7S")
    play(d, "double")
    assert answer(d, level) == PASS_CODE


# ------------------------------------------------------------------ redeal
POINTLESS = "KS QS 8H 7H | 7S 8S KH QH"


def redeal_deal(seat0: str, seat2: str) -> Deal:
    return layout(seat0, "JS 9S AS TS | JH 9H AH TH", seat2, "JD 9D AD TD | JC 9C AC TC",
                  rules=Rules(redeal=True))


@pytest.mark.parametrize("level", LEVELS)
def test_a_hopeless_four_asks_for_a_redeal(level: str) -> None:
    d = redeal_deal(POINTLESS, "KD QD 8D 7D | KC QC 8C 7C")
    assert REDEAL_CODE in d.legal_codes()
    assert answer(d, level) == REDEAL_CODE


@pytest.mark.parametrize("level", LEVELS)
def test_no_redeal_once_the_partner_has_bid(level: str) -> None:
    d = redeal_deal("KD QD 8D 7D | KC QC 8C 7C", POINTLESS)
    play(d, "bid 16", "pass")
    assert d.turn == 2 and REDEAL_CODE in d.legal_codes()
    assert answer(d, level) != REDEAL_CODE


@pytest.mark.parametrize("level", LEVELS)
def test_an_opponents_bid_does_not_stop_a_redeal(level: str) -> None:
    d = layout("JS 9S AS TS | JH 9H AH TH", POINTLESS, "KD QD 8D 7D | KC QC 8C 7C",
               "JD 9D AD TD | JC 9C AC TC", rules=Rules(redeal=True))
    play(d, "bid 16")
    assert answer(d, level) == REDEAL_CODE


def test_the_redeal_rule_itself() -> None:
    d = redeal_deal(POINTLESS, "KD QD 8D 7D | KC QC 8C 7C")
    assert wants_redeal(d.view(0))
    d = redeal_deal("KD QD 8D 7D | KC QC 8C 7C", POINTLESS)
    play(d, "pass", "pass")
    assert wants_redeal(d.view(2))  # a partner's pass is no reason to keep the hand
    d = redeal_deal("KS QS 8S 7S | 7H 8H KH QH", "KD QD 8D 7D | KC QC 8C 7C")
    assert REDEAL_CODE in d.legal_codes()
    assert not wants_redeal(d.view(0))  # four spades may yet make a long trump
    taken = set(parse_cards("TS QS 8H 7H 7S 8S KH QH"))
    free = [c.name for c in CARDS if c not in taken]
    d = layout("TS QS 8H 7H | 7S 8S KH QH", " ".join(free[:8]), " ".join(free[8:16]),
               " ".join(free[16:24]), rules=Rules(redeal=True))
    assert not wants_redeal(d.view(0)) and REDEAL_CODE not in d.legal_codes()


# ------------------------------------------------------------------ single hand
def single_deal(seat0: str) -> Deal:
    taken = set(parse_cards(seat0.replace("|", " ")))
    free = [c.name for c in CARDS if c not in taken and c.suit in (0, 1)]
    d = layout(seat0, "JD 9D AD TD | KD QD 8D 7D", "JC 9C AC TC | KC QC 8C 7C",
               " ".join(free), rules=Rules(single_hand=True))
    play(d, "pass", "bid 16", "pass", "pass", "trump TD")
    assert d.turn == 0 and SINGLE_HAND_CODE in d.legal_codes()
    return d


@pytest.mark.parametrize("level", LEVELS)
def test_a_single_hand_with_an_unbeatable_hand(level: str) -> None:
    d = single_deal("JS 9S AS TS | JH 9H AH TH")
    assert answer(d, level) == SINGLE_HAND_CODE


@pytest.mark.parametrize("level", LEVELS)
def test_no_single_hand_with_an_ordinary_hand(level: str) -> None:
    d = single_deal("JS 9S 8S 7S | JH 9H 8H 7H")
    assert answer(d, level) == PASS_CODE


def test_sweeps_is_exact_for_a_gap() -> None:
    mine = mask("JS 9S AS KS JH 9H AH TH")
    assert not sweeps(mine, [mask("TS QS 8S 7S")])  # the ten waits for the king
    assert sweeps(mine, [mask("TS QS 8S"), mask("7S")])  # three spades: the ace meets it
    assert sweeps(mine, [mask("TS"), mask("QS 8S 7S")])
    assert sure_sweep(single_deal("JS 9S AS TS | JH 9H AH TH").view(0))
    assert not sure_sweep(single_deal("JS 9S 8S 7S | JH 9H 8H 7H").view(0))


# ------------------------------------------------------------------ no trumps
def nt_deal(seat0: str, no_trumps: bool) -> Deal:
    taken = set(parse_cards(seat0.replace("|", " ")))
    free = [c.name for c in CARDS if c not in taken]
    d = layout(seat0, " ".join(free[:8]), " ".join(free[8:16]), " ".join(free[16:24]),
               rules=Rules(no_trumps=no_trumps))
    play(d, "bid 16", "pass", "pass", "pass")
    return d


BALANCED = "JS JH JD JC | 9C AC TC 9D"


@pytest.mark.parametrize("level", LEVELS)
def test_no_trumps_with_a_balanced_strong_hand(level: str) -> None:
    assert answer(nt_deal(BALANCED, True), level) == NO_TRUMPS_CODE
    assert answer(nt_deal(BALANCED, False), level) != NO_TRUMPS_CODE


@pytest.mark.parametrize("level", LEVELS)
def test_no_trumps_not_with_a_long_suit(level: str) -> None:
    d = layout("JS 9S AS TS | KS QS 8S 7S", "7D 8D 7H 8H | QD KD QH KH",
               "JD 9D AD TD | JH 9H AH TH", "JC 9C AC TC | KC QC 8C 7C",
               rules=Rules(no_trumps=True))
    play(d, "bid 16", "pass", "pass", "pass")
    assert answer(d, level) != NO_TRUMPS_CODE


def test_the_no_trumps_hand_rule() -> None:
    assert no_trumps_hand(mask("JS JH 9D AC"))
    assert not no_trumps_hand(mask("JS 9S AS JH"))  # three spades: a trump suit
    assert not no_trumps_hand(mask("JS 8H 9D AC"))  # one jack


# ------------------------------------------------------------------ scoring and seventh
def test_caution_when_a_failed_bid_costs_two() -> None:
    std, both = Rules(), Rules(big_bids=True, half_loss=True)
    assert bid_caution(std, 22) == 0
    assert bid_caution(both, 16) == 0.5 and bid_caution(both, 22) == 1.5
    # 10 results making 16 but not 20, with half the failures under half the bid
    results = [(18, -1, True)] * 6 + [(12, -1, True)] * 2 + [(6, -1, True)] * 2
    assert contract_ev(std, 0, 16, results) == pytest.approx(0.2)
    assert contract_ev(Rules(half_loss=True), 0, 16, results) == pytest.approx(0.0)
    rich = [(22, -1, True)] * 6 + [(15, -1, True)] * 4
    assert best_bid(std, 0, [rich], 0.0) == 22
    assert best_bid(Rules(big_bids=True), 0, [rich], -0.25) == 22  # +0.4 at stake x2
    assert best_bid(Rules(big_bids=True), 0, [[(22, -1, True)] * 5 + [(15, -1, True)] * 5],
                    -0.25) == 20  # even odds: not worth 2 game points


def test_simulated_results_are_scored_against_the_engines_pair_target() -> None:
    """The pair moves the bidders' target by 4 (down to the minimum bid for their own pair,
    up to the maximum for the opponents'), as the engine scores it; -1: no pair."""
    for rules in (Rules(), Rules.preset("28pt"), Rules(min_bid=15), Rules(min_bid=14)):
        for bid in range(rules.min_bid, rules.max_bid + 1):
            for team in (0, 1):
                assert contract_target(rules, team, bid, -1) == bid
                assert contract_target(rules, team, bid, team) == max(bid - 4, rules.min_bid)
                assert contract_target(rules, team, bid, 1 - team) == min(bid + 4,
                                                                          rules.max_bid)
                for pair in (-1, 0, 1):
                    assert contract_target(rules, team, bid, pair) == pair_target(
                        rules, bid, team, None if pair < 0 else pair)
    # contract_ev counts a result made exactly when it reaches that target
    at = [(20, 0, True)]  # 20 points, the bidders' pair declared: bid 24 needs 20
    assert contract_ev(Rules(), 0, 24, at) == 1.0
    assert contract_ev(Rules(), 0, 25, at) == -1.0
    assert contract_ev(Rules(), 1, 16, [(19, 0, True)]) == -1.0  # the opponents' pair: 20


def test_easy_bids_less_with_the_seventh_card_trump() -> None:
    hand = mask("JS 9S AS TS")
    assert expected_seventh(hand, 29) < estimate_points(hand, 29) - 5


@pytest.mark.parametrize("level", LEVELS)
def test_every_level_plays_all_the_calls_legally(level: str) -> None:
    rules = Rules(double=True, single_hand=True, no_trumps=True, redeal=True,
                  pointless_hand_redeal=True, big_bids=True, half_loss=True, match_bids=True,
                  trump_choice="seventh" if level == "medium" else "chosen")
    for seed in range(2):
        deal = Deal.from_seed(seed, rules=rules)
        bots = [bot(level, seed * 4 + s) if level == "easy" else
                (MediumBot if level == "medium" else HardBot)(
                    seed=s, time_budget=0.01, samples=4, bid_samples=16) for s in range(4)]
        while not deal.is_over:
            d = decide(bots[deal.turn], deal.view(deal.turn))
            assert d.fault is None
            deal.apply(d.action)
