"""The coach's words: where each seat sits on the screen, and counts of things, as plain
strings.  The table's rendering (:mod:`twentynine.tui.wording`) builds on these; nothing here
draws, so the coach, the command line and the tests use them without a terminal library.
"""

from __future__ import annotations

from ..engine.actions import (
    BID_BASE,
    DOUBLE_CODE,
    NO_TRUMPS_CODE,
    PAIR_CODE,
    PASS_CODE,
    REDEAL_CODE,
    REDOUBLE_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    TRUMP_CARD_BASE,
    TRUMP_SUIT_BASE,
    Action,
    ActionKind,
)
from ..engine.cards import CARDS, SUIT_NAMES, SUIT_SYMBOLS
from ..engine.rules import Rules
from ..engine.views import SeatView

POSITIONS_ANTICLOCKWISE = ("south", "east", "north", "west")
POSITIONS_CLOCKWISE = ("south", "west", "north", "east")


def positions(rules: Rules) -> tuple[str, str, str, str]:
    """Screen position of each seat: seat 0 is always south, seat 2 north; the direction
    of play decides whether seat 1 sits east (anticlockwise) or west (clockwise).

    >>> positions(Rules())[1], positions(Rules(direction="clockwise"))[1]
    ('east', 'west')
    """
    if rules.direction == "clockwise":
        return POSITIONS_CLOCKWISE
    return POSITIONS_ANTICLOCKWISE


def count(n: int, word: str) -> str:
    """``1 hint``, ``2 hints``.

    >>> count(1, "take-back"), count(0, "mistake"), count(3, "reviewed deal")
    ('1 take-back', '0 mistakes', '3 reviewed deals')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def signed(n: int) -> str:
    """A change in game points as the table writes it: ``+1``, ``0``, ``-2``.

    >>> signed(1), signed(0), signed(-2)
    ('+1', '0', '-2')
    """
    return f"{n:+d}" if n else "0"


def seat_word(view: SeatView, seat: int) -> str:
    """``you``, ``partner`` or the opponent's screen position (``West``)."""
    if seat == view.seat:
        return "you"
    if seat == view.partner:
        return "partner"
    pos = positions(view.rules)
    # positions are relative to seat 0 at the bottom; turn them for other viewers
    return pos[(seat - view.seat) & 3].capitalize()


def suit_word(suit: int) -> str:
    """``♠ spades``."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def action_words(action: Action) -> str:
    """An action in plain words, for hints and reviews."""
    k = action.kind
    card = action.card
    if k is ActionKind.PLAY and card is not None:
        return card.label
    if k is ActionKind.TRUMP_CARD and card is not None:
        return f"{card.label} face down ({SUIT_NAMES[card.suit]} trump)"
    if k is ActionKind.BID:
        return f"bid {action.bid}"
    if k is ActionKind.TRUMP_SUIT and action.suit is not None:
        return f"{suit_word(action.suit)} as trump"
    words = {PASS_CODE: "pass", SHOW_CODE: "ask for trump", PAIR_CODE: "declare the pair",
             NO_TRUMPS_CODE: "no trumps", DOUBLE_CODE: "double", REDOUBLE_CODE: "redouble",
             SINGLE_HAND_CODE: "single hand", REDEAL_CODE: "ask for a redeal"}
    return words.get(action.code, str(action))


def trump_label(code: int) -> str:
    """What a trump choice (its action code, or -1: the seventh card) names."""
    if code < 0:
        return "the seventh card's suit"
    if TRUMP_CARD_BASE <= code < BID_BASE:
        return suit_word(CARDS[code & 31].suit)
    if TRUMP_SUIT_BASE <= code < TRUMP_SUIT_BASE + 4:
        return suit_word(code - TRUMP_SUIT_BASE)
    if code == NO_TRUMPS_CODE:
        return "no trumps"
    return str(Action(code))


def contract_team(view: SeatView) -> int | None:
    """The team playing for the contract: a single hand's player's, else the bidder's (None
    before anyone has bid)."""
    if view.single_hand is not None:
        return view.single_hand & 1
    if view.bidder is None:
        return None
    return view.bidder & 1


def contract_words(view: SeatView) -> str:
    """The contract as the seat sees it: ``its 18`` for the side playing for it, ``their
    18`` for the other; a single hand's goal is every trick (``its single hand``,
    ``their single hand``)."""
    goal = "single hand" if view.single_hand is not None else str(view.target or view.high_bid)
    return f"{'its' if contract_team(view) == view.team else 'their'} {goal}"
