"""Computer players, looked up by name.  A new bot is one module and one line in BOTS."""

from __future__ import annotations

from collections.abc import Callable

from .base import BaseBot, Bot, Decision, decide
from .config import SearchConfig, SettingError
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot

BOTS: dict[str, Callable[..., BaseBot]] = {
    "random": RandomBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}
"""Bot factories by name, weakest first; each takes ``seed`` (and optional ``time_budget``)."""


class UnknownBot(ValueError):
    """A bot name that is not in :data:`BOTS`."""


def known_bot(name: str) -> str:
    """``name`` if it names a bot, else :class:`UnknownBot` saying which names there are.

    >>> known_bot("hard")
    'hard'
    >>> known_bot("hrad")
    Traceback (most recent call last):
    ...
    twentynine.bots.UnknownBot: unknown bot 'hrad': choose one of random, easy, medium, hard
    """
    if name not in BOTS:
        raise UnknownBot(f"unknown bot {name!r}: choose one of {', '.join(BOTS)}")
    return name


def make_bot(name: str, seed: int | None = None, **options: float) -> BaseBot:
    """A bot of the named strength with its own seeded random generator; ``options``
    change a search bot's settings (:class:`~.config.SearchConfig`, e.g. ``time_budget``).
    An unknown name raises :class:`UnknownBot`, an unknown setting
    :class:`~.config.SettingError`."""
    return BOTS[known_bot(name)](seed=seed, **options)


__all__ = ["BOTS", "BaseBot", "Bot", "Decision", "SearchConfig", "SettingError", "UnknownBot",
           "decide", "known_bot", "make_bot"]
