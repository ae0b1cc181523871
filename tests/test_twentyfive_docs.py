"""docs/twentyfive.md says what the engine does: its tables of ranks are the engine's
orders; the options are listed from their records (the rules page's last part and
``twentynine rules --game twentyfive --examples``), not by hand on the page."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

import pytest
from reference_support import check_reference

from twentynine.tui.twentyfive_dialogs import every_option_markdown
from twentynine.twentyfive import OPTIONS
from twentynine.twentyfive.pack import RANK_LABELS, plain_order, trump_order

PAGE = (Path(__file__).resolve().parents[1] / "docs" / "twentyfive.md").read_text(
    encoding="utf-8")


def _section(title: str) -> str:
    start = PAGE.index(f"\n## {title}\n")
    end = PAGE.find("\n## ", start + 1)
    return PAGE[start:end if end >= 0 else len(PAGE)]


def test_the_page_lists_no_option_by_hand() -> None:
    """The options live in their records alone: the page names none of their rows or
    examples, and points to where every option is shown."""
    options = _section("Options")
    for o in OPTIONS:
        assert f"| {o.name} |" not in PAGE and o.example not in PAGE, o.field
    assert "twentynine rules --game twentyfive --examples" in options and "(`?`)" in options


def test_the_rules_page_and_rules_examples_show_every_option(
        capsys: pytest.CaptureFixture[str]) -> None:
    check_reference([o.reference() for o in OPTIONS], every_option_markdown(),
                    ["rules", "--game", "twentyfive", "--examples"], capsys)


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
