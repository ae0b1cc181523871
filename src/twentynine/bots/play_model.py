"""A cheap model of how a seat plays its cards, for reading the other seats' plays.

:func:`play_surprise` says how unlikely a card was from a given hand: a conditional logit
over the legal cards, each scored by :data:`PLAY_WEIGHTS` times its
:func:`card_features` (points lost to an opponent's trick, winning a trick by the points
on it, ruffing, feeding a partner's sure trick, a card's rank, ...).  The weights are a
maximum-likelihood fit to ``hard``'s own games; ``tools/fit_play_model.py`` refits them.
:class:`~.worlds.WorldSampler` weights card play's worlds by it (``play_infer``).
"""

from __future__ import annotations

import math
from typing import Final

from ..engine.cards import CARD_POINTS, FULL_PACK, SUIT_MASKS, mask_cards

SURPRISE_CAP: Final = 5.0
"""The most one card played can count against a world (the model of play is rough)."""

PLAY_FEATURES: Final = (
    "lead a master", "lead the lowest of a suit", "lead points, not a master",
    "lead a trump", "lead from length (cards of the suit - 1)", "lead a master's points",
    "feed points to a partner's sure trick", "points on a partner's unsure trick",
    "trump the partner's trick", "win an opponent's trick", "win it with a master",
    "win it last hand", "points lost to an opponent", "points risked by an unsure winner",
    "trump an opponent's trick", "trump a trick of 2 points or more",
    "win a trick by its points (per 3, up to 6)", "throw a trump away",
    "rank lowness (0 the top card, 1 the seven)", "points won last hand",
    "beat the partner's card",
)
"""What :func:`card_features` measures of a card, in order."""

# The model's weights (log-odds per unit of each feature), fitted by maximum likelihood
# (a conditional logit over the legal cards) to 13,063 cards played with a choice in 800
# deals of ``hard`` self-play, both rule sets (held-out log-likelihood per card -1.111; a
# uniform choice -1.171); ``tools/fit_play_model.py`` refits them.
W_LEAD_MASTER: Final = -0.039
W_LEAD_LOWEST: Final = -0.009
W_LEAD_POINTS: Final = -0.413
W_LEAD_TRUMP: Final = -0.072
W_LEAD_LENGTH: Final = -0.120
W_LEAD_MASTER_POINTS: Final = 0.075
W_FEED_POINTS: Final = 0.203
W_UNSURE_FEED_POINTS: Final = -0.048
W_RUFF_PARTNER: Final = -0.298
W_WIN: Final = 0.071
W_WIN_MASTER: Final = 0.007
W_WIN_LAST: Final = 0.102
W_LOSE_POINTS: Final = -0.681
W_RISK_POINTS: Final = -0.145
W_RUFF: Final = -0.637
W_RUFF_BIG: Final = 0.243
W_WIN_TABLE: Final = 1.684
W_TRUMP_WASTE: Final = 0.015
W_LOWNESS: Final = -0.418
W_WIN_LAST_POINTS: Final = 0.017
W_OVERTAKE: Final = 0.061
PLAY_WEIGHTS: Final = (
    W_LEAD_MASTER, W_LEAD_LOWEST, W_LEAD_POINTS, W_LEAD_TRUMP, W_LEAD_LENGTH,
    W_LEAD_MASTER_POINTS, W_FEED_POINTS, W_UNSURE_FEED_POINTS, W_RUFF_PARTNER, W_WIN,
    W_WIN_MASTER, W_WIN_LAST, W_LOSE_POINTS, W_RISK_POINTS, W_RUFF, W_RUFF_BIG, W_WIN_TABLE,
    W_TRUMP_WASTE, W_LOWNESS, W_WIN_LAST_POINTS, W_OVERTAKE,
)
"""The weights in :data:`PLAY_FEATURES`' order."""


def card_features(x: int, hand: int, pos: int, led: int, trump: int, wcard: int,
                  partner_wins: bool, pts: int, outside: int, feed: bool) -> list[float]:
    """The :data:`PLAY_FEATURES` of playing ``x`` from ``hand`` (the seat's own knowledge:
    ``outside`` are the cards it has not seen, so a card is a master when no higher card of
    its suit is among them; ``feed``: its partner wins the trick for sure, as far as it
    can tell).  :func:`_card_utility` is the same model written out for speed."""
    f = [0.0] * len(PLAY_FEATURES)
    p = CARD_POINTS[x]
    s = x >> 3
    master = not (SUIT_MASKS[s] & ((1 << x) - 1) & outside)
    if pos == 0:
        if master:
            f[0] = 1.0
            f[5] = p
        else:
            if not (hand & SUIT_MASKS[s] & ~((2 << x) - 1)):
                f[1] = 1.0
            f[2] = p
        if trump >= 0 and s == trump:
            f[3] = 1.0
        f[4] = (hand & SUIT_MASKS[s]).bit_count() - 1
        return f
    f[18] = (x & 7) / 7
    ruff = trump >= 0 and s == trump and s != led
    if trump >= 0 and s == trump:
        wins = wcard >> 3 != trump or x < wcard
    else:
        wins = wcard >> 3 != trump and s == led and x < wcard
    if partner_wins:
        if ruff:
            f[8] = 1.0
        elif feed:
            f[6] = p
        else:
            f[7] = p
        if wins:
            f[20] = 1.0
        return f
    if wins:
        f[9] = 1.0
        f[16] = min(pts, 6) / 3
        if pos == 3:
            f[11] = 1.0
            f[19] = p
        elif master:
            f[10] = 1.0
        else:
            f[13] = p
    else:
        f[12] = p
        if trump >= 0 and s == trump:
            f[17] = 1.0
    if ruff:
        f[14] = 1.0
        if pts >= 2:
            f[15] = 1.0
    return f


def _card_utility(x: int, hand: int, pos: int, led: int, trump: int, wcard: int,
                  partner_wins: bool, pts: int, outside: int, feed: bool) -> float:
    """The model's log-odds of playing ``x``: :data:`PLAY_WEIGHTS` times
    :func:`card_features`, without building the list (it runs for every card of every
    sampled world)."""
    p = CARD_POINTS[x]
    s = x >> 3
    master = not (SUIT_MASKS[s] & ((1 << x) - 1) & outside)
    if pos == 0:
        if master:
            u = W_LEAD_MASTER + W_LEAD_MASTER_POINTS * p
        else:
            u = W_LEAD_POINTS * p
            if not (hand & SUIT_MASKS[s] & ~((2 << x) - 1)):
                u += W_LEAD_LOWEST
        if trump >= 0 and s == trump:
            u += W_LEAD_TRUMP
        return u + W_LEAD_LENGTH * ((hand & SUIT_MASKS[s]).bit_count() - 1)
    u = W_LOWNESS * (x & 7) / 7
    ruff = trump >= 0 and s == trump and s != led
    if trump >= 0 and s == trump:
        wins = wcard >> 3 != trump or x < wcard
    else:
        wins = wcard >> 3 != trump and s == led and x < wcard
    if partner_wins:
        if ruff:
            u += W_RUFF_PARTNER
        elif feed:
            u += W_FEED_POINTS * p
        else:
            u += W_UNSURE_FEED_POINTS * p
        if wins:
            u += W_OVERTAKE
        return u
    if wins:
        u += W_WIN + W_WIN_TABLE * min(pts, 6) / 3
        if pos == 3:
            u += W_WIN_LAST + W_WIN_LAST_POINTS * p
        elif master:
            u += W_WIN_MASTER
        else:
            u += W_RISK_POINTS * p
    else:
        u += W_LOSE_POINTS * p
        if trump >= 0 and s == trump:
            u += W_TRUMP_WASTE
    if ruff:
        u += W_RUFF
        if pts >= 2:
            u += W_RUFF_BIG
    return u


def play_surprise(hand: int, card: int, pos: int, led: int, trump: int, wcard: int,
                  partner_wins: bool, pts: int, gone: int) -> float:
    """Minus the log-probability, under the model of play (:func:`card_features`), that a
    seat holding ``hand`` (a mask, ``card`` in it) played ``card`` among its legal cards,
    capped at :data:`SURPRISE_CAP`.  ``pos``: cards already in the trick; ``led``: their
    suit; ``trump``: the trump suit if the seat knew it (-1); ``wcard``: the trick's winning
    card so far; ``partner_wins``: its partner played it; ``pts``: the points on the
    table; ``gone``: every card played before this one.

    A seat that threw the seven on the trick its opponent's ace wins last is a little
    surprising holding the eight too, and more so holding the nine, which would have won:

    >>> from twentynine.engine.cards import Card
    >>> m = lambda *cs: sum(1 << Card.parse(c).index for c in cs)
    >>> i = lambda c: Card.parse(c).index
    >>> h = Card.parse('AH').suit
    >>> zeros = play_surprise(m('8H', '7H'), i('7H'), 3, h, -1, i('AH'), False, 1, m('AH'))
    >>> nine = play_surprise(m('9H', '7H'), i('7H'), 3, h, -1, i('AH'), False, 1, m('AH'))
    >>> 0 < zeros < nine
    True
    """
    legal = hand
    if pos:
        follow = hand & SUIT_MASKS[led]
        if follow:
            legal = follow
    if not legal & (legal - 1) or not legal >> card & 1:
        return 0.0  # a single legal card says nothing (nor a card the model cannot place)
    outside = FULL_PACK & ~(gone | hand)
    feed = partner_wins and (
        pos == 3 or not (SUIT_MASKS[wcard >> 3] & ((1 << wcard) - 1) & outside))
    top = -99.0
    mine = 0.0
    us: list[float] = []
    for x in mask_cards(legal):
        u = _card_utility(x, hand, pos, led, trump, wcard, partner_wins, pts, outside, feed)
        us.append(u)
        if u > top:
            top = u
        if x == card:
            mine = u
    z = 0.0
    for u in us:
        z += math.exp(u - top)
    return min(top + math.log(z) - mine, SURPRISE_CAP)
