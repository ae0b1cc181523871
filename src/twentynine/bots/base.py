"""The bot interface, Twenty-Nine's: :mod:`twentynine.common.players` with a seat's
:class:`~twentynine.engine.views.SeatView` and an :class:`~twentynine.engine.actions.Action`.
A bot sees one seat's view and its legal actions, never the engine.

>>> from twentynine import Game
>>> from twentynine.bots import make_bot
>>> g = Game(seed=1)
>>> bot = make_bot("random", seed=5)
>>> view = g.view(g.turn)
>>> bot.choose(view, view.legal_actions) in view.legal_actions
True
"""

from __future__ import annotations

from typing import TypeAlias

from ..common import players
from ..common.players import decide as decide
from ..engine.actions import Action
from ..engine.views import SeatView

Bot: TypeAlias = players.Bot[SeatView, Action]
"""Anything that picks one of the legal actions from a seat's view."""

Decision: TypeAlias = players.Decision[Action]
"""What a bot chose, how long it took, and any fault (then ``action`` is a fallback)."""


class BaseBot(players.BaseBot[SeatView, Action]):
    """Common ground of Twenty-Nine's bots: a name and a seeded random generator of the
    bot's own."""
