"""Where a duplicate match's points came from: ``versus_old.py --log`` files split by board.

Each board is played in two rooms with the teams swapped.  A board whose rooms ended in
the same contract (the same bidder seat and bid) was decided by the card play; one where
the same side declared at another bid or from another seat, or where the other side
declared, was (also) decided by the auction.  Prints, per rule set and kind, the boards,
the sum of A's board scores (game points), and the swings won and lost.

Run:  python benchmarks/swings.py final-standard.jsonl [more.jsonl ...]
"""

from __future__ import annotations

import json
import sys
from collections import defaultdict
from typing import Any


def kind(r0: dict[str, Any], r1: dict[str, Any]) -> str:
    """Which part of the deal differed between a board's two rooms."""
    if (r0["bidder"], r0["bid"]) == (r1["bidder"], r1["bid"]):
        return "same contract"
    if r0["bidder"] >= 0 and r1["bidder"] >= 0 and (r0["bidder"] & 1) == (r1["bidder"] & 1):
        return "same side, other bid or seat"
    return "other side declares"


def main(paths: list[str]) -> None:
    rooms: dict[tuple[str, int], dict[int, dict[str, Any]]] = defaultdict(dict)
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for line in f:
                r = json.loads(line)
                rooms[(r["rules"], r["board"])][r["room"]] = r
    table: dict[str, dict[str, list[float]]] = defaultdict(lambda: defaultdict(list))
    for (rules, _), rr in sorted(rooms.items()):
        if len(rr) == 2:
            score = (rr[0]["a_game_points"] + rr[1]["a_game_points"]) / 2
            table[rules][kind(rr[0], rr[1])].append(score)
    for rules, kinds in table.items():
        print(f"[{rules}] {sum(len(v) for v in kinds.values())} boards")
        for k, v in sorted(kinds.items()):
            print(f"  {k:30s} {len(v):4d} boards  sum {sum(v):+6.1f}  "
                  f"mean {sum(v) / len(v):+.3f}  won {sum(x > 0 for x in v)} "
                  f"lost {sum(x < 0 for x in v)}")


if __name__ == "__main__":
    main(sys.argv[1:])
