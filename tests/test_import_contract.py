"""The layers of the package, checked: the engine, the bots, the coach, the files and the
table's controller never load a user interface or the network, and each layer stays below
the ones that use it.

Two checks, for each layer:

* **What importing it loads.** Every module of the layer is imported in a fresh
  interpreter (one per layer), and ``sys.modules`` afterwards holds everything they load,
  however indirectly: no Textual, rich, aiohttp or textual-serve, and none of the
  package's higher layers.
* **What its code names.** Every import statement in the layer's source, including those
  inside functions (which the first check does not run), names no higher layer.

The layers, lowest first::

    engine        cards, rules, actions, deal, views, events, ... (the game itself)
    twentyfive    the second game's engine and simple bots (on common alone)
    bhoos         the bot competitions' JSON protocol (the engine below it)
    bots          computer players (the engine and the protocol of outside bots below)
    files, saves  writing the player's files, the saved game (the engine below them)
    coach         hints, reviews, history, statistics (bots, files, controller below)
    controller    a table without a screen, and the interface the UI plays through
                  (table.py; bots and saves below)
    front ends    tui, net, the command line and the coach's commands, the arena
"""

from __future__ import annotations

import ast
import json
import os
import pkgutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

import twentynine

PACKAGE = Path(twentynine.__file__).parent
"""The package as imported (the sources, or the compiled build)."""
SOURCES = Path(__file__).resolve().parents[1] / "src" / "twentynine"
"""Its source files, read by the check of import statements."""

ENGINE = frozenset({
    "actions", "auction", "cards", "contract", "deal", "events", "game", "options",
    "outcome", "play", "records", "rules", "scoring", "views",
})
"""The game itself: a module here may load only other engine modules."""

STORAGE = frozenset({"files", "saves"})
CONTROLLER = frozenset({"controller", "table"})
"""A table without a screen, and the interface the UI plays through."""
PROTOCOL = "twentynine.bhoos"
FRONT_ENDS = frozenset({"__main__", "arena", "cli", "coach_commands"})
PACKAGES = frozenset({"bots", "coach", "common", "net", "tui", "twentyfive"})

UI_AND_NETWORK = ("textual", "rich", "aiohttp", "textual_serve")
"""Libraries of the front ends: drawing in a terminal, serving the web."""


@dataclass(frozen=True)
class Layer:
    """Some of the package's modules and what they may not load or name."""

    name: str
    modules: tuple[str, ...]
    forbidden: tuple[str, ...]
    """Module prefixes (``twentynine.tui`` covers ``twentynine.tui.app``)."""


def _modules_of(package: str) -> tuple[str, ...]:
    """Every module of a subpackage of twentynine (the package itself included)."""
    path = SOURCES / package
    found = [f"twentynine.{package}"]
    found += [f"twentynine.{package}.{m.name}"
              for m in pkgutil.walk_packages([str(path)]) if not m.ispkg]
    return tuple(sorted(found))


def _top(names: frozenset[str]) -> tuple[str, ...]:
    return tuple(sorted(f"twentynine.{n}" for n in names))


_HIGHER = ("twentynine.tui", "twentynine.net", *_top(FRONT_ENDS))

_ALL_ABOVE_COMMON = (UI_AND_NETWORK + _HIGHER + _top(ENGINE) + _top(STORAGE)
                     + _top(CONTROLLER) + (PROTOCOL, "twentynine.bots", "twentynine.coach"))

TWENTYFIVE = "twentynine.twentyfive"
"""Twenty-Five's engine and simple bots: beside Twenty-Nine's engine, on the common layer
alone (it loads nothing of Twenty-Nine, and nothing of the engine layers loads it)."""

LAYERS = (
    Layer("common", _modules_of("common"), (*_ALL_ABOVE_COMMON, TWENTYFIVE)),
    Layer("engine", ("twentynine", *_top(ENGINE)),
          UI_AND_NETWORK + _HIGHER + (PROTOCOL, "twentynine.bots", "twentynine.coach",
                                      *_top(CONTROLLER), *_top(STORAGE), TWENTYFIVE)),
    Layer("twentyfive", _modules_of("twentyfive"), _ALL_ABOVE_COMMON),
    Layer("bhoos", (PROTOCOL,),
          UI_AND_NETWORK + _HIGHER + ("twentynine.bots", "twentynine.coach",
                                      *_top(CONTROLLER), *_top(STORAGE))),
    Layer("bots", _modules_of("bots"),
          UI_AND_NETWORK + _HIGHER + ("twentynine.coach", *_top(CONTROLLER),
                                      *_top(STORAGE))),
    Layer("storage", _top(STORAGE),
          UI_AND_NETWORK + _HIGHER + ("twentynine.bots", "twentynine.coach",
                                      *_top(CONTROLLER))),
    Layer("coach", _modules_of("coach"), UI_AND_NETWORK + _HIGHER),
    Layer("controller", _top(CONTROLLER),
          UI_AND_NETWORK + _HIGHER),
)


def _hits(names: list[str], forbidden: tuple[str, ...]) -> list[str]:
    return sorted(n for n in names
                  if any(n == f or n.startswith(f + ".") for f in forbidden))


def test_every_module_has_a_layer() -> None:
    """A new top-level module must be placed in a layer here, so it is checked too."""
    top = {m.name for m in pkgutil.iter_modules([str(SOURCES)])}
    assert top - ENGINE - STORAGE - FRONT_ENDS - PACKAGES - {"bhoos", *CONTROLLER} == set()


@pytest.mark.parametrize("layer", LAYERS, ids=lambda layer: layer.name)
def test_importing_a_layer_loads_no_ui_and_no_higher_layer(layer: Layer) -> None:
    script = ("import importlib, json, sys\n"
              f"for name in {list(layer.modules)!r}:\n"
              "    importlib.import_module(name)\n"
              "print(json.dumps(sorted(sys.modules)))\n")
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                          cwd=PACKAGE.parent, check=False,
                          env={**os.environ, "PYTHONPATH": str(PACKAGE.parent)})
    assert done.returncode == 0, done.stderr
    loaded = json.loads(done.stdout)
    assert set(layer.modules) <= set(loaded)  # the layer itself was imported
    assert _hits(loaded, layer.forbidden) == []


def _imported_names(path: Path, module: str) -> list[str]:
    """Every module an import statement in ``path`` names, relative ones made absolute
    (``from ..tui import text`` in ``twentynine.coach.hint`` names ``twentynine.tui``
    and ``twentynine.tui.text``)."""
    is_package = path.name == "__init__.py"
    parts = module.split(".") if is_package else module.split(".")[:-1]
    names: list[str] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names += [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = ".".join(parts[:len(parts) - node.level + 1])
                target = f"{base}.{node.module}" if node.module else base
            else:
                target = node.module or ""
            names.append(target)
            names += [f"{target}.{a.name}" for a in node.names]
    return names


def _source(module: str) -> Path:
    rel = Path(*module.split(".")[1:])
    package_init = SOURCES / rel / "__init__.py"
    return package_init if package_init.exists() else SOURCES / rel.with_suffix(".py")


@pytest.mark.parametrize("layer", LAYERS, ids=lambda layer: layer.name)
def test_no_import_statement_reaches_up(layer: Layer) -> None:
    """Imports inside functions included: a lazy import of the table from the coach is
    still the coach depending on the table."""
    found = {m: _hits(_imported_names(_source(m), m), layer.forbidden) for m in layer.modules}
    assert {m: hits for m, hits in found.items() if hits} == {}


def test_the_static_check_sees_a_lazy_import_reaching_up(tmp_path: Path) -> None:
    """The source check resolves relative imports inside functions, so it would catch the
    coach opening a screen of the table."""
    module = tmp_path / "hint.py"
    module.write_text("def f():\n    from ..tui.coach import run_review\n    import rich\n")
    names = _imported_names(module, "twentynine.coach.hint")
    coach = next(layer for layer in LAYERS if layer.name == "coach")
    assert _hits(names, coach.forbidden) == [
        "rich", "twentynine.tui.coach", "twentynine.tui.coach.run_review"]
