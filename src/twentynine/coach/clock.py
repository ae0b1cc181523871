"""The move made for a player whose move clock ran out: the hint's choice, which the
player would have seen by asking for a hint, named in the words the table says.  The
table's own clock and a hosted table's server clock both use it, so a timed-out player
gets the same move wherever they sit.

It thinks for about as long as a hint (a fraction of a second to a second or two): call it
off the interface's thread (a worker, ``asyncio.to_thread``)."""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import TypeVar

from ..engine.actions import PASS, Action
from ..engine.views import SeatView
from .hint import NoHint, hint
from .phrases import action_words

log = logging.getLogger(__name__)

M = TypeVar("M")


def clock_move(view: SeatView) -> Action:
    """The hint's choice for ``view``'s seat, which must be the seat to move.  Should the
    hint fail, a move that gives nothing away: pass where a pass is legal, else the legal
    card worth the fewest card points (the lowest of those), else the first legal action."""
    legal = list(view.legal_actions)
    if not legal:
        raise NoHint("there is no move to make: it is not this seat's turn")
    return hinted_or_safe(legal, lambda: hint(view).action, safe_move)


def hinted_or_safe(legal: list[M], pick: Callable[[], M],
                   safe: Callable[[list[M]], M]) -> M:
    """``pick()`` (the hint's choice) if it is among ``legal``, else ``safe(legal)``; a
    failing hint is logged, never raised: a clock must move whatever happens to the
    search.  Both games' clocks use it."""
    try:
        move = pick()
    except Exception:  # the clock must move whatever happens to the search
        log.exception("the hint failed on a timed-out move; a safe move is made instead")
    else:
        if move in legal:
            return move
    return safe(legal)


def safe_move(legal: list[Action]) -> Action:
    """Pass where a pass is legal, else the legal card worth the fewest card points (of
    those, the lowest), else the first legal action."""
    if PASS in legal:
        return PASS
    cards = [a for a in legal if a.card is not None]
    if cards:
        return min(cards, key=lambda a: (a.card.points, -a.card.rank) if a.card else (0, 0))
    return legal[0]


def clock_words(action: Action) -> str:
    """What the table says of the move made for a timed-out player.

    >>> clock_words(Action.play("9D"))
    "Time is up: the 9♦ was played for you (the hint's choice)"
    >>> clock_words(PASS)
    "Time is up: the hint's choice was made for you: pass"
    """
    if action.card is not None:
        return f"Time is up: the {action.card.label} was played for you (the hint's choice)"
    return f"Time is up: the hint's choice was made for you: {action_words(action)}"
