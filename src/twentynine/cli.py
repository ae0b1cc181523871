"""The ``twentynine`` command: ``play`` a game at the table, run the bot ``arena``, print
the ``rules`` settings.  Bad values exit with status 2 and a one-line message."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from typing import NoReturn

from .rules import PRESETS, Rules, RulesError

BOT_LEVELS = ("random", "easy", "medium", "hard")


class _Parser(argparse.ArgumentParser):
    """An argument parser whose errors are one line and exit 2."""

    def error(self, message: str) -> NoReturn:
        self.exit(2, f"{self.prog}: error: {message}\n")


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


def _seconds(text: str) -> float:
    try:
        x = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not 1 <= x <= 600:
        raise argparse.ArgumentTypeError(f"{text!r} must be between 1 and 600 seconds")
    return x


def add_rules_options(p: argparse.ArgumentParser) -> None:
    """The rule flags shared by every subcommand."""
    p.add_argument("--variant", choices=sorted(PRESETS), default="standard",
                   help="rule preset (default: standard)")
    p.add_argument("--min-bid", type=int, choices=(14, 15, 16), default=None,
                   help="lowest bid; also the pair's floor (default: the variant's)")


def rules_from(opts: argparse.Namespace) -> Rules:
    """The rules the flags describe: the preset, then each flag that was given."""
    rules = Rules.preset(opts.variant)
    if opts.min_bid is not None:
        rules = rules.replace(min_bid=opts.min_bid)
    return rules


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``twentynine`` command."""
    parser = _Parser(prog="twentynine",
                                     description="Twenty-Nine, the card game, in your terminal")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)

    play = sub.add_parser("play", help="play a game at the table")
    add_rules_options(play)
    play.add_argument("--bots", choices=BOT_LEVELS, default="medium",
                      help="strength of the three computer players (default: medium)")
    play.add_argument("--seed", type=_seed, default=None, help="deal the same cards again")
    play.add_argument("--timer", type=_seconds, default=None, metavar="SECONDS",
                      help="a move clock for your turns (off by default)")
    play.add_argument("--speed", choices=("slow", "normal", "fast", "instant"), default="normal",
                      help="how fast the computer's moves are shown")
    play.add_argument("--resume", action="store_true", help="continue the saved game")

    arena = sub.add_parser("arena", help="measure two bots on duplicate boards")
    add_rules_options(arena)
    arena.add_argument("--a", dest="bot_a", choices=BOT_LEVELS, default="hard")
    arena.add_argument("--b", dest="bot_b", choices=BOT_LEVELS, default="medium")
    arena.add_argument("--boards", type=_positive_int, default=100)
    arena.add_argument("--seed", type=_seed, default=0)
    arena.add_argument("--jobs", type=_positive_int, default=1)
    arena.add_argument("--quiet", action="store_true", help="no progress bar")

    rules = sub.add_parser("rules", help="print the rule settings of a variant")
    add_rules_options(rules)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the console script."""
    parser = build_parser()
    opts = parser.parse_args(argv)
    if opts.command is None:
        opts = parser.parse_args(["play", *(argv or sys.argv[1:])])
    try:
        rules = rules_from(opts)
    except RulesError as exc:
        parser.exit(2, f"twentynine: error: {exc}\n")
    if opts.command == "rules":
        for name, value in rules.to_dict().items():
            print(f"{name:20} {value}")
        return 0
    if opts.command == "arena":
        from .arena import run_arena

        return run_arena(opts, rules)
    from .tui.app import run_play

    return run_play(opts, rules)


if __name__ == "__main__":
    sys.exit(main())
