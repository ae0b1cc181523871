"""The search bots' hot path: guessing the hidden cards, playing a guess out, scoring it.

Compiled with mypyc in the installed package (with :mod:`.round_state`, whose
:class:`~.round_state.Round` it drives), so it knows ints only: a card is ``0 .. 51``, a
hand a mask, a move a code.  What a seat knows is turned into these ints by
:mod:`.search_players`; here are:

* :class:`Rng`: a 32-bit xorshift generator kept in native ints (no Python-level call per
  draw), seeded, so a search gives the same answer in the pure and the compiled build;
* :func:`deal_world`: one guess at the other seats' hands and the card a robber laid down,
  respecting what each seat cannot hold (its shown voids, its trump-lead answers) and
  that the robber holds the turned card (and held the ace of trumps);
* :func:`greedy_playout`: plays a deal on to its end with a cheap rule-of-thumb policy
  (rob when allowed, win the trick with the cheapest winner unless the partner holds it,
  else throw the cheapest card; lead the best trump left or the strongest plain card), a
  random legal card with probability ``noise / 256``;
* :func:`race_value`: what the end of a deal is worth to a side: 1 or 0 when the race is
  decided, else an estimate of the side's chance of winning the race from the scores;
* :func:`solve`: the last tricks of a deal solved exactly in a world (each seat plays
  the card best for its own side), which ``hard``'s playouts use for the last two tricks
  (:func:`endgame_value`).

>>> rng = Rng(7)
>>> a = rng.below(10); b = rng.below(10)
>>> 0 <= a < 10 and 0 <= b < 10 and Rng(7).below(10) == a
True
"""

from __future__ import annotations

import math
from typing import Final

from .pack import ace_table, power_table, suit_mask_table, suit_table
from .round_state import (
    PLAYING,
    RACE_WON,
    ROB_BASE,
    TRICK_POINTS,
    TRICKS,
    Round,
    count_bits,
    nth_card,
)

_POWER: Final = power_table()
_SUIT: Final = suit_table()
_SUIT_MASK: Final = suit_mask_table()
_ACE: Final = ace_table()

NEED_WEIGHT: Final = 0.8
"""How fast a side's chance falls with each trick it still needs (see :func:`race_value`)."""


class Rng:
    """A seeded 32-bit xorshift generator."""

    def __init__(self, seed: int) -> None:
        x = (seed * 2654435761 + 12345) & 0xFFFFFFFF
        self.state = x if x != 0 else 0x2545F491

    def next(self) -> int:
        """The next 32-bit number."""
        x = self.state
        x ^= (x << 13) & 0xFFFFFFFF
        x ^= x >> 17
        x ^= (x << 5) & 0xFFFFFFFF
        self.state = x
        return x

    def below(self, n: int) -> int:
        """A number in ``0 .. n - 1`` (``n`` > 0)."""
        return (self.next() >> 3) % n


def pick(rng: Rng, pool: int, k: int) -> int:
    """``k`` cards drawn at random from the mask ``pool`` (which holds at least ``k``)."""
    out = 0
    n = count_bits(pool)
    for _ in range(k):
        c = nth_card(pool, rng.below(n))
        bit = 1 << c
        out |= bit
        pool &= ~bit
        n -= 1
    return out


def deal_world(rng: Rng, seat: int, own: int, unseen: int, sizes: list[int],
               forbid: list[int], robber: int, robber_holds: int, laid_wanted: bool,
               ace: int) -> tuple[list[int], int]:
    """One guess at every hand now (``own`` for ``seat``) and the laid-down card.

    ``unseen``: the cards this seat has not seen (other hands, the stock, a laid-down
    card); ``sizes``: cards in each hand now; ``forbid``: per seat, the cards it cannot
    hold; ``robber_holds``: the turned card when another seat robbed it and still holds
    it (0 otherwise); ``laid_wanted``: another seat robbed, so one unseen card was laid
    down; ``ace``: the ace of trumps when the robber must have held it and it is unseen
    (-1 otherwise): it is in the robber's hand or laid down.  The seats with the fewest
    possible cards are dealt first; a guess that runs out of cards for a seat gives it
    what is left (any card) rather than fail.  Returns ``([], -1)`` when no guess fits
    at all (never for a view from a real game)."""
    n = len(sizes)
    hands = [0] * n
    hands[seat] = own
    pool = unseen
    laid = -1
    need = sizes[:]
    need[seat] = 0
    if robber >= 0 and robber != seat and robber_holds:
        hands[robber] |= robber_holds
        need[robber] -= 1
    if ace >= 0 and robber >= 0 and robber != seat:
        pool &= ~(1 << ace)
        if laid_wanted and (forbid[robber] >> ace & 1 or rng.below(need[robber] + 1) == 0):
            laid = ace
        elif need[robber] > 0:
            hands[robber] |= 1 << ace
            need[robber] -= 1
        else:
            laid = ace
    order: list[int] = []
    for s in range(n):
        if need[s] > 0:
            order.append(s)
    # the most constrained seats first (insertion sort: a handful of seats)
    keys = [count_bits(pool & ~forbid[s]) - need[s] for s in order]
    for i in range(1, len(order)):
        j = i
        while j > 0 and keys[j - 1] > keys[j]:
            keys[j - 1], keys[j] = keys[j], keys[j - 1]
            order[j - 1], order[j] = order[j], order[j - 1]
            j -= 1
    for s in order:
        k = need[s]
        allowed = pool & ~forbid[s]
        if count_bits(allowed) < k:
            allowed = pool
            if count_bits(allowed) < k:
                return [], -1
        got = pick(rng, allowed, k)
        hands[s] |= got
        pool &= ~got
    if laid_wanted and laid < 0:
        if pool == 0:
            return [], -1
        laid = nth_card(pool, rng.below(count_bits(pool)))
    return hands, laid


def _cheapest(r: Round, mask: int) -> int:
    """The weakest card of ``mask`` (plain cards below trumps)."""
    base = r.trump * 52
    best = -1
    low = 1000
    while mask:
        bit = mask & -mask
        c = bit.bit_length() - 1
        mask ^= bit
        p = _POWER[base + c]
        if p < low:
            low = p
            best = c
    return best


def _strongest(r: Round, mask: int) -> int:
    """The strongest card of ``mask`` (trumps above plain cards)."""
    base = r.trump * 52
    best = -1
    high = -1
    while mask:
        bit = mask & -mask
        c = bit.bit_length() - 1
        mask ^= bit
        p = _POWER[base + c]
        if p > high:
            high = p
            best = c
    return best


def policy_code(r: Round, rng: Rng, noise: int) -> int:
    """The rule-of-thumb move of the seat to move in ``r`` (a world: every hand known)."""
    seat = r.turn
    hand = r.hands[seat]
    t = r.trump
    if r.rob_seat == seat:
        worst = _cheapest(r, hand)
        if _POWER[t * 52 + r.turned] > _POWER[t * 52 + worst]:
            return ROB_BASE + worst
    legal = r.legal_bits()
    if noise > 0 and (rng.next() & 255) < noise:
        return nth_card(legal, rng.below(count_bits(legal)))
    trumps_mask = _SUIT_MASK[t * 5]
    if not r.trick:
        mine = legal & trumps_mask
        if mine:
            others = 0
            for s in range(r.players):
                if s != seat:
                    others |= r.hands[s]
            top = _strongest(r, mine)
            theirs = others & trumps_mask
            if theirs == 0 or _POWER[t * 52 + top] > _POWER[t * 52 + _strongest(r, theirs)]:
                return top
        plain = legal & ~trumps_mask
        if plain:
            return _strongest(r, plain)
        return _cheapest(r, legal)
    best = r.best_power
    if r.sides[r.best_seat] == r.sides[seat]:
        return _cheapest(r, legal)
    winners = 0
    led = r.led_suit
    m = legal
    while m:
        bit = m & -m
        c = bit.bit_length() - 1
        m ^= bit
        i = t * 52 + c
        s = _SUIT[i]
        if (s == t or s == led) and _POWER[i] > best:  # noqa: SIM109 (native ints)
            winners |= bit
    if winners:
        return _cheapest(r, winners)
    return _cheapest(r, legal)


def greedy_playout(r: Round, rng: Rng, noise: int) -> None:
    """Play ``r`` on to the end of the deal (or of the race) by :func:`policy_code`."""
    while r.state == PLAYING:
        r.step(policy_code(r, rng, noise))


def solve(r: Round, sides: int) -> list[float]:
    """Every side's :func:`race_value` when ``r`` is played on to the end of the deal with
    every hand in sight, each seat choosing the card best for its own side (max^n; the
    lowest such card on ties).  For the last tricks of a deal: its cost is the product
    of every seat's choices."""
    if r.state != PLAYING:
        out: list[float] = []
        for s in range(sides):
            out.append(race_value(r, s))
        return out
    side = r.sides[r.turn]
    best: list[float] = []
    m = r.legal_bits()
    while m:
        bit = m & -m
        c = bit.bit_length() - 1
        m ^= bit
        child = r.clone()
        child.step(c)
        v = solve(child, sides)
        if not best or v[side] > best[side]:
            best = v
    return best


def endgame_value(r: Round, rng: Rng, noise: int, side: int, exact_from: int) -> float:
    """``side``'s race value of ``r`` played on by :func:`policy_code` until trick
    ``exact_from`` (counted from 0) begins, and solved from there (:func:`solve`)."""
    while r.state == PLAYING and (r.trick_no < exact_from or r.trick or r.rob_seat >= 0):
        r.step(policy_code(r, rng, noise))
    if r.state != PLAYING:
        return race_value(r, side)
    return solve(r, len(r.scores))[side]


def race_value(r: Round, side: int) -> float:
    """What ``r`` (a deal played to its end) is worth to ``side``: 1 if it won the race,
    0 if another side did; otherwise its share of ``exp(-NEED_WEIGHT * tricks still
    needed)`` over every side, so that a trick taken from the side nearest the target
    is worth more than one taken from a side far behind."""
    if r.state == RACE_WON:
        return 1.0 if r.winner == side else 0.0
    total = 0.0
    mine = 0.0
    for s in range(len(r.scores)):
        need = (r.target - r.scores[s] + TRICK_POINTS - 1) // TRICK_POINTS
        w = math.exp(-NEED_WEIGHT * need)
        total += w
        if s == side:
            mine = w
    return mine / total


def points_value(r: Round, side: int, before: list[int]) -> float:
    """What ``r`` is worth to ``side`` by points: its points won since ``before`` minus
    the average of the other sides' (a race won counts as the target's worth)."""
    n = len(r.scores)
    mine = 0.0
    others = 0.0
    for s in range(n):
        gain = float(r.scores[s] - before[s])
        if r.state == RACE_WON and r.winner == s:
            gain += float(r.target)
        if s == side:
            mine = gain
        else:
            others += gain
    return mine - others / (n - 1) if n > 1 else mine


def score_moves(world: Round, codes: list[int], side: int, rng_seed: int, noise: int,
                objective: int, totals: list[float], exact_from: int = TRICKS) -> None:
    """Add to ``totals[i]`` what ``codes[i]`` is worth in ``world`` (one playout each,
    every move's playout from the same random stream): ``objective`` 0 is the race
    (:func:`race_value`), 1 points (:func:`points_value`).  With the race, the tricks
    from ``exact_from`` (counted from 0) on are solved rather than played out
    (:func:`endgame_value`)."""
    before = world.scores[:]
    for i in range(len(codes)):
        r = world.clone()
        r.step(codes[i])
        rng = Rng(rng_seed)
        if objective == 0 and exact_from < TRICKS:
            totals[i] += endgame_value(r, rng, noise, side, exact_from)
            continue
        greedy_playout(r, rng, noise)
        if objective == 0:
            totals[i] += race_value(r, side)
        else:
            totals[i] += points_value(r, side, before)
