"""Twenty-Five's options: the table's size, its teams, the target, robbing and reneging.

:class:`HouseRules` is the options of one game, checked when made.  :data:`OPTIONS` holds,
for every option, its one record: the command line's flag, the settings screen's row, what
each value means and the phrases a table shows when it is not the standard game's value.
The command line's flags (:func:`add_arguments`, :func:`from_arguments`), the settings
screen, ``twentynine rules --game twentyfive [--examples]`` and the rules page's list of
every option are built from these records and nothing else.

Seats sit in play order ``0 .. players - 1``.  Each for themselves, every seat is its own
side; in teams of two partners sit opposite (seats ``s`` and ``s + players/2``); in teams
of three each player sits between two of other teams (seats ``s``, ``s + k``, ``s + 2k``
for ``k`` teams).  A seat's side is always ``seat % sides``.

>>> r = HouseRules(players=6, teams="threes")
>>> r.sides, r.side_of(4), r.team(1)
(2, 0, (1, 3, 5))
>>> HouseRules(players=5, teams="pairs")
Traceback (most recent call last):
...
twentynine.twentyfive.house_rules.HouseRulesError: --teams pairs needs an even number of \
players (partners sit opposite each other), not 5
"""

from __future__ import annotations

import argparse
import dataclasses
from dataclasses import dataclass
from typing import Any, Final

from ..common.house_reference import Entry

MIN_PLAYERS: Final = 3
MAX_PLAYERS: Final = 9
TEAMS: Final = ("none", "pairs", "threes")
"""Each for themselves, teams of two, teams of three."""
TARGETS: Final = tuple(range(5, 105, 5))
"""The scores a game may be played to: 5 points a trick, 5 to 100."""


NUMBER_WORDS: Final = {5: "five"}


class HouseRulesError(ValueError):
    """Options that make no game (the message names the option and what it needs)."""


@dataclass(frozen=True)
class HouseRules:
    """The options of one game of Twenty-Five (the defaults are the standard game)."""

    players: int = 4
    """3 to 9."""
    teams: str = "none"
    """``none`` (each for themselves), ``pairs`` (even players) or ``threes`` (6 or 9)."""
    target: int = 25
    """The score that wins, at once: a multiple of 5 from 5 to 100."""
    rob: bool = True
    """The holder of the ace of trumps may rob the turned card."""
    renege: bool = True
    """The three top trumps may be held back when a lower trump is led."""

    def __post_init__(self) -> None:
        n = self.players
        if type(n) is not int or not MIN_PLAYERS <= n <= MAX_PLAYERS:
            raise HouseRulesError(f"--players must be from {MIN_PLAYERS} to {MAX_PLAYERS}, "
                                  f"not {n!r}")
        if self.teams not in TEAMS:
            raise HouseRulesError(f"--teams must be one of {', '.join(TEAMS)}, "
                                  f"not {self.teams!r}")
        if self.teams == "pairs" and n % 2:
            raise HouseRulesError("--teams pairs needs an even number of players (partners "
                                  f"sit opposite each other), not {n}")
        if self.teams == "threes" and n not in (6, 9):
            raise HouseRulesError(f"--teams threes needs 6 or 9 players, not {n}")
        if type(self.target) is not int or self.target not in TARGETS:
            raise HouseRulesError(f"--target must be a multiple of 5 from {TARGETS[0]} to "
                                  f"{TARGETS[-1]}, not {self.target!r}")
        for name in ("rob", "renege"):
            if type(getattr(self, name)) is not bool:
                raise HouseRulesError(f"the {name} option is on or off (True or False), "
                                      f"not {getattr(self, name)!r}")

    # ----------------------------------------------------------------- sides
    @property
    def sides(self) -> int:
        """How many sides score: the players, or the teams."""
        return self.players // {"none": 1, "pairs": 2, "threes": 3}[self.teams]

    @property
    def team_size(self) -> int:
        """Players on a side: 1, 2 or 3."""
        return self.players // self.sides

    def side_of(self, seat: int) -> int:
        """The side ``seat`` scores for (a team's number is its lowest seat)."""
        return seat % self.sides

    def team(self, side: int) -> tuple[int, ...]:
        """The seats of ``side``, in play order."""
        return tuple(range(side, self.players, self.sides))

    def partners(self, seat: int) -> tuple[int, ...]:
        """The other seats on ``seat``'s side (none when each plays for themselves)."""
        return tuple(s for s in self.team(self.side_of(seat)) if s != seat)

    def side_list(self) -> list[int]:
        """Every seat's side, by seat."""
        return [self.side_of(s) for s in range(self.players)]

    # ----------------------------------------------------------------- records
    def replace(self, **changes: Any) -> HouseRules:
        """A copy with some options changed (checked like a new one)."""
        return dataclasses.replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The options as a record writes them."""
        return dataclasses.asdict(self)

    @classmethod
    def from_dict(cls, data: object) -> HouseRules:
        """The options from a record (missing ones take their defaults)."""
        if not isinstance(data, dict):
            raise HouseRulesError("the options must be a JSON object")
        known = {f.name for f in dataclasses.fields(cls)}
        unknown = sorted(str(k) for k in data if k not in known)
        if unknown:
            raise HouseRulesError(f"unknown option {unknown[0]!r}: the options are "
                                  f"{', '.join(sorted(known))}")
        return cls(**data)

    def differences(self) -> list[str]:
        """The table's phrases for every option not at its standard value (the size and
        the teams are always said), in :data:`OPTIONS` order."""
        out = []
        for opt in OPTIONS:
            text = opt.value_text(self)
            if opt.field in ("players", "teams") or text != opt.default:
                out.append(opt.says(opt.house, text))
        return out


@dataclass(frozen=True)
class Option:
    """One option, named and explained in this one place.

    In ``means``, ``house`` and ``short`` a value's text picks its line, ``*`` stands for
    any other value, and ``{n}`` in a line is the value's text."""

    field: str
    """The :class:`HouseRules` field."""
    flag: str
    """The command line's flag as a player types it (``--players N``, ``--no-rob``)."""
    choices: tuple[str, ...]
    """The values a player may pick, as text (``on``/``off`` for switches)."""
    default: str
    """The standard game's value, as text."""
    name: str
    """The settings screen's row."""
    help: str
    """What the option does, for ``--help`` and the rules page."""
    means: dict[str, str]
    """What each value means, one line each (the settings screen, the rules page)."""
    house: dict[str, str]
    """The table's phrase for the value (its house rules)."""
    short: dict[str, str]
    """The same in a word or two, for a summary on one line."""
    example: str
    """The option at the table, in a sentence or two: the rules page (``?``) and
    ``twentynine rules --game twentyfive --examples`` show it after :attr:`help`."""

    def reference(self) -> Entry:
        """This option in the reference of every option (``common.house_reference``)."""
        return Entry(self.flag, self.name, self.values_text, self.default, self.help,
                     self.example)

    @property
    def switch(self) -> bool:
        """An on/off option (its flag turns it off: ``--no-rob``)."""
        return self.choices == ("on", "off")

    @property
    def values_text(self) -> str:
        """The values a player may pick, in a few words (``3 to 9``, ``on, off``).

        >>> OPTION["target"].values_text, OPTION["teams"].values_text
        ('5 to 100 in fives', 'none, pairs, threes')
        """
        if self.choices[0].isdigit():
            step = int(self.choices[1]) - int(self.choices[0])
            tail = "" if step == 1 else f" in {NUMBER_WORDS.get(step, str(step))}s"
            return f"{self.choices[0]} to {self.choices[-1]}{tail}"
        return ", ".join(self.choices)

    def value_text(self, rules: HouseRules) -> str:
        """This option's value in ``rules``, as text."""
        value = getattr(rules, self.field)
        if isinstance(value, bool):
            return "on" if value else "off"
        return str(value)

    def value(self, text: str) -> object:
        """The :class:`HouseRules` value of ``text`` (one of :attr:`choices`)."""
        flag = self.flag.split()[0]
        if self.choices[0].isdigit():  # a number: HouseRules says which it allows
            if not text.strip().isdigit():
                raise HouseRulesError(f"{flag} must be a whole number, not {text!r}")
            return int(text)
        if text not in self.choices:
            raise HouseRulesError(f"{flag} must be one of {', '.join(self.choices)}, "
                                  f"not {text!r}")
        if self.switch:
            return text == "on"
        return text

    @staticmethod
    def says(lines: dict[str, str], text: str) -> str:
        """The line of ``lines`` for the value ``text``."""
        return (lines.get(text) or lines["*"]).replace("{n}", text)


OPTIONS: Final[tuple[Option, ...]] = (
    Option("players", "--players N", tuple(str(n) for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)),
           "4", "Players",
           "How many sit at the table, from 3 to 9.",
           means={"*": "{n} players, five cards each; the rest of the pack stays in the stock."},
           house={"*": "{n} players"},
           short={"*": "{n} players"},
           example="`--players 6` deals thirty cards and leaves 22 in the stock."),
    Option("teams", "--teams none|pairs|threes", TEAMS, "none", "Teams",
           "none: each for themselves; pairs: teams of two, partners opposite (an even "
           "number of players); threes: teams of three, each player between two of other "
           "teams (6 or 9 players).",
           means={"none": "Each player for themselves.",
                  "pairs": "Teams of two, partners sitting opposite (needs an even number).",
                  "threes": "Teams of three, seated alternately (needs 6 or 9 players)."},
           house={"none": "Each for themselves", "pairs": "Teams of two",
                  "threes": "Teams of three"},
           short={"none": "solo", "pairs": "pairs", "threes": "threes"},
           example="`--players 6 --teams threes`: seats 0, 2 and 4 play against seats 1, 3 "
                   "and 5, so nobody sits beside a teammate."),
    Option("target", "--target N", tuple(str(n) for n in TARGETS), "25", "Target",
           "The score that wins the game at once, even in the middle of a deal (45 plays "
           "Forty-Five).",
           means={"*": "The first player or team to {n} points wins, at once."},
           house={"*": "Game to {n}"},
           short={"*": "to {n}"},
           example="`--target 45` plays Forty-Five: nine tricks win, so a game lasts two "
                   "deals at the least."),
    Option("rob", "--no-rob", ("on", "off"), "on", "Robbing",
           "Whoever holds the ace of trumps may rob the turned card, laying down a card of "
           "their own (--no-rob: the turned card only names trump).",
           means={"on": "The holder of the ace of trumps may take the turned card.",
                  "off": "Nobody robs: the turned card only names trump."},
           house={"on": "Ace of trumps robs", "off": "No robbing"},
           short={"on": "robbing", "off": "no robbing"},
           example="the 7♦ is turned and you hold the A♦: on your first turn you may take "
                   "the 7♦ and lay down a card of your own; with `--no-rob` the 7♦ only says "
                   "that diamonds are trump."),
    Option("renege", "--no-renege", ("on", "off"), "on", "Holding back top trumps",
           "The 5, the J and the A♥ of trumps need not follow a lower trump led "
           "(--no-renege: every trump must follow a trump lead).",
           means={"on": "The 5, J and A♥ may be held back when a lower trump is led.",
                  "off": "Every trump must follow a trump lead, the top three too."},
           house={"on": "Top trumps may be held back", "off": "No holding back"},
           short={"on": "reneging", "off": "no reneging"},
           example="clubs are trump, the 3♣ is led and your only trump is the J♣: you may "
                   "keep it and play a heart; with `--no-renege` you must play the J♣."),
)
"""Every option, in the order the settings screen and the docs list them."""

OPTION: Final = {opt.field: opt for opt in OPTIONS}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options' flags on ``parser`` (each left unset when not given, so that a
    front end can lay them over saved settings); read them with :func:`from_arguments`."""
    group = parser.add_argument_group("Twenty-Five options")
    for opt in OPTIONS:
        dest = f"twentyfive_{opt.field}"
        if opt.switch:
            group.add_argument(opt.flag, dest=dest, action="store_const", const="off",
                               default=None, help=opt.help)
        else:
            name, _, metavar = opt.flag.partition(" ")
            group.add_argument(name, dest=dest, default=None,
                               metavar=metavar if metavar != "|".join(opt.choices)
                               else "{" + ",".join(opt.choices) + "}",
                               help=opt.help)


def given_arguments(ns: argparse.Namespace) -> dict[str, str]:
    """The options given on the command line, as text by field."""
    out = {}
    for opt in OPTIONS:
        text = getattr(ns, f"twentyfive_{opt.field}", None)
        if text is not None:
            out[opt.field] = str(text)
    return out


def from_arguments(ns: argparse.Namespace, base: HouseRules | None = None) -> HouseRules:
    """The options the flags of :func:`add_arguments` describe, over ``base`` (the
    standard game if None); a bad value raises :class:`HouseRulesError` naming its flag.

    >>> p = argparse.ArgumentParser()
    >>> add_arguments(p)
    >>> from_arguments(p.parse_args(["--players", "6", "--teams", "threes", "--no-rob"]))
    HouseRules(players=6, teams='threes', target=25, rob=False, renege=True)
    """
    changes = {field: OPTION[field].value(text) for field, text in
               given_arguments(ns).items()}
    return (base or HouseRules()).replace(**changes)
