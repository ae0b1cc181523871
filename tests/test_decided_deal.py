"""A decided deal: once :func:`~twentynine.engine.scoring.result_decided` says a seat can tell the
result will not change, no way of playing the rest changes it (made or beaten, the game
points, a sweep that wins the game), under every rule that moves the target or the worth:
the last trick's point, the pair, all eight tricks, the single hand, doubling, the
half-loss and the dead-deal rules."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from twentynine.engine.actions import PAIR, PASS
from twentynine.engine.deal import Deal, Phase
from twentynine.engine.game import Game
from twentynine.engine.rules import PRESETS, Rules
from twentynine.engine.scoring import (
    _pair_teams,
    pair_can_come,
    pair_mask,
    pair_may_come,
    result_decided,
)
from twentynine.tui.keys import still_possible

RULES = [
    *PRESETS.values(),
    Rules(last_trick_point=False, max_bid=28),
    Rules(double=True, half_loss=True, big_bids=True),
    Rules(all_tricks=True, single_hand=True),
    Rules(unshown_trump="dead", ask="compulsory"),
    Rules(no_trumps=True, trump_indicator="marker"),
    Rules(pair=False, min_bid=14),
]
"""Presets and house rules that change a deal's target or worth."""


def results(deal: Deal, seed: int, n: int) -> set[tuple[bool, tuple[int, int], bool, int | None]]:
    """The results of ``n`` random play-outs of ``deal``: made, the game points, dead, and
    (where that wins the game) the team that took all eight tricks."""
    rng = random.Random(seed)
    seen = set()
    for _ in range(n):
        d = deal.clone()
        d.playout(rng.getrandbits(32))
        out = d.outcome
        assert out is not None
        sweep = out.all_tricks_team if deal.rules.all_tricks else None
        seen.add((out.made, out.game_points, out.dead, sweep))
    return seen


def positions(game_seed: int, rules: Rules, rng: random.Random, deals: int = 2
              ) -> list[Deal]:
    """Every position in the play of the first ``deals`` deals of a random game (clones);
    most players pass in the auction, so that low contracts (often made) come too."""
    game = Game(game_seed, rules)
    out: list[Deal] = []
    while not game.is_over and game.deal.number <= deals:
        if game.phase is Phase.PLAY:
            out.append(game.deal.clone())
        legal = game.legal_actions()
        if PASS in legal and game.phase is Phase.AUCTION and rng.random() < 0.8:
            game.apply(PASS)
        else:
            game.apply(rng.choice(legal))
    return out


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 1_000_000), rules=st.sampled_from(RULES))
def test_once_decided_no_play_out_changes_the_result(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    for deal in positions(seed, rules, rng):
        for seat in range(4):
            if result_decided(deal.view(seat)):
                assert len(results(deal, rng.getrandbits(32), 12)) == 1, (seed, rules, seat)
                break


def test_decided_deals_are_found_made_and_beaten_in_every_variant() -> None:
    """The test above is not empty: in each variant's random games some positions are
    decided, some made and some beaten, and some are not decided."""
    for rules in RULES:
        rng = random.Random(29)
        made = beaten = open_ = 0
        for game_seed in range(40):
            for deal in positions(game_seed, rules, rng, deals=1):
                v = deal.view(0)
                if not result_decided(v):
                    open_ += 1
                    continue
                ((ok, *_rest),) = results(deal, game_seed, 3)
                made += ok
                beaten += not ok
        assert made and beaten and open_, (rules, made, beaten, open_)


def test_a_single_hand_and_a_dead_deal_wait_for_their_end() -> None:
    rng = random.Random(5)
    for game_seed in range(60):
        for deal in positions(game_seed, Rules(single_hand=True), rng, deals=1):
            if deal.single >= 0:
                assert not any(result_decided(deal.view(s)) for s in range(4))
        for deal in positions(game_seed, Rules(unshown_trump="dead"), rng, deals=1):
            if not deal.shown:
                assert not result_decided(deal.view(0))


def test_the_pair_never_comes_where_a_seat_was_told_it_could_not() -> None:
    """One statement of "the pair can still come" (scoring.pair_can_come), asked from
    every seat's view through random deals: whoever declares the pair was told it could,
    by its own view (and by the table's button), at every earlier point of the play; and
    every seat's view allowed that team.  And the pair does come in some deals."""
    declared = 0
    for k in range(80):
        rules = RULES[k % len(RULES)]
        rng = random.Random(k)
        deal = Deal.from_seed(9000 + k, dealer=k % 4, rules=rules)
        said: list[tuple[list[bool], list[set[int]]]] = []  # each seat's own, its teams
        while not deal.is_over:
            if deal.phase is Phase.PLAY:
                views = [deal.view(s) for s in range(4)]
                said.append(([pair_may_come(v) for v in views],
                             [_pair_teams(v) for v in views]))
                if PAIR in deal.legal_actions():
                    seat = deal.turn
                    for own, teams in said:
                        assert own[seat], (k, rules.differences())
                        assert all(seat & 1 in t for t in teams), (k, rules.differences())
                    assert still_possible(views[seat], PAIR)
                    deal.apply(PAIR, seat)
                    declared += 1
                    continue
            deal.apply(rng.choice(deal.legal_actions()), deal.turn)
    assert declared >= 3, declared


def test_the_pair_waits_only_in_a_hand_that_holds_it() -> None:
    """From the mask up: the king and queen of a suit that may be trump, in one hand."""
    spades, hearts, std = pair_mask(0), pair_mask(1), Rules()
    assert pair_can_come(std, False, 3, 0b0001, spades | hearts)
    assert not pair_can_come(std, False, 3, 0b1100, spades | hearts)
    assert not pair_can_come(std, False, 3, 0b1111, spades & -spades)  # the king alone
    assert not pair_can_come(std, True, 3, 0b1111, spades)  # declared already
    assert not pair_can_come(Rules(pair=False), False, 3, 0b1111, spades)  # not played
    assert not pair_can_come(std, False, 3, 0, spades)  # no trump in this deal
