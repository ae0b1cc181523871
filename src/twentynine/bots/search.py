"""Search tools shared by the ``medium`` and ``hard`` bots, all on the Deal's fast path.

* :func:`rollout_policy` / :func:`rollout`: a cheap card-sense policy (feed a winning
  partner, win cheaply, duck otherwise, lead masters, declare the pair) to finish a deal;
  :func:`declarer_policy`: the same with declarer technique on lead (an option of ``hard``);
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

from ..actions import (
    BID_BASE,
    NO_TRUMPS_CODE,
    PAIR_CODE,
    PASS_CODE,
    SHOW_CODE,
    TRUMP_CARD_BASE,
    TRUMP_SUIT_BASE,
)
from ..cards import CARD_POINTS, FULL_PACK, POINT_MASK, POP16, SUIT_MASKS, mask_cards
from ..deal import AUCTION, DEAL_OVER, PLAY, TRUMP, Deal
from ..play import pair_mask, trick_winner

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
    if d.pair_team < 0 and r.pair and d.trump_suit >= 0:
        pm = pair_mask(d.trump_suit)
        for seat in range(4):
            h = d.hands[seat]
            if seat == d.bidder and d.trump_card >= 0:
                h |= 1 << d.trump_card
            if h & pm == pm:  # this seat may still declare the pair
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


def rollout_policy(d: Deal, codes: list[int], rand: Rand, aware: bool = False,
                   lead_master: float = 0.75, ask_high: float = 0.75,
                   ask_low: float = 0.2) -> int:
    """A cheap, sensible action for the seat to move (``codes`` are its legal codes).

    ``aware``: a seat asks for trump mostly when it holds one in this world (it knows its
    own hand), and ruffs second or third hand from one point on the table.  ``lead_master``:
    how often a leader holding a master leads it (the one with most points) rather than
    the lowest card of a random suit; ``ask_high`` / ``ask_low``: how often a seat that
    cannot follow, with the opponents winning the trick, asks for trump with 2 points or
    more on the table / fewer."""
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
        if best >= 0 and rand() < lead_master:
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
        if aware:
            tr = d.hands[seat] & SUIT_MASKS[d.trump_suit] if d.trump_suit >= 0 else 0
            if seat == d.bidder and d.trump_card >= 0:
                tr |= 1 << d.trump_card
            if not partner_wins and rand() < ((0.9 if pts >= 1 else 0.35) if tr else 0.05):
                return SHOW_CODE
        elif not partner_wins and rand() < (ask_high if pts >= 2 else ask_low):
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
            if pts >= (1 if aware else 2) and top_trump >= 0:
                return top_trump
    return _lowest(cards, trump)


def _declarer_lead(d: Deal, codes: list[int], rand: Rand, hidden: bool = False) -> int:
    """:func:`declarer_policy`'s lead, from what the seat on lead knows: its own hand,
    the cards played, the trump once shown (or if it is the bidder) and the face-down card
    if it is the bidder; never another hand of the world.

    * The bidding side, trump shown, trumps still out by that count: lead the master
      trump (draw trump), or the lowest trump while holding more trumps than are out;
      otherwise it leads no low trump (it may still cash a master trump as any master).
      With ``hidden`` the bidder draws so while trump is still hidden too (the others
      must follow the suit).
    * Defenders, trump shown: keep off the trump suit while holding another card.
    * Then cash the master (the top card of a suit with no higher card out) with the most
      points, 85% of the time; else the lowest card of a suit drawn by its length,
      among the suits whose point cards are all masters if there is one (no leading away
      from an unguarded ten or ace).

    Measured in self-play rollouts (bidders with this lead, defenders without, and the
    other way round, ``benchmarks/rollout_policies.py``): the bidding side makes no more
    contracts (-0.007 ± 0.013 standard), the defenders set 1.3-1.5 more in a hundred.
    Drawing trump while it is hidden made fewer."""
    seat = d.turn
    legal = 0
    for c in codes:
        if c < 32:
            legal |= 1 << c
    if not legal:
        return codes[0]
    bidder = d.bidder
    single = d.single >= 0
    ours = bidder >= 0 and (bidder & 1) == (seat & 1) and not single
    ts = d.trump_suit if not single and (d.shown or seat == bidder) else -1
    mine = d.hands[seat]
    if seat == bidder and d.trump_card >= 0:
        mine |= 1 << d.trump_card  # the face-down card: the bidder knows it is its own
    out = FULL_PACK & ~(d.played | mine)  # in other hands, for all this seat knows
    keep = 0  # the bidding side's trump suit: not led low
    if ts >= 0:
        tm = SUIT_MASKS[ts]
        my_tr = legal & tm
        out_tr = out & tm
        if ours:
            if my_tr and out_tr and (d.shown or hidden):
                top = my_tr & -my_tr  # the highest rank is the lowest bit
                if top < (out_tr & -out_tr):
                    return top.bit_length() - 1
                held = mine & tm
                if POP16[held & 0xFFFF] + POP16[held >> 16] > \
                        POP16[out_tr & 0xFFFF] + POP16[out_tr >> 16]:
                    return my_tr.bit_length() - 1
            if legal & ~tm:
                keep = tm
        elif legal & ~tm:
            legal &= ~tm
    if rand() < 0.85:
        best = -1
        best_pts = -1
        for s in range(4):
            m = legal & SUIT_MASKS[s]
            if m:
                top = m & -m
                if not (out & SUIT_MASKS[s] & (top - 1)):
                    c = top.bit_length() - 1
                    if CARD_POINTS[c] > best_pts:
                        best, best_pts = c, CARD_POINTS[c]
        if best >= 0:
            return best
    safe = 0
    n_safe = 0
    open_ = 0
    n_open = 0
    for s in range(4):
        m = legal & SUIT_MASKS[s]
        if not m or SUIT_MASKS[s] & keep:
            continue
        w = POP16[(m >> (8 * s)) & 0xFF]
        open_ |= 1 << s
        n_open += w
        pm = m & POINT_MASK
        if not pm or not (out & SUIT_MASKS[s] & ((1 << (pm.bit_length() - 1)) - 1)):
            safe |= 1 << s
            n_safe += w
    if n_safe:
        pool, k = safe, int(rand() * n_safe)
    elif n_open:
        pool, k = open_, int(rand() * n_open)
    else:
        pool, k = 15, 0
    for s in range(4):
        m = legal & SUIT_MASKS[s]
        if m and pool >> s & 1:
            w = POP16[(m >> (8 * s)) & 0xFF]
            if k < w:
                return m.bit_length() - 1  # the suit's lowest card
            k -= w
    return codes[0]


def declarer_policy(d: Deal, codes: list[int], rand: Rand, hidden: bool = False) -> int:
    """:func:`rollout_policy` with declarer technique on lead (:func:`_declarer_lead`):
    the bidding side draws trump and cashes masters, defenders keep off a shown trump,
    nobody leads away from an unguarded ten.  Only the leader's own knowledge is used.
    ``hidden``: the bidder draws trump before it is shown too."""
    if d.trick or d.phase_code != PLAY:
        return rollout_policy(d, codes, rand)
    forced = _forced(d, codes)
    if forced >= 0:
        return forced
    return _declarer_lead(d, codes, rand, hidden)


def _beats(c: int, best: int, led: int, trump: int) -> bool:
    """Whether ``c`` beats the trick's best card ``best`` (``trump`` -1 while hidden)."""
    s = c >> 3
    if trump >= 0 and s == trump:
        return best >> 3 != trump or c < best
    return best >> 3 != trump and s == led and c < best


def _holds(d: Deal, seat: int, best: int, led: int, trump: int, pts: int) -> bool:
    """Whether ``best`` (``seat``'s side's card) survives the opponents still to play, who
    are assumed to play their best with the cards they hold in this world."""
    hidden = trump < 0 and d.trump_suit >= 0 and not d.shown
    for k in range(1, 4 - len(d.trick)):
        r = (seat + k) & 3
        if (r & 1) == (seat & 1) or r == d.sitting_out:
            continue
        h = d.hands[r]
        follow = h & SUIT_MASKS[led]
        if follow:
            if best >> 3 == led and (follow & ((1 << best) - 1)):
                return False
            continue
        if trump >= 0:
            tr = h & SUIT_MASKS[trump]
            if tr and (best >> 3 != trump or tr & ((1 << best) - 1)):
                return False
        elif hidden and pts >= 2:
            tr = h & SUIT_MASKS[d.trump_suit]
            if r == d.bidder and d.trump_card >= 0:
                tr |= 1 << d.trump_card
            if tr:
                return False
    return True


def smart_policy(d: Deal, codes: list[int], rand: Rand) -> int:
    """:func:`rollout_policy` with a better eye (it reads the world's hands, as a double-dummy
    player would): wins a trick only with a card that will hold, feeds a partner whose card
    will hold, draws trumps as the bidding side, asks for trump when holding one."""
    forced = _forced(d, codes)
    if forced >= 0:
        return forced
    last = codes[-1]
    seat = d.turn
    trick = d.trick
    trump = d.trump_suit if d.shown else -1
    hand = d.hands[seat]
    if not trick:
        cards = [c for c in codes if c < 32]
        bidding_side = d.bidder >= 0 and (d.bidder & 1) == (seat & 1)
        if trump >= 0 and bidding_side:
            my_tr = hand & SUIT_MASKS[trump]
            out_tr = SUIT_MASKS[trump] & ~d.played & ~hand & \
                ~d.hands[seat ^ 2] & ((1 << 32) - 1)
            opp_tr = out_tr & (d.hands[(seat + 1) & 3] | d.hands[(seat + 3) & 3])
            if my_tr and opp_tr:
                top = mask_cards(my_tr)[0]
                if top < mask_cards(opp_tr)[0]:
                    return top
        winners = [c for c in cards if c >> 3 != trump and _holds(d, seat, c, c >> 3, trump,
                                                                 CARD_POINTS[c])]
        if winners and rand() < 0.85:
            return max(winners, key=lambda c: (CARD_POINTS[c], -c))
        pool = [c for c in cards if c >> 3 != trump] or cards
        c = pool[int(rand() * len(pool))]
        suit_cards = [x for x in pool if x >> 3 == c >> 3]
        return suit_cards[-1]
    pos = len(trick)
    wi = trick_winner(trick, trump)
    wcard = trick[wi]
    partner_wins = d.sitting_out < 0 and ((d.leader + wi) & 3) == (seat ^ 2)
    pts = 0
    for c in trick:
        pts += CARD_POINTS[c]
    led = trick[0] >> 3
    if last == SHOW_CODE:
        cards = codes[:-1]
        if not partner_wins:
            tr = hand & SUIT_MASKS[d.trump_suit] if d.trump_suit >= 0 else 0
            if seat == d.bidder and d.trump_card >= 0:
                tr |= 1 << d.trump_card
            if tr and rand() < (0.9 if pts >= 1 else 0.35):
                return SHOW_CODE
            if not tr and rand() < 0.05:
                return SHOW_CODE
    else:
        cards = codes if last < 32 else codes[:-1]
    if partner_wins:
        if pos == 3 or _holds(d, seat, wcard, led, trump, pts + 2):
            return _richest(cards, trump)
        return _lowest(cards, trump)
    winners = [c for c in cards if _beats(c, wcard, led, trump)]
    if winners:
        if pos == 3:
            if pts or any(CARD_POINTS[c] for c in winners):
                return _cheapest_winner(winners, trump)
        else:
            good = [c for c in winners if _holds(d, seat, c, led, trump, pts + CARD_POINTS[c])]
            if good and (pts or any(CARD_POINTS[c] for c in good) or pos == 2):
                return _cheapest_winner(good, trump)
    return _lowest(cards, trump)


def smart_rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with :func:`smart_policy` for every seat."""
    while d.phase_code != DEAL_OVER:
        d.step(smart_policy(d, d.legal_codes(), rand))


def rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with :func:`rollout_policy` for every seat."""
    while d.phase_code != DEAL_OVER:
        d.step(rollout_policy(d, d.legal_codes(), rand))


class TunedRollout:
    """Finish the deal with :func:`rollout_policy` at other probabilities for every seat
    (its ``lead_master``, ``ask_high`` and ``ask_low``)."""

    def __init__(self, lead_master: float, ask_high: float, ask_low: float) -> None:
        self.lead_master = lead_master
        self.ask_high = ask_high
        self.ask_low = ask_low

    def __call__(self, d: Deal, rand: Rand) -> None:
        lead_master = self.lead_master
        ask_high = self.ask_high
        ask_low = self.ask_low
        while d.phase_code != DEAL_OVER:
            d.step(rollout_policy(d, d.legal_codes(), rand, False, lead_master, ask_high, ask_low))


def declarer_rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with :func:`declarer_policy` for every seat."""
    while d.phase_code != DEAL_OVER:
        d.step(declarer_policy(d, d.legal_codes(), rand))


def hidden_draw_rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with :func:`declarer_policy` (``hidden``) for every seat."""
    while d.phase_code != DEAL_OVER:
        d.step(declarer_policy(d, d.legal_codes(), rand, True))


def aware_rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with :func:`rollout_policy` (``aware``) for every seat."""
    while d.phase_code != DEAL_OVER:
        d.step(rollout_policy(d, d.legal_codes(), rand, True))


def rollout_to(d: Deal, rand: Rand, left: int) -> None:
    """:func:`rollout` until a trick's start with at most ``left`` tricks to play (or the
    deal's end): where :func:`tail_value` takes over."""
    while d.phase_code != DEAL_OVER and not (d.phase_code == PLAY and not d.trick
                                             and 8 - d.trick_no <= left):
        d.step(rollout_policy(d, d.legal_codes(), rand))


def tail_value(d: Deal, team: int) -> float:
    """The exact game-point worth to ``team`` of ``d``'s remaining tricks (every hand
    seen): the binary search of :func:`solve_root` where :func:`binary_ok`."""
    if d.phase_code == DEAL_OVER:
        return outcome_value(d, team, 0.0)
    if binary_ok(d):
        return solve(d, team, -0.5, 0.5, {}, 0.0, True)
    return solve(d, team, -9.0, 9.0, {}, 0.0, False)


def random_rollout(d: Deal, rand: Rand) -> None:
    """Finish the deal with uniformly random legal actions."""
    d.playout(int(rand() * 4294967296.0))


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
              crn: bool = False, holder: int = -1, holder_bid: int = 0,
              holder_trump: Callable[[Deal, int], int] | None = None,
              holder_out: list[tuple[int, int, bool]] | None = None,
              ) -> list[list[tuple[int, int, bool]]]:
    """For each trump choice, one (team points, pair team, trump shown) per simulated world,
    with ``seat`` the bidder.  Stops early at ``deadline`` (perf_counter seconds).  With
    ``crn`` every choice's rollout in a world draws the same random stream (common random
    numbers: the choices are compared with less noise).

    With a ``holder`` (the seat holding the auction's high bid, ``holder_bid``), the same
    worlds also play the holder's contract as it stands if the auction ended now, with the
    trump ``holder_trump(deal, holder)`` picks in the trump phase, and append its result
    (the holder's team points, pair team, trump shown) to ``holder_out``: the value of
    passing, measured in the same worlds as the value of bidding."""
    team = seat & 1
    out: list[list[tuple[int, int, bool]]] = [[] for _ in choices]
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
        if holder >= 0 and holder_out is not None:
            d = w.clone()
            if d.phase_code == AUCTION:
                make_bidder(d, holder, holder_bid)
            if d.bidder == holder:
                if d.phase_code == TRUMP and holder_trump is not None:
                    code = holder_trump(d, holder)
                    if code >= 0:
                        d.step(code)
                policy(d, StreamRand(ws) if crn else rand)
                if d.trick_no == 8 or d.game_change() != (0, 0):
                    holder_out.append((d.points1 if holder & 1 else d.points0,
                                       d.pair_team, d.shown))
        if time.perf_counter() > deadline:
            break
    return out
