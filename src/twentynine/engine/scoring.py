"""Targets, the pair adjustment and the deal's score on the -6..+6 scale."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .cards import CARD_POINTS, KING_RANK, QUEEN_RANK, cards_mask
from .outcome import DealOutcome as DealOutcome  # defined apart (outcome.py), read from here
from .rules import Rules

if TYPE_CHECKING:
    from .views import SeatView

CARD_POINTS_IN_ALL: Final = sum(CARD_POINTS)
"""The card points of the pack (28), without the last trick's point."""


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


def pair_mask(trump_suit: int) -> int:
    """The mask of the king and queen of ``trump_suit``."""
    base = trump_suit * 8
    return (1 << (base + KING_RANK)) | (1 << (base + QUEEN_RANK))


def pair_can_come(rules: Rules, declared: bool, tricks: int, trump_suits: int,
                  cards: int) -> bool:
    """Whether the pair can still come from a hand of ``cards`` (a card mask), ``tricks``
    tricks into the deal: the rules play it, nobody has declared it in this deal, and the
    hand holds the king and queen of a suit that may be trump (``trump_suits``: bit ``s``
    for suit ``s``; none in a deal played without trump).

    The one statement of it: the play's legal actions (:func:`~.play.can_declare_pair`),
    the exact search's settled deals, a seat's decided result (:func:`result_decided`) and
    the table's buttons (:func:`pair_may_come`) all ask it.

    >>> spades, std = pair_mask(0), Rules()
    >>> pair_can_come(std, False, 2, 0b1111, spades), pair_can_come(std, False, 2, 0b10, spades)
    (True, False)
    >>> pair_can_come(std, True, 2, 0b1111, spades)
    False
    >>> pair_can_come(Rules(pair=False), False, 2, 0b1111, spades)
    False
    """
    for s in range(4):  # the cards first: the play asks at every card, few hands hold it
        if trump_suits >> s & 1:
            pm = pair_mask(s)
            if cards & pm == pm:
                return rules.pair and not declared
    return False


def trump_suits_seen(v: SeatView) -> int:
    """The suits that may be trump as the seat of ``v`` can tell, as a mask: the trump
    suit once it knows it, every suit while it is hidden from it, none in a deal played
    without trump (no trumps, a single hand)."""
    if v.single_hand is not None or v.no_trumps or (v.trump_shown and v.trump_suit is None):
        return 0
    return 0b1111 if v.trump_suit is None else 1 << v.trump_suit


def pair_may_come(v: SeatView, unseen: bool = False) -> bool:
    """Whether the pair can still come, as the seat of ``v`` can tell: from its own hand
    (the face-down trump card included: it comes back to the bidder once shown), or, with
    ``unseen``, from a hand it cannot see (the king and queen of a suit that may be trump
    both still unplayed and unseen, so in one hand for all it knows, its partner's or an
    opponent's)."""
    if unseen:
        cards = cards_mask(c.index for c in v.unseen_cards())
    else:
        cards = cards_mask(c.index for c in v.hand)
        if v.face_down and v.trump_card is not None and v.seat == v.bidder:
            cards |= 1 << v.trump_card.index
    return pair_can_come(v.rules, v.pair_seat is not None, len(v.tricks), trump_suits_seen(v),
                         cards)


def _pair_teams(v: SeatView) -> set[int]:
    """The teams that may still declare the pair in this deal, as far as the seat of ``v``
    can tell (:func:`pair_may_come`)."""
    if pair_may_come(v, unseen=True):
        return {0, 1}
    return {v.seat & 1} if pair_may_come(v) else set()


def possible_targets(v: SeatView) -> frozenset[int]:
    """The targets the bidding team may still end the deal with, as the seat of ``v`` can
    tell: the target now, and each one a pair still to come could set (none before the
    play).

    >>> from twentynine.engine.deal import Deal
    >>> possible_targets(Deal.from_seed(1).view(0))   # the auction: no target yet
    frozenset()
    """
    if v.bidder is None or v.high_bid is None or v.target is None:
        return frozenset()
    team = v.bidder & 1
    return frozenset({v.target} | {pair_target(v.rules, v.high_bid, team, t)
                                   for t in _pair_teams(v)})


def result_decided(v: SeatView) -> bool:
    """Whether the deal's result can no longer change, whatever is played from here, as
    the seat of ``v`` can tell from what it may know: the contract is made or beaten for
    certain, and the game points it is worth are fixed.

    The bidding team has made it when it has its target (under every target a pair still
    to come could set), and has failed when the points it has plus every point still to be
    won fall short of it.  Nothing is decided while a rule can still change the worth:
    a single hand (it ends at its first lost trick by itself), an unshown trump under the
    dead-deal rule, a team without a trick where taking all eight wins the game, or, under
    the half-loss rule, a beaten bidder whose half of the bid is still open.

    >>> from twentynine.engine.deal import Deal
    >>> result_decided(Deal.from_seed(1).view(0))   # the auction: nothing is decided
    False
    """
    rules = v.rules
    if v.phase.value != "play" or v.outcome is not None or v.bidder is None \
            or v.high_bid is None or v.target is None:
        return False
    if v.single_hand is not None:
        return False
    if rules.unshown_trump == "dead" and not v.trump_shown:
        return False
    if rules.all_tricks and min(v.tricks_won) == 0:
        return False
    team = v.bidder & 1
    bid = v.high_bid
    targets = possible_targets(v)
    have = v.points[team]
    left = CARD_POINTS_IN_ALL - v.points[0] - v.points[1] + (1 if rules.last_trick_point
                                                              else 0)
    if all(have >= t for t in targets):
        return True
    if all(have + left < t for t in targets):
        # beaten: under the half-loss rule the worth turns on half the bid as well
        return not rules.half_loss or 2 * (have + left) < bid or 2 * have >= bid
    return False
