"""A player the computer plays, for any game: it sees one seat's view and the legal
actions, never the engine's state, and answers with one of them.

The interface is generic over the game's view and action types; a game names its own
(Twenty-Nine's ``twentynine.bots.base``: a bot of ``SeatView`` and ``Action``).

>>> from collections.abc import Sequence
>>> class Table:
...     legal_actions = ("pass", "bid 16")
>>> class First(BaseBot[Table, str]):
...     name = "first"
...     def choose(self, view: Table, legal: Sequence[str]) -> str:
...         return legal[0]
>>> d = decide(First(), Table())
>>> d.action, d.fault
('pass', None)
>>> decide(First(), Table(), ["bid 16"]).action  # the legal actions given, not the view's
'bid 16'
"""

from __future__ import annotations

import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Generic, Protocol, TypeVar

A = TypeVar("A")
"""A game's action."""
A_co = TypeVar("A_co", covariant=True)
V = TypeVar("V")
"""A game's view of one seat."""
V_contra = TypeVar("V_contra", contravariant=True)


class Seated(Protocol[A_co]):
    """A seat's view: what it may know, with the legal actions of the seat to move."""

    @property
    def legal_actions(self) -> Sequence[A_co]:
        """The actions the seat may take now (empty when it is not its turn)."""
        ...


class Bot(Protocol[V_contra, A]):
    """Anything that picks one of the legal actions from a seat's view."""

    name: str

    def choose(self, view: V_contra, legal: Sequence[A]) -> A:
        """One of ``legal``."""
        ...


class BaseBot(Generic[V, A]):
    """Common ground: a name and a seeded random generator of the bot's own."""

    name = "base"

    def __init__(self, seed: int | None = None, time_budget: float = 1.0) -> None:
        self.rng = random.Random(seed)
        self.time_budget = time_budget

    def choose(self, view: V, legal: Sequence[A]) -> A:
        """One of ``legal``."""
        raise NotImplementedError


@dataclass(frozen=True, slots=True)
class Decision(Generic[A]):
    """What a bot chose, how long it took, and any fault (then ``action`` is a fallback)."""

    action: A
    seconds: float
    fault: str | None


SV = TypeVar("SV", bound=Seated[Any])


def decide(bot: Bot[SV, A], view: SV, legal: Sequence[A] | None = None,
           budget: float | None = None) -> Decision[A]:
    """Ask ``bot`` for an action; a raise, an illegal answer or a blown time budget is a
    fault, and the first legal action is played instead."""
    acts: list[A] = list(view.legal_actions if legal is None else legal)
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
