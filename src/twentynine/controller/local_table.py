"""The table's flow without a UI: whose turn it is, the bots, take-back and the autosave.

The Textual app (``twentynine.tui.app``) only draws and turns keys into actions; every
question about the game goes through a :class:`~twentynine.controller.table_like.TableLike`.
:class:`TableController` is the local one: it owns the :class:`~twentynine.engine.game.Game`,
the human's seat, the three bots and the save file.  A remote table (the engine on a
server, this process holding one seat) implements the same interface, so the app cannot
tell them apart.

What the app sees of the game is what the human's seat may know:
:meth:`TableController.view` and the events filtered by
:func:`~twentynine.engine.events.event_for_seat`.  A bot decides from its own seat's view only,
in :meth:`TableController.think`, which the app runs in a worker thread; the result comes
back through :meth:`TableController.apply_bot`.

A bot's randomness for a decision is seeded from (game seed, seat, actions so far), so a
resumed game and a game after a take-back see exactly the same bot moves.

>>> t = TableController(seed=4, bots="random")
>>> t.turn == t.seat, t.view().phase.value
(True, 'auction')
>>> _ = t.apply(t.legal_actions()[0])
>>> turn = t.bot_turn()
>>> turn.seat
1
>>> move = t.think(turn)
>>> move.action == t.think(turn).action   # the same decision, the same move
True
>>> _ = t.apply_bot(turn, move.action)
>>> len(t.actions)
2
"""

from __future__ import annotations

import hashlib
import logging
import random
import uuid
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from ..bots import BOTS, COACH_BOT, Bot, Decision, decide, known_bot, make_bot
from ..engine.actions import NEXT_DEAL, Action, ActionKind
from ..engine.deal import IllegalActionError, Phase
from ..engine.events import Event, event_for_seat
from ..engine.game import Game
from ..engine.rules import Rules
from ..engine.scoring import result_decided
from ..engine.views import SeatView
from . import saves
from .table_like import BotTurn, Listener, News, NewsListener, Notice, Refusal, RosterChange

HUMAN = 0
"""The human's seat at a local table (South)."""

BOT_TIME_LIMIT = 2.0
"""Seconds a bot may think before its move is replaced by a legal one (a fault)."""
BOT_LOG = logging.getLogger("twentynine.bots")

NoteListener = Callable[[], None]
"""Called after a hint is counted or a take-back made (the coach's record follows)."""


class TakeBackError(ValueError):
    """A take-back that is not possible now, in a player's words."""


def decision_seed(game_seed: int, seat: int, actions_so_far: int) -> int:
    """The seed of one bot decision: the same game, seat and position give the same seed.

    >>> decision_seed(3, 1, 10) == decision_seed(3, 1, 10) != decision_seed(3, 2, 10)
    True
    """
    digest = hashlib.blake2b(f"twentynine:{game_seed}:{seat}:{actions_so_far}".encode(),
                             digest_size=8).digest()
    return int.from_bytes(digest, "big")


def bot_move(bot: Bot, view: SeatView, seed: int, budget: float | None = BOT_TIME_LIMIT
             ) -> Decision:
    """What ``bot`` plays from ``view``, its randomness seeded with ``seed`` (a pure
    function of the view and the seed, for the bots of this package).  A bot that raises,
    chooses an illegal action or takes longer than ``budget`` has a legal action played for
    it; the fault is in the decision."""
    rng = getattr(bot, "rng", None)
    if isinstance(rng, random.Random):
        rng.seed(seed)
    return decide(bot, view, budget=budget)


class TableController:
    """A local table: the game, the human at :attr:`seat`, three bots, and the save file
    written after every action (when ``save_file`` is given).  It is a
    :class:`~twentynine.controller.table_like.TableLike`."""

    def __init__(self, rules: Rules | None = None, *, seed: int | None = None,
                 bots: str = "medium", save_file: Path | None = None, seat: int = HUMAN,
                 game: Game | None = None, events: Sequence[Event] | None = None,
                 hints_used: int = 0, take_backs_used: int = 0,
                 take_back_allowed: bool = True, deal_hints: int = 0,
                 deal_take_backs: int = 0, game_id: str | None = None,
                 played_for_you: Sequence[int] = ()) -> None:
        """A new game (or ``game``, replayed from a save, with all its ``events``)."""
        self.seat = seat
        self.bot_name = known_bot(bots)
        self.save_file = save_file
        self.save_error: str | None = None
        self.hints_used = hints_used
        self.take_backs_used = take_backs_used
        self.deal_hints = deal_hints
        """Hints given in the deal in play (kept in the save, so a resume loses none)."""
        self.deal_take_backs = deal_take_backs
        """Take-backs made in the deal in play."""
        self.played_for_you: list[int] = list(played_for_you)
        """The human's moves of the deal in play that the table played for them (a decided
        deal finished with ``f``): their positions in the deal's actions.  Kept in the
        save; the deal's record carries them, so the review does not grade them."""
        self.game_id: str | None = game_id if game is not None else uuid.uuid4().hex[:12]
        """The game's name in the history (kept in the save; None for a game resumed
        from a save that had none: the history then finds it by its deals)."""
        self.take_back_allowed = take_back_allowed
        self._listeners: list[Listener] = []
        self._note_listeners: list[NoteListener] = []
        self._news: list[NewsListener] = []
        self._generation = 0
        self._seen: tuple[Game, int, SeatView] | None = None
        """The human's last view and the game and length of log it was made for: the table
        asks for it many times between two actions (every key binding's check)."""
        if game is None:
            game = Game(seed if seed is not None else random.randrange(1_000_000),
                        rules or Rules())
            events = game.opening_events()
        self.game = game
        self._events = [event_for_seat(e, seat) for e in (events or game.opening_events())]
        self.bots: dict[int, Bot] = {}
        self._finisher: Bot | None = None
        """The strongest bot, made when the human's cards are first played for them."""
        self._make_bots()

    @classmethod
    def resume(cls, save_file: Path, *, bots: str | None = None,
               take_back_allowed: bool = True) -> tuple[TableController | None, str | None]:
        """The game saved in ``save_file``, or None; the message explains a problem (a
        damaged save set aside, a finished game).  The save's bot strength is kept unless
        ``bots`` names one."""
        loaded = saves.load_game(save_file)
        if loaded.game is None:
            return None, loaded.message
        extra = loaded.table

        def count(key: str) -> int:
            v = extra.get(key, 0)
            return v if isinstance(v, int) and not isinstance(v, bool) and v >= 0 else 0

        saved_bots = extra.get("bots")
        name = bots or (saved_bots if isinstance(saved_bots, str) and saved_bots in BOTS
                        else "medium")
        gid = extra.get("game_id")
        played = extra.get("played_for_you")
        if not (isinstance(played, list) and all(
                isinstance(i, int) and not isinstance(i, bool) and i >= 0 for i in played)):
            played = []
        return cls(game=loaded.game, events=loaded.events, bots=name, save_file=save_file,
                   hints_used=count("hints_used"), take_backs_used=count("take_backs_used"),
                   take_back_allowed=take_back_allowed, deal_hints=count("deal_hints"),
                   deal_take_backs=count("deal_take_backs"),
                   game_id=gid if isinstance(gid, str) and gid else None,
                   played_for_you=played), loaded.message

    def set_bots(self, name: str) -> None:
        """Change the bots' strength from the next decision on (kept in the save); an
        unknown name raises :class:`~twentynine.bots.UnknownBot` and changes nothing."""
        before, self.bot_name = self.bot_name, known_bot(name)
        self._make_bots()
        if self.game.log:  # an unstarted game must not replace a saved one
            self.save()
        if self.bot_name != before:
            others = tuple(s for s in range(4) if s != self.seat)
            self._tell(RosterChange(f"{self.bot_name.capitalize()} bots play the other "
                                    "seats from their next move", others))

    def _make_bots(self) -> None:
        self.bots = {s: make_bot(self.bot_name, seed=self.game.seed * 4 + s)
                     for s in range(4) if s != self.seat}

    # ------------------------------------------------------------------ reading
    @property
    def shared(self) -> bool:
        """A local table is this player's own: take-back and new games are theirs."""
        return False

    @property
    def leave_text(self) -> None:
        """Leaving a local table is the usual "save and quit"."""
        return None

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        return self.game.rules

    @property
    def seed(self) -> int:
        """The game's seed."""
        return self.game.seed

    @property
    def events(self) -> Sequence[Event]:
        """Every event of the game so far, as the human's seat sees it."""
        return self._events

    @property
    def actions(self) -> Sequence[Action]:
        """Every action of the game so far."""
        return self.game.actions

    @property
    def scores(self) -> tuple[int, int]:
        """The game score."""
        return self.game.scores

    @property
    def turn(self) -> int:
        """The seat to move."""
        return self.game.turn

    @property
    def is_over(self) -> bool:
        """The game is won."""
        return self.game.is_over

    @property
    def winner(self) -> int | None:
        """The winning team."""
        return self.game.winner

    @property
    def deal_over(self) -> bool:
        """The deal is scored and the game goes on."""
        return not self.game.is_over and self.view().phase is Phase.DEAL_OVER

    @property
    def position(self) -> tuple[int, int]:
        """(game number at this table, actions so far)."""
        return (self._generation, len(self.game.log))

    def view(self) -> SeatView:
        """What the human's seat may know now (made once per position: a view is frozen)."""
        game, seen = self.game, self._seen
        if seen is not None and seen[0] is game and seen[1] == len(game.log):
            return seen[2]
        view = game.view(self.seat)
        self._seen = (game, len(game.log), view)
        return view

    def legal_actions(self) -> list[Action]:
        """The human's legal actions now."""
        if self.game.is_over or self.deal_over or self.game.turn != self.seat:
            return []
        return list(self.game.legal_actions())

    def explain(self, action: Action) -> str | None:
        """Why the human may not take ``action`` now (None if it is legal)."""
        if self.game.is_over:
            return "The game is over"
        if self.deal_over:
            return "The deal is over"
        if self.game.turn != self.seat:
            return "It is not your turn"
        if action in self.game.legal_actions():
            return None
        text = self.game.deal.explain(action)
        return text[:1].upper() + text[1:]

    def forced_action(self) -> Action | None:
        """The only legal card, when the human must play a card and has no choice."""
        legal = self.legal_actions()
        if len(legal) == 1 and legal[0].kind is ActionKind.PLAY:
            return legal[0]
        return None

    # ------------------------------------------------------------------ acting
    def add_listener(self, fn: Listener) -> None:
        """Call ``fn`` with the new events after every applied action."""
        self._listeners.append(fn)

    def add_news(self, fn: NewsListener) -> None:
        """Call ``fn`` with the table's news: a refused move (:class:`Refusal`), other
        bots at the other seats (:class:`RosterChange`), an autosave that failed
        (:class:`Notice`)."""
        self._news.append(fn)

    def _tell(self, news: News) -> None:
        for fn in list(self._news):
            fn(news)

    def add_note_listener(self, fn: NoteListener) -> None:
        """Call ``fn`` after every hint counted and every take-back."""
        self._note_listeners.append(fn)

    def _noted(self) -> None:
        self.save()
        for fn in list(self._note_listeners):
            fn()

    def _apply(self, action: Action, seat: int) -> list[Event]:
        raw = self.game.apply(action, seat)
        seen = [event_for_seat(e, self.seat) for e in raw]
        self._events.extend(seen)
        self.save()
        for fn in list(self._listeners):
            fn(seen)
        return seen

    def apply(self, action: Action) -> list[Event]:
        """The human takes ``action``; IllegalActionError if the rules do not allow it."""
        problem = self.explain(action)
        if problem is not None:
            self._tell(Refusal(problem))
            raise IllegalActionError(problem)
        return self._apply(action, self.seat)

    def bot_turn(self) -> BotTurn | None:
        """The bot to decide next, with its seat's view."""
        g = self.game
        if g.is_over or self.deal_over or g.turn == self.seat:
            return None
        n = len(g.log)
        return BotTurn(g.turn, g.view(g.turn), self.position,
                       decision_seed(g.seed, g.turn, n))

    def decided(self) -> bool:
        """The deal's result can no longer change, as far as the human's seat can tell
        (:func:`~twentynine.engine.scoring.result_decided`): :meth:`finish_turn` may play it out."""
        return not self.game.is_over and not self.deal_over and result_decided(self.view())

    def finish_turn(self) -> BotTurn | None:
        """The next move of a decided deal played out at once: a bot's turn for whoever is
        to move, the human's seat included (played by the strongest bot's choice); None
        when the deal is not decided (or is over)."""
        g = self.game
        if not self.decided():
            return None
        n = len(g.log)
        return BotTurn(g.turn, g.view(g.turn), self.position, decision_seed(g.seed, g.turn, n))

    def think(self, turn: BotTurn) -> Decision:
        """The bot's decision for ``turn`` (blocking; run it in a worker thread): the
        seat's bot, or for the human's seat (a deal finished at once) the strongest bot."""
        bot = self.bots.get(turn.seat)
        if bot is None:
            if self._finisher is None:
                self._finisher = make_bot(COACH_BOT, seed=self.game.seed * 4 + turn.seat)
            bot = self._finisher
        decision = bot_move(bot, turn.view, turn.seed)
        if decision.fault is not None:
            # the bot raised, chose an illegal action or took too long: a legal action was
            # played for it; the game goes on and the fault is logged
            BOT_LOG.warning("seat %d: %s", turn.seat, decision.fault)
        return decision

    def is_current(self, turn: BotTurn) -> bool:
        """Whether ``turn`` is still the turn to play (no take-back or new game since)."""
        return (turn.token == self.position
                and self.game.turn == turn.seat and not self.game.is_over)

    def apply_bot(self, turn: BotTurn, action: Action) -> list[Event] | None:
        """Apply a bot's move for ``turn``; None if the turn is stale."""
        if not self.is_current(turn):
            return None
        if turn.seat == self.seat:  # the human's move, played by the table (finished)
            self.played_for_you.append(len(self.game.deal.actions))
        return self._apply(action, turn.seat)

    def next_deal(self) -> list[Event]:
        """Deal the next hand (the deal must be over)."""
        if not self.deal_over:
            raise IllegalActionError("the deal is not over yet")
        self.deal_hints = self.deal_take_backs = 0
        self.played_for_you = []
        return self._apply(NEXT_DEAL, self.game.turn)

    def new_game(self, seed: int, rules: Rules | None = None) -> None:
        """Start a fresh game at this table (after game over, or with new settings)."""
        self._generation += 1
        self.game = Game(seed, rules or self.rules)
        self._events = [event_for_seat(e, self.seat) for e in self.game.opening_events()]
        self.hints_used = self.take_backs_used = 0
        self.deal_hints = self.deal_take_backs = 0
        self.played_for_you = []
        self.game_id = uuid.uuid4().hex[:12]
        self._make_bots()

    def note_hint(self) -> None:
        """Count a hint given to the human (kept in the save, and told to the history)."""
        self.hints_used += 1
        self.deal_hints += 1
        self._noted()

    # ------------------------------------------------------------------ take-back
    def _take_back_target(self) -> int | None:
        """The number of actions to keep: up to the human's last real decision (more than
        one legal action) in this deal before the current position."""
        log = self.game.log
        start = max((i + 1 for i, c in enumerate(log) if c == NEXT_DEAL.code), default=0)
        replay = Game(self.game.seed, self.game.rules, self.game.first_dealer)
        target: int | None = None
        for i, code in enumerate(log):
            if i >= start and replay.turn == self.seat and len(replay.legal_codes()) > 1:
                target = i
            replay.apply(Action.from_code(code))
        return target

    def take_back_problem(self) -> str | None:
        """Why a take-back is not possible now, or None."""
        if not self.take_back_allowed:
            return "Take-back is off in the settings"
        if self.game.is_over or self.deal_over:
            return "The deal is over: nothing to take back"
        target = self._take_back_target()
        if target is None:
            return "Nothing of yours to take back in this deal"
        if self._trump_seen_since(target):
            return ("No take-back once the trump is shown: you would decide again knowing "
                    "the trump you could not see")
        return None

    def _trump_seen_since(self, target: int) -> bool:
        """Whether the trump was shown to the human after the first ``target`` actions (an
        ask for trump, the human's or anyone's): a take-back to there would be a free look
        at the hidden trump.  The bidder, who chose it, learns nothing."""
        now = self.view()
        if not now.trump_shown or now.bidder == self.seat:
            return False
        replay = Game(self.game.seed, self.game.rules, self.game.first_dealer)
        for code in self.game.log[:target]:
            replay.apply(Action.from_code(code))
        return not replay.view(self.seat).trump_shown

    def take_back(self) -> None:
        """Undo the human's last decision in this deal and every bot move after it; the
        bots then replay the same moves (their randomness is seeded per decision)."""
        problem = self.take_back_problem()
        if problem is not None:
            raise TakeBackError(problem)
        target = self._take_back_target()
        assert target is not None
        kept = self.game.log[:target]
        game = Game(self.game.seed, self.game.rules, self.game.first_dealer)
        events = game.opening_events()
        for code in kept:
            events.extend(game.apply(Action.from_code(code)))
        self._generation += 1  # a bot move computed before this is stale
        self.game = game
        done = len(game.deal.actions)
        self.played_for_you = [i for i in self.played_for_you if i < done]
        self._events = [event_for_seat(e, self.seat) for e in events]
        self.take_backs_used += 1
        self.deal_take_backs += 1
        self._noted()

    # ------------------------------------------------------------------ saving
    def table_fields(self) -> dict[str, Any]:
        """The table's own fields of the save."""
        fields: dict[str, Any] = {"bots": self.bot_name, "hints_used": self.hints_used,
                                  "take_backs_used": self.take_backs_used,
                                  "deal_hints": self.deal_hints,
                                  "deal_take_backs": self.deal_take_backs}
        if self.played_for_you:
            fields["played_for_you"] = list(self.played_for_you)
        if self.game_id is not None:
            fields["game_id"] = self.game_id
        return fields

    def save(self) -> bool:
        """Write the save file now (a finished game removes it); False if that failed."""
        if self.save_file is None:
            return True
        try:
            saves.save_game(self.game, self.save_file, self.table_fields())
        except OSError as exc:
            first = self.save_error is None
            self.save_error = f"Could not save the game: {exc}"
            if first:  # once when saving fails, not at every move after
                self._tell(Notice(self.save_error, alarm=True))
            return False
        self.save_error = None
        return True
