"""The one interface between the table's UI and a game: :class:`TableLike`.

The Textual table (``twentynine.tui``) asks every question about the game through it and
takes every action through it, and hears the table's news through it (:data:`News`:
small frozen values, the same kinds from either table).
:class:`~twentynine.controller.local_table.TableController` is the local table (the
engine, the bots and the save in this process);
:class:`~twentynine.net.remote.RemoteTable` is one seat at a table server.  Both show the
UI only what the human's seat may know.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Protocol, TypeAlias, runtime_checkable

from ..bots import Decision
from ..common import table_api
from ..engine.actions import Action
from ..engine.events import Event
from ..engine.rules import Rules
from ..engine.views import SeatView

Listener: TypeAlias = table_api.Listener[Event]
"""Called with the new events (as the human's seat sees them) after every action."""


@dataclass(frozen=True, slots=True)
class Notice:
    """Word from the table that is not a move: a server's notice (the clock ran out and a
    move was made for you), the connection lost and back, an autosave that failed."""

    text: str
    alarm: bool = False
    """Something is wrong that the player should see at once (not only in the log)."""


@dataclass(frozen=True, slots=True)
class RosterChange:
    """Who plays where changed: a player sat down, came back, dropped or left, or other
    bots play the other seats."""

    text: str
    """The change in a player's words, the seats named as the player sees them."""
    seats: tuple[int, ...]
    """The seats that changed, as the player sees them (0 is the player's own)."""


@dataclass(frozen=True, slots=True)
class Refusal:
    """The table refused the player's move (:meth:`TableLike.apply`), saying why in a
    player's words."""

    text: str


News = Notice | RosterChange | Refusal
"""What a table tells its player besides the game's events."""

NewsListener = Callable[[News], None]
"""Called with each piece of news, as it comes."""


@dataclass(frozen=True, slots=True)
class BotTurn:
    """A bot's turn to decide: its seat, its seat's view, and a token that tells a move for
    this turn from a stale one (a move computed before a take-back or a new game)."""

    seat: int
    view: SeatView
    token: tuple[int, int]
    """(game number at this table, number of actions so far)."""
    seed: int
    """The seed of this decision's randomness."""


@runtime_checkable
class TableLike(table_api.Table[SeatView, Action, Event], Protocol):
    """What the table's UI asks of the game, and all it may ask: local
    (:class:`~twentynine.controller.local_table.TableController`) or remote
    (:class:`~twentynine.net.remote.RemoteTable`), the UI cannot tell them apart and only
    sees the human's seat.  The members any trick-taking game's table has (the seat, the
    seed, the turn, the view, the legal actions, ``apply``, the listeners and the save)
    are :class:`~twentynine.common.table_api.Table`'s; these are Twenty-Nine's."""

    @property
    def rules(self) -> Rules:
        """The rules of this game."""
        ...

    @property
    def events(self) -> Sequence[Event]:
        """Every event of the game so far, as the human's seat sees it."""
        ...

    @property
    def actions(self) -> Sequence[Action]:
        """Every action of the game so far (``next deal`` included)."""
        ...

    @property
    def scores(self) -> tuple[int, int]:
        """The game score (team 0, team 1)."""
        ...

    @property
    def winner(self) -> int | None:
        """The winning team, once the game is over."""
        ...

    @property
    def deal_over(self) -> bool:
        """The current deal is scored and the game goes on: :meth:`next_deal` comes next."""
        ...

    @property
    def position(self) -> tuple[int, int]:
        """(game number at this table, actions so far): changes with every action, a
        take-back and a new game."""
        ...

    @property
    def shared(self) -> bool:
        """The game is on a table server: its host decides every move and the rules, so
        there is no take-back; its next game is everyone's at the table (any of them
        starts it, with the host's rules)."""
        ...

    @property
    def leave_text(self) -> tuple[str, str] | None:
        """What the quit dialog says when leaving this table, and its yes button; None
        for the usual "save and quit"."""
        ...

    hints_used: int
    take_backs_used: int
    take_back_allowed: bool

    def forced_action(self) -> Action | None:
        """The human's only legal card, when a card must be played and there is no choice."""
        ...

    def bot_turn(self) -> BotTurn | None:
        """The bot that must decide next, or None (the human's turn, or between deals)."""
        ...

    def think(self, turn: BotTurn) -> Decision:
        """The bot's decision for ``turn``, from its seat's view only.  Blocking; safe to
        run in a worker thread (it reads nothing the UI thread changes)."""
        ...

    def decided(self) -> bool:
        """The deal's result can no longer change, as the human's seat can tell: it may be
        finished at once (:meth:`finish_turn`)."""
        ...

    def finish_turn(self) -> BotTurn | None:
        """The next move of a decided deal finished at once, for whoever is to move (the
        human's seat too, by the strongest bot's choice); None when not decided."""
        ...

    def apply_bot(self, turn: BotTurn, action: Action) -> list[Event] | None:
        """Apply the bot's move; None (and nothing changes) if ``turn`` is stale."""
        ...

    def next_deal(self) -> list[Event]:
        """Deal the next hand after a finished deal."""
        ...

    def new_game(self, seed: int, rules: Rules | None = None) -> None:
        """Start a fresh game at this table."""
        ...

    def take_back_problem(self) -> str | None:
        """Why :meth:`take_back` is not possible now (None: it is)."""
        ...

    def take_back(self) -> None:
        """Undo the human's last decision in this deal and the bots' moves after it."""
        ...

    def add_news(self, fn: NewsListener) -> None:
        """Call ``fn`` with the table's news (:data:`News`): a refusal of the player's
        move, a change of who plays where, a notice.  Each kind is the same whichever
        table tells it."""
        ...

    def set_bots(self, name: str) -> None:
        """Play the other seats with the bots called ``name`` from the next decision on
        (at a shared table the host's bots stay)."""
        ...

    def note_hint(self) -> None:
        """Count a hint the human was given."""
        ...
