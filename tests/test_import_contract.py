"""The layers of the package, checked: each layer uses only the layers below it, and the
shared layer, the engine, the bots, the storage, the table's controller and the coach
never load a user interface or the network.

Two checks, for each layer:

* **What importing it loads.** Every module of the layer is imported in a fresh
  interpreter (one per layer), and ``sys.modules`` afterwards holds everything they load,
  however indirectly: no Textual, rich, aiohttp or textual-serve, and no module of a
  layer it may not use.  (A package's ``__init__`` is loaded on the way to any module in
  it and is left out here; its own import statements are checked below.)
* **What its code names.** Every import statement in the layer's source, including those
  inside functions (which the first check does not run), names no module of a layer it
  may not use.

The layers, lowest first (each may use the ones it lists)::

    common       twentynine.common: what every game shares (suits, the player's
                 files, a player's and a table's interface, the record's JSON); no game
    engine       twentynine.engine: Twenty-Nine's rules engine (and the package's lazy
                 public names, twentynine/__init__.py)            uses common
    bots         twentynine.bots: computer players, the bot competitions' JSON protocol
                                                                  uses common, engine
    storage      twentynine.controller.saves: the saved game      uses common, engine
    controller   twentynine.controller: a table without a screen, and TableLike, the
                 interface the front ends play through           uses all the above
    coach        twentynine.coach: hints, reviews, history, statistics (of both games)
                                                 uses all the above and twentyfive
    front ends   twentynine.tui, twentynine.net, twentynine.cli, __main__: anything
    twentyfive   twentynine.twentyfive: the second game           uses common
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

ROOT = "twentynine"

PLACES: dict[str, tuple[str, ...]] = {
    "common": ("twentynine.common",),
    "engine": (ROOT, "twentynine.engine"),
    "bots": ("twentynine.bots",),
    "storage": ("twentynine.controller.saves",),
    "controller": ("twentynine.controller",),
    "coach": ("twentynine.coach",),
    "front ends": ("twentynine.__main__", "twentynine.cli", "twentynine.tui",
                   "twentynine.net"),
    "twentyfive": ("twentynine.twentyfive",),
}
"""Where each layer's modules live: a module (or package) name and everything below it.
A module belongs to the layer of its longest match; the package itself (``twentynine``,
whose lazy names are Twenty-Nine's engine) matches itself alone."""

USES: dict[str, frozenset[str]] = {
    "common": frozenset(),
    "engine": frozenset({"common"}),
    "bots": frozenset({"common", "engine"}),
    "storage": frozenset({"common", "engine"}),
    "controller": frozenset({"common", "engine", "bots", "storage"}),
    "coach": frozenset({"common", "engine", "bots", "storage", "controller", "twentyfive"}),
    "twentyfive": frozenset({"common"}),
}
"""The layers below each checked layer that it may use (besides itself).  The front ends
may use every layer and are not checked."""

UI_AND_NETWORK = ("textual", "rich", "aiohttp", "textual_serve")
"""Libraries of the front ends: drawing in a terminal, serving the web."""


def _all_modules() -> dict[str, bool]:
    """Every module of the package's sources, and whether it is a package."""
    found = {ROOT: True}
    for m in pkgutil.walk_packages([str(SOURCES)], prefix=f"{ROOT}."):
        found[m.name] = m.ispkg
    return found


MODULES = _all_modules()


def layer_of(name: str) -> str | None:
    """The layer of a module, or of a name inside one (``twentynine.engine.deal.Deal``);
    None for a module no layer holds."""
    best: tuple[int, str] | None = None
    for layer, places in PLACES.items():
        for place in places:
            fits = name == place or (place != ROOT and name.startswith(place + "."))
            if fits and (best is None or len(place) > best[0]):
                best = (len(place), layer)
    if best is None and name.startswith(ROOT + ".") and name not in MODULES:
        return "engine"  # an attribute of the package: its lazy names are the engine's
    return best[1] if best else None


@dataclass(frozen=True)
class Layer:
    """Some of the package's modules and the layers they may use."""

    name: str
    modules: tuple[str, ...]
    uses: frozenset[str]

    def refused(self, names: list[str]) -> list[str]:
        """The names among ``names`` this layer may not load or name."""
        allowed = self.uses | {self.name}
        bad = [n for n in names if n.split(".")[0] in UI_AND_NETWORK]
        bad += [n for n in names if n.split(".")[0] == ROOT
                and layer_of(n) not in allowed]
        return sorted(bad)


LAYERS = tuple(
    Layer(name, tuple(sorted(m for m in MODULES if layer_of(m) == name)), uses)
    for name, uses in USES.items())


def test_every_module_has_a_layer() -> None:
    """A new module must be placed in a layer here, so it is checked too."""
    assert sorted(m for m in MODULES if layer_of(m) is None) == []


def test_the_layers_hold_the_package() -> None:
    """Each checked layer holds modules (the second game's once it is written), and the
    common layer may use no other."""
    assert all(layer.modules for layer in LAYERS if layer.name != "twentyfive")
    assert next(layer for layer in LAYERS if layer.name == "common").uses == frozenset()


@pytest.mark.parametrize("layer", LAYERS, ids=lambda layer: layer.name)
def test_importing_a_layer_loads_no_ui_and_no_higher_layer(layer: Layer) -> None:
    if not layer.modules:
        pytest.skip(f"no {layer.name} modules yet")
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
    plain = [n for n in loaded if not MODULES.get(n, False)]  # packages: see above
    assert layer.refused(plain) == []


def _imported_names(path: Path, module: str) -> list[str]:
    """Every module an import statement in ``path`` names, relative ones made absolute
    (``from ..tui import text`` in ``twentynine.coach.hint`` names ``twentynine.tui``
    and ``twentynine.tui.wording``)."""
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
    if not layer.modules:
        pytest.skip(f"no {layer.name} modules yet")
    found = {m: layer.refused(_imported_names(_source(m), m)) for m in layer.modules}
    assert {m: hits for m, hits in found.items() if hits} == {}


def test_the_static_check_sees_a_lazy_import_reaching_up(tmp_path: Path) -> None:
    """The source check resolves relative imports inside functions, so it would catch the
    coach opening a screen of the table."""
    module = tmp_path / "hint.py"
    module.write_text("def f():\n    from ..tui.coach import run_review\n    import rich\n")
    names = _imported_names(module, "twentynine.coach.hint")
    coach = next(layer for layer in LAYERS if layer.name == "coach")
    assert coach.refused(names) == [
        "rich", "twentynine.tui.coach", "twentynine.tui.coach.run_review"]


def test_the_common_layer_may_not_name_the_engine(tmp_path: Path) -> None:
    """Twenty-Nine's public names (``from twentynine import Game``) are its engine's: the
    shared layer naming them is refused, as naming an engine module is."""
    module = tmp_path / "table_api.py"
    module.write_text("from twentynine import Game\nfrom ..engine.deal import Deal\n"
                      "from .suits import SUITS\n")
    names = _imported_names(module, "twentynine.common.table_api")
    common = next(layer for layer in LAYERS if layer.name == "common")
    assert common.refused(names) == [
        "twentynine", "twentynine.Game", "twentynine.engine.deal",
        "twentynine.engine.deal.Deal"]
