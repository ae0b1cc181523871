"""Twenty-Nine, the South Asian trick-taking card game with a hidden trump.

The engine (``cards``, ``rules``, ``auction``, ``play``, ``scoring``, ``deal``, ``game``,
``views``, ``records``) is pure Python with no UI; the table lives in ``twentynine.tui``
and the computer players in ``twentynine.bots``.

>>> from twentynine import Game, Action
>>> game = Game(seed=7)
>>> game.legal_actions()[:2]
[Action('bid 16'), Action('bid 17')]
"""

from .actions import PAIR, PASS, SHOW_TRUMP, Action, ActionError, ActionKind
from .cards import CARDS, Card, CardError, parse_cards
from .deal import Deal, DealError, IllegalActionError, Phase
from .events import Event, event_for_seat
from .game import Game
from .rules import Rules, RulesError
from .scoring import DealOutcome
from .views import SeatView, TrickRecord

__all__ = [
    "CARDS", "PAIR", "PASS", "SHOW_TRUMP", "Action", "ActionError", "ActionKind", "Card",
    "CardError", "Deal", "DealError", "DealOutcome", "Event", "Game", "IllegalActionError",
    "Phase", "Rules", "RulesError", "SeatView", "TrickRecord", "event_for_seat", "parse_cards",
]
