"""The table's flow: after every move, what comes next.

:meth:`TableFlow.advance` is called after anything changed: it redraws, then starts what
the position asks for: the deal summary when a deal is over, the human's turn (the clock,
the selection, a forced card played after a pause), or a bot's decision in a worker thread
(held back to the pace of the table, :mod:`twentynine.tui.pacing`).  A finished trick
stays up for a moment before play goes on; a bot move or a forced card that comes while a
dialog is open waits for the dialog to close.  Whose turn it is, take-back and the
autosave are the table's (:class:`~twentynine.controller.table_like.TableLike`) business.
"""

from __future__ import annotations

from contextlib import suppress
from typing import TYPE_CHECKING

from rich.text import Text
from textual.worker import get_current_worker

from ..coach.clock import clock_move, clock_words
from ..coach.phrases import positions
from ..controller.table_like import BotTurn, TableLike
from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.deal import IllegalActionError, Phase
from ..engine.events import DealScored, Event, GameOver, TrickWon
from ..engine.rules import Rules
from ..engine.scoring import DealOutcome
from .pacing import paced_decision
from .screens import GameOverScreen, SummaryScreen
from .widgets import ScoreBar, SeatPanel
from .wording import RED, event_message

if TYPE_CHECKING:
    from .app import TwentyNineApp
    from .table_screen import TableScreen


class TableFlow:
    """What comes next at the table (see the module's docstring)."""

    def __init__(self, screen: TableScreen) -> None:
        self.screen = screen
        self.gathering = False
        """A finished trick is still on the table."""
        self.thinking: int | None = None
        """The bot seat whose move is awaited."""
        self._bot_token: tuple[int, int] | None = None
        self._pending_bot: tuple[BotTurn, Action] | None = None
        self._summary_for: tuple[int, int] | None = None
        self._turn_token: tuple[int, int] | None = None
        self.finishing = False
        """A decided deal is being played out at once (every seat by a bot's choice)."""
        self.auto_card: Card | None = None
        """The human's last card played for them (their only legal one, or the clock's)."""
        self.auto_words = ""
        """What the status line says of that card while its trick is up."""
        self._told_decided: tuple[int, int] | None = None

    @property
    def table(self) -> TableLike:
        return self.screen.table

    @property
    def host(self) -> TwentyNineApp:
        return self.screen.host

    @property
    def idle(self) -> bool:
        """Nothing is under way: the human is to move, a dialog is open, or the game is
        over (no bot move, trick gathering or automatic play pending)."""
        if self.screen.modal_open() or self.table.is_over:
            return True
        if self.gathering or self._pending_bot is not None:
            return False
        if self.screen.too_small:  # your turn waits for a window the table fits in
            return self.table.turn == self.table.seat and bool(self.table.legal_actions())
        if self.screen.turn.auto_token is not None:
            return False
        return bool(self.screen.human_legal())

    def shutting_down(self) -> bool:
        """The app is shutting down (the table's widgets are gone): a late bot move or
        timer must not touch anything."""
        app = self.host
        return (not app.is_running or not app.screen_stack
                or not self.screen.query_children(ScoreBar))

    # ------------------------------------------------------------------ moves
    def advance(self) -> None:
        """After anything changed: start whatever comes next, and redraw (once: the
        table is drawn as it stands once the next move is under way)."""
        if self.gathering or self.screen.modal_open():
            self.screen.refresh_ui()
            return
        t = self.table
        if t.is_over or t.deal_over:
            self.finishing = False
            self.screen.refresh_ui()  # the finished deal, under its summary
            key = (t.position[0], t.view().number)
            if self._summary_for != key:
                self._summary_for = key
                self.show_summary()
            return
        token = t.position
        if t.turn == t.seat and not self.finishing:
            if self._turn_token != token:
                self._turn_token = token
                self.start_human_turn()
            self.screen.refresh_ui()
            return
        turn = t.finish_turn() if self.finishing else t.bot_turn()
        if turn is not None and self._bot_token != turn.token:
            self._bot_token = turn.token
            self.thinking = turn.seat
            self._start_bot(turn)
        self.screen.refresh_ui()

    def _start_bot(self, turn: BotTurn) -> None:
        """The bot of ``turn`` decides in a worker thread, at the table's pace."""
        app, table = self.host, self.table
        delay = 0.0 if self.finishing else self.screen.pace.move_delay

        def think() -> None:
            worker = get_current_worker()
            action = paced_decision(table, turn, delay, lambda: worker.is_cancelled)
            if action is None:
                return
            with suppress(RuntimeError):  # the app is closing
                app.call_from_thread(self.bot_done, turn, action)

        app.run_worker(think, thread=True, exclusive=True, group="bots")

    def bot_done(self, turn: BotTurn, action: Action) -> None:
        """A bot decided: apply its move (later, if a dialog is open; never if stale)."""
        if self.shutting_down():
            return
        if turn.token != self.table.position or self.table.turn != turn.seat:
            return  # stale: a take-back or a new game since
        if self.screen.modal_open():
            self._pending_bot = (turn, action)
            return
        self.thinking = None
        events = self.table.apply_bot(turn, action)
        if events is not None:
            self.after_events(events)

    def apply_human(self, action: Action) -> bool:
        """Apply the human's action; False (with the engine's reason shown) if refused."""
        if self.gathering or self.screen.modal_open():
            return False
        try:
            events = self.table.apply(action)
        except IllegalActionError:
            # the table told its news listeners why (a Refusal): the status line says it
            self.screen.refresh_ui()
            return False
        self.screen.turn.auto_token = None
        self.host.first_move_made()
        self.after_events(events)
        return True

    def after_events(self, events: list[Event]) -> None:
        """New events: into the log and the status line, then on to what comes next."""
        screen = self.screen
        last = ""
        for e in events:
            msg = screen.log_event(e)
            if msg:
                last = msg
        if last:
            screen.say(last)
        auto = self.auto_card
        v = self.table.view()
        on_table = v.trick if not self.gathering else ()
        if auto is not None and ((self.table.seat, auto) in on_table or any(
                isinstance(e, TrickWon) and (self.table.seat, auto) in e.cards
                for e in events)):
            # played for you: the status keeps saying so while its trick is up (it went by
            # too fast to notice among the bots' cards)
            also = "" if not last or last.startswith("You played") else f" · {last}"
            screen.say(self.auto_words + also, "bold")
        if self.table.save_error:
            screen.say(self.table.save_error, f"bold {RED}")
        screen.turn.bid_digits = ""
        for panel in screen.hint_panels():
            panel.remove()  # the position moved on
        recorder = self.host.coach.recorder
        if recorder is not None and recorder.problem:
            screen.say(recorder.problem, f"bold {RED}")
        self.tell_decided()
        delay = screen.pace.trick_delay
        if any(isinstance(e, TrickWon) for e in events) and delay > 0 and not self.finishing:
            self.gathering = True
            self.host.set_timer(delay, self.gather)
        self.advance()

    def tell_decided(self) -> None:
        """The first time in a deal that its result can no longer change: the log says so
        and that ``f`` finishes it at once (the footer shows the key from then on)."""
        t = self.table
        key = (t.position[0], t.view().number)
        if self._told_decided != key and not self.finishing and t.decided():
            self._told_decided = key
            self.screen.log_line("The result is decided: f finishes the deal")

    def finish(self) -> bool:
        """Play the rest of a decided deal at once: every seat by its bot's choice, yours
        by the strongest bot's, each move recorded as usual; False if the deal is not
        decided (or a dialog is open, or it is being finished already)."""
        if self.finishing or self.screen.modal_open() or not self.table.decided():
            return False
        self.finishing = True
        self.screen.turn.auto_token = None
        self.screen.turn.time_left = None
        for panel in self.screen.hint_panels():
            panel.remove()
        self.screen.log_line("Finishing the deal: the bots play the rest, your cards by the "
                             "strongest bot's choice")
        self.screen.say("Finishing the deal…", "bold")
        self.advance()
        return True

    def gather(self) -> None:
        """The finished trick's moment is over: play goes on."""
        if self.shutting_down():
            return
        self.gathering = False
        self.advance()

    def start_human_turn(self) -> None:
        """The human's turn begins: the clock, the selection, what the status line asks;
        a forced card is played after a pause (when the settings say so)."""
        screen, app, t = self.screen, self.host, self.table
        self.auto_card = None  # its trick is gone by now
        v = t.view()
        forced = t.forced_action() if v.phase is Phase.PLAY and app.prefs.auto_play else None
        card = forced.card if forced is not None else None
        self.tell_decided()  # a resumed game, too
        notice, app.status_notice = app.status_notice, ""
        if app.prefs.bell:
            app.bell()
        screen.note(screen.turn.begin(v, screen.human_legal(), screen.turn.clock(), card))
        if card is not None:
            token = t.position
            screen.turn.auto_token = token
            app.set_timer(screen.pace.auto_play_pause, lambda: self.auto_play(token))
        if notice:
            screen.message = Text.assemble(Text(notice, style="italic"), " · ",
                                           screen.message)

    def auto_play(self, token: tuple[int, int]) -> None:
        """The pause is over: play the forced card (unless something changed meanwhile)."""
        turn = self.screen.turn
        if self.shutting_down() or turn.auto_token != token or self.table.position != token:
            return
        if self.screen.modal_open() or self.screen.too_small:
            return  # a dialog is open, or the table hidden: played once it is back
        turn.auto_token = None
        forced = self.table.forced_action()
        if forced is not None:
            self.auto_card = forced.card
            label = forced.card.label if forced.card is not None else str(forced)
            self.auto_words = f"Played for you: the {label}, your only legal card"
            self.apply_human(forced)

    def tick(self) -> None:
        """The move clock (five times a second): out of time, a move is made for you."""
        turn, screen = self.screen.turn, self.screen
        running = (turn.time_left is not None and not self.shutting_down()
                   and bool(screen.human_legal()))
        if turn.tick(turn.clock(), running):
            self._clock_move()
            return
        if running:
            screen.refresh_status()

    def _clock_move(self) -> None:
        """Out of time: the hint's choice is worked out in a worker thread (as long as a
        hint takes), then played for the human, unless they moved meanwhile."""
        table, app = self.table, self.host
        view = table.view()
        if not view.legal_actions or table.turn != table.seat:
            return
        token = table.position
        self.screen.say("Time is up: making the hint's move for you…", "bold")

        def think() -> None:
            action = clock_move(view)
            with suppress(RuntimeError):  # the app is closing
                app.call_from_thread(self._clock_done, token, action)

        app.run_worker(think, thread=True, exclusive=True, group="clock")

    def _clock_done(self, token: tuple[int, int], action: Action) -> None:
        """The clock's move is ready: played if the turn is still the same one; with a
        dialog open, the clock runs out again once it closes (and decides afresh)."""
        if self.shutting_down() or token != self.table.position \
                or self.table.turn != self.table.seat:
            return  # the player moved meanwhile, or a take-back or a new game
        if self.gathering or self.screen.modal_open():
            self.screen.turn.time_left = 0.0
            return
        words = clock_words(action)
        self.screen.log_line(words)
        # a card: the status line keeps naming it while its trick is up, as for a forced
        # card (else the bots' cards that follow would hide it at once)
        self.auto_card, self.auto_words = action.card, words
        if self.apply_human(action) and action.card is None:
            self.screen.say(words, "bold")

    def after_modal(self, _result: object = None) -> None:
        """A dialog closed: a bot move that arrived meanwhile is applied now, and a forced
        card waiting to be played is played."""
        turn = self.screen.turn
        turn.last_tick = turn.clock()
        pending, self._pending_bot = self._pending_bot, None
        if pending is not None:
            self.bot_done(*pending)
            return
        token = turn.auto_token
        if token is not None and token == self.table.position:
            self.host.set_timer(self.screen.pace.auto_play_pause,
                                lambda: self.auto_play(token))
        self.advance()

    # ------------------------------------------------------------------ deals and games
    def show_summary(self) -> None:
        """The deal is over: its summary (the status line says what Enter does now)."""
        t = self.table
        scored = next((e for e in reversed(t.events) if isinstance(e, DealScored)), None)
        if scored is None:  # cannot happen: a finished deal always reports its score
            self.next_deal()
            return
        # the status line stays in sight below the summary: say there what Enter does now,
        # not a refusal left from the last trick's gathering ("Enter: the deal is over")
        enter = "see the result" if t.is_over else "next deal"
        result = event_message(t.rules, scored)
        self.screen.say(f"{result} · Enter: {enter}" if result else f"Enter: {enter}")
        self.screen.refresh_status()
        self.host.push_screen(SummaryScreen(t.rules, t.view().number, scored.outcome,
                                           scored.scores, t.is_over,
                                           guard=self.screen.pace.summary_guard),
                              self.after_summary)

    def after_summary(self, _result: None = None) -> None:
        """The summary closed: the next deal, or the game's result."""
        t = self.table
        if t.is_over:
            over = next((e for e in reversed(t.events) if isinstance(e, GameOver)), None)
            winner = over.winner if over else (t.winner or 0)
            scores = over.scores if over else t.scores
            scored = next((e for e in reversed(t.events) if isinstance(e, DealScored)),
                          None)
            reason = win_reason(t.rules, scores, scored.outcome if scored else None)
            app = self.host
            # the summary's "Enter: see the result" is stale below the result
            who = "You and North win" if winner == 0 else "East and West win"
            enter = "close · n: new game" if app.shared_table else "play again"
            self.screen.say(f"Game over: {who}" + (f" ({reason})" if reason else "")
                            + f" · Enter: {enter}", "bold")
            self.screen.refresh_status()
            shared = app.shared_table
            app.push_screen(GameOverScreen(winner, scores, reason, shared=shared,
                                           ask=app.ask_next_game if shared else None),
                            app.after_game_over)
            return
        self.next_deal()

    def next_deal(self) -> None:
        """Deal the next deal (when the table is between deals)."""
        if self.table.deal_over:
            self.after_events(self.table.next_deal())

    def new_game(self, seed: int, rules: Rules) -> None:
        """Start a fresh game at this table (after game over, or with new settings)."""
        screen = self.screen
        self.table.new_game(seed, rules)
        seats = positions(rules)  # where each seat sits under the new rules
        screen.query_one("#seat-west", SeatPanel).seat = seats.index("west")
        screen.query_one("#seat-east", SeatPanel).seat = seats.index("east")
        self.game_began()

    def game_began(self) -> None:
        """A fresh game is at the table (here, or at a shared table when anyone there
        asked for it): the last game's result closes and everything starts afresh."""
        app, screen = self.host, self.screen
        for _ in range(3):  # the last deal's summary, the game's result
            if not isinstance(app.screen, (SummaryScreen, GameOverScreen)):
                break
            app.pop_screen()
        self.reset()
        screen.turn.sel_bid = 0
        screen.rewrite_log()
        screen.say("A new game", "bold")
        self.advance()

    def take_back(self) -> None:
        """Take back the human's last decision (the table checked that it may)."""
        self.reset()
        self.screen.turn.sel_card = None  # the first legal card, as at any new turn
        self.table.take_back()
        self.screen.rewrite_log()
        self.advance()

    def reset(self) -> None:
        """Forget every move under way (a take-back or a new game): a bot's decision in
        progress is dropped."""
        self._summary_for = None
        self._bot_token = None
        self._turn_token = None
        self.screen.turn.auto_token = None
        self._pending_bot = None
        self.thinking = None
        self.gathering = False
        self.finishing = False
        app = self.host
        app.workers.cancel_group(app, "bots")


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
