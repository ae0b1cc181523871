"""Twenty-Five's table screen: the seats, the trump, the deal's log, your hand, the status
line and the keys.  It plays through a :class:`~twentynine.twentyfive.race_table.RaceTable`
(the controller: no widgets); the bots think in a thread worker so the screen never
freezes, and their moves are applied here, on the screen's own thread."""

from __future__ import annotations

import time
from collections.abc import Sequence
from typing import TYPE_CHECKING, ClassVar

from rich.text import Text
from textual import work
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen

from ..twentyfive import Card, IllegalMoveError, Move, MoveKind, PlayerView, Stage
from ..twentyfive.happenings import DealStarted, Event, RaceWon
from ..twentyfive.race_table import RaceTableLike
from .footer import ALWAYS, TableFooter
from .screens import QuitScreen
from .theme import SKY
from .twentyfive_coach import RaceCoach, RaceHintPanel, RaceOverWithReview
from .twentyfive_dialogs import (
    RaceRulesScreen,
    RaceSettingsScreen,
    RaceTricksScreen,
    RobScreen,
)
from .twentyfive_widgets import (
    LogWriter,
    SeatNames,
    hand_lines,
    score_bar,
    seat_name,
    seats_table,
    trump_line,
)
from .widgets import EventLog, StatusLine, TextPanel

if TYPE_CHECKING:
    from .twentyfive_app import TwentyFiveApp


RESUME_TEXT = ("Your game will be saved. To continue it later:\n"
               "twentynine play --game twentyfive --resume")
"""The quit dialog's words (the command on a line of its own, whole at 80 columns)."""

KEPT_TEXT = ("This game has no move yet: your earlier game stays saved. To continue it:\n"
             "twentynine play --game twentyfive --resume")
"""The quit dialog's words while a new game has not yet replaced the saved one."""


TRICK_PAUSE = 3
"""A computer player about to lead waits this many times its usual delay, so that the
trick just taken stays on the table long enough to be seen."""


FOOTER_RANKS: dict[str, int] = {
    "confirm": 90, "next_deal": 90, "new_game": 90, "rob": 85, "move": 70, "card": 65,
    "last_trick": 30, "settings": 20, "stats": 10, "rules": ALWAYS, "quit_game": ALWAYS,
}
"""How long a key stays in a footer short of room (higher stays longer; help and quit
always stay): at 80 columns with a rob to offer, statistics and settings give way."""


def think_delay(view: PlayerView, delay: float) -> float:
    """How long a computer player takes at least before it moves: ``delay``, or
    :data:`TRICK_PAUSE` times it when it is to lead after a trick was taken."""
    return delay * TRICK_PAUSE if view.tricks and not view.trick else delay


class RaceScreen(Screen[None]):
    """The table of a game of Twenty-Five."""

    DEFAULT_CSS = """
    RaceScreen { background: $felt; }
    #rt-score { height: 1; background: $felt-bar; padding: 0 1; }
    #rt-main { height: 1fr; }
    #rt-seats { width: 47; padding: 0 1; }
    #rt-side { width: 1fr; }
    #rt-trump { height: auto; padding: 0 1; background: $felt-side; }
    #rt-log { height: 1fr; background: $felt-side; padding: 0 1; overflow-x: hidden; }
    #rt-hand { height: 3; background: $felt-hand; padding: 0 1; }
    #rt-status { height: 1; padding: 0 1; background: $felt-bar; }
    """

    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left", "move(-1)", "choose", key_display="←→"),
        Binding("right", "move(1)", "choose", show=False),
        *[Binding(str(d), f"card({d})", "card", key_display="1-5", show=d == 1)
          for d in range(1, 10)],
        Binding("enter", "confirm", "play", key_display="⏎"),
        Binding("enter", "next_deal", "next deal", key_display="⏎"),
        Binding("enter", "new_game", "new game", key_display="⏎"),
        Binding("enter", "wait_turn", "", show=False),
        # a card key while you may not play: the status line says why (not silence)
        *[Binding(k, "not_now", "", show=False)
          for k in ("left", "right", *map(str, range(1, 10)))],
        Binding("pageup", "log_scroll('up')", "log", show=False),
        Binding("pagedown", "log_scroll('down')", "log", show=False),
        Binding("home", "log_scroll('home')", "log", show=False),
        Binding("end", "log_scroll('end')", "log", show=False),
        Binding("r", "rob", "rob"),
        Binding("r", "review", "review"),
        Binding("r", "no_rob", "", show=False),
        Binding("i", "hint", "hint"),
        Binding("l", "last_trick", "tricks"),
        Binding("o", "settings", "settings"),
        Binding("t", "stats", "stats"),
        Binding("question_mark", "rules", "help", key_display="?"),
        Binding("q", "quit_game", "quit"),
        Binding("ctrl+c", "quit_game", "quit", show=False, priority=True),
    ]

    def __init__(self, table: RaceTableLike, notices: list[str] | None = None) -> None:
        super().__init__()
        self.table = table
        self.names: SeatNames = table.names or seat_name
        """What each seat is called (the players' names at a hosted table)."""
        self.selected = 0
        self.turn_seen: tuple[int, int, int] | None = None
        """The turn of yours the cursor was last put on a playable card for (deal, tricks
        done, cards in the trick)."""
        self.message: Text | None = None
        """A note for the status line (a refusal, a notice) until the next move."""
        self.notices = list(notices or [])
        self.thinking = False
        self.over_shown = False
        self.log_writer = LogWriter(self.names)
        self._keys_shown: tuple[object, ...] = ()
        """What the footer's keys were last worked out from (see :meth:`refresh_ui`)."""
        table.add_listener(self.on_events)

    @property
    def race_app(self) -> TwentyFiveApp:
        from .twentyfive_app import TwentyFiveApp

        assert isinstance(self.app, TwentyFiveApp)
        return self.app

    # ------------------------------------------------------------------ layout
    def compose(self) -> ComposeResult:
        yield TextPanel(id="rt-score")
        with Horizontal(id="rt-main"):
            yield TextPanel(id="rt-seats")
            with Vertical(id="rt-side"):
                yield TextPanel(id="rt-trump")
                yield RaceHintPanel(id="rt-hint")
                yield EventLog(id="rt-log", wrap=True, markup=False, max_lines=200,
                               min_width=10)
        yield TextPanel(id="rt-hand")
        yield StatusLine(id="rt-status")
        yield TableFooter()

    def on_mount(self) -> None:
        self.coach = RaceCoach(self, self.race_app.save_file.parent)
        log = self.query_one(EventLog)
        view = self.table.view()
        if self.race_app.first_game:
            from .twentyfive_app import FIRST_GAME_TIP

            log.write(Text(FIRST_GAME_TIP, style=SKY))
        # the log of the deal in play (a resumed game shows it again)
        start = max((i for i, e in enumerate(self.table.history)
                     if isinstance(e, DealStarted)), default=0)
        for e in self.table.history[start:]:
            line = self.log_writer.line(view, e)
            if line is not None:
                log.write(line)
        for note in self.notices:  # kept in the log: the status line's note goes at the
            log.write(Text(note, style="bold"))  # first move (a bot's, too)
        if self.notices and not self.table.shared:  # a hosted table's is left for the turn
            self.message = Text(" ".join(self.notices), style="bold")
        self.refresh_ui()
        self.kick_bots()

    # ------------------------------------------------------------------ drawing
    def legal_cards(self) -> list[Card]:
        return [m.card for m in self.table.legal_actions()
                if m.kind is MoveKind.PLAY and m.card is not None]

    def refresh_ui(self) -> None:
        view = self.table.view()
        hand = view.hand
        if hand:
            self.selected = max(0, min(self.selected, len(hand) - 1))
            self.start_turn_on_a_playable_card(view)
        bar = self.query_one("#rt-score", TextPanel)
        bar.set_text(score_bar(view, bar.content_region.width or 78, names=self.names))
        self.query_one("#rt-seats", TextPanel).set_text(seats_table(view, names=self.names))
        self.query_one("#rt-trump", TextPanel).set_text(trump_line(view, names=self.names))
        self.query_one("#rt-hand", TextPanel).set_text(
            hand_lines(view, self.selected, self.legal_cards()))
        self.query_one(StatusLine).set_text(self.status_text())
        # the footer is fitted again only when the keys that work (or the cards' count,
        # which it shows) changed: working that out asks every binding
        keys = (view.turn == view.seat, view.stage, view.can_rob, len(hand))
        if keys != self._keys_shown:
            self._keys_shown = keys
            self.refresh_bindings()

    def start_turn_on_a_playable_card(self, view: PlayerView) -> None:
        """Once at the start of each of your turns, move the cursor off a card you may not
        play (as the Twenty-Nine table does), so that Enter plays; the keys may still
        choose any card afterwards (and a refused one says why)."""
        if view.turn != view.seat or view.stage is not Stage.PLAY:
            return
        turn = (view.number, len(view.tricks), len(view.trick))
        if turn == self.turn_seen:
            return
        self.turn_seen = turn
        legal = self.legal_cards()
        if legal and view.hand[self.selected] not in legal:
            self.selected = next(i for i, c in enumerate(view.hand) if c in legal)

    def status_text(self) -> Text:
        if self.message is not None:
            return self.message
        view = self.table.view()
        if self.table.save_error:
            return Text(self.table.save_error, style="bold")
        if view.stage is Stage.GAME_OVER:
            return Text("The game is over: Enter for a new game, q to quit.")
        if view.stage is Stage.DEAL_OVER:
            return Text("The deal is over: Enter deals the next one, r reviews it.",
                        style="bold")
        if view.turn == view.seat:
            n = len(view.hand)
            keys = f" (←→ or 1-{n})" if n > 1 else ""
            t = Text(f"Your turn: choose a card{keys}, Enter plays it", style="bold")
            if view.can_rob:
                t.append(" · r robs the turned card", style=f"bold {'#ffca28'}")
            held = view.may_hold_back
            if held and set(self.legal_cards()) - set(held) and view.trick:
                # short enough to stay at 80 columns once the parentheses go
                words = " and ".join(c.label for c in held)
                t.append(f" · your {words} may be held back (the {view.trick[0][1].label} "
                         "led is a lower trump)")
            return t
        if view.turn is None or view.turn == view.seat:
            return Text("Waiting for the table…")
        return Text(f"{self.names(view.turn)} is thinking…")

    def say(self, text: str, bold: bool = True) -> None:
        self.message = Text(text, style="bold" if bold else "")
        self.refresh_ui()

    # ------------------------------------------------------------------ events
    def on_events(self, events: Sequence[Event]) -> None:
        log = self.query_one(EventLog)
        view = self.table.view()
        if events and self.table.shared:
            self.message = None  # a note (a refusal, "seated at ...") is stale once play moves
        for e in events:
            if isinstance(e, DealStarted):
                log.clear()
                if e.number == 1:
                    self.over_shown = False  # the table's next game (a hosted table)
            line = self.log_writer.line(view, e)
            if line is not None:
                log.write(line)
            if isinstance(e, RaceWon):
                self.race_app.record_result(e)
        self.coach.on_events(events)
        self.refresh_ui()
        if self.table.is_over and not self.over_shown:
            self.over_shown = True
            over = [e for e in events if isinstance(e, RaceWon)]
            if over:
                self.app.push_screen(RaceOverWithReview(self.table.view(), over[0],
                                                        self.coach, self.names),
                                     self._after_over)

    def _after_over(self, again: bool | None) -> None:
        if again:
            self.race_app.new_game()
        else:
            self.app.exit()

    # ------------------------------------------------------------------ the bots
    def kick_bots(self) -> None:
        seat = self.table.bot_seat()
        if seat is not None and not self.thinking:
            self.thinking = True
            self.think(seat)

    @work(thread=True, exclusive=True, group="bots")
    def think(self, seat: int) -> None:
        delay = think_delay(self.table.view(), self.race_app.bot_delay)
        started = time.monotonic()
        move = self.table.think(seat)
        rest = delay - (time.monotonic() - started)
        if rest > 0:
            time.sleep(rest)
        self.app.call_from_thread(self.bot_moved, seat, move)

    def bot_moved(self, seat: int, move: Move) -> None:
        self.thinking = False
        if self.table.bot_seat() == seat:
            self.message = None  # a note ("Wait: ...") is stale once the table moves
            self.table.play_bot(seat, move)
        self.kick_bots()

    # ------------------------------------------------------------------ the keys
    def footer_rank(self, binding: Binding) -> int | None:
        """How long ``binding`` stays in the footer (see :data:`FOOTER_RANKS`)."""
        return FOOTER_RANKS.get(binding.action.partition("(")[0], 50)

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        view = self.table.view()
        my_turn = view.turn == view.seat and view.stage is Stage.PLAY
        if action in ("move", "card", "confirm"):
            return my_turn
        if action == "next_deal":
            return view.stage is Stage.DEAL_OVER
        if action == "new_game":
            return view.stage is Stage.GAME_OVER
        # r: robs when you may; between deals and after the game it reviews the deal;
        # in play it says why you may not rob (no_rob)
        if action == "rob":
            return view.can_rob
        if action == "review":
            return view.stage is not Stage.PLAY
        if action == "no_rob":
            return not view.can_rob and view.stage is Stage.PLAY
        if action == "hint":
            return True if my_turn else None
        return True

    def action_move(self, step: int) -> None:
        n = len(self.table.view().hand)
        if n:
            self.selected = (self.selected + step) % n
            self.message = None
            self.refresh_ui()

    def action_card(self, n: int) -> None:
        hand = self.table.view().hand
        if 1 <= n <= len(hand):
            self.selected = n - 1
            self.message = None
        else:
            cards = "card" if len(hand) == 1 else "cards"
            self.message = Text(f"You hold {len(hand)} {cards}: no card {n}.")
        self.refresh_ui()

    def action_confirm(self) -> None:
        view = self.table.view()
        if view.stage is Stage.GAME_OVER:
            self.race_app.new_game()
            return
        if view.stage is Stage.DEAL_OVER:
            self.message = None
            try:
                self.table.apply(Move.parse("next deal"))
            except IllegalMoveError as exc:
                why = str(exc)
                self.say(why[:1].upper() + why[1:] + ".")
                return
            self.kick_bots()
            return
        if view.turn != view.seat:
            self.say(f"Wait: it is {self.names(view.turn or 0)}'s turn.")
            return
        card = view.hand[self.selected]
        self.play(Move.play(card))

    def action_next_deal(self) -> None:
        self.action_confirm()

    def action_new_game(self) -> None:
        self.action_confirm()

    def action_wait_turn(self) -> None:
        """Enter while a computer player is to move: say whose turn it is."""
        self.action_confirm()

    def action_not_now(self) -> None:
        """A card key while no card may be played: say why."""
        view = self.table.view()
        if view.stage is Stage.DEAL_OVER:
            self.say("The deal is over: Enter deals the next one.")
        elif view.stage is Stage.GAME_OVER:
            self.say("The game is over: Enter for a new game, q to quit.")
        elif view.turn != view.seat:
            self.say(f"Wait: it is {self.names(view.turn or 0)}'s turn.")

    def action_log_scroll(self, where: str) -> None:
        """PgUp/PgDn/Home/End: page through the deal's log (nine players' cards do not
        fit at 80x24)."""
        log = self.query_one(EventLog)
        if where == "up":
            log.scroll_page_up()
        elif where == "down":
            log.scroll_page_down()
        elif where == "home":
            log.scroll_home()
        else:
            log.scroll_end()

    def play(self, move: Move) -> None:
        try:
            self.table.apply(move)
        except IllegalMoveError as exc:
            why = str(exc)
            self.say(f"Not the {move.card.label if move.card is not None else 'move'}: "
                     f"{why[:1].upper()}{why[1:]}.")
            return
        self.message = None
        self.race_app.first_move_made()
        self.refresh_ui()
        self.kick_bots()

    def action_rob(self) -> None:
        view = self.table.view()
        why = self.table.why_no_rob()
        if why is not None:
            if view.robber is not None:
                who = "you" if view.robber == view.seat else self.names(view.robber)
                why += f" (by {who})"
            self.say(f"Rob: {why}.")
            return
        self.app.push_screen(RobScreen(view), self._robbed)

    def action_no_rob(self) -> None:
        """``r`` when you may not rob: say why."""
        self.action_rob()

    def _robbed(self, card: Card | None) -> None:
        if card is None:
            self.say("You did not rob (r again to rob).", bold=False)
            return
        self.play(Move.rob(card))
        view = self.table.view()
        self.message = Text(f"You robbed the {view.turned.label} and laid down the "
                            f"{card.label}: now play a card.", style="bold")
        self.refresh_ui()

    def action_last_trick(self) -> None:
        """``l``: the deal's finished tricks, the last one first (the same key as at the
        Twenty-Nine table); before the first one is over, say so."""
        view = self.table.view()
        if not view.tricks:
            self.say("Last trick: no trick has been played yet in this deal.")
            return
        self.app.push_screen(RaceTricksScreen(view, self.names))

    def action_rules(self) -> None:
        self.app.push_screen(RaceRulesScreen(self.table.rules))

    def action_settings(self) -> None:
        self.app.push_screen(RaceSettingsScreen(self.race_app.settings_file,
                                                self.table.rules, self.table.bots))

    def action_stats(self) -> None:
        self.coach.open_stats(self.race_app.stats_file)

    def action_hint(self) -> None:
        why = self.coach.toggle_hint()
        if why:
            self.say(why)

    def action_review(self) -> None:
        why = self.coach.open_review()
        if why:
            self.say(why)

    def select_card(self, index: int) -> None:
        """Put the cursor on card ``index`` of the hand (the hint's card)."""
        self.selected = index
        self.refresh_ui()

    def action_quit_game(self) -> None:
        """``q`` (and ctrl+c): ask first, as the Twenty-Nine table does; yes saves the
        game and quits.  A finished game has nothing to save: it quits at once."""
        if isinstance(self.app.screen, QuitScreen):
            return
        if self.table.is_over:
            self.app.exit()
            return
        if self.race_app.replacing is not None:  # no move yet: nothing of it is saved
            self.app.push_screen(QuitScreen("", KEPT_TEXT, "Quit"), self._after_quit)
            return
        self.app.push_screen(QuitScreen("", RESUME_TEXT), self._after_quit)

    def _after_quit(self, yes: bool | None) -> None:
        if not yes:
            return
        if self.table.save():
            self.app.exit()
            return
        self.say(f"Not quit: {self.table.save_error}")
