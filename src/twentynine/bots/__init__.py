"""Computer players, looked up by name: the levels in :data:`LEVELS`, weakest first.

Every list of bots is derived from :data:`LEVELS`: the names the command line and the
settings screen offer (:data:`BOTS`), the ones that search on the clock
(:data:`SEARCH_BOTS`), and the words the settings screen shows for each.  The coach's bot
is named, not inferred from the order: :data:`COACH_BOT`.

A new level of the search is one entry here, its :class:`SearchConfig` value::

    Level.search("strong", HARD.replace(samples=300), "Between medium and hard."),

placed where its strength falls; a new kind of player is a :class:`BaseBot` subclass and
``Level("name", TheBot, "words")``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from .base import BaseBot, Bot, Decision, decide
from .config import HARD, MEDIUM, SearchConfig, SettingError
from .easy import EasyBot
from .hard import HardBot
from .medium import MediumBot
from .random_bot import RandomBot


@dataclass(frozen=True, slots=True)
class Level:
    """One strength of computer player: its name, its class and what it is in a player's
    words.  A level of the search is :class:`MediumBot` at one :class:`SearchConfig`."""

    name: str
    bot: type[BaseBot]
    """The class; it takes ``seed`` (and, for a search, any :class:`SearchConfig` field)."""
    words: str
    """The level in a player's words, as the settings screen explains it."""

    def __post_init__(self) -> None:
        if self.bot.name != self.name:
            raise ValueError(f"level {self.name!r} names a bot called {self.bot.name!r}")

    @classmethod
    def search(cls, name: str, config: SearchConfig, words: str) -> Level:
        """A level of the search: :class:`MediumBot` with ``config`` as its settings."""
        level_name, level_config = name, config

        class SearchLevel(MediumBot):
            name = level_name
            default_config: ClassVar[SearchConfig] = level_config

        SearchLevel.__name__ = SearchLevel.__qualname__ = f"{name.title()}Bot"
        SearchLevel.__doc__ = words
        return cls(name, SearchLevel, words)

    @property
    def config(self) -> SearchConfig | None:
        """The search's settings (None for a bot that does not search)."""
        config: SearchConfig | None = getattr(self.bot, "default_config", None)
        return config

    @property
    def searches(self) -> bool:
        """Whether the bot searches on the clock (``--budget`` sets its ``time_budget``)."""
        return self.config is not None


LEVELS: tuple[Level, ...] = (
    Level("random", RandomBot, "They play any legal move: for learning how the game goes."),
    Level("easy", EasyBot, "Simple rules of thumb, answered at once."),
    Level("medium", MediumBot, "They imagine the hidden hands and try out each choice."),
    Level("hard", HardBot,
          "The strongest: they read the bidding and play, and count to the end."),
)
"""Every level, weakest first (the order the settings screen and the help list them)."""

COACH_BOT = "hard"
"""The level whose choice the coach's hint gives, and that finishes a decided deal for the
player: named here, so that a level added anywhere in :data:`LEVELS` changes neither."""

BOTS: dict[str, Callable[..., BaseBot]] = {level.name: level.bot for level in LEVELS}
"""Bot factories by name, weakest first; each takes ``seed`` (and optional ``time_budget``)."""

SEARCH_BOTS: tuple[str, ...] = tuple(level.name for level in LEVELS if level.searches)
"""The levels that search on the clock: ``--budget`` sets their ``time_budget``."""

LEVEL_WORDS: dict[str, str] = {level.name: level.words for level in LEVELS}
"""Each level in a player's words, by name."""


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


__all__ = ["BOTS", "COACH_BOT", "HARD", "LEVELS", "LEVEL_WORDS", "MEDIUM", "SEARCH_BOTS",
           "BaseBot", "Bot", "Decision", "Level", "SearchConfig", "SettingError",
           "UnknownBot", "decide", "known_bot", "make_bot"]
