"""The Textual table: ``twentynine play``.

One flow, one direction: a key (or click) becomes an action; the app applies it through
:meth:`Game.apply` (the engine checks it and explains a refusal); the events that come
back, filtered for seat 0, feed the log; every widget then redraws from
``game.view(0)``.  Bots choose in a worker thread from their own seat's view and hand
their action back to the UI thread.  Which keys and buttons work follows the engine's
legal actions through :meth:`check_action`.
"""

from __future__ import annotations

import argparse
import logging
import random
import time
from contextlib import suppress
from pathlib import Path
from typing import ClassVar

from rich.text import Text
from textual import work
from textual.app import App, ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.events import Resize
from textual.screen import Screen
from textual.timer import Timer
from textual.widgets import Button, Footer, RichLog
from textual.worker import get_current_worker

from ..actions import (
    DOUBLE,
    NEXT_DEAL,
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
from ..bots import BOTS, BaseBot, decide, make_bot
from ..cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..deal import IllegalActionError, Phase
from ..events import DealScored, Event, GameOver, TrickWon, event_for_seat
from ..game import Game
from ..rules import Rules, RulesError
from . import save as saves
from .prefs import Preferences, prefs_path
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
from .text import HUMAN, RED, event_message, rules_line, seat_name
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
    TableState,
    TextPanel,
    TrickView,
    sort_hand,
)

BOT_TIME_LIMIT = 2.0
"""Seconds a bot may think before its move is replaced by a legal one (a fault)."""
BOT_LOG = logging.getLogger("twentynine.bots")

SPEEDS: dict[str, tuple[float, float]] = {
    "slow": (1.6, 2.4),
    "normal": (0.8, 1.5),
    "fast": (0.3, 0.8),
    "instant": (0.0, 0.0),
}
"""Per ``--speed``: seconds between bot moves, and seconds a finished trick stays up."""

_DIGITS = "0123456789"

EXTRA_BUTTONS: tuple[tuple[Action, str, str], ...] = (
    (PASS, "Pass", "p"),
    (REDEAL, "Redeal", "e"),
    (NO_TRUMPS, "No trumps", "n"),
    (DOUBLE, "Double", "d"),
    (REDOUBLE, "Redouble", "d"),
    (SINGLE_HAND, "Single hand", "h"),
    (SHOW_TRUMP, "Show trump", "s"),
    (PAIR, "Pair", "a"),
)
"""Actions that are not a card, a bid or a suit: a button each (and a key), enabled only
when the engine lists the action as legal."""


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


class TwentyNineApp(App[None]):
    """The table: you (South) and a bot partner (North) against two bots."""

    CSS_PATH = "table.tcss"
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
        Binding("s", "show_trump", "show trump"),
        Binding("a", "pair", "pair"),
        Binding("r", "pair", "pair", show=False),
        Binding("n", "simple('no trumps')", "no trumps"),
        Binding("d", "simple('double')", "double"),
        Binding("d", "simple('redouble')", "redouble"),
        Binding("h", "simple('single hand')", "single hand"),
        Binding("e", "simple('redeal')", "redeal"),
        Binding("l", "last_trick", "last trick"),
        Binding("o", "settings", "settings"),
        Binding("question_mark", "rules", "rules", key_display="?"),
        Binding("q", "request_quit", "quit"),
    ]

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 bots: str = "medium", speed: str = "normal", timer: float | None = None,
                 resume: bool = False, data_dir: Path | str | None = None,
                 notices: list[str] | None = None) -> None:
        super().__init__()
        self.register_theme(THEME)
        self.theme = THEME.name
        self.stylesheet.set_variables(self.get_css_variables())  # the .tcss use $felt ...
        self.rules = rules or Rules()
        self.bot_name = bots if bots in BOTS else "random"
        self.move_delay, self.trick_delay = SPEEDS.get(speed, SPEEDS["normal"])
        self.timer = timer
        self.save_file = saves.save_path(data_dir)
        self.settings_file = saves.settings_path(data_dir)
        self.startup_messages: list[str] = list(notices or [])
        self._replaces_save = False
        self.events: list[Event] = []
        """Every event of the game so far, as seat 0 may see it."""
        game: Game | None = None
        loaded_events: list[Event] = []
        if resume:
            loaded = saves.load_game(self.save_file)
            if loaded.message:
                self.startup_messages.append(loaded.message)
            if loaded.game is not None:
                game = loaded.game
                loaded_events = list(loaded.events)
                self.rules = game.rules
            elif loaded.message is None:
                self.startup_messages.append("There is no saved game; starting a new one.")
        else:
            existing = saves.check_existing(self.save_file)
            if existing.message:
                self.startup_messages.append(existing.message)
            if existing.game is not None:
                self._replaces_save = True
                self.startup_messages.append(
                    "A saved game is waiting (twentynine play --resume); quitting this game "
                    "will replace it.")
        self._seed = seed
        if game is None:
            game = Game(seed if seed is not None else random.randrange(1_000_000), self.rules)
            self.events = [event_for_seat(e, HUMAN) for e in game.opening_events()]
        else:
            self.events = [event_for_seat(e, HUMAN) for e in loaded_events]
        self.game: Game = game
        self.bots: dict[int, BaseBot] = {}
        self._make_bots()
        # table state
        self._gathering = False
        self._generation = 0
        """Counts games started in this app, so a late bot move of an old game is ignored."""
        self._bot_token: tuple[int, int] | None = None
        self._thinking: int | None = None
        self._pending_bot: tuple[int, Action, tuple[int, int]] | None = None
        self._summary_for: int | None = None
        self._sel_card: Card | None = None
        self._sel_bid = 0
        self._bid_digits = ""
        self._sel_suit = 0
        self._turn_token: tuple[int, int] | None = None
        self._time_left: float | None = None
        self._last_tick = time.monotonic()
        self._message: Text = Text("")
        self._key_signature: tuple[bool | None, ...] = ()
        self._warned_small = False
        self._clock: Timer | None = None
        self.prefs = Preferences(bots=self.bot_name, speed=speed if speed in SPEEDS else
                                 "normal", timer=timer)
        """The table preferences in use (the settings screen changes them)."""
        self.next_rules: Rules | None = None
        """Rules chosen during a game, for the next one."""

    # ------------------------------------------------------------------ setup
    def _make_bots(self) -> None:
        self.bots = {s: make_bot(self.bot_name, seed=self.game.seed * 4 + s) for s in (1, 2, 3)}

    def compose(self) -> ComposeResult:
        yield ScoreBar(id="scorebar")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield SeatPanel(2, compact=True, id="seat-north", classes="seat")
                with Horizontal(id="middle"):
                    yield SeatPanel(self._seat_at("west"), id="seat-west", classes="seat")
                    yield TrickView(id="trick")
                    yield SeatPanel(self._seat_at("east"), id="seat-east", classes="seat")
            with Vertical(id="side"):
                yield SidePanel(id="info")
                yield EventLog(id="log", markup=False, wrap=True, max_lines=200, min_width=10)
        with Horizontal(id="hand-row"):
            yield SeatPanel(HUMAN, id="seat-south", classes="seat")
            yield HandView(id="hand")
        with Horizontal(id="controls"):
            yield ChoiceBar(id="choices")
            yield TextPanel("", id="status")
            for action, label, key in EXTRA_BUTTONS:
                yield ActionButton(f"{label} ({key})", id=f"btn-{action.code}",
                             action=f"app.simple('{action}')", compact=True)
        yield Footer()

    def _seat_at(self, where: str) -> int:
        from .text import positions

        return positions(self.rules).index(where)

    def on_mount(self) -> None:
        log = self._table.query_one("#log", RichLog)
        log.write(rules_line(self.rules))
        for e in self.events:
            msg = event_message(self.rules, e)
            if msg:
                log.write(msg)
        for m in self.startup_messages:
            log.write(m)
        if self.timer is not None:
            self._clock = self.set_interval(0.2, self._tick)
        if self.startup_messages:
            self.push_screen(NoticeScreen("Please note", self.startup_messages),
                             self._after_modal)
        self._advance()

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
        over (no bot move or trick gathering pending).  Tests wait for this."""
        if self._modal_open() or self.game.is_over:
            return True
        if self._gathering or self._pending_bot is not None:
            return False
        return bool(self._human_legal())

    @property
    def _table(self) -> Screen[object]:
        """The table's own screen (below any dialog): widgets are looked up there."""
        return self.screen_stack[0]

    def _modal_open(self) -> bool:
        return len(self.screen_stack) > 1

    def _human_legal(self) -> list[Action]:
        """The human's legal actions now (empty while not their turn or while the table is
        busy gathering a trick or showing a dialog)."""
        g = self.game
        if g.is_over or self._gathering or self._modal_open():
            return []
        v = g.view(HUMAN)
        if v.phase is Phase.DEAL_OVER:
            return []
        return list(v.legal_actions)

    def _say(self, text: str, style: str = "") -> None:
        self._message = Text(text, style=style)

    def _display_hand(self) -> list[Card]:
        return sort_hand(self.game.view(HUMAN).hand)

    # ------------------------------------------------------------------ flow
    def _advance(self) -> None:
        """After anything changed: redraw, then start whatever comes next."""
        self._refresh_ui()
        if self._gathering or self._modal_open():
            return
        g = self.game
        v = g.view(HUMAN)
        if g.is_over or v.phase is Phase.DEAL_OVER:
            if self._summary_for != v.number:
                self._summary_for = v.number
                self._show_summary()
            return
        token = (self._generation, len(g.actions))
        if g.turn == HUMAN:
            if self._turn_token != token:
                self._turn_token = token
                self._start_human_turn()
                self._refresh_ui()
            return
        if self._bot_token != token:
            self._bot_token = token
            seat = g.turn
            self._thinking = seat
            self._bot_worker(seat, g.view(seat), token)
            self._refresh_ui()

    @work(thread=True, exclusive=True, group="bots")
    def _bot_worker(self, seat: int, view_: object, token: tuple[int, int]) -> None:
        from ..views import SeatView

        assert isinstance(view_, SeatView)
        worker = get_current_worker()
        start = time.monotonic()
        decision = decide(self.bots[seat], view_, budget=BOT_TIME_LIMIT)
        if decision.fault is not None:
            # the bot raised, chose an illegal action or took too long: decide() played a
            # legal action for it; the game goes on and the fault is logged
            BOT_LOG.warning("seat %d: %s", seat, decision.fault)
        remaining = self.move_delay - (time.monotonic() - start)
        while remaining > 0 and not worker.is_cancelled:
            time.sleep(min(0.05, remaining))
            remaining = self.move_delay - (time.monotonic() - start)
        if worker.is_cancelled:
            return
        with suppress(RuntimeError):  # the app is closing
            self.call_from_thread(self._bot_done, seat, decision.action, token)

    def _bot_done(self, seat: int, action: Action, token: tuple[int, int]) -> None:
        g = self.game
        if token != (self._generation, len(g.actions)) or g.turn != seat or g.is_over:
            return
        if self._modal_open():
            self._pending_bot = (seat, action, token)
            return
        self._thinking = None
        self._apply(action, seat)

    def _apply(self, action: Action, seat: int) -> bool:
        """Apply one action through the engine; False (with the engine's reason shown) if
        it refuses."""
        try:
            events = self.game.apply(action, seat)
        except IllegalActionError as exc:
            self._say(f"Not allowed: {exc}", f"bold {RED}")
            self._refresh_ui()
            return False
        mine = [event_for_seat(e, HUMAN) for e in events]
        self.events.extend(mine)
        log = self._table.query_one("#log", RichLog)
        last = ""
        for e in mine:
            msg = event_message(self.rules, e)
            if msg:
                log.write(msg)
                last = msg
        if last:
            self._say(last)
        self._bid_digits = ""
        if any(isinstance(e, TrickWon) for e in mine) and self.trick_delay > 0:
            self._gathering = True
            self.set_timer(self.trick_delay, self._gather)
        self._advance()
        return True

    def _gather(self) -> None:
        self._gathering = False
        self._advance()

    def _start_human_turn(self) -> None:
        v = self.game.view(HUMAN)
        legal = v.legal_actions
        self._time_left = self.timer
        self._last_tick = time.monotonic()
        if v.phase is Phase.AUCTION:
            bids = [a.bid for a in legal if a.bid is not None]
            if bids and self._sel_bid not in bids:
                self._sel_bid = bids[0]
            rd = " · e: redeal" if REDEAL in legal else ""
            ps = "" if PASS in legal else " (the dealer must bid)"
            self._say(f"Your bid{ps}{rd}", "bold")
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
            if SHOW_TRUMP in legal and not any(a.kind is ActionKind.PLAY for a in legal):
                self._say("Your turn: you must ask for trump (s)", "bold")
            else:
                extra = ""
                if SHOW_TRUMP in legal:
                    extra += " · s asks for trump"
                if PAIR in legal:
                    extra += " · a declares the pair"
                self._say(f"Your turn: play a card{extra}", "bold")

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
        scored = next((e for e in reversed(self.events) if isinstance(e, DealScored)), None)
        if scored is None:  # cannot happen: a finished deal always reports its score
            self._next_deal()
            return
        v = self.game.view(HUMAN)
        self.push_screen(SummaryScreen(self.rules, v.number, scored.outcome, scored.scores,
                                       self.game.is_over), self._after_summary)

    def _after_summary(self, _result: None) -> None:
        if self.game.is_over:
            over = next((e for e in reversed(self.events) if isinstance(e, GameOver)), None)
            winner = over.winner if over else (self.game.winner or 0)
            scores = over.scores if over else self.game.scores
            if not self._replaces_save:
                saves.remove_save(self.save_file)
            self.push_screen(GameOverScreen(winner, scores), self._after_game_over)
            return
        self._next_deal()

    def _next_deal(self) -> None:
        self._apply(NEXT_DEAL, self.game.turn)

    def _after_game_over(self, choice: str | None) -> None:
        if choice == "settings":
            self._open_settings()
            return
        if choice != "again":
            self.exit()
            return
        seed = random.randrange(1_000_000) if self._seed is None else self.game.seed + 1
        self._new_game(seed, self.next_rules or self.rules)

    def _new_game(self, seed: int, rules: Rules) -> None:
        """Start a fresh game (after game over, or with new settings)."""
        self._generation += 1
        if rules != self.rules and self.is_screen_installed("rules"):
            self.uninstall_screen("rules")  # it lists the old settings
        self.rules = rules
        self.next_rules = None
        self.game = Game(seed, rules)
        self._make_bots()
        self._table.query_one("#seat-west", SeatPanel).seat = self._seat_at("west")
        self._table.query_one("#seat-east", SeatPanel).seat = self._seat_at("east")
        self.events = [event_for_seat(e, HUMAN) for e in self.game.opening_events()]
        self._summary_for = None
        self._bot_token = None
        self._turn_token = None
        self._pending_bot = None
        self._thinking = None
        self._sel_bid = 0
        log = self._table.query_one("#log", RichLog)
        log.clear()
        log.write(rules_line(self.rules))
        for e in self.events:
            msg = event_message(self.rules, e)
            if msg:
                log.write(msg)
        self._say("A new game", "bold")
        self._advance()

    def _open_settings(self) -> None:
        """The settings screen, at any time: table preferences apply when it closes; rules
        start a game that has not begun yet again, else wait for the next game."""
        begun = bool(self.game.actions) and not self.game.is_over
        screen = SettingsScreen(self.next_rules or self.rules, self.prefs, game_begun=begun,
                                settings_file=self.settings_file,
                                prefs_file=prefs_path(self.save_file.parent))

        def done(choice: Choice | None) -> None:
            for problem in screen.problems:
                self.notify(problem, severity="error", timeout=12)
            if choice is not None:
                self.apply_prefs(choice.prefs)
            if choice is None or (begun and choice.rules == self.rules):
                self.next_rules = None if choice is not None else self.next_rules
                if self.game.is_over:  # cancelled between games: back to the result
                    self._after_summary(None)
                else:
                    self._after_modal()
                return
            if begun:
                self.next_rules = choice.rules
                self._table.query_one("#log", RichLog).write(
                    "Settings: the new rules start with the next game. "
                    + rules_line(choice.rules))
                self._say("The new rules start with the next game", "bold")
                self._after_modal()
                return
            seed = self.game.seed if not self.game.is_over else (
                random.randrange(1_000_000) if self._seed is None else self.game.seed + 1)
            self._new_game(seed, choice.rules)

        self.push_screen(screen, done)

    def apply_prefs(self, prefs: Preferences) -> None:
        """Use new table preferences at once (from the settings screen)."""
        if prefs.bots != self.bot_name:
            self.bot_name = prefs.bots
            self._make_bots()
        self.move_delay, self.trick_delay = SPEEDS.get(prefs.speed, SPEEDS["normal"])
        if prefs.timer != self.timer:
            self.timer = prefs.timer
            self._time_left = None if self.timer is None else self.timer
            if self.timer is not None and self._clock is None:
                self._clock = self.set_interval(0.2, self._tick)
        self.prefs = prefs

    def action_settings(self) -> None:
        if not self._modal_open():
            self._open_settings()

    def _after_modal(self, _result: object = None) -> None:
        """A dialog closed: a bot move that arrived meanwhile is applied now."""
        self._last_tick = time.monotonic()
        pending, self._pending_bot = self._pending_bot, None
        if pending is not None:
            seat, action, token = pending
            if token == (self._generation, len(self.game.actions)) and self.game.turn == seat:
                self._thinking = None
                self._apply(action, seat)
                return
        self._advance()

    # ------------------------------------------------------------------ timer
    def _tick(self) -> None:
        if not self.is_running:  # shutting down: the table's widgets are going away
            return
        now = time.monotonic()
        dt, self._last_tick = now - self._last_tick, now
        if self._time_left is None or not self._human_legal():
            return
        self._time_left -= dt
        if self._time_left <= 0:
            self._time_left = None
            action = self._timeout_action()
            if action is not None:
                self._table.query_one("#log", RichLog).write("Time is up: a move was made for you")
                self._human(action)
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
        if self.game.view(HUMAN).phase is Phase.TRUMP:
            for a in legal:
                if a.suit == self._sel_suit:
                    return a
        cards = [a for a in legal if a.card is not None]
        return cards[0] if cards else legal[0]

    # ------------------------------------------------------------------ redraw
    def _state(self) -> TableState:
        v = self.game.view(HUMAN)
        legal = self._human_legal()
        hand = self._display_hand()
        sel = hand.index(self._sel_card) if self._sel_card in hand else 0
        return TableState(view=v, scores=self.game.scores,
                          game_over=self.game.is_over, gathering=self._gathering,
                          thinking=self._thinking if not self._gathering else None,
                          selected=sel, legal_cards=self._legal_cards(),
                          my_turn=bool(legal), time_left=self._time_left)

    def _refresh_ui(self) -> None:
        st = self._state()
        v = st.view
        self._table.query_one(ScoreBar).show(st)
        for panel in self._table.query(SeatPanel):
            panel.show(st)
        self._table.query_one(TrickView).show(st)
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
            if action is SHOW_TRUMP:
                btn.display = v.phase is Phase.PLAY and v.single_hand is None
            elif action is PAIR:
                btn.display = v.phase is Phase.PLAY and v.rules.pair and v.single_hand is None
            elif action is PASS:
                btn.display = action in legal or in_auction
            else:
                btn.display = action in legal
        self._refresh_status()
        self._refresh_keys()

    def _refresh_keys(self) -> None:
        """Tell the footer to redraw, only when the set of working keys changed."""
        sig = tuple(self.check_action(*self._parse_binding(b.action))
                    for b in self.BINDINGS if isinstance(b, Binding))
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
            t.append(f"{who} to play…" if self.game.view(HUMAN).phase is Phase.PLAY
                     else f"{who} thinking…", style="dim")
        else:
            t.append_text(self._message)
        status.set_text(t)

    # ------------------------------------------------------------------ actions
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action in ("rules", "request_quit", "quit"):
            return True
        if action == "settings":
            return not self._modal_open()
        if action == "last_trick":
            return not self._modal_open() and bool(self.game.view(HUMAN).tricks)
        gameplay = {"move", "step", "card", "bid_digit", "suit", "confirm", "confirm_bid",
                    "confirm_trump", "confirm_suit", "pass_bid", "show_trump", "pair",
                    "simple"}
        if action not in gameplay:
            return True
        legal = self._human_legal()
        if not legal:
            return False
        phase = self.game.view(HUMAN).phase
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
        if action == "step":
            return phase is Phase.AUCTION
        if action in ("bid_digit", "confirm_bid"):
            return phase is Phase.AUCTION
        if action in ("suit", "confirm_suit"):
            return marker
        if action == "confirm_trump":
            return phase is Phase.TRUMP and not marker
        if action == "confirm":
            return phase is Phase.PLAY
        return True

    def _human(self, action: Action) -> None:
        if self.game.turn != HUMAN or not self._human_legal():
            return
        self._apply(action, HUMAN)

    def action_move(self, delta: int) -> None:
        phase = self.game.view(HUMAN).phase
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
        phase = self.game.view(HUMAN).phase
        if phase is not Phase.AUCTION:
            self.action_move(-delta if phase is Phase.TRUMP else delta)
            return
        bids = [a.bid for a in self._human_legal() if a.bid is not None]
        if not bids:
            return
        i = bids.index(self._sel_bid) if self._sel_bid in bids else 0
        self._sel_bid = bids[max(0, min(len(bids) - 1, i + delta))]
        self._bid_digits = ""
        self._refresh_ui()

    def action_card(self, n: int) -> None:
        hand = self._display_hand()
        if 1 <= n <= len(hand):
            self._sel_card = hand[n - 1]
            self._refresh_ui()

    def action_bid_digit(self, d: int) -> None:
        bids = [a.bid for a in self._human_legal() if a.bid is not None]
        text = self._bid_digits + str(d)
        if len(text) >= 2:
            n = int(text)
            self._bid_digits = ""
            if n in bids:
                self._sel_bid = n
                self._say(f"Enter bids {n}", "bold")
            else:
                lo, hi = (bids[0], bids[-1]) if bids else (0, 0)
                self._say(f"You can bid {lo} to {hi}, not {n}", f"bold {RED}")
        else:
            self._bid_digits = text
        self._refresh_ui()

    def action_suit(self, n: int) -> None:
        self._sel_suit = n - 1
        self._refresh_ui()

    def action_confirm(self) -> None:
        if self._sel_card is not None:
            self._human(Action.play(self._sel_card))

    def action_confirm_trump(self) -> None:
        if self._sel_card is not None:
            self._human(Action.trump_card(self._sel_card))

    def action_confirm_suit(self) -> None:
        self._human(Action.trump_suit(self._sel_suit))

    def action_confirm_bid(self) -> None:
        self._human(Action.make_bid(self._sel_bid))

    def action_pass_bid(self) -> None:
        self._human(PASS)

    def action_show_trump(self) -> None:
        self._human(SHOW_TRUMP)

    def action_pair(self) -> None:
        self._human(PAIR)

    def action_simple(self, text: str) -> None:
        """A button's or key's action in its text form (``pass``, ``double`` ...)."""
        self._human(Action.parse(text))

    def action_last_trick(self) -> None:
        v = self.game.view(HUMAN)
        if v.tricks:
            self.push_screen(LastTrickScreen(self.rules, v.tricks[-1], len(v.tricks)),
                             self._after_modal)

    def action_rules(self) -> None:
        if isinstance(self.screen, RulesScreen):
            return
        if not self.is_screen_installed("rules"):
            self.install_screen(RulesScreen(self.rules), "rules")  # rendered once, kept
        self.push_screen("rules", self._after_modal)

    def action_request_quit(self) -> None:
        if self.game.is_over:
            self.exit()
            return
        note = "This replaces the game saved earlier." if self._replaces_save else ""
        self.push_screen(QuitScreen(note), self._after_quit_dialog)

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
        try:
            saves.save_game(self.game, self.save_file)
        except OSError as exc:
            self.notify(f"Could not save the game: {exc}", severity="error", timeout=12)
            self._say(f"Could not save the game: {exc}", f"bold {RED}")
            self._refresh_status()
            return False
        return True

    # ------------------------------------------------------------------ mouse
    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        hand = self._display_hand()
        if not 0 <= message.index < len(hand):
            return
        card = hand[message.index]
        self._sel_card = card
        legal = self._human_legal()
        phase = self.game.view(HUMAN).phase
        if phase is Phase.PLAY and Action.play(card) in legal:
            self._human(Action.play(card))
        elif phase is Phase.TRUMP and Action.trump_card(card) in legal:
            self._human(Action.trump_card(card))
        elif legal and phase is Phase.PLAY:
            self._apply(Action.play(card), HUMAN)  # refused: the engine says why
        else:
            self._refresh_ui()

    def on_chip_clicked(self, message: Chip.Clicked) -> None:
        legal = self._human_legal()
        phase = self.game.view(HUMAN).phase
        if phase is Phase.AUCTION:
            bids = [a.bid for a in legal if a.bid is not None]
            if 0 <= message.index < len(bids):
                self._sel_bid = bids[message.index]
                self._human(Action.make_bid(self._sel_bid))
        elif phase is Phase.TRUMP and self.rules.trump_indicator == "marker":
            self._sel_suit = message.index
            self._human(Action.trump_suit(message.index))


def run_play(opts: argparse.Namespace, rules: Rules) -> int:
    """Start the table with the ``play`` options.  The player's saved default settings
    (from the settings screen) are the base that the command line's flags change."""
    notices: list[str] = []
    if not opts.resume:
        saved, problem = saves.load_default_rules(saves.settings_path())
        if problem:
            notices.append(problem)
        if saved is not None:
            from ..cli import rules_from

            with suppress(RulesError):
                rules = rules_from(opts, saved)
    app = TwentyNineApp(rules, seed=opts.seed, bots=opts.bots, speed=opts.speed,
                        timer=opts.timer, resume=opts.resume, notices=notices)
    app.run()
    return 0
