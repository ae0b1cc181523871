"""The coach's side of the table app: the history, the recorder of finished deals, the hint
panel's requests and the coach's screens."""

from __future__ import annotations

import subprocess
from pathlib import Path

from ...coach.history import history_path, open_history
from ...coach.pending import start_background_review
from ...coach.recorder import DealRecorder
from ...coach.review import REVIEW_VERSION, Grader, strongest_hint
from ...coach.stats import compute_stats
from ...controller.local_table import TableController
from ...controller.table_like import TableLike
from .hint_panel import HintPanel
from .review_screen import ReviewScreen
from .stats_screen import StatsScreen


# --------------------------------------------------------------------------- at the table
class TableCoach:
    """The coach's side of the table app: the history (opened once), the recorder on the
    table's listener, the hint panel's requests and the coach's screens.  The app keeps
    one and delegates its hint, statistics and review keys to it."""

    def __init__(self, table: TableLike, data_dir: Path | str | None = None) -> None:
        self.table = table
        opened = open_history(history_path(data_dir))
        self.history = opened.history
        self.message = opened.message
        """A problem with the history file (set aside, newer schema) for the player."""
        self.grader: Grader = strongest_hint
        """What grades the reviews opened at this table (tests pass a quicker one)."""
        self.recorder: DealRecorder | None = None
        self.background_reviews = True
        """Review each finished deal in a low-priority process of its own
        (:func:`~twentynine.coach.pending.start_background_review`); tests that play
        many deals turn it off."""
        self.reviewer: subprocess.Popen[bytes] | None = None
        """The last background reviewer started."""
        self._running: list[subprocess.Popen[bytes]] = []
        if self.history is not None and isinstance(table, TableController):
            # a local table's deals (a shared table's game is its server's to keep)
            self.recorder = DealRecorder(table, self.history)
            self.recorder.stored = self._deal_stored

    def _deal_stored(self, _deal_id: int) -> None:
        self.start_reviews()

    # ------------------------------------------------------------------ reviews
    def start_reviews(self) -> bool:
        """Start the background reviewer if a stored deal has no current review (after
        each deal, and when the table opens: what a quit or a kill left is caught up);
        True if one was started.  It runs apart from the table (its own process, at a low
        priority), and only one runs at a time: a second one started meanwhile sees the
        first and leaves at once."""
        if not self.background_reviews or self.history is None or self.recorder is None:
            return False
        # those started before and done by now are reaped (no zombie left behind)
        self._running = [p for p in self._running if p.poll() is None]
        if not self.history.unreviewed(REVIEW_VERSION):
            return False
        self.reviewer = start_background_review(self.history.path)
        if self.reviewer is None:
            return False
        self._running.append(self.reviewer)
        return True

    # ------------------------------------------------------------------ hints
    def hint_problem(self) -> str | None:
        """Why no hint can be given now, or None."""
        t = self.table
        if t.is_over or t.deal_over:
            return "No hint: the deal is over"
        if t.turn != t.seat:
            return "No hint: it is not your turn"
        if len(t.legal_actions()) < 1:
            return "No hint: nothing to decide"
        return None

    def request_hint(self, panel: HintPanel) -> str | None:
        """Ask ``panel`` for a hint on the player's view; a message if none can be given."""
        problem = self.hint_problem()
        if problem is not None:
            return problem
        panel.request(self.table.view(), self.table.position)
        return None

    def hint_shown(self) -> None:
        """A hint reached the player: count it (kept in the save and the history)."""
        self.table.note_hint()

    # ------------------------------------------------------------------ screens
    def stats_screen(self) -> StatsScreen:
        """The statistics of the whole history."""
        if self.history is None:
            return StatsScreen(None, self.message or "There is no history to count.")
        return StatsScreen(compute_stats(self.history.games(), self.history.deals()))

    def review_screen(self) -> ReviewScreen | str:
        """The review of the last deal finished at this table, able to page through the
        game's other deals; or why there is none."""
        if self.history is None or self.recorder is None:
            return self.message or "The history is not available: no review."
        if self.recorder.problem:
            return self.recorder.problem
        rows = self.history.deals(self.recorder.game_id)
        if not rows:
            return "No finished deal in this game yet."
        last = rows[-1]
        if self.recorder.last_deal_id is not None:
            last = next((r for r in rows if r.id == self.recorder.last_deal_id), last)
        return ReviewScreen(last.record, last.seat, history=self.history, row=last,
                            rows=rows, grader=self.grader)

    def close(self) -> None:
        """Close the history."""
        if self.history is not None:
            self.history.close()
