"""Twenty-Five's arena: bots rotated through every seat of the same seeded games.

Run:  python benchmarks/twentyfive_arena.py --a hard --b medium --players 4 --teams none
                                             --groups 200 --jobs 2

``--a`` plays side 0's seats and ``--b`` every other (or ``--lineup easy,random,...``);
it prints each bot's win rate and points per deal with 95% intervals, the paired
difference between the bots, the search bots' decision times and any faults.  The
module is :mod:`twentynine.twentyfive.rotation_arena`.
"""

from __future__ import annotations

import sys

from twentynine.twentyfive.rotation_arena import main

if __name__ == "__main__":
    sys.exit(main())
