"""The games a table server hosts, each behind one small adapter: how to make a game (and
the table's next one), read and apply an action, a seat's view and events on the wire,
the bots' and the move clock's choices, and the record that ``--resume`` replays.

The hosted table (:mod:`.hosted_table`), what it sends (:mod:`.broadcast`), what it
writes (:mod:`.store`, :mod:`.table_files`) and the conversation with a client
(:mod:`.lobby`) ask their game these questions and nothing else of it: Twenty-Nine
(:class:`TwentyNine`) and Twenty-Five (:class:`TwentyFive`) share every other piece of
the server, its limits, tokens, journal and wall.

Which game a table plays follows from its rules' type (:func:`game_for`): Twenty-Nine's
:class:`~twentynine.engine.rules.Rules` or Twenty-Five's
:class:`~twentynine.twentyfive.house_rules.HouseRules`.

>>> from twentynine.twentyfive import HouseRules
>>> kind = game_for(HouseRules(players=6, teams="threes"))
>>> kind.name, kind.seat_count(HouseRules(players=6, teams="threes"))
('twentyfive', 6)
>>> game, _ = kind.new_game(HouseRules(players=6, teams="threes"), seed=3)
>>> kind.count(game), kind.between_deals(game)
(0, False)
"""

from __future__ import annotations

import functools
import secrets
from collections.abc import Sequence
from dataclasses import fields
from typing import TYPE_CHECKING, Any, Protocol

from ..bots import BOTS, decide, make_bot
from ..engine.actions import NEXT_DEAL, NEXT_DEAL_CODE, Action
from ..engine.deal import IllegalActionError, Phase
from ..engine.events import DealStarted
from ..engine.events import event_for_seat as event_for_seat_29
from ..engine.game import Game
from ..engine.records import game_record, replay_game
from ..engine.rules import Rules
from ..twentyfive import happenings as race_events
from ..twentyfive.bot_registry import LEVEL_NAMES, make_player
from ..twentyfive.house_rules import OPTIONS, HouseRules
from ..twentyfive.moves import NEXT_DEAL as NEXT_DEAL_25
from ..twentyfive.moves import Move
from ..twentyfive.race import IllegalMoveError, Race
from ..twentyfive.race_words import event_words, rules_words
from ..twentyfive.replay import race_record, replay_race
from ..twentyfive.seat_view import Stage
from .protocol import encode_event, rules_data, rules_words_data
from .roster import SEAT_NAMES
from .wire import ACTION_TEXT

if TYPE_CHECKING:
    from .broadcast import Views
    from .hosted_table import Table


class CardGame(Protocol):
    """What a hosted table needs to know of the game it plays."""

    name: str
    """The game's name on the wire and in records (``twentynine``, ``twentyfive``)."""
    title: str
    """As a player reads it (``Twenty-Nine``)."""
    levels: tuple[str, ...]
    """The bots' levels a table may have."""
    illegal: type[ValueError]
    """What the engine raises for an action the rules refuse (its reason in words)."""
    moves_key: str
    """Where the game's record lists its actions (the journal's later ones go there)."""

    def seat_count(self, rules: Any) -> int: ...
    def seat_order(self, rules: Any) -> tuple[int, ...]:
        """The order free seats are given in when a player asks for none."""
    def seat_label(self, seat: int) -> str: ...
    def seat_named(self, text: str) -> int | None:
        """A seat given by name in a hello (``south``), or None."""
    def seats_words(self, rules: Any) -> str:
        """How a hello names a seat, for the error that refuses another."""
    def rules_data(self, rules: Any) -> dict[str, Any]: ...
    def rules_from(self, data: Any) -> Any: ...
    def rules_words(self, rules: Any) -> dict[str, Any]: ...
    def welcome_extra(self, rules: Any) -> dict[str, Any]:
        """Fields the ``welcome`` and ``table`` messages carry for this game alone."""
    def summary(self, rules: Any) -> str:
        """The rules in a few words, for the host's printout."""
    def new_game(self, rules: Any, seed: int | None) -> tuple[Any, int]:
        """A new game (``seed`` None: dealt from the operating system's randomness) and
        the key the bots' decisions are seeded from."""
    def next_game(self, old: Any) -> tuple[Any, int]:
        """The table's next game after ``old``, with its bots' key."""
    def parse_action(self, text: str) -> Any:
        """An action from its text; a ValueError naming what is wrong."""
    def count(self, game: Any) -> int:
        """How many actions the game has had."""
    def last_action_text(self, game: Any) -> str: ...
    def between_deals(self, game: Any) -> bool: ...
    def seats_at_once(self, game: Any) -> bool:
        """Whether a newcomer plays at once (else from the next deal)."""
    def just_dealt(self, game: Any) -> bool:
        """Whether the last action dealt a new deal (a secret game's record must hold its
        cards before anyone sees them)."""
    def next_deal(self) -> Any: ...
    def is_next_deal(self, action: Any) -> bool: ...
    def deal_started(self, event: Any) -> bool: ...
    def event_for_seat(self, event: Any, seat: int) -> Any: ...
    def encode_event(self, event: Any, rules: Any) -> dict[str, Any]: ...
    def bot_action(self, level: str, seed: int, view: Any) -> Any:
        """The bot's choice (called in a worker thread)."""
    def clock_action(self, view: Any, level: str) -> tuple[Any, str]:
        """The move made for a player whose time ran out, and what they are told."""
    def record(self, game: Any) -> dict[str, Any]: ...
    def replay(self, data: Any) -> tuple[Any, list[Any]]:
        """The game and every event back from :meth:`record`'s data."""
    def make_views(self, table: Table) -> Views:
        """What makes each seat's encoded view for the table's broadcasts."""


class TwentyNine:
    """Twenty-Nine: four seats, South and North against East and West."""

    name = "twentynine"
    title = "Twenty-Nine"

    levels: tuple[str, ...] = tuple(BOTS)
    illegal: type[ValueError] = IllegalActionError
    moves_key = "actions"

    def seat_count(self, rules: Any) -> int:
        return 4

    def seat_order(self, rules: Any) -> tuple[int, ...]:
        return (0, 2, 1, 3)

    def seat_label(self, seat: int) -> str:
        return SEAT_NAMES[seat]

    def seat_named(self, text: str) -> int | None:
        return SEAT_NAMES.index(text.lower()) if text.lower() in SEAT_NAMES else None

    def seats_words(self, rules: Any) -> str:
        return "a seat is south, east, north or west (or 0-3)"

    def rules_data(self, rules: Any) -> dict[str, Any]:
        return rules_data(rules)

    def rules_from(self, data: Any) -> Any:
        return Rules.from_dict(data)

    def rules_words(self, rules: Any) -> dict[str, Any]:
        return rules_words_data(rules)

    def welcome_extra(self, rules: Any) -> dict[str, Any]:
        return {}

    def summary(self, rules: Any) -> str:
        return f"min bid {rules.min_bid}"

    def new_game(self, rules: Any, seed: int | None) -> tuple[Any, int]:
        if seed is None:
            return Game(rules=rules, secret=True), secrets.randbits(63)
        g = Game(seed, rules)
        return g, g.seed

    def next_game(self, old: Any) -> tuple[Any, int]:
        if old.secret:
            return Game(rules=old.rules, secret=True), secrets.randbits(63)
        g = Game(old.seed + 1, old.rules)  # a seeded table (tests, replays) stays predictable
        return g, g.seed

    def parse_action(self, text: str) -> Any:
        return Action.parse(text)

    def count(self, game: Any) -> int:
        return len(game.log)

    def last_action_text(self, game: Any) -> str:
        return str(ACTION_TEXT[game.log[-1]])

    def between_deals(self, game: Any) -> bool:
        return bool(game.phase is Phase.DEAL_OVER)

    def seats_at_once(self, game: Any) -> bool:
        return not game.log or game.phase in (Phase.DEAL_OVER, Phase.GAME_OVER)

    def just_dealt(self, game: Any) -> bool:
        return bool(game.log) and game.log[-1] == NEXT_DEAL_CODE

    def next_deal(self) -> Any:
        return NEXT_DEAL

    def is_next_deal(self, action: Any) -> bool:
        return bool(action == self.next_deal())

    def deal_started(self, event: Any) -> bool:
        return isinstance(event, DealStarted)

    def event_for_seat(self, event: Any, seat: int) -> Any:
        return event_for_seat_29(event, seat)

    def encode_event(self, event: Any, rules: Any) -> dict[str, Any]:
        return encode_event(event)

    def bot_action(self, level: str, seed: int, view: Any) -> Any:
        return decide(make_bot(level, seed=seed), view, None, 2.0).action

    def clock_action(self, view: Any, level: str) -> tuple[Any, str]:
        from ..coach.clock import clock_move, clock_words  # the hint's search: on demand

        action = clock_move(view)
        return action, clock_words(action)

    def record(self, game: Any) -> dict[str, Any]:
        return game_record(game)

    def replay(self, data: Any) -> tuple[Any, list[Any]]:
        return replay_game(data)

    def make_views(self, table: Table) -> Views:
        from .broadcast import DealViews

        return DealViews(table)


class TwentyFive:
    """Twenty-Five: three to nine seats, each for themselves or in teams."""

    name = "twentyfive"
    title = "Twenty-Five"
    own_fields = frozenset({"seat", "hand", "laid_down", "legal_actions", "may_hold_back"})
    """The fields of a view that differ from seat to seat (the rest every seat shares)."""

    levels: tuple[str, ...] = LEVEL_NAMES
    illegal: type[ValueError] = IllegalMoveError
    moves_key = "moves"

    def seat_count(self, rules: Any) -> int:
        return int(rules.players)

    def seat_order(self, rules: Any) -> tuple[int, ...]:
        return tuple(range(rules.players))

    def seat_label(self, seat: int) -> str:
        return f"seat {seat + 1}"

    def seat_named(self, text: str) -> int | None:
        words = text.lower().split()
        if len(words) == 2 and words[0] == "seat" and words[1].isdigit():
            return int(words[1]) - 1
        return None

    def seats_words(self, rules: Any) -> str:
        return f"a seat is a number from 0 to {rules.players - 1}"

    def rules_data(self, rules: Any) -> dict[str, Any]:
        return dict(rules.to_dict())

    def rules_from(self, data: Any) -> Any:
        return HouseRules.from_dict(data)

    def rules_words(self, rules: Any) -> dict[str, Any]:
        return _race_rules_words(rules)

    def welcome_extra(self, rules: Any) -> dict[str, Any]:
        return {"card_game": self.name, "sides": rules.side_list()}

    def summary(self, rules: Any) -> str:
        return rules_summary_25(rules)

    def new_game(self, rules: Any, seed: int | None) -> tuple[Any, int]:
        if seed is None:
            return Race(rules=rules, secret=True), secrets.randbits(63)
        return Race(seed, rules), seed

    def next_game(self, old: Any) -> tuple[Any, int]:
        # the deal goes on round the table, as between deals
        first = (old.dealer + 1) % old.rules.players
        if old.secret:
            return Race(rules=old.rules, first_dealer=first, secret=True), \
                secrets.randbits(63)
        return Race(old.seed + 1, old.rules, first), old.seed + 1

    def parse_action(self, text: str) -> Any:
        return Move.parse(text)

    def count(self, game: Any) -> int:
        return len(game.moves)

    def last_action_text(self, game: Any) -> str:
        return str(game.moves[-1])

    def between_deals(self, game: Any) -> bool:
        return bool(game.stage is Stage.DEAL_OVER)

    def seats_at_once(self, game: Any) -> bool:
        return not game.moves or game.stage is not Stage.PLAY

    def just_dealt(self, game: Any) -> bool:
        return bool(game.moves) and game.moves[-1] == NEXT_DEAL_25

    def next_deal(self) -> Any:
        return NEXT_DEAL_25

    def is_next_deal(self, action: Any) -> bool:
        return bool(action == self.next_deal())

    def deal_started(self, event: Any) -> bool:
        return isinstance(event, race_events.DealStarted)

    def event_for_seat(self, event: Any, seat: int) -> Any:
        return race_events.event_for_seat(event, seat)

    def encode_event(self, event: Any, rules: Any) -> dict[str, Any]:
        """An (already filtered) event as JSON-ready data, named by ``event``, with its
        line (``words``, :func:`~twentynine.twentyfive.race_words.event_words`)."""
        out: dict[str, Any] = {"event": type(event).__name__}
        for f in fields(event):
            out[f.name] = plain(getattr(event, f.name))
        said = event_words(event, rules)
        if said is not None:
            out["words"] = said
        return out

    def encode_view(self, view: Any) -> dict[str, Any]:
        """A seat's :class:`~twentynine.twentyfive.seat_view.PlayerView` as JSON-ready
        data (its rules left out: a client has them from its welcome), with the top
        trumps it may hold back now (``may_hold_back``), so that no page works out the
        rules itself."""
        return {
            "seat": view.seat, "number": view.number, "dealer": view.dealer,
            "stage": view.stage.value, "turn": view.turn,
            "hand": [c.name for c in view.hand], "hand_sizes": list(view.hand_sizes),
            "turned": view.turned.name, "trump": view.trump, "robber": view.robber,
            "laid_down": view.laid_down.name if view.laid_down is not None else None,
            "leader": view.leader, "trick": [[s, c.name] for s, c in view.trick],
            "tricks": [{"leader": t.leader, "cards": [[s, c.name] for s, c in t.cards],
                        "winner": t.winner} for t in view.tricks],
            "tricks_won": list(view.tricks_won), "scores": list(view.scores),
            "winner": view.winner,
            "legal_actions": [str(m) for m in view.legal_actions],
            "may_hold_back": [c.name for c in view.may_hold_back]
            if view.turn == view.seat else [],
        }

    def bot_action(self, level: str, seed: int, view: Any) -> Any:
        return make_player(level, seed=seed).choose(view, view.legal_actions)

    def clock_action(self, view: Any, level: str) -> tuple[Any, str]:
        from ..coach.race_clock import race_clock_move, race_clock_words  # on demand

        move = race_clock_move(view)
        return move, race_clock_words(move)

    def record(self, game: Any) -> dict[str, Any]:
        return race_record(game)

    def replay(self, data: Any) -> tuple[Any, list[Any]]:
        return replay_race(data)

    def make_views(self, table: Table) -> Views:
        from .broadcast import SeatViews

        return SeatViews(table)


def plain(value: Any) -> Any:
    """A JSON value for a Twenty-Five event's field (cards by name, tuples as lists)."""
    if value is None or isinstance(value, (bool, str)):
        return value
    name = getattr(value, "name", None)
    if isinstance(name, str) and isinstance(value, int):  # a Card
        return name
    if isinstance(value, int):
        return value
    if isinstance(value, (tuple, list)):
        return [plain(v) for v in value]
    raise TypeError(f"cannot encode {type(value).__name__}")


@functools.lru_cache(maxsize=64)
def _race_rules_words(rules: Any) -> dict[str, Any]:
    return rules_words(rules)


def rules_summary_25(rules: Any) -> str:
    """Twenty-Five's options in a few words, for the host's printout.

    >>> from twentynine.twentyfive import HouseRules
    >>> rules_summary_25(HouseRules(players=6, teams="threes"))
    'Twenty-Five, 6 players, threes, to 25'
    """
    parts = ["Twenty-Five"] + [o.says(o.short, o.value_text(rules)) for o in OPTIONS
                               if o.field in ("players", "teams", "target")
                               or o.value_text(rules) != o.default]
    return ", ".join(parts)


TWENTYNINE = TwentyNine()
TWENTYFIVE = TwentyFive()
GAMES: Sequence[CardGame] = (TWENTYNINE, TWENTYFIVE)


def game_for(rules: Any) -> CardGame:
    """The game a table with ``rules`` plays."""
    return TWENTYFIVE if isinstance(rules, HouseRules) else TWENTYNINE


def game_named(name: object) -> CardGame:
    """The game a record names (a record that names none is Twenty-Nine's)."""
    if name is None or name == TWENTYNINE.name:
        return TWENTYNINE
    if name == TWENTYFIVE.name:
        return TWENTYFIVE
    raise ValueError(f"a table of an unknown game {name!r}")
