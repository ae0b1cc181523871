"""The table screen: the table's widgets, the moves' keys and clicks, and the redraw.

A key (or click) of the human's turn goes to the :class:`~twentynine.tui.turn.TurnModel`
(what is selected, what Enter does), and an action it yields goes to the
:class:`~twentynine.tui.flow.TableFlow` (which applies it and starts whatever comes next).
After anything changed, every widget redraws from the human's view (:meth:`refresh_ui`).
The keys that also work over a dialog (help, quit, the hint ...) are the app's.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cached_property
from typing import TYPE_CHECKING, ClassVar, cast

from rich.rule import Rule
from rich.text import Text
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.containers import Horizontal, Vertical
from textual.screen import Screen
from textual.widgets import Button, Static

from ..coach.phrases import positions
from ..controller.table_like import News, Notice, Refusal, TableLike
from ..engine.actions import PAIR, PASS, SHOW_TRUMP, Action
from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from ..engine.deal import Phase
from ..engine.events import DealStarted, Event
from ..engine.words import house_rules, rules_line
from .coach import HintPanel, selection_words
from .flow import TableFlow
from .footer import TableFooter
from .keys import (
    APP_BINDINGS,
    EXTRA_BUTTONS,
    GAMEPLAY,
    TABLE_BINDINGS,
    busy_reason,
    finish_refusal,
    gameplay_allowed,
    parse_binding,
    still_possible,
)
from .pacing import Pace
from .side_panel import SidePanel
from .theme import GOLD, INK_SOFT, LINE
from .turn import EnterWhat, Note, TurnModel, legal_cards, play_line, sort_hand
from .widgets import (
    ActionButton,
    Chip,
    ChoiceBar,
    EventLog,
    HandView,
    ScoreBar,
    SeatPanel,
    StatusLine,
    TableState,
    TrickView,
    TrumpBanner,
)
from .wording import HUMAN, RED, event_message, seat_name

if TYPE_CHECKING:
    from .app import TwentyNineApp

class TableParts:
    """The table's widgets that are drawn again after every move, found once (a query
    walks the screen's widgets, and a redraw made a dozen)."""

    def __init__(self, screen: Screen[None]) -> None:
        self.scorebar = screen.query_one(ScoreBar)
        self.seats = list(screen.query(SeatPanel))
        self.trick = screen.query_one(TrickView)
        self.banner = screen.query_one(TrumpBanner)
        self.hand = screen.query_one(HandView)
        self.choices = screen.query_one(ChoiceBar)
        self.buttons = {action: screen.query_one(f"#btn-{action.code}", Button)
                        for action, _label, _key in EXTRA_BUTTONS}


MIN_SIZE = (80, 24)
"""The smallest terminal (columns, rows) the table fits in."""

TONES = {"plain": "", "bold": "bold", "refused": f"bold {RED}"}
"""The status line's style for each tone of a :class:`~twentynine.tui.turn.Note`."""


class TableScreen(Screen[None]):
    """The table: you (South) and a bot partner (North) against two bots."""

    BINDINGS: ClassVar[list[BindingType]] = TABLE_BINDINGS

    def __init__(self, table: TableLike, turn: TurnModel, pace: Pace) -> None:
        super().__init__()
        self.table = table
        """The game, as the human's seat sees it (local or remote)."""
        self.turn = turn
        """The human's selection, typed bid, Enter guard and clock."""
        self.pace = pace
        """The pauses for the player's eyes."""
        self.flow = TableFlow(self)
        """Whose move comes next: the bots, a gathered trick, the deal's end."""
        self.message: Text = Text("")
        """What the status line says (besides the clock and who is thinking)."""
        self._key_signature: tuple[bool | int | None, ...] = ()
        self._up = False
        self._early: list[News] = []
        """Notices from a remote table that came before the table was up."""
        self.news_game: int | None = None
        """At a remote table: the game (its number there) the table's news was last of."""

    @property
    def host(self) -> TwentyNineApp:
        """The app this table belongs to."""
        return cast("TwentyNineApp", self.app)

    # ------------------------------------------------------------------ setup
    def compose(self) -> ComposeResult:
        seats = positions(self.table.rules)  # where each seat sits in this game
        yield ScoreBar(id="scorebar")
        with Horizontal(id="main"):
            with Vertical(id="table"):
                yield SeatPanel(2, compact=True, id="seat-north", classes="seat")
                yield TrumpBanner(id="banner")
                with Horizontal(id="middle"):
                    yield SeatPanel(seats.index("west"), id="seat-west", classes="seat")
                    yield TrickView(id="trick")
                    yield SeatPanel(seats.index("east"), id="seat-east", classes="seat")
                yield SeatPanel(HUMAN, compact=True, inline=True, id="seat-south",
                                classes="seat")
            with Vertical(id="side"):
                yield SidePanel(id="info")
                yield Static(Text("▲ scrolled back · End returns", style=f"bold {GOLD}"),
                             id="log-mark")
                yield EventLog(id="log", markup=False, wrap=True, max_lines=200, min_width=10)
        with Horizontal(id="hand-row"):
            yield HandView(id="hand")
        with Horizontal(id="controls"):
            yield ChoiceBar(id="choices")
            for action, label, key in EXTRA_BUTTONS:
                yield ActionButton(f"{label} ({key})", id=f"btn-{action.code}",
                                   action=f"screen.simple('{action}')", compact=True)
        yield StatusLine("", id="status")  # a line of its own: long refusals fit
        yield TableFooter()
        yield Static("", id="too-small")  # in place of everything when the table cannot fit

    @cached_property
    def parts(self) -> TableParts:
        """The widgets :meth:`refresh_ui` draws (once the table is composed)."""
        return TableParts(self)

    @cached_property
    def event_log(self) -> EventLog:
        """The log of the game's moves."""
        return self.query_one("#log", EventLog)

    @cached_property
    def side_panel(self) -> SidePanel:
        """The contract, the points and the auction, beside the table."""
        return self.query_one(SidePanel)

    @cached_property
    def status_line(self) -> StatusLine:
        """The line that says what is going on and what you may do."""
        return self.query_one("#status", StatusLine)

    @cached_property
    def table_column(self) -> Vertical:
        """The table's column: the seats, the trick, and the hint while one is shown."""
        return self.query_one("#table", Vertical)

    def hint_panels(self) -> list[HintPanel]:
        """The hint under the trick, if one is shown (none, or one)."""
        return list(self.table_column.query_children(HintPanel))

    @property
    def too_small(self) -> bool:
        """The terminal is below the table's size: only a notice shows."""
        return self.has_class("-too-small")

    def fit(self, width: int, height: int) -> None:
        """The terminal's size: below :data:`MIN_SIZE` only a notice shows (never a
        clipped table), and the human's turn waits for a larger window."""
        small = width < MIN_SIZE[0] or height < MIN_SIZE[1]
        if small:
            self.query_one("#too-small", Static).update(
                f"The table needs a terminal of at least {MIN_SIZE[0]} x {MIN_SIZE[1]} "
                f"characters; this one is {width} x {height}.\n\nEnlarge the window to play "
                "on: your turn waits for you.\nq quits (the game is saved).")
        if small != self.too_small:
            self.set_class(small, "-too-small")
            if not small:  # the turn that waited goes on (a forced card is played now)
                self.flow.after_modal()
        # the side panel fits its text into the rows its column has; the text it chose while
        # the window was being resized may be taller than the height that layout gave it:
        # once the new layout is in place, it fits again and its height follows its text
        self.call_after_refresh(self._refit_side)

    def _refit_side(self) -> None:
        panel = self.side_panel
        panel.on_resize()
        panel.refresh(layout=True)

    def on_mount(self) -> None:
        log = self.event_log
        self.watch(log, "scrolled_back", self._log_scrolled)
        self.rewrite_log()
        self._up = True
        early, self._early = self._early, []
        for news in early:
            self.show_news(news)
        # the move clock belongs to the status line it draws in: when the table goes (the
        # app closing) the clock stops with it and never ticks on a table that is gone
        self.status_line.set_interval(0.2, self.flow.tick)
        self.fit(*self.app.size)
        self.host.table_opened()
        self.flow.advance()

    def table_news(self, events: Sequence[Event]) -> None:
        """Events a remote table received: shown as if they had been played here; or the
        table's next game began (someone there asked for it): the table starts afresh."""
        game = self.table.position[0]
        if self.news_game is not None and game != self.news_game:
            self.news_game = game
            self.flow.game_began()
            self.log_line(f"Game {game} at this table: the same seats, new cards")
            return
        self.news_game = game
        self.flow.after_events(list(events))

    @property
    def up(self) -> bool:
        """The table has been drawn (news from before waits until then)."""
        return self._up

    def show_news(self, news: News) -> None:
        """The table's news, by its kind: a refusal in the status line (where the move was
        made); a notice in the log, in bold, and in the status line too when something is
        wrong; a change of who plays where in the log, in the softer ink of the seats'
        own words (the log never hides whose turn it is)."""
        if not self._up:
            self._early.append(news)
            return
        if isinstance(news, Refusal):
            self.refuse(news.text)
        elif isinstance(news, Notice):
            self.log_line(Text(news.text, style="bold"))
            if news.alarm:
                self.refuse(news.text)
        else:
            self.log_line(Text(news.text, style=f"italic {INK_SOFT}"))

    # ------------------------------------------------------------------ helpers
    def modal_open(self) -> bool:
        """A dialog is open over the table."""
        return len(self.app.screen_stack) > 1

    def human_legal(self) -> list[Action]:
        """The human's legal actions now (empty while not their turn or while the table is
        busy gathering a trick or showing a dialog)."""
        if self.flow.gathering or self.flow.finishing or self.modal_open() or self.too_small:
            return []  # (too small: the table is hidden, so your turn waits and its clock)
        return self.table.legal_actions()

    def busy(self, name: str) -> str | None:
        """Why nothing named ``name`` can be done at the table now, or None."""
        return busy_reason(name, self.table, dialog=self.modal_open(),
                           gathering=self.flow.gathering)

    def say(self, text: str, style: str = "") -> None:
        """Put ``text`` in the status line (at the next redraw)."""
        self.message = Text(text, style=style)

    def note(self, note: Note | None) -> None:
        """Put a note of the turn model in the status line (nothing for None)."""
        if note is not None:
            self.say(note.text, TONES[note.tone])

    def refuse(self, text: str) -> None:
        """Say in the status line why a key or click did nothing."""
        self.say(text, f"bold {RED}")
        self.refresh_status()

    def log_line(self, text: str | Text) -> None:
        """Add a line to the log."""
        self.event_log.write(text)

    def log_event(self, event: Event) -> str | None:
        """Add an event's line to the log (a new deal as a rule across it, "── Deal 2:
        You dealt ──", so that one deal's tricks never pass for the next's); returns the
        line, or None."""
        msg = event_message(self.table.rules, event)
        if msg:
            log = self.event_log
            if isinstance(event, DealStarted):
                log.write(Rule(Text(msg, style="bold"), style=LINE, characters="─"))
            else:
                log.write(msg)
        return msg

    def _log_scrolled(self, back: bool) -> None:
        """The log scrolled back, or to its latest line again: the mark above it says so."""
        self.query_one("#log-mark", Static).set_class(back, "-shown")
        self.event_log.set_class(back, "-scrolled")

    def action_log_scroll(self, where: str) -> None:
        """PgUp, PgDn, Home and End page through the log (the table's keys are free)."""
        log = self.event_log
        if where == "home":
            log.scroll_home(animate=False)
        elif where == "end":
            log.scroll_end(animate=False)
        else:
            log.scroll_to(y=log.scroll_y + (1 if where == "down" else -1)
                          * max(1, log.scrollable_content_region.height - 1), animate=False)

    def rewrite_log(self) -> None:
        """The log from the start of the game again (after a take-back or a new game)."""
        log = self.event_log
        log.clear()
        rules = self.table.rules
        if not house_rules(rules):
            # the side panel lists house rules (or points to ?) right above the log: the
            # log's first line repeated them; a standard game is said nowhere else
            log.write(rules_line(rules))
        for e in self.table.events:
            self.log_event(e)

    # ------------------------------------------------------------------ redraw
    def state(self) -> TableState:
        """What the widgets draw: the human's view and the table's own state."""
        v = self.table.view()
        legal = self.human_legal()
        hand = sort_hand(self.table.view().hand)
        sel = hand.index(self.turn.sel_card) if self.turn.sel_card in hand else 0
        gathering = self.flow.gathering
        auto = self.flow.auto_card
        shown = v.tricks[-1].cards if gathering and v.tricks else v.trick
        return TableState(auto_card=auto if (self.table.seat, auto) in shown else None,
                          view=v, scores=self.table.scores,
                          game_over=self.table.is_over, gathering=gathering,
                          thinking=self.flow.thinking if not gathering else None,
                          selected=sel, legal_cards=legal_cards(legal),
                          my_turn=bool(legal), time_left=self.turn.time_left,
                          events=list(self.table.events))

    def refresh_ui(self) -> None:
        """Redraw every widget from the human's view."""
        st = self.state()
        v = st.view
        w = self.parts
        w.scorebar.show(st)
        for panel in w.seats:
            panel.show(st)
        w.trick.show(st)
        w.banner.show(st)
        self.side_panel.show(st)
        w.hand.show(st, sort_hand(v.hand))
        legal = self.human_legal()
        choices = w.choices
        turn = self.turn
        marker = v.phase is Phase.TRUMP and v.rules.trump_indicator == "marker"
        if st.my_turn and v.phase is Phase.AUCTION:
            bids = [a.bid for a in legal if a.bid is not None]
            labels: list[Text | str] = [str(b) for b in bids]
            sel = bids.index(turn.sel_bid) if turn.sel_bid in bids else 0
            title = f"Bid {turn.bid_digits}_ " if turn.bid_digits else "Bid "
            choices.set_choices(title, labels, sel)
            choices.display = True
        elif st.my_turn and marker:
            labels = [Text(f"{i + 1} {SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}",
                           style=RED if s in (1, 2) else "") for i, s in enumerate(range(4))]
            choices.set_choices("Trump ", labels, turn.sel_suit)
            choices.display = True
        else:
            choices.display = False
        for action, _label, _key in EXTRA_BUTTONS:
            btn = w.buttons[action]
            btn.disabled = action not in legal
            if action is PASS:
                # shown (disabled while a bot bids) until you have passed
                btn.display = still_possible(v, action)
            else:
                # a call shows only while it applies (asking for trump while leading or
                # following suit did not): its key still says why it does not
                btn.display = action in legal
        for hint_panel in self.hint_panels():
            hint_panel.follow(self.turn.selected_action(v, legal))
        self.refresh_status()
        self.refresh_keys()

    def refresh_keys(self, force: bool = False) -> None:
        """Tell the footer to redraw, only when the set of working keys (or the number of
        cards, which the footer shows) changed (or ``force``)."""
        app = self.host
        sig = (*(self.check_action(*parse_binding(b.action))
                 for b in TABLE_BINDINGS if isinstance(b, Binding)),
               *(app.check_action(*parse_binding(b.action))
                 for b in APP_BINDINGS if isinstance(b, Binding)),
               len(self.table.view().hand), self.table.take_back_allowed)
        if force or sig != self._key_signature:
            self._key_signature = sig
            app.refresh_bindings()

    def refresh_status(self) -> None:
        """Redraw the status line: the clock, the message, who is thinking."""
        status = self.status_line
        t = Text()
        mine = bool(self.human_legal())
        secs = self.turn.seconds_left()
        if secs is not None and mine:
            t.append(f"{secs:>2}s left ", style=f"bold reverse {RED}" if secs <= 5 else "bold")
        thinking = self.flow.thinking
        if thinking is not None and not self.flow.gathering and not mine:
            who = seat_name(self.table.rules, thinking)
            if not self.message.plain or self.message.plain.startswith(("Your", "You won")):
                self.message = Text("")
            t.append_text(self.message)
            if t.plain.strip():
                t.append(" · ")
            t.append(f"{who} to play…" if self.table.view().phase is Phase.PLAY
                     else f"{who} thinking…", style="dim")
        else:
            t.append_text(self.message)
        status.set_text(t)

    # ------------------------------------------------------------------ the keys
    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        if action == "finish":  # only once the deal's result can no longer change
            return (not self.modal_open() and not self.flow.finishing
                    and self.table.decided())
        if action not in GAMEPLAY:
            return True
        return gameplay_allowed(action, parameters, self.table.view(), self.human_legal())

    def _human(self, action: Action) -> None:
        busy = self.busy(str(action).capitalize())
        if busy is not None:
            self.refuse(busy)
            return
        self.flow.apply_human(action)

    def action_move(self, delta: int) -> None:
        self.note(self.turn.move(delta, self.table.view(), self.human_legal(),
                                 self.table.legal_actions()))
        self.refresh_ui()

    def action_step(self, delta: int) -> None:
        self.note(self.turn.step(delta, self.table.view(), self.human_legal(),
                                 self.table.legal_actions()))
        self.refresh_ui()

    def action_card(self, n: int) -> None:
        if 1 <= n <= len(self.table.view().hand):
            self.note(self.turn.card(n, self.table.view(), self.human_legal(),
                                     self.table.explain))
            self.refresh_ui()

    def action_bid_digit(self, d: int) -> None:
        self.note(self.turn.bid_digit(d, self.human_legal()))
        self.refresh_ui()

    def action_suit(self, n: int) -> None:
        self.turn.suit(n)
        self.refresh_ui()

    def _enter(self, what: EnterWhat) -> None:
        """Enter: take what is selected, unless it comes too soon after a dialog or the
        hint holds it once (while it thinks, or when it suggests a call of its own key:
        the panel says so, and a second Enter plays the selection)."""
        action = self.turn.enter(what, self.turn.clock())
        if isinstance(action, str):
            self.refuse(action)
            return
        if action is None:
            return
        for panel in self.hint_panels():
            why = panel.hold_enter(action)
            if why is not None:
                self.say(why, "bold")
                self.refresh_status()
                return
        self._human(action)

    def action_confirm(self) -> None:
        self._enter("play")

    def action_confirm_trump(self) -> None:
        self._enter("trump card")

    def action_confirm_suit(self) -> None:
        self._enter("suit")

    def action_confirm_bid(self) -> None:
        self._enter("bid")

    def action_pass_bid(self) -> None:
        self._human(PASS)

    def action_show_trump(self) -> None:
        self._human(SHOW_TRUMP)

    def action_pair(self) -> None:
        self._human(PAIR)

    def action_finish(self) -> None:
        """``f``: play the rest of a decided deal at once."""
        if not self.flow.finish():
            self.refuse(finish_refusal(self.table, dialog=self.modal_open()))

    def action_simple(self, text: str) -> None:
        """A button's or key's action in its text form (``pass``, ``double`` ...)."""
        self._human(Action.parse(text))

    # ------------------------------------------------------------------ the hint
    def on_hint_panel_ready(self, message: HintPanel.Ready) -> None:
        self.host.coach.hint_shown()
        # put the cursor on the suggestion (a card, a trump card or a bid): Enter plays it
        a = message.hint.action
        held = self.message.plain.startswith("Enter held")  # while it thought
        # a refusal said before the hint is stale once the hint is in (it stayed up over
        # "Hint: pass"): the status goes back to what this turn asks
        stale = held or self.message.style == f"bold {RED}"
        v = self.table.view()
        adopted = self.turn.adopt(a, sort_hand(self.table.view().hand))
        if adopted and a.card is not None:
            if held:
                self.say(f"The hint is in · Enter: {selection_words(a)}", "bold")
            elif stale and v.phase is Phase.PLAY:
                self.say(play_line(v), "bold")
        elif adopted and a.bid is not None:
            self.note(self.turn.bid_note(self.table.legal_actions()))
        elif adopted and a.suit is not None:
            if stale:
                self.say(f"The hint is in · Enter: {selection_words(a)}", "bold")
        elif stale and v.phase is Phase.AUCTION and any(b.bid for b in v.legal_actions):
            self.note(self.turn.bid_note(self.table.legal_actions()))
        elif stale and v.phase is Phase.PLAY:
            self.say(play_line(v), "bold")
        self.refresh_ui()

    # ------------------------------------------------------------------ mouse
    def on_hand_view_card_clicked(self, message: HandView.CardClicked) -> None:
        hand = sort_hand(self.table.view().hand)
        if not 0 <= message.index < len(hand):
            return
        card = hand[message.index]
        self.turn.sel_card = card
        legal = self.human_legal()
        phase = self.table.view().phase
        if phase is Phase.PLAY and Action.play(card) in legal:
            self._human(Action.play(card))
        elif phase is Phase.TRUMP and Action.trump_card(card) in legal:
            self._human(Action.trump_card(card))
        elif legal and phase is Phase.PLAY:
            self.flow.apply_human(Action.play(card))  # refused: the engine says why
        else:
            self.refresh_ui()

    def on_chip_clicked(self, message: Chip.Clicked) -> None:
        legal = self.human_legal()
        v = self.table.view()
        if v.phase is Phase.AUCTION:
            bids = [a.bid for a in legal if a.bid is not None]
            if 0 <= message.index < len(bids):
                bid = bids[message.index]
                if bid == self.turn.sel_bid:  # a second click on the selected bid makes it
                    self._human(Action.make_bid(bid))
                    return
                self.turn.sel_bid = bid
                self.turn.bid_digits = ""
                self.say(f"Enter (or click {bid} again): bid {bid}", "bold")
                self.refresh_ui()
        elif v.phase is Phase.TRUMP and v.rules.trump_indicator == "marker":
            self.turn.sel_suit = message.index
            self._human(Action.trump_suit(message.index))

