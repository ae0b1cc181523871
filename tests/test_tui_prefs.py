"""The table preferences file: round trip, defaults, damaged files set aside."""

from __future__ import annotations

from pathlib import Path

import pytest

from twentynine.tui.prefs import Preferences, PrefsError, load_prefs, prefs_path, save_prefs


def test_round_trip(tmp_path: Path) -> None:
    p = Preferences(bots="hard", speed="fast", timer=25.0, auto_play=False, bell=True)
    save_prefs(p, prefs_path(tmp_path))
    assert load_prefs(prefs_path(tmp_path)) == (p, None)


def test_missing_file_gives_defaults(tmp_path: Path) -> None:
    assert load_prefs(tmp_path / "none.json") == (Preferences(), None)


@pytest.mark.parametrize("content", ["{", "[]", '{"bots": "godlike"}', '{"bell": 1}',
                                     '{"timer": -3}', '{"colour": "red"}', "\xff"])
def test_damaged_file_is_set_aside(tmp_path: Path, content: str) -> None:
    path = prefs_path(tmp_path)
    path.write_text(content, encoding="utf-8")
    prefs, message = load_prefs(path)
    assert prefs == Preferences()
    assert message is not None and "moved to" in message
    assert not path.exists()
    aside = list(tmp_path.glob("prefs.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text(encoding="utf-8") == content


def test_bad_values_name_the_problem() -> None:
    with pytest.raises(PrefsError, match="move clock"):
        Preferences(timer=0)
    with pytest.raises(PrefsError, match="speed"):
        Preferences().replace(speed="warp")
