"""Twenty-Five, the Irish trick-taking game of the Spoil Five family, for 3 to 9 players.

Built on :mod:`twentynine.common` alone: nothing of Twenty-Nine's engine is loaded.  The
rules are RULINGS-25's (docs/twentyfive.md tells them in a player's words).

The public API (everything a bot, a table or a tool needs):

* :class:`Race`: a whole game, seeded.  ``legal_actions()``, ``apply(move)`` (returns the
  events; an illegal move raises :class:`IllegalMoveError`, naming the rule), ``view(seat)``
  (a frozen :class:`PlayerView`: the seat's own hand, what is public, its legal moves),
  ``stage``, ``turn``, ``scores`` (by side), ``winner``.
* :class:`HouseRules`: the options (players 3..9, teams none/pairs/threes, target, rob,
  renege); :data:`OPTIONS` holds each option's record (flag, name, meanings, phrases).
* :class:`Move` (play a card, rob laying a card down, next deal) and :class:`Card` (an int
  0..51 that prints as ``9♦``; :func:`parse_card`).
* Events (:mod:`.happenings`) and :func:`event_for_seat`; records: :func:`race_record`,
  :func:`replay_race`, :func:`dumps`, :func:`loads`.
* The bots' hot path: :class:`Round` (one deal, hands as 52-bit masks, moves as codes:
  ``legal_codes``, ``step``, ``clone``, ``playout``), compiled with mypyc when installed.
* The computer players: see :mod:`.bot_registry`.

>>> from twentynine.twentyfive import HouseRules, Move, Race
>>> game = Race(seed=7, rules=HouseRules(players=6, teams="threes"))
>>> view = game.view(game.turn)
>>> view.seat, len(view.hand), view.rules.team(view.side)
(0, 5, (0, 2, 4))
>>> events = game.apply(view.legal_actions[0])
>>> type(events[0]).__name__, game.turn
('CardPlayed', 1)
>>> game.apply(Move.parse("play 2C"))
Traceback (most recent call last):
...
twentynine.twentyfive.race.IllegalMoveError: you do not hold the 2♣
"""

from __future__ import annotations

from .happenings import (
    CardPlayed,
    CardsDealt,
    DealOver,
    DealStarted,
    Event,
    RaceWon,
    Robbed,
    TrickWon,
    TrumpTurned,
    event_for_seat,
)
from .house_rules import OPTION, OPTIONS, HouseRules, HouseRulesError, Option
from .moves import NEXT_DEAL, Move, MoveError, MoveKind
from .pack import CARDS, Card, CardError, parse_card, parse_cards
from .race import IllegalMoveError, Race, RaceError
from .replay import ReplayError, dumps, loads, race_record, replay_race
from .round_state import Round
from .seat_view import PlayerView, Stage, TrickDone

__all__ = [
    "CARDS", "NEXT_DEAL", "OPTION", "OPTIONS", "Card", "CardError", "CardPlayed",
    "CardsDealt", "DealOver", "DealStarted", "Event", "HouseRules", "HouseRulesError",
    "IllegalMoveError", "Move", "MoveError", "MoveKind", "Option", "PlayerView", "Race",
    "RaceError", "RaceWon", "ReplayError", "Robbed", "Round", "Stage", "TrickDone",
    "TrickWon", "TrumpTurned", "dumps", "event_for_seat", "loads", "parse_card",
    "parse_cards", "race_record", "replay_race",
]
