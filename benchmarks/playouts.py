"""Benchmark: playouts per second and clone cost, pure Python and compiled, on one core.

Run:  python benchmarks/playouts.py [--seconds 4] [--rounds 3] [--compiled DIR | --pure-only]

It measures the same source twice in the same run, each in its own child process:

* **pure Python**: the package's sources (``src/``), as the editable install runs them;
* **compiled**: the same sources built by mypyc (``setup.py``) into a directory of its own,
  built once per version of the sources and cached in the temp directory (about a minute
  on two cores); ``--compiled DIR`` uses a directory (or a venv's site-packages) that
  already holds a compiled build instead.

Each child says which build it runs (``twentynine.build_kind()``), so a figure can never be
labelled with the wrong build.  The two are measured in alternating rounds and the best
round of each is kept, which keeps other work on the machine from favouring either.
Times are CPU time of the child (time.process_time).

A playout starts from a deal whose trump has just been chosen (standard rules) and plays
random legal actions (show trump and pair included) to the end of the eighth trick; the
clone is included in each playout.  A heuristic rollout is what ``medium`` and ``hard``
spend their time in: the same starts finished by the card-sense rollout policy
(``bots.search.rollout``, drawing from ``random.Random``), clone included.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
SRC = ROOT / "src"


def measure(seconds: float) -> dict[str, Any]:
    """Playouts per second and clone microseconds in this process."""
    from twentynine import build_kind
    from twentynine.bots.search import rollout
    from twentynine.engine.deal import PLAY, Deal

    rng = random.Random(1)
    starts = []
    while len(starts) < 200:
        d = Deal.from_rng(rng, rng.randrange(4))
        while d.phase_code != PLAY:
            codes = d.legal_codes()
            d.step(codes[rng.randrange(len(codes))])
        starts.append(d)
    seed = 2
    n = 0
    t0 = time.process_time()
    while time.process_time() - t0 < seconds:
        for s in starts:
            seed = s.clone().playout(seed)
        n += len(starts)
    dt = time.process_time() - t0
    k = 100_000
    s0 = starts[0]
    t1 = time.process_time()
    for _ in range(k):
        s0.clone()
    clone_us = (time.process_time() - t1) / k * 1e6
    rand = random.Random(3).random
    m = 0
    t2 = time.process_time()
    while time.process_time() - t2 < seconds:
        for s in starts:
            rollout(s.clone(), rand)
        m += len(starts)
    rollouts = m / (time.process_time() - t2)
    return {"kind": build_kind(), "playouts": n / dt, "clone_us": clone_us,
            "rollouts": rollouts}


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


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=4.0, help="seconds of each round")
    ap.add_argument("--rounds", type=int, default=3, help="rounds of each build")
    ap.add_argument("--compiled", type=Path, help="a directory with a compiled build")
    ap.add_argument("--pure-only", action="store_true", help="measure the sources only")
    args = ap.parse_args()
    builds: list[tuple[str, Path]] = [("pure Python", SRC)]
    if not args.pure_only:
        builds.append(("compiled", args.compiled or compiled_dir()))
    best: dict[str, dict[str, Any]] = {}
    for _ in range(args.rounds):
        for expected, path in builds:
            r = child(path, args.seconds)
            if r["kind"] != expected:
                sys.exit(f"{path} runs {r['kind']}, not {expected}")
            old = best.get(expected)
            if old is None:
                best[expected] = r
            else:  # the best of each figure over the rounds
                old["playouts"] = max(float(r["playouts"]), float(old["playouts"]))
                old["rollouts"] = max(float(r["rollouts"]), float(old["rollouts"]))
                old["clone_us"] = min(float(r["clone_us"]), float(old["clone_us"]))
    for kind, r in best.items():
        print(f"{kind:>11}: {float(r['playouts']):9,.0f} random playouts per second, "
              f"clone {float(r['clone_us']):.2f} us, "
              f"{float(r['rollouts']):7,.0f} heuristic rollouts per second")
    if len(best) == 2:
        c, p = best["compiled"], best["pure Python"]
        ratio = float(c["playouts"]) / float(p["playouts"])
        rratio = float(c["rollouts"]) / float(p["rollouts"])
        print(f"      ratio: compiled {ratio:.2f}x pure Python ({rratio:.2f}x in rollouts; "
              f"best of {args.rounds} rounds of {args.seconds:g} s each, CPU time)")


if __name__ == "__main__":
    main()
