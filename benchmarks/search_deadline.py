"""Benchmark: how closely the exact endgame search keeps its deadline, and what the clock
checks cost, pure Python and compiled.

Run:  python benchmarks/search_deadline.py [--positions 40] [--rounds 2] [--every 256,32]

Fixed positions with five tricks left (from seeded ``easy`` deals, at a trick's start and
inside one) are solved exactly (``bots.search.solve_root``) in a child process per build,
as in ``playouts.py`` (which builds the compiled package once and caches it):

* **cost**: each position solved in full with no deadline, with the clock checked every
  N trick starts for each N of ``--every`` (powers of two): the CPU milliseconds of the whole set;
* **overshoot**: each position solved with a deadline 1 ms after its start, so that the
  clock binds: how long after the deadline the search stopped (wall milliseconds,
  median, 95th percentile and largest), for each N.  A trick start costs a few
  microseconds compiled, so the interval bounds the overshoot; on a loaded machine the
  wall clock adds the time the process waited for a core.

Equal node counts and values for every N show that only the clock changed.
"""

from __future__ import annotations

import argparse
import hashlib
import time
from typing import Any

import build_rounds


def measure(spec: str) -> dict[str, Any]:
    """The cost and the overshoot for each check interval in ``spec``
    (``"positions:N1,N2"``), in this process."""
    from twentynine import build_kind
    from twentynine.bots import make_bot
    from twentynine.bots.search import SearchTimeout, _clock, solve_root
    from twentynine.engine.deal import DEAL_OVER, PLAY, Deal

    count, _, every_text = spec.partition(":")
    positions: list[Deal] = []
    seed = 0
    while len(positions) < int(count):
        d = Deal.from_seed(seed, seed % 4)
        easy = [make_bot("easy", seed=k) for k in range(4)]
        into = seed % 3
        seed += 1
        while d.phase_code != DEAL_OVER:
            if d.phase_code == PLAY and d.trick_no == 3 and len(d.trick) == into \
                    and len(d.legal_codes()) > 1:
                positions.append(d.clone())
                break
            view = d.view(d.turn)
            d.apply(easy[d.turn].choose(view, view.legal_actions), d.turn)
    out: dict[str, Any] = {"kind": build_kind(), "every": {}}
    for every in (int(x) for x in every_text.split(",")):
        _clock.mask = every - 1
        nodes0 = _clock.nodes
        t0 = time.process_time()
        values = [solve_root(p, p.legal_codes(), p.turn & 1) for p in positions]
        cost = time.process_time() - t0
        nodes = _clock.nodes - nodes0
        late = []
        for p in positions:
            deadline = time.perf_counter() + 0.001
            try:
                solve_root(p, p.legal_codes(), p.turn & 1, deadline)
            except SearchTimeout:
                late.append(time.perf_counter() - deadline)
        late.sort()
        out["every"][str(every)] = {
            "cost_ms": cost * 1000, "nodes": nodes,
            "values": hashlib.sha256(repr(values).encode()).hexdigest()[:8],
            "timeouts": len(late),
            "late_ms": [late[len(late) // 2] * 1000, late[int(len(late) * 0.95)] * 1000,
                        late[-1] * 1000] if late else [0.0, 0.0, 0.0]}
    _clock.mask = 31
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__,
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--rounds", type=int, default=2)
    ap.add_argument("--every", default="256,32")
    ap.add_argument("--compiled-only", action="store_true")
    args = ap.parse_args()
    builds = [("compiled", build_rounds.compiled_dir())]
    if not args.compiled_only:
        builds.insert(0, ("pure Python", build_rounds.SRC))
    spec = f"{args.positions}:{args.every}"
    best: dict[tuple[str, str], dict[str, Any]] = {}
    for _ in range(args.rounds):
        for kind, path in builds:
            r = build_rounds.child(path, spec, "search_deadline.measure")
            if r["kind"] != kind:
                raise SystemExit(f"{path} runs {r['kind']}, not {kind}")
            for every, m in r["every"].items():
                b = best.setdefault((kind, every), m)
                b["cost_ms"] = min(b["cost_ms"], m["cost_ms"])
                b["late_ms"] = [min(x, y) for x, y in zip(b["late_ms"], m["late_ms"],
                                                          strict=True)]
                if m["values"] != b["values"] or m["nodes"] != b["nodes"]:
                    raise SystemExit(f"{kind}: the values or nodes changed between rounds")
    for (kind, every), m in best.items():
        p50, p95, top = m["late_ms"]
        print(f"{kind:>11}, clock every {every:>4} trick starts: full solves {m['cost_ms']:8.1f}"
              f" ms CPU ({m['nodes']} trick starts, values {m['values']}); "
              f"past a 1 ms deadline by p50 {p50:.2f} / p95 {p95:.2f} / max {top:.2f} ms "
              f"({m['timeouts']} stopped)")
    print(f"(each figure the best of {args.rounds} rounds: the least disturbed by other work; "
          f"{args.positions} positions, five tricks left)")


if __name__ == "__main__":
    main()
