"""The optional calls, shared by every bot level: double and redouble, the single hand, no
trumps, the redeal, and bidding with the scoring options in mind.

Each call has a simple hand rule (used as is by ``easy``, and as a gate by the search
bots) and, where chance matters, a simulation over sampled worlds for ``medium`` and
``hard``:

* **Double / redouble.**  ``easy`` counts its four cards (:func:`easy_double`,
  :func:`easy_redouble`).  The search bots play the deal out in sampled worlds and
  estimate the bidders' chance of making the target (:func:`make_chance`): a defender
  doubles when it is clearly below 40%, the bidder redoubles when it is clearly above
  65% (:func:`sim_double`).
* **Single hand.**  Announced only when the hand takes every trick: :func:`sure_sweep`
  proves it against the worst placement of the outside cards (``easy``); the search bots
  also count the worlds in which it sweeps, solved exactly per world (no trumps, the
  announcer leads every trick, so a suit is lost exactly when some opponent keeps a card
  over the announcer's card that meets it), and announce at 97% or more.
* **No trumps.**  Only with a balanced, strong four (:func:`no_trumps_hand`: two jacks,
  no suit longer than two, 7 card points), at every level; with a weaker balanced hand the
  search bots simulate it against the suits, and never choose it without a hand that
  could be balanced (:func:`no_trumps_ok`).
* **Redeal.**  A pointless four with no suit of three asks for a new deal unless the
  partner has already bid (:func:`wants_redeal`): the same rule at every level.
* **Scoring options.**  :func:`contract_ev` scores simulated results with big bids and the
  half loss, so the search bots bid more cautiously when a failure costs 2;
  :func:`bid_caution` is ``easy``'s margin for the same.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from ..engine.actions import (
    DOUBLE_CODE,
    NO_TRUMPS_CODE,
    PASS_CODE,
    REDEAL_CODE,
    REDOUBLE_CODE,
    SINGLE_HAND_CODE,
    Action,
)
from ..engine.cards import CARD_POINTS, FULL_PACK, POINT_MASK, SUIT_MASKS, mask_cards
from ..engine.deal import AUCTION, DOUBLING, TRUMP, Deal
from ..engine.rules import Rules
from ..engine.scoring import contract_value, pair_target
from ..engine.views import SeatView
from .config import FLOOR_WORLDS

if TYPE_CHECKING:
    from .search import Rand

DOUBLE_BELOW = 0.40
"""A defender doubles when the bidders' simulated chance is clearly below this."""
REDOUBLE_ABOVE = 0.65
"""The bidder redoubles when its simulated chance is clearly above this."""
CLEARLY = 0.05
"""How far past a threshold the estimate must be (about one standard error at 64 worlds)."""
SINGLE_SURE = 0.97
"""The share of sampled worlds a single hand must sweep."""
MIN_WORLDS = 12
"""Fewer simulated worlds than this decide nothing: the bot passes."""


def hand_mask(view: SeatView, with_trump_card: bool = False) -> int:
    """The seat's cards as a mask; with ``with_trump_card``, its own face-down card too."""
    m = 0
    for c in view.hand:
        m |= 1 << c.index
    if with_trump_card and view.face_down and view.trump_card is not None \
            and view.bidder == view.seat:
        m |= 1 << view.trump_card.index
    return m


def _played(view: SeatView) -> int:
    m = 0
    for c in view.played_cards():
        m |= 1 << c.index
    return m


# --------------------------------------------------------------------------- redeal
def wants_redeal(view: SeatView) -> bool:
    """Ask for a redeal with a hopeless four: no point card and no suit of three or more
    (three small cards of a suit may still make a long trump), unless the partner has
    already bid (then the team may still make its contract, and a new deal throws that
    chance away)."""
    hand = hand_mask(view)
    if hand & POINT_MASK or max((hand & m).bit_count() for m in SUIT_MASKS) >= 3:
        return False
    return not any(s == view.partner and b for s, b in view.bids)


# --------------------------------------------------------------------------- no trumps
def _shape(hand: int) -> tuple[int, int, int]:
    """Jacks, longest suit, card points."""
    jacks = sum(1 for s in range(4) if hand >> (8 * s) & 1)
    longest = max((hand & SUIT_MASKS[s]).bit_count() for s in range(4))
    pts = sum(CARD_POINTS[c] for c in mask_cards(hand))
    return jacks, longest, pts


def no_trumps_hand(hand: int) -> bool:
    """Balanced and strong: at least two jacks, no suit longer than two cards, 7 or more
    card points (in a four-card hand)."""
    jacks, longest, pts = _shape(hand)
    return jacks >= 2 and longest <= 2 and pts >= 7


def no_trumps_ok(hand: int) -> bool:
    """Could be balanced enough for the search bots to consider no trumps: a jack, no suit
    longer than two, 5 or more card points."""
    jacks, longest, pts = _shape(hand)
    return jacks >= 1 and longest <= 2 and pts >= 5


# --------------------------------------------------------------------------- single hand
def sweeps(mine: int, opponents: Sequence[int]) -> bool:
    """Whether ``mine`` takes every trick at no trumps, leading every trick, against
    ``opponents``' hands (partner sitting out), however they play.

    An opponent holding ``n`` cards of a suit keeps its highest card there until the
    ``n``-th lead of the suit; the suit is lost exactly when that card beats the
    announcer's card led then."""
    for s in range(4):
        my = mask_cards(mine & SUIT_MASKS[s])
        k = len(my)
        if not k:
            continue
        for opp in opponents:
            oc = opp & SUIT_MASKS[s]
            n = oc.bit_count()
            if not n:
                continue
            high = (oc & -oc).bit_length() - 1  # lowest int: the highest card
            if high < my[min(n, k) - 1]:
                return False
    return True


def sure_sweep(view: SeatView) -> bool:
    """The hand sweeps even if one opponent held every card it cannot see."""
    mine = hand_mask(view, with_trump_card=True)
    if mine.bit_count() != 8:
        return False
    outside = FULL_PACK & ~mine & ~_played(view)
    return sweeps(mine, [outside])


def sweep_chance(view: SeatView, worlds: Sequence[Deal]) -> float:
    """The share of ``worlds`` in which the seat's hand sweeps."""
    if not worlds:
        return 0.0
    me = view.seat
    mine = hand_mask(view, with_trump_card=True)
    won = 0
    for w in worlds:
        opps = []
        for o in ((me + 1) & 3, (me + 3) & 3):
            h = w.hands[o]
            if o == w.bidder and w.trump_card >= 0:
                h |= 1 << w.trump_card
            opps.append(h)
        if sweeps(mine, opps):
            won += 1
    return won / len(worlds)


# --------------------------------------------------------------------------- doubling
def _defender_need(view: SeatView) -> int:
    """Card points the defenders need to beat the contract."""
    bid = view.high_bid or view.rules.min_bid
    return view.rules.total_points - bid + 1


def easy_double(view: SeatView) -> bool:
    """A defender doubles when its four cards are worth most of what the defence needs:
    card points plus 1.5 a jack and 0.5 a nine, at least the need less 2.5."""
    hand = hand_mask(view)
    jacks, _, pts = _shape(hand)
    nines = sum(1 for s in range(4) if hand >> (8 * s + 1) & 1)
    strength = pts + 1.5 * jacks + 0.5 * nines
    return strength >= _defender_need(view) - 2.5


def easy_redouble(view: SeatView) -> bool:
    """The bidder redoubles only with an estimate 5 points over its bid."""
    from .easy import estimate_points, expected_seventh

    hand = hand_mask(view, with_trump_card=True)
    rules = view.rules
    est = (expected_seventh(hand, rules.total_points) if rules.trump_choice == "seventh"
           else estimate_points(hand, rules.total_points))
    return est >= (view.high_bid or rules.min_bid) + 5


def make_chance(worlds: Sequence[Deal], policy: Callable[[Deal, Rand], None], rand: Rand,
                deadline: float) -> tuple[float, int]:
    """The bidders' chance of making their contract over ``worlds`` (each in the doubling
    phase): the doubling is closed with passes and the deal played out by ``policy``.
    Returns the chance and the number of contracts played (thrown-in and dead deals are
    left out)."""
    made = played = 0
    for w in worlds:
        d = w.clone()
        while d.phase_code == DOUBLING:
            d.step(PASS_CODE)
        policy(d, rand)
        out = d.outcome
        if out is None or out.dead or out.thrown_in is not None:
            continue
        played += 1
        made += out.made
        if played >= FLOOR_WORLDS and time.perf_counter() > deadline:
            break
    return (made / played if played else 0.5), played


def sim_double(view: SeatView, codes: Sequence[int], chance: float, n: int) -> int:
    """Double, redouble or pass given the bidders' simulated ``chance`` over ``n``
    contracts."""
    if n >= MIN_WORLDS:
        if DOUBLE_CODE in codes and chance < DOUBLE_BELOW - CLEARLY:
            return DOUBLE_CODE
        if REDOUBLE_CODE in codes and chance > REDOUBLE_ABOVE + CLEARLY:
            return REDOUBLE_CODE
    return PASS_CODE


# --------------------------------------------------------------------------- bidding
def contract_target(rules: Rules, team: int, bid: int, pair_team: int) -> int:
    """The points the bidding ``team`` needs bidding ``bid`` once ``pair_team`` (-1: none)
    has declared the pair: 4 fewer for the bidders' pair, 4 more for the opponents' (the
    engine's :func:`~twentynine.engine.scoring.pair_target`, with -1 for no pair as the simulations
    record it).

    >>> contract_target(Rules(), 0, 18, -1), contract_target(Rules(), 0, 18, 0)
    (18, 16)
    >>> contract_target(Rules(), 0, 18, 1), contract_target(Rules(), 1, 26, 0)
    (22, 28)
    """
    return pair_target(rules, bid, team, pair_team if pair_team >= 0 else None)


def contract_ev(rules: Rules, team: int, bid: int,
                results: Sequence[tuple[int, int, bool]]) -> float:
    """Expected game points for the bidding team bidding ``bid`` over simulated results
    (team points, pair team, trump shown), scored with big bids and the half loss."""
    if not results:
        return -1.0
    dead_rule = rules.unshown_trump == "dead"
    tot = 0
    for pts, pair_team, shown in results:
        if dead_rule and not shown:
            continue
        tgt = contract_target(rules, team, bid, pair_team)
        tot += contract_value(rules, bid, pts >= tgt, pts)
    return tot / len(results)


def best_bid(rules: Rules, team: int, table: Sequence[Sequence[tuple[int, int, bool]]],
             threshold: float) -> int:
    """The highest bid whose best-trump expected game points exceed ``threshold`` (0 if
    none); with big bids, a bid of 21 or more must clear twice the threshold (a positive
    one), as its stakes are doubled."""
    best = 0
    for b in range(rules.min_bid, rules.max_bid + 1):
        ev = max((contract_ev(rules, team, b, r) for r in table), default=-1.0)
        bar = threshold
        if rules.big_bids and b >= 21:
            bar = max(2 * threshold, 0.0) if threshold >= 0 else 0.0
        if ev > bar:
            best = b
    return best


def standing_results(worlds: Sequence[Deal], holder: int, bid: int, seed: int
                     ) -> list[tuple[int, int, bool]]:
    """The contract standing in the auction, played in each of ``worlds`` as if the auction
    ended now: ``holder`` wins at ``bid`` (the others pass), names the trump ``easy`` would
    name from its cards (:func:`~.easy.trump_call`: a cheap stand-in for its own search),
    and the bots' rollout policy plays the deal (world ``k`` on the stream ``seed + k``).
    One (holder's team points, pair team, trump shown) per world with a contract played,
    as :func:`~.search.bid_table` keeps them: what a pass leaves standing, measured in the
    worlds a bid is measured in."""
    from .easy import trump_call
    from .search import StreamRand, make_bidder, rollout

    team = holder & 1
    out: list[tuple[int, int, bool]] = []
    for k, w in enumerate(worlds):
        d = w.clone()
        if d.phase_code == AUCTION:
            make_bidder(d, holder, bid)
        if d.bidder != holder:
            continue
        if d.phase_code == TRUMP:
            code = trump_call(d.hands[holder], d.legal_codes())
            if code >= 0:
                d.step(code)
        rollout(d, StreamRand(seed + 7919 * k))
        if d.trick_no < 8 and d.game_change() == (0, 0):
            continue  # thrown in: no contract was played
        out.append((d.points1 if team else d.points0, d.pair_team, d.shown))
    return out


def standing_worth(rules: Rules, team: int, holder: int | None, bid: int,
                   results: Sequence[tuple[int, int, bool]]) -> float:
    """What a pass is worth to ``team`` in the bid table's own terms (game points a deal):
    the standing contract's expected game points (:func:`contract_ev` over ``results`` of
    :func:`standing_results`) for the partner's contract, minus them for an opponent's (a
    deal moves only the bidding team's score, so their +1 is our -1 on the race); 0 where
    no contract stands (``holder`` None: nobody has bid)."""
    if holder is None or not results:
        return 0.0
    ev = contract_ev(rules, holder & 1, bid, results)
    return ev if (holder & 1) == team else -ev


def bid_caution(rules: Rules, bid: int) -> float:
    """Points ``easy`` takes off its estimate where a failed bid costs 2: half a point
    with the half loss, one with big bids at 21 or more."""
    c = 0.0
    if rules.half_loss:
        c += 0.5
    if rules.big_bids and bid >= 21:
        c += 1.0
    return c


# --------------------------------------------------------------------------- easy
def easy_call(view: SeatView, codes: Sequence[int]) -> int | None:
    """``easy``'s answer to a doubling or single-hand offer, a redeal or the no-trumps
    option; None when none of these is in question."""
    if DOUBLE_CODE in codes:
        return DOUBLE_CODE if easy_double(view) else PASS_CODE
    if REDOUBLE_CODE in codes:
        return REDOUBLE_CODE if easy_redouble(view) else PASS_CODE
    if SINGLE_HAND_CODE in codes:
        return SINGLE_HAND_CODE if sure_sweep(view) else PASS_CODE
    if REDEAL_CODE in codes and wants_redeal(view):
        return REDEAL_CODE
    if NO_TRUMPS_CODE in codes and no_trumps_hand(hand_mask(view)):
        return NO_TRUMPS_CODE
    return None


# --------------------------------------------------------------------------- search bots
def search_call(view: SeatView, acts: Sequence[Action], worlds: Callable[[int], list[Deal]],
                n: int, policy: Callable[[Deal, Rand], None], rand: Rand,
                deadline: float) -> Action | None:
    """The search bots' answer to a doubling or single-hand offer, or no trumps with a
    balanced strong four (None otherwise: the bot simulates its trump choice, no trumps
    included only with a hand that passes :func:`no_trumps_ok`); ``worlds(n)`` samples
    worlds consistent with the view."""
    codes = [a.code for a in acts]
    by_code = {a.code: a for a in acts}
    if DOUBLE_CODE in codes or REDOUBLE_CODE in codes:
        chance, played = make_chance(worlds(n), policy, rand, deadline)
        return by_code[sim_double(view, codes, chance, played)]
    if SINGLE_HAND_CODE in codes:
        if sure_sweep(view):
            return by_code[SINGLE_HAND_CODE]
        mine = hand_mask(view, with_trump_card=True)
        # worth simulating only if every suit held is headed by its jack
        if any(mine & SUIT_MASKS[s] and not mine >> (8 * s) & 1 for s in range(4)):
            return by_code[PASS_CODE]
        ws = worlds(max(n, 64))
        if len(ws) >= MIN_WORLDS and sweep_chance(view, ws) >= SINGLE_SURE:
            return by_code[SINGLE_HAND_CODE]
        return by_code[PASS_CODE]
    if NO_TRUMPS_CODE in codes and no_trumps_hand(hand_mask(view)):
        return by_code[NO_TRUMPS_CODE]
    return None


__all__ = [
    "DOUBLE_BELOW", "REDOUBLE_ABOVE", "SINGLE_SURE", "best_bid", "bid_caution",
    "contract_ev", "easy_call", "easy_double", "easy_redouble", "hand_mask", "make_chance",
    "no_trumps_hand", "no_trumps_ok", "search_call", "sim_double", "standing_results",
    "standing_worth", "sure_sweep", "sweep_chance", "sweeps", "wants_redeal",
]
