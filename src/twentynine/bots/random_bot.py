"""The floor: a uniformly random legal action."""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.actions import Action
from ..engine.views import SeatView
from .base import BaseBot


class RandomBot(BaseBot):
    """Picks any legal action at random."""

    name = "random"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """A random one of ``legal``."""
        return self.rng.choice(list(legal))
