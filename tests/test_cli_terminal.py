"""The command line where there is no terminal, and at a narrow one."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from twentynine.cli.program import rules_lines
from twentynine.engine.rules import SETTINGS, Rules


@pytest.mark.parametrize("command", [["play"], ["play", "--seed", "3"],
                                     ["join", "127.0.0.1:9", "--code",
                                      "ABCD-EFGH-IJKL-MNOP"]])
def test_the_table_without_a_terminal_refuses_in_one_line(command: list[str]) -> None:
    done = subprocess.run([sys.executable, "-m", "twentynine", *command],
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=60, env={k: v for k, v in os.environ.items()
                                           if k != "TEXTUAL_DRIVER"})
    assert done.returncode == 2
    assert done.stdout == ""  # not a single escape code drawn into the pipe
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and "needs a terminal" in lines[0], done.stderr


@pytest.mark.parametrize("columns", [60, 80, 100, 200])
def test_the_rules_wrap_at_words_within_the_width(columns: int) -> None:
    lines = rules_lines(Rules(), columns)
    assert all(len(line) <= columns for line in lines)
    text = " ".join(line.strip() for line in lines)
    for st in SETTINGS:  # every meaning whole, its words unbroken
        assert " ".join(st.help.split()) in " ".join(text.split())
