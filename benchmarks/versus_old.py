"""Duplicate boards: this install's bot against another install's (today's ``hard`` at
commit 0849e73, say) under the standard rules, the tournament rules, or both.

Set up (the old install in its own venv; this one compiled)::

    git worktree add /tmp/old-hard 0849e73
    python3 -m venv /tmp/old-hard/.venv && /tmp/old-hard/.venv/bin/pip install /tmp/old-hard
    pip install .
    python benchmarks/versus_old.py --rules both --boards 500 --seed 2029 \\
        --old '/tmp/old-hard/.venv/bin/python benchmarks/old_bot_server.py hard'

The boards, deal seeds and bot seeds are the arena's (:func:`twentynine.arena.board_seed`,
:func:`~twentynine.arena.bot_seed`): board ``i`` is played twice with the teams swapped,
and scores A's game points minus B's, averaged over the two rooms.  Side A is ``--level``
with ``--options`` (``k=v,k=v``) in this process; side B runs in the old install's
process (``benchmarks/old_bot_server.py``), or with ``--old new:k=v,...`` in this process
with other options (to screen a change against today's settings); then ``--same-seeds``
gives a seat's bot one seed in both rooms, whichever side sits there, so the rooms differ
only where the options make the bots play differently (an A identical to B scores exactly
0).  With ``--rules both`` each board is played under both rule sets in turn, so a run
stopped early has as many boards of each.  Every board prints a line with the running mean
and 95% interval and the latencies so far (decisions with more than one legal action; B's
as its own process timed them), every 25 boards a summary: a stopped run (Ctrl-C, SIGTERM)
is still usable and prints its summary.  A move from B that is not legal stops the run.

``--a-sees-deal`` (an upper bound, never a player): side A's card play searches the real
deal, every hand seen, while its auction and trump choice stay fair; against today's
settings it says what perfect information in the play would be worth, so what share of
it a fairer search could hope to win.
"""

from __future__ import annotations

import argparse
import json
import math
import shlex
import signal
import statistics
import subprocess
import time
from typing import Any

import twentynine
from twentynine.arena import board_seed, bot_seed
from twentynine.bots import decide, make_bot
from twentynine.bots.hard import HardBot
from twentynine.bots.worlds import WorldSampler
from twentynine.deal import Deal
from twentynine.rules import Rules
from twentynine.views import SeatView

RULESETS = {
    "standard": Rules(),
    "tournament": Rules(trump_indicator="marker", pair=False, last_trick_point=False),
}


def parse_options(text: str) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for kv in filter(None, text.split(",")):
        k, v = kv.split("=")
        for conv in (int, float):
            try:
                out[k] = conv(v)
                break
            except ValueError:
                continue
        else:
            out[k] = v
    return out


class Truth:
    """A stand-in for card play's world sampler that deals only the real deal (for
    ``--a-sees-deal``: an upper bound, never a player)."""

    def __init__(self, deal: Deal) -> None:
        self.deal = deal

    def sample(self, rng: object) -> Deal:
        return self.deal.clone()

    def weight(self, world: Deal) -> float:
        return 1.0


class Seer(HardBot):
    """``hard`` whose card play searches the real deal, set in ``truth`` before each
    decision; it bids and names trump as ``hard`` does, fairly."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.truth: Deal | None = None

    def _play_sampler(self, view: SeatView) -> Any:
        assert self.truth is not None
        return Truth(self.truth)


def place_first_fours(w: WorldSampler, truth: Deal) -> None:
    """For ``--a-knows-first``: in card play, every other seat holds the cards of its first
    four that it still holds in the real deal (but a bidder whose card lies face down: its
    first four would name the trump): a perfect reading of the auction, an upper bound on
    what inference from the bidding can bring to card play."""
    if not w.preplay:
        for s in w.others:
            if not (s == w.bidder and w.sample_fd):
                w.place(s, truth.first[s] & truth.hands[s])


class Reader(HardBot):
    """``hard`` whose card play knows every seat's first four cards (``--a-knows-first``:
    an upper bound, never a player); it bids and names trump as ``hard`` does, fairly."""

    def __init__(self, **options: Any) -> None:
        super().__init__(**options)
        self.truth: Deal | None = None

    def _play_sampler(self, view: SeatView) -> WorldSampler:
        assert self.truth is not None
        w = super()._play_sampler(view)
        place_first_fours(w, self.truth)
        return w


class Remote:
    """The old install's adapter process."""

    def __init__(self, command: str) -> None:
        self.proc = subprocess.Popen(shlex.split(command), stdin=subprocess.PIPE,
                                     stdout=subprocess.PIPE, text=True, bufsize=1)
        self.ask({"type": "hi"})

    def ask(self, req: dict[str, Any]) -> dict[str, Any]:
        assert self.proc.stdin is not None and self.proc.stdout is not None
        self.proc.stdin.write(json.dumps(req) + "\n")
        self.proc.stdin.flush()
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("versus_old: the old bot's process ended")
        reply: dict[str, Any] = json.loads(line)
        return reply


class Side:
    def __init__(self) -> None:
        self.lat: list[float] = []
        self.faults = 0
        self.made = 0
        self.played = 0


class Tally:
    """One rule set's figures."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.scores: list[float] = []
        self.margins: list[float] = []
        self.sides = {"A": Side(), "B": Side()}

    def line(self) -> str:
        n = len(self.scores)
        m = statistics.mean(self.scores)
        hw = 1.96 * statistics.stdev(self.scores) / math.sqrt(n) if n > 1 else float("nan")
        lat = " | ".join(
            f"{k} p50 {pct(s.lat, 50):.0f} p95 {pct(s.lat, 95):.0f} max {pct(s.lat, 100):.0f}"
            for k, s in self.sides.items())
        return f"n {n} mean {m:+.3f} ± {hw:.3f} | {lat}"

    def summary(self) -> str:
        n = len(self.scores)
        if n < 2:
            return f"[{self.name}] {n} boards: too few for an interval"
        m = statistics.mean(self.scores)
        sd = statistics.stdev(self.scores)
        hw = 1.96 * sd / math.sqrt(n)
        out = [f"[{self.name}] {n} boards: A - B game points per deal {m:+.3f} ± {hw:.3f} "
               f"(95% CI {m - hw:+.3f} .. {m + hw:+.3f}; sd per board {sd:.3f}); "
               f"card-point margin per deal {statistics.mean(self.margins):+.2f}"]
        for k, s in self.sides.items():
            mean = 1000 * statistics.mean(s.lat) if s.lat else 0.0
            out.append(f"  {k}: latency ms p50 {pct(s.lat, 50):.1f} p95 {pct(s.lat, 95):.1f} "
                       f"p99 {pct(s.lat, 99):.1f} max {pct(s.lat, 100):.1f} mean {mean:.1f} "
                       f"({len(s.lat)} decisions with a choice); contracts made "
                       f"{s.made}/{s.played}; faults {s.faults}")
        return "\n".join(out)


def pct(xs: list[float], q: float) -> float:
    """The q-th percentile (nearest rank) in milliseconds."""
    if not xs:
        return 0.0
    ys = sorted(xs)
    return ys[max(0, min(len(ys) - 1, math.ceil(q / 100 * len(ys)) - 1))] * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--rules", choices=("standard", "tournament", "both"), default="both")
    ap.add_argument("--boards", type=int, default=500)
    ap.add_argument("--seed", type=int, default=2029)
    ap.add_argument("--first", type=int, default=0, help="the first board's index")
    ap.add_argument("--level", default="hard")
    ap.add_argument("--options", default="", help="side A's bot options, k=v,k=v")
    ap.add_argument("--old", required=True,
                    help="the old install's adapter command line, or new:k=v,... for "
                         "side B in this process")
    ap.add_argument("--same-seeds", action="store_true",
                    help="with new:, a seat's bot has the same seed in both rooms, whichever "
                         "side sits there (common random numbers: A against an identical B "
                         "scores exactly 0, so a small change is measured with less noise)")
    ap.add_argument("--a-sees-deal", action="store_true",
                    help="side A's card play searches the real deal, every hand seen (its "
                         "auction stays fair): what perfect information in the play is worth, "
                         "an upper bound for a better card player; set exact_samples=1 in "
                         "--options (every world is the same)")
    ap.add_argument("--a-knows-first", action="store_true",
                    help="side A's card play knows every seat's first four cards (a perfect "
                         "reading of the auction; its auction stays fair): an upper bound on "
                         "what inference from the bidding can bring to card play")
    ap.add_argument("--log", default="",
                    help="append one JSON line per room to this file (board, room, rules, "
                         "who bid what, made or not, the moves), to see where the points went")
    opts = ap.parse_args()
    if (opts.a_sees_deal or opts.a_knows_first) and opts.level != "hard":
        ap.error("--a-sees-deal and --a-knows-first are for --level hard")
    if opts.same_seeds and not opts.old.startswith("new:"):
        ap.error("--same-seeds needs --old new:...: another install draws its own numbers")
    names = list(RULESETS) if opts.rules == "both" else [opts.rules]
    a_opts = parse_options(opts.options)
    remote = None if opts.old.startswith("new:") else Remote(opts.old)
    b_opts = parse_options(opts.old[4:]) if remote is None else {}
    tallies = {n: Tally(n) for n in names}

    def play_room(index: int, room: int, rules: Rules, t: Tally) -> tuple[int, int]:
        ds, dealer = board_seed(opts.seed, index), index % 4
        deal = Deal.from_seed(ds, dealer, rules)
        side = ["A" if s & 1 == room else "B" for s in range(4)]
        seeds = [bot_seed(opts.seed, index, 0 if opts.same_seeds else room, s)
                 for s in range(4)]
        seer = Seer if opts.a_sees_deal else Reader if opts.a_knows_first else None
        local = {s: (seer(seed=seeds[s], **a_opts) if seer is not None
                     else make_bot(opts.level, seed=seeds[s], **a_opts)) if side[s] == "A"
                 else make_bot(opts.level, seed=seeds[s], **b_opts)
                 for s in range(4) if side[s] == "A" or remote is None}
        codes: list[int] = []
        while not deal.is_over:
            seat = deal.turn
            view = deal.view(seat)
            if seat in local:
                bot = local[seat]
                if isinstance(bot, (Seer, Reader)):
                    bot.truth = deal
                d = decide(bot, view, budget=2.0)
                code, secs, fault = d.action.code, d.seconds, d.fault
            else:
                assert remote is not None
                r = remote.ask({"deal_seed": ds, "dealer": dealer, "rules": rules.to_dict(),
                                "codes": codes, "seat": seat, "bot_seed": seeds[seat]})
                code, secs, fault = r["code"], r["ms"] / 1000, r["fault"]
                if code not in deal.legal_codes():
                    raise SystemExit(f"versus_old: B's move {code} is not legal "
                                     f"(board {index}, room {room})")
            s = t.sides[side[seat]]
            if len(view.legal_actions) > 1:
                s.lat.append(secs)
            if fault:
                s.faults += 1
                print(f"  fault, board {index} room {room} seat {seat}: {fault}", flush=True)
            deal.step(code)
            codes.append(code)
        if remote is not None:
            remote.ask({"type": "forget"})
        out = deal.outcome
        assert out is not None
        if deal.bidder >= 0:
            s = t.sides[side[deal.bidder]]
            s.played += 1
            s.made += out.game_points[deal.bidder & 1] > 0
        g, p = out.game_points, deal.points
        if opts.log:
            line = json.dumps({
                "rules": t.name, "board": index, "room": room, "seed": opts.seed,
                "bidder": deal.bidder,
                "bidder_side": side[deal.bidder] if deal.bidder >= 0 else None,
                "bid": out.bid, "made": out.game_points[deal.bidder & 1] > 0
                if deal.bidder >= 0 else None,
                "a_game_points": g[room] - g[1 - room], "a_points": p[room] - p[1 - room],
                "codes": codes})
            with open(opts.log, "a", encoding="utf-8") as log:
                log.write(line + "\n")
        return g[room] - g[1 - room], p[room] - p[1 - room]

    def stop(signum: int, frame: object) -> None:
        raise KeyboardInterrupt

    signal.signal(signal.SIGTERM, stop)
    print(f"versus_old: {twentynine.build_kind()} build ({twentynine.__file__}); rules "
          f"{names}; seed {opts.seed}; A = {opts.level} {a_opts}; B = {opts.old}", flush=True)
    t0 = time.time()
    try:
        for index in range(opts.first, opts.first + opts.boards):
            for name in names:
                t = tallies[name]
                rooms = [play_room(index, room, RULESETS[name], t) for room in (0, 1)]
                t.scores.append((rooms[0][0] + rooms[1][0]) / 2)
                t.margins.append((rooms[0][1] + rooms[1][1]) / 2)
                print(f"[{name}] board {index} {t.scores[-1]:+.1f} | {t.line()} | "
                      f"{time.time() - t0:.0f} s", flush=True)
                if len(t.scores) % 25 == 0:
                    print(t.summary(), flush=True)
    except KeyboardInterrupt:
        print("stopped", flush=True)
    for t in tallies.values():
        print(t.summary(), flush=True)


if __name__ == "__main__":
    main()
