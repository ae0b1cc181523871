"""The move made at a table of Twenty-Five for a player whose move clock ran out: the hint's
choice (:func:`~twentynine.coach.race_hint.race_hint`), the move the player would have
seen by asking for a hint, named in the hint's own words.  The Twenty-Five game of a
hosted table's server clock uses it, as Twenty-Nine's uses :mod:`.clock`.

It searches as long as a hint does (a second or so): call it off the event loop's thread
(``asyncio.to_thread``)."""

from __future__ import annotations

from ..twentyfive.moves import Move, MoveKind
from ..twentyfive.pack import power
from ..twentyfive.seat_view import PlayerView
from .clock import hinted_or_safe
from .race_hint import NoRaceHint, move_words, race_hint


def race_clock_move(view: PlayerView) -> Move:
    """The hint's choice for ``view``'s seat, which must be the seat to move.  Should the
    hint fail, a move that gives nothing away: the weakest legal card (no rob)."""
    legal = list(view.legal_actions)
    if not legal:
        raise NoRaceHint("there is no move to make: it is not this seat's turn")
    return hinted_or_safe(legal, lambda: race_hint(view).move,
                          lambda moves: safe_race_move(moves, view.trump))


def safe_race_move(legal: list[Move], trump: int) -> Move:
    """The weakest legal card to play (a rob only when nothing else is legal).

    >>> str(safe_race_move([Move.play("KD"), Move.play("2C"), Move.rob("3C")], 2))
    'play 2C'
    """
    plays = [m for m in legal if m.kind is MoveKind.PLAY and m.card is not None]
    if not plays:
        return legal[0]
    return min(plays, key=lambda m: power(trump, m.card) if m.card is not None else 0)


def race_clock_words(move: Move) -> str:
    """What the table says of the move made for a timed-out player, in the hint's words.

    >>> race_clock_words(Move.play("9D"))
    "Time is up: the 9♦ was played for you (the hint's choice)"
    >>> race_clock_words(Move.rob("3C"))
    "Time is up: the hint's choice was made for you: rob, lay down 3♣"
    """
    if move.kind is MoveKind.PLAY and move.card is not None:
        return f"Time is up: the {move.card.label} was played for you (the hint's choice)"
    return f"Time is up: the hint's choice was made for you: {move_words(move)}"
