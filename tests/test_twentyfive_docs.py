"""docs/twentyfive.md says what the engine does: its options table is the option records'
(one row each, in their order, with their flag, values, standard value and help), and its
tables of ranks are the engine's orders."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from twentynine.twentyfive import OPTIONS
from twentynine.twentyfive.pack import RANK_LABELS, plain_order, trump_order

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "twentyfive.md").read_text(
    encoding="utf-8")


def _section(title: str) -> str:
    start = PAGE.index(f"\n## {title}\n")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start:end if end >= 0 else len(PAGE)]


def test_the_options_table_is_the_option_records() -> None:
    rows = [line for line in _section("Options").splitlines()
            if line.startswith("| ") and "`" in line]
    expected = [f"| {o.name} | `{o.flag.replace('|', chr(92) + '|')}` | {o.values_text} | "
                f"{o.default} | {o.help} |" for o in OPTIONS]
    assert rows == expected


def _ranks(cards: Sequence[int]) -> str:
    labels = [RANK_LABELS[c % 13] + ("♥" if c == 13 else "") for c in cards]
    return ", ".join(labels)


def test_the_tables_of_ranks_are_the_engines() -> None:
    ranks = _section("Which card beats which")
    trumps = dict(re.findall(r"^\| (hearts|diamonds|clubs or spades) +\| (.+?) \| \d+ \|$",
                             ranks, re.M))
    assert trumps["hearts"] == _ranks(trump_order(1)).replace("A♥", "A")
    assert trumps["diamonds"] == _ranks(trump_order(2))
    assert trumps["clubs or spades"] == _ranks(trump_order(3)) == _ranks(trump_order(0))
    plain = dict(re.findall(r"^\| (hearts|diamonds|clubs, spades) +\| ([^(|]+?)(?: \(.*\))? \|$",
                            ranks, re.M))
    assert plain["hearts"] == _ranks(plain_order(0, 1))
    assert plain["diamonds"] == _ranks(plain_order(0, 2))
    assert plain["clubs, spades"] == _ranks(plain_order(1, 3)) == _ranks(plain_order(2, 0))
