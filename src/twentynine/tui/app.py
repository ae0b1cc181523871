"""The Textual table: ``twentynine play``.

The app is wiring: widgets -> :class:`~twentynine.controller.Table` -> events -> widgets.
A key (or click) becomes an action; the table (the controller) applies it through the
engine, which checks it and explains a refusal; the events that come back, filtered for the
human's seat, feed the log; every widget then redraws from the human's view.  Whose turn it
is, the bots, take-back and the autosave are the controller's business: the app asks it
which bot must think, runs that bot's decision in a worker thread (from the bot's own
seat's view) and hands the result back.  Which keys and buttons work follows the legal
actions through :meth:`TwentyNineApp.check_action`; a key that does not apply says why in
the status line.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import random
import signal
import threading
import time
from collections.abc import Sequence
from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.await_complete import AwaitComplete
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.widgets import Button, RichLog
from textual.worker import get_current_worker

from .. import saves
from ..actions import (
    DOUBLE,
    NO_TRUMPS,
    PAIR,
    PASS,
    REDEAL,
    REDOUBLE,
    SHOW_TRUMP,
    SINGLE_HAND,
    Action,
    ActionKind,
)
from ..bots import BOTS
from ..cards import KING_RANK, QUEEN_RANK, SUIT_NAMES, SUIT_SYMBOLS, Card
from ..controller import BotTurn, Table, TableController
from ..deal import IllegalActionError, Phase
from ..events import DealScored, Event, GameOver, TrickWon
from ..game import Game
from ..options import rule_flags_given, rules_from
from ..rules import Rules, RulesError
from ..scoring import DealOutcome
from ..views import SeatView
from .coach import HintPanel, TableCoach, selection_words
from .footer import ALWAYS, TableFooter
from .prefs import Preferences, load_prefs, prefs_path, save_prefs
from .screens import (
    GameOverScreen,
    LastTrickScreen,
    NoticeScreen,
    QuitScreen,
    RulesScreen,
    SettingsScreen,
    SummaryScreen,
)
from .settings import Choice
from .text import (
    HUMAN,
    RED,
    event_message,
    house_rules,
    rules_line,
    seat_name,
    trump_news,
    trump_shown_in,
)
from .theme import THEME
from .widgets import (
    ActionButton,
    Chip,
    ChoiceBar,
    EventLog,
    HandView,
    ScoreBar,
    SeatPanel,
    SidePanel,
    StatusLine,
    TableState,
    TextPanel,
    TrickView,
    TrumpBanner,
    sort_hand,
)

SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.6, 2.4),
    "normal": (0.8, 1.6),
    "fast": (0.3, 1.2),
    "instant": (0.0, 0.7),
}
"""Per ``--speed``: seconds between bot moves, and seconds a finished trick stays up (at
every speed, even instant: the player must see who won it)."""

ENTER_GUARD = 0.8
"""Seconds after a dialog closes during which Enter does not play or bid: the Enter that
closes the deal summary and the one that would bid in the next auction are one key press
apart.  A turn of yours that begins meanwhile starts the wait again: you see the new hand
for that long before Enter bids on it."""

SUMMARY_GUARD = 0.5
"""Seconds after the deal summary opens during which Enter does not close it: Enter
pressed twice on the last card must not skip the summary (``n``, space or a click close it
at once)."""

AUTO_PLAY_PAUSE = {"slow": 1.2, "normal": 0.8, "fast": 0.5, "instant": 0.15}
"""Per speed: seconds a forced card is shown selected before it is played for you."""

_DIGITS = "0123456789"

EXTRA_BUTTONS: tuple[tuple[Action, str, str], ...] = (
    (PASS, "Pass", "p"),
    (REDEAL, "Redeal", "e"),
    (NO_TRUMPS, "No trumps", "n"),
    (DOUBLE, "Double", "d"),
    (REDOUBLE, "Redouble", "d"),
    (SINGLE_HAND, "Single hand", "h"),
    (SHOW_TRUMP, "Ask for trump", "s"),
    (PAIR, "Pair", "a"),
)
"""Actions that are not a card, a bid or a suit: a button each (and a key), enabled only
when the engine lists the action as legal."""

KEY_NAMES: dict[str, tuple[str, Action | None]] = {
    "p": ("Pass", PASS),
    "s": ("Ask for trump", SHOW_TRUMP),
    "a": ("Pair", PAIR),
    "r": ("Pair", PAIR),
    "n": ("No trumps", NO_TRUMPS),
    "d": ("Double", DOUBLE),
    "h": ("Single hand", SINGLE_HAND),
    "e": ("Redeal", REDEAL),
    "enter": ("Enter", None),
    "left": ("←", None),
    "right": ("→", None),
    "up": ("↑", None),
    "down": ("↓", None),
}
"""The gameplay keys that say why when they do not apply: a name, and the engine action
whose refusal explains it (None: the table explains)."""


FOOTER_RANKS: dict[str, int] = {
    "confirm": 90, "confirm_bid": 90, "confirm_trump": 90, "confirm_suit": 90,
    "pass_bid": 85, "show_trump": 85, "pair": 85, "simple": 85,
    "move": 70, "card": 65, "suit": 65, "bid_digit": 60, "step": 55,
    "hint": 50, "take_back": 45, "toggle_class": 40, "last_trick": 30, "settings": 20,
    "stats": 10, "rules": ALWAYS, "request_quit": ALWAYS,
}
"""How long a key stays in the footer when it is short of room (higher stays longer):
the moves of the moment, then the hint, take-back, the log ...  Help and quit always
stay; a key left out still works and ``?`` lists it."""


def still_possible(v: SeatView, action: Action) -> bool:
    """Whether ``action`` (pass, ask for trump, the pair) may still become legal for the
    seat of ``v`` in this deal, as far as the seat can tell: the table keeps the button
    of a call that waits for its moment and hides one that can no longer come.

    Passing in the auction is for good; trump is shown once (and never on request when
    the rules show it by themselves); the pair is declared once, with the king and queen
    of trump in one hand, so a hand without a king and queen of one suit (of the trump
    suit, once the seat knows it) never holds it."""
    if action in v.legal_actions:
        return True
    if action is PASS:
        return v.phase is Phase.AUCTION and (v.seat, None) not in v.bids
    if v.phase is not Phase.PLAY or v.single_hand is not None:
        return False
    if action is SHOW_TRUMP:
        return not v.trump_shown and v.rules.ask != "auto"
    if action is PAIR:
        if not v.rules.pair or v.pair_seat is not None or v.no_trumps:
            return False
        cards = set(v.hand)
        if v.trump_card is not None and v.bidder == v.seat and not v.trump_shown:
            cards.add(v.trump_card)  # the face-down card comes back once trump is shown
        suits = [v.trump_suit] if v.trump_suit is not None else range(4)
        return any(Card(s * 8 + KING_RANK) in cards and Card(s * 8 + QUEEN_RANK) in cards
                   for s in suits)
    return False


def _digit_bindings() -> list[Binding]:
    out: list[Binding] = []
    for d in range(1, 9):
        out.append(Binding(str(d), f"card({d})", "card", key_display="1-8", show=d == 1))
    for d in range(10):
        out.append(Binding(_DIGITS[d], f"bid_digit({d})", "type bid", key_display="0-9",
                           show=d == 1))
    for d in range(1, 5):
        out.append(Binding(str(d), f"suit({d})", "suit", key_display="1-4", show=d == 1))
    return out


def _refusal_bindings() -> list[Binding]:
    """Last-resort bindings: a gameplay key whose own binding does not apply now lands
    here and the status line says why (instead of the key doing nothing)."""
    keys = [*KEY_NAMES, *_DIGITS]
    return [Binding(k, f"refused('{k}')", "", show=False) for k in keys]


class TwentyNineApp(App[None]):
    """The table: you (South) and a bot partner (North) against two bots."""

    # the dialogs' stylesheet too, from the start: a screen that brings a new stylesheet
    # makes Textual parse every stylesheet again and restyle the whole table, at the
    # first dialog of a session (the intro card, the rules page, the quit dialog ...)
    CSS_PATH = ["table.tcss", "screens.tcss"]  # noqa: RUF012
    TITLE = "Twenty-Nine"
    ENABLE_COMMAND_PALETTE = False
    AUTO_FOCUS = None
    HORIZONTAL_BREAKPOINTS = [(0, "-narrow"), (100, "-normal"), (120, "-wide")]  # noqa: RUF012
    VERTICAL_BREAKPOINTS = [(0, "-short"), (30, "-tall")]  # noqa: RUF012

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "choose", key_display="←→"),
        Binding("right", "move(1)", "choose", show=False),
        Binding("up", "step(1)", "raise", key_display="↑↓"),
        Binding("down", "step(-1)", "lower", show=False),
        *_digit_bindings(),
        Binding("enter", "confirm", "play", key_display="⏎"),
        Binding("enter", "confirm_bid", "bid", key_display="⏎"),
        Binding("enter", "confirm_trump", "lay trump", key_display="⏎"),
        Binding("enter", "confirm_suit", "choose trump", key_display="⏎"),
        Binding("p", "pass_bid", "pass"),
        Binding("s", "show_trump", "ask for trump"),
        Binding("a", "pair", "pair"),
        Binding("r", "pair", "pair", show=False),
        Binding("n", "simple('no trumps')", "no trumps"),
        Binding("d", "simple('double')", "double"),
        Binding("d", "simple('redouble')", "redouble"),
        Binding("h", "simple('single hand')", "single hand"),
        Binding("e", "simple('redeal')", "redeal"),
        Binding("u", "take_back", "take back"),
        Binding("l", "last_trick", "last trick"),
        Binding("v", "toggle_class('#main', '-log')", "log"),
        Binding("o", "settings", "settings"),
        Binding("question_mark", "rules", "help", key_display="?"),
        Binding("q", "request_quit", "quit"),
        Binding("i", "hint", "hint"),
        Binding("t", "stats", "stats"),
        Binding("ctrl+c", "request_quit", "quit", show=False, priority=True),
        # at a shared table take-back is off (hidden); the key lands here and says why
        Binding("u", "host_decides", "", show=False),
        # before the first trick of a deal there is no last trick: l says so
        Binding("l", "no_last_trick", "", show=False),
        *_refusal_bindings(),
    ]

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 bots: str | None = None, speed: str | None = None,
                 timer: float | None = None, resume: bool = False,
                 data_dir: Path | str | None = None, notices: list[str] | None = None,
                 prefs: Preferences | None = None, table: Table | None = None,
                 first_run: bool = False) -> None:
        """The table.  ``prefs`` (else the saved preferences) are the defaults; ``bots``,
        ``speed`` and ``timer`` (the command line's flags) override them for this session.
        ``table`` plays through another :class:`Table` (a remote one) instead of a local
        controller."""
        super().__init__()
        self.first_run = first_run
        """Show the first-run card (the game on one page) when the table opens."""
        self.register_theme(THEME)
        self.theme = THEME.name
        self.stylesheet.set_variables(self.get_css_variables())  # the .tcss use $felt ...
        if prefs is None:
            prefs, problem = load_prefs(prefs_path(saves.data_dir(data_dir)))
            notices = [*(notices or []), *([problem] if problem else [])]
        self.prefs = prefs
        name = bots if bots is not None else prefs.bots
        self.bot_name = name if name in BOTS else "random"
        self._bots_flag = bots
        self.speed = speed if speed in SPEEDS else prefs.speed
        self.move_delay, self.trick_delay = SPEEDS[self.speed]
        self.auto_play_pause = AUTO_PLAY_PAUSE[self.speed]
        self.enter_guard = ENTER_GUARD
        """Seconds after a dialog closes during which Enter does not play or bid."""
        self.summary_guard = SUMMARY_GUARD
        """Seconds after the deal summary opens during which Enter does not close it."""
        self._dialog_closed_at = -1e9
        self._enter_guard_from = -1e9
        self.timer = timer if timer is not None else prefs.timer
        self.prefs = prefs.replace(bots=self.bot_name, speed=self.speed, timer=self.timer)
        """The table preferences in use: the saved ones, the session's flags over them (the
        settings screen changes them)."""
        self.save_file = saves.save_path(data_dir)
        self.settings_file = saves.settings_path(data_dir)
        self.startup_messages: list[str] = list(notices or [])
        """Problems the player must read before playing on (a damaged file set aside)."""
        self.status_notice = ""
        """A one-line note for the status line at the start (not a dialog, not the log)."""
        self._replaces_save = False
        self._seed = seed
        if table is None:
            table = self._local_table(rules or Rules(), seed, resume)
        self.table: Table = table
        # table state
        self._gathering = False
        self._bot_token: tuple[int, int] | None = None
        self._thinking: int | None = None
        self._pending_bot: tuple[BotTurn, Action] | None = None
        self._summary_for: tuple[int, int] | None = None
        self._sel_card: Card | None = None
        self._sel_bid = 0
        self._bid_digits = ""
        self._sel_suit = 0
        self._turn_token: tuple[int, int] | None = None
        self._auto_token: tuple[int, int] | None = None
        self._time_left: float | None = None
        self._last_tick = time.monotonic()
        self._message: Text = Text("")
        self._key_signature: tuple[bool | int | None, ...] = ()
        self._warned_small = False
        self.next_rules: Rules | None = None
        """Rules chosen during a game, for the next one."""
        self.coach = TableCoach(self.table, data_dir)
        """Hints, reviews, statistics; every finished deal recorded in the history."""
        if self.coach.message:
            self.startup_messages.append(self.coach.message)

    def _local_table(self, rules: Rules, seed: int | None, resume: bool) -> TableController:
        allowed = self.prefs.take_back
        if resume:
            table, message = TableController.resume(
                self.save_file, bots=self._bots_flag if self._bots_flag in BOTS else None,
                take_back_allowed=allowed)
            if message:
                self.startup_messages.append(message)
            if table is not None:
                return table
            if message is None:
                self.status_notice = "There is no saved game; a new one begins."
        else:
            existing = saves.check_existing(self.save_file)
            if existing.message:
                self.startup_messages.append(existing.message)
            if existing.game is not None:
                self._replaces_save = True
                # not "Your ...: " (the status line drops a lead-in about you when
                # short of room, and "Quit and use --resume to go back to it" was left)
                self.status_notice = ("An unfinished game is saved: quit (q) and use "
                                      "--resume to go back to it; your first move here "
                                      "replaces it.")
        # an unfinished game on disk is replaced by your first move here, not before: a
        # quit (or a closed window) before it leaves the old game there to resume
        return TableController(rules, seed=seed, bots=self.bot_name,
                               save_file=None if self._replaces_save else self.save_file,
                               take_back_allowed=allowed)

    # ------------------------------------------------------------------ the game
    @property
    def game(self) -> Game:
        """The local engine (tests and tools; a remote table has none)."""
        if not isinstance(self.table, TableController):
            raise AttributeError("a remote table keeps its engine elsewhere")
        return self.table.game

    @property
    def rules(self) -> Rules:
        """This game's rules."""
        return self.table.rules

    @property
    def events(self) -> list[Event]:
        """Every event of the game so far, as the human's seat may see it."""
        return list(self.table.events)

    def _position(self) -> tuple[int, int]:
        return self.table.position

    # ------------------------------------------------------------------ setup
    def compose(self) -> ComposeResult:
        yield ScoreBar(id="scorebar")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield SeatPanel(2, compact=True, id="seat-north", classes="seat")
                yield TrumpBanner(id="banner")
                with Horizontal(id="middle"):
                    yield SeatPanel(self._seat_at("west"), id="seat-west", classes="seat")
                    yield TrickView(id="trick")
                    yield SeatPanel(self._seat_at("east"), id="seat-east", classes="seat")
                yield SeatPanel(HUMAN, compact=True, inline=True, id="seat-south",
                                classes="seat")
            with Vertical(id="side"):
                yield SidePanel(id="info")
                yield EventLog(id="log", markup=False, wrap=True, max_lines=200, min_width=10)
        with Horizontal(id="hand-row"):
            yield HandView(id="hand")
        with Horizontal(id="controls"):
            yield ChoiceBar(id="choices")
            for action, label, key in EXTRA_BUTTONS:
                yield ActionButton(f"{label} ({key})", id=f"btn-{action.code}",
                             action=f"app.simple('{action}')", compact=True)
        yield StatusLine("", id="status")  # a line of its own: long refusals fit
        yield TableFooter()

    def _seat_at(self, where: str) -> int:
        from ..coach.text import positions

        return positions(self.rules).index(where)

    def on_mount(self) -> None:
        self._rewrite_log()
        # the move clock belongs to the status line it draws in: when the table goes (the
        # app closing) the clock stops with it and never ticks on a table that is gone
        self._table.query_one("#status", TextPanel).set_interval(0.2, self._tick)
        self._install_signal_handlers()
        if self.status_notice:
            self._say(self.status_notice, "bold")
        if self.first_run:
            self._show_first_run_card()
        if self.startup_messages:
            self.push_screen(NoticeScreen("Please note", self.startup_messages),
                             self._after_modal)
        if not isinstance(self.table, TableController):
            # a remote table moves by itself (its server plays the other seats)
            self.table.add_listener(self.table_news)
        self._advance()

    def table_news(self, events: Sequence[Event]) -> None:
        """Events a remote table received: shown as if they had been played here."""
        self._after_events(list(events))

    def table_notice(self, text: str, refused: bool = False) -> None:
        """A line from a remote table: a refusal (in the status line), or news (in the
        log, so it never hides whose turn it is)."""
        if refused:
            self._refuse(text)
        else:
            self._table.query_one("#log", RichLog).write(text)

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
        small = event.size.width < 80 or event.size.height < 24
        if small and not self._warned_small:
            self.notify("The table needs a terminal of at least 80 x 24 characters.",
                        severity="warning", timeout=6)
        self._warned_small = small

    # ------------------------------------------------------------------ helpers
    @property
    def idle(self) -> bool:
        """Nothing is under way: the human is to move, a dialog is open, or the game is
        over (no bot move, trick gathering or automatic play pending).  Tests wait for
        this."""
        if self._modal_open() or self.table.is_over:
            return True
        if self._gathering or self._pending_bot is not None:
            return False
        if self._auto_token is not None:
            return False
        return bool(self._human_legal())

    @property
    def _table(self) -> Screen[object]:
        """The table's own screen (below any dialog): widgets are looked up there."""
        return self.screen_stack[0]

    def _shutting_down(self) -> bool:
        """The app is shutting down (the table's widgets are gone): a late bot move or
        timer must not touch anything."""
        return not self.is_running or not self.screen_stack or not self._table.query(ScoreBar)

    def _modal_open(self) -> bool:
        return len(self.screen_stack) > 1

    def _human_legal(self) -> list[Action]:
        """The human's legal actions now (empty while not their turn or while the table is
        busy gathering a trick or showing a dialog)."""
        if self._gathering or self._modal_open():
            return []
        return self.table.legal_actions()

    def _say(self, text: str, style: str = "") -> None:
        self._message = Text(text, style=style)

    def _refuse(self, text: str) -> None:
        """Say in the status line why a key or click did nothing."""
        self._say(text, f"bold {RED}")
        self._refresh_status()

    def _display_hand(self) -> list[Card]:
        return sort_hand(self.table.view().hand)

    def _rewrite_log(self) -> None:
        log = self._table.query_one("#log", RichLog)
        log.clear()
        if not house_rules(self.rules):
            # the side panel lists house rules (or points to ?) right above the log: the
            # log's first line repeated them; a standard game is said nowhere else
            log.write(rules_line(self.rules))
        for e in self.table.events:
            msg = event_message(self.rules, e)
            if msg:
                log.write(msg)

    # ------------------------------------------------------------------ flow
    def _advance(self) -> None:
        """After anything changed: redraw, then start whatever comes next."""
        self._refresh_ui()
        if self._gathering or self._modal_open():
            return
        t = self.table
        if t.is_over or t.deal_over:
            key = (self._position()[0], t.view().number)
            if self._summary_for != key:
                self._summary_for = key
                self._show_summary()
            return
        token = self._position()
        if t.turn == t.seat:
            if self._turn_token != token:
                self._turn_token = token
                self._start_human_turn()
                self._refresh_ui()
            return
        turn = t.bot_turn()
        if turn is not None and self._bot_token != turn.token:
            self._bot_token = turn.token
            self._thinking = turn.seat
            self._bot_worker(turn)
            self._refresh_ui()

    @work(thread=True, exclusive=True, group="bots")
    def _bot_worker(self, turn: BotTurn) -> None:
        worker = get_current_worker()
        start = time.monotonic()
        decision = self.table.think(turn)
        remaining = self.move_delay - (time.monotonic() - start)
        while remaining > 0 and not worker.is_cancelled:
            time.sleep(min(0.05, remaining))
            remaining = self.move_delay - (time.monotonic() - start)
        if worker.is_cancelled:
            return
        with suppress(RuntimeError):  # the app is closing
            self.call_from_thread(self._bot_done, turn, decision.action)

    def _bot_done(self, turn: BotTurn, action: Action) -> None:
        if self._shutting_down():
            return
        if turn.token != self._position() or self.table.turn != turn.seat:
            return  # stale: a take-back or a new game since
        if self._modal_open():
            self._pending_bot = (turn, action)
            return
        self._thinking = None
        events = self.table.apply_bot(turn, action)
        if events is not None:
            self._after_events(events)

    def _apply_human(self, action: Action) -> bool:
        """Apply the human's action; False (with the engine's reason shown) if refused."""
        if self._gathering or self._modal_open():
            return False
        try:
            events = self.table.apply(action)
        except IllegalActionError as exc:
            self._refuse(str(exc))
            self._refresh_ui()
            return False
        self._auto_token = None
        if self._replaces_save and isinstance(self.table, TableController):
            self._replaces_save = False  # your first move: this game is the saved one now
            self.table.save_file = self.save_file
            self.table.save()
        self._after_events(events)
        return True

    def _after_events(self, events: list[Event]) -> None:
        log = self._table.query_one("#log", RichLog)
        last = ""
        for e in events:
            msg = event_message(self.rules, e)
            if msg:
                log.write(msg)
                last = msg
        if last:
            self._say(last)
        if self.table.save_error:
            self._say(self.table.save_error, f"bold {RED}")
        self._bid_digits = ""
        for panel in self._table.query(HintPanel):
            panel.remove()  # the position moved on
        if self.coach.recorder is not None and self.coach.recorder.problem:
            self._say(self.coach.recorder.problem, f"bold {RED}")
        if any(isinstance(e, TrickWon) for e in events) and self.trick_delay > 0:
            self._gathering = True
            self.set_timer(self.trick_delay, self._gather)
        self._advance()

    def _gather(self) -> None:
        if self._shutting_down():
            return
        self._gathering = False
        self._advance()

    def _start_human_turn(self) -> None:
        v = self.table.view()
        legal = v.legal_actions
        now = time.monotonic()
        if now - self._enter_guard_from < self.enter_guard:
            self._enter_guard_from = now  # a dialog just closed: see this turn first
        self._time_left = self.timer
        self._last_tick = time.monotonic()
        notice, self.status_notice = self.status_notice, ""
        if self.prefs.bell:
            self.bell()
        if v.phase is Phase.AUCTION:
            bids = [a.bid for a in legal if a.bid is not None]
            # every new turn to bid starts at the lowest legal bid: Enter never makes a bid
            # left over from an earlier turn
            self._sel_bid = bids[0] if bids else 0
            self._bid_digits = ""
            self._say(f"Your bid · Enter: bid {self._sel_bid}{self._bid_keys()}" if bids
                      else f"Your bid{self._bid_keys()}", "bold")
        elif v.phase is Phase.TRUMP:
            nt = " · n: no trumps" if NO_TRUMPS in legal else ""
            if v.rules.trump_indicator == "marker":
                self._say(f"You won the auction: choose the trump suit (1-4 or ←→, Enter){nt}",
                          "bold")
            else:
                self._say("You won the auction: choose a card to lay face down as trump "
                          f"(←→ or 1-4, Enter){nt}", "bold")
            self._select_first_legal()
        elif v.phase is Phase.DOUBLING:
            word = "redouble" if REDOUBLE in legal else "double"
            self._say(f"Will you {word}? d: {word} · p: pass", "bold")
        elif v.phase is Phase.SINGLE_HAND:
            self._say("Play a single hand (all eight tricks alone)? h: yes · p: pass", "bold")
        else:
            self._select_first_legal()
            forced = self.table.forced_action()
            if forced is not None and forced.card is not None and self.prefs.auto_play:
                self._sel_card = forced.card
                self._say(f"Only the {forced.card.label} can be played: playing it for you",
                          "bold")
                token = self._position()
                self._auto_token = token
                self.set_timer(self.auto_play_pause, lambda: self._auto_play(token))
            else:
                self._say(self._play_line(v), "bold")
        if notice:
            self._message = Text.assemble(Text(notice, style="italic"), " · ", self._message)

    def _auto_play(self, token: tuple[int, int]) -> None:
        """The pause is over: play the forced card (unless something changed meanwhile)."""
        if self._shutting_down() or self._auto_token != token or self._position() != token:
            return
        if self._modal_open():  # a dialog is open: play it once it closes
            return
        self._auto_token = None
        forced = self.table.forced_action()
        if forced is not None:
            self._apply_human(forced)

    def _legal_cards(self) -> frozenset[Card]:
        return frozenset(a.card for a in self._human_legal()
                         if a.card is not None and a.kind in (ActionKind.PLAY,
                                                              ActionKind.TRUMP_CARD))

    def _select_first_legal(self) -> None:
        legal = self._legal_cards()
        hand = self._display_hand()
        if self._sel_card in legal:
            return
        for c in hand:
            if c in legal:
                self._sel_card = c
                return
        self._sel_card = hand[0] if hand else None

    def _show_summary(self) -> None:
        scored = next((e for e in reversed(self.table.events) if isinstance(e, DealScored)),
                      None)
        if scored is None:  # cannot happen: a finished deal always reports its score
            self._next_deal()
            return
        # the status line stays in sight below the summary: say there what Enter does now,
        # not a refusal left from the last trick's gathering ("Enter: the deal is over")
        enter = "see the result" if self.table.is_over else "next deal"
        result = event_message(self.rules, scored)
        self._say(f"{result} · Enter: {enter}" if result else f"Enter: {enter}")
        self._refresh_status()
        v = self.table.view()
        self.push_screen(SummaryScreen(self.rules, v.number, scored.outcome, scored.scores,
                                       self.table.is_over, guard=self.summary_guard),
                         self._after_summary)

    def _after_summary(self, _result: None) -> None:
        if self.table.is_over:
            over = next((e for e in reversed(self.table.events) if isinstance(e, GameOver)),
                        None)
            winner = over.winner if over else (self.table.winner or 0)
            scores = over.scores if over else self.table.scores
            scored = next((e for e in reversed(self.table.events)
                           if isinstance(e, DealScored)), None)
            reason = win_reason(self.rules, scores, scored.outcome if scored else None)
            self.push_screen(GameOverScreen(winner, scores, reason, shared=self.shared_table),
                             self._after_game_over)
            return
        self._next_deal()

    def _next_deal(self) -> None:
        if self.table.deal_over:
            self._after_events(self.table.next_deal())

    def _after_game_over(self, choice: str | None) -> None:
        if not isinstance(self.table, TableController):
            self.exit()  # a remote table's next game is its host's to start
            return
        if choice == "settings":
            self._open_settings()
            return
        if choice != "again":
            self.exit()
            return
        seed = random.randrange(1_000_000) if self._seed is None else self.table.seed + 1
        self._new_game(seed, self.next_rules or self.rules)

    def _new_game(self, seed: int, rules: Rules) -> None:
        """Start a fresh game (after game over, or with new settings)."""
        if rules != self.rules and self.is_screen_installed("rules"):
            self.uninstall_screen("rules")  # it lists the old settings
        self.table.new_game(seed, rules)
        self.next_rules = None
        self._table.query_one("#seat-west", SeatPanel).seat = self._seat_at("west")
        self._table.query_one("#seat-east", SeatPanel).seat = self._seat_at("east")
        self._reset_turn_state()
        self._sel_bid = 0
        self._rewrite_log()
        self._say("A new game", "bold")
        self._advance()

    def _reset_turn_state(self) -> None:
        self._summary_for = None
        self._bot_token = None
        self._turn_token = None
        self._auto_token = None
        self._pending_bot = None
        self._thinking = None
        self._gathering = False
        self.workers.cancel_group(self, "bots")

    def _open_settings(self) -> None:
        """The settings screen, at any time: table preferences apply when it closes; rules
        start a game that has not begun yet again, else wait for the next game."""
        t = self.table
        shared = not isinstance(t, TableController)  # a joined table: its host's rules
        begun = shared or (bool(t.actions) and not t.is_over)
        screen = SettingsScreen(self.next_rules or self.rules, self.prefs, game_begun=begun,
                                settings_file=self.settings_file,
                                prefs_file=prefs_path(self.save_file.parent), shared=shared)

        def done(choice: Choice | None) -> None:
            # the footer was last worked out with the screen still open: redo it after
            self._key_signature = ()
            self.call_after_refresh(self._refresh_keys)
            for problem in screen.problems:
                self.notify(problem, severity="error", timeout=12)
            if choice is not None:
                self.apply_prefs(choice.prefs)
            if choice is None or (begun and choice.rules == self.rules):
                self.next_rules = None if choice is not None else self.next_rules
                if t.is_over:  # cancelled between games: back to the result
                    self._after_summary(None)
                else:
                    self._after_modal()
                return
            if shared:  # saved as the default by the screen; this table's rules stay
                self._table.query_one("#log", RichLog).write(
                    "Settings: the rules are kept for your own games; this table's host "
                    "sets its rules.")
                self._after_modal()
                return
            if begun:
                self.next_rules = choice.rules
                self._table.query_one("#log", RichLog).write(
                    "Settings: the new rules start with the next game. "
                    + rules_line(choice.rules))
                self._say("Rules: next game", "bold")  # short: the status is narrow at 80x24
                self._after_modal()
                return
            seed = t.seed if not t.is_over else (
                random.randrange(1_000_000) if self._seed is None else t.seed + 1)
            self._new_game(seed, choice.rules)

        self.push_screen(screen, done)

    def apply_prefs(self, prefs: Preferences) -> None:
        """Use new table preferences at once (from the settings screen)."""
        if prefs.bots != self.bot_name:
            self.bot_name = prefs.bots
            if isinstance(self.table, TableController):
                self.table.set_bots(prefs.bots)
        self.speed = prefs.speed
        self.move_delay, self.trick_delay = SPEEDS.get(prefs.speed, SPEEDS["normal"])
        self.auto_play_pause = AUTO_PLAY_PAUSE.get(prefs.speed, AUTO_PLAY_PAUSE["normal"])
        if prefs.timer != self.timer:
            self.timer = prefs.timer
            self._time_left = None if self.timer is None else self.timer
        self.table.take_back_allowed = prefs.take_back
        self.prefs = prefs

    def action_settings(self) -> None:
        if not self._modal_open():
            self._open_settings()

    def _after_modal(self, _result: object = None) -> None:
        """A dialog closed: a bot move that arrived meanwhile is applied now, and a forced
        card waiting to be played is played."""
        self._last_tick = time.monotonic()
        pending, self._pending_bot = self._pending_bot, None
        if pending is not None:
            turn, action = pending
            self._bot_done(turn, action)
            return
        if self._auto_token is not None and self._auto_token == self._position():
            token = self._auto_token
            self.set_timer(self.auto_play_pause, lambda: self._auto_play(token))
        self._advance()

    # ------------------------------------------------------------------ timer
    def _tick(self) -> None:
        now = time.monotonic()
        dt, self._last_tick = now - self._last_tick, now
        if self._time_left is None or self._shutting_down() or not self._human_legal():
            return
        self._time_left -= dt
        if self._time_left <= 0:
            self._time_left = None
            action = self._timeout_action()
            if action is not None:
                self._table.query_one("#log", RichLog).write("Time is up: a move was made for you")
                self._apply_human(action)
                return
        self._refresh_status()

    def _timeout_action(self) -> Action | None:
        """A legal move for the human when the clock runs out: pass (or the lowest bid), the
        selected card if it is legal, else the first legal card."""
        legal = self._human_legal()
        if not legal:
            return None
        if PASS in legal:
            return PASS
        for a in legal:
            if a.card is not None and a.card == self._sel_card:
                return a
        if self.table.view().phase is Phase.TRUMP:
            for a in legal:
                if a.suit == self._sel_suit:
                    return a
        cards = [a for a in legal if a.card is not None]
        return cards[0] if cards else legal[0]

    # ------------------------------------------------------------------ redraw
    def _state(self) -> TableState:
        v = self.table.view()
        legal = self._human_legal()
        hand = self._display_hand()
        sel = hand.index(self._sel_card) if self._sel_card in hand else 0
        return TableState(view=v, scores=self.table.scores,
                          game_over=self.table.is_over, gathering=self._gathering,
                          thinking=self._thinking if not self._gathering else None,
                          selected=sel, legal_cards=self._legal_cards(),
                          my_turn=bool(legal), time_left=self._time_left,
                          events=self.events)

    def _refresh_ui(self) -> None:
        st = self._state()
        v = st.view
        self._table.query_one(ScoreBar).show(st)
        for panel in self._table.query(SeatPanel):
            panel.show(st)
        self._table.query_one(TrickView).show(st)
        self._table.query_one(TrumpBanner).show(st)
        self._table.query_one(SidePanel).show(st)
        self._table.query_one(HandView).show(st, self._display_hand())
        legal = self._human_legal()
        choices = self._table.query_one(ChoiceBar)
        in_auction = v.phase is Phase.AUCTION
        marker = v.phase is Phase.TRUMP and v.rules.trump_indicator == "marker"
        if st.my_turn and in_auction:
            bids = [a.bid for a in legal if a.bid is not None]
            labels: list[Text | str] = [str(b) for b in bids]
            sel = bids.index(self._sel_bid) if self._sel_bid in bids else 0
            title = f"Bid {self._bid_digits}_ " if self._bid_digits else "Bid "
            choices.set_choices(title, labels, sel)
            choices.display = True
        elif st.my_turn and marker:
            labels = [Text(f"{i + 1} {SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}",
                           style=RED if s in (1, 2) else "") for i, s in enumerate(range(4))]
            choices.set_choices("Trump ", labels, self._sel_suit)
            choices.display = True
        else:
            choices.display = False
        for action, _label, _key in EXTRA_BUTTONS:
            btn = self._table.query_one(f"#btn-{action.code}", Button)
            btn.disabled = action not in legal
            if action in (SHOW_TRUMP, PAIR, PASS):
                # shown (perhaps disabled for now) while it may still apply in this deal
                btn.display = still_possible(v, action)  # a legal call is possible
            else:
                btn.display = action in legal
        self._refresh_status()
        self._refresh_keys()

    def get_key_display(self, binding: Binding) -> str:
        """The footer shows the real range of card keys: ``1-6`` with six cards."""
        if binding.action.startswith("card(") and self.screen_stack:
            n = len(self.table.view().hand)
            return f"1-{n}" if n > 1 else "1"
        return super().get_key_display(binding)

    def footer_rank(self, binding: Binding) -> int | None:
        """How long ``binding`` stays in a footer short of room (see :data:`FOOTER_RANKS`),
        or None to leave it out: take-back when it is off in the settings (the key still
        says so)."""
        name = binding.action.partition("(")[0]
        if name == "take_back" and not self.table.take_back_allowed:
            return None
        return FOOTER_RANKS.get(name.removeprefix("app."), 50)

    def _refresh_keys(self) -> None:
        """Tell the footer to redraw, only when the set of working keys (or the number of
        cards, which the footer shows) changed."""
        sig = (*(self.check_action(*self._parse_binding(b.action))
                 for b in self.BINDINGS if isinstance(b, Binding)),
               len(self.table.view().hand), self.table.take_back_allowed)
        if sig != self._key_signature:
            self._key_signature = sig
            self.refresh_bindings()

    @staticmethod
    def _parse_binding(action: str) -> tuple[str, tuple[object, ...]]:
        name, _, rest = action.partition("(")
        if not rest:
            return name, ()
        arg = rest.rstrip(")").strip("'")
        return name, ((int(arg),) if arg.lstrip("-").isdigit() else (arg,))

    def _refresh_status(self) -> None:
        status = self._table.query_one("#status", TextPanel)
        t = Text()
        if self._time_left is not None and self._human_legal():
            secs = max(0, int(self._time_left + 0.999))
            t.append(f"{secs:>2}s left ", style=f"bold reverse {RED}" if secs <= 5 else "bold")
        if self._thinking is not None and not self._gathering and not self._human_legal():
            who = seat_name(self.rules, self._thinking)
            if not self._message.plain or self._message.plain.startswith(("Your", "You won")):
                self._message = Text("")
            t.append_text(self._message)
            if t.plain.strip():
                t.append(" · ")
            t.append(f"{who} to play…" if self.table.view().phase is Phase.PLAY
                     else f"{who} thinking…", style="dim")
        else:
            t.append_text(self._message)
        status.set_text(t)

    # ------------------------------------------------------------------ actions
    @property
    def shared_table(self) -> bool:
        """The game is on a table server (``twentynine join``): the host's server decides
        every move, so there is no take-back (and the game's rules are the host's)."""
        return not isinstance(self.table, TableController)

    def action_host_decides(self) -> None:
        """``u`` at a shared table: say why it is off."""
        self._refuse("Take back: not at a shared table, where the host's server decides "
                     "every move")

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "take_back":
            return not self.shared_table  # hidden from the footer; u says why (host_decides)
        if action == "host_decides":
            return self.shared_table
        if action in ("rules", "request_quit", "quit", "refused", "take_back", "hint",
                      "review"):
            return True
        if action == "stats":  # at the table, and after a deal or the game as review is
            return not self._modal_open() or isinstance(self.screen, (SummaryScreen,
                                                                      GameOverScreen))
        if action == "settings":
            return not self._modal_open()
        if action == "last_trick":
            return not self._modal_open() and bool(self.table.view().tricks)
        if action == "no_last_trick":
            return not self._modal_open() and not self.table.view().tricks
        gameplay = {"move", "step", "card", "bid_digit", "suit", "confirm", "confirm_bid",
                    "confirm_trump", "confirm_suit", "pass_bid", "show_trump", "pair",
                    "simple"}
        if action not in gameplay:
            return True
        legal = self._human_legal()
        if not legal:
            return False
        phase = self.table.view().phase
        marker = phase is Phase.TRUMP and self.rules.trump_indicator == "marker"
        cards = phase is Phase.PLAY or (phase is Phase.TRUMP and not marker)
        if action == "simple":
            try:
                return Action.parse(str(parameters[0])) in legal
            except (ValueError, IndexError):
                return False
        if action == "pass_bid":
            return PASS in legal
        if action == "show_trump":
            return SHOW_TRUMP in legal
        if action == "pair":
            return PAIR in legal
        if action in ("move", "card"):
            if action == "card" and parameters:
                n = parameters[0]
                if isinstance(n, int) and n > len(self._display_hand()):
                    return False
            return cards or (action == "move" and (phase is Phase.AUCTION or marker))
        if action in ("step", "bid_digit", "confirm_bid"):  # not when only a pass is left
            return phase is Phase.AUCTION and any(a.bid is not None for a in legal)
        if action in ("suit", "confirm_suit"):
            return marker
        if action == "confirm_trump":
            return phase is Phase.TRUMP and not marker
        if action == "confirm":
            return phase is Phase.PLAY
        return True

    def action_hint(self) -> None:
        """Ask the coach for a hint on your view (it thinks in a worker thread)."""
        panels = self._table.query(HintPanel)
        if panels and panels.first().hint is not None:
            panels.first().remove()  # i again: hide the hint (the trick shows again)
            return
        if panels:
            panel = panels.first()
        else:  # shown under the trick only while there is a hint
            panel = HintPanel(id="hint")
            self._table.query_one("#table").mount(panel, before="#seat-south")
        problem = self._busy("Hint") or self.coach.request_hint(panel)
        if problem is not None:
            self._refuse(problem)

    def on_hint_panel_ready(self, message: HintPanel.Ready) -> None:
        self.coach.hint_shown()
        # put the cursor on the suggestion (a card, a trump card or a bid): Enter plays it
        a = message.hint.action
        held = self._message.plain.startswith("Enter held")  # while it thought
        # a refusal said before the hint is stale once the hint is in (it stayed up over
        # "Hint: pass"): the status goes back to what this turn asks
        stale = held or self._message.style == f"bold {RED}"
        v = self.table.view()
        if a.card is not None and a.card in self._display_hand():
            self._sel_card = a.card
            if held:
                self._say(f"The hint is in · Enter: {selection_words(a)}", "bold")
            elif stale and v.phase is Phase.PLAY:
                self._say(self._play_line(v), "bold")
        elif a.bid is not None:
            self._sel_bid = a.bid
            self._say_bid()  # the status said Enter bids the old selection
        elif a.suit is not None:
            self._sel_suit = a.suit
            if stale:
                self._say(f"The hint is in · Enter: {selection_words(a)}", "bold")
        elif stale and v.phase is Phase.AUCTION and any(b.bid for b in v.legal_actions):
            self._say_bid()
        elif stale and v.phase is Phase.PLAY:
            self._say(self._play_line(v), "bold")
        self._refresh_ui()

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

    def action_refused(self, key: str) -> None:
        """A gameplay key that does not apply now: say why, in a player's words."""
        self._refuse(self.why_not(key))

    def _busy(self, name: str) -> str | None:
        """Why nothing can be done at the table now, or None (it is the human's turn)."""
        t = self.table
        if self._modal_open():
            return f"{name}: close the dialog first"
        if t.is_over:
            return f"{name}: the game is over"
        if self._gathering:  # the last trick too: its summary comes when it is gathered
            return f"{name}: wait, the trick is being gathered"
        if t.deal_over:
            return f"{name}: the deal is over"
        if t.turn != t.seat:
            who = seat_name(self.rules, t.turn)
            return f"{name}: it is not your turn ({who} is to move)"
        return None

    def why_not(self, key: str) -> str:
        """Why ``key`` does nothing now, in a player's words.  ``r`` is the pair's second
        key at the table and the review's key on the deal summary: a refused ``r`` says
        both (a player after the review got only "Pair: the auction is still going on")."""
        why = self._why_not(key)
        # no " · " or parentheses: the status line's fitting would drop them at 80 columns
        return f"{why}; r reviews a deal only from its summary" if key == "r" else why

    def _why_not(self, key: str) -> str:
        t = self.table
        name, act = KEY_NAMES.get(key, (key, None))
        busy = self._busy(name)
        if busy is not None:
            return busy
        v = t.view()
        if act is not None:
            if act is DOUBLE and v.multiplier == 2:
                act = REDOUBLE
            why = t.explain(act)
            if why is not None:
                return f"{name}: {why[:1].lower()}{why[1:]}"
        if key.isdigit():
            n = int(key)
            if v.phase is Phase.TRUMP and v.rules.trump_indicator == "marker":
                return f"{key}: choose a suit with 1 to 4"
            size = len(v.hand)
            if n > size or n == 0:
                return f"{key}: you have {size} card{'s' if size != 1 else ''}"
        if v.phase is Phase.AUCTION and not any(a.bid is not None for a in v.legal_actions):
            return f"{name}: no higher bid is left: p passes"
        if v.phase is Phase.DOUBLING:
            word = "redouble" if REDOUBLE in v.legal_actions else "double"
            return f"{name}: answer first: d to {word}, p to pass"
        if v.phase is Phase.SINGLE_HAND:
            return f"{name}: answer first: h for a single hand, p to pass"
        return f"{name}: nothing to choose now"

    def _human(self, action: Action) -> None:
        busy = self._busy(str(action).capitalize())
        if busy is not None:
            self._refuse(busy)
            return
        self._apply_human(action)

    def action_move(self, delta: int) -> None:
        phase = self.table.view().phase
        if phase is Phase.AUCTION:
            self.action_step(delta)
            return
        if phase is Phase.TRUMP and self.rules.trump_indicator == "marker":
            self._sel_suit = (self._sel_suit + delta) % 4
            self._refresh_ui()
            return
        hand = self._display_hand()
        legal = self._legal_cards()
        order = [c for c in hand if c in legal] or hand
        if not order:
            return
        if self._sel_card in order:
            i = (order.index(self._sel_card) + delta) % len(order)
        else:
            i = 0 if delta > 0 else len(order) - 1
        self._sel_card = order[i]
        self._refresh_ui()

    def action_step(self, delta: int) -> None:
        phase = self.table.view().phase
        if phase is not Phase.AUCTION:
            self.action_move(-delta if phase is Phase.TRUMP else delta)
            return
        bids = [a.bid for a in self._human_legal() if a.bid is not None]
        if not bids:
            return
        i = bids.index(self._sel_bid) if self._sel_bid in bids else 0
        self._sel_bid = bids[max(0, min(len(bids) - 1, i + delta))]
        self._bid_digits = ""
        self._say_bid()
        self._refresh_ui()

    @classmethod
    def _play_line(cls, v: SeatView) -> str:
        """The status line for the human's turn to play: the rule on the card, the calls."""
        legal = v.legal_actions
        if SHOW_TRUMP in legal and not any(a.kind is ActionKind.PLAY for a in legal):
            return "Your turn: you must ask for trump (s)"
        extra = ""
        if SHOW_TRUMP in legal:
            extra += " · s asks for trump"
        if PAIR in legal:
            extra += " · a declares the pair"
        return f"Your turn: {cls._card_rule(v)}{extra}"

    @staticmethod
    def _card_rule(v: SeatView) -> str:
        """What the turn asks of the human's card, where a rule greys some out: follow the
        suit led, or (having asked for trump) play a trump.

        The greyed cards alone did not say why (after asking, every card but the trumps
        went grey under "Your turn: play a card")."""
        plays = [a.card for a in v.legal_actions if a.kind is ActionKind.PLAY and a.card]
        if not v.trick or not plays or len(plays) == len(v.hand):
            return "play a card"
        led = v.trick[0][1].suit
        if all(c.suit == led for c in plays):
            return f"follow suit ({SUIT_SYMBOLS[led]} {SUIT_NAMES[led]})"
        trump = v.trump_suit
        if v.asker == v.seat and trump is not None and all(c.suit == trump for c in plays):
            return f"you asked, so play a trump ({SUIT_SYMBOLS[trump]} {SUIT_NAMES[trump]})"
        return "play a card"

    def _bid_keys(self) -> str:
        """The auction's other keys that are legal now, for the status line (every line
        that says what Enter bids keeps them: a hint or an arrow that moves the bid must
        not make ``p`` look gone)."""
        legal = self.table.legal_actions()
        ps = " (the dealer must bid)" if PASS not in legal else " · p: pass"
        return ps + (" · e: redeal" if REDEAL in legal else "")

    def _say_bid(self) -> None:
        self._say(f"Enter: bid {self._sel_bid}{self._bid_keys()}", "bold")

    def action_card(self, n: int) -> None:
        hand = self._display_hand()
        if 1 <= n <= len(hand):
            self._sel_card = hand[n - 1]
            if self.table.view().phase is Phase.PLAY and self._sel_card not in self._legal_cards():
                why = self.table.explain(Action.play(self._sel_card))
                if why:
                    self._say(f"{self._sel_card.label}: {why[:1].lower()}{why[1:]}",
                              f"bold {RED}")
            self._refresh_ui()

    def action_bid_digit(self, d: int) -> None:
        bids = [a.bid for a in self._human_legal() if a.bid is not None]
        text = self._bid_digits + str(d)
        if len(text) >= 2:
            n = int(text)
            self._bid_digits = ""
            if n in bids:
                self._sel_bid = n
                self._say_bid()
            else:
                lo, hi = (bids[0], bids[-1]) if bids else (0, 0)
                self._say(f"You can bid {lo} to {hi}, not {n}", f"bold {RED}")
        elif not any(str(b).startswith(text) for b in bids):
            lo, hi = (bids[0], bids[-1]) if bids else (0, 0)
            self._say(f"You can bid {lo} to {hi}: no bid begins with {text}", f"bold {RED}")
        else:
            self._bid_digits = text
            self._say(f"Bid {text}_: type the second digit{self._bid_keys()}", "bold")
        self._refresh_ui()

    def action_suit(self, n: int) -> None:
        self._sel_suit = n - 1
        self._refresh_ui()

    def _hint_holds_enter(self, action: Action) -> bool:
        """Enter (about to play ``action``) is held once while the hint still thinks, or
        when the hint suggests a call with its own key: the panel says so, and a second
        Enter plays the selection (the coach's hook)."""
        for panel in self._table.query(HintPanel):
            why = panel.hold_enter(action)
            if why is not None:
                self._say(why, "bold")
                self._refresh_status()
                return True
        return False

    def _confirm(self, action: Action) -> None:
        if not self._hint_holds_enter(action):
            self._human(action)

    def pop_screen(self) -> AwaitComplete:
        """A dialog closes: Enter waits a moment before it plays or bids again."""
        self._dialog_closed_at = self._enter_guard_from = time.monotonic()
        return super().pop_screen()

    def _too_soon(self, what: str) -> bool:
        """Refuse an Enter that comes right after a dialog closed (it was meant for the
        dialog, or pressed twice): the status line says what the next Enter will do."""
        if time.monotonic() - self._enter_guard_from >= self.enter_guard:
            return False
        self._refuse(f"Enter: the table is back; look first, then Enter will {what}")
        return True

    def action_confirm(self) -> None:
        if self._sel_card is not None and not self._too_soon(f"play the {self._sel_card.label}"):
            self._confirm(Action.play(self._sel_card))

    def action_confirm_trump(self) -> None:
        if self._sel_card is not None and not self._too_soon(
                f"lay the {self._sel_card.label} as trump"):
            self._confirm(Action.trump_card(self._sel_card))

    def action_confirm_suit(self) -> None:
        if not self._too_soon(f"choose {SUIT_NAMES[self._sel_suit]}"):
            self._confirm(Action.trump_suit(self._sel_suit))

    def action_confirm_bid(self) -> None:
        if self._bid_digits:  # half a bid typed: Enter must not make another one
            self._refuse(f"Bid {self._bid_digits}_: type the second digit (or ↑↓ to choose); "
                         "Enter bids a whole number only")
            return
        if not self._too_soon(f"bid {self._sel_bid}"):
            self._confirm(Action.make_bid(self._sel_bid))

    def action_pass_bid(self) -> None:
        self._human(PASS)

    def action_show_trump(self) -> None:
        self._human(SHOW_TRUMP)

    def action_pair(self) -> None:
        self._human(PAIR)

    def action_simple(self, text: str) -> None:
        """A button's or key's action in its text form (``pass``, ``double`` ...)."""
        self._human(Action.parse(text))

    def action_take_back(self) -> None:
        """Take back your last decision in this deal (and the bots' moves after it)."""
        if self._modal_open():
            return
        problem = self.table.take_back_problem()
        if problem is not None:
            self._refuse(f"Take back: {problem[:1].lower()}{problem[1:]}")
            return
        self._reset_turn_state()
        self._sel_card = None  # the first legal card, as at any new turn
        self.table.take_back()
        self._rewrite_log()
        self._advance()
        n = self.table.take_backs_used
        self._say(f"Taken back: your move again (take-backs this game: {n})", "bold")
        self._refresh_status()

    def action_no_last_trick(self) -> None:
        """``l`` before the first trick of the deal is over: say why nothing shows."""
        self._refuse("Last trick: no trick has been played yet in this deal")

    def action_last_trick(self) -> None:
        v = self.table.view()
        if v.tricks:
            shown = trump_shown_in(self.events, len(v.tricks) - 1)
            news = trump_news(self.rules, shown) if shown else ""
            self.push_screen(LastTrickScreen(self.rules, v.tricks[-1], len(v.tricks), news),
                             self._after_modal)

    def action_rules(self) -> None:
        if isinstance(self.screen, RulesScreen):
            return
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(self.rules), "rules")  # rendered once, kept
        self.push_screen("rules", self._after_modal)

    def action_request_quit(self) -> None:
        if isinstance(self.screen, QuitScreen):
            return
        if self.table.is_over:
            self.exit()
            return
        leave = getattr(self.table, "leave_text", None)  # a shared table: rejoin, not resume
        if leave is None and os.environ.get(saves.ENV_SAVE):
            leave = ("Your game will be saved: open this page again to continue it.", "")
        if leave is None and self._replaces_save:  # no move yet: nothing of it is saved,
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
        self._after_modal()

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
        self._say(error, f"bold {RED}")
        self._refresh_status()
        return False

    # ------------------------------------------------------------------ mouse
    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        hand = self._display_hand()
        if not 0 <= message.index < len(hand):
            return
        card = hand[message.index]
        self._sel_card = card
        legal = self._human_legal()
        phase = self.table.view().phase
        if phase is Phase.PLAY and Action.play(card) in legal:
            self._human(Action.play(card))
        elif phase is Phase.TRUMP and Action.trump_card(card) in legal:
            self._human(Action.trump_card(card))
        elif legal and phase is Phase.PLAY:
            self._apply_human(Action.play(card))  # refused: the engine says why
        else:
            self._refresh_ui()

    def on_chip_clicked(self, message: Chip.Clicked) -> None:
        legal = self._human_legal()
        phase = self.table.view().phase
        if phase is Phase.AUCTION:
            bids = [a.bid for a in legal if a.bid is not None]
            if 0 <= message.index < len(bids):
                bid = bids[message.index]
                if bid == self._sel_bid:  # a second click on the selected bid makes it
                    self._human(Action.make_bid(bid))
                    return
                self._sel_bid = bid
                self._bid_digits = ""
                self._say(f"Enter (or click {bid} again): bid {bid}", "bold")
                self._refresh_ui()
        elif phase is Phase.TRUMP and self.rules.trump_indicator == "marker":
            self._sel_suit = message.index
            self._human(Action.trump_suit(message.index))


def win_reason(rules: Rules, scores: tuple[int, int], outcome: DealOutcome | None = None
               ) -> str:
    """Why the game ended, in words: "East and West fell to -6" or "You and North reached
    +6".

    >>> win_reason(Rules(), (0, -6))
    'East and West fell to -6'
    """
    limit = rules.game_to
    names = ("You and North", "East and West")
    if rules.all_tricks and outcome is not None and outcome.all_tricks_team is not None:
        return f"{names[outcome.all_tricks_team]} took all eight tricks"
    for team in (0, 1):
        if scores[team] <= -limit:
            return f"{names[team]} fell to {scores[team]}"
    for team in (0, 1):
        if scores[team] >= limit:
            return f"{names[team]} reached +{scores[team]}"
    return ""


def run_play(opts: argparse.Namespace, rules: Rules) -> int:
    """Start the table with the ``play`` options.  The player's saved default settings
    (from the settings screen) are the base that the command line's rule flags change;
    the saved preferences are the defaults that ``--bots``, ``--speed`` and ``--timer``
    override for this session."""
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
    if opts.resume and rule_flags_given(opts) and rules != app.rules:
        app.status_notice = ("The saved game's rules are kept: the rule flags apply to new "
                             "games only.")
    app.first_run = not app.prefs.seen_intro
    app.run()
    return app.return_code or 0
