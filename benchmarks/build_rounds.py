"""The machinery the build benchmarks share (``playouts.py``, ``twentyfive_playouts.py``):
a compiled build of these sources made once per version, a measure run in a child process
importing one build, and rounds of both builds, alternating, keeping the best figure of
each (the least for a ``clone`` time, the most for any other).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def _source_hash() -> str:
    h = hashlib.sha256()
    files = sorted((SRC / "twentynine").rglob("*.py"))
    for p in [*files, ROOT / "setup.py", ROOT / "pyproject.toml"]:
        h.update(str(p.relative_to(ROOT)).encode())
        h.update(p.read_bytes())
    return h.hexdigest()[:16]


def compiled_dir() -> Path:
    """A directory holding a compiled build of these sources (built on first use)."""
    target = Path(tempfile.gettempdir()) / f"twentynine-compiled-{_source_hash()}"
    if (target / "twentynine").is_dir():
        return target
    print(f"building the compiled package into {target} (once per source version)...",
          file=sys.stderr, flush=True)
    tmp = Path(tempfile.mkdtemp(prefix="twentynine-build-"))
    env = dict(os.environ, TWENTYNINE_COMPILE="1")
    env.pop("TWENTYNINE_PURE", None)
    subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--no-deps",
                    "--target", str(tmp), str(ROOT)], check=True, env=env)
    tmp.rename(target)
    return target


def child(path: Path, seconds: float, call: str = "playouts.measure") -> dict[str, Any]:
    """Run ``call(seconds)`` (a function of a module in benchmarks/) in a fresh interpreter
    importing twentynine from ``path``; it returns a JSON-ready dict."""
    env = dict(os.environ, PYTHONPATH=str(path))
    module = call.rpartition(".")[0]
    code = (f"import json, sys; sys.path.insert(0, {str(ROOT / 'benchmarks')!r}); "
            f"import {module}; print(json.dumps({call}({seconds!r})))")
    out = subprocess.run([sys.executable, "-c", code], check=True, env=env,
                         capture_output=True, text=True, cwd=tempfile.gettempdir())
    result: dict[str, Any] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def best_of_rounds(description: str, seconds: float, call: str
                   ) -> tuple[dict[str, dict[str, float]], argparse.Namespace]:
    """Parse the command line (``--seconds``, ``--rounds``, ``--compiled DIR``,
    ``--pure-only``), run ``call`` in each build for each round, and return the best of
    each figure by build (``pure Python``, ``compiled``) with the parsed options."""
    ap = argparse.ArgumentParser(description=description,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=seconds, help="seconds of each measure")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each build")
    ap.add_argument("--compiled", type=Path, help="a directory with a compiled build")
    ap.add_argument("--pure-only", action="store_true", help="measure the sources only")
    args = ap.parse_args()
    builds: list[tuple[str, Path]] = [("pure Python", SRC)]
    if not args.pure_only:
        builds.append(("compiled", args.compiled or compiled_dir()))
    best: dict[str, dict[str, float]] = {}
    for _ in range(args.rounds):
        for expected, path in builds:
            r = child(path, args.seconds, call)
            kind = r.pop("kind")
            if kind != expected:
                sys.exit(f"{path} runs {kind}, not {expected}")
            old = best.setdefault(expected, {})
            for key, value in r.items():
                better = min if key.startswith("clone") else max
                old[key] = better(float(value), old.get(key, float(value)))
    return best, args
