"""Sampling hidden worlds: full deals consistent with everything one seat knows.

A :class:`WorldSampler` reads a :class:`~twentynine.engine.views.SeatView` once and then
deals the cards the seat has not seen to the other seats, many times and cheaply,
respecting

* each seat's hand size;
* voids shown by failing to follow suit (while trump was hidden, the bidder's
  face-down card does not count as held, so it is exempt);
* the asker's duty to trump (an asker who played no trump holds none);
* the face-down trump card: known to the bidder (and to all once shown, when it
  is back in the bidder's hand); otherwise sampled as one extra card of the bidder;
* the hidden trump suit with a marker (sampled);
* before the second four cards are dealt, every seat's second four (the viewer's too).

With ``infer=True`` each world also gets a likelihood weight from the auction (a seat
that bid high probably holds jacks and nines, one that passed probably does not) and
from the bidder's trump choice (a long suit is the likely trump); with ``play_infer``
also from every card the other seats played (:func:`~.play_model.play_surprise`: how much worse that
card was, under a cheap model of play, than the seat's best card in that world's hand).

The first world is built with :func:`~twentynine.engine.views.deal_from_view`; later worlds
are cheap clones of it with the hidden cards replaced (a few tens of microseconds each).

>>> from twentynine.engine.deal import Deal
>>> d = Deal.from_seed(4)
>>> sampler = WorldSampler(d.view(d.turn))
>>> import random
>>> w = sampler.sample(random.Random(1))
>>> w.hands[d.turn] == d.hands[d.turn], [h.bit_count() for h in w.hands]
(True, [4, 4, 4, 4])
"""

from __future__ import annotations

import math
import random
from typing import Final

from ..engine.cards import CARD_POINTS, SUIT_MASKS, mask_cards
from ..engine.deal import DEAL_OVER, DOUBLING, PHASE_CODES, PLAY, SINGLE, Deal
from ..engine.views import SeatView, deal_from_view
from .play_model import play_surprise

FULL_SUITS: Final = (1 << 32) - 1


def _strength(mask: int) -> float:
    """A rough bidding strength of some cards: their points plus the longest suit."""
    pts = 0
    for c in mask_cards(mask):
        pts += CARD_POINTS[c]
    longest = max((mask & SUIT_MASKS[s]).bit_count() for s in range(4))
    return pts + 1.5 * longest


class WorldSampler:
    """Deals the unseen cards consistently with one seat's view."""

    def __init__(self, view: SeatView, infer: bool = False, scale: float = 1.0,
                 no_ask: float = 0.0, marker_tilt: float = 0.5,
                 play_infer: float = 0.0) -> None:
        self.view = view
        self.play_infer = play_infer
        """How strongly the cards the other seats played weight the worlds: each card
        multiplies a world's weight by e^-(play_infer x :func:`play_surprise`) (0: not)."""
        self.marker_tilt = marker_tilt
        """With a marker, the log-weight per card the bidder holds of the world's (sampled)
        trump suit: bidders name their long suit (with a face-down card the tilt is 0.5)."""
        self.no_ask = no_ask
        """How strongly a seat that discarded without asking for trump is taken to hold
        no trump (0: not at all)."""
        self.infer = infer
        self.scale = scale
        """How strongly the auction tilts the weights (1: as designed, 0: not at all)."""
        me = view.seat
        self.me = me
        phase = PHASE_CODES[view.phase]
        self.preplay = phase not in (PLAY, SINGLE, DEAL_OVER)
        self.marker = view.rules.trump_indicator == "marker"
        unseen = 0
        for c in view.unseen_cards():
            unseen |= 1 << c.index
        self.own = 0
        for c in view.hand:
            self.own |= 1 << c.index
        bidder = view.bidder if view.bidder is not None else -1
        self.bidder = bidder
        # cards each seat has played
        played_by = [0, 0, 0, 0]
        for t in view.tricks:
            for s, c in t.cards:
                played_by[s] |= 1 << c.index
        for s, c in view.trick:
            played_by[s] |= 1 << c.index
        self.played_by = played_by
        # what must be placed and what is fixed
        self.forced = [0, 0, 0, 0]
        self.need = [0, 0, 0, 0]
        self.allowed = [FULL_SUITS] * 4
        self.sample_fd = False  # sample the bidder's unknown face-down card
        self.sample_suit = False  # sample the hidden marker suit
        self.trump_card = -1
        self.trump_suit = view.trump_suit if view.trump_suit is not None else -1
        if view.trump_card is not None:
            self.trump_card = view.trump_card.index
        for s in range(4):
            if s != me:
                self.need[s] = view.hand_sizes[s]
        trump_set = phase in (PLAY, SINGLE, DEAL_OVER) or (
            phase == DOUBLING and view.rules.trump_choice != "seventh")
        self.no_trump_world = False
        if bidder >= 0 and bidder != me and trump_set:
            if self.trump_card >= 0 and view.trump_shown and unseen >> self.trump_card & 1:
                # shown: the face-down card went back to the bidder's hand
                self.forced[bidder] |= 1 << self.trump_card
                self.need[bidder] -= 1
                unseen &= ~(1 << self.trump_card)
            elif view.face_down and self.trump_card < 0:
                self.sample_fd = True
            elif self.trump_suit < 0 and not view.no_trumps and view.single_hand is None:
                if self.marker:
                    self.sample_suit = True
                else:  # no card lies face down: the bidder chose no trumps
                    self.no_trump_world = True
        if self.preplay:
            for s in range(4):
                self.need[s] += 4  # the second four cards, not dealt yet
        else:
            self._voids()
        self.unseen = unseen
        self.others = [s for s in range(4) if s != me]
        self.targets: list[int] = []
        self.free = True
        self.suit_seats: list[list[int]] = []
        self.fd_pool = unseen
        self._derive()
        self.template: Deal | None = None
        self.failures = 0
        self._bid_info = self._auction_tilts() if infer else []
        self._quiet = self._quiet_discards() if infer and no_ask > 0 else []
        self._plays = self._play_records() if infer and play_infer > 0 else []

    def _derive(self) -> None:
        """What dealing reads from ``need``, ``allowed`` and ``unseen``: the seats to deal
        to, whether any void constrains them, who may take each suit, and the cards the
        face-down one may be (those that still leave a legal deal)."""
        unseen = self.unseen
        self.targets = [s for s in range(4) if self.need[s] > 0]
        self.free = all(self.allowed[s] == FULL_SUITS for s in self.targets)
        self.suit_seats = [[s for s in self.targets if self.allowed[s] & SUIT_MASKS[u]]
                           for u in range(4)]
        self.fd_pool = unseen
        if self.sample_fd and not self.free:
            ok = 0
            for x in mask_cards(unseen):
                if self._feasible(unseen & ~(1 << x)):
                    ok |= 1 << x
            self.fd_pool = ok or unseen

    # ------------------------------------------------------------------ inference
    def _voids(self) -> None:
        view = self.view
        trump = self.trump_suit
        shown_at = view.shown_in_trick if view.trump_shown else None
        records = [(i, t.cards) for i, t in enumerate(view.tricks)]
        if view.trick:
            records.append((len(view.tricks), view.trick))
        for i, cards in records:
            led = cards[0][1].suit
            off = [(s, c) for s, c in cards[1:] if c.suit != led]
            for s, _ in off:
                if s != self.me:
                    self.allowed[s] &= ~SUIT_MASKS[led]
            # the asker's duty: an asker who then played no trump holds none
            if not (view.trump_shown and trump >= 0 and view.rules.asker_must_trump):
                continue
            asker = None
            if i == len(view.tricks) and view.asker is not None:
                asker = view.asker
            elif shown_at == i and i < 7 and len(off) == 1:
                asker = off[0][0]
            if asker is None or asker == self.me:
                continue
            for s, c in off:
                if s == asker and c.suit != trump:
                    self.allowed[s] &= ~SUIT_MASKS[trump]

    def _auction_tilts(self) -> list[tuple[int, float]]:
        """(seat, tilt) for the seats whose bidding says something about their cards."""
        out: list[tuple[int, float]] = []
        best: dict[int, int] = {}
        spoke: set[int] = set()
        for s, b in self.view.bids:
            spoke.add(s)
            if b is not None:
                best[s] = max(best.get(s, 0), b)
        lo = self.view.rules.min_bid
        for s in spoke:
            if s == self.me:
                continue
            if s in best:
                out.append((s, min(0.12 * (best[s] - lo + 2), 0.9)))
            else:
                out.append((s, -0.18))
        return out

    def _quiet_discards(self) -> list[tuple[int, int, float]]:
        """(seat, cards it held then, strength) for every time a seat other than the bidder
        and the viewer could not follow while trump was hidden and did not ask for it
        although an opponent was winning: a seat holding a trump would often have asked
        (more often with points on the table), so worlds giving it one are less likely."""
        view = self.view
        me = self.me
        records = [(i, t.cards) for i, t in enumerate(view.tricks)]
        if view.trick:
            records.append((len(view.tricks), view.trick))
        shown_at = view.shown_in_trick if view.trump_shown else None
        later = [0, 0, 0, 0]  # cards each seat played from this trick on
        out: list[tuple[int, int, float]] = []
        for i, cards in reversed(records):
            for s, c in cards:
                later[s] |= 1 << c.index
            if shown_at is not None and i >= shown_at:
                continue
            led = cards[0][1].suit
            best = cards[0]
            pts = cards[0][1].points
            for s, c in cards[1:]:
                if c.suit != led and s != me and s != self.bidder and \
                        (best[0] & 1) != (s & 1):
                    out.append((s, later[s], 1.0 if pts >= 2 else 0.4))
                if c.suit == led and c.index < best[1].index:
                    best = (s, c)
                pts += c.points
        return out

    def _play_records(self) -> list[tuple[int, int, int, int, int, int, bool, int, int,
                                          bool]]:
        """What the world-independent part of :func:`play_surprise` needs for every card
        played by a seat other than the viewer: (seat, card, pos, led, trump known to the
        seat or -1, winning card, partner winning, points on the table, cards gone before,
        trump still hidden).  The asker's own card (its duty decides it) and single hands
        are left out."""
        view = self.view
        if view.single_hand is not None:
            return []
        records = [t.cards for t in view.tricks]
        if view.trick:
            records.append(view.trick)
        shown_at = view.shown_in_trick if view.trump_shown else None
        trump_suit = view.trump_suit if view.trump_suit is not None else -1
        out: list[tuple[int, int, int, int, int, int, bool, int, int, bool]] = []
        gone = 0
        for i, cards in enumerate(records):
            led = cards[0][1].suit
            if shown_at is None or i < shown_at:
                known_from = 9  # trump hidden throughout the trick
            elif i > shown_at:
                known_from = 0
            else:  # shown in this trick: by the first seat off the led suit (else before it)
                known_from = 0
                for k, (_, c) in enumerate(cards):
                    if c.suit != led:
                        known_from = k + 1
                        break
            wcard = -1
            wseat = -1
            pts = 0
            for pos, (s, c) in enumerate(cards):
                x = c.index
                trump = trump_suit if pos >= known_from else -1
                if s != self.me and pos + 1 != known_from:
                    out.append((s, x, pos, led, trump, wcard, (wseat ^ s) == 2, pts, gone,
                                pos < known_from))
                if wcard < 0 or (trump >= 0 and x >> 3 == trump and
                                 (wcard >> 3 != trump or x < wcard)) or \
                        (x >> 3 == led and wcard >> 3 == led and x < wcard):
                    wcard, wseat = x, s
                pts += CARD_POINTS[x]
                gone |= 1 << x
        return out

    def play_log_weight(self, world: Deal) -> float:
        """Minus the summed :func:`play_surprise` of every card the other seats played,
        had they held ``world``'s hands (0 without ``play_infer``)."""
        total = 0.0
        played_by = self.played_by
        for s, x, pos, led, trump, wcard, pw, pts, gone, hidden in self._plays:
            hand = world.hands[s] | (played_by[s] & ~gone)  # what it held then
            if hidden and s == world.bidder and world.trump_card >= 0:
                hand &= ~(1 << world.trump_card)  # face down: not in the hand then
            total += play_surprise(hand, x, pos, led, trump, wcard, pw, pts, gone)
        return -total

    def weight(self, world: Deal) -> float:
        """How likely the auction (and the trump choice) were in ``world``, up to a constant."""
        if not self.infer:
            return 1.0
        logw = 0.0
        for s, tilt in self._bid_info:
            if self.preplay:
                st = _strength(world.first[s]) - 8.5
            else:
                held = world.hands[s] | self.played_by[s]
                if s == world.bidder and world.trump_card >= 0 and not self.view.trump_shown:
                    held |= 1 << world.trump_card
                st = (_strength(held) - 11.5) * 0.6
            logw += tilt * st
        if (self.sample_fd or self.sample_suit) and world.trump_suit >= 0:
            b = self.bidder
            held = world.hands[b] | self.played_by[b]
            if world.trump_card >= 0:
                held |= 1 << world.trump_card
            n = (held & SUIT_MASKS[world.trump_suit]).bit_count()
            logw += (self.marker_tilt if self.sample_suit else 0.5) * n
        if self._quiet and world.trump_suit >= 0:
            tm = SUIT_MASKS[world.trump_suit]
            for s, then, k in self._quiet:
                if (world.hands[s] | then) & tm:
                    logw -= self.no_ask * k
        logw *= self.scale
        if self._plays:
            logw += self.play_infer * self.play_log_weight(world)
        return math.exp(logw)

    # ------------------------------------------------------------------ dealing
    def _feasible(self, cards: int) -> bool:
        """Hall's condition: can ``cards`` be dealt to the hands with their voids?"""
        t = self.targets
        k = len(t)
        anyone = 0
        for s in t:
            anyone |= self.allowed[s]
        if cards & ~anyone:
            return False
        for sub in range(1, 1 << k):
            outside = 0
            need = 0
            for i in range(k):
                if sub >> i & 1:
                    need += self.need[t[i]]
                else:
                    outside |= self.allowed[t[i]]
            # the cards only the seats in ``sub`` may take must fit in their hands
            if (cards & ~outside).bit_count() > need:
                return False
        return True

    def _distribute(self, rng: random.Random, cards: list[int]) -> list[int] | None:
        """Masks of the cards each other seat gets (fixed cards not included)."""
        need = self.need
        out = [0, 0, 0, 0]
        if self.free:
            rng.shuffle(cards)
            i = 0
            for s in self.targets:
                n = need[s]
                m = 0
                for c in cards[i:i + n]:
                    m |= 1 << c
                out[s] = m
                i += n
            return out
        allowed = self.allowed
        targets = self.targets
        suit_seats = self.suit_seats
        for attempt in range(12):
            if attempt % 2 == 0:
                # the most constrained cards first, each to a seat with room, by room left
                rng.shuffle(cards)
                cards.sort(key=lambda c: len(suit_seats[c >> 3]))
                cap = need[:]
                ok = True
                for c in cards:
                    opts = [s for s in suit_seats[c >> 3] if cap[s]]
                    if not opts:
                        ok = False
                        break
                    if len(opts) == 1:
                        s = opts[0]
                    else:
                        r = rng.random() * sum(cap[s] for s in opts)
                        for s in opts:
                            r -= cap[s]
                            if r < 0:
                                break
                    cap[s] -= 1
                    out[s] |= 1 << c
                if ok:
                    return out
                out = [0, 0, 0, 0]
                continue
            # the tightest hands first, each taking a random sample of what it may hold
            left = 0
            for c in cards:
                left |= 1 << c
            order = sorted(targets, key=lambda s: (left & allowed[s]).bit_count() - need[s])
            ok = True
            for s in order:
                pool = mask_cards(left & allowed[s])
                n = need[s]
                if len(pool) < n:
                    ok = False
                    break
                m = 0
                for c in rng.sample(pool, n):
                    m |= 1 << c
                out[s] = m
                left &= ~m
            if ok:
                return out
            out = [0, 0, 0, 0]
        return None

    def _raw(self, rng: random.Random) -> tuple[list[int], int, int] | None:
        """Hands (current, for every seat) and the sampled trump card / suit."""
        unseen = self.unseen
        fd = self.trump_card
        suit = self.trump_suit
        if self.sample_fd:
            fd = rng.choice(mask_cards(self.fd_pool))
            unseen &= ~(1 << fd)
            suit = fd >> 3
        elif self.sample_suit:
            suit = rng.randrange(4)
        dist = self._distribute(rng, list(mask_cards(unseen)))
        if dist is None:
            return None
        hands = [dist[s] | self.forced[s] for s in range(4)]
        return hands, fd, suit

    def sample(self, rng: random.Random) -> Deal:
        """One world: a Deal whose hidden cards are a random consistent guess."""
        raw = None
        for _ in range(8):
            raw = self._raw(rng)
            if raw is not None:
                break
        if raw is None:  # should not happen; never give up: ignore the voids
            self.failures += 1
            saved = self.allowed, self.free, self.fd_pool
            self.allowed, self.free, self.fd_pool = [FULL_SUITS] * 4, True, self.unseen
            raw = self._raw(rng)
            self.allowed, self.free, self.fd_pool = saved
            assert raw is not None
        hands, fd, suit = raw
        me = self.me
        if self.preplay:
            # each seat's sampled cards: its current hand, then its second four (in the
            # order dealt: the first of them is the seventh card)
            first = [0, 0, 0, 0]
            second = [0, 0, 0, 0]
            order: list[list[int]] = [[], [], [], []]
            sizes = self.view.hand_sizes
            for s in range(4):
                cs = list(mask_cards(hands[s]))
                rng.shuffle(cs)
                if s == me:
                    first[s] = self.own
                    sec = cs
                else:
                    k = sizes[s]
                    f = 0
                    for c in cs[:k]:
                        f |= 1 << c
                    first[s] = f
                    sec = cs[k:]
                m = 0
                for c in sec:
                    m |= 1 << c
                second[s] = m
                order[s] = sec
            cur = first
        else:
            cur = [hands[s] if s != me else self.own for s in range(4)]
            second = [0, 0, 0, 0]
            order = []
        t = self.template
        if t is None:
            t = deal_from_view(
                self.view,
                [mask_cards(m) for m in cur],
                trump_card=fd if self.sample_fd else None,
                trump_suit=suit if self.sample_suit else (-1 if self.no_trump_world else None),
                second=order if self.preplay else None,
            )
            self.template = t
            return t.clone()
        d = t.clone()
        d.hands = cur
        if self.preplay:
            d.first = tuple(cur)
            d.second = tuple(second)
            d.seventh = tuple(o[0] for o in order)
        if self.sample_fd:
            d.trump_card = fd
            d.trump_suit = suit
        elif self.sample_suit:
            d.trump_suit = suit
        return d

    def sample_many(self, rng: random.Random, n: int) -> list[Deal]:
        """``n`` worlds."""
        return [self.sample(rng) for _ in range(n)]

