"""Targets, the pair adjustment and the deal's score on the -6..+6 scale."""

from __future__ import annotations

from typing import Final

from .outcome import DealOutcome as DealOutcome  # defined apart (outcome.py), read from here
from .rules import Rules


def pair_target(rules: Rules, bid: int, bidding_team: int, pair_team: int | None) -> int:
    """The points the bidding team needs, after a pair declared by ``pair_team`` (or none).

    >>> pair_target(Rules(min_bid=15), 21, 0, 0), pair_target(Rules(min_bid=15), 17, 0, 0)
    (17, 15)
    >>> pair_target(Rules(), 18, 0, 1)
    22
    """
    if pair_team is None:
        return bid
    if pair_team == bidding_team:
        return max(bid - 4, rules.min_bid)
    return min(bid + 4, rules.max_bid)


def contract_value(rules: Rules, bid: int, made: bool, points: int) -> int:
    """Game points the bidding team wins (positive) or loses (negative), before doubling.

    >>> contract_value(Rules(), 20, True, 22), contract_value(Rules(big_bids=True), 21, False, 15)
    (1, -2)
    >>> contract_value(Rules(half_loss=True), 20, False, 9)
    -2
    """
    base = 2 if rules.big_bids and bid >= 21 else 1
    if made:
        return base
    if rules.half_loss and 2 * points < bid:
        return -max(base, 2)
    return -base


def score_deal(
    rules: Rules,
    bidder: int,
    bid: int,
    pair_team: int | None,
    card_points: tuple[int, int],
    tricks: tuple[int, int],
    trump_shown: bool,
    multiplier: int = 1,
) -> DealOutcome:
    """Score a finished contract: the bidding team wins or loses game points; the other
    team's score does not move."""
    team = bidder & 1
    target = pair_target(rules, bid, team, pair_team)
    made = card_points[team] >= target
    dead = not trump_shown and rules.unshown_trump == "dead"
    change = contract_change(rules, bidder, bid, pair_team, card_points[team], trump_shown,
                             multiplier)
    sweep = 0 if tricks[0] == 8 else (1 if tricks[1] == 8 else None)
    return DealOutcome(bidder, bid, target, pair_team, card_points, tricks, made, dead, change,
                       multiplier, None, None, sweep)


def contract_change(rules: Rules, bidder: int, bid: int, pair_team: int | None,
                    bidding_points: int, trump_shown: bool, multiplier: int = 1
                    ) -> tuple[int, int]:
    """The change in each team's game score of a finished contract (the ``game_points`` of
    :func:`score_deal`, computed without building the outcome: the search's rollouts need
    only this)."""
    team = bidder & 1
    if not trump_shown and rules.unshown_trump == "dead":
        return (0, 0)
    made = bidding_points >= pair_target(rules, bid, team, pair_team)
    delta = contract_value(rules, bid, made, bidding_points) * multiplier
    return (delta, 0) if team == 0 else (0, delta)


SINGLE_HAND_POINTS: Final = 3


def score_single_hand(bidder: int, bid: int, seat: int, card_points: tuple[int, int],
                      tricks: tuple[int, int]) -> DealOutcome:
    """Score a single hand: 3 game points won by taking every trick, else lost."""
    team = seat & 1
    made = tricks[team] == 8
    return DealOutcome(bidder, bid, bid, None, card_points, tricks, made, False,
                       single_hand_change(seat, tricks), 1, seat, None, team if made else None)


def single_hand_change(seat: int, tricks: tuple[int, int]) -> tuple[int, int]:
    """The change in each team's game score of a finished single hand played by ``seat``."""
    team = seat & 1
    delta = SINGLE_HAND_POINTS if tricks[team] == 8 else -SINGLE_HAND_POINTS
    return (delta, 0) if team == 0 else (0, delta)


def thrown_in(bidder: int, bid: int, reason: str) -> DealOutcome:
    """A deal thrown in before play: nobody scores."""
    return DealOutcome(bidder, bid, bid, None, (0, 0), (0, 0), False, True, (0, 0),
                       1, None, reason, None)


def clamp_scores(rules: Rules, scores: tuple[int, int]) -> tuple[int, int]:
    """Scores kept within -game_to..+game_to."""
    g = rules.game_to
    return (max(-g, min(g, scores[0])), max(-g, min(g, scores[1])))


def game_winner(rules: Rules, scores: tuple[int, int],
                outcome: DealOutcome | None = None) -> int | None:
    """The winning team once a team reaches +game_to or falls to -game_to, or takes all
    eight tricks where that wins the game."""
    if outcome is not None and rules.all_tricks and outcome.all_tricks_team is not None \
            and not outcome.dead:
        return outcome.all_tricks_team
    for team in (0, 1):
        if scores[team] >= rules.game_to:
            return team
        if scores[team] <= -rules.game_to:
            return 1 - team
    return None
