"""One deal of Twenty-Five as a fast state machine: hands as 52-bit masks, moves as codes.

This is the hot path that random playouts and the search bots run (compiled with mypyc in
the installed package).  It knows ints only: a card is ``0 .. 51`` (:mod:`.pack`), a hand a
mask, a move a code (:mod:`.moves`).  :class:`Round` takes a legal code without checking it
(:meth:`Round.step`); the checked game, with events, views and errors in a player's words,
is :class:`~twentynine.twentyfive.race.Race`, which runs every move through here.

The deal ends after the fifth trick, or at once when a side's score reaches the target
(the race is then won, even in the middle of the deal).

>>> from twentynine.twentyfive.pack import mask_of, parse_cards
>>> hands = [mask_of(parse_cards(h)) for h in ("AS 2S 3S 4S 5S", "6H 7H 8H 9H TH",
...                                            "JS QS KS 2D 3D", "AC 2C 3C 4C 5C")]
>>> r = Round(4, [0, 1, 2, 3], 25, True, True, 3, 34)  # the 9♦ turned: diamonds are trump
>>> r.start(hands, [0, 0, 0, 0])
>>> r.turn, r.trump, r.rob_seat  # the A♦ is in the stock: nobody may rob
(0, 2, -1)
>>> r.step(0)  # the A♠ led
>>> r.legal_codes()  # seat 1 holds no spade and no trump: any card
[18, 19, 20, 21, 22]
>>> r.step(18); r.legal_codes()  # seat 2: a spade or a trump
[10, 11, 12, 27, 28]
"""

from __future__ import annotations

from typing import Final

from .pack import ace_table, hold_back_table, power_table, suit_mask_table, suit_table

PLAYING: Final = 0
"""A card (or a rob) is awaited."""
DEAL_DONE: Final = 1
"""The five tricks are played and no side reached the target."""
RACE_WON: Final = 2
"""A side reached the target: the game is over (:attr:`Round.winner`)."""

TRICKS: Final = 5
"""Tricks in a deal (five cards each)."""
TRICK_POINTS: Final = 5
ROB_BASE: Final = 52
"""Move codes ``52 + c``: rob, laying down card ``c``."""
NEXT_DEAL_CODE: Final = 104
"""The move between deals (played by the game, never by a :class:`Round`)."""

_POWER: Final = power_table()
_SUIT: Final = suit_table()
_SUIT_MASK: Final = suit_mask_table()
_HOLD_BACK: Final = hold_back_table()
_ACE: Final = ace_table()
_FULL: Final = (1 << 52) - 1


def count_bits(mask: int) -> int:
    """How many cards ``mask`` holds."""
    n = 0
    while mask:
        mask &= mask - 1
        n += 1
    return n


def nth_card(mask: int, k: int) -> int:
    """The ``k``-th lowest card of ``mask`` (from 0)."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


def card_list(mask: int) -> list[int]:
    """The cards of ``mask``, lowest first."""
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


class Round:
    """One deal: who holds what, the trick on the table, the tricks won, the race's scores.

    Build with the table's setup, then :meth:`start` with the dealt hands (masks) and the
    sides' scores so far.  Fields are public for reading (views, bots' worlds); change the
    state only through :meth:`step`."""

    def __init__(self, players: int, sides: list[int], target: int, rob: bool,
                 renege: bool, dealer: int, turned: int) -> None:
        self.players = players
        self.sides = sides
        """Each seat's side (shared, never changed)."""
        self.target = target
        self.rob = rob
        self.renege = renege
        self.dealer = dealer
        self.turned = turned
        """The card turned up from the stock: its suit is trump."""
        self.trump = turned // 13
        self.dealt = 0
        """Every card dealt to a hand (a mask): with the turned card, the rest is stock."""
        self.hands: list[int] = []
        self.scores: list[int] = []
        """Each side's score in the race, this deal's tricks included."""
        self.won: list[int] = []
        """Tricks each seat has won in this deal."""
        self.trick: list[int] = []
        """The cards of the trick on the table, in play order from :attr:`leader`."""
        self.played: list[int] = []
        """Every card played in this deal, in order (trick after trick)."""
        self.winners: list[int] = []
        """The winner of each finished trick of this deal."""
        self.leader = 0
        self.turn = 0
        self.trick_no = 0
        """Finished tricks in this deal."""
        self.led_suit = -1
        self.best_seat = -1
        self.best_power = 0
        self.state = PLAYING
        self.winner = -1
        """The side that reached the target (the race is over), or -1."""
        self.robber = -1
        """The seat that robbed the turned card, or -1."""
        self.laid = -1
        """The card the robber laid down (hidden from every other seat), or -1."""
        self.rob_seat = -1
        """The seat that may still rob (on its turn in the first trick), or -1."""

    def start(self, hands: list[int], scores: list[int]) -> None:
        """Deal ``hands`` (one mask a seat) with the sides' ``scores`` so far; the player
        after the dealer leads."""
        self.hands = hands[:]
        dealt = 0
        for h in hands:
            dealt |= h
        self.dealt = dealt
        self.scores = scores[:]
        self.won = [0] * self.players
        self.trick = []
        self.played = []
        self.winners = []
        self.leader = self.turn = (self.dealer + 1) % self.players
        self.trick_no = 0
        self.state = PLAYING
        self.winner = -1
        self.robber = -1
        self.laid = -1
        self.rob_seat = self.robbing_seat() if self.rob else -1

    def robbing_seat(self) -> int:
        """The seat entitled to rob: the holder of the ace of trumps, or the dealer when
        the ace is the turned card; -1 when the ace is in the stock."""
        ace = _ACE[self.trump]
        if ace == self.turned:
            return self.dealer
        bit = 1 << ace
        for s in range(self.players):
            if self.hands[s] & bit:
                return s
        return -1

    def clone(self) -> Round:
        """An independent copy (cheap: lists copied, nothing deep)."""
        r = Round(self.players, self.sides, self.target, self.rob, self.renege,
                  self.dealer, self.turned)
        r.dealt = self.dealt
        r.hands = self.hands[:]
        r.scores = self.scores[:]
        r.won = self.won[:]
        r.trick = self.trick[:]
        r.played = self.played[:]
        r.winners = self.winners[:]
        r.leader = self.leader
        r.turn = self.turn
        r.trick_no = self.trick_no
        r.led_suit = self.led_suit
        r.best_seat = self.best_seat
        r.best_power = self.best_power
        r.state = self.state
        r.winner = self.winner
        r.robber = self.robber
        r.laid = self.laid
        r.rob_seat = self.rob_seat
        return r

    # ----------------------------------------------------------------- queries
    def stock(self) -> int:
        """The cards never dealt nor turned (face down all deal), as a mask."""
        return _FULL & ~self.dealt & ~(1 << self.turned)

    def is_trump(self, card: int) -> bool:
        """Whether ``card`` is a trump in this deal."""
        return _SUIT[self.trump * 52 + card] == self.trump

    def power(self, card: int) -> int:
        """``card``'s strength in a trick of this deal (trumps above 100)."""
        return _POWER[self.trump * 52 + card]

    def suit_cards(self, suit: int) -> int:
        """The mask of the cards that play as ``suit`` in this deal (the trump suit holds
        the A♥)."""
        return _SUIT_MASK[self.trump * 4 + suit]

    def hold_back(self, led: int) -> int:
        """The top trumps that may be held back when ``led`` is led (none with reneging
        off, or when ``led`` is no trump)."""
        return _HOLD_BACK[self.trump * 52 + led] if self.renege else 0

    def can_rob(self) -> bool:
        """Whether the seat to move may rob now."""
        return self.rob_seat == self.turn and self.state == PLAYING

    def legal_bits(self) -> int:
        """The cards the seat to move may play, as a mask (0 once the deal is over)."""
        if self.state != PLAYING:
            return 0
        hand = self.hands[self.turn]
        if not self.trick:
            return hand
        t = self.trump
        trumps = hand & _SUIT_MASK[t * 5]
        if self.led_suit == t:
            if trumps == 0:
                return hand
            if self.renege and trumps & ~_HOLD_BACK[t * 52 + self.trick[0]] == 0:
                return hand  # only top trumps above the card led: they may be held back
            return trumps
        follow = hand & _SUIT_MASK[t * 4 + self.led_suit]
        if follow:
            return follow | trumps
        return hand

    def legal_codes(self) -> list[int]:
        """The legal move codes: the cards (lowest first), then the robs (if any)."""
        out = card_list(self.legal_bits())
        if self.can_rob():
            for c in card_list(self.hands[self.turn]):
                out.append(ROB_BASE + c)
        return out

    # ----------------------------------------------------------------- moves
    def step(self, code: int) -> None:
        """Take the legal move ``code`` (unchecked: ask :meth:`legal_codes` first)."""
        seat = self.turn
        if code >= ROB_BASE:
            lay = code - ROB_BASE
            self.hands[seat] = (self.hands[seat] & ~(1 << lay)) | (1 << self.turned)
            self.laid = lay
            self.robber = seat
            self.rob_seat = -1
            return
        self.hands[seat] &= ~(1 << code)
        if seat == self.rob_seat:
            self.rob_seat = -1  # played without robbing: the chance is gone
        t = self.trump
        i = t * 52 + code
        if not self.trick:
            self.led_suit = _SUIT[i]
            self.best_power = _POWER[i]
            self.best_seat = seat
        else:
            s = _SUIT[i]
            if s == self.led_suit or s == t:
                p = _POWER[i]
                if p > self.best_power:
                    self.best_power = p
                    self.best_seat = seat
        self.trick.append(code)
        self.played.append(code)
        if len(self.trick) < self.players:
            nxt = seat + 1
            self.turn = 0 if nxt == self.players else nxt
            return
        w = self.best_seat
        self.won[w] += 1
        self.winners.append(w)
        side = self.sides[w]
        score = self.scores[side] + TRICK_POINTS
        self.scores[side] = score
        self.trick = []
        self.trick_no += 1
        self.leader = w
        self.turn = w
        if score >= self.target:
            self.state = RACE_WON
            self.winner = side
        elif self.trick_no == TRICKS:
            self.state = DEAL_DONE

    def playout(self, seed: int) -> int:
        """Play uniformly random legal moves (robs included) to the end of the deal.

        The choices come from a 32-bit xorshift generator seeded with ``seed`` (any int),
        kept in locals: no Python-level call per move.  Returns the generator's last state,
        a seed for the next playout."""
        x = seed & 0xFFFFFFFF
        if x == 0:
            x = 0x2545F491
        while self.state == PLAYING:
            x ^= (x << 13) & 0xFFFFFFFF
            x ^= x >> 17
            x ^= (x << 5) & 0xFFFFFFFF
            bits = self.legal_bits()
            n = count_bits(bits)
            robs = 0
            hand = 0
            if self.rob_seat == self.turn:
                hand = self.hands[self.turn]
                robs = count_bits(hand)
            k = (x >> 3) % (n + robs)
            if k < n:
                self.step(nth_card(bits, k))
            else:
                self.step(ROB_BASE + nth_card(hand, k - n))
        return x
