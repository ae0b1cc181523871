"""What a player can do: bid, pass, choose the trump, show trump, declare the pair, play.

Every action has a small int code (the engine's hot path uses only codes) and one
shared :class:`Action` object per code.

>>> Action.parse("play 10H") == Action.play("TH")
True
>>> str(Action.make_bid(17)), str(PASS), str(SHOW_TRUMP)
('bid 17', 'pass', 'show trump')
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum
from typing import Final

from .cards import CARDS, SUITS, Card, CardError, as_card, parse_suit

PLAY_BASE: Final = 0
"""Codes 0..31: play that card."""
TRUMP_CARD_BASE: Final = 32
"""Codes 32..63: lay that card face down as the trump."""
BID_BASE: Final = 64
"""Codes 64+n: bid n (n up to 29)."""
PASS_CODE: Final = 96
SHOW_CODE: Final = 97
PAIR_CODE: Final = 98
NO_TRUMPS_CODE: Final = 99
"""The bidder declares that there is no trump suit."""
TRUMP_SUIT_BASE: Final = 100
"""Codes 100..103: choose that suit as trump with a marker."""
NEXT_DEAL_CODE: Final = 104
DOUBLE_CODE: Final = 105
REDOUBLE_CODE: Final = 106
SINGLE_HAND_CODE: Final = 107
REDEAL_CODE: Final = 108
N_CODES: Final = 109


class ActionKind(Enum):
    """The kinds of action."""

    PLAY = "play"
    TRUMP_CARD = "trump"
    TRUMP_SUIT = "trump suit"
    BID = "bid"
    PASS = "pass"
    SHOW_TRUMP = "show trump"
    PAIR = "pair"
    NEXT_DEAL = "next deal"
    NO_TRUMPS = "no trumps"
    DOUBLE = "double"
    REDOUBLE = "redouble"
    SINGLE_HAND = "single hand"
    REDEAL = "redeal"


class ActionError(ValueError):
    """Text that is not an action."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action; compare with ``==``; build with the class methods."""

    code: int

    def __post_init__(self) -> None:
        c = self.code
        if type(c) is not int or not 0 <= c < N_CODES:
            raise ActionError(f"{c!r} is not an action code: codes run from 0 to {N_CODES - 1}")

    @property
    def kind(self) -> ActionKind:
        """What kind of action this is."""
        c = self.code
        if c < TRUMP_CARD_BASE:
            return ActionKind.PLAY
        if c < BID_BASE:
            return ActionKind.TRUMP_CARD
        if c < PASS_CODE:
            return ActionKind.BID
        if c == PASS_CODE:
            return ActionKind.PASS
        if c == SHOW_CODE:
            return ActionKind.SHOW_TRUMP
        if c == PAIR_CODE:
            return ActionKind.PAIR
        if TRUMP_SUIT_BASE <= c < TRUMP_SUIT_BASE + 4:
            return ActionKind.TRUMP_SUIT
        return _SIMPLE_KINDS[c]

    @property
    def card(self) -> Card | None:
        """The card played or laid as trump, else None."""
        if self.code < BID_BASE:
            return CARDS[self.code & 31]
        return None

    @property
    def bid(self) -> int | None:
        """The number bid, else None."""
        if BID_BASE <= self.code < PASS_CODE:
            return self.code - BID_BASE
        return None

    @property
    def suit(self) -> int | None:
        """The suit chosen with a marker, else None."""
        if TRUMP_SUIT_BASE <= self.code < TRUMP_SUIT_BASE + 4:
            return self.code - TRUMP_SUIT_BASE
        return None

    def __str__(self) -> str:
        k = self.kind
        if k is ActionKind.PLAY or k is ActionKind.TRUMP_CARD:
            return f"{k.value} {CARDS[self.code & 31].name}"
        if k is ActionKind.BID:
            return f"bid {self.bid}"
        if k is ActionKind.TRUMP_SUIT:
            return f"trump suit {SUITS[self.code - TRUMP_SUIT_BASE]}"
        return str(k.value)

    def __reduce__(self) -> tuple[type[Action], tuple[int]]:
        # explicit, so that copies and pickles of the compiled (native) class work too
        return (Action, (self.code,))

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, object]) -> Action:
        return self

    def __repr__(self) -> str:
        return f"Action({str(self)!r})"

    @staticmethod
    def play(card: object) -> Action:
        """Play a card (a Card, its name or its int) to the trick."""
        return ACTIONS[PLAY_BASE + as_card(card).index]

    @staticmethod
    def trump_card(card: object) -> Action:
        """Lay one of your cards face down as the trump."""
        return ACTIONS[TRUMP_CARD_BASE + as_card(card).index]

    @staticmethod
    def trump_suit(suit: object) -> Action:
        """Choose a trump suit (its index 0..3, letter, symbol or name) with a marker."""
        if isinstance(suit, str):
            try:
                s = parse_suit(suit)
            except CardError as exc:
                raise ActionError(str(exc)) from None
        elif type(suit) is int:
            s = suit
        else:
            raise ActionError(f"{suit!r} is not a suit: use S, H, D or C (or 0 to 3)")
        if not 0 <= s < 4:
            raise ActionError(f"{suit!r} is not a suit")
        return ACTIONS[TRUMP_SUIT_BASE + s]

    @staticmethod
    def make_bid(n: object) -> Action:
        """Bid ``n`` points."""
        if type(n) is not int:
            raise ActionError(f"{n!r} is not a bid: a bid is a whole number, like 17")
        if not 0 <= n < PASS_CODE - BID_BASE:
            raise ActionError(f"{n} is not a bid a player could make")
        return ACTIONS[BID_BASE + n]

    @staticmethod
    def from_code(code: object) -> Action:
        """The action with this code."""
        if type(code) is not int or not 0 <= code < N_CODES:
            raise ActionError(f"{code!r} is not an action code: codes run from 0 to "
                              f"{N_CODES - 1}")
        return ACTIONS[code]

    @staticmethod
    def parse(text: object) -> Action:
        """Read the text form: ``bid 17``, ``pass``, ``trump JH``, ``trump suit H``,
        ``show trump``, ``pair``, ``play 10C``, ``next deal``, ``no trumps``, ``double``,
        ``redouble``, ``single hand``, ``redeal``."""
        if not isinstance(text, str):
            raise ActionError(f"{text!r} is not an action: write it as text, like 'bid 17'")
        t = " ".join(text.strip().lower().split())
        simple = {kind.value: ACTIONS[code] for code, kind in _SIMPLE_KINDS.items()}
        simple.update({"show": SHOW_TRUMP, "deal": NEXT_DEAL, "no trump": ACTIONS[NO_TRUMPS_CODE]})
        if t in simple:
            return simple[t]
        head, _, rest = t.rpartition(" ")
        try:
            if head == "bid":
                return Action.make_bid(int(rest))
            if head == "play":
                return Action.play(rest)
            if head == "trump":
                return Action.trump_card(rest)
            if head == "trump suit":
                return Action.trump_suit(rest)
        except (CardError, ValueError) as exc:
            raise ActionError(f"{text!r} is not an action: {exc}") from None
        raise ActionError(
            f"{text!r} is not an action: try 'bid 17', 'pass', 'trump JH', 'show trump', "
            "'pair' or 'play 10C'"
        )


_SIMPLE_KINDS: Final[dict[int, ActionKind]] = {
    PASS_CODE: ActionKind.PASS,
    SHOW_CODE: ActionKind.SHOW_TRUMP,
    PAIR_CODE: ActionKind.PAIR,
    NO_TRUMPS_CODE: ActionKind.NO_TRUMPS,
    NEXT_DEAL_CODE: ActionKind.NEXT_DEAL,
    DOUBLE_CODE: ActionKind.DOUBLE,
    REDOUBLE_CODE: ActionKind.REDOUBLE,
    SINGLE_HAND_CODE: ActionKind.SINGLE_HAND,
    REDEAL_CODE: ActionKind.REDEAL,
}
ACTIONS: Final[tuple[Action, ...]] = tuple(Action(c) for c in range(N_CODES))
PASS: Final = ACTIONS[PASS_CODE]
SHOW_TRUMP: Final = ACTIONS[SHOW_CODE]
PAIR: Final = ACTIONS[PAIR_CODE]
NEXT_DEAL: Final = ACTIONS[NEXT_DEAL_CODE]
NO_TRUMPS: Final = ACTIONS[NO_TRUMPS_CODE]
DOUBLE: Final = ACTIONS[DOUBLE_CODE]
REDOUBLE: Final = ACTIONS[REDOUBLE_CODE]
SINGLE_HAND: Final = ACTIONS[SINGLE_HAND_CODE]
REDEAL: Final = ACTIONS[REDEAL_CODE]
