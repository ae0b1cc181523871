"""The review of a deal of Twenty-Five: every decision of the player graded, with its cost
in race chance and a reason, and who won the race.

The game's record (:func:`~twentynine.twentyfive.replay.race_record`) is replayed to each
of the player's decisions in the deal (those with more than one legal move) and the
player's **view at that moment** goes to the hint (:func:`.race_hint.race_hint`), with
the same seed as at the table: the grade sets the move taken beside the hint's pick on
the hint's own figures.  A decision is one of:

* a card played (``card``);
* robbing the turned card or not, on the player's first turn when they may (``rob``,
  ``no rob``);
* a card played when a top trump of the hand may be held back on a lower trump lead
  (``held back``: another card; ``not held back``: the top trump itself).

The cost is the race chance given up, in points of whole percent as the hint prints
them.  Three marks, in the terms of Twenty-Nine's review (:mod:`.grading`):

* ``✓`` the search's choice, or as good as it within the hint's noise
  (:attr:`.race_hint.RaceHint.equal`): costs nothing;
* ``~`` close to the search's choice: lower on the figures, by less than a mistake;
* ``✗`` a mistake: :data:`MISTAKE_POINTS` points of race chance or more below the
  search's choice, with the reasons.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import asdict, dataclass
from typing import Any

from ..twentyfive.moves import Move, MoveKind
from ..twentyfive.pack import Card, effective_suit, is_trump, plain_order, power
from ..twentyfive.race import Race
from ..twentyfive.replay import ReplayError, start_race
from ..twentyfive.seat_view import PlayerView, Stage
from .race_hint import (
    HINT_WORLDS,
    Names,
    RaceHint,
    RaceOption,
    default_names,
    pick_facts,
    race_hint,
    side_words,
)

MISTAKE_POINTS = 5
"""A decision that gives up this many points of race chance (or more) against the hint's
pick is a mistake."""
REVIEW_VERSION = 2
"""Bumped when the grading changes, so kept reviews are made again."""
GOOD, CLOSE, MISTAKE = "✓", "~", "✗"
"""The review's marks: the search's choice or as good, close to it, a mistake."""
RULE_WORDS = (f"a mistake ({MISTAKE}): {MISTAKE_POINTS} points of race chance or more below "
              f"the search's choice, on the hint's figures from the view you had; close "
              f"({CLOSE}): lower, by less; {GOOD}: the search's choice, or as good within "
              f"its noise")

Progress = Callable[[int, int], None]
"""Called with (decisions graded, decisions in all)."""


@dataclass(frozen=True, slots=True)
class RaceGrade:
    """One decision of the player."""

    index: int
    """The move's place in the game's list of moves."""
    trick: int
    """The trick it was in, 1 to 5."""
    kind: str
    """``card``, ``rob``, ``no rob``, ``held back``, ``not held back``."""
    taken: str
    best: str
    taken_race: int
    """The race chance of the move taken, in whole percent as the hint printed it."""
    best_race: int
    cost: int
    """Points of race chance given up (0: the hint's choice, or as good within its
    noise)."""
    mistake: bool
    line: str
    """The grade as the review writes it, its mark first."""

    @property
    def mark(self) -> str:
        """:data:`GOOD`, :data:`CLOSE` or :data:`MISTAKE`."""
        return MISTAKE if self.mistake else CLOSE if self.cost else GOOD


@dataclass(frozen=True, slots=True)
class RaceReview:
    """A deal's review."""

    number: int
    grades: tuple[RaceGrade, ...]
    outcome: str
    """Who won the race (or the scores after the deal)."""
    worlds: int
    version: int = REVIEW_VERSION

    @property
    def mistakes(self) -> int:
        return sum(g.mistake for g in self.grades)

    def lines(self) -> list[str]:
        """The review as text lines."""
        head = f"Deal {self.number}: {self.outcome}"
        if not self.grades:
            return [head, "You had no choice to make in this deal."]
        n = self.mistakes
        k = len(self.grades)
        summary = (f"{k} decision{'s' if k > 1 else ''}, "
                   f"{'no mistake' if not n else f'{n} mistake' + ('s' if n > 1 else '')}"
                   f" ({RULE_WORDS})")
        return [head, summary, *(g.line for g in self.grades)]

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> RaceReview:
        """A kept review (raises KeyError, TypeError or ValueError if it is not one)."""
        grades = tuple(RaceGrade(**g) for g in data["grades"])
        return cls(int(data["number"]), grades, str(data["outcome"]), int(data["worlds"]),
                   int(data["version"]))


@dataclass(frozen=True, slots=True)
class Decision:
    """A decision of the player in a replayed deal: the view before it, the move made."""

    index: int
    view: PlayerView
    move: Move


def replay_deal(record: dict[str, Any], number: int, seat: int = 0
                ) -> tuple[list[Decision], Race]:
    """The player's decisions in deal ``number`` (the views they had, with more than one
    legal move), and the game as it stood at the end of the deal.  Raises
    :class:`~twentynine.twentyfive.replay.ReplayError` if the record does not replay."""
    race = start_race(record)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise ReplayError("the record's moves must be a list")
    out: list[Decision] = []
    for i, text in enumerate(moves):
        move = Move.parse(str(text))
        if race.number > number or (move.kind is MoveKind.NEXT_DEAL
                                    and race.number == number):
            break
        if race.number == number and race.stage is Stage.PLAY and race.turn == seat:
            view = race.view(seat)
            if len(view.legal_actions) > 1:
                out.append(Decision(i, view, move))
        try:
            race.apply(move)
        except ValueError as exc:
            raise ReplayError(f"move {i + 1} of the record ({text}): {exc}") from None
    if race.number != number:
        raise ReplayError(f"the record holds no deal {number}")
    return out, race


def kind_of(view: PlayerView, move: Move) -> str:
    """What kind of decision ``move`` made from ``view``."""
    if view.can_rob:
        return "rob" if move.kind is MoveKind.ROB else "no rob"
    held = view.may_hold_back
    if held and move.card is not None:
        return "not held back" if move.card in held else "held back"
    return "card"


def _taken_words(view: PlayerView, kind: str, move: Move) -> str:
    assert move.card is not None
    label = move.card.label
    if kind == "rob":
        return f"robbed, laying down the {label}"
    if kind == "no rob":
        return f"{label}, not robbing"
    if kind == "held back":
        kept = ", ".join(c.label for c in view.may_hold_back)
        return f"{label}, holding back your {kept}"
    if kind == "not held back":
        return f"{label}, not holding it back"
    return label


def grade(view: PlayerView, index: int, move: Move, h: RaceHint, names: Names) -> RaceGrade:
    """The grade of ``move`` made from ``view``, against the hint ``h`` for that view."""
    kind = kind_of(view, move)
    trick = len(view.tricks) + 1
    taken = h.option(move)
    best = h.options[0]
    assert taken is not None
    words = _taken_words(view, kind, move)
    cost = 0 if move == best.move or taken.words in h.equal else max(
        0, best.race_shown - taken.race_shown)
    mistake = cost >= MISTAKE_POINTS
    whose = "your team's" if h.team else "your"
    apart = f"{taken.race_shown}% against {best.race_shown}%"
    if move == best.move:
        text = (f"{GOOD} Trick {trick}, {words}: the search's choice too ({whose} race "
                f"chance {taken.race_shown}%, this trick {taken.trick_shown}%)")
    elif cost == 0:
        text = (f"{GOOD} Trick {trick}, {words}: as good as the search's choice, "
                f"{choice(best)}, within its noise ({apart})")
    elif not mistake:
        text = (f"{CLOSE} Trick {trick}, {words}: close to the search's choice, "
                f"{choice(best)}: {cost} point{'s' if cost > 1 else ''} of race chance below "
                f"({apart}), less than a mistake's {MISTAKE_POINTS}")
    else:
        text = (f"{MISTAKE} Trick {trick}, {words}: {cost} points of race chance below the "
                f"search's choice, {choice(best)} ({apart}): ")
        text += "; ".join(cost_reasons(view, taken, best, pick_facts(view, h.options,
                                                                    names)))
    return RaceGrade(index, trick, kind, taken.words, best.words, taken.race_shown,
                     best.race_shown, cost, mistake, text + ".")


def choice(o: RaceOption) -> str:
    """The search's choice after a comma: ``Q♣``, ``robbing (laying down the 6♠)``."""
    if o.move.kind is MoveKind.ROB and o.move.card is not None:
        return f"robbing (laying down the {o.move.card.label})"
    return o.words


def noun(o: RaceOption) -> str:
    """A move in a sentence: ``the 10♦``, ``robbing (laying down the 3♣)``."""
    assert o.move.card is not None
    if o.move.kind is MoveKind.ROB:
        return f"robbing (laying down the {o.move.card.label})"
    return f"the {o.move.card.label}"


def cost_reasons(view: PlayerView, taken: RaceOption, best: RaceOption,
                 facts: list[str]) -> list[str]:
    """Why the move taken did worse than the hint's: the facts behind the hint's pick,
    then what the figures show (the trick, a trump spent)."""
    out = list(facts)
    t = view.trump
    if taken.trick_shown > best.trick_shown + 10:
        out.append(f"{noun(taken)} takes this trick more often ({taken.trick_shown}% "
                   f"against {best.trick_shown}%) but wins the race less often")
    elif best.trick_shown > taken.trick_shown + 10:
        out.append(f"{noun(best)} takes this trick in {best.trick_shown}%, "
                   f"{noun(taken)} in {taken.trick_shown}%")
    tc, bc = taken.move.card, best.move.card
    if (taken.move.kind is MoveKind.PLAY and tc is not None and is_trump(t, tc)
            and best.move.kind is MoveKind.PLAY and bc is not None
            and (not is_trump(t, bc) or power(t, bc) < power(t, tc))):
        out.append(f"the {tc.label} spends a trump the hint keeps for later")
    if (tc is not None and bc is not None and taken.move.kind is MoveKind.PLAY
            and best.move.kind is MoveKind.PLAY and not is_trump(t, tc)
            and not is_trump(t, bc) and max(taken.trick_shown, best.trick_shown) <= 10
            and _rank(t, tc) < _rank(t, bc)):
        out.append(f"neither card takes this trick: keep the {tc.label} for a later one "
                   f"and throw the {bc.label}")
    if (not out and tc is not None and bc is not None and best.move.kind is MoveKind.PLAY
            and taken.move.kind is MoveKind.PLAY
            and effective_suit(t, tc) == effective_suit(t, bc)
            and abs(taken.trick_shown - best.trick_shown) <= 10):
        higher, lower = (tc, bc) if power(t, tc) > power(t, bc) else (bc, tc)
        out.append(f"the {tc.label} does no more in this trick than the {bc.label} "
                   f"({taken.trick_shown}% against {best.trick_shown}%), and the "
                   f"{higher.label} is worth more than the {lower.label} later")
    if not out:
        out.append("over the rest of the deal, by the search's playouts")
    return out


def _rank(t: int, card: Card) -> float:
    """How high a plain card stands in its suit, as a share of the suit (0: its best card),
    so cards of two suits compare."""
    order = plain_order(t, card.suit)
    return order.index(card) / len(order)


def outcome_words(race: Race, names: Names, seat: int = 0) -> str:
    """Who won the race, or the scores after the deal."""
    view = race.view(seat)
    rules = race.rules
    if race.winner is not None:
        who, _ = side_words(view, race.winner, names)
        who = who[0].upper() + who[1:]
        return (f"{who} won the race, reaching {race.scores[race.winner]} of "
                f"{rules.target}")
    def name(side: int) -> str:
        who = side_words(view, side, names)[0]
        return who[0].upper() + who[1:]

    scores = " · ".join(f"{name(s)} {race.scores[s]}" for s in range(rules.sides))
    return f"nobody reached {rules.target}: {scores}"


def review_deal(record: dict[str, Any], number: int, *, seat: int = 0,
                names: Names | None = None, worlds: int = HINT_WORLDS,
                progress: Progress | None = None) -> RaceReview:
    """The review of deal ``number`` of the game ``record``, from ``seat``."""
    decisions, end = replay_deal(record, number, seat)
    grades: list[RaceGrade] = []
    found = worlds
    for k, d in enumerate(decisions):
        nm = names or default_names(d.view)
        h = race_hint(d.view, worlds=worlds, names=nm)
        found = h.worlds
        grades.append(grade(d.view, d.index, d.move, h, nm))
        if progress is not None:
            progress(k + 1, len(decisions))
    nm = names or default_names(end.view(seat))
    return RaceReview(number, tuple(grades), outcome_words(end, nm, seat), found)


__all__ = [
    "CLOSE", "GOOD", "MISTAKE", "MISTAKE_POINTS", "REVIEW_VERSION", "RULE_WORDS",
    "Decision", "Progress", "RaceGrade",
    "RaceOption", "RaceReview", "grade", "kind_of", "outcome_words", "replay_deal",
    "review_deal",
]
