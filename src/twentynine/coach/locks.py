"""Which process reviews which deal: a lock file beside the history
(``history.sqlite3.reviews.lock``) with one byte-range lock per deal under review, and
byte 0 for the background reviewer (:mod:`~twentynine.coach.pending`).

The operating system drops a killed process's locks, so nothing stays claimed.  Where the
platform has no such locks, two processes may compute the same review: the result is the
same and the second write replaces the first, so only the work is doubled.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager, suppress
from pathlib import Path
from typing import IO, TYPE_CHECKING

if TYPE_CHECKING:
    from .history import History

LOCK_SUFFIX = ".reviews.lock"
"""The lock file's name: the history's, with this after it."""

try:  # POSIX byte-range locks; elsewhere reviews may be computed twice (harmlessly)
    import fcntl
except ImportError:  # pragma: no cover - Windows
    fcntl = None  # type: ignore[assignment]


class ReviewLocks:
    """The lock file of one history, shared by every review in this process.

    POSIX locks belong to a process, and closing any descriptor of the file drops all of
    them: so each process opens the file once (:func:`locks_for`) and keeps it open."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._file: IO[bytes] | None = None
        try:
            self._file = open(path, "a+b")  # noqa: SIM115 - kept open for the process's life
        except OSError:
            self._file = None  # no lock file (a read-only directory): no cross-process locks

    def _lock(self, byte: int, wait: bool) -> bool:
        if fcntl is None or self._file is None:
            return True
        flags = fcntl.LOCK_EX | (0 if wait else fcntl.LOCK_NB)
        try:
            fcntl.lockf(self._file.fileno(), flags, 1, byte)
        except OSError:
            return False
        return True

    def _unlock(self, byte: int) -> None:
        if fcntl is None or self._file is None:
            return
        with suppress(OSError):
            fcntl.lockf(self._file.fileno(), fcntl.LOCK_UN, 1, byte)

    @contextmanager
    def deal(self, deal_id: int, wait: bool) -> Iterator[bool]:
        """Claim a deal's review: yields whether this process has it (with ``wait``,
        after the process reviewing it is done)."""
        got = self._lock(deal_id, wait)
        try:
            yield got
        finally:
            if got:
                self._unlock(deal_id)

    def busy(self, deal_id: int) -> bool:
        """Whether another process is reviewing this deal now."""
        if not self._lock(deal_id, False):
            return True
        self._unlock(deal_id)
        return False

    def take_runner(self) -> bool:
        """Become the one background reviewer (False: another one is running)."""
        return self._lock(0, False)

    def drop_runner(self) -> None:
        """No longer the background reviewer."""
        self._unlock(0)


class ReviewBusy(Exception):
    """Another process is reviewing this deal (and the caller would not wait)."""


_LOCKS: dict[Path, ReviewLocks] = {}
_LOCKS_GUARD = threading.Lock()


def locks_for(history: History) -> ReviewLocks:
    """This process's lock file for ``history``."""
    path = Path(str(history.path) + LOCK_SUFFIX)
    with _LOCKS_GUARD:
        found = _LOCKS.get(path)
        if found is None:
            found = _LOCKS[path] = ReviewLocks(path)
        return found


__all__ = ["LOCK_SUFFIX", "ReviewBusy", "ReviewLocks", "locks_for"]
