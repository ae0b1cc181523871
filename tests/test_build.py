"""Which build runs: the compiled modules (``pip install .``) or the sources (the editable
development install), and that the two never mix.

CI runs the suite on both builds and sets ``TWENTYNINE_EXPECT_BUILD`` (``compiled`` or
``pure Python``) so that a run meant for the compiled package cannot silently test the
sources instead (or the other way round).
"""

from __future__ import annotations

import os
from importlib.machinery import EXTENSION_SUFFIXES
from pathlib import Path

import pytest

import twentynine
from twentynine import build_kind
from twentynine.bots import search, worlds

ENGINE = ("cards", "actions", "auction", "contract", "play", "scoring", "deal")
"""The modules setup.py compiles (with bots.search and bots.worlds)."""
PLAIN = ("rules", "events", "views", "outcome", "game")
"""Engine modules that stay plain Python in both builds."""


def _compiled(module: object) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def test_the_build_is_the_one_expected() -> None:
    expected = os.environ.get("TWENTYNINE_EXPECT_BUILD")
    if expected is None:
        pytest.skip("TWENTYNINE_EXPECT_BUILD is not set (CI sets it)")
    assert build_kind() == expected, twentynine.__file__


def test_every_hot_module_is_of_the_same_build() -> None:
    import importlib

    mods = [importlib.import_module(f"twentynine.engine.{m}") for m in ENGINE] + [search, worlds]
    kinds = {_compiled(m) for m in mods}
    assert len(kinds) == 1, {m.__name__: _compiled(m) for m in mods}
    assert (build_kind() == "compiled") == kinds.pop()


def test_the_plain_modules_are_never_compiled() -> None:
    import importlib

    for m in PLAIN:  # e.g. the Rules must refuse bad values with their own RulesError
        assert not _compiled(importlib.import_module(f"twentynine.engine.{m}")), m


def test_the_compiled_package_is_not_the_source_tree() -> None:
    src = Path(__file__).resolve().parents[1] / "src"
    here = Path(twentynine.__file__).resolve()
    if build_kind() == "compiled":
        assert src not in here.parents, "compiled modules next to the sources shadow edits"



def test_the_version_command_names_the_build() -> None:
    import subprocess
    import sys

    res = subprocess.run([sys.executable, "-m", "twentynine", "--version"],
                         capture_output=True, text=True, timeout=120)
    assert res.returncode == 0, res.stderr
    assert res.stdout.strip().endswith(f"({build_kind()})"), res.stdout
