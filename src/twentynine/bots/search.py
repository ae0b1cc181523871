"""Search tools shared by the ``medium`` and ``hard`` bots, all on the Deal's fast path.

* :func:`rollout_policy` / :func:`rollout`: a cheap card-sense policy (feed a winning
  partner, win cheaply, duck otherwise, lead masters, declare the pair) to finish a deal;
* :func:`outcome_value`: what a finished deal is worth to a team (game points first,
  card-point margin as a tie-break);
* :func:`solve`: exact alpha-beta over the remaining tricks of one world;
* :func:`bid_table`: the simulated points a seat would take as bidder with each trump
  choice, for bidding.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from typing import Final

from ..engine.actions import (
    BID_BASE,
    NO_TRUMPS_CODE,
    PAIR_CODE,
    PASS_CODE,
    SHOW_CODE,
    TRUMP_CARD_BASE,
    TRUMP_SUIT_BASE,
)
from ..engine.cards import CARD_POINTS, SUIT_MASKS, mask_cards
from ..engine.deal import AUCTION, DEAL_OVER, PLAY, TRUMP, Deal
from ..engine.play import trick_winner
from ..engine.scoring import pair_can_come

MARGIN_WEIGHT: Final = 0.15
"""Weight of the card-point margin (per 29 points) beside the game point won or lost."""

Rand = Callable[[], float]


class StreamRand:
    """A cheap seeded random stream (xorshift32, native ints only), callable like
    ``Random().random``: one is made per rollout for common random numbers, where seeding a
    ``random.Random`` (about 14 us) would cost more than the rollout."""

    def __init__(self, seed: int) -> None:
        self.state = (seed & 0xFFFFFFFF) or 0x9E3779B9

    def __call__(self) -> float:
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x * (1.0 / 4294967296.0)


def outcome_value(d: Deal, team: int, margin: float = MARGIN_WEIGHT) -> float:
    """A finished deal's worth to ``team``: +-1 game point plus a small margin term
    (``margin`` per 29 card points of margin; 0: game points only)."""
    g0, g1 = d.game_change()  # the outcome's game_points, without building the outcome
    if team:
        return (g1 - g0) + margin * (d.points1 - d.points0) / 29.0
    return (g0 - g1) + margin * (d.points0 - d.points1) / 29.0


def binary_ok(d: Deal) -> bool:
    """Whether, with game points only as the worth, ``d``'s finished deals can be worth just
    one gain or one loss to each team (no half loss by points, no deal voided because trump
    stayed hidden): then whether the bidding team reaches its target decides everything,
    and :func:`solve` may search with a null window and stop once the target is settled."""
    r = d.rules
    return not r.half_loss and r.unshown_trump != "dead"


def settled(d: Deal, team: int) -> float:
    """At a trick's start (game points only, :func:`binary_ok`): ``team``'s worth if the
    bidding team has already reached any target it may still be set, or can no longer reach
    the lowest, else 0.0 (not settled yet)."""
    if d.single >= 0 or d.bidder < 0:
        return 0.0
    r = d.rules
    bt = d.bidder & 1
    bid = d.high_bid
    lo = hi = d.target
    suits = 1 << d.trump_suit if d.trump_suit >= 0 else 0
    declared = d.pair_team >= 0
    for seat in range(4):
        h = d.hands[seat]
        if seat == d.bidder and d.trump_card >= 0:
            h |= 1 << d.trump_card
        if pair_can_come(r, declared, d.trick_no, suits, h):  # this seat may declare it
            if (seat & 1) == bt:
                lo = max(bid - 4, r.min_bid)
            else:
                hi = min(bid + 4, r.max_bid)
    have = d.points[bt]
    left = r.total_points - d.points[0] - d.points[1]
    if have >= hi:
        made = True
    elif have + left < lo:
        made = False
    else:
        return 0.0
    v = float((2 if r.big_bids and bid >= 21 else 1) * d.multiplier)
    if not made:
        v = -v
    return v if bt == team else -v


def _is_master(c: int, hand: int, played: int) -> bool:
    """No higher card of the suit is still out in other hands."""
    higher = SUIT_MASKS[c >> 3] & ((1 << c) - 1)
    return not (higher & ~played & ~hand)


def _low_key(c: int, trump: int) -> int:
    """Sort key, one int: the cheapest card to give away first (fewest points, then not a
    trump, then the lowest rank)."""
    return CARD_POINTS[c] * 16 + (8 if c >> 3 == trump else 0) + 7 - (c & 7)


def _lowest(cards: list[int], trump: int) -> int:
    """The first card of ``cards`` with the least :func:`_low_key` (``min`` without a
    closure, and the key written out: the rollouts call this at almost every step)."""
    best = cards[0]
    bk = _low_key(best, trump)
    for c in cards:
        k = CARD_POINTS[c] * 16 + (8 if c >> 3 == trump else 0) + 7 - (c & 7)
        if k < bk:
            best, bk = c, k
    return best


def _richest(cards: list[int], trump: int) -> int:
    """The first card with the most points, a non-trump before a trump, then the lowest
    rank: what to throw on a trick the partner wins."""
    best = cards[0]
    bk = -1
    for c in cards:
        k = CARD_POINTS[c] * 16 + (0 if c >> 3 == trump else 8) + (c & 7)
        if k > bk:
            best, bk = c, k
    return best


def _cheapest_winner(cards: list[int], trump: int) -> int:
    """The first card that is not a trump if possible, then fewest points, then lowest."""
    best = cards[0]
    bk = 1 << 30
    for c in cards:
        k = (64 if c >> 3 == trump else 0) + CARD_POINTS[c] * 8 + 7 - (c & 7)
        if k < bk:
            best, bk = c, k
    return best


def _forced(d: Deal, codes: list[int]) -> int:
    """The action every rollout policy takes without thinking (-1 if none): the only legal
    one; a pass on doubling and single-hand offers; the pair whenever it may be declared."""
    if len(codes) == 1:
        return codes[0]
    if d.phase_code != PLAY:  # doubling, single-hand offers: decline
        return PASS_CODE if PASS_CODE in codes else codes[0]
    if codes[-1] == PAIR_CODE:
        return PAIR_CODE
    return -1


def rollout_policy(d: Deal, codes: list[int], rand: Rand) -> int:
    """A cheap, sensible action for the seat to move (``codes`` are its legal codes).

    A leader holding a master leads it (the one with most points) 3 times in 4, else the
    lowest card of a random suit; a seat that cannot follow, with the opponents winning
    the trick, asks for trump 3 times in 4 with 2 points or more on the table, else 1 in
    5; a partner's trick is fed (richest last hand), an opponent's won cheaply."""
    n = len(codes)
    forced = _forced(d, codes)
    if forced >= 0:
        return forced
    last = codes[-1]
    seat = d.turn
    trick = d.trick
    trump = d.trump_suit if d.shown else -1
    if not trick:
        # the master with the most points (the first of them); a card is a master when no
        # higher card of its suit is out in another hand (as _is_master says)
        outside = ~(d.played | d.hands[seat])
        best = -1
        best_pts = -1
        for c in codes:
            if c < 32 and not (SUIT_MASKS[c >> 3] & ((1 << c) - 1) & outside) and \
                    CARD_POINTS[c] > best_pts:
                best, best_pts = c, CARD_POINTS[c]
        if best >= 0 and rand() < 0.75:
            return best
        # lowest card of a random suit (the last of its cards in ``codes``)
        c = codes[int(rand() * n)]
        if c >= 32:
            c = codes[0]
        low = -1
        for x in codes:
            if x < 32 and x >> 3 == c >> 3:
                low = x
        return low if low >= 0 else codes[0]
    pos = len(trick)
    wi = trick_winner(trick, trump)
    wcard = trick[wi]
    partner_wins = d.sitting_out < 0 and ((d.leader + wi) & 3) == (seat ^ 2)
    pts = 0
    for c in trick:
        pts += CARD_POINTS[c]
    if last == SHOW_CODE:
        if not partner_wins and rand() < (0.75 if pts >= 2 else 0.2):
            return SHOW_CODE
        cards = codes[:-1]
    else:
        cards = codes if last < 32 else codes[:-1]
    if partner_wins:
        if pos == 3:
            return _richest(cards, trump)
        return _lowest(cards, trump)
    led = trick[0] >> 3
    w_trump = trump >= 0 and wcard >> 3 == trump
    # One pass over the cards that win the trick so far (no list of them): whether any
    # does and any of them holds points; last hand: the cheapest (_cheapest_winner's
    # order); second and third hand: the first master (not a trump) with the fewest
    # points, and the highest trump.
    last_hand = pos == 3
    outside = 0 if last_hand else ~(d.played | d.hands[seat])
    any_winner = False
    winner_pts = False
    cheapest = -1
    cheapest_key = 1 << 30
    master = -1
    top_trump = -1
    for c in cards:
        s = c >> 3
        if trump >= 0 and s == trump:
            if w_trump and c >= wcard:
                continue
        elif w_trump or s != led or c >= wcard:
            continue
        any_winner = True
        p = CARD_POINTS[c]
        if p:
            winner_pts = True
        if last_hand:
            k = (64 if s == trump else 0) + p * 8 + 7 - (c & 7)
            if k < cheapest_key:
                cheapest, cheapest_key = c, k
        elif s == trump:
            if c > top_trump:
                top_trump = c
        elif not (SUIT_MASKS[s] & ((1 << c) - 1) & outside) and \
                (master < 0 or p < CARD_POINTS[master]):
            master = c
    if any_winner:
        if last_hand:
            if pts or winner_pts:
                return cheapest
        else:
            if master >= 0:
                return master
            if pts >= 2 and top_trump >= 0:
                return top_trump
    return _lowest(cards, trump)


def rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with :func:`rollout_policy` for every seat."""
    while d.phase_code != DEAL_OVER:
        d.step(rollout_policy(d, d.legal_codes(), rand))


# --------------------------------------------------------------------------- exact search
def _always(_: None = None) -> float:
    return 0.0


def _order(d: Deal, codes: list[int]) -> list[int]:
    """Search order with equivalent cards merged: of two cards of one suit worth the same
    points with no card between them still out in another hand (or in this trick), only
    the first is searched; the rollout policy's choice goes first (good moves early help
    alpha-beta)."""
    gone = d.played | d.hands[d.turn]
    for c in d.trick:
        gone &= ~(1 << c)
    out: list[int] = []
    prev = -1
    for c in codes:
        if c < 32:
            if prev >= 0 and prev >> 3 == c >> 3 and CARD_POINTS[prev] == CARD_POINTS[c] \
                    and not ((1 << c) - (2 << prev)) & ~gone:
                prev = c
                continue
            prev = c
        out.append(c)
    first = rollout_policy(d, codes, _always)
    if first != out[0] and first in out:
        out.remove(first)
        out.insert(0, first)
    return out


class SearchTimeout(Exception):
    """The exact search ran past its deadline."""


class _Clock:
    """The exact search's deadline and node count (module-wide: one search at a time).

    The clock is read at every 32nd trick start (``mask``: 31): a trick start costs
    microseconds, so the search stops within a millisecond or so of its deadline on a
    quiet machine, and reading the clock costs nothing measurable
    (``benchmarks/search_deadline.py``)."""

    deadline = float("inf")
    nodes = 0
    mask = 31


_clock = _Clock()


def solve(d: Deal, team: int, alpha: float = -9.0, beta: float = 9.0,
          table: dict[tuple[int, ...], tuple[float, int]] | None = None,
          margin: float = MARGIN_WEIGHT, cut: bool = False) -> float:
    """Exact value for ``team`` of ``d`` (every seat seeing every card), by alpha-beta
    with a transposition table (``table``, shared between calls on the same world) kept
    at the start of each trick.  ``margin``: the worth's card-margin weight
    (:func:`outcome_value`); ``cut`` (only with ``margin`` 0 and :func:`binary_ok`): stop
    at a trick's start once the contract is settled (:func:`settled`)."""
    if d.phase_code == DEAL_OVER:
        return outcome_value(d, team, margin)
    if table is None:
        table = {}
    key: tuple[int, ...] | None = None
    if not d.trick:
        _clock.nodes += 1
        if _clock.nodes & _clock.mask == 0 and time.perf_counter() > _clock.deadline:
            raise SearchTimeout
        if cut:
            s = settled(d, team)
            if s != 0.0:
                return s
        h = d.hands
        key = (h[0], h[1], h[2], h[3], d.turn, d.shown, d.points1 if team else d.points0,
               d.pair_team, d.won_since_shown, d.trump_card)
        hit = table.get(key)
        if hit is not None:
            v, flag = hit
            if flag == 0:
                return v
            if flag > 0:  # a lower bound
                if v >= beta:
                    return v
                if v > alpha:
                    alpha = v
            else:  # an upper bound
                if v <= alpha:
                    return v
                if v < beta:
                    beta = v
    a0, b0 = alpha, beta
    codes = d.legal_codes()
    if len(codes) == 1:
        c = d.clone()
        c.step(codes[0])
        v = solve(c, team, alpha, beta, table, margin, cut)
    elif (d.turn & 1) == team:
        v = -9.0
        for code in _order(d, codes):
            c = d.clone()
            c.step(code)
            x = solve(c, team, alpha, beta, table, margin, cut)
            if x > v:
                v = x
                if v > alpha:
                    alpha = v
                    if alpha >= beta:
                        break
    else:
        v = 9.0
        for code in _order(d, codes):
            c = d.clone()
            c.step(code)
            x = solve(c, team, alpha, beta, table, margin, cut)
            if x < v:
                v = x
                if v < beta:
                    beta = v
                    if alpha >= beta:
                        break
    if key is not None:
        table[key] = (v, 1 if v >= b0 else (-1 if v <= a0 else 0))
    return v


def solve_root(d: Deal, codes: Sequence[int], team: int,
               deadline: float = float("inf"), margin: float = MARGIN_WEIGHT,
               binary: bool = False) -> list[float]:
    """Exact value of each root action in ``codes`` for ``team``; raises
    :class:`SearchTimeout` past ``deadline`` (perf_counter seconds).  ``margin``: the
    worth's card-margin weight.  ``binary``: the worth is game points only (``margin`` is
    ignored) and, where :func:`binary_ok`, each action is searched with a null window
    around zero (does the bidding team reach its target?) and settled contracts stop the
    search: far fewer nodes, and, as every finished deal is then worth one gain or one
    loss, the same values as a full search with ``margin`` 0."""
    out = []
    table: dict[tuple[int, ...], tuple[float, int]] = {}
    _clock.deadline = deadline
    fast = binary and binary_ok(d)
    lo, hi = (-0.5, 0.5) if fast else (-9.0, 9.0)
    if binary:
        margin = 0.0
    try:
        for code in codes:
            c = d.clone()
            c.step(code)
            out.append(solve(c, team, lo, hi, table, margin, fast))
    finally:
        _clock.deadline = float("inf")
    return out


# --------------------------------------------------------------------------- bidding
def trump_choices(d: Deal, seat: int) -> list[int]:
    """Trump codes worth simulating for ``seat`` as bidder: with a card, the lowest card of
    each suit in the first four; with a marker, every suit; no trumps where allowed.  With
    the seventh-card rule there is no choice: ``[-1]``."""
    rules = d.rules
    if rules.trump_choice == "seventh":
        return [-1]
    if rules.trump_indicator == "marker":
        out = [TRUMP_SUIT_BASE + s for s in range(4)]
    else:
        hand = d.hands[seat]
        out = []
        for s in range(4):
            m = hand & SUIT_MASKS[s]
            if m:
                out.append(TRUMP_CARD_BASE + mask_cards(m)[-1])
    if rules.no_trumps:
        out.append(NO_TRUMPS_CODE)
    return out


def make_bidder(d: Deal, seat: int, bid: int) -> None:
    """Finish the auction of world ``d`` with ``seat`` winning at ``bid`` (others pass)."""
    while d.phase_code == AUCTION:
        if d.turn == seat:
            lo = max(d.rules.min_bid, d.high_bid + 1)
            d.step(BID_BASE + max(bid, lo) if d.bidder != seat else PASS_CODE)
        else:
            codes = d.legal_codes()
            d.step(PASS_CODE if PASS_CODE in codes else codes[0])


def bid_table(worlds: Sequence[Deal], seat: int, choices: Sequence[int], rand: Rand,
              deadline: float, policy: Callable[[Deal, Rand], None] = rollout,
              crn: bool = False, floor: int = 0) -> list[list[tuple[int, int, bool]]]:
    """For each trump choice, one (team points, pair team, trump shown) per simulated world,
    with ``seat`` the bidder.  Stops early at ``deadline`` (perf_counter seconds), once
    ``floor`` worlds are done.  With
    ``crn`` every choice's rollout in a world draws the same random stream (common random
    numbers: the choices are compared with less noise)."""
    team = seat & 1
    out: list[list[tuple[int, int, bool]]] = [[] for _ in choices]
    done = 0
    for w in worlds:
        base = w.clone()
        if base.phase_code == AUCTION:
            make_bidder(base, seat, base.rules.min_bid)
        if base.bidder != seat:
            continue
        ws = int(rand() * 4294967296.0) if crn else 0
        for i, code in enumerate(choices):
            d = base.clone()
            if code >= 0 and d.phase_code == TRUMP:
                d.step(code)
            policy(d, StreamRand(ws) if crn else rand)
            if d.trick_no < 8 and d.game_change() == (0, 0):
                continue  # thrown in: no contract was played
            out[i].append((d.points1 if team else d.points0, d.pair_team, d.shown))
        done += 1
        if done >= floor and time.perf_counter() > deadline:
            break
    return out
