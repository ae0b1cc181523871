"""Architecture and hygiene contracts: the engine stays free of the UI; lint and types."""

from __future__ import annotations

import ast
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
PKG = ROOT / "src" / "twentynine"
ENGINE = ["cards", "rules", "actions", "events", "auction", "play", "scoring", "outcome", "deal",
          "game", "views", "records"]
FORBIDDEN = ("textual", "rich", "twentynine.tui", "twentynine.bots", "platformdirs")


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text())
    out: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            out.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom):
            mod = node.module or ""
            if node.level:
                mod = "twentynine." + mod
            out.add(mod)
    return out


@pytest.mark.parametrize("name", ENGINE)
def test_engine_module_imports_nothing_from_the_ui(name: str) -> None:
    path = PKG / "engine" / f"{name}.py"
    assert path.exists(), f"engine module {name} is missing"
    bad = {m for m in _imports(path) if m.startswith(FORBIDDEN) or m in ("twentynine.tui",)}
    assert not bad, f"{name} imports {bad}"


def test_importing_the_engine_loads_no_ui_library() -> None:
    code = ("import sys, twentynine, twentynine.engine.records; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


@pytest.mark.parametrize("module", ["controller.local_table", "engine.options"])
def test_the_tables_flow_imports_no_ui(module: str) -> None:
    """The controller (and the rule options under it) run without Textual or Rich: on a
    server, in tests, in the coach."""
    bad = {m for m in _imports(PKG / f"{module.replace('.', '/')}.py")
           if m.startswith(("textual", "rich", "twentynine.tui.app", "twentynine.tui.widgets",
                            "twentynine.tui.screens"))}
    assert not bad, f"{module} imports {bad}"
    code = (f"import sys, twentynine.{module}; "
            "bad = [m for m in sys.modules if m.split('.')[0] in ('textual', 'rich')]; "
            "print(bad); sys.exit(1 if bad else 0)")
    res = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_ruff_is_clean() -> None:
    local = Path(sys.executable).parent / "ruff"
    ruff = str(local) if local.exists() else shutil.which("ruff")
    if ruff is None:
        pytest.skip("ruff is not installed")
    res = subprocess.run([ruff, "check", "src", "tests"], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr


def test_mypy_strict_is_clean() -> None:
    pytest.importorskip("mypy")
    res = subprocess.run([sys.executable, "-m", "mypy"], cwd=ROOT, capture_output=True, text=True)
    assert res.returncode == 0, res.stdout + res.stderr
