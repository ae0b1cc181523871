"""Which build runs: the compiled modules (``pip install .``) or the sources (the editable
development install), and that the two never mix.

CI runs the suite on both builds and sets ``TWENTYNINE_EXPECT_BUILD`` (``compiled`` or
``pure Python``) so that a run meant for the compiled package cannot silently test the
sources instead (or the other way round).
"""

from __future__ import annotations

import os
import warnings
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


@pytest.mark.parametrize(("hook", "env", "compiles"), [
    ("get_requires_for_build_editable", {}, False),
    ("get_requires_for_build_editable", {"TWENTYNINE_COMPILE": "1"}, True),
    ("get_requires_for_build_wheel", {}, True),
    ("get_requires_for_build_wheel", {"TWENTYNINE_PURE": "1"}, False),
])
def test_the_build_asks_for_mypyc_only_where_it_compiles(
        hook: str, env: dict[str, str], compiles: bool, monkeypatch: pytest.MonkeyPatch) -> None:
    """The in-tree build backend (pyproject.toml's backend-path): a development install
    does not install mypy and the types it reads into its build environment; the builds
    that compile do."""
    import importlib.util

    root = Path(__file__).resolve().parents[1]
    spec = importlib.util.spec_from_file_location("build_backend",
                                                  root / "tools" / "build_backend.py")
    assert spec is not None and spec.loader is not None
    backend = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(backend)
    for name in ("TWENTYNINE_COMPILE", "TWENTYNINE_PURE"):
        monkeypatch.delenv(name, raising=False)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    monkeypatch.chdir(root)  # setuptools reads setup.py from the working directory
    with warnings.catch_warnings():  # an older setuptools' notes on its own config
        warnings.simplefilter("ignore")
        requires = getattr(backend, hook)()
    assert all(isinstance(r, str) for r in requires)
    assert ("mypy>=1.10" in requires) is compiles
    assert ("aiohttp>=3.9" in requires) is compiles
