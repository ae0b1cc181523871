"""Targets, the pair adjustment and the deal's score on the -6..+6 scale."""

from __future__ import annotations

from dataclasses import dataclass

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


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """How a deal ended."""

    bidder: int
    bid: int
    target: int
    pair_team: int | None
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    made: bool
    dead: bool
    game_points: tuple[int, int]
    """Change in each team's game score."""

    @property
    def bidding_team(self) -> int:
        """The bidder's team."""
        return self.bidder & 1


def score_deal(
    rules: Rules,
    bidder: int,
    bid: int,
    pair_team: int | None,
    card_points: tuple[int, int],
    tricks: tuple[int, int],
    trump_shown: bool,
) -> DealOutcome:
    """Score a finished deal: +1 to the bidding team for reaching its target, else -1."""
    team = bidder & 1
    target = pair_target(rules, bid, team, pair_team)
    made = card_points[team] >= target
    dead = not trump_shown and rules.unshown_trump == "dead"
    delta = 0 if dead else (1 if made else -1)
    change = (delta, 0) if team == 0 else (0, delta)
    return DealOutcome(bidder, bid, target, pair_team, card_points, tricks, made, dead, change)


def game_winner(rules: Rules, scores: tuple[int, int]) -> int | None:
    """The winning team once a team reaches +game_to or falls to -game_to."""
    for team in (0, 1):
        if scores[team] >= rules.game_to:
            return team
        if scores[team] <= -rules.game_to:
            return 1 - team
    return None
