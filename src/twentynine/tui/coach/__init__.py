"""The coach at the table: the hint panel, the review screen and the statistics screen.

The numbers come from :mod:`twentynine.coach`; these modules only lay them out.  Long
computations (a hint, a review) run in worker threads; the screens show a "thinking"
state and stay responsive.

- :mod:`.hint_panel`: the suggestion for the player's turn, under the trick;
- :mod:`.review_screen`: a finished deal graded decision by decision (and ``twentynine
  review``);
- :mod:`.stats_screen`: the statistics of the whole history;
- :mod:`.table_coach`: what the table app asks of the coach.
"""

from __future__ import annotations

from .hint_panel import HintPanel, option_entry, selection_words
from .review_screen import ReviewApp, ReviewScreen, deal_text, result_text, run_review, trick_text
from .stats_screen import StatsScreen
from .table_coach import TableCoach

__all__ = ["HintPanel", "ReviewApp", "ReviewScreen", "StatsScreen", "TableCoach", "deal_text",
           "option_entry", "result_text", "run_review", "selection_words", "trick_text"]
