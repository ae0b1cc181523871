"""The review of a finished deal: every decision of the player graded, and the same deal
with ``hard`` in the player's seat.

* **Grades.**  The record is replayed to each of the player's decisions (those with more
  than one legal action) and the player's **view at that moment** is handed to the hint
  (:func:`twentynine.coach.hint.hint`): what the player could have known then, nothing
  more.  The action taken is set beside the hint's choice on the figures the hint
  shows, by one rule (:func:`judge`): the chance to make (or beat) the contract and your
  side's card points, the search's game points only where those are alike (and for bids
  and the calls on the stakes, whose figure they are).  A mistake names the better
  action and says why in one line.
* **Double dummy.**  For card play from the fifth trick on (earlier, an exact solve of
  every card takes too long), the exact solver (:func:`twentynine.bots.search.solve_root`)
  values each card **with every hand seen**.  It is a separate column, labelled as
  such: it says what was best with the cards as they lay, not what could be known.
* **Your seat, played by hard.**  The deal is played again from the same cards with
  ``hard`` in the player's seat and the same bots, with the same seeds, in the others;
  both results are shown, as at a duplicate bridge club.

A review is computed once (in the background at the table, with a progress callback)
and kept in the history database (:func:`cached_review`).
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from ..bots import BOTS, make_bot
from ..engine.actions import (
    Action,
    ActionKind,
)
from ..engine.deal import DEAL_OVER, PLAY, Deal
from ..engine.records import RecordError, played_by_table, replay_deal
from ..engine.views import SeatView
from .grading import (  # noqa: F401  (the grading's names, as the review has always given them)
    DD_SECONDS,
    MISTAKE_CARD_POINTS,
    MISTAKE_CHANCE,
    MISTAKE_GAME_POINTS,
    RULE_WORDS,
    STAKE_CODES,
    Verdict,
    _bid_loss,
    _bid_reason,
    _close,
    _dd,
    _is_bid,
    _loss,
    _reason,
    judge,
)
from .hint import (
    FULL_CLOCK,
    STRONGEST,
    Hint,
    action_words,
    hint,
    seat_word,
)
from .locks import ReviewBusy, locks_for

if TYPE_CHECKING:
    from .history import DealRow, GameRow, History

REVIEW_VERSION = 8
"""Bumped when the grading changes, so kept reviews are computed again."""
REPLAY_TIME_CAP = FULL_CLOCK
"""The bots' safety clock in the review (the grading hints and the replay with ``hard``):
their sample counts bound them, so the review is the same every time however busy the
machine; the cap only stops a starved one."""
DD_FROM_TRICK = 4
"""The double-dummy column starts at this trick index (0-based: the fifth trick)."""

FILE_NOTE = ("a record file: the other seats are medium bots with fixed seeds, not the "
             "bots of the table it came from")
"""What the review says of the replay with ``hard`` for a record from outside the
history."""

Progress = Callable[[int, int], None]
"""Called with (decisions done, decisions in all) as the review goes."""


@dataclass(frozen=True, slots=True)
class Grade:
    """One decision of the player."""

    index: int
    """Position of the action in the record's action list."""
    phase: str
    trick: int | None
    """Card play: the trick number, 1 to 8."""
    taken: str
    """The action taken, in plain words."""
    taken_code: int
    best: str
    """The hint's choice for the same view."""
    best_code: int
    loss: float
    """The search's game points a deal given up (0 when the action taken was as good):
    what decides where the figures the hint shows are alike, and for bids and calls on
    the stakes."""
    card_loss: float | None
    """Your side's card points given up, negative when the choice took more (None where
    not simulated, e.g. a bid)."""
    mistake: bool
    reason: str
    """One line: why a mistake, or what the search thought."""
    dd_loss: float | None = None
    """Double dummy (all cards seen): game points given up; None where not solved."""
    dd_best: str | None = None
    by_table: bool = False
    """Played for the player by the table (a decided deal finished with ``f``): not the
    player's decision, so neither graded nor counted."""
    chance_loss: float | None = None
    """The chance to make (or beat) the contract given up, 0 to 1 (negative: gained);
    None where not measured (a bid)."""
    by: str = ""
    """The figure the rule weighed it by (:class:`Verdict`'s ``by``): ``chance``, ``card
    points``, ``game points``, ``better``, ``close``, ``same``."""

    @property
    def mark(self) -> str:
        """``✗`` a mistake, ``~`` close to the search's choice (lower, within the
        mistake's bounds, as its reason says), ``✓`` the rest: the search's choice, as
        good, or better on the figures.  Twenty-Five's review uses the same three."""
        if self.mistake:
            return "✗"
        return "~" if self.reason.lower().startswith("close to") else "✓"


@dataclass(frozen=True, slots=True)
class SeatResult:
    """A deal's result for the player's side."""

    game_points: int
    """Your side's game points this deal minus the other side's (negative: the other
    side gained)."""
    card_points: int
    made: bool | None
    """Whether the contract was made (None: thrown in)."""
    bidder: int | None
    bid: int | None
    ours: int = 0
    """The game points your side's score moved by this deal (0 when the other side bid:
    a defending side's score never falls)."""
    theirs: int = 0
    """The game points the other side's score moved by."""

    def words(self) -> str:
        """The result as the table's summary says it: each side's game points, your side's
        card points."""
        return (f"your side {self.ours:+d}, the other side {self.theirs:+d} game "
                f"point{'s' if abs(self.theirs) != 1 else ''}; your side "
                f"{self.card_points} card points").replace("+0", "0")


@dataclass(frozen=True, slots=True)
class Review:
    """A deal's review."""

    seat: int
    grades: tuple[Grade, ...]
    you: SeatResult
    hard: SeatResult
    """The same deal with ``hard`` in your seat."""
    hard_actions: tuple[str, ...]
    """Every action of that replay (record text form)."""
    version: int = REVIEW_VERSION
    seconds: float = 0.0
    replay_note: str = FILE_NOTE
    """Which bots and seeds sat in the other seats for the replay with ``hard``."""

    @property
    def mistakes(self) -> tuple[Grade, ...]:
        """The grades marked as mistakes."""
        return tuple(g for g in self.grades if g.mistake)

    def to_dict(self) -> dict[str, Any]:
        """JSON-ready form, for the history's cache."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Review:
        """Read :meth:`to_dict`'s form."""
        return cls(data["seat"], tuple(Grade(**g) for g in data["grades"]),
                   SeatResult(**data["you"]), SeatResult(**data["hard"]),
                   tuple(data["hard_actions"]), data["version"], data["seconds"],
                   data.get("replay_note", FILE_NOTE))


def _result(deal: Deal, seat: int) -> SeatResult:
    out = deal.outcome
    assert out is not None
    us = seat & 1
    bidder = out.single_hand if out.single_hand is not None else out.bidder
    return SeatResult(out.game_points[us] - out.game_points[1 - us], out.card_points[us],
                      None if out.thrown_in is not None else out.made,
                      bidder if bidder is not None and bidder >= 0 else None, out.bid or None,
                      out.game_points[us], out.game_points[1 - us])


def bot_seeds(game_seed: int | None, seat: int = 0) -> dict[int, int]:
    """The seeds of the other seats' bots, as the table seeds them (``seed * 4 + seat``);
    with no game seed, fixed ones."""
    base = game_seed if game_seed is not None else 0
    return {s: base * 4 + s for s in range(4) if s != seat}


SeedOf = Callable[[int, int], int]
"""The seed of one bot decision from (seat, actions of the deal so far), as the table
seeds them."""


@dataclass(frozen=True, slots=True)
class ReplayPlan:
    """How the deal is played again with ``hard`` in your seat: the other seats' bots and
    their seeds, and a line saying which (shown beside the result)."""

    bots: str = "medium"
    seeds: Mapping[int, int] | None = None
    seed_of: SeedOf | None = None
    note: str = FILE_NOTE


def replay_plan(game: GameRow | None, row: DealRow | None) -> ReplayPlan:
    """The table's own bots and seeds for a deal the table recorded (each decision seeded
    as the table seeds it); fixed seeds, said so, for anything else (a record file)."""
    if game is None or row is None:
        return ReplayPlan()
    bots = game.bots if game.bots in BOTS else "medium"
    named = "" if bots == game.bots else f" (medium for {game.bots!r})"
    if game.seed is not None and row.first_action is not None:
        from ..controller.local_table import decision_seed

        seed, start = game.seed, row.first_action
        return ReplayPlan(bots, None, lambda s, n: decision_seed(seed, s, start + n),
                          f"the same cards, the same {bots} bots{named} with the table's "
                          f"seeds in the other seats")
    return ReplayPlan(bots, bot_seeds(game.seed, row.seat), None,
                      f"the same cards and {bots} bots{named}; an older record, so the "
                      f"bots' seeds are fixed ones, not the table's")


def replay_with_hard(record: dict[str, Any], seat: int, bots: str = "medium",
                     seeds: Mapping[int, int] | None = None,
                     seed_of: SeedOf | None = None) -> Deal:
    """The record's deal played again from its cards with ``hard`` in ``seat`` and
    ``bots`` in the other seats: each bot seeded once with ``seeds``, or, with
    ``seed_of``, each decision seeded as the table seeds it."""
    deal, _ = replay_deal(dict(record, actions=[]))
    seeds = dict(seeds) if seeds is not None else bot_seeds(None, seat)
    # a generous clock: the bots' sample counts bound them, so the replay is the same
    # every time, however busy the machine
    players = {s: make_bot(STRONGEST if s == seat else bots, seed=seeds.get(s, s),
                           time_budget=REPLAY_TIME_CAP) for s in range(4)}
    n = 0
    while deal.phase_code != DEAL_OVER:
        v = deal.view(deal.turn)
        bot = players[deal.turn]
        if seed_of is not None:
            bot.rng.seed(seed_of(deal.turn, n))
        deal.apply(bot.choose(v, v.legal_actions))
        n += 1
    return deal


Grader = Callable[[SeatView], Hint]
"""What grades a view: by default the strongest bot's hint (:func:`strongest_hint`)."""


def strongest_hint(view: SeatView) -> Hint:
    """The hint of the strongest bot with its own settings, on a generous clock."""
    return hint(view, time_cap=REPLAY_TIME_CAP)


def grade_decision(deal: Deal, seat: int, a: Action, final: Deal | None = None,
                   index: int = 0, double_dummy: bool = True,
                   grader: Grader = strongest_hint) -> Grade:
    """Grade ``seat``'s action ``a`` in ``deal`` (the position before it) from the seat's
    view then; ``final`` (the finished deal) names who took the trick and how the deal
    ended, in the reason."""
    view = deal.view(seat)
    h = grader(view)
    taken = h.option(a)
    partner_bid = view.high_bid if view.bidder is not None and \
        view.bidder == view.partner else None
    loss, card_loss = _loss(h, taken, partner_bid)
    trick = deal.trick_no + 1 if deal.phase_code == PLAY else None
    lost_to = won_by = None
    if final is not None and trick is not None and a.kind is ActionKind.PLAY and \
            len(final.history) > deal.trick_no:
        _lead, _cards, win, pts = final.history[deal.trick_no]
        if (win & 1) != (seat & 1) and a.card is not None and a.card.points:
            n = a.card.points
            lost_to = (f"its {n} point{'s' if n != 1 else ''} went to "
                       f"{seat_word(view, win)}'s trick ({pts} in all)")
        elif (win & 1) == (seat & 1):
            won_by = seat_word(view, win)
    v = judge(h, taken, partner_bid) if taken is not None else Verdict(False, "none")
    if v.cards is not None:
        card_loss = v.cards  # as the hint prints the two figures
    mistake = v.mistake
    if taken is None:
        reason = f"{action_words(a)} was not among the legal actions the hint saw."
    elif _is_bid(h, taken):
        reason = _bid_reason(h, taken, loss, mistake, final, seat, view)
    elif mistake:
        reason = _reason(h, taken, v, trick, lost_to, view, won_by)
    elif taken.action == h.action:
        reason = "The search's choice too."
    else:
        reason = _close(h, taken, v, view)
    dd_loss = dd_best = None
    if double_dummy and deal.phase_code == PLAY and deal.trick_no >= DD_FROM_TRICK:
        dd_loss, dd_best = _dd(deal, a.code)
    return Grade(index, view.phase.value, trick, action_words(a), a.code,
                 h.options[0].words, h.action.code, loss, card_loss, mistake,
                 reason, dd_loss, dd_best, chance_loss=v.chance, by=v.by)


BY_TABLE = "played by the table (f)"
"""How the review names a move the table played for the player."""


def table_grade(deal: Deal, a: Action, index: int) -> Grade:
    """A move the table played for the player (the deal finished with ``f``): shown, not
    graded."""
    trick = deal.trick_no + 1 if deal.phase_code == PLAY else None
    return Grade(index, deal.phase.value, trick, action_words(a), a.code, BY_TABLE, a.code,
                 0.0, None, False,
                 f"{action_words(a)}: {BY_TABLE}, the deal's result being decided: not "
                 f"your decision, so not graded.", by_table=True)


def review_deal(record: dict[str, Any], seat: int = 0, *, plan: ReplayPlan | None = None,
                progress: Progress | None = None,
                double_dummy: bool = True, grader: Grader = strongest_hint) -> Review:
    """Grade every decision of ``seat`` in a finished deal's record and replay the deal
    with ``hard`` in that seat (``grader``: tests of the screens pass a quicker one).
    Raises :class:`~twentynine.engine.records.RecordError` for a record that does not replay or
    a deal not finished."""
    t0 = time.perf_counter()
    final, _ = replay_deal(record)
    if final.outcome is None:
        raise RecordError("the deal is not finished: only a finished deal can be reviewed")
    for_you = played_by_table(record)
    deal, _ = replay_deal(dict(record, actions=[]))
    actions = final.actions
    todo = _decisions(deal, actions, seat)
    total = len(todo) + 1
    grades = []
    done = 0
    for i, a in enumerate(actions):
        if done < len(todo) and todo[done] == i:
            grades.append(table_grade(deal, a, i) if i in for_you else
                          grade_decision(deal, seat, a, final, i, double_dummy, grader))
            done += 1
            if progress is not None:
                progress(done, total)
        deal.apply(a)
    plan = plan or ReplayPlan()
    games = replay_with_hard(record, seat, plan.bots, plan.seeds, plan.seed_of)
    if progress is not None:
        progress(total, total)
    return Review(seat, tuple(grades), _result(final, seat), _result(games, seat),
                  tuple(str(x) for x in games.actions), REVIEW_VERSION,
                  time.perf_counter() - t0, plan.note)


def _decisions(deal: Deal, actions: list[Action], seat: int) -> list[int]:
    """Indices of the actions that were ``seat``'s decisions (more than one legal
    action), ``deal`` being at the start of the record."""
    out = []
    d = deal.clone()
    for i, a in enumerate(actions):
        if d.turn == seat and len(d.legal_codes()) > 1:
            out.append(i)
        d.step(a.code)
    return out


def cached_review(history: History, row: DealRow, *, progress: Progress | None = None,
                  grader: Grader = strongest_hint, wait: bool = True) -> Review:
    """The deal's kept review, or a new one (then kept), replayed with the table's own
    bots and seeds (:func:`replay_plan`).  One review of a deal at a time, in this process
    and across processes (:mod:`~twentynine.coach.locks`): a second caller (the screen
    opened while the background reviewer is on that deal) waits for the first, then reads
    what it kept; with ``wait`` False it raises
    :class:`~twentynine.coach.locks.ReviewBusy` instead of waiting for another process."""
    with _lock_for(str(history.path), row.id), locks_for(history).deal(row.id, wait) as got:
        if not got:
            raise ReviewBusy(f"deal {row.id} is being reviewed by another process")
        return _cached_review(history, row, progress, grader)


_LOCKS: dict[tuple[str, int], threading.Lock] = {}
_LOCKS_GUARD = threading.Lock()


def _lock_for(path: str, deal_id: int) -> threading.Lock:
    with _LOCKS_GUARD:
        return _LOCKS.setdefault((path, deal_id), threading.Lock())


def _cached_review(history: History, row: DealRow, progress: Progress | None,
                   grader: Grader) -> Review:
    data = history.review(row.id, REVIEW_VERSION)
    if data is not None:
        try:
            return Review.from_dict(data)
        except (KeyError, TypeError):
            pass  # an unreadable cache entry: compute it again
    plan = replay_plan(history.game(row.game_id), row)
    rev = review_deal(row.record, row.seat, plan=plan, progress=progress, grader=grader)
    history.save_review(row.id, REVIEW_VERSION, len(rev.mistakes), rev.to_dict())
    return rev


__all__ = [
    "BY_TABLE",
    "MISTAKE_CARD_POINTS",
    "MISTAKE_CHANCE",
    "MISTAKE_GAME_POINTS",
    "REVIEW_VERSION",
    "RULE_WORDS",
    "Grade",
    "ReplayPlan",
    "Review",
    "SeatResult",
    "SeedOf",
    "Verdict",
    "bot_seeds",
    "cached_review",
    "grade_decision",
    "judge",
    "replay_plan",
    "replay_with_hard",
    "review_deal",
    "table_grade",
]
