"""The README's keys table and settings list, and docs/rules.md, match the table: every
key the table binds is in the keys table, every settings row is named in both."""

from __future__ import annotations

import re
from pathlib import Path

from textual.binding import Binding

from twentynine.rules import SETTINGS
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.settings import ROWS
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
        assert row.name in README, row.name
        if row.kind == "rules":
            flag = flags.get(row.key, "--variant")
            assert f"| {row.name} | `{flag}` |" in RULES, row.name
    assert "only between games" not in README + RULES
    assert "at the start of a game and between games" not in README + RULES
