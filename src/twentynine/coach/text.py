"""The coach's words: where each seat sits on the screen, and counts of things, as plain
strings.  The table's rendering (:mod:`twentynine.tui.text`) builds on these; nothing here
draws, so the coach, the command line and the tests use them without a terminal library.
"""

from __future__ import annotations

from ..rules import Rules

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
