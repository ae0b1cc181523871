"""Cards of the 32-card Twenty-Nine pack: ranks, points, parsing and formatting.

Inside the engine a card is a small int, ``suit * 8 + rank``, where rank 0 is the
jack (highest) and rank 7 the seven (lowest); a hand is a 32-bit mask of such
ints.  :class:`Card` is the friendly face of that int at the API edge.

>>> c = Card.parse("10H")
>>> c, c.points, c.symbol
(Card('TH'), 1, 'T♥')
>>> [str(c) for c in parse_cards("JS 9s ad")]
['JS', '9S', 'AD']
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Final

from twentynine.common.suits import RED_SUITS as RED_SUITS
from twentynine.common.suits import SUIT_NAMES as SUIT_NAMES
from twentynine.common.suits import SUIT_SINGULAR as SUIT_SINGULAR
from twentynine.common.suits import SUIT_SYMBOLS as SUIT_SYMBOLS
from twentynine.common.suits import SUITS as SUITS
from twentynine.common.suits import SuitError
from twentynine.common.suits import parse_suit as _parse_suit

SEAT_WORDS: Final = ("seat 0", "seat 1", "seat 2", "seat 3")
"""Neutral seat names for engine messages (the table names seats by screen position)."""
RANKS: Final = "J9ATKQ87"
"""Rank letters from highest to lowest; T is the ten."""
RANK_NAMES: Final = ("jack", "nine", "ace", "ten", "king", "queen", "eight", "seven")
RANK_POINTS: Final = (3, 2, 1, 1, 0, 0, 0, 0)
KING_RANK: Final = 4
QUEEN_RANK: Final = 5

CARD_POINTS: Final[tuple[int, ...]] = tuple(RANK_POINTS[i & 7] for i in range(32))
"""Card points by card int."""
SUIT_MASKS: Final[tuple[int, ...]] = tuple(0xFF << (8 * s) for s in range(4))
"""The 32-bit mask of all eight cards of each suit."""
FULL_PACK: Final = (1 << 32) - 1
POINT_MASK: Final = sum(1 << i for i in range(32) if CARD_POINTS[i])


def _bit_tuples(first: int) -> tuple[tuple[int, ...], ...]:
    """For every 16-bit value ``v``, the ints ``first + b`` of its set bits ``b``, in
    ascending order.  Built by doubling (the values with bit ``b`` set are those below it
    with ``b`` added), which takes a third of the time of testing every bit of every
    value: this table is built each time the package is imported."""
    out: list[tuple[int, ...]] = [()]
    for b in range(first, first + 16):
        out += [(*t, b) for t in out]
    return tuple(out)


_LOW: Final[tuple[tuple[int, ...], ...]] = _bit_tuples(0)
_HIGH: Final[tuple[tuple[int, ...], ...]] = _bit_tuples(16)
_LOW_LISTS: Final[tuple[list[int], ...]] = tuple(map(list, _LOW))
_HIGH_LISTS: Final[tuple[list[int], ...]] = tuple(map(list, _HIGH))


def mask_list(mask: int) -> list[int]:
    """The card ints in ``mask`` as a new list (the hot path's legal moves)."""
    return _LOW_LISTS[mask & 0xFFFF] + _HIGH_LISTS[mask >> 16]


def _pop16() -> tuple[int, ...]:
    counts = [0]
    for _ in range(16):
        counts += [n + 1 for n in counts]
    return tuple(counts)


POP16: Final[tuple[int, ...]] = _pop16()
"""The number of set bits of every 16-bit value."""


def nth_card(mask: int, k: int) -> int:
    """The ``k``-th card int (from 0, ascending) of ``mask``, without building a list.

    >>> nth_card(0b1011000, 0), nth_card(0b1011000, 2), nth_card(0b11 << 30, 1)
    (3, 6, 31)
    """
    low = mask & 0xFFFF
    n = POP16[low]
    if k < n:
        return _LOW[low][k]
    return _HIGH[mask >> 16][k - n]


def mask_cards(mask: int) -> tuple[int, ...]:
    """The card ints in ``mask``, highest suit-rank order (ascending int)."""
    return _LOW[mask & 0xFFFF] + _HIGH[mask >> 16]


def cards_mask(cards: Iterable[int]) -> int:
    """The mask holding each of ``cards``."""
    m = 0
    for c in cards:
        m |= 1 << c
    return m


def suit_of(card: int) -> int:
    """The suit index of a card int."""
    return card >> 3


def card_name(card: int) -> str:
    """The two-letter name of a card int, like ``JH``."""
    return RANKS[card & 7] + SUITS[card >> 3]


class CardError(ValueError):
    """A card could not be read."""


@dataclass(frozen=True, order=True, slots=True)
class Card:
    """One card of the pack; compares and sorts by suit, then rank high to low."""

    index: int

    def __post_init__(self) -> None:
        i = self.index
        if type(i) is not int or not 0 <= i < 32:
            raise CardError(f"{i!r} is not a card: card numbers run from 0 to 31")

    @property
    def suit(self) -> int:
        """Suit index 0..3 (spades, hearts, diamonds, clubs)."""
        return self.index >> 3

    @property
    def rank(self) -> int:
        """Rank index 0..7, 0 for the jack (highest)."""
        return self.index & 7

    @property
    def points(self) -> int:
        """Card points: jack 3, nine 2, ace 1, ten 1, others 0."""
        return CARD_POINTS[self.index]

    @property
    def name(self) -> str:
        """Two letters, rank then suit: ``JH``, ``TC``."""
        return card_name(self.index)

    @property
    def symbol(self) -> str:
        """Rank and suit symbol for display: ``J♥``."""
        return RANKS[self.index & 7] + SUIT_SYMBOLS[self.index >> 3]

    @property
    def label(self) -> str:
        """Display label with 10 for the ten: ``10♥``."""
        r = RANKS[self.index & 7]
        return ("10" if r == "T" else r) + SUIT_SYMBOLS[self.index >> 3]

    @property
    def is_red(self) -> bool:
        """Hearts and diamonds are red."""
        return self.suit in RED_SUITS

    @property
    def long_name(self) -> str:
        """Words for messages: ``jack of hearts``."""
        return f"{RANK_NAMES[self.rank]} of {SUIT_NAMES[self.suit]}"

    def __str__(self) -> str:
        return self.name

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        # explicit, so that copies and pickles of the compiled (native) class work too
        return (Card, (self.index,))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Card:
        return self

    def __repr__(self) -> str:
        return f"Card({self.name!r})"

    @classmethod
    def parse(cls, text: object) -> Card:
        """Read ``JH``, ``th``, ``10C`` or ``J♥``."""
        if not isinstance(text, str):
            raise CardError(f"{text!r} is not a card: write rank then suit, like JH or 10C")
        t = text.strip().upper()
        if len(t) == 3 and t.startswith("10"):
            t = "T" + t[2]
        if len(t) != 2:
            raise CardError(f"{text!r} is not a card: write rank then suit, like JH or 10C")
        rank_ch, suit_ch = t[0], t[1]
        if suit_ch in SUIT_SYMBOLS:
            suit_ch = SUITS[SUIT_SYMBOLS.index(suit_ch)]
        if rank_ch not in RANKS:
            raise CardError(f"{text!r} is not a card: ranks are J 9 A T K Q 8 7")
        if suit_ch not in SUITS:
            raise CardError(f"{text!r} is not a card: suits are S H D C")
        return CARDS[SUITS.index(suit_ch) * 8 + RANKS.index(rank_ch)]


CARDS: Final[tuple[Card, ...]] = tuple(Card(i) for i in range(32))
"""Every card, indexed by its int."""


def parse_suit(text: object) -> int:
    """Read a suit letter, symbol or name into its index (a :class:`CardError` if not)."""
    try:
        return _parse_suit(text)
    except SuitError as exc:
        raise CardError(str(exc)) from None


def parse_cards(text: object) -> list[Card]:
    """Read cards separated by spaces or commas: ``"JH 9S AD TC"``."""
    if not isinstance(text, str):
        raise CardError(f"{text!r} is not a list of cards: write them like 'JH 9S AD TC'")
    return [Card.parse(p) for p in text.replace(",", " ").split()]


def as_card(card: object) -> Card:
    """Accept a Card, its name or its int (anything else raises :class:`CardError`)."""
    if isinstance(card, Card):
        return card
    if isinstance(card, str):
        return Card.parse(card)
    if type(card) is int and 0 <= card < 32:  # not a bool: True is no card
        return CARDS[card]
    raise CardError(f"{card!r} is not a card: give a Card, a name like JH or a number 0-31")


def format_cards(cards: Iterable[Card]) -> str:
    """Names separated by spaces."""
    return " ".join(c.name for c in cards)
