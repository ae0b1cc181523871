"""``twentynine play --game twentyfive``: the app that holds Twenty-Five's table screen,
its save, settings and statistics files, and a new game after the last."""

from __future__ import annotations

import argparse
import contextlib
from pathlib import Path

from textual.app import App
from textual.binding import Binding

from ..twentyfive import HouseRules, RaceWon
from ..twentyfive import house_rules as options
from ..twentyfive.race_stats import record_game, stats_path
from ..twentyfive.race_table import (
    RaceTable,
    RaceTableLike,
    load_settings,
    save_path,
    settings_path,
)
from .theme import THEME, share_parsed_css
from .twentyfive_screen import RaceScreen
from .wording import REPLACES_SAVE, RULES_KEPT

FIRST_GAME_TIP = ("New to Twenty-Five? Follow suit or play a trump; each trick is worth "
                  "5 and the first to 25 wins. ? has the rules.")
"""The log's first line until a player has finished a game."""


class TwentyFiveApp(App[int]):
    """The Twenty-Five table: you at seat 0 against (or with) the bots."""

    TITLE = "Twenty-Five"
    ENABLE_COMMAND_PALETTE = False

    def __init__(self, rules: HouseRules | None = None, *, seed: int | None = None,
                 bots: str | None = None, resume: bool = False,
                 data_dir: Path | None = None, bot_delay: float = 0.6,
                 notices: list[str] | None = None, table: RaceTableLike | None = None
                 ) -> None:
        """``table``: play through it (a seat at a hosted table, ``twentynine join``)
        instead of a local table of one's own."""
        super().__init__()
        self.register_theme(THEME)
        self.theme = THEME.name
        share_parsed_css(self)
        self.save_file = save_path(data_dir)
        self.settings_file = settings_path(data_dir)
        self.stats_file = stats_path(data_dir)
        self.bot_delay = bot_delay
        self.background_reviews = True
        """Each finished deal is reviewed at once, in a worker thread, so that the review
        key finds it made; False: a deal is reviewed when it is asked for."""
        self.notices = list(notices or [])
        self.rules = rules or HouseRules()
        self.bots = bots
        self.table: RaceTableLike | None = table
        if table is not None:
            self.rules = table.rules
        elif resume:
            table, message = RaceTable.resume(self.save_file, bots=bots)
            if message:
                self.notices.append(message)
            if table is None and message is None:
                self.notices.append("There is no saved game of Twenty-Five: a new one "
                                    "begins.")
            self.table = table
        self.replacing: RaceTable | None = None
        """The new game that replaces the saved one at the player's first move (until
        then a quit leaves the saved game there to resume)."""
        if self.table is None and self.save_file.exists():
            saved, message = RaceTable.resume(self.save_file)  # a damaged one set aside
            if message:
                self.notices.append(message)
            if saved is not None:
                self.notices.append(REPLACES_SAVE)
                self.replacing = RaceTable(self.rules, seed=seed, bots=bots)
                self.table = self.replacing
        if self.table is None:
            self.table = RaceTable(self.rules, seed=seed, bots=bots,
                                   save_file=self.save_file)
        self.first_game = not self.stats_file.exists()
        """No game finished yet: the log opens with :data:`FIRST_GAME_TIP`."""

    def on_mount(self) -> None:
        assert self.table is not None
        self.push_screen(RaceScreen(self.table, self.notices))

    @property
    def screen_table(self) -> RaceTableLike:
        assert self.table is not None
        return self.table

    def first_move_made(self) -> None:
        """The player moved: a new game that was to replace the saved one now does."""
        table, self.replacing = self.replacing, None
        if table is not None:
            table.save_file = self.save_file
            table.save()

    def get_key_display(self, binding: Binding) -> str:
        """The footer names the card keys of the cards held: ``1-3`` with three."""
        if binding.action.startswith("card(") and self.table is not None:
            n = len(self.table.view().hand)
            return f"1-{n}" if n > 1 else "1"
        return super().get_key_display(binding)

    def record_result(self, won: RaceWon) -> None:
        """Count the finished game in the statistics (a game of one's own)."""
        table = self.screen_table
        if table.shared:
            return
        record_game(self.stats_file, table.rules, won.side == table.rules.side_of(0))

    def table_news(self, news: object) -> None:
        """A word from a hosted table's server (a refusal, a notice): on the status line."""
        text = getattr(news, "text", "")
        if text and isinstance(self.screen, RaceScreen):
            self.screen.say(str(text))

    def new_game(self) -> None:
        """A new game with the saved default options (else this game's); at a hosted
        table, the table's next game (the server deals it when a player asks)."""
        old = self.screen_table
        if old.shared:
            ask = getattr(old, "new_game", None)
            if ask is not None:
                ask()
            return
        rules, level, _ = load_settings(self.settings_file)
        self.table = RaceTable(rules or old.rules, bots=level or old.bots,
                               save_file=self.save_file)
        self.switch_screen(RaceScreen(self.table))


def run_twentyfive(opts: argparse.Namespace, rules: HouseRules) -> int:
    """Start the table with the ``play --game twentyfive`` options, laid over the
    player's saved default settings."""
    notices: list[str] = []
    saved, level, problem = load_settings(settings_path())
    if problem:
        notices.append(problem)
    if saved is not None:
        with contextlib.suppress(ValueError):
            rules = options.from_arguments(opts, saved)
    app = TwentyFiveApp(rules, seed=opts.seed, bots=opts.bots or level,
                        resume=opts.resume, notices=notices)
    if (opts.resume and options.given_arguments(opts) and app.table is not None
            and app.table.rules != rules):
        app.notices.append(RULES_KEPT)
    app.run()
    return app.return_code or 0
