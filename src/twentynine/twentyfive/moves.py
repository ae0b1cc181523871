"""What a player of Twenty-Five can do: play a card, rob the turned card, start the next deal.

Every move has a small int code (the hot path uses only codes) and one shared
:class:`Move` per code:

* ``0 .. 51``: play that card;
* ``52 .. 103``: rob the turned card, laying down card ``code - 52`` (one of one's own);
* ``104``: start the next deal (between deals).

>>> Move.parse("play 9♦") == Move.play("9D"), str(Move.rob("3C")), str(NEXT_DEAL)
(True, 'rob, lay down 3C', 'next deal')
>>> Move.parse("rob 3♣").card, Move.rob("3C").label
(Card('3♣'), 'rob the turned card, laying down the 3♣')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from .pack import CARDS, Card, CardError, parse_card
from .round_state import NEXT_DEAL_CODE, ROB_BASE

N_CODES: Final = NEXT_DEAL_CODE + 1


class MoveKind(Enum):
    """The kinds of move."""

    PLAY = "play"
    ROB = "rob"
    NEXT_DEAL = "next deal"


class MoveError(ValueError):
    """Text (or a code) that is not a move."""


@dataclass(frozen=True, slots=True)
class Move:
    """One move; compare with ``==``; build with :meth:`play`, :meth:`rob`, :meth:`parse`
    or :data:`NEXT_DEAL`."""

    code: int

    def __post_init__(self) -> None:
        c = self.code
        if type(c) is not int or not 0 <= c < N_CODES:
            raise MoveError(f"{c!r} is not a move code: codes run from 0 to {N_CODES - 1}")

    @property
    def kind(self) -> MoveKind:
        """What kind of move this is."""
        if self.code < ROB_BASE:
            return MoveKind.PLAY
        if self.code < NEXT_DEAL_CODE:
            return MoveKind.ROB
        return MoveKind.NEXT_DEAL

    @property
    def card(self) -> Card | None:
        """The card played, or the card laid down by a rob; None for the next deal."""
        if self.code < ROB_BASE:
            return CARDS[self.code]
        if self.code < NEXT_DEAL_CODE:
            return CARDS[self.code - ROB_BASE]
        return None

    @staticmethod
    def play(card: object) -> Move:
        """Play ``card`` (a :class:`Card`, its number or its text)."""
        return MOVES[int(_card(card))]

    @staticmethod
    def rob(lay_down: object) -> Move:
        """Rob the turned card, laying down ``lay_down`` (a card of one's own)."""
        return MOVES[ROB_BASE + int(_card(lay_down))]

    @staticmethod
    def parse(text: object) -> Move:
        """Read a move: ``play 9D``, ``rob, lay down 3C`` (or ``rob 3C``), ``next deal``;
        a bare card is a play."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str):
            raise MoveError(f"{text!r} is not a move: write play 9D, rob 3C or next deal")
        words = text.replace(",", " ").lower().split()
        if words in (["next", "deal"], ["next"], ["deal"]):
            return NEXT_DEAL
        try:
            if words[:1] == ["play"] and len(words) == 2:
                return Move.play(words[1])
            if words[:1] == ["rob"]:
                rest = words[1:]
                if rest[:2] == ["lay", "down"]:
                    rest = rest[2:]
                elif rest[:1] == ["lay"]:
                    rest = rest[1:]
                if len(rest) == 1:
                    return Move.rob(rest[0])
            if len(words) == 1:
                return Move.play(words[0])
        except CardError as exc:
            raise MoveError(str(exc)) from None
        raise MoveError(f"{text!r} is not a move: write play 9D, rob 3C (rob, laying "
                        "down the 3C) or next deal")

    @property
    def label(self) -> str:
        """As a player reads it: ``play 9♦``, ``rob the turned card, laying down the 3♣``."""
        card = self.card
        if card is None:
            return "start the next deal"
        if self.code < ROB_BASE:
            return f"play {card.label}"
        return f"rob the turned card, laying down the {card.label}"

    def __str__(self) -> str:
        card = self.card
        if card is None:
            return "next deal"
        if self.code < ROB_BASE:
            return f"play {card.name}"
        return f"rob, lay down {card.name}"

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"


def _card(value: object) -> Card:
    try:
        return parse_card(value)
    except CardError as exc:
        raise MoveError(str(exc)) from None


MOVES: Final = tuple(Move(code) for code in range(N_CODES))
"""One shared move per code."""
NEXT_DEAL: Final = MOVES[NEXT_DEAL_CODE]
"""Start the next deal (the only move between deals)."""
