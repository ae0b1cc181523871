"""The ``easy`` bot: a rule-based player with a casual human's habits, and instant.

It bids from the strength of its first four cards, makes its longest strong suit trump
(laying the lowest card of that suit face down), and plays the usual wisdom: follow
cheaply when it cannot win, win cheaply when it can, feed points to a partner who is
winning the trick, keep its jacks for tricks they win, ask for trump when points are on
the table, keep the trump hidden when that helps, and declare the pair whenever it can.

It reads only its :class:`~twentynine.engine.views.SeatView`; every decision is a few dozen
integer operations (cards as ints ``suit * 8 + rank``, rank 0 the jack).

>>> from twentynine import Deal
>>> from twentynine.bots import decide
>>> deal = Deal.from_seed(4)
>>> while not deal.is_over:
...     _ = deal.apply(decide(EasyBot(seed=1), deal.view(deal.turn)).action)
>>> deal.outcome is not None
True
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.actions import (
    ACTIONS,
    BID_BASE,
    PAIR_CODE,
    PASS_CODE,
    SHOW_CODE,
    TRUMP_CARD_BASE,
    TRUMP_SUIT_BASE,
    Action,
)
from ..engine.cards import CARD_POINTS, SUIT_MASKS, Card, mask_cards
from ..engine.deal import Phase
from ..engine.play import trick_winner
from ..engine.views import SeatView
from .base import BaseBot
from .calls import bid_caution, easy_call

# Bidding: what each of the four cards adds to the points the team can expect to take,
# as trump and outside trump.  Fitted by least squares on 20,000 self-play deals in which
# the hand's seat played the contract at the minimum bid (residual sd about 5.4 points:
# four cards tell only so much).
TRUMP_VALUE = (4.1, 2.9, 2.4, 2.2, 1.6, 1.6, 1.6, 1.6)
SIDE_VALUE = (1.8, 0.1, 0.0, 0.05, 0.0, 0.0, 0.0, 0.0)
BASE_ESTIMATE = 11.0
"""Points the team expects from the twenty-eight cards it does not see yet."""
BID_MARGIN = 0.5
"""The bot bids up to its estimate plus this: with the estimate as the median of the
points the team takes, that is a better-than-even chance of making the bid."""
RAISE_PARTNER_MARGIN = 2
"""Over a partner's bid, the bot bids only with this much more than it needs."""


def _mask(cards: Iterable[Card]) -> int:
    m = 0
    for c in cards:
        m |= 1 << c.index
    return m


def suit_value(hand: int, suit: int) -> float:
    """What ``hand`` is worth with ``suit`` as trump (higher is better)."""
    v = 0.0
    for c in mask_cards(hand):
        v += TRUMP_VALUE[c & 7] if c >> 3 == suit else SIDE_VALUE[c & 7]
    return v


def best_trump(hand: int) -> tuple[int, float]:
    """The suit the bot would make trump, and the hand's value with it."""
    best, best_v = 0, -1.0
    for s in range(4):
        if not hand & SUIT_MASKS[s]:
            continue
        n = (hand & SUIT_MASKS[s]).bit_count()
        v = suit_value(hand, s)
        # prefer length, then strength
        key = v + 0.01 * n
        if key > best_v:
            best, best_v = s, key
    return best, suit_value(hand, best)


def trump_call(hand: int, codes: Sequence[int]) -> int:
    """The trump ``easy`` names holding ``hand`` among the trump phase's legal ``codes``:
    the suit :func:`best_trump` picks, as a marker or as that suit's lowest card (a lone
    jack is laid only when it is the suit's only card); -1 when neither is offered."""
    suit, _ = best_trump(hand)
    if TRUMP_SUIT_BASE + suit in codes:
        return TRUMP_SUIT_BASE + suit
    if not any(TRUMP_CARD_BASE <= c < BID_BASE for c in codes):
        return -1
    # the lowest-value card of the suit (mask_cards is high to low, so the last)
    return TRUMP_CARD_BASE + mask_cards(hand & SUIT_MASKS[suit])[-1]


def estimate_points(hand: int, rules_total: int) -> float:
    """The points the bot expects its team to take if it plays the contract."""
    _, v = best_trump(hand)
    return BASE_ESTIMATE + v - (29 - rules_total) / 2


def expected_seventh(hand: int, rules_total: int) -> float:
    """As :func:`estimate_points` when the seventh card will set trump: the hand's value
    averaged over the suits, each as likely as its unseen cards (8 less those held)."""
    unseen = 32 - hand.bit_count()
    v = 0.0
    for s in range(4):
        v += (8 - (hand & SUIT_MASKS[s]).bit_count()) / unseen * suit_value(hand, s)
    return BASE_ESTIMATE + v - (29 - rules_total) / 2


_BOLD_KINDS = frozenset({"double", "redouble", "single hand", "redeal", "no trumps"})


def _quiet_choice(legal: Sequence[Action]) -> int:
    """For a decision the bot has no rule for: pass if it may, else the first action that
    commits to nothing unusual."""
    for a in legal:
        if a.code == PASS_CODE:
            return a.code
    for a in legal:
        if a.kind.value not in _BOLD_KINDS:
            return a.code
    return legal[0].code


class EasyBot(BaseBot):
    """Rule-based and instant: bids its hand, plays the usual wisdom."""

    name = "easy"
    bid_margin = BID_MARGIN
    partner_margin = RAISE_PARTNER_MARGIN
    ask_points = (1, 2, 1)
    """Points on the table that make the bot ask for trump: as the bidder, as the
    bidder's partner, as a defender."""

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``."""
        codes = [a.code for a in legal]
        if len(codes) == 1:
            return legal[0]
        call = easy_call(view, codes)  # double, single hand, redeal, no trumps
        if call is not None:
            return ACTIONS[call]
        phase = view.phase
        if phase is Phase.AUCTION:
            code = self._bid(view, codes)
        elif phase is Phase.TRUMP:
            code = self._trump(view, codes)
        elif phase is Phase.PLAY:
            code = self._play(view, codes)
        else:
            code = _quiet_choice(legal)
        return ACTIONS[code] if code in codes else legal[0]

    # ------------------------------------------------------------------ auction
    def _bid(self, view: SeatView, codes: list[int]) -> int:
        bids = [c - BID_BASE for c in codes if BID_BASE <= c < PASS_CODE]
        if PASS_CODE not in codes:  # the dealer's forced bid
            return BID_BASE + min(bids)
        if not bids:
            return PASS_CODE
        lowest = min(bids)
        hand = _mask(view.hand)
        rules = view.rules
        est = (expected_seventh(hand, rules.total_points) if rules.trump_choice == "seventh"
               else estimate_points(hand, rules.total_points))
        limit = int(est + self.bid_margin - bid_caution(rules, lowest))
        if view.bidder is not None and view.bidder == view.partner:
            limit -= self.partner_margin
        if lowest <= limit:
            return BID_BASE + lowest
        return PASS_CODE

    # ------------------------------------------------------------------ trump
    def _trump(self, view: SeatView, codes: list[int]) -> int:
        code = trump_call(_mask(view.hand), codes)
        return code if code >= 0 else _quiet_choice([ACTIONS[c] for c in codes])

    # ------------------------------------------------------------------ play
    def _play(self, view: SeatView, codes: list[int]) -> int:
        if PAIR_CODE in codes:
            return PAIR_CODE
        plays = [c for c in codes if c < TRUMP_CARD_BASE]
        if not plays:
            return codes[0]
        p = _PlayState(view, self)
        if not view.trick:
            return p.lead(plays)
        if SHOW_CODE in codes and p.should_ask():
            return SHOW_CODE
        return p.follow(plays)


class _PlayState:
    """What the seat knows during play, in card ints."""

    def __init__(self, view: SeatView, bot: EasyBot) -> None:
        self.view = view
        self.bot = bot
        self.seat = view.seat
        self.team = view.seat & 1
        self.partner = (view.seat + 2) & 3
        self.hand = _mask(view.hand)
        self.shown = view.trump_shown
        self.trump = view.trump_suit if view.trump_suit is not None else -1
        self.bidder = view.bidder if view.bidder is not None else -1
        self.bidding_team = self.bidder & 1 if self.bidder >= 0 else -1
        played = 0
        voids = [0, 0, 0, 0]  # per seat, a 4-bit mask of suits it is known to lack
        for t in view.tricks:
            led = t.cards[0][1].suit
            for s, c in t.cards:
                played |= 1 << c.index
                if c.suit != led:
                    voids[s] |= 1 << led
        self.trick = [(s, c.index) for s, c in view.trick]
        if self.trick:
            led = self.trick[0][1] >> 3
            for s, ci in self.trick:
                played |= 1 << ci
                if ci >> 3 != led:
                    voids[s] |= 1 << led
        self.played = played
        self.voids = voids
        own_down = 0
        if view.face_down and view.trump_card is not None:
            own_down = 1 << view.trump_card.index
        self.own_down = own_down
        self.unseen = ((1 << 32) - 1) & ~played & ~self.hand & ~own_down
        self.trick_points = sum(CARD_POINTS[c] for _, c in self.trick)
        self.later = [(view.seat + k) & 3 for k in range(1, 4 - len(self.trick))]

    # ------------------------------------------------------------- helpers
    def eff_trump(self) -> int:
        return self.trump if self.shown else -1

    def winner_seat(self) -> int:
        cards = [c for _, c in self.trick]
        return self.trick[trick_winner(cards, self.eff_trump())][0]

    def wins_now(self, c: int, trump: int | None = None) -> bool:
        t = self.eff_trump() if trump is None else trump
        cards = [x for _, x in self.trick] + [c]
        return trick_winner(cards, t) == len(cards) - 1

    def higher_unseen(self, c: int) -> int:
        """Unseen cards of ``c``'s suit that beat it."""
        suit_mask = SUIT_MASKS[c >> 3]
        below = (1 << c) - 1  # lower ints are higher cards
        return self.unseen & suit_mask & below

    def is_master(self, c: int) -> bool:
        return not self.higher_unseen(c)

    def can_be_beaten(self, best: int, seats: list[int], trump: int) -> bool:
        """Whether one of ``seats`` (opponents still to play) might beat ``best``, the
        card now winning the trick."""
        if not seats:
            return False
        led = self.trick[0][1] >> 3 if self.trick else best >> 3
        for s in seats:
            if (s & 1) == self.team:
                continue
            void_led = self.voids[s] >> led & 1
            if best >> 3 == led and not void_led and self.higher_unseen(best):
                return True
            if trump >= 0 and led != trump:
                if best >> 3 == trump:
                    if self.higher_unseen(best) and not self.voids[s] >> trump & 1:
                        return True
                elif not self.voids[s] >> trump & 1 and self.unseen & SUIT_MASKS[trump] \
                        and (void_led or not self.unseen & SUIT_MASKS[led]):
                    return True
        return False

    def opponents_later(self) -> list[int]:
        return [s for s in self.later if (s & 1) != self.team]

    def partner_secure(self) -> bool:
        """The partner is winning the trick and no later opponent is likely to beat it."""
        if self.winner_seat() != self.partner:
            return False
        cards = [c for _, c in self.trick]
        best = cards[trick_winner(cards, self.eff_trump())]
        return not self.can_be_beaten(best, self.opponents_later(), self.eff_trump())

    @staticmethod
    def cheapest(cards: list[int], avoid: int = 0) -> int:
        """Least points, then lowest rank; cards in ``avoid`` only if nothing else."""
        pool = [c for c in cards if not avoid >> c & 1] or cards
        return min(pool, key=lambda c: (CARD_POINTS[c], -(c & 7)))

    def discard(self, cards: list[int]) -> int:
        """A card to throw away: no points, not a trump, not a winner, from a short suit."""
        def cost(c: int) -> tuple[float, int]:
            s = c >> 3
            v = CARD_POINTS[c] * 10.0
            if s == self.trump:
                v += 6
            if self.is_master(c):
                v += 4
            v += (self.hand & SUIT_MASKS[s]).bit_count() * 0.5
            return v, -c
        return min(cards, key=cost)

    def feed(self, cards: list[int]) -> int:
        """The richest card to give a winning partner, keeping jacks and trumps."""
        def value(c: int) -> tuple[int, int]:
            pts = CARD_POINTS[c]
            if c & 7 == 0:  # a jack wins its own trick later
                pts = -1
            if c >> 3 == self.trump and c >> 3 != (self.trick[0][1] >> 3):
                pts = -2
            return pts, c
        best = max(cards, key=value)
        if value(best)[0] <= 0:
            return self.discard(cards)
        return best

    # ------------------------------------------------------------- decisions
    def should_ask(self) -> bool:
        """Ask for trump when points are worth taking and the partner is not winning."""
        if self.winner_seat() == self.partner:
            return False
        pts = self.trick_points
        bidder, partner, defender = self.bot.ask_points
        if self.seat == self.bidder:
            # asking gives the bidder its face-down trump: worth it for points on the table
            return pts >= bidder or len(self.view.tricks) >= 6
        if self.bidding_team == self.team:
            return pts >= partner
        return pts >= defender

    def lead(self, plays: list[int]) -> int:
        hand = self.hand
        trump = self.trump
        shown = self.shown
        my_side = self.bidding_team == self.team
        # draw trumps with the master trump once shown
        if shown and trump >= 0 and my_side:
            trumps = [c for c in plays if c >> 3 == trump]
            if trumps and self.is_master(trumps[0]) and self.unseen & SUIT_MASKS[trump]:
                return trumps[0]
        opps = [s for s in range(4) if (s & 1) != self.team]
        masters = []
        for c in plays:
            s = c >> 3
            if s == trump and not shown:
                continue  # keep trumps hidden
            if not self.is_master(c):
                continue
            if shown and trump >= 0 and s != trump and any(self.voids[o] >> s & 1 and
                                            not self.voids[o] >> trump & 1 for o in opps):
                continue  # an opponent would ruff it
            if not self.unseen & SUIT_MASKS[s] and CARD_POINTS[c] == 0:
                continue  # nothing left to capture
            masters.append(c)
        if masters:
            return max(masters, key=lambda c: (CARD_POINTS[c], -c))
        # a low card from a suit that holds no points of ours
        def lead_cost(c: int) -> tuple[float, int]:
            s = c >> 3
            v = CARD_POINTS[c] * 10.0
            if s == trump:
                v += 8
            suit_cards = hand & SUIT_MASKS[s]
            if suit_cards & 1 << (s * 8):  # we hold the jack: do not lead under it
                v += 3
            if shown and 0 <= trump != s and any(self.voids[o] >> s & 1 for o in opps):
                v += 2
            v -= suit_cards.bit_count() * 0.3
            return v, -c
        return min(plays, key=lead_cost)

    def follow(self, plays: list[int]) -> int:
        led = self.trick[0][1] >> 3
        following = [c for c in plays if c >> 3 == led]
        eff = self.eff_trump()
        opps_later = self.opponents_later()
        if following:
            if self.partner_secure():
                return self.feed(following)
            winners = [c for c in following if self.wins_now(c)]
            safe = [c for c in winners if not self.can_be_beaten(c, opps_later, eff)]
            if safe:
                return max(safe)  # the lowest card that still wins for sure
            return self.cheapest(following, avoid=self._keep())
        # void in the suit led
        trumps = [c for c in plays if c >> 3 == self.trump] if eff >= 0 else []
        if self.partner_secure():
            return self.feed(plays)
        if trumps:
            winners = [c for c in trumps if self.wins_now(c)]
            must = len(trumps) == len(plays)
            if winners and (self.trick_points >= 1 or must or self.view.asker == self.seat):
                safe = [c for c in winners if not self.can_be_beaten(c, opps_later, eff)]
                return max(safe) if safe else min(winners)
            if must:
                return max(trumps)
        return self.discard(plays)

    def _keep(self) -> int:
        """Cards to hold back when throwing cheap ones: jacks and masters."""
        keep = 0
        for c in mask_cards(self.hand):
            if c & 7 == 0 or self.is_master(c):
                keep |= 1 << c
        return keep
