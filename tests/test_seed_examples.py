"""The worked examples of the seed rule texts (../shared/seeds), replayed through the engine.

Seed 000: the trick with the jack of spades led, the bidder showing trump and taking it
with the nine of hearts (6 points).  Seed 001: the pair arithmetic and the point counts.
And 28 (or 29) card points in every finished deal.
"""

from __future__ import annotations

import random

import pytest
from engine_support import RULE_SETS, finish, layout, legal, play, random_deal, random_policy
from ruling_deals import (
    PAIR_BIDDERS,
    PAIR_BIDDERS_TRICKS_1_TO_3,
    PAIR_DEFENDERS,
    PAIR_DEFENDERS_TRICKS_1_TO_2,
    SEED000,
    SEED000_AUCTION,
)

from twentynine import Card, Rules
from twentynine.engine.cards import CARDS, parse_cards
from twentynine.engine.events import CardPlayed, DealScored, PairDeclared, TrickWon, TrumpShown
from twentynine.engine.scoring import pair_target, score_deal

HEARTS = 1


def test_seed000_start_example_bid_18_and_lay_the_seven_of_hearts() -> None:
    # "You hold the jack and 9 of hearts and two small cards. You bid 18 and win. You
    # place the 7 of hearts face down."  (Our seat 1 holds 9H 7H and gets JH later.)
    deal = layout(*SEED000)
    play(deal, "pass", "bid 18", "pass", "pass")
    assert deal.view(1).bidder == 1 and deal.view(1).high_bid == 18
    assert "trump 7H" in legal(deal)
    deal.apply("trump 7H")
    assert deal.view(1).trump_suit == HEARTS
    assert deal.view(0).trump_suit is None


def test_seed000_jack_of_spades_led_bidder_shows_trump_and_takes_it_with_the_nine() -> None:
    # Player 3 = seat 0 leads, Player 1 = seat 1 (bidder, 18, hearts), Player 2 = seat 2,
    # Player 4 = seat 3.  Players 1 and 4 (seats 1, 3) against Players 2 and 3 (seats 0, 2).
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION)
    events = deal.apply("play JS")
    assert deal.turn == 1 and not any(s.startswith("play S") for s in legal(deal))
    events += deal.apply("show trump")
    assert TrumpShown(1, HEARTS, Card.parse("7H"), 1) in events
    # "Now Player 1 must play a trump": only hearts are allowed
    assert legal(deal) == {"play 9H", "play 7H", "play JH", "play AH"}
    events += play(deal, "play 9H", "play AS", "play 7S")
    played = [(e.seat, e.card.name) for e in events if isinstance(e, CardPlayed)]
    assert played == [(0, "JS"), (1, "9H"), (2, "AS"), (3, "7S")]
    won = [e for e in events if isinstance(e, TrickWon)]
    assert len(won) == 1
    # "Trick to Player 1: jack 3 + 9 2 + ace 1 + 7 0 = 6 points."
    assert won[0].seat == 1 and won[0].points == 6
    assert deal.view(0).points == (0, 6)
    assert deal.turn == 1  # the winner leads next


@pytest.mark.parametrize("points", [20, 17])
def test_seed000_bid_18_made_with_20_points_scores_plus_1(points: int) -> None:
    # "At the end Players 1 and 4 have 20 points: bid of 18 made, +1 game point."  The
    # engine's scoring, checked on both sides of the bid.
    out = score_deal(Rules.preset("28pt"), 1, 18, None, (28 - points, points), (3, 5), True)
    assert out.made == (points >= 18)
    assert out.game_points == (0, 1 if points >= 18 else -1)


# ------------------------------------------------------------------------- seed 001: the pair
def test_seed001_pair_arithmetic() -> None:
    # "A bid of 21 with the pair needs 17." / "bid 17 and show the pair. The target is 15,
    # not 13." (lowest bid 15) / "A bid of 18 against the pair needs 22."
    m15 = Rules(min_bid=15)
    assert pair_target(m15, 21, 0, 0) == 17
    assert pair_target(m15, 17, 0, 0) == 15
    assert pair_target(m15, 18, 0, 1) == 22
    # "Variation: the lowest bid is 16. Then a pair cannot bring the target below 16."
    assert pair_target(Rules(), 17, 0, 0) == 16
    # "never above 28"
    assert pair_target(m15, 26, 1, 0) == 28
    assert pair_target(m15, 20, 1, None) == 20


@pytest.mark.parametrize(("bid", "min_bid", "target"), [(21, 15, 17), (17, 15, 15),
                                                       (17, 16, 16)])
def test_seed001_bidding_side_pair_in_a_real_deal(bid: int, min_bid: int, target: int) -> None:
    deal = layout(*PAIR_BIDDERS, rules=Rules(min_bid=min_bid, last_trick_point=False))
    play(deal, f"bid {bid}", "pass", "pass", "pass", "trump 7H", *PAIR_BIDDERS_TRICKS_1_TO_3,
         "play 9S", "play QS")
    assert deal.apply("pair") == [PairDeclared(0, target)]
    events = finish(deal)
    scored = [e for e in events if isinstance(e, DealScored)]
    assert scored[0].outcome.target == target


def test_seed001_bid_18_against_the_pair_needs_22_in_a_real_deal() -> None:
    deal = layout(*PAIR_DEFENDERS, rules=Rules(min_bid=15, last_trick_point=False))
    play(deal, "bid 18", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2)
    assert deal.apply("pair") == [PairDeclared(1, 22)]
    finish(deal)
    assert deal.outcome is not None and deal.outcome.target == 22
    assert deal.outcome.made == (deal.outcome.card_points[0] >= 22)


def test_seed001_worked_count_two_jacks_a_nine_two_aces_and_a_ten_make_11() -> None:
    cards = parse_cards("JS JH 9D AS AC TD")
    assert sum(c.points for c in cards) == 11


def test_seed001_jacks_hold_12_nines_8_aces_and_tens_8() -> None:
    by_rank: dict[str, int] = {}
    for c in CARDS:
        by_rank[c.name[0]] = by_rank.get(c.name[0], 0) + c.points
    assert by_rank["J"] == 12 and by_rank["9"] == 8 and by_rank["A"] + by_rank["T"] == 8


def test_seed001_bid_16_of_28_defenders_need_13_to_defeat_it() -> None:
    rules = Rules.preset("28pt")
    assert score_deal(rules, 0, 16, None, (16, 12), (4, 4), True).made
    assert not score_deal(rules, 0, 16, None, (15, 13), (4, 4), True).made


def test_seed001_only_the_bidding_side_score_moves() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION)
    finish(deal)
    out = deal.outcome
    assert out is not None and out.game_points[0] == 0 and out.game_points[1] in (1, -1)


# ------------------------------------------------------------- 28 or 29 in every finished deal
@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_every_finished_deal_holds_28_or_29_card_points(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"points-{name}")
    for i in range(60):
        deal, _, _ = random_deal(rng, dealer=i % 4, rules=rules)
        events = finish(deal, random_policy(rng))
        out = deal.outcome
        assert out is not None
        assert sum(out.card_points) == rules.total_points
        assert sum(out.tricks) == 8
        won = [e for e in events if isinstance(e, TrickWon)]
        assert sum(t.points for t in won) == rules.total_points
        for t in won:
            base = sum(card.points for _, card in t.cards)
            assert t.points == base + (1 if t.number == 8 and rules.last_trick_point else 0)
