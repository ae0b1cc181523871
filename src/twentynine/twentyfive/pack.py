"""Twenty-Five's pack: 52 cards as small ints, their names, and how they rank.

A card is an int from 0 to 51: ``suit * 13 + rank``, the suit as in
:mod:`twentynine.common.suits` (0 spades, 1 hearts, 2 diamonds, 3 clubs) and the rank an
index into :data:`RANKS` (0 the ace, 1 the two, ... 9 the ten, 10 the jack, 11 the queen,
12 the king).  A set of cards (a hand) is an int with bit ``c`` set for card ``c``.  At the
API's edge a card is a :class:`Card`, an int that prints as the player reads it.

How a card ranks depends on the trump suit: the five and the jack of trumps are the two
best cards, the ace of hearts is always the third trump (never a heart), and a suit's low
cards run the other way in black suits ("highest in red, lowest in black").

>>> c = parse_card("9♦")
>>> c, int(c), c.name, str(c)
(Card('9♦'), 34, '9D', '9♦')
>>> [str(x) for x in trump_order(0)][:7]
['5♠', 'J♠', 'A♥', 'A♠', 'K♠', 'Q♠', '2♠']
>>> [str(x) for x in plain_order(1, 2)][-3:]
['3♦', '2♦', 'A♦']
>>> is_trump(2, ACE_OF_HEARTS), effective_suit(2, ACE_OF_HEARTS)
(True, 2)
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from ..common.suits import SUIT_SYMBOLS, SUITS, SuitError, is_red, parse_suit

RANKS: Final = "A23456789TJQK"
"""Rank letters by rank index (T is the ten)."""
RANK_LABELS: Final = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
"""Ranks as a player reads them."""
RANK_WORDS: Final = ("ace", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                     "ten", "jack", "queen", "king")

ACE, FIVE, TEN, JACK, QUEEN, KING = 0, 4, 9, 10, 11, 12
HEARTS: Final = 1
ACE_OF_HEARTS: Final = HEARTS * 13 + ACE
"""The A♥ (card 13): always a trump, the third best."""
FULL_PACK: Final = (1 << 52) - 1
"""The mask of all 52 cards."""
N_CARDS: Final = 52


class CardError(ValueError):
    """Text that is not a card."""


def card_of(suit: int, rank: int) -> int:
    """The card of ``suit`` and rank index ``rank``."""
    return suit * 13 + rank


def suit_of(card: int) -> int:
    """The printed suit of ``card`` (the A♥ is printed a heart, though it plays a trump)."""
    return card // 13


def rank_of(card: int) -> int:
    """The rank index of ``card`` (0 the ace ... 12 the king)."""
    return card % 13


class Card(int):
    """One card: an int from 0 to 51 that prints as ``9♦``; build with :func:`parse_card`
    or index :data:`CARDS`."""

    __slots__ = ()

    def __new__(cls, value: int) -> Card:
        if type(value) is not int and not isinstance(value, Card):
            raise CardError(f"{value!r} is not a card number: cards run from 0 to 51")
        if not 0 <= value < N_CARDS:
            raise CardError(f"{value!r} is not a card number: cards run from 0 to 51")
        return super().__new__(cls, value)

    @property
    def suit(self) -> int:
        """The printed suit (see :func:`effective_suit` for the suit it plays as)."""
        return int(self) // 13

    @property
    def rank(self) -> int:
        """The rank index (0 the ace ... 12 the king)."""
        return int(self) % 13

    @property
    def name(self) -> str:
        """The plain-text name, as records write it: ``9D``, ``10H``, ``AS``."""
        return RANK_LABELS[self.rank] + SUITS[self.suit]

    @property
    def label(self) -> str:
        """As a player reads it: ``9♦``, ``10♥``, ``A♠``."""
        return RANK_LABELS[self.rank] + SUIT_SYMBOLS[self.suit]

    def __str__(self) -> str:
        return self.label

    def __repr__(self) -> str:
        return f"Card({self.label!r})"


CARDS: Final = tuple(Card(i) for i in range(N_CARDS))
"""The 52 cards, by number."""


def parse_card(text: object) -> Card:
    """Read a card: a rank (``A``, ``2`` to ``10`` or ``T``, ``J``, ``Q``, ``K``) then a suit
    (a letter, a symbol or a name); a :class:`Card` or a card number is taken as it is.

    >>> parse_card("10h"), parse_card("TH"), parse_card("A♥"), parse_card("5 of clubs")
    (Card('10♥'), Card('10♥'), Card('A♥'), Card('5♣'))
    """
    if isinstance(text, Card):
        return text
    if type(text) is int:
        return Card(text)
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a card: write a rank and a suit, like 10H or 5♦")
    t = text.strip()
    low = t.lower()
    rank_text, _, suit_text = low.partition(" of ")
    if not suit_text:
        cut = 2 if low.startswith("10") else 1
        rank_text, suit_text = low[:cut], t[cut:]
    rank_text = rank_text.strip().upper()
    if rank_text == "10":
        rank_text = "T"
    word = rank_text.lower()
    if word in RANK_WORDS:
        rank = RANK_WORDS.index(word)
    elif len(rank_text) == 1 and rank_text in RANKS:
        rank = RANKS.index(rank_text)
    else:
        raise CardError(f"{text!r} is not a card: its rank must be A, 2 to 10, J, Q or K")
    try:
        suit = parse_suit(suit_text)
    except SuitError:
        raise CardError(f"{text!r} is not a card: its suit must be S, H, D or C "
                        "(or ♠ ♥ ♦ ♣)") from None
    return CARDS[card_of(suit, rank)]


def parse_cards(text: str | Iterable[object]) -> list[Card]:
    """Read several cards: a string of names split by spaces or commas, or an iterable.

    >>> parse_cards("5D, JD 3C")
    [Card('5♦'), Card('J♦'), Card('3♣')]
    """
    items: Iterable[object] = text.replace(",", " ").split() if isinstance(text, str) else text
    return [parse_card(x) for x in items]


def mask_of(cards: Iterable[int]) -> int:
    """The mask (bit set) of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def cards_in(mask: int) -> list[Card]:
    """The cards of ``mask``, lowest number first."""
    out: list[Card] = []
    while mask:
        low = mask & -mask
        out.append(CARDS[low.bit_length() - 1])
        mask ^= low
    return out


def text_of(cards: Iterable[int]) -> str:
    """Cards as a player reads them, separated by spaces: ``5♦ J♦ 3♣``."""
    return " ".join(CARDS[c].label for c in cards)


# ------------------------------------------------------------------------ ranking

def trump_order(trump: int) -> list[Card]:
    """The trumps when ``trump`` is the trump suit, best first: the five, the jack, the
    A♥, then the suit's ace (unless hearts, whose ace is the A♥), king and queen, then the
    low cards: ten down to two in red (the five already placed), two up to ten in black.

    >>> text_of(trump_order(1))
    '5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥'
    >>> len(trump_order(3))
    14
    """
    order = [card_of(trump, FIVE), card_of(trump, JACK), ACE_OF_HEARTS]
    if trump != HEARTS:
        order.append(card_of(trump, ACE))
    pips = range(TEN, 0, -1) if is_red(trump) else range(1, TEN + 1)
    order += [card_of(trump, r) for r in (KING, QUEEN, *pips) if r != FIVE]
    return [CARDS[c] for c in order]


def plain_order(trump: int, suit: int) -> list[Card]:
    """The cards of ``suit`` when it is not trump (``suit != trump``), best first: king,
    queen, jack, then in red ten down to two with the ace last (hearts have no ace: the
    A♥ is a trump), in black the ace then two up to ten.

    >>> text_of(plain_order(2, 3))
    'K♣ Q♣ J♣ A♣ 2♣ 3♣ 4♣ 5♣ 6♣ 7♣ 8♣ 9♣ 10♣'
    """
    if suit == trump:
        raise ValueError("a plain suit is one that is not trump")
    if is_red(suit):
        ranks = [KING, QUEEN, JACK, *range(TEN, 0, -1), ACE]
    else:
        ranks = [KING, QUEEN, JACK, ACE, *range(1, TEN + 1)]
    return [CARDS[card_of(suit, r)] for r in ranks if card_of(suit, r) != ACE_OF_HEARTS]


def is_trump(trump: int, card: int) -> bool:
    """Whether ``card`` is a trump when ``trump`` is the trump suit (the A♥ always is)."""
    return card == ACE_OF_HEARTS or card // 13 == trump


def effective_suit(trump: int, card: int) -> int:
    """The suit ``card`` plays as: the trump suit for every trump (the A♥ included)."""
    return trump if is_trump(trump, card) else card // 13


def top_trumps(trump: int) -> list[Card]:
    """The three top trumps, best first: the five, the jack and the A♥."""
    return trump_order(trump)[:3]


def ace_of_trumps(trump: int) -> Card:
    """The card whose holder may rob the turned card: the ace of the trump suit (the A♥
    only when hearts are trump)."""
    return CARDS[card_of(trump, ACE)]


def power(trump: int, card: int) -> int:
    """How strong ``card`` is in a trick when ``trump`` is trump: every trump is above
    every plain card (from 101 for the lowest trump up), a plain card ranks within its
    suit (from 8 up to 20); compare plain cards only within a suit."""
    if is_trump(trump, card):
        order: list[int] = list(trump_order(trump))
        return 100 + len(order) - order.index(card)
    order = list(plain_order(trump, card // 13))
    return 20 - order.index(card)


def outranks(trump: int, card: int, other: int) -> bool:
    """Whether trump ``card`` beats trump ``other`` (both trumps)."""
    return power(trump, card) > power(trump, other)


# Tables for the hot path (round_state.py), indexed [trump * 52 + card] or [trump * 4 + suit]

def power_table() -> list[int]:
    """:func:`power` for every (trump, card)."""
    return [power(t, c) for t in range(4) for c in range(N_CARDS)]


def suit_table() -> list[int]:
    """:func:`effective_suit` for every (trump, card)."""
    return [effective_suit(t, c) for t in range(4) for c in range(N_CARDS)]


def suit_mask_table() -> list[int]:
    """For every (trump, suit), the mask of the cards that play as that suit."""
    return [mask_of(c for c in range(N_CARDS) if effective_suit(t, c) == s)
            for t in range(4) for s in range(4)]


def top_mask(trump: int) -> int:
    """The mask of the three top trumps."""
    return mask_of(top_trumps(trump))


def hold_back_mask(trump: int, led: int) -> int:
    """The top trumps a player may hold back when ``led`` is led: those that outrank it
    (none when ``led`` is not a trump)."""
    if not is_trump(trump, led):
        return 0
    return mask_of(c for c in top_trumps(trump) if outranks(trump, c, led))


def hold_back_table() -> list[int]:
    """:func:`hold_back_mask` for every (trump, card led)."""
    return [hold_back_mask(t, c) for t in range(4) for c in range(N_CARDS)]


def ace_table() -> list[int]:
    """:func:`ace_of_trumps` for every trump."""
    return [int(ace_of_trumps(t)) for t in range(4)]
