"""Twenty-Nine, the South Asian trick-taking card game with a hidden trump.

The engine (``twentynine.engine``: ``cards``, ``rules``, ``auction``, ``play``,
``scoring``, ``deal``, ``game``, ``views``, ``records``) is pure Python with no UI; the
table lives in ``twentynine.tui`` and the computer players in ``twentynine.bots``.

>>> from twentynine import Game, Action
>>> game = Game(seed=7)
>>> game.legal_actions()[:2]
[Action('bid 16'), Action('bid 17')]
"""

from __future__ import annotations

from importlib import import_module
from importlib.machinery import EXTENSION_SUFFIXES
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .engine.actions import PAIR, PASS, SHOW_TRUMP, Action, ActionError, ActionKind
    from .engine.cards import CARDS, Card, CardError, parse_cards
    from .engine.deal import Deal, DealError, IllegalActionError, Phase
    from .engine.events import Event, event_for_seat
    from .engine.game import Game
    from .engine.rules import Rules, RulesError
    from .engine.scoring import DealOutcome
    from .engine.views import SeatView, TrickRecord

_LAZY = {
    "actions": ("PAIR", "PASS", "SHOW_TRUMP", "Action", "ActionError", "ActionKind"),
    "cards": ("CARDS", "Card", "CardError", "parse_cards"),
    "deal": ("Deal", "DealError", "IllegalActionError", "Phase"),
    "events": ("Event", "event_for_seat"),
    "game": ("Game",),
    "rules": ("Rules", "RulesError"),
    "scoring": ("DealOutcome",),
    "views": ("SeatView", "TrickRecord"),
}
"""Twenty-Nine's public names, by the engine module that defines them.  They load on
first use, so that a module of another layer (the shared :mod:`twentynine.common`, a
second game) can be imported without loading Twenty-Nine's engine."""
_HOME = {name: module for module, names in _LAZY.items() for name in names}


def __getattr__(name: str) -> object:
    module = _HOME.get(name)
    if module is None:
        raise AttributeError(f"module 'twentynine' has no attribute {name!r}")
    value = getattr(import_module(f"{__name__}.engine.{module}"), name)
    globals()[name] = value
    return value


def build_kind() -> str:
    """``"compiled"`` when the engine runs as mypyc-compiled modules (``pip install .`` with
    a C compiler), ``"pure Python"`` when it runs from its sources (the editable development
    install, or ``TWENTYNINE_PURE=1``).

    >>> build_kind() in ("compiled", "pure Python")
    True
    """
    from .engine import deal

    path = getattr(deal, "__file__", "") or ""
    return "compiled" if path.endswith(tuple(EXTENSION_SUFFIXES)) else "pure Python"


def version_text() -> str:
    """What ``twentynine --version`` prints: the program, its version and how the engine
    runs ("twentynine 0.1.0 (pure Python)").

    >>> version_text().startswith("twentynine ")
    True
    """
    from importlib.metadata import PackageNotFoundError, version

    try:
        number = version("twentynine")
    except PackageNotFoundError:  # running from a source tree that is not installed
        number = "(not installed)"
    return f"twentynine {number} ({build_kind()})"


__all__ = [
    "CARDS", "PAIR", "PASS", "SHOW_TRUMP", "Action", "ActionError", "ActionKind", "Card",
    "CardError", "Deal", "DealError", "DealOutcome", "Event", "Game", "IllegalActionError",
    "Phase", "Rules", "RulesError", "SeatView", "TrickRecord", "build_kind", "event_for_seat",
    "parse_cards", "version_text",
]
