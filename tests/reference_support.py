"""The check both games' references of every setting share: the rules page's last part
and ``twentynine rules [--game G] --examples`` name every record, in order, with its
example."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from twentynine.cli.program import main
from twentynine.common.house_reference import Entry


def check_reference(entries: Sequence[Entry], page: str, argv: list[str],
                    capsys: pytest.CaptureFixture[str]) -> None:
    places = [page.index(f"**`{e.usage}`** (on the settings screen: *{e.name}*")
              for e in entries]
    assert places == sorted(places)
    for e in entries:
        assert e.example in page and e.help in page, e.usage
        assert e.example.strip() and e.example != e.help, e.usage
    assert main(argv) == 0
    out = " ".join(capsys.readouterr().out.split())
    for e in entries:
        assert e.usage in out and e.name in out, e.usage
        assert " ".join(f"Example: {e.example}".split()) in out, e.usage
