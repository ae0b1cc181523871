"""Opening the table: ``twentynine play`` and its options, a new game or a resumed one.

:func:`run_play` starts the app with the command line's options; :func:`open_local_table`
makes the local table the app plays at: a resumed game from the save file (or a new game,
with the reason, when there is none or it is damaged), or a new game that leaves an
unfinished saved one alone until the player's first move.
"""

from __future__ import annotations

import argparse
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path

from ..controller import saves
from ..controller.local_table import TableController
from ..engine.options import rule_flags_given, rules_from
from ..engine.rules import Rules, RulesError
from .wording import REPLACES_SAVE, RULES_KEPT


@dataclass
class Opening:
    """A local table, and what the player must be told about how it was opened."""

    table: TableController
    notices: list[str] = field(default_factory=list)
    """Problems to read before playing on (a damaged file set aside)."""
    status_notice: str = ""
    """A one-line note for the status line at the start."""
    replaces_save: bool = False
    """An unfinished game is saved: this new game replaces it at its first move only."""


def open_local_table(rules: Rules, seed: int | None, resume: bool, save_file: Path, *,
                     bots: str, resume_bots: str | None,
                     take_back_allowed: bool) -> Opening:
    """The table for ``twentynine play``: with ``resume`` the saved game (its bots, unless
    ``resume_bots``), else a new game of ``rules`` with ``bots``."""
    notices: list[str] = []
    status = ""
    replaces = False
    if resume:
        table, message = TableController.resume(save_file, bots=resume_bots,
                                                take_back_allowed=take_back_allowed)
        if message:
            notices.append(message)
        if table is not None:
            return Opening(table, notices)
        if message is None:
            status = "There is no saved game; a new one begins."
    else:
        existing = saves.check_existing(save_file)
        if existing.message:
            notices.append(existing.message)
        if existing.game is not None:
            replaces = True
            status = REPLACES_SAVE
    # an unfinished game on disk is replaced by your first move here, not before: a quit
    # (or a closed window) before it leaves the old game there to resume
    table = TableController(rules, seed=seed, bots=bots,
                            save_file=None if replaces else save_file,
                            take_back_allowed=take_back_allowed)
    return Opening(table, notices, status, replaces)


def run_play(opts: argparse.Namespace, rules: Rules) -> int:
    """Start the table with the ``play`` options.  The player's saved default settings
    (from the settings screen) are the base that the command line's rule flags change;
    the saved preferences are the defaults that ``--bots``, ``--speed`` and ``--timer``
    override for this run."""
    from .app import TwentyNineApp

    notices: list[str] = []
    if not opts.resume:
        saved, problem = saves.load_default_rules(saves.settings_path())
        if problem:
            notices.append(problem)
        if saved is not None:
            with suppress(RulesError):
                rules = rules_from(opts, saved)
    app = TwentyNineApp(rules, seed=opts.seed, bots=opts.bots, speed=opts.speed,
                        timer=opts.timer, resume=opts.resume, notices=notices)
    if opts.resume and rule_flags_given(opts) and rules != app.table.rules:
        app.status_notice = RULES_KEPT
    app.first_run = not app.prefs.seen_intro
    app.run()
    return app.return_code or 0
