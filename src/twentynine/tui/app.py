"""The Textual table: ``twentynine play``.

The app is wiring: widgets -> :class:`~twentynine.controller.table_like.TableLike` -> events
-> widgets.
Its first screen is the :class:`~twentynine.tui.table_screen.TableScreen` (the table's
widgets, the moves' keys and the redraw); the human's selection and the rules of the keys
of a turn are the :class:`~twentynine.tui.turn.TurnModel`; what comes after each move
(the bots, at the pace of :mod:`~twentynine.tui.pacing`) is the
:class:`~twentynine.tui.flow.TableFlow`.  Which keys apply, and why one does not, is
:mod:`~twentynine.tui.keys`; opening the table is :mod:`~twentynine.tui.launch`.

The app itself holds what lives above the table: the preferences, the dialogs (help,
quit, settings, the last trick, the coach's screens), the keys that work over a dialog,
and a clean exit on a signal.
"""

from __future__ import annotations

import asyncio
import os
import random
import signal
import threading
from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import App
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.events import Resize
from textual.screen import Screen

from ..bots import known_bot
from ..controller import saves
from ..controller.local_table import TableController
from ..controller.table_like import News, TableLike
from ..engine.deal import IllegalActionError
from ..engine.rules import Rules
from ..engine.words import rules_line
from .coach import HintPanel, TableCoach
from .keys import APP_BINDINGS, busy_reason, finish_refusal, footer_rank, why_not
from .launch import open_local_table
from .pacing import SPEEDS, Pace
from .prefs import Preferences, load_prefs, prefs_path, save_prefs
from .screens import (
    GameOverScreen,
    NoticeScreen,
    QuitScreen,
    RulesScreen,
    SummaryScreen,
    TricksScreen,
)
from .settings import Choice
from .settings_screen import SettingsScreen
from .table_screen import TableScreen
from .theme import THEME, share_parsed_css
from .turn import TurnModel
from .wording import trump_news, trump_shown_in


class TwentyNineApp(App[None]):
    """The table: you (South) and a bot partner (North) against two bots."""

    # the dialogs' stylesheet too, from the start: a screen that brings a new stylesheet
    # makes Textual parse every stylesheet again and restyle the whole table, at the
    # first dialog of a run (the intro card, the rules page, the quit dialog ...)
    CSS_PATH = ["table.tcss", "screens.tcss"]  # noqa: RUF012
    TITLE = "Twenty-Nine"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-normal"), (120, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = APP_BINDINGS

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 bots: str | None = None, speed: str | None = None,
                 timer: float | None = None, resume: bool = False,
                 data_dir: Path | str | None = None, notices: list[str] | None = None,
                 prefs: Preferences | None = None, table: TableLike | None = None,
                 first_run: bool = False) -> None:
        """The table.  ``prefs`` (else the saved preferences) are the defaults; ``bots``,
        ``speed`` and ``timer`` (the command line's flags) override them for this run.
        ``table`` plays through another
        :class:`~twentynine.controller.table_like.TableLike` (a remote one) instead of a
        local controller."""
        super().__init__()
        self.first_run = first_run
        """Show the first-run card (the game on one page) when the table opens."""
        self.register_theme(THEME)
        self.theme = THEME.name
        self.stylesheet.set_variables(self.get_css_variables())  # the .tcss use $felt ...
        share_parsed_css(self)
        if prefs is None:
            prefs, problem = load_prefs(prefs_path(saves.data_dir(data_dir)))
            notices = [*(notices or []), *([problem] if problem else [])]
        name = bots if bots is not None else prefs.bots
        self.bot_name = known_bot(name)
        self.speed = speed if speed in SPEEDS else prefs.speed
        timer = timer if timer is not None else prefs.timer
        self.prefs = prefs.replace(bots=self.bot_name, speed=self.speed, timer=timer)
        """The table preferences in use: the saved ones, this run's flags over them (the
        settings screen changes them)."""
        self.save_file = saves.save_path(data_dir)
        self.settings_file = saves.settings_path(data_dir)
        self.startup_messages: list[str] = list(notices or [])
        """Problems the player must read before playing on (a damaged file set aside)."""
        self.status_notice = ""
        """A one-line note for the status line at the start (not a dialog, not the log)."""
        self._replacing: TableController | None = None
        """The new local game that replaces the saved one at its first move."""
        self._seed = seed
        if table is None:
            opening = open_local_table(
                rules or Rules(), seed, resume, self.save_file, bots=self.bot_name,
                resume_bots=bots,  # checked above (bot_name)
                take_back_allowed=self.prefs.take_back)
            self.startup_messages += opening.notices
            self.status_notice = opening.status_notice
            if opening.replaces_save:
                self._replacing = opening.table
            table = opening.table
        self.table: TableLike = table
        self.next_rules: Rules | None = None
        """Rules chosen during a game, for the next one."""
        self.coach = TableCoach(self.table, data_dir)
        """Hints, reviews, statistics; every finished deal recorded in the history."""
        if self.coach.message:
            self.startup_messages.append(self.coach.message)
        self.table_screen = TableScreen(self.table, TurnModel(timer), Pace.for_speed(self.speed))
        """The table's own screen (below any dialog)."""
        self.table.add_news(self.table_news)

    def get_default_screen(self) -> Screen[None]:
        return self.table_screen

    @property
    def timer(self) -> float | None:
        """Seconds per move of the human's, or None for no clock."""
        return self.table_screen.turn.timer

    @property
    def shared_table(self) -> bool:
        """The game is on a table server (``twentynine join``): the host's server decides
        every move, so there is no take-back (and the game's rules are the host's)."""
        return self.table.shared

    @property
    def idle(self) -> bool:
        """Nothing is under way: the human is to move, a dialog is open, or the game is
        over (no bot move, trick gathering or automatic play pending).  Tests wait for
        this."""
        return self.table_screen.flow.idle

    def modal_open(self) -> bool:
        """A dialog is open over the table."""
        return len(self.screen_stack) > 1

    # ------------------------------------------------------------------ start and end
    def table_opened(self) -> None:
        """The table screen is up: what must be said first, then the game."""
        self._install_signal_handlers()
        self.coach.start_reviews()  # deals a quit or a kill left unreviewed
        screen = self.table_screen
        if self.status_notice:
            screen.say(self.status_notice, "bold")
        if self.first_run:
            self._show_first_run_card()
        if self.startup_messages:
            self.push_screen(NoticeScreen("Please note", self.startup_messages),
                             screen.flow.after_modal)
        if self.shared_table:
            # a remote table moves by itself (its server plays the other seats)
            screen.news_game = self.table.position[0]
            self.table.add_listener(screen.table_news)

    def first_move_made(self) -> None:
        """The human moved: a new game that was to replace the saved one now does."""
        table, self._replacing = self._replacing, None
        if table is not None:  # your first move: this game is the saved one now
            table.save_file = self.save_file
            table.save()

    def table_news(self, news: News) -> None:
        """The table's news (a local or a remote table's alike), drawn by its kind; none
        once the app has closed."""
        if self.table_screen.up and not self.is_running:
            return  # the table was drawn and the app has closed since
        self.table_screen.show_news(news)

    def _install_signal_handlers(self) -> None:
        """A closed terminal (SIGHUP) or a ``kill`` (SIGTERM): save and exit cleanly."""
        with suppress(NotImplementedError, RuntimeError, ValueError):
            loop = asyncio.get_running_loop()
            for sig in (signal.SIGHUP, signal.SIGTERM):
                loop.add_signal_handler(sig, self._on_signal)

    def _on_signal(self) -> None:
        self.table.save()
        # a terminal that hung up can stall the way out: the game is saved, so end anyway
        threading.Timer(3.0, os._exit, args=(0,)).start()
        self.exit(return_code=0)

    def _show_first_run_card(self) -> None:
        """The very first launch: the first page of ``?`` (the game on one screen, then the
        full rules), and it is remembered as seen."""
        self.action_rules()
        path = prefs_path(self.save_file.parent)
        saved, _problem = load_prefs(path)  # a damaged file was reported when loaded
        try:
            save_prefs(saved.replace(seen_intro=True), path)
        except OSError as exc:
            self.notify(f"Could not save the table settings: {exc}", severity="error",
                        timeout=12)
        self.prefs = self.prefs.replace(seen_intro=True)

    def on_resize(self, event: Resize) -> None:
        if self.table_screen.is_mounted:
            self.table_screen.fit(event.size.width, event.size.height)

    async def on_event(self, event: events.Event) -> None:
        """Every Enter counts for the table's bursts, wherever it goes (the deal summary, a
        dialog, the table while a bot moves): a burst that began before a turn makes no
        decision on it (:meth:`~twentynine.tui.turn.TurnModel.in_old_burst`)."""
        if isinstance(event, events.Key) and event.key == "enter" and not event.is_forwarded:
            turn = self.table_screen.turn
            turn.pressed_enter(turn.clock())
        await super().on_event(event)

    def pop_screen(self) -> AwaitComplete:
        """A dialog closes: Enter waits a moment before it plays or bids again."""
        self.table_screen.turn.dialog_closed(self.table_screen.turn.clock())
        return super().pop_screen()

    def action_request_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if self.table.is_over:
            self.exit()
            return
        leave = self.table.leave_text  # a shared table: rejoin, not resume
        if leave is None and os.environ.get(saves.ENV_SAVE):
            leave = ("Your game will be saved: open this page again to continue it.", "")
        if leave is None and self._replacing is not None:  # no move yet: nothing of it is saved,
            # so the button does not offer to save it
            self.push_screen(QuitScreen(
                "", "This game has no move yet: your earlier game stays saved. To continue "
                "it:\ntwentynine play --resume", "Quit", title="Quit the game?"),
                self._after_quit_dialog)
            return
        self.push_screen(QuitScreen("", *(leave or ())), self._after_quit_dialog)

    def _after_quit_dialog(self, yes: bool | None) -> None:
        if yes and self.save_now():
            self.exit()
            return
        self.table_screen.flow.after_modal()

    async def action_quit(self) -> None:
        """ctrl+q: save (if a game is going on) and quit without asking."""
        self.save_now()
        self.exit()

    def save_now(self) -> bool:
        """Save the game (a finished game removes the save); False if it failed."""
        if self.table.save():
            return True
        error = self.table.save_error or "Could not save the game"
        self.notify(error, severity="error", timeout=12)
        self.table_screen.refuse(error)
        return False

    # ------------------------------------------------------------------ the keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return not self.shared_table  # hidden from the footer; u says why (host_decides)
        if action == "host_decides":
            return self.shared_table
        if action == "stats":  # at the table, and after a deal or the game as review is
            return not self.modal_open() or isinstance(self.screen, (SummaryScreen,
                                                                     GameOverScreen))
        if action == "settings":
            return not self.modal_open()
        if action == "last_trick":
            return not self.modal_open() and bool(self.table.view().tricks)
        if action == "no_last_trick":
            return not self.modal_open() and not self.table.view().tricks
        return True

    def get_key_display(self, binding: Binding) -> str:
        """The footer shows the real range of card keys: ``1-6`` with six cards."""
        if binding.action.startswith("card(") and self.screen_stack:
            n = len(self.table.view().hand)
            return f"1-{n}" if n > 1 else "1"
        return super().get_key_display(binding)

    def footer_rank(self, binding: Binding) -> int | None:
        """How long ``binding`` stays in a footer short of room, or None to leave it out
        (see :func:`~twentynine.tui.keys.footer_rank`)."""
        return footer_rank(binding, self.table.take_back_allowed)

    def action_refused(self, key: str) -> None:
        """A gameplay key that does not apply now: say why, in a player's words."""
        self.table_screen.refuse(why_not(key, self.table, self._busy))

    def _busy(self, name: str) -> str | None:
        return busy_reason(name, self.table, dialog=self.modal_open(),
                           gathering=self.table_screen.flow.gathering)

    def action_host_decides(self) -> None:
        """``u`` at a shared table: say why it is off."""
        self.table_screen.refuse("Take back: not at a shared table, where the host's "
                                 "server decides every move")

    def action_take_back(self) -> None:
        """Take back your last decision in this deal (and the bots' moves after it)."""
        if self.modal_open():
            return
        screen = self.table_screen
        problem = self.table.take_back_problem()
        if problem is not None:
            screen.refuse(f"Take back: {problem[:1].lower()}{problem[1:]}")
            return
        screen.flow.take_back()
        n = self.table.take_backs_used
        screen.say(f"Taken back: your move again (take-backs this game: {n})", "bold")
        screen.refresh_status()

    def action_not_decided(self) -> None:
        """``f`` while the deal's result can still change: say why nothing is finished."""
        self.table_screen.refuse(finish_refusal(self.table, dialog=self.modal_open()))

    def action_no_last_trick(self) -> None:
        """``l`` before the first trick of the deal is over: say why nothing shows."""
        self.table_screen.refuse("Last trick: no trick has been played yet in this deal")

    def action_last_trick(self) -> None:
        """``l``: the deal's finished tricks, the last one first (←→ go through them)."""
        v = self.table.view()
        if v.tricks:
            rules, events = self.table.rules, list(self.table.events)
            news = []
            for i in range(len(v.tricks)):
                shown = trump_shown_in(events, i)
                news.append(trump_news(rules, shown) if shown else "")
            self.push_screen(TricksScreen(rules, v.tricks, news),
                             self.table_screen.flow.after_modal)

    def action_rules(self) -> None:
        if isinstance(self.screen, RulesScreen):
            return
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(self.table.rules), "rules")  # drawn once, kept
        self.push_screen("rules", self.table_screen.flow.after_modal)

    def action_hint(self) -> None:
        """Ask the coach for a hint on your view (it thinks in a worker thread); asked
        again while one is shown, hide it."""
        table = self.table_screen
        panels = table.query(HintPanel)
        if panels and panels.first().hint is not None:
            panels.first().remove()  # i again: hide the hint (the trick shows again)
            return
        if panels:
            panel = panels.first()
        else:  # shown under the trick only while there is a hint
            panel = HintPanel(id="hint")
            table.query_one("#table").mount(panel, before="#seat-south")
        problem = table.busy("Hint") or self.coach.request_hint(panel)
        if problem is not None:
            table.refuse(problem)

    def action_stats(self) -> None:
        """The statistics of every game in the history."""
        self.push_screen(self.coach.stats_screen())

    def action_review(self) -> None:
        """The review of the deal just finished (from the deal summary or game over); the
        page keys go through the game's other deals."""
        screen = self.coach.review_screen()
        if isinstance(screen, str):
            self.notify(screen, severity="warning")
            return
        self.push_screen(screen)

    # ------------------------------------------------------------------ games and settings
    def after_game_over(self, choice: str | None) -> None:
        """The game over dialog closed: another game, the settings, or the end."""
        if self.shared_table:
            self.exit()  # closed (n asks for the next game; its coming closes the dialog)
            return
        if choice == "settings":
            self._open_settings()
            return
        if choice != "again":
            self.exit()
            return
        seed = random.randrange(1_000_000) if self._seed is None else self.table.seed + 1
        self.new_game(seed, self.next_rules or self.table.rules)

    def ask_next_game(self) -> str | None:
        """At a shared table, once the game is over: ask its server for the next game
        (its first state starts it here); why it cannot be asked for now, or None."""
        try:
            self.table.new_game(0)
        except IllegalActionError as exc:
            return str(exc)
        return None

    def new_game(self, seed: int, rules: Rules) -> None:
        """Start a fresh game (after game over, or with new settings)."""
        if rules != self.table.rules and self.is_screen_installed("rules"):
            self.uninstall_screen("rules")  # it lists the old settings
        self.next_rules = None
        self.table_screen.flow.new_game(seed, rules)

    def action_settings(self) -> None:
        if not self.modal_open():
            self._open_settings()

    def _open_settings(self) -> None:
        """The settings screen, at any time: table preferences apply when it closes; rules
        start a game that has not begun yet again, else wait for the next game."""
        t = self.table
        shared = self.shared_table  # a joined table: its host's rules
        begun = shared or (bool(t.actions) and not t.is_over)
        screen = SettingsScreen(self.next_rules or t.rules, self.prefs, game_begun=begun,
                                settings_file=self.settings_file,
                                prefs_file=prefs_path(self.save_file.parent), shared=shared,
                                game_over=t.is_over)
        table, flow = self.table_screen, self.table_screen.flow

        def done(choice: Choice | None) -> None:
            # the footer was last worked out with the screen still open: redo it after
            self.call_after_refresh(table.refresh_keys, True)
            for problem in screen.problems:
                self.notify(problem, severity="error", timeout=12)
            if choice is not None:
                self.apply_prefs(choice.prefs)
            if choice is None or (begun and choice.rules == t.rules):
                self.next_rules = None if choice is not None else self.next_rules
                if t.is_over:  # cancelled between games: back to the result
                    flow.after_summary(None)
                else:
                    flow.after_modal()
                return
            if shared:  # saved as the default by the screen; this table's rules stay
                table.log_line("Settings: the rules are kept for your own games; this "
                               "table's host sets its rules.")
                flow.after_modal()
                return
            if t.is_over:
                # opened from the game's result: back to it, whose "play again" (n) starts
                # the next game under the new rules (a new game dealt here at once would
                # take the n meant for the dialog as a move at the table)
                self.next_rules = None if choice.rules == t.rules else choice.rules
                if self.next_rules is not None:
                    table.log_line("Settings: the new rules start with the next game. "
                                   + rules_line(choice.rules))
                flow.after_summary(None)
                return
            if begun:
                self.next_rules = choice.rules
                table.log_line("Settings: the new rules start with the next game. "
                               + rules_line(choice.rules))
                table.say("Rules: next game", "bold")  # short: the status is narrow at 80x24
                flow.after_modal()
                return
            self.new_game(t.seed, choice.rules)  # the game has not begun: dealt again

        self.push_screen(screen, done)

    def apply_prefs(self, prefs: Preferences) -> None:
        """Use new table preferences at once (from the settings screen)."""
        if prefs.bots != self.bot_name:
            self.bot_name = prefs.bots
            self.table.set_bots(prefs.bots)
        self.speed = prefs.speed
        self.table_screen.pace.set_speed(prefs.speed)
        self.table_screen.turn.set_timer(prefs.timer)
        self.table.take_back_allowed = prefs.take_back
        self.prefs = prefs
