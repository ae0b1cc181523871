"""The four suits of the French pack, shared by every game: letters, symbols, names.

A suit is an int, 0 to 3, in the order spades, hearts, diamonds, clubs.

>>> SUITS[1], SUIT_SYMBOLS[1], SUIT_NAMES[1], is_red(1), is_red(3)
('H', '♥', 'hearts', True, False)
>>> parse_suit("♦"), parse_suit("club"), parse_suit("s")
(2, 3, 0)
"""

from __future__ import annotations

from typing import Final

SUITS: Final = "SHDC"
"""Suit letters in index order: spades, hearts, diamonds, clubs."""
SUIT_SYMBOLS: Final = "♠♥♦♣"
SUIT_NAMES: Final = ("spades", "hearts", "diamonds", "clubs")
SUIT_SINGULAR: Final = ("spade", "heart", "diamond", "club")
RED_SUITS: Final = frozenset({1, 2})


class SuitError(ValueError):
    """A suit could not be read."""


def is_red(suit: int) -> bool:
    """Hearts and diamonds are red; spades and clubs black."""
    return suit in RED_SUITS


def parse_suit(text: object) -> int:
    """Read a suit letter, symbol or name (plural or singular) into its index."""
    if not isinstance(text, str):
        raise SuitError(f"{text!r} is not a suit: use S, H, D or C")
    t = text.strip()
    if t in SUIT_SYMBOLS and len(t) == 1:
        return SUIT_SYMBOLS.index(t)
    u = t.upper()
    if len(u) == 1 and u in SUITS:
        return SUITS.index(u)
    low = t.lower()
    for i, (plural, single) in enumerate(zip(SUIT_NAMES, SUIT_SINGULAR, strict=True)):
        if low in (plural, single):
            return i
    raise SuitError(f"{text!r} is not a suit: use S, H, D or C")
