"""A whole game of Twenty-Five: deal after deal until a side reaches the target.

:class:`Race` is the checked game: :meth:`Race.legal_actions`, :meth:`Race.apply` (a move,
returning the events it caused; an illegal move raises :class:`IllegalMoveError` naming
the rule and changes nothing) and :meth:`Race.view` (what one seat may know).  Each deal
runs on a :class:`~.round_state.Round` (the fast state machine the bots' playouts use).

>>> g = Race(seed=3)
>>> g.stage.value, g.scores, g.turn
('play', (0, 0, 0, 0), 0)
>>> while not g.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> max(g.scores) >= 25, g.winner == g.scores.index(max(g.scores))
(True, True)
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .happenings import (
    CardPlayed,
    CardsDealt,
    DealOver,
    DealStarted,
    Event,
    RaceWon,
    Robbed,
    TrickWon,
    TrumpTurned,
)
from .house_rules import HouseRules
from .moves import MOVES, Move, MoveError
from .pack import CARDS, N_CARDS, Card, cards_in
from .refusals import why_not
from .round_state import DEAL_DONE, NEXT_DEAL_CODE, PLAYING, RACE_WON, ROB_BASE, Round
from .seat_view import PlayerView, Stage, TrickDone

HAND_SIZE = 5

DealtCards = tuple[tuple[int, ...], int]
"""One deal's cards: each seat's hand (a mask), and the turned card."""


class IllegalMoveError(ValueError):
    """A move the rules do not allow now; the message names the rule in a player's words."""


class RaceError(ValueError):
    """A game that cannot be set up (a bad seed, first dealer or dealt cards)."""


def deal_cards(rng: random.Random, players: int, dealer: int) -> DealtCards:
    """Shuffle the pack and deal five cards each, clockwise from the player after the
    dealer (a batch of two each, then three each), then turn up the next card."""
    pack = list(range(N_CARDS))
    rng.shuffle(pack)
    hands = [0] * players
    i = 0
    for batch in (2, 3):
        for k in range(1, players + 1):
            seat = (dealer + k) % players
            for _ in range(batch):
                hands[seat] |= 1 << pack[i]
                i += 1
    return tuple(hands), pack[i]


def check_dealt(cards: object, players: int) -> DealtCards:
    """``cards`` if it is one deal's cards for ``players`` seats (five distinct cards a
    hand, the turned card none of them), else :class:`RaceError`."""
    if not (isinstance(cards, tuple) and len(cards) == 2 and isinstance(cards[0], tuple)
            and len(cards[0]) == players and type(cards[1]) is int
            and 0 <= cards[1] < N_CARDS):
        raise RaceError(f"a deal's cards are {players} hands and a turned card")
    hands, turned = cards
    seen = 1 << turned
    for h in hands:
        if type(h) is not int or not 0 <= h < 1 << N_CARDS or h.bit_count() != HAND_SIZE:
            raise RaceError(f"every hand is dealt {HAND_SIZE} cards")
        if h & seen:
            raise RaceError("a card was dealt twice (or dealt and turned up)")
        seen |= h
    return hands, turned


def check_seat(seat: object, players: int) -> int:
    """``seat`` if it is a seat at this table."""
    if type(seat) is not int or not 0 <= seat < players:
        raise IllegalMoveError(f"{seat!r} is not a seat: seats run from 0 to {players - 1}")
    return seat


class Race:
    """A game of Twenty-Five, dealt from ``seed`` (the same seed deals the same cards), or
    with ``secret=True`` from the operating system's randomness; either way the cards of
    every deal so far are kept (:attr:`dealt`), and ``preset`` deals them again (a
    record's replay).  ``first_dealer`` defaults to the last seat, so seat 0 leads first.
    """

    def __init__(self, seed: int = 0, rules: HouseRules | None = None,
                 first_dealer: int | None = None, *, secret: bool = False,
                 preset: Sequence[DealtCards] = ()) -> None:
        if type(seed) is not int:
            raise RaceError(f"the seed must be a whole number, not {seed!r}")
        self.rules = HouseRules() if rules is None else rules
        if not isinstance(self.rules, HouseRules):
            raise RaceError(f"the rules must be HouseRules, not {type(rules).__name__}")
        n = self.rules.players
        if first_dealer is None:
            first_dealer = n - 1
        if type(first_dealer) is not int or not 0 <= first_dealer < n:
            raise RaceError(f"the first dealer must be a seat from 0 to {n - 1}, "
                            f"not {first_dealer!r}")
        self.secret = secret
        self.seed = 0 if secret else seed
        self.first_dealer = first_dealer
        self._rng: random.Random = random.SystemRandom() if secret else random.Random(seed)
        self._preset = [check_dealt(p, n) for p in preset]
        self._sides = self.rules.side_list()
        self.dealt: list[DealtCards] = []
        """Every deal's cards so far, as dealt."""
        self.moves: list[Move] = []
        """Every move of the game, in order."""
        self.winner: int | None = None
        """The side that reached the target."""
        self.number = 0
        self.round = self._new_round(first_dealer, [0] * self.rules.sides)

    def _new_round(self, dealer: int, scores: list[int]) -> Round:
        self.number += 1
        n = self.rules.players
        if self.number <= len(self._preset):
            cards = self._preset[self.number - 1]
        else:
            cards = deal_cards(self._rng, n, dealer)
        self.dealt.append(cards)
        r = Round(n, self._sides, self.rules.target, self.rules.rob, self.rules.renege,
                  dealer, cards[1])
        r.start(list(cards[0]), scores)
        return r

    # ----------------------------------------------------------------- queries
    @property
    def stage(self) -> Stage:
        """Play, between deals, or over."""
        if self.winner is not None:
            return Stage.GAME_OVER
        return Stage.PLAY if self.round.state == PLAYING else Stage.DEAL_OVER

    @property
    def is_over(self) -> bool:
        """True once a side has reached the target."""
        return self.winner is not None

    @property
    def dealer(self) -> int:
        """The current deal's dealer."""
        return self.round.dealer

    @property
    def turn(self) -> int | None:
        """The seat to move: between deals the next dealer; None once the game is over."""
        if self.winner is not None:
            return None
        if self.round.state == DEAL_DONE:
            return (self.round.dealer + 1) % self.rules.players
        return self.round.turn

    @property
    def scores(self) -> tuple[int, ...]:
        """Each side's score (a side is a seat, or a team: :meth:`HouseRules.side_of`)."""
        return tuple(self.round.scores)

    def hand(self, seat: int) -> tuple[Card, ...]:
        """``seat``'s cards now (the whole truth: for tests and records, never a player)."""
        return tuple(cards_in(self.round.hands[check_seat(seat, self.rules.players)]))

    def legal_codes(self) -> list[int]:
        """Codes of the legal moves now."""
        if self.winner is not None:
            return []
        if self.round.state == DEAL_DONE:
            return [NEXT_DEAL_CODE]
        return self.round.legal_codes()

    def legal_actions(self) -> list[Move]:
        """The moves the seat to move may make now: cards, then robs, or the next deal."""
        return [MOVES[c] for c in self.legal_codes()]

    def explain(self, move: Move) -> str:
        """Why ``move`` is not allowed now, in a player's words (``""`` if it is)."""
        if self.winner is not None:
            return "the game is over"
        if self.round.state == DEAL_DONE:
            return "" if move.code == NEXT_DEAL_CODE else \
                "the deal is over: start the next deal"
        if move.code == NEXT_DEAL_CODE:
            return "the deal is not over yet"
        return why_not(self.round, move.code)

    # ----------------------------------------------------------------- moves
    def apply(self, move: Move | str, seat: int | None = None) -> list[Event]:
        """Make ``move`` (a :class:`Move` or its text) for the seat to move (``seat``, if
        given, must be that seat) and return the events it caused, with every card in
        them (filter with :func:`~.happenings.event_for_seat`)."""
        if isinstance(move, str):
            try:
                move = Move.parse(move)
            except MoveError as exc:
                raise IllegalMoveError(str(exc)) from None
        elif not isinstance(move, Move):
            raise IllegalMoveError(f"{move!r} is not a move: pass a Move, like "
                                   "Move.play('9D'), or its text, like 'play 9D'")
        if seat is not None:
            check_seat(seat, self.rules.players)
            if seat != self.turn:
                whose = "nobody's (the game is over)" if self.turn is None else \
                    f"seat {self.turn}'s"
                raise IllegalMoveError(f"it is {whose} turn, not seat {seat}'s")
        reason = self.explain(move)
        if reason:
            raise IllegalMoveError(reason)
        self.moves.append(move)
        events: list[Event] = []
        if move.code == NEXT_DEAL_CODE:
            r = self.round
            self.round = self._new_round((r.dealer + 1) % self.rules.players, r.scores)
            events += self.opening_events()
            return events
        r = self.round
        mover = r.turn
        if move.code >= ROB_BASE:
            r.step(move.code)
            events.append(Robbed(mover, CARDS[r.turned], CARDS[move.code - ROB_BASE]))
            return events
        leader = r.leader
        tricks = r.trick_no
        r.step(move.code)
        events.append(CardPlayed(mover, CARDS[move.code]))
        if r.trick_no > tricks:
            n = self.rules.players
            done = tuple(((leader + k) % n, CARDS[c]) for k, c in enumerate(r.played[-n:]))
            events.append(TrickWon(r.trick_no, r.leader, self._sides[r.leader], done,
                                   tuple(r.scores)))
        if r.state == RACE_WON:
            self.winner = r.winner
            events.append(RaceWon(r.winner, self.rules.team(r.winner), tuple(r.scores),
                                  self.number, r.trick_no))
        elif r.state == DEAL_DONE:
            events.append(DealOver(self.number, tuple(r.won), tuple(r.scores)))
        return events

    def opening_events(self) -> list[Event]:
        """The events of the current deal's start: the deal, the cards, the turned card."""
        r = self.round
        n = self.rules.players
        out: list[Event] = [DealStarted(self.number, r.dealer, tuple(r.scores))]
        for k in range(1, n + 1):
            seat = (r.dealer + k) % n
            out.append(CardsDealt(seat, tuple(cards_in(self.dealt[-1][0][seat]))))
        out.append(TrumpTurned(CARDS[r.turned], r.trump))
        return out

    # ----------------------------------------------------------------- views
    def view(self, seat: int) -> PlayerView:
        """What ``seat`` may know now (:class:`~.seat_view.PlayerView`)."""
        seat = check_seat(seat, self.rules.players)
        r = self.round
        n = self.rules.players
        tricks = []
        leader = (r.dealer + 1) % n
        for i, w in enumerate(r.winners):
            cards = r.played[i * n:(i + 1) * n]
            tricks.append(TrickDone(leader, tuple(
                ((leader + k) % n, CARDS[c]) for k, c in enumerate(cards)), w))
            leader = w
        on_table = tuple(((r.leader + k) % n, CARDS[c]) for k, c in enumerate(r.trick))
        mine = self.turn == seat
        return PlayerView(
            seat=seat,
            rules=self.rules,
            number=self.number,
            dealer=r.dealer,
            stage=self.stage,
            turn=self.turn,
            hand=tuple(cards_in(r.hands[seat])),
            hand_sizes=tuple(h.bit_count() for h in r.hands),
            turned=CARDS[r.turned],
            trump=r.trump,
            robber=r.robber if r.robber >= 0 else None,
            laid_down=CARDS[r.laid] if r.robber == seat else None,
            leader=r.leader,
            trick=on_table,
            tricks=tuple(tricks),
            tricks_won=tuple(r.won),
            scores=tuple(r.scores),
            winner=self.winner,
            legal_actions=tuple(self.legal_actions()) if mine else (),
        )

    def clone(self) -> Race:
        """An independent copy of the game (its generator included: the same deals)."""
        g = Race.__new__(Race)
        g.__dict__.update(self.__dict__)
        if not self.secret:  # a secret game's deals come from the system: nothing to copy
            g._rng = random.Random()
            g._rng.setstate(self._rng.getstate())
        g._preset = self._preset[:]
        g.dealt = self.dealt[:]
        g.moves = self.moves[:]
        g.round = self.round.clone()
        return g

    def __repr__(self) -> str:
        return (f"<Race deal {self.number}, {self.stage.value}, scores {self.scores}, "
                f"{len(self.moves)} moves>")

