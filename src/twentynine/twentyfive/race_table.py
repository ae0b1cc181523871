"""A table of Twenty-Five without a screen: the player at seat 0, computer players in the
other seats, the save after every move, and ``--resume``.

A front end plays through :class:`RaceTable` (it is a
:class:`twentynine.common.table_api.Table`): it asks for the player's view and legal
moves, applies the player's move, and lets the bots move one at a time
(:meth:`RaceTable.bot_seat`, :meth:`RaceTable.think`, :meth:`RaceTable.play_bot`: the
thinking may run in a thread, the move is applied where the screen lives).  Every
listener receives the events as seat 0 may see them.

The save is the engine's record with the table's own fields (the bots' level), written
whole or not at all (:func:`twentynine.common.storage.write_atomic`) after every move; a
save that cannot be read is set aside and the player told where it went.  A finished game
leaves no save behind.

>>> t = RaceTable(HouseRules(players=4), seed=3, bots="random")
>>> t.run_bots()  # seat 0 leads the first trick: nothing for the bots yet
0
>>> move = t.legal_actions()[0]
>>> t.apply(move)[0].seat, t.turn
(0, 1)
>>> t.run_bots(), t.turn
(3, 0)
"""

from __future__ import annotations

import json
import random
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Protocol

from ..common.storage import damage_words, data_dir, set_aside, write_atomic
from ..common.table_api import Listener
from .bot_registry import LEVEL_NAMES, Player, make_player
from .happenings import Event, event_for_seat
from .house_rules import HouseRules
from .moves import NEXT_DEAL, Move
from .pack import ace_of_trumps
from .race import IllegalMoveError, Race
from .replay import ReplayError, race_record, replay_race
from .seat_view import PlayerView, Stage

HUMAN = 0
"""The player's seat."""
SAVE_NAME = "twentyfive-save.json"
"""The save's file name in the data directory (Twenty-Nine's is ``save.json``)."""
DEFAULT_LEVEL = "easy"
"""The bots' level when none is asked for (falls back to the strongest registered)."""


def save_path(explicit: Path | str | None = None) -> Path:
    """Where the Twenty-Five save lives."""
    return data_dir(explicit) / SAVE_NAME


SETTINGS_NAME = "twentyfive-settings.json"
"""The player's default options for a new game (the settings screen writes them)."""


def settings_path(explicit: Path | str | None = None) -> Path:
    return data_dir(explicit) / SETTINGS_NAME


def load_settings(path: Path) -> tuple[HouseRules | None, str | None, str | None]:
    """The saved default options and bots' level (None: not saved), and a message when
    the file was damaged and set aside."""
    if not path.exists():
        return None, None, None
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        rules = HouseRules.from_dict(data["rules"])
        level = data.get("bots")
        return rules, level if level in LEVEL_NAMES else None, None
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
        reason = damage_words(exc)
        try:
            target = set_aside(path)
        except OSError:
            return None, None, f"The Twenty-Five settings could not be read ({reason})"
        return None, None, (f"The Twenty-Five settings could not be read ({reason}); the "
                            f"file was moved to {target}")


def save_settings(path: Path, rules: HouseRules, level: str) -> str | None:
    """Write the default options and level; why not, if it failed."""
    try:
        write_atomic(path, json.dumps({"rules": rules.to_dict(), "bots": level}, indent=1))
    except OSError as exc:
        return f"The settings could not be saved: {damage_words(exc)}"
    return None


def default_level() -> str:
    """The bots' level for a new game: ``medium`` once it is registered, else the
    strongest there is."""
    return "medium" if "medium" in LEVEL_NAMES else LEVEL_NAMES[-1]


class RaceTableLike(Protocol):
    """What the table's screen plays through: this table (the player at seat 0, the bots
    here), or a seat at a hosted table (``twentynine join``: the server plays the bots,
    :class:`twentynine.net.remote_race.RemoteRace`)."""

    rules: HouseRules
    bots: str
    save_error: str | None

    @property
    def names(self) -> Callable[[int], str] | None:
        """What to call each seat (None: the local table's names)."""

    @property
    def shared(self) -> bool:
        """A hosted table: the server deals, plays the bots and keeps the record."""

    @property
    def history(self) -> Sequence[Event]: ...
    @property
    def is_over(self) -> bool: ...
    def view(self) -> PlayerView: ...
    def legal_actions(self) -> list[Move]: ...
    def apply(self, action: Move) -> list[Event]: ...
    def add_listener(self, fn: Listener[Event]) -> None: ...
    def bot_seat(self) -> int | None: ...
    def think(self, seat: int) -> Move: ...
    def play_bot(self, seat: int, move: Move) -> list[Event]: ...
    def save(self) -> bool: ...
    def why_no_rob(self) -> str | None:
        """Why the player may not rob now (None: they may)."""


class RaceTable:
    """One game of Twenty-Five at a table: seat 0 is the player, the rest are bots."""

    seat = HUMAN
    names: Callable[[int], str] | None = None
    shared = False

    def __init__(self, rules: HouseRules | None = None, seed: int | None = None,
                 bots: str | None = None, save_file: Path | None = None,
                 race: Race | None = None) -> None:
        if race is None:
            if seed is None:
                seed = random.SystemRandom().randrange(2 ** 31)
            race = Race(seed, rules or HouseRules())
        self.race = race
        self.rules = race.rules
        self.bots = bots or default_level()
        self.players: dict[int, Player] = {
            s: make_player(self.bots, seed=self.race.seed * 31 + s)
            for s in range(1, self.rules.players)}
        self.save_file = save_file
        self.save_error: str | None = None
        self._listeners: list[Listener[Event]] = []
        self.history: list[Event] = [event_for_seat(e, HUMAN)
                                     for e in race.opening_events()]
        """Every event so far as the player saw it (the log of a resumed game)."""

    # ------------------------------------------------------------- the Table members
    @property
    def seed(self) -> int:
        return self.race.seed

    @property
    def turn(self) -> int:
        """The seat to move (-1 once the game is over; between deals, the next dealer)."""
        t = self.race.turn
        return -1 if t is None else t

    @property
    def is_over(self) -> bool:
        return self.race.is_over

    @property
    def stage(self) -> Stage:
        return self.race.stage

    def view(self) -> PlayerView:
        return self.race.view(HUMAN)

    def legal_actions(self) -> list[Move]:
        """The player's moves now: cards and robs on their turn, the next deal between
        deals (the player always starts it, whoever deals), nothing else."""
        if self.race.stage is Stage.DEAL_OVER:
            return [NEXT_DEAL]
        return list(self.view().legal_actions)

    def explain(self, action: Move) -> str | None:
        """Why the player may not make ``action`` now (None: they may)."""
        if self.race.is_over:
            return "the game is over"
        if self.race.stage is Stage.PLAY and self.race.turn != HUMAN:
            return "it is not your turn"
        return self.race.explain(action) or None

    def apply(self, action: Move) -> list[Event]:
        """The player's move; a refused one raises :class:`IllegalMoveError` (a
        ValueError) saying why, and changes nothing."""
        why = self.explain(action)
        if why:
            raise IllegalMoveError(why)
        return self._apply(action)

    def why_no_rob(self) -> str | None:
        """Why the player may not rob the turned card now, in the engine's words (None:
        they may): :func:`no_rob_reason` with the engine's own explanation on the
        player's turn."""
        return no_rob_reason(self.view(), self.race.explain)

    def add_listener(self, fn: Listener[Event]) -> None:
        self._listeners.append(fn)

    def save(self) -> bool:
        """Write the save now (a finished game removes it); False if it failed."""
        if self.save_file is None:
            return True
        try:
            if self.race.is_over:
                self.save_file.unlink(missing_ok=True)
            else:
                data = {"table": {"bots": self.bots}, "record": race_record(self.race)}
                write_atomic(self.save_file, json.dumps(data, indent=1, ensure_ascii=False))
        except OSError as exc:
            self.save_error = f"the game could not be saved: {damage_words(exc)}"
            return False
        self.save_error = None
        return True

    # ------------------------------------------------------------- the bots
    def bot_seat(self) -> int | None:
        """The bot whose turn it is, if any (never between deals: the player deals on)."""
        t = self.race.turn
        if self.race.stage is Stage.PLAY and t is not None and t != HUMAN:
            return t
        return None

    def think(self, seat: int) -> Move:
        """What the bot at ``seat`` plays now (reads a frozen view: safe in a thread while
        nothing is applied)."""
        view = self.race.view(seat)
        return self.players[seat].choose(view, view.legal_actions)

    def play_bot(self, seat: int, move: Move) -> list[Event]:
        """Apply the bot's move (it must still be that bot's turn)."""
        if self.bot_seat() != seat:
            raise IllegalMoveError(f"it is not seat {seat}'s turn")
        return self._apply(move)

    def run_bots(self) -> int:
        """Let the bots move until it is the player's turn, the deal or the game is over;
        how many moves they made."""
        n = 0
        while (seat := self.bot_seat()) is not None:
            self.play_bot(seat, self.think(seat))
            n += 1
        return n

    # ------------------------------------------------------------- inside
    def _apply(self, move: Move) -> list[Event]:
        events = [event_for_seat(e, HUMAN) for e in self.race.apply(move)]
        self.history += events
        self.save()
        for fn in self._listeners:
            fn(events)
        return events

    @classmethod
    def resume(cls, path: Path, bots: str | None = None
               ) -> tuple[RaceTable | None, str | None]:
        """The saved game at ``path`` (its bots, unless ``bots``), and a message for the
        player when the file was damaged and set aside.  No file: ``(None, None)``."""
        if not path.exists():
            return None, None
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
            if not isinstance(data, dict) or not isinstance(data.get("table"), dict):
                raise ReplayError("the file is not a saved game of Twenty-Five")
            level = data["table"].get("bots")
            if level not in LEVEL_NAMES:
                level = None
            race, events = replay_race(data.get("record"))  # type: ignore[arg-type]
            if race.is_over:
                raise ReplayError("the saved game is already over")
        except (OSError, ValueError, KeyError, TypeError, RecursionError) as exc:
            reason = damage_words(exc)
            try:
                target = set_aside(path)
            except OSError as exc2:
                return None, (f"The saved game of Twenty-Five is damaged ({reason}) and "
                              f"could not be moved aside: {damage_words(exc2)}")
            return None, (f"The saved game of Twenty-Five could not be read ({reason}); "
                          f"it was moved to {target}")
        table = cls(race=race, bots=bots or level, save_file=path)
        table.history = [event_for_seat(e, HUMAN) for e in events]
        return table, None


def no_rob_reason(view: PlayerView, explain: Callable[[Move], str] | None = None
                  ) -> str | None:
    """Why ``view``'s seat may not rob the turned card now, in a player's words (None: it
    may).  On its own turn ``explain`` (the engine's :meth:`Race.explain`, where the table
    has the engine) gives the engine's words; on another's turn, the same rule said for
    the seat's own position (a holder of the ace of trumps who has not played yet is told
    to wait for their turn).  Both tables use it: this one and a seat at a hosted table."""
    if view.can_rob:
        return None
    seat = view.seat
    if not view.rules.rob:
        return "robbing is off at this table: the turned card only names the trump"
    if view.stage is Stage.GAME_OVER:
        return "the game is over"
    if view.stage is Stage.DEAL_OVER:
        return "the deal is over: start the next deal"
    if view.robber is not None:
        return "the turned card has already been robbed"
    played = any(s == seat for t in view.tricks for s, _ in t.cards) or any(
        s == seat for s, _ in view.trick)
    if view.turn == seat and view.hand and explain is not None:
        words = explain(Move.rob(view.hand[0]))
        if words:
            return words
    if view.tricks or played:
        return "you may rob only on your first turn, before you play your first card"
    ace = ace_of_trumps(view.trump)
    if view.turned == ace:
        if view.dealer == seat:
            return "wait for your turn: you may rob before you play your first card"
        return f"only the dealer may rob: the turned card is the ace of trumps ({ace})"
    if ace in view.hand:
        return "wait for your turn: you may rob before you play your first card"
    return f"only the player holding the ace of trumps ({ace}) may rob the turned card"
