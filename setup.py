"""Build twentynine, compiling the engine and the bots' hot path with mypyc where possible.

The Python sources are the one source of truth; the compiled modules are the same files
turned into C extensions by mypyc (as black and mypy ship themselves), and they sit next to
the .py files in the wheel, so Python imports the extension and the source stays readable.

* ``pip install .`` (and ``pipx install .``): compiled when mypyc and a C compiler are
  available, pure Python otherwise (with a warning).
* ``pip install -e .`` (development): pure Python, so that edits to the sources take effect.
* ``TWENTYNINE_PURE=1`` forces pure Python; ``TWENTYNINE_COMPILE=1`` forces compiling (and
  fails loudly if it cannot), also for an editable install.

``twentynine --version`` (or ``twentynine.build_kind()``) says which one is running.
"""

from __future__ import annotations

import os
import shutil
import sys
import sysconfig

from setuptools import setup
from setuptools.command.build_ext import build_ext

COMPILED = [
    # the rules engine's state machine; events and views are made once per move, never in
    # the playouts, and stay plain Python (frozen dataclasses that copy and pickle as usual);
    # so do the rules (engine/rules.py): a compiled dataclass would check its fields' types in its
    # own __init__ and refuse a bad value with a bare TypeError before the Rules could name
    # it, and the play reads the few rules it needs at every card from native copies on
    # the Deal (Deal.set_rules)
    "engine/cards", "engine/actions", "engine/auction", "engine/contract", "engine/play",
    "engine/scoring", "engine/deal",
    # the bots' hot path: sampled worlds, the model of play that weights them, the rollout
    # policy and the exact endgame search
    "bots/worlds", "bots/play_model", "bots/search",
    # the table server's work per action is its load limit (docs/server.md): the states
    # it makes for the four seats (net/broadcast) and the encoders of a seat's view fields
    # (net/wire), and the path of every message: the conversation with a client
    # (net/lobby), its socket and queue (net/connection, net/frames), the table, its seats
    # and its record (net/hosted_table, net/roster, net/store) and the door (net/gate).
    # mypyc reads aiohttp's types, so the build needs aiohttp (pyproject.toml).
    # protocol.py stays plain Python: compiled, its decoder's "except ProtocolError: raise
    # / except ValueError" mistyped the exception
    "net/broadcast", "net/wire", "net/lobby", "net/connection", "net/frames",
    "net/hosted_table", "net/roster", "net/store", "net/gate",
    # Twenty-Five's deal as a state machine: the random playouts and the search bots' hot
    # path.  Its pack (twentyfive/pack.py) stays plain Python: its Card is an int subclass,
    # which mypyc does not compile; the state machine reads the pack's tables once, at
    # import, into its own native globals
    "twentyfive/round_state",
    # the search bots' worlds and playouts (twentyfive/search_players.py, which reads the
    # seat's view and runs the search, stays plain Python: it runs once a decision)
    "twentyfive/world_sampler",
]


def _flag(name: str) -> bool:
    return os.environ.get(name, "").strip().lower() in ("1", "yes", "true", "on")


def _have_compiler() -> bool:
    cc = os.environ.get("CC") or sysconfig.get_config_var("CC") or "cc"
    return shutil.which(cc.split()[0]) is not None


def _want_compiled() -> bool:
    if _flag("TWENTYNINE_PURE"):
        return False
    if _flag("TWENTYNINE_COMPILE"):
        return True
    if "editable_wheel" in sys.argv or "develop" in sys.argv:
        return False  # development installs run the sources as they are edited
    if not _have_compiler():
        print("twentynine: no C compiler found, installing pure Python", file=sys.stderr)
        return False
    return True


class OptionalBuildExt(build_ext):
    """build_ext that falls back to the pure package when compiling fails (unless forced)."""

    def run(self) -> None:
        try:
            super().run()
        except Exception as exc:
            if _flag("TWENTYNINE_COMPILE"):
                raise
            print(f"twentynine: compiling failed ({exc}); installing pure Python",
                  file=sys.stderr)
            for path in self.get_outputs():  # all or nothing: no half-compiled package
                if os.path.exists(path):
                    os.remove(path)
            self.extensions = []


METADATA_ONLY = {"egg_info", "dist_info", "sdist"}
"""setup.py commands that build nothing (pip runs two of them before the build itself)."""


def _builds_nothing() -> bool:
    """Whether this run of setup.py only writes metadata: then mypyc's type check and code
    generation (about 10 s of CPU each time) are left to the run that builds."""
    args = set(sys.argv[1:])
    return bool(args & METADATA_ONLY) and not args & {
        "build", "build_ext", "bdist_wheel", "bdist", "install", "develop", "editable_wheel"}


def _ext_modules() -> list[object]:
    if not _want_compiled() or _builds_nothing():
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        if _flag("TWENTYNINE_COMPILE"):
            raise
        print("twentynine: mypyc is not installed, installing pure Python", file=sys.stderr)
        return []
    paths = [os.path.join("src", "twentynine", *m.split("/")) + ".py" for m in COMPILED]
    return list(mypycify(paths, opt_level="3", debug_level="0"))


setup(ext_modules=_ext_modules(), cmdclass={"build_ext": OptionalBuildExt})
