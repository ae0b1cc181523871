"""The bot interface: a bot sees one seat's view and its legal actions, never the engine.

>>> from twentynine import Game
>>> from twentynine.bots import make_bot
>>> g = Game(seed=1)
>>> bot = make_bot("random", seed=5)
>>> view = g.view(g.turn)
>>> bot.choose(view, view.legal_actions) in view.legal_actions
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from ..engine.actions import Action
from ..engine.views import SeatView


class Bot(Protocol):
    """Anything that picks one of the legal actions from a seat's view."""

    name: str

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``."""
        ...


class BaseBot:
    """Common ground: a name and a seeded random generator of the bot's own."""

    name = "base"

    def __init__(self, seed: int | None = None, time_budget: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.time_budget = time_budget

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """One of ``legal``."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Decision:
    """What a bot chose, how long it took, and any fault (then ``action`` is a fallback)."""

    action: Action
    seconds: float
    fault: str | None


def decide(bot: Bot, view: SeatView, legal: Sequence[Action] | None = None,
           budget: float | None = None) -> Decision:
    """Ask ``bot`` for an action; a raise, an illegal answer or a blown time budget is a
    fault, and the first legal action is played instead."""
    acts = list(view.legal_actions if legal is None else legal)
    if not acts:
        raise ValueError("the bot was asked to move with no legal action")
    t0 = time.perf_counter()
    fault: str | None = None
    try:
        choice = bot.choose(view, acts)
    except Exception as exc:  # a faulty bot must not break the game
        choice, fault = acts[0], f"{bot.name} raised {type(exc).__name__}: {exc}"
    dt = time.perf_counter() - t0
    if fault is None and choice not in acts:
        choice, fault = acts[0], f"{bot.name} chose an illegal action: {choice!r}"
    if fault is None and budget is not None and dt > budget:
        choice, fault = acts[0], f"{bot.name} took {dt:.3f} s, over its {budget:.3f} s budget"
    return Decision(choice, dt, fault)
