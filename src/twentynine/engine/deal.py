"""One deal of Twenty-Nine: the state machine from the first four cards to the score.

The state is private; callers ask for :meth:`Deal.legal_actions`, :meth:`Deal.apply`
an action (getting back the events it caused) and take a :meth:`Deal.view` for a
seat.  The same state machine also has a code-level fast path
(:meth:`Deal.legal_codes`, :meth:`Deal.step`, :meth:`Deal.clone`) for the bots'
simulations; :meth:`Deal.apply` runs through it, so both are covered by the same tests.

>>> deal = Deal.from_seed(1)
>>> deal.phase, deal.turn
(<Phase.AUCTION: 'auction'>, 1)
>>> events = deal.apply(Action.make_bid(16))
>>> events[0]
BidMade(seat=1, bid=16)
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from enum import Enum
from typing import TYPE_CHECKING, Final

from . import auction, contract, play
from .actions import (
    ACTIONS,
    NEXT_DEAL_CODE,
    PAIR_CODE,
    PLAY_BASE,
    SHOW_CODE,
    TRUMP_CARD_BASE,
    Action,
)
from .cards import CARDS, POP16, SEAT_WORDS, Card, as_card, cards_mask, mask_cards, nth_card
from .events import CardsDealt, DealScored, DealStarted, Event, ThrownIn
from .rules import Rules, RulesError
from .scoring import (
    DealOutcome,
    clamp_scores,
    contract_change,
    pair_target,
    score_deal,
    score_single_hand,
    single_hand_change,
    thrown_in,
)

if TYPE_CHECKING:
    from .views import SeatView


class Phase(Enum):
    """Where a deal (or game) stands."""

    AUCTION = "auction"
    TRUMP = "trump choice"
    DOUBLING = "doubling"
    SINGLE_HAND = "single hand offer"
    PLAY = "play"
    DEAL_OVER = "deal over"
    GAME_OVER = "game over"


AUCTION: Final = 0
TRUMP: Final = 1
PLAY: Final = 2
DEAL_OVER: Final = 3
DOUBLING: Final = 4
SINGLE: Final = 5
_PHASES: Final = (Phase.AUCTION, Phase.TRUMP, Phase.PLAY, Phase.DEAL_OVER, Phase.DOUBLING,
           Phase.SINGLE_HAND)
PHASE_CODES: Final = {p: i for i, p in enumerate(_PHASES)}

ASK_OPTIONAL: Final = 0
ASK_COMPULSORY: Final = 1
ASK_AUTO: Final = 2
"""Codes of the asking rule (``Rules.ask``) in :attr:`Deal.ask_rule`."""
_ASK_CODES: Final = {"optional": ASK_OPTIONAL, "compulsory": ASK_COMPULSORY, "auto": ASK_AUTO}



class IllegalActionError(ValueError):
    """An action the rules do not allow now; the message names the rule."""


class DealError(ValueError):
    """Cards or settings that cannot make a deal."""


def check_seat(seat: object) -> int:
    """``seat`` itself if it is a seat number 0..3, else :class:`IllegalActionError`."""
    if type(seat) is not int or not 0 <= seat < 4:
        raise IllegalActionError(f"{seat!r} is not a seat: seats are numbered 0 to 3")
    return seat


def _check_start(dealer: object, rules: object, number: object, scores: object
                 ) -> tuple[Rules, int, int, tuple[int, int]]:
    """A deal's starting values checked (the parameters are loosely typed on purpose: they
    come from outside, and the compiled build would otherwise refuse a wrong type with a
    bare TypeError before this could name it)."""
    if rules is None:
        rules = Rules()
    elif not isinstance(rules, Rules):
        raise RulesError(f"the rules must be a Rules value, like Rules.preset('standard'), "
                         f"not {rules!r}")
    if type(dealer) is not int or not 0 <= dealer < 4:
        raise DealError(f"the dealer must be seat 0, 1, 2 or 3, not {dealer!r}")
    if type(number) is not int or number < 1:
        raise DealError(f"the deal number must be a whole number from 1, not {number!r}")
    g = rules.game_to
    if (not isinstance(scores, tuple) or len(scores) != 2
            or not all(type(x) is int and -g <= x <= g for x in scores)):
        raise DealError(f"the scores must be two whole numbers from -{g} to {g}, "
                        f"not {scores!r}")
    return rules, dealer, number, (int(scores[0]), int(scores[1]))


def _check_hands(first: object, second: object
                 ) -> tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]:
    if (isinstance(first, str) or isinstance(second, str)
            or not isinstance(first, Sequence) or not isinstance(second, Sequence)
            or len(first) != 4 or len(second) != 4):
        raise DealError("a deal needs four first hands and four second hands")
    f: list[int] = []
    s: list[int] = []
    seen = 0
    for hands, out in ((first, f), (second, s)):
        for seat, hand in enumerate(hands):
            if isinstance(hand, str) or not isinstance(hand, Sequence):
                raise DealError(f"seat {seat}'s hand must be a list of 4 cards, not {hand!r}")
            cards = [as_card(c) for c in hand]
            if len(cards) != 4:
                raise DealError(f"seat {seat} must get exactly 4 cards in each round, "
                                f"not {len(cards)}")
            m = 0
            for c in cards:
                bit = 1 << c.index
                if seen & bit:
                    raise DealError(f"{c} is dealt twice")
                seen |= bit
                m |= bit
            out.append(m)
    seventh = tuple(as_card(h[0]).index for h in second)
    return tuple(f), tuple(s), seventh


_BLANK: Final[list[list[str]]] = []
"""Passed as ``first`` (by identity), it makes ``Deal()`` an empty shell to be filled in:
the one way to make a Deal without dealing (mypyc has no ``Deal.__new__``)."""


def blank_deal() -> Deal:
    """A Deal with no state yet, for code that sets every field itself (clones, worlds)."""
    return Deal(_BLANK, _BLANK, scores=_BLANK)


class Deal:
    """The state of one deal.  Seats 0..3 in play order; teams {0, 2} and {1, 3}."""

    __slots__ = (
        "_log",
        "_log_n",
        "_outcome",
        "ask_rule",
        "asker",
        "asker_trumps",
        "bidder",
        "bids",
        "dealer",
        "first",
        "hands",
        "high_bid",
        "history",
        "last_point",
        "leader",
        "multiplier",
        "no_trump",
        "number",
        "pair_rule",
        "pair_seat",
        "pair_team",
        "passed",
        "phase_code",
        "played",
        "points0",
        "points1",
        "rules",
        "scores",
        "second",
        "seventh",
        "show_last",
        "shown",
        "shown_trick",
        "single",
        "single_offers",
        "sitting_out",
        "trick",
        "trick_no",
        "trump_card",
        "trump_suit",
        "turn",
        "won0",
        "won1",
        "won_since_shown",
    )

    rules: Rules
    dealer: int
    number: int
    scores: tuple[int, int]
    first: tuple[int, ...]
    second: tuple[int, ...]
    seventh: tuple[int, ...]
    phase_code: int
    turn: int
    hands: list[int]
    high_bid: int
    bidder: int
    passed: int
    bids: list[tuple[int, int]]
    trump_card: int
    trump_suit: int
    shown: bool
    shown_trick: int
    asker: int
    trick: list[int]
    leader: int
    trick_no: int
    points0: int
    points1: int
    """Card points taken by team 0 and team 1 (:attr:`points` gives both)."""
    won0: int
    won1: int
    """Tricks taken by team 0 and team 1 (:attr:`tricks_won` gives both)."""
    won_since_shown: int
    pair_team: int
    pair_seat: int
    played: int
    history: tuple[tuple[int, tuple[int, ...], int, int], ...]
    """The finished tricks: (leader, cards in play order, winner, points) each; a tuple,
    so that a clone shares it."""
    _log: list[int]
    _log_n: int
    """The action codes taken are ``_log[:_log_n]`` (:attr:`log`): a clone shares the list
    and copies it only when both append (see :meth:`step`)."""
    _outcome: DealOutcome | None
    no_trump: bool
    multiplier: int
    single: int
    single_offers: int
    sitting_out: int
    # The rules the play reads at every card, copied from ``rules`` as native fields (the
    # compiled engine reads these without a look-up in the Rules value).
    ask_rule: int
    """``rules.ask`` as ASK_OPTIONAL, ASK_COMPULSORY or ASK_AUTO."""
    asker_trumps: bool
    """``rules.asker_must_trump``."""
    pair_rule: bool
    """``rules.pair``."""
    last_point: bool
    """``rules.last_trick_point``."""
    show_last: bool
    """``rules.unshown_trump == "show_last"``."""

    # ----------------------------------------------------------------- creation
    def __init__(
        self,
        first: object,
        second: object,
        dealer: object = 0,
        rules: object = None,
        *,
        number: object = 1,
        scores: object = (0, 0),
    ) -> None:
        """Start a deal from explicit cards: ``first[seat]`` and ``second[seat]`` hold
        four cards each, in the order dealt (the first of the second four is the seventh
        card), each card a Card or its name; ``dealer`` a seat, ``rules`` a
        :class:`~twentynine.engine.rules.Rules` (the standard game by default), ``number``
        the deal's number in its game and ``scores`` the game score before it."""
        if first is _BLANK:
            return  # an empty shell that clone, from_rng or a world fills in (blank_deal)
        r, dl, n, sc = _check_start(dealer, rules, number, scores)
        f, s, seventh = _check_hands(first, second)
        self._setup(r, dl, f, s, n, sc, seventh)

    def _setup(self, rules: Rules, dealer: int, first: tuple[int, ...],
               second: tuple[int, ...], number: int, scores: tuple[int, int],
               seventh: tuple[int, ...] = (-1, -1, -1, -1)) -> None:
        self.set_rules(rules)
        self.dealer = dealer
        self.number = number
        self.scores = scores
        self.first = first
        self.second = second
        self.seventh = seventh
        self.phase_code = AUCTION
        self.turn = (dealer + 1) & 3
        self.hands = list(first)
        self.high_bid = 0
        self.bidder = -1
        self.passed = 0
        self.bids = []
        self.trump_card = -1
        self.trump_suit = -1
        self.shown = False
        self.shown_trick = -1
        self.asker = -1
        self.trick = []
        self.leader = (dealer + 1) & 3
        self.trick_no = 0
        self.points0 = self.points1 = 0
        self.won0 = self.won1 = 0
        self.won_since_shown = 0
        self.pair_team = -1
        self.pair_seat = -1
        self.played = 0
        self.history = ()
        self._log = []
        self._log_n = 0
        self._outcome = None
        self.no_trump = False
        self.multiplier = 1
        self.single = -1
        self.single_offers = 0
        self.sitting_out = -1

    def set_rules(self, rules: Rules) -> None:
        """Play under ``rules`` (the fields the play reads at every card are copied)."""
        self.rules = rules
        self.ask_rule = _ASK_CODES[rules.ask]
        self.asker_trumps = rules.asker_must_trump
        self.pair_rule = rules.pair
        self.last_point = rules.last_trick_point
        self.show_last = rules.unshown_trump == "show_last"

    @classmethod
    def from_seed(cls, seed: int, dealer: object = 0, rules: object = None, *,
                  number: object = 1, scores: object = (0, 0)) -> Deal:
        """Shuffle with ``seed`` and deal."""
        return cls.from_rng(random.Random(seed), dealer, rules, number=number, scores=scores)

    @classmethod
    def from_rng(cls, rng: random.Random, dealer: object = 0, rules: object = None, *,
                 number: object = 1, scores: object = (0, 0)) -> Deal:
        """Shuffle with ``rng`` and deal (the arguments as for :class:`Deal`)."""
        r, dl, n, sc = _check_start(dealer, rules, number, scores)
        pack = list(range(32))
        rng.shuffle(pack)
        first = tuple(cards_mask(pack[4 * s: 4 * s + 4]) for s in range(4))
        second = tuple(cards_mask(pack[16 + 4 * s: 20 + 4 * s]) for s in range(4))
        seventh = tuple(pack[16 + 4 * s] for s in range(4))
        d = blank_deal()
        d._setup(r, dl, first, second, n, sc, seventh)
        return d

    def opening_events(self) -> list[Event]:
        """The events of the deal's start: who deals and the first four cards."""
        evs: list[Event] = [DealStarted(self.number, self.dealer, self.scores)]
        for k in range(1, 5):
            seat = (self.dealer + k) & 3
            cards = tuple(CARDS[c] for c in mask_cards(self.first[seat]))
            evs.append(CardsDealt(seat, 1, 4, cards))
        return evs

    def clone(self) -> Deal:
        """An independent copy, cheaply (no deepcopy)."""
        d = Deal(_BLANK, _BLANK, scores=_BLANK)  # every default given: nothing to build
        d.rules = self.rules
        d.ask_rule = self.ask_rule
        d.asker_trumps = self.asker_trumps
        d.pair_rule = self.pair_rule
        d.last_point = self.last_point
        d.show_last = self.show_last
        d.dealer = self.dealer
        d.number = self.number
        d.scores = self.scores
        d.first = self.first
        d.second = self.second
        d.seventh = self.seventh
        d.phase_code = self.phase_code
        d.turn = self.turn
        d.hands = self.hands[:]
        d.high_bid = self.high_bid
        d.bidder = self.bidder
        d.passed = self.passed
        d.bids = self.bids[:] if self.phase_code == AUCTION else self.bids  # fixed after it
        d.trump_card = self.trump_card
        d.trump_suit = self.trump_suit
        d.shown = self.shown
        d.shown_trick = self.shown_trick
        d.asker = self.asker
        d.trick = self.trick[:]
        d.leader = self.leader
        d.trick_no = self.trick_no
        d.points0 = self.points0
        d.points1 = self.points1
        d.won0 = self.won0
        d.won1 = self.won1
        d.won_since_shown = self.won_since_shown
        d.pair_team = self.pair_team
        d.pair_seat = self.pair_seat
        d.played = self.played
        d.history = self.history
        d._log = self._log
        d._log_n = self._log_n
        d._outcome = self._outcome
        d.no_trump = self.no_trump
        d.multiplier = self.multiplier
        d.single = self.single
        d.single_offers = self.single_offers
        d.sitting_out = self.sitting_out
        return d

    # ----------------------------------------------------------------- queries
    @property
    def outcome(self) -> DealOutcome | None:
        """How the deal ended (None while it runs).  The fast path (:meth:`step` without
        events) only marks the deal over; the outcome is scored when first asked for."""
        if self._outcome is None and self.phase_code == DEAL_OVER:
            self._outcome = self._score()
        return self._outcome

    @outcome.setter
    def outcome(self, value: DealOutcome | None) -> None:
        self._outcome = value

    def game_change(self) -> tuple[int, int]:
        """The change in each team's game score of this finished deal: the outcome's
        ``game_points``, without building the outcome (what the bots' rollouts read)."""
        out = self._outcome
        if out is not None:
            return out.game_points
        if self.single >= 0:
            return single_hand_change(self.single, (self.won0, self.won1))
        pt = None if self.pair_team < 0 else self.pair_team
        return contract_change(self.rules, self.bidder, self.high_bid, pt,
                               self.points1 if self.bidder & 1 else self.points0, self.shown,
                               self.multiplier)

    @property
    def points(self) -> tuple[int, int]:
        """Card points taken so far by team 0 and team 1."""
        return (self.points0, self.points1)

    @points.setter
    def points(self, value: Sequence[int]) -> None:
        self.points0, self.points1 = value[0], value[1]

    @property
    def tricks_won(self) -> tuple[int, int]:
        """Tricks taken so far by team 0 and team 1."""
        return (self.won0, self.won1)

    @tricks_won.setter
    def tricks_won(self, value: Sequence[int]) -> None:
        self.won0, self.won1 = value[0], value[1]

    @property
    def log(self) -> list[int]:
        """The codes of the actions taken so far, in order (a copy)."""
        return self._log[:self._log_n]

    @log.setter
    def log(self, codes: Sequence[int]) -> None:
        self._log = list(codes)
        self._log_n = len(self._log)

    @property
    def phase(self) -> Phase:
        """Auction, trump choice, play or deal over."""
        return _PHASES[self.phase_code]

    @property
    def is_over(self) -> bool:
        """True once the deal has been scored."""
        return self.phase_code == DEAL_OVER

    def hand(self, seat: object) -> tuple[Card, ...]:
        """The cards ``seat`` holds (not counting a face-down trump card)."""
        return tuple(CARDS[c] for c in mask_cards(self.hands[check_seat(seat)]))

    @property
    def target(self) -> int:
        """The points the bidding team needs now (after any pair)."""
        if self.bidder < 0:
            return 0
        pt = None if self.pair_team < 0 else self.pair_team
        return pair_target(self.rules, self.high_bid, self.bidder & 1, pt)

    def legal_codes(self) -> list[int]:
        """Codes of the legal actions of the seat to move."""
        ph = self.phase_code
        if ph == PLAY:
            return play.legal_codes(self)
        if ph == AUCTION:
            return auction.legal_codes(self)
        if ph == DEAL_OVER:
            return []
        return contract.legal_codes(self)

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take now."""
        return [ACTIONS[c] for c in self.legal_codes()]

    def is_legal(self, action: Action) -> bool:
        """Whether ``action`` is legal now."""
        return action.code in self.legal_codes()

    # ----------------------------------------------------------------- actions
    def apply(self, action: object, seat: object = None) -> list[Event]:
        """Take ``action`` for the seat to move (checked against ``seat`` if given) and
        return the events it caused; ``action`` is an :class:`Action` or its text.  An
        illegal action raises :class:`IllegalActionError` and changes nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action: pass an Action, like "
                                     "Action.make_bid(17), or its text, like 'bid 17'")
        if seat is not None:
            who = check_seat(seat)
            if who != self.turn and self.phase_code != DEAL_OVER:
                raise IllegalActionError(
                    f"it is not your turn: {SEAT_WORDS[self.turn]} is to move, "
                    f"not {SEAT_WORDS[who]}")
        code = action.code
        if code not in self.legal_codes():
            raise IllegalActionError(self.explain(action))
        events: list[Event] = []
        self.step(code, events)
        return events

    def explain(self, action: Action) -> str:
        """Why ``action`` is illegal now, in a player's words."""
        ph = self.phase_code
        if ph == DEAL_OVER:
            return "the deal is over"
        if action.code == NEXT_DEAL_CODE:
            return "the deal is not over yet"
        if ph == AUCTION:
            return auction.explain(self, action)
        if ph == PLAY:
            return play.explain(self, action)
        return contract.explain(self, action.code)

    def step(self, code: int, events: list[Event] | None = None) -> None:
        """Apply a legal action code without checking it (the fast path)."""
        log = self._log
        n = self._log_n
        if len(log) != n:  # a clone (or the deal it was cloned from) appended first
            log = self._log = log[:n]
        log.append(code)
        self._log_n = n + 1
        ph = self.phase_code
        if ph == PLAY:
            if code < TRUMP_CARD_BASE:
                play.play_card(self, code - PLAY_BASE, events)
                if self.trick_no == 8 or (self.single >= 0 and
                                          (self.won0 if self.single & 1 else self.won1)):
                    self._finish(events)
            elif code == SHOW_CODE:
                play.show_trump(self, self.turn, events)
            else:  # PAIR_CODE
                play.declare_pair(self, events)
        elif ph == AUCTION:
            auction.step(self, code, events)
            if self.phase_code == TRUMP:
                contract.after_auction(self, events)
        else:
            contract.step(self, code, events)

    def playout(self, seed: int) -> int:
        """Play uniformly random legal actions to the end of the deal (the bots' rollouts).

        The choices come from a small xorshift generator inlined here and seeded with
        ``seed`` (any int): no Python-level call per step, which the compiled engine would
        otherwise pay for.  Returns the generator's last state, a seed for the next playout.
        """
        x = seed & 0xFFFFFFFF or 0x9E3779B9
        while self.phase_code != DEAL_OVER:
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            # the choice is (x * n) >> 32, computed in two 16-bit halves: the compiled
            # engine multiplies natively only below 2**30, and x runs to 2**32
            hi = x >> 16
            lo = x & 0xFFFF
            if self.phase_code == PLAY:  # the legal_codes order, without building the list
                bits = play.legal_bits(self)
                cards = bits & 0xFFFFFFFF
                n_cards = POP16[cards & 0xFFFF] + POP16[cards >> 16]
                n = n_cards + (bits > 0xFFFFFFFF)
                k = (hi * n + ((lo * n) >> 16)) >> 16
                if k < n_cards:
                    self.step(nth_card(cards, k))
                else:
                    self.step(SHOW_CODE if bits & play.SHOW_BIT else PAIR_CODE)
            else:
                codes = self.legal_codes()
                n = len(codes)
                self.step(codes[(hi * n + ((lo * n) >> 16)) >> 16])
        return x

    def _finish(self, events: list[Event] | None) -> None:
        if events is None:  # the fast path: scored when the outcome is asked for
            self.phase_code = DEAL_OVER
        else:
            self._end(self._score(), events)

    def _score(self) -> DealOutcome:
        """The outcome of the finished play."""
        pts = (self.points0, self.points1)
        tricks = (self.won0, self.won1)
        if self.single >= 0:
            return score_single_hand(self.bidder, self.high_bid, self.single, pts, tricks)
        pt = None if self.pair_team < 0 else self.pair_team
        return score_deal(self.rules, self.bidder, self.high_bid, pt, pts, tricks,
                          self.shown, self.multiplier)

    def _end(self, out: DealOutcome, events: list[Event] | None) -> None:
        self._outcome = out
        self.phase_code = DEAL_OVER
        if events is not None:
            events.append(DealScored(out, self.after_scores()))

    def throw_in(self, seat: int, reason: str, events: list[Event] | None) -> None:
        """End the deal at once with nobody scoring (a redeal)."""
        if events is not None:
            events.append(ThrownIn(seat, reason))
        self._end(thrown_in(self.bidder, self.high_bid, reason), events)

    def trick_seats(self, leader: int) -> tuple[int, ...]:
        """The seats in the order they play to a trick led by ``leader``."""
        seats = tuple((leader + i) & 3 for i in range(4))
        if self.sitting_out >= 0:
            return tuple(s for s in seats if s != self.sitting_out)
        return seats

    # ----------------------------------------------------------------- helpers
    def after_scores(self) -> tuple[int, int]:
        """The game score after this deal (the score before it while it runs)."""
        out = self.outcome
        if out is None:
            return self.scores
        g = out.game_points
        return clamp_scores(self.rules, (self.scores[0] + g[0], self.scores[1] + g[1]))

    def view(self, seat: object) -> SeatView:
        """What ``seat`` may know, as a frozen copy."""
        from .views import make_view

        return make_view(self, check_seat(seat))

    @property
    def actions(self) -> list[Action]:
        """Every action taken in this deal so far."""
        return [ACTIONS[c] for c in self._log[:self._log_n]]

    def __repr__(self) -> str:
        return (f"<Deal {self.number} dealer={self.dealer} phase={self.phase.value} "
                f"turn={self.turn}>")
