"""The README's keys table and docs/rules.md match the table: every key the table binds is
in the keys table; every settings row is named in the README or in the reference of every
setting, which is built from the records (with each setting's example)."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

import pytest
from reference_support import check_reference
from textual.binding import Binding

from twentynine.engine.rules import SETTINGS, Rules, RulesError, setting_text, with_setting
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import every_setting_markdown
from twentynine.tui.settings import ROWS, row_for
from twentynine.tui.table_screen import TableScreen

TABLE_KEYS = [*TableScreen.BINDINGS, *TwentyNineApp.BINDINGS]
"""Every key of the table: its screen's (the moves) and the app's."""

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
RULES = (ROOT / "docs" / "rules.md").read_text(encoding="utf-8")

SHOWN = {"left": "←", "right": "→", "up": "↑", "down": "↓", "enter": "Enter",
         "question_mark": "?", "ctrl+c": "ctrl+c"}


def _keys_table() -> str:
    start = README.index("### Keys at the table")
    return README[start:README.index("###", start + 3)]


def test_every_key_of_the_table_is_in_the_readme() -> None:
    table = _keys_table()
    cells = set(re.findall(r"`([^`]+)`", table))
    for b in TABLE_KEYS:
        if not isinstance(b, Binding) or b.action.startswith("refused("):
            continue
        for key in b.key.split(","):
            name = SHOWN.get(key, key)
            if name.isdigit():
                assert "`1`-`8`" in table or "digits" in table
                continue
            assert name in cells, f"the key {name} ({b.action}) is not in the README"


def test_every_key_in_the_readme_is_bound() -> None:
    bound = {SHOWN.get(k, k) for b in TABLE_KEYS if isinstance(b, Binding)
             for k in b.key.split(",")}
    for row in re.findall(r"^\| (.+?) \|", _keys_table(), re.M)[2:]:
        for key in re.findall(r"`([^`]+)`", row):
            if key.isdigit():
                continue
            assert key in bound, f"the README lists {key}, which the table does not bind"


def test_every_settings_row_is_named_in_the_readme_or_the_reference() -> None:
    """The README names the table's own rows; the rules' rows are the records' names, which
    the reference of every setting shows (built: no page lists them by hand)."""
    reference = every_setting_markdown()
    for row in ROWS:
        if row.kind == "rules" and row.key != "preset":
            assert f"*{row.name}*" in reference, row.name
        elif row.kind == "rules":
            assert row.name in RULES and "`--variant`" in RULES
        else:
            assert row.name in README, row.name
    assert "only between games" not in README + RULES
    assert "at the start of a game and between games" not in README + RULES


def test_no_page_repeats_the_settings_by_hand() -> None:
    """docs/rules.md keeps the game and the presets: it names no setting's row (those live
    in the records alone) and points to where every setting is shown."""
    for st in SETTINGS:
        assert st.name not in RULES, st.name
        assert st.example not in RULES, st.field
    assert "twentynine rules --examples" in RULES and "(`?`)" in RULES


def test_the_rules_page_and_rules_examples_show_every_setting(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The ``?`` page's last part and ``twentynine rules --examples`` name each record's
    flag, row and example, in the records' order (built: a new record needs no page)."""
    check_reference([st.reference() for st in SETTINGS], every_setting_markdown(),
                    ["rules", "--examples"], capsys)


def test_every_setting_is_one_whole_record() -> None:
    """Every field of Rules has one record, and the record says every value: what it means
    on the settings screen, and (when it is not the standard game's) its phrase for the
    table, in full and short; the settings screen's rows are the records'."""
    assert {st.field for st in SETTINGS} == {f.name for f in fields(Rules)}
    assert len({st.name for st in SETTINGS}) == len({st.flag for st in SETTINGS}) == len(SETTINGS)
    std = Rules()
    for st in SETTINGS:
        assert row_for(st.field).name == st.name
        for value in st.choices:
            assert value in st.means or "*" in st.means, (st.field, value)
            if value == setting_text(std, st.field):
                continue
            try:
                rules = with_setting(std, st.field, value)
            except RulesError:  # a value only some other settings allow (a bid of 29)
                continue
            for lines in (st.house, st.short, st.means):
                said = st.says(lines, rules)
                assert said and "{" not in said, (st.field, value)
