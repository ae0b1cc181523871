"""The ``twentynine`` command: ``play`` a game at the table, ``serve`` it to a browser, run
the bot ``arena``, print the ``rules`` settings.  Bad values exit with status 2 and a
one-line message."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import NoReturn

from .. import version_text
from ..bots import BOTS
from ..common import house_reference
from ..engine.options import add_rules_options, rules_from
from ..engine.rules import SETTINGS, Rules, RulesError, setting_text
from ..twentyfive import house_rules as twentyfive_options
from ..twentyfive.bot_registry import LEVEL_NAMES as TWENTYFIVE_LEVELS
from .coach_commands import COMMANDS as COACH_COMMANDS
from .coach_commands import add_commands as add_coach_commands
from .coach_commands import run as run_coach_command


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        # one prefix for every error, whichever subcommand found it
        self.exit(2, f"twentynine: error: {message}\n")


def _positive_int(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
    if n < 1:
        raise argparse.ArgumentTypeError(f"{text!r} must be 1 or more")
    return n


def _seed(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None


def _host_name(text: str) -> str:
    """An argparse type: a name (with a port when not the default) as a browser sends it
    in the Host header, lower case; else one line."""
    import re

    name = text.strip().lower()
    if not re.fullmatch(r"[a-z0-9]([a-z0-9.-]{0,252})(:[0-9]{1,5})?", name):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a host name such as tables.example.org (or with :PORT)")
    return name


def _ip_address(text: str) -> str:
    """An argparse type: an IP address, in the form the server sees it; else one line."""
    import ipaddress

    try:
        return str(ipaddress.ip_address(text.strip()))
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"{text!r} is not an IP address such as 127.0.0.1") from None


def _seconds_between(low: float, high: float) -> Callable[[str], float]:
    """An argparse type: a number of seconds from ``low`` to ``high``, else one line."""
    def check(text: str) -> float:
        try:
            x = float(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
        if not low <= x <= high:  # also refuses nan
            raise argparse.ArgumentTypeError(
                f"{text!r} must be between {low:g} and {high:g} seconds")
        return x
    return check


_budget = _seconds_between(0.001, 1.5)
_seconds = _seconds_between(1, 600)
_delay = _seconds_between(0, 10)


def _bot_spec(text: str) -> str:
    """A registered bot's name, or ``cmd:<command line>`` for a Bhoos-protocol process."""
    if text in BOTS:
        return text
    if text.startswith("cmd:"):
        if not text[4:].strip():
            raise argparse.ArgumentTypeError("cmd: needs a command line, like "
                                             "'cmd:twentynine bot --protocol bhoos'")
        return text
    raise argparse.ArgumentTypeError(f"{text!r} is not a bot: choose one of "
                                     f"{', '.join(BOTS)}, or cmd:<command line>")


def _level(text: str) -> str:
    """A bot level of either game (which game's list holds it is checked once the game is
    known)."""
    if text in BOTS or text in TWENTYFIVE_LEVELS:
        return text
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a bot level: choose one of {', '.join(BOTS)} (Twenty-Nine) "
        f"or {', '.join(TWENTYFIVE_LEVELS)} (Twenty-Five)")


GAMES = ("twentynine", "twentyfive")
"""The games ``--game`` chooses from (Twenty-Nine first: the default)."""


def add_game_options(p: argparse.ArgumentParser) -> None:
    """``--game`` and Twenty-Five's own options (Twenty-Nine's are the rule flags)."""
    p.add_argument("--game", choices=GAMES, default="twentynine",
                   help="which game (default: twentynine)")
    twentyfive_options.add_arguments(p)


def other_game_flag(opts: argparse.Namespace) -> str | None:
    """A flag given on the command line that the chosen game does not have, named with
    the game it belongs to (None if every flag fits)."""
    if opts.game == "twentyfive":
        if opts.variant is not None:
            return "--variant is an option of Twenty-Nine, not of Twenty-Five"
        for st in SETTINGS:
            if getattr(opts, f"rule_{st.field}", None) is not None:
                return f"{st.flag} is an option of Twenty-Nine, not of Twenty-Five"
        for flag in ("timer", "speed"):
            if getattr(opts, flag, None) is not None:
                return f"--{flag} is an option of Twenty-Nine's table, not of Twenty-Five's"
        bots = getattr(opts, "bots", None)
        if bots is not None and bots not in TWENTYFIVE_LEVELS:
            return (f"--bots {bots} is not a Twenty-Five level: choose one of "
                    f"{', '.join(TWENTYFIVE_LEVELS)}")
        return None
    given = twentyfive_options.given_arguments(opts)
    if given:
        flag = twentyfive_options.OPTION[next(iter(given))].flag.split()[0]
        return f"{flag} is an option of Twenty-Five (--game twentyfive), not of Twenty-Nine"
    bots = getattr(opts, "bots", None)
    if bots is not None and bots not in BOTS:
        return f"--bots {bots} is not a Twenty-Nine level: choose one of {', '.join(BOTS)}"
    return None


def twentyfive_rules_lines(rules: twentyfive_options.HouseRules, columns: int) -> list[str]:
    """Twenty-Five's options as ``twentynine rules --game twentyfive`` prints them: each
    flag, its value in ``rules`` and what it does, wrapped to ``columns``.

    >>> lines = twentyfive_rules_lines(twentyfive_options.HouseRules(players=6), 60)
    >>> max(len(line) for line in lines) <= 60
    True
    >>> [line for line in lines if line.startswith("* ")][0].split()[:3]
    ['*', '--players', 'N']
    """
    import textwrap

    std = twentyfive_options.HouseRules()
    width = max(len(o.flag) for o in twentyfive_options.OPTIONS)
    indent = 2 + width + 2 + 6 + 2
    room = max(20, columns - indent)
    out = textwrap.wrap("Twenty-Five: 3 to 9 players, five cards each, 5 points a trick; "
                        "the first to the target wins at once.  Press ? at the table for "
                        "the rules in full.", max(20, columns))
    for o in twentyfive_options.OPTIONS:
        value = o.value_text(rules)
        mark = "*" if o.value_text(std) != value else " "
        parts = textwrap.wrap(o.help, room) or [""]
        out.append(f"{mark} {o.flag:{width}}  {value:6}  {parts[0]}")
        out += [" " * indent + p for p in parts[1:]]
    out += textwrap.wrap("(* differs from the standard game)", max(20, columns))
    return out


def rules_lines(rules: Rules, columns: int) -> list[str]:
    """One table of every setting, its value and what it means, each meaning wrapped at
    words to ``columns`` (under the meaning's own column where there is room for it).

    >>> lines = rules_lines(Rules(), 60)
    >>> max(len(line) for line in lines) <= 60
    True
    """
    import textwrap

    std = Rules()
    width = max(len(st.flag) for st in SETTINGS)
    indent = 2 + width + 2 + 13 + 2
    room = columns - indent
    out = []
    for st in SETTINGS:
        value = setting_text(rules, st.field)
        mark = "*" if setting_text(std, st.field) != value else " "
        head = f"{mark} {st.flag:{width}}  {value:13}  "
        if room >= 24:
            parts = textwrap.wrap(st.help, room) or [""]
            out.append(head + parts[0])
            out += [" " * indent + p for p in parts[1:]]
        else:  # too narrow for columns: the meaning on lines of its own
            out.append(head.rstrip())
            out += ["    " + p for p in textwrap.wrap(st.help, max(20, columns - 4))]
    out += textwrap.wrap("(* differs from the standard game)", max(20, columns))
    return out


def print_rules(rules: Rules, examples: bool = False) -> None:
    """Print :func:`rules_lines` for the terminal's width; with ``examples``, every
    setting's name on the settings screen, values and example instead."""
    import shutil

    columns = shutil.get_terminal_size((100, 24)).columns
    lines = (house_reference.text_lines((st.reference() for st in SETTINGS), columns)
             if examples else rules_lines(rules, columns))
    for line in lines:
        print(line)


def needs_terminal(command: str) -> str | None:
    """Why ``command`` cannot run here (None when it can): the table draws on a terminal,
    and with no terminal it would only draw escape codes into a pipe.  textual-serve's
    browser tabs have none, but their driver says so (``TEXTUAL_DRIVER``)."""
    import os

    if os.environ.get("TEXTUAL_DRIVER"):
        return None
    if sys.stdin.isatty() and sys.stdout.isatty():
        return None
    return (f"{command} needs a terminal (its input or output is not one); "
            "in a browser: twentynine serve")


def _any_port(text: str) -> int:
    return 0 if text.strip() == "0" else _port(text)


def _port(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a port number") from None
    if not 1 <= n <= 65535:
        raise argparse.ArgumentTypeError(f"{text!r} must be a port from 1 to 65535")
    return n


def add_play_options(p: argparse.ArgumentParser) -> None:
    """The options of a game at the table (``play``, and ``serve`` passes them on)."""
    add_rules_options(p)
    p.add_argument("--bots", type=_level, default=None, metavar="LEVEL",
                   help="strength of the computer players: Twenty-Nine's "
                        f"{', '.join(BOTS)}, Twenty-Five's {', '.join(TWENTYFIVE_LEVELS)} "
                        "(default: your saved preference, else medium)")
    p.add_argument("--seed", type=_seed, default=None, help="deal the same cards again")
    p.add_argument("--timer", type=_seconds, default=None, metavar="SECONDS",
                   help="a move clock for your turns (default: your saved preference, "
                        "else off)")
    p.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), default=None,
                   help="how fast the computer's moves are shown (default: your saved "
                        "preference, else normal)")
    p.add_argument("--resume", action="store_true", help="continue the saved game")


def _name(text: str) -> str:
    name = " ".join(text.split())
    if not 1 <= len(name) <= 24:
        raise argparse.ArgumentTypeError("a name is 1 to 24 characters")
    return name


def _code(text: str) -> str:
    from ..net.protocol import is_code  # the wire's module, not the server's (no aiohttp)

    if not is_code(text):
        raise argparse.ArgumentTypeError(
            f"{text!r} is not a join code: 16 letters and digits 2-7, such as "
            "ABCD-EFGH-IJKL-MNOP (the host printed it)")
    return text


def _seat(text: str) -> str:
    """A seat to ask a host for: a compass name (Twenty-Nine) or a number from 1
    (Twenty-Five's ``seat N``); else one line.

    >>> _seat("North"), _seat("3")
    ('north', 'seat 3')
    """
    word = text.strip().lower()
    if word in ("south", "east", "north", "west"):
        return word
    if word.isdigit() and 1 <= int(word) <= 9:
        return f"seat {int(word)}"
    raise argparse.ArgumentTypeError(
        f"{text!r} is not a seat: south, east, north or west (Twenty-Nine), or a number "
        "from 1 to 9 (Twenty-Five)")


def add_join_options(p: argparse.ArgumentParser, required: bool) -> None:
    """The options of a seat at a hosted table (``join``, and ``serve --join``)."""
    p.add_argument("--code", type=_code, required=required, default=None,
                   help="the table's join code (the host printed it)")
    p.add_argument("--name", type=_name, default=None,
                   help="your name at the table (default: your login name)")
    p.add_argument("--seat", type=_seat, default=None,
                   help="the seat you want: south, east, north or west at Twenty-Nine, "
                        "1 to 9 at Twenty-Five (default: the first free one)")


SERVE_ONLY = ("--port", "--host", "--join")
"""``serve``'s own options, each with a value; every other option goes to the table."""


def table_args(argv: Sequence[str]) -> list[str]:
    """The arguments of ``serve`` that are the table's (``serve`` and its own options
    removed).

    >>> table_args(["serve", "--port", "9000", "--seed", "3", "--host=0.0.0.0"])
    ['--seed', '3']
    """
    out: list[str] = []
    it = iter(list(argv)[1:] if argv and argv[0] == "serve" else argv)
    for a in it:
        name = a.split("=", 1)[0]
        if name in SERVE_ONLY:
            if "=" not in a:
                next(it, None)
            continue
        out.append(a)
    return out


def serve_join_args(opts: argparse.Namespace) -> list[str]:
    """The ``join`` arguments each browser tab of ``serve --join`` runs with (only the
    options given: a missing ``--speed`` is the player's saved one, not an empty one).

    >>> code = "ABCD-2345-ABCD-2345"
    >>> opts = build_parser().parse_args(["serve", "--join", "h:1", "--code", code])
    >>> serve_join_args(opts)
    ['h:1', '--code', 'ABCD-2345-ABCD-2345']
    """
    out = [opts.join, "--code", opts.code]
    for flag, value in (("--name", opts.name), ("--seat", opts.seat), ("--speed", opts.speed)):
        if value:
            out += [flag, value]
    return out


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``twentynine`` command."""
    parser = _Parser(prog="twentynine",
                     description="Twenty-Nine, the card game, in your terminal")
    parser.add_argument("--version", action="version", version=version_text(),
                        help="print the version and exit")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="play a game at the table")
    add_play_options(play)
    add_game_options(play)

    serve = sub.add_parser("serve", help="serve the table to a web browser")
    serve.add_argument("--port", type=_port, default=8029, help="port (default: 8029)")
    serve.add_argument("--host", default="127.0.0.1",
                       help="address to listen on (default: 127.0.0.1, this machine only)")
    serve.add_argument("--join", metavar="HOST:PORT", default=None,
                       help="each browser tab joins this table server (with --code)")
    add_join_options(serve, required=False)
    add_play_options(serve)

    join = sub.add_parser("join", help="sit at a table that someone hosts")
    join.add_argument("address", metavar="HOST:PORT", help="the host's address (port 2929 "
                                                           "if left out)")
    add_join_options(join, required=True)
    join.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), default=None,
                      help="how long a finished trick stays up")

    host = sub.add_parser("host", help="host a table that friends join over the network")
    add_rules_options(host)
    host.add_argument("--port", type=_any_port, default=2929,
                      help="port (default: 2929; 0: any free port)")
    host.add_argument("--host", default="0.0.0.0",
                      help="address to listen on (default: 0.0.0.0, every interface)")
    host.add_argument("--bots", type=_level, default=None, metavar="LEVEL",
                      help="strength of the bots in the empty seats: Twenty-Nine's "
                           f"{', '.join(BOTS)}, Twenty-Five's "
                           f"{', '.join(TWENTYFIVE_LEVELS)} (default: medium)")
    host.add_argument("--clock", type=_seconds, default=None, metavar="SECONDS",
                      help="a move clock enforced by the server (off by default)")
    host.add_argument("--away", choices=("bot", "wait"), default="bot",
                      help="a dropped player's turn: their bot moves after the clock "
                           "(bot, the default) or the table waits for them (wait), "
                           "up to 5 minutes")
    host.add_argument("--bot-delay", type=_delay, default=0.8, metavar="SECONDS",
                      help="seconds between bot moves (default: 0.8)")
    host.add_argument("--tables", type=_positive_int, default=1, help="how many tables")
    host.add_argument("--seed", type=_seed, default=None, help="deal the same cards again")
    host.add_argument("--dir", default=None, help="where the tables' records are kept "
                                                  "(default: tables/ in the data folder)")
    host.add_argument("--resume", action="store_true",
                      help="continue every table recorded there")
    host.add_argument("--allow-host", type=_host_name, action="append", default=[],
                      metavar="NAME", help="a name the server also answers to, as a TLS "
                      "proxy in front of it passes it on (e.g. tables.example.org); "
                      "otherwise only this machine's addresses and names")
    host.add_argument("--trusted-proxy", type=_ip_address, action="append", default=[],
                      metavar="ADDR", help="the address of a reverse proxy in front of the "
                      "server (e.g. 127.0.0.1): the limits per address then apply to the "
                      "address it adds to X-Forwarded-For, believed from it alone")
    add_game_options(host)

    arena = sub.add_parser("arena", help="measure two bots on duplicate boards")
    arena.add_argument("--game", choices=("twentynine", "twentyfive"), default="twentynine",
                       help="the game (twentyfive: its own arena, `twentynine arena --game "
                       "twentyfive --help`)")
    add_rules_options(arena)
    bot_help = ("{" + ",".join(BOTS) + "} or 'cmd:<command line>' (a process speaking the "
                "Bhoos SmartBots protocol on stdin/stdout, e.g. "
                "'cmd:twentynine bot --protocol bhoos --level hard')")
    arena.add_argument("--a", dest="bot_a", type=_bot_spec, default="hard", metavar="BOT",
                       help=bot_help)
    arena.add_argument("--b", dest="bot_b", type=_bot_spec, default="medium", metavar="BOT",
                       help=bot_help)
    arena.add_argument("--boards", type=_positive_int, default=100)
    arena.add_argument("--seed", type=_seed, default=0)
    arena.add_argument("--jobs", type=_positive_int, default=1)
    arena.add_argument("--quiet", action="store_true", help="no progress bar")
    arena.add_argument("--budget", type=_budget, default=None, metavar="SECONDS",
                       help="cap the search bots' (medium, hard) time per decision "
                            "(their time_budget); default: each bot's own")

    bot = sub.add_parser("bot", help="serve a bot to another program (a bot competition)")
    bot.add_argument("--protocol", choices=("bhoos",), required=True,
                     help="bhoos: the Bhoos SmartBots JSON protocol (its rules are fixed)")
    bot.add_argument("--level", choices=list(BOTS), default="hard",
                     help="which of our bots answers (default: hard)")
    bot.add_argument("--http", type=_port, default=None, metavar="PORT",
                     help="serve HTTP on 127.0.0.1:PORT (POST /bid, /chooseTrump, /play) "
                          "instead of JSON lines on stdin/stdout")

    rules = sub.add_parser("rules", help="print the rule settings of a variant")
    rules.add_argument("--examples", action="store_true",
                       help="every setting with its values and an example, instead")
    add_rules_options(rules)
    add_game_options(rules)
    add_coach_commands(sub)  # stats, history, review, export
    return parser


def run_bot(opts: argparse.Namespace) -> int:
    """``twentynine bot``: answer protocol requests with one of our bots until the input
    ends (or, with ``--http``, until interrupted)."""
    from ..bots import bhoos, make_bot

    level = opts.level

    def factory(seed: int) -> object:
        return make_bot(level, seed=seed)

    if opts.http is not None:
        bhoos.serve_http(factory, opts.http)
    else:
        bhoos.serve_lines(factory, sys.stdin, sys.stdout)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script (and ``python -m twentynine``).  A closed pipe
    (``twentynine rules | head -1``) ends the output quietly."""
    try:
        code = _main(argv)
        sys.stdout.flush()
    except BrokenPipeError:
        # the reader went away: send the rest of the output nowhere, and say nothing
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
        return 0
    return code


def _twentyfive_arena_args(args: Sequence[str]) -> list[str] | None:
    """The arguments for Twenty-Five's arena when ``args`` are ``arena --game twentyfive
    ...`` (that arena has its own options: players, teams, groups), else None.

    >>> _twentyfive_arena_args(["arena", "--game", "twentyfive", "--players", "6"])
    ['--players', '6']
    >>> _twentyfive_arena_args(["arena", "--game=twentyfive"]), _twentyfive_arena_args(["arena"])
    ([], None)
    """
    if not args or args[0] != "arena":
        return None
    rest = list(args[1:])
    for i, arg in enumerate(rest):
        if arg == "--game=twentyfive":
            return rest[:i] + rest[i + 1:]
        if arg == "--game" and rest[i + 1:i + 2] == ["twentyfive"]:
            return rest[:i] + rest[i + 2:]
    return None


def _main(argv: Sequence[str] | None = None) -> int:
    given = list(sys.argv[1:] if argv is None else argv)
    if (arena25 := _twentyfive_arena_args(given)) is not None:
        from ..twentyfive.rotation_arena import main as twentyfive_arena

        return twentyfive_arena(arena25)
    parser = build_parser()
    opts = parser.parse_args(argv)
    if opts.command is None:
        opts = parser.parse_args(["play", *(argv or sys.argv[1:])])
    if opts.command in COACH_COMMANDS:
        return run_coach_command(opts)
    if opts.command == "bot":
        return run_bot(opts)
    if opts.command == "join":
        host, port = _address(parser, opts.address)
        from ..net.join import run_join

        if (why := needs_terminal("join")) is not None:
            parser.exit(2, f"twentynine: error: {why}\n")
        return run_join(host, port, opts.code, opts.name, opts.seat, opts.speed)
    if opts.command in ("play", "rules", "host"):
        if (wrong := other_game_flag(opts)) is not None:
            parser.exit(2, f"twentynine: error: {wrong}\n")
        if opts.game == "twentyfive":
            return _twentyfive(parser, opts)
    try:
        rules = rules_from(opts)
    except RulesError as exc:
        parser.exit(2, f"twentynine: error: {exc}\n")
    if opts.command == "rules":
        print_rules(rules, opts.examples)
        return 0
    if opts.command == "serve":
        from ..net.web import serve

        args = table_args(list(argv) if argv is not None else sys.argv[1:])
        if opts.join is None:
            if opts.code is not None:
                parser.exit(2, "twentynine: error: --code goes with --join HOST:PORT\n")
            return serve(args, opts.host, opts.port)
        if opts.code is None:
            parser.exit(2, "twentynine: error: serve --join needs the table's --code\n")
        _address(parser, opts.join)
        return serve(serve_join_args(opts), opts.host, opts.port, command="join")
    if opts.command == "host":
        return _host(opts, rules)
    if opts.command == "arena":
        from ..bots.bhoos import RULES_MESSAGE, rules_fit
        from .arena import EXTERNAL, run_arena

        external = any(str(b).startswith(EXTERNAL) for b in (opts.bot_a, opts.bot_b))
        if external and not rules_fit(rules):
            parser.exit(2, f"twentynine: error: {RULES_MESSAGE}\n")
        return run_arena(opts, rules)
    if (why := needs_terminal("play")) is not None:
        parser.exit(2, f"twentynine: error: {why}\n")
    from ..tui.launch import run_play

    return run_play(opts, rules)


def _twentyfive(parser: argparse.ArgumentParser, opts: argparse.Namespace) -> int:
    """``play``, ``rules`` or ``host`` with ``--game twentyfive``."""
    import shutil

    try:
        rules = twentyfive_options.from_arguments(opts)
    except ValueError as exc:
        parser.exit(2, f"twentynine: error: {exc}\n")
    if opts.command == "rules":
        columns = shutil.get_terminal_size((100, 24)).columns
        lines = (house_reference.text_lines(
                    (o.reference() for o in twentyfive_options.OPTIONS), columns)
                 if opts.examples else twentyfive_rules_lines(rules, columns))
        for line in lines:
            print(line)
        return 0
    if opts.command == "host":
        return _host(opts, rules)
    if (why := needs_terminal("play")) is not None:
        parser.exit(2, f"twentynine: error: {why}\n")
    from ..tui.twentyfive_app import run_twentyfive

    return run_twentyfive(opts, rules)


def _address(parser: argparse.ArgumentParser, text: str) -> tuple[str, int]:
    from ..net.client import parse_address

    try:
        return parse_address(text)
    except ValueError as exc:
        parser.exit(2, f"twentynine: error: {exc}\n")


def _host(opts: argparse.Namespace, rules: Rules | twentyfive_options.HouseRules) -> int:
    """``host``: a table server for Twenty-Nine, or with ``--game twentyfive`` for
    Twenty-Five (its rules are then Twenty-Five's options)."""
    import asyncio
    from pathlib import Path

    from ..net.host import default_tables_dir, host_main
    from ..net.roster import Settings

    settings = Settings(rules=rules, bots=opts.bots or "medium", clock=opts.clock,
                        away=opts.away, bot_delay=opts.bot_delay)
    folder = Path(opts.dir) if opts.dir else default_tables_dir()
    return asyncio.run(host_main(settings, opts.host, opts.port, folder, opts.resume,
                                 opts.tables, opts.seed, allowed_hosts=opts.allow_host,
                                 trusted_proxies=opts.trusted_proxy))


if __name__ == "__main__":
    sys.exit(main())
