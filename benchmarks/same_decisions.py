"""A hash of ``hard``'s decisions with its clock lifted, to show two builds are one bot.

Run with each install's Python (it uses only the API that commit 0849e73 already had)::

    /tmp/old-hard/.venv/bin/python benchmarks/same_decisions.py 6     # pure
    /tmp/old-hard-c/.venv/bin/python benchmarks/same_decisions.py 6   # compiled

Four ``hard`` bots play ``N`` deals (seeds 1000..), alternating the standard and the
tournament rules, with ``time_budget=100`` so the sample counts, not the clock, bound every
search; the line printed names the build (the deal module's file), the number of
decisions, their hash and the CPU time.  Equal hashes: the same decisions.

A third argument ``earlier`` plays ``hard`` with :data:`twentynine.bots.hard.EARLIER`, the
settings it had until session 21 (that name is newer than commit 0849e73)::

    python benchmarks/same_decisions.py 4 hard earlier    # hash a466b5f456e1484e
"""

import hashlib
import sys
import time

import twentynine.deal as deal_module
from twentynine.bots import make_bot
from twentynine.deal import DEAL_OVER, Deal
from twentynine.rules import Rules

RULESETS = [Rules(), Rules(trump_indicator="marker", pair=False, last_trick_point=False)]


def main() -> None:
    deals = int(sys.argv[1]) if len(sys.argv) > 1 else 6
    level = sys.argv[2] if len(sys.argv) > 2 else "hard"
    options: dict[str, object] = {}
    if len(sys.argv) > 3 and sys.argv[3] == "earlier":
        from twentynine.bots.hard import EARLIER
        options = {k: v for k, v in EARLIER.items() if k != "time_budget"}
    digest = hashlib.sha256()
    n = 0
    t0 = time.process_time()
    for k in range(deals):
        d = Deal.from_seed(1000 + k, dealer=k % 4, rules=RULESETS[k % 2])
        bots = [make_bot(level, seed=77 * k + s, time_budget=100.0, **options) for s in range(4)]
        while d.phase_code != DEAL_OVER:
            seat = d.turn
            view = d.view(seat)
            acts = view.legal_actions
            a = bots[seat].choose(view, acts) if len(acts) > 1 else acts[0]
            digest.update(str(a.code).encode())
            n += 1
            d.apply(a, seat=seat)
    build = deal_module.__file__.rsplit("/", 1)[-1]
    print(f"{build}: {n} decisions, hash {digest.hexdigest()[:16]}, "
          f"cpu {time.process_time() - t0:.1f} s")


if __name__ == "__main__":
    main()
