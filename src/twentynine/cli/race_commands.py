"""The coach's commands for Twenty-Five: ``twentynine stats``, ``history``, ``review`` and
``export`` with ``--game twentyfive``, on the Twenty-Five history
(:mod:`twentynine.coach.race_history`), kept apart from Twenty-Nine's.

A deal is named ``GAME.DEAL``: the first characters of its game's id (as ``history``
lists them, any unambiguous start) and the deal's number in that game (``3f9a2c.2``).
``stats`` and ``history`` first review the deals a table left unreviewed (quit before
its review finished), so their mistakes count; ``--no-review`` leaves them.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..coach.phrases import count
from ..coach.race_history import DealEntry, GameEntry, RaceHistory, race_history_path
from ..coach.race_review import MISTAKE, RaceReview, review_deal
from ..common.storage import write_atomic
from ..tui.twentyfive_coach import race_stats_text
from ..tui.twentyfive_widgets import seat_name
from ..twentyfive.race_stats import stats_path, table_name
from ..twentyfive.replay import ReplayError, dumps

ID_CHARS = 6
"""How much of a game's id ``history`` shows."""


def _fail(message: str) -> int:
    print(f"twentynine: error: {message}", file=sys.stderr)
    return 2


def deal_id(g: GameEntry, d: DealEntry) -> str:
    """``3f9a2c.2``."""
    return f"{g.id[:ID_CHARS]}.{d.number}"


def find_deal(history: RaceHistory, text: str) -> tuple[GameEntry, DealEntry] | str:
    """The game and deal ``text`` names, or why there is none."""
    game, _, number = text.partition(".")
    if not game or not number.isdigit():
        return (f"{text!r} is not a Twenty-Five deal id: GAME.DEAL, as `twentynine history "
                f"--game twentyfive` lists them")
    games = [g for g in history.games if g.id.startswith(game)]
    if len(games) > 1:
        return f"{game!r} starts more than one game's id: give more of it"
    d = None if not games else next((x for x in games[0].deals
                                     if x.number == int(number)), None)
    if d is None:
        return (f"no deal {text!r} in the Twenty-Five history (see `twentynine history "
                f"--game twentyfive`)")
    return games[0], d


def last_deal(history: RaceHistory) -> tuple[GameEntry, DealEntry] | None:
    """The last deal kept (of the last game with any)."""
    for g in reversed(history.games):
        if g.deals:
            return g, g.deals[-1]
    return None


def review_of(history: RaceHistory, g: GameEntry, d: DealEntry) -> RaceReview:
    """The deal's kept review, or made now (with the table's names) and kept.  Raises
    :class:`~twentynine.twentyfive.replay.ReplayError` if the record does not replay."""
    kept = history.review_of(g.id, d.number)
    if kept is not None:
        return kept

    def progress(k: int, n: int) -> None:
        sys.stderr.write(f"\rreviewing deal {deal_id(g, d)}: {k}/{n} decisions \x1b[K")
        sys.stderr.flush()

    review = review_deal(g.record, d.number, names=seat_name, progress=progress)
    sys.stderr.write("\r\x1b[K")
    history.keep_review(g.id, review)
    return review


def unreviewed(history: RaceHistory) -> list[tuple[GameEntry, DealEntry]]:
    return [(g, d) for g in history.games for d in g.deals
            if history.review_of(g.id, d.number) is None]


def catch_up(history: RaceHistory, console: Console, *, review: bool) -> None:
    """Review the deals left unreviewed (Ctrl-C stops: the rest are then not counted)."""
    left = unreviewed(history)
    if not left:
        return
    said = f"{count(len(left), 'deal')} not yet reviewed"
    if not review:
        console.print(f"{said}: their mistakes are not counted.")
        return
    console.print(f"{said}: reviewing {'it' if len(left) == 1 else 'them'} now (Ctrl-C "
                  f"stops; the rest are then not counted).")
    try:
        for g, d in left:
            try:
                review_of(history, g, d)
            except ReplayError as exc:
                console.print(f"deal {deal_id(g, d)} could not be reviewed: {exc}")
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        console.print(f"Stopped: {count(len(unreviewed(history)), 'deal')} left.")


def history_table(history: RaceHistory, games: int = 20) -> Table:
    """The latest games of Twenty-Five and their deals."""
    t = Table(title="Your games of Twenty-Five", title_justify="left")
    t.add_column("deal id", no_wrap=True)
    t.add_column("started")
    t.add_column("table")
    t.add_column("deal", justify="right")
    t.add_column("result")
    t.add_column("notes")
    rows = history.games[-games:]
    for g in rows:
        outcome = "unfinished" if not g.finished else ("won" if g.won else "lost")
        try:
            kind = table_name(g.rules)
            target = g.rules.target
        except (ValueError, TypeError):
            kind, target = "?", 0
        hints = sum(d.hints for d in g.deals) + g.open_hints
        t.add_row(g.id[:ID_CHARS], g.started, kind, "",
                  Text(f"game: {outcome} (race to {target})", style="bold"),
                  count(hints, "hint") if hints else "")
        for d in g.deals:
            notes = []
            if d.mistakes is not None:
                notes.append(count(d.mistakes, "mistake"))
            if d.hints:
                notes.append(count(d.hints, "hint"))
            if d.robbed:
                notes.append("robbed")
            elif d.could_rob:
                notes.append("did not rob")
            if d.could_hold:
                notes.append(f"held back {d.held} of {d.could_hold}")
            t.add_row(deal_id(g, d), "", "", str(d.number),
                      f"your side took {d.tricks_us} of {d.tricks} tricks", ", ".join(notes))
    if not rows:
        t.caption = "No game yet: finished deals are kept here as you play."
    return t


def review_text(review: RaceReview, title: str) -> list[str]:
    """The review as the table's review screen writes it, under a title."""
    lines = review.lines()
    return [title, *lines]


def run(opts: argparse.Namespace) -> int:
    """``stats``, ``history``, ``review`` or ``export`` with ``--game twentyfive``."""
    console = Console(highlight=False)
    history = RaceHistory(race_history_path())
    if history.problem:
        console.print(history.problem, style="yellow")
    cmd = opts.command
    if cmd == "stats":
        catch_up(history, console, review=not opts.no_review)
        console.print(race_stats_text(stats_path(), history))
        return 0
    if cmd == "history":
        if opts.games < 1:
            return _fail("--games must be 1 or more")
        catch_up(history, console, review=not opts.no_review)
        console.print(history_table(history, opts.games))
        return 0
    if cmd == "export":
        found = find_deal(history, opts.deal_id)
        if isinstance(found, str):
            return _fail(found)
        text = dumps(found[0].record) + "\n"
        if opts.output is None:
            sys.stdout.write(text)
            return 0
        try:
            write_atomic(Path(opts.output), text, private=False)
        except OSError as exc:
            return _fail(f"cannot write {opts.output}: {exc}")
        console.print(f"The game of deal {opts.deal_id} written to {opts.output}")
        return 0
    # review
    if opts.pending:
        catch_up(history, console, review=True)
        console.print("Every deal in the Twenty-Five history is reviewed."
                      if not unreviewed(history) else "")
        return 0
    if opts.seat is not None:
        return _fail("--seat is for a Twenty-Nine record file; a Twenty-Five review is "
                     "of your own seat")
    if opts.last == (opts.target is not None):
        return _fail("review needs one of --last or a deal id (GAME.DEAL)")
    if opts.last:
        got = last_deal(history)
        if got is None:
            return _fail("no deal in the Twenty-Five history yet")
    else:
        found = find_deal(history, opts.target)
        if isinstance(found, str):
            return _fail(found)
        got = found
    g, d = got
    try:
        review = review_of(history, g, d)
    except ReplayError as exc:
        return _fail(f"deal {deal_id(g, d)} does not replay: {exc}")
    for i, line in enumerate(review_text(review, f"Deal {deal_id(g, d)} (game started "
                                                 f"{g.started})")):
        style = "bold" if i == 0 or line.startswith(MISTAKE) else None
        console.print(line, style=style)
    return 0


__all__ = ["deal_id", "find_deal", "history_table", "last_deal", "review_of", "run"]
