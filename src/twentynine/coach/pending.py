"""Every finished deal reviewed and kept: the reviews not made yet, made one at a time.

The table stores each finished deal in the history (:mod:`~twentynine.coach.recorder`)
and then starts ``twentynine review --pending --background``
(:func:`start_background_review`): a process of its own, at a low priority, that reviews
every stored deal without a current review, newest first, and keeps each review in the
history.  The table's screen and bots never wait for it (it does not share their
interpreter), and a deal the player opens meanwhile is read from what it kept.
Whatever a quit or a kill leaves unreviewed is caught up the next time: when the table
opens, or by ``twentynine stats`` and ``history``, which review them in the foreground
with a progress line.

Several processes may review at once (a table, a second terminal's table, ``stats``):
the locks of :mod:`~twentynine.coach.locks` keep two of them off the same deal, and at
most one background reviewer running.  Writes to the database itself are SQLite's
business (WAL, ``BEGIN IMMEDIATE``, a busy timeout: see
:mod:`~twentynine.coach.history`).
"""

from __future__ import annotations

import os
import sqlite3
import subprocess
import sys
from collections.abc import Callable
from contextlib import suppress
from pathlib import Path

from ..engine.records import RecordError
from .history import HISTORY_NAME, DealRow, History, HistoryError
from .locks import ReviewBusy, locks_for
from .review import REVIEW_VERSION, Grader, Progress, cached_review, strongest_hint

NICE = 10
"""How much the background reviewer lowers its priority (where the platform allows)."""

DealProgress = Callable[[int, int, DealRow, int, int], None]
"""Called as the pending reviews go: (deal number in this run, deals in all, the deal,
decisions graded in it, its decisions in all)."""


def review_one(history: History, row: DealRow, *, wait: bool = True,
               progress: Progress | None = None, grader: Grader = strongest_hint,
               failed: set[int] | None = None) -> bool:
    """Review one stored deal and keep the review, unless another process is on it
    (``wait``: wait for that one, then read what it kept).  False when the deal was left
    to another process, or could not be reviewed (its record no longer replays, the
    database refused the write): then its id goes into ``failed``."""
    try:
        cached_review(history, row, progress=progress, grader=grader, wait=wait)
    except ReviewBusy:
        return False
    except (RecordError, HistoryError, sqlite3.Error):
        if failed is not None:
            failed.add(row.id)
        return False
    return True


def review_pending(history: History, *, progress: DealProgress | None = None,
                   wait: bool = True, grader: Grader = strongest_hint,
                   failed: set[int] | None = None) -> int:
    """Review every stored deal without a current review, newest first, one at a time,
    keeping each.  A deal another process is reviewing is left to it (``wait``: waited
    for at the end); one that cannot be reviewed goes into ``failed`` (and one already
    there is not tried again).  Returns how many deals this call reviewed."""
    failed = failed if failed is not None else set()
    rows = [r for r in reversed(history.unreviewed(REVIEW_VERSION)) if r.id not in failed]
    done = 0
    left: list[DealRow] = []
    for n, row in enumerate(rows, 1):
        def graded(k: int, total: int, row: DealRow = row, n: int = n) -> None:
            if progress is not None:
                progress(n, len(rows), row, k, total)

        if review_one(history, row, wait=False, progress=graded, grader=grader,
                      failed=failed):
            done += 1
        elif locks_for(history).busy(row.id):
            left.append(row)
    if wait:
        for row in left:  # reviewed by another process: wait until it has kept it
            with locks_for(history).deal(row.id, wait=True):
                pass
    return done


def run_background(history: History, grader: Grader = strongest_hint) -> int:
    """The background reviewer's work: unless another one is running, review every
    pending deal; then look again after giving way, so a deal stored while it finished
    is not left behind.  Returns how many deals it reviewed."""
    locks = locks_for(history)
    done = 0
    failed: set[int] = set()  # tried once in this run: not again, or it would loop
    while locks.take_runner():
        try:
            done += review_pending(history, wait=False, grader=grader, failed=failed)
        finally:
            locks.drop_runner()
        rest = [r for r in history.unreviewed(REVIEW_VERSION)
                if r.id not in failed and not locks.busy(r.id)]
        if not rest:
            break
    return done


def lower_priority() -> None:
    """Run at a low priority from now on, so the player's table goes first."""
    nice = getattr(os, "nice", None)
    if nice is not None:
        with suppress(OSError):
            nice(NICE)


def background_command() -> list[str]:
    """The command line of the background reviewer."""
    return [sys.executable, "-m", "twentynine", "review", "--pending", "--background"]


def start_background_review(history_path: Path) -> subprocess.Popen[bytes] | None:
    """Start the background reviewer for the history at ``history_path`` (a data
    directory's ``history.sqlite3``) in a process of its own, detached from the terminal,
    its output dropped; None if it cannot be started."""
    if history_path.name != HISTORY_NAME:
        return None  # the reviewer finds the history by its data directory
    env = dict(os.environ, TWENTYNINE_DATA_DIR=str(history_path.parent))
    try:
        return subprocess.Popen(background_command(), env=env, stdin=subprocess.DEVNULL,
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                start_new_session=True)
    except OSError:
        return None


__all__ = ["NICE", "DealProgress", "background_command", "lower_priority", "review_one",
           "review_pending", "run_background", "start_background_review"]
