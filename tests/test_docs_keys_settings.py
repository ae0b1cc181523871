"""The README's keys table and settings list, and docs/rules.md, match the table: every
key the table binds is in the keys table, every settings row is named in both."""

from __future__ import annotations

import re
from dataclasses import fields
from pathlib import Path

from textual.binding import Binding

from twentynine.engine.rules import SETTINGS, Rules, RulesError, setting_text, with_setting
from twentynine.tui.app import TwentyNineApp
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


def test_every_settings_row_is_named_in_the_readme_and_the_rules() -> None:
    flags = {st.field: st.flag for st in SETTINGS}
    for row in ROWS:
        # the README names the table's own rows; the rules' rows are named once, in
        # docs/rules.md's last table
        assert row.kind == "rules" or row.name in README, row.name
        if row.kind == "rules":
            flag = flags.get(row.key, "--variant")
            assert f"| {row.name} | `{flag}` |" in RULES, row.name
    assert "only between games" not in README + RULES
    assert "at the start of a game and between games" not in README + RULES


def test_every_setting_has_its_row_in_the_rules_page() -> None:
    """docs/rules.md's last table names each setting of the record (rules.SETTINGS), in its
    order: a setting added without its row fails here.  (The README names none of them: it
    points to that table, so that the names live in one page.)"""
    table = [(m[0], m[1]) for m in re.findall(r"^\| (.+?) \| `(--[a-z-]+)` \|$", RULES, re.M)]
    rules_rows = [row for row in table if row[1] in {st.flag for st in SETTINGS}]
    assert rules_rows == [(st.name, st.flag) for st in SETTINGS]


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
