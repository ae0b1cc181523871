"""The arena: two bots play duplicate boards, so the luck of the cards cancels.

Board ``i`` is one deal, shuffled from a seed derived from the arena seed and ``i``
(the dealer rotates with ``i``).  It is played twice on identical cards: in room 0 bot A
holds seats 0 and 2 (team 0) and bot B seats 1 and 3; in room 1 the teams are swapped.
Each seat gets its own bot instance with its own seeded generator, so a board's result
depends only on the arena seed and its index: running boards on several processes
(``jobs``) gives the same numbers, only the decision times differ.

A board's score is the average over its two rooms of A's game points minus B's (the
bidding team gains 1 for making its target and loses 1 otherwise; a dead deal scores 0).

>>> res = play_boards("easy", "random", boards=2, seed=1)
>>> len(res.boards), res.faults
(2, 0)
>>> r0, r1 = res.boards[0].rooms
>>> (r0.first, r0.second, r0.dealer) == (r1.first, r1.second, r1.dealer)
True
>>> r0.seats, r1.seats
(('A', 'B', 'A', 'B'), ('B', 'A', 'B', 'A'))
"""

from __future__ import annotations

import argparse
import hashlib
import math
import multiprocessing
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from ..bots import SEARCH_BOTS, decide, make_bot
from ..bots.base import Bot
from ..engine.deal import Deal
from ..engine.rules import Rules

BotSpec = str | Callable[..., Bot]
"""A registered bot's name, or a factory called as ``factory(seed=...)`` (module-level, so
worker processes can pickle it)."""

TIME_LIMIT = 2.0
"""Seconds a decision may take before it counts as a time-out fault."""

BANDS_TOP = ((17, None), (19, "18-19"), (22, "20-22"), (99, "23+"))


def board_seed(seed: int, index: int) -> int:
    """The deal seed of board ``index`` in an arena run with ``seed``."""
    return _derive("board", seed, index)


def bot_seed(seed: int, index: int, room: int, seat: int) -> int:
    """The seed of the bot at ``seat`` in ``room`` of board ``index``."""
    return _derive("bot", seed, index, room, seat)


def _derive(*parts: object) -> int:
    text = ":".join(str(p) for p in ("twentynine-arena", *parts))
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def band_of(bid: int, min_bid: int = 16) -> str:
    """The bid band a bid falls in: ``16-17`` (from the minimum bid), ``18-19``, ``20-22``,
    ``23+``."""
    for top, label in BANDS_TOP:
        if bid <= top:
            return label or f"{min_bid}-17"
    return "23+"


def band_labels(min_bid: int) -> list[str]:
    """The band labels in order for a minimum bid."""
    return [label or f"{min_bid}-17" for _, label in BANDS_TOP]


@dataclass(frozen=True, slots=True)
class RoomResult:
    """One room of a board: who sat where, the cards, and how the deal ended."""

    room: int
    a_team: int
    """The team (0 or 1) bot A played in this room."""
    seats: tuple[str, str, str, str]
    """``A`` or ``B`` for each seat."""
    dealer: int
    first: tuple[int, ...]
    """The first four cards of each seat, as card masks."""
    second: tuple[int, ...]
    bidder: int
    bid: int
    made: bool
    dead: bool
    game_points: tuple[int, int]
    card_points: tuple[int, int]
    actions: tuple[int, ...]
    """Every action code of the deal, in order."""

    @property
    def a_minus_b(self) -> int:
        """A's game points minus B's in this room."""
        g = self.game_points
        return g[self.a_team] - g[1 - self.a_team]

    @property
    def bidding_side(self) -> str:
        """``A`` or ``B``: whose team played the contract."""
        return self.seats[self.bidder]


@dataclass(frozen=True, slots=True)
class BoardResult:
    """Both rooms of one board, and the bots' decision times and faults."""

    index: int
    seed: int
    rooms: tuple[RoomResult, RoomResult]
    latency: tuple[tuple[float, ...], tuple[float, ...]] = field(compare=False)
    """Seconds per decision of A and of B (not part of equality: only timing differs
    between runs)."""
    faults: tuple[tuple[str, ...], tuple[str, ...]]

    @property
    def score(self) -> float:
        """The board's A-minus-B game points: the average of the two rooms."""
        return (self.rooms[0].a_minus_b + self.rooms[1].a_minus_b) / 2


@dataclass(frozen=True, slots=True)
class BandStats:
    """Contracts of one side in one bid band."""

    made: int = 0
    failed: int = 0
    dead: int = 0

    @property
    def played(self) -> int:
        """Contracts that scored (dead deals excluded)."""
        return self.made + self.failed


@dataclass
class ArenaResult:
    """Every board of an arena run, and the figures computed from them."""

    name_a: str
    name_b: str
    seed: int
    rules: Rules
    boards: list[BoardResult]

    @property
    def n(self) -> int:
        """Number of boards."""
        return len(self.boards)

    @property
    def mean(self) -> float:
        """Game points per deal, A minus B."""
        return sum(b.score for b in self.boards) / self.n if self.boards else 0.0

    @property
    def sd(self) -> float:
        """Standard deviation of the boards' scores."""
        n = self.n
        if n < 2:
            return 0.0
        m = self.mean
        return math.sqrt(sum((b.score - m) ** 2 for b in self.boards) / (n - 1))

    @property
    def half_width(self) -> float:
        """Half the 95% confidence interval of :attr:`mean`."""
        return 1.96 * self.sd / math.sqrt(self.n) if self.n else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% confidence interval of :attr:`mean`."""
        return self.mean - self.half_width, self.mean + self.half_width

    def _rooms(self) -> Iterator[RoomResult]:
        for b in self.boards:
            yield from b.rooms

    def game_points(self, side: str) -> float:
        """Game points per deal of a side (``A`` or ``B``)."""
        rooms = list(self._rooms())
        if not rooms:
            return 0.0
        tot = sum(r.game_points[r.a_team if side == "A" else 1 - r.a_team] for r in rooms)
        return tot / len(rooms)

    def card_points(self, side: str) -> float:
        """Card points per deal of a side."""
        rooms = list(self._rooms())
        if not rooms:
            return 0.0
        tot = sum(r.card_points[r.a_team if side == "A" else 1 - r.a_team] for r in rooms)
        return tot / len(rooms)

    def bands(self, side: str) -> dict[str, BandStats]:
        """Contracts of a side by bid band (plus ``all``)."""
        out = {label: BandStats() for label in band_labels(self.rules.min_bid)}
        out["all"] = BandStats()
        for r in self._rooms():
            if r.bidding_side != side:
                continue
            for key in (band_of(r.bid, self.rules.min_bid), "all"):
                s = out[key]
                out[key] = BandStats(s.made + (r.made and not r.dead),
                                     s.failed + (not r.made and not r.dead), s.dead + r.dead)
        return out

    def latencies(self, side: str) -> list[float]:
        """Every decision time of a side, in seconds, sorted."""
        k = 0 if side == "A" else 1
        return sorted(t for b in self.boards for t in b.latency[k])

    def fault_list(self, side: str) -> list[str]:
        """The faults of a side, by board."""
        k = 0 if side == "A" else 1
        return [f"board {b.index}: {f}" for b in self.boards for f in b.faults[k]]

    @property
    def faults(self) -> int:
        """Faults of both bots."""
        return sum(len(b.faults[0]) + len(b.faults[1]) for b in self.boards)

    def figures(self) -> dict[str, Any]:
        """Every figure that must not depend on ``jobs`` (all but the latencies)."""
        return {
            "mean": self.mean, "sd": self.sd, "interval": self.interval,
            "card_points": (self.card_points("A"), self.card_points("B")),
            "game_points": (self.game_points("A"), self.game_points("B")),
            "bands": (self.bands("A"), self.bands("B")),
            "faults": (self.fault_list("A"), self.fault_list("B")),
            "boards": self.boards,
        }

    def report(self) -> str:
        """The text the ``arena`` command prints."""
        a, b = f"A ({self.name_a})", f"B ({self.name_b})"
        lo, hi = self.interval
        rules = self.rules.differences()
        rules_text = ", ".join(f"{k}={v}" for k, v in rules.items()) or "standard"
        head = (f"{a} vs {b}: {self.n} duplicate boards ({2 * self.n} deals), "
                f"seed {self.seed}, rules: {rules_text}")
        a, b = _label(a), _label(b)  # a cmd: bot's whole command line only in the head
        lines = [
            head,
            f"game points per deal, A - B: {self.mean:+.3f} ± {self.half_width:.3f}  "
            f"(95% CI {lo:+.3f} .. {hi:+.3f}; sd per board {self.sd:.3f})",
            f"  game points per deal: {a} {self.game_points('A'):+.3f}, "
            f"{b} {self.game_points('B'):+.3f}",
            f"card points per deal: {a} {self.card_points('A'):.2f}, "
            f"{b} {self.card_points('B'):.2f}",
            "bid success by band (made / contracts played; dead deals apart):",
        ]
        ba, bb = self.bands("A"), self.bands("B")
        w = max(len(a), len(b), 18)
        lines.append(f"  {'band':7} {a:{w}} {b:{w}}")
        for label in ba:
            lines.append(f"  {label:7} {_band_text(ba[label]):{w}} {_band_text(bb[label]):{w}}")
        lines.append("decision latency (ms):  p50      p95      p99      max   decisions")
        for side, label in (("A", a), ("B", b)):
            lat = self.latencies(side)
            lines.append(f"  {label:{w}} {_pct(lat, 50):8.3f} {_pct(lat, 95):8.3f} "
                         f"{_pct(lat, 99):8.3f} {(lat[-1] * 1000 if lat else 0.0):8.3f} "
                         f"{len(lat):>8}")
        fa, fb = self.fault_list("A"), self.fault_list("B")
        lines.append(f"faults (illegal actions, exceptions, time-outs over {TIME_LIMIT:g} s): "
                     f"{a} {len(fa)}, {b} {len(fb)}")
        for f in (fa + fb)[:10]:
            lines.append(f"  {f}")
        return "\n".join(ln.rstrip() for ln in lines)


def _label(name: str, width: int = 36) -> str:
    """A side's name cut to fit the report's columns."""
    return name if len(name) <= width else name[:width - 2] + "…)"


def _band_text(s: BandStats) -> str:
    if not s.played and not s.dead:
        return "-"
    pct = f"{100 * s.made / s.played:5.1f}%" if s.played else "   - "
    text = f"{s.made:>4}/{s.played:<4} {pct}"
    return text + (f" ({s.dead} dead)" if s.dead else "")


def _pct(sorted_secs: Sequence[float], q: float) -> float:
    """The q-th percentile (nearest rank) in milliseconds."""
    if not sorted_secs:
        return 0.0
    k = max(0, min(len(sorted_secs) - 1, math.ceil(q / 100 * len(sorted_secs)) - 1))
    return sorted_secs[k] * 1000


EXTERNAL = "cmd:"
"""A bot spec starting with this runs the rest as a command speaking the Bhoos protocol."""


def _make(spec: BotSpec, seed: int, options: dict[str, float]) -> Bot:
    if isinstance(spec, str) and spec.startswith(EXTERNAL):
        from ..bots.external import ExternalBot

        return ExternalBot(spec[len(EXTERNAL):], seed=seed)
    if isinstance(spec, str):
        return make_bot(spec, seed=seed, **options)
    return spec(seed=seed, **options)


def spec_name(spec: BotSpec) -> str:
    """A display name for a bot spec."""
    if isinstance(spec, str):
        return spec
    return str(getattr(spec, "name", getattr(spec, "__name__", repr(spec))))


def play_room(deal: Deal, bots: Sequence[Bot], time_limit: float | None = TIME_LIMIT
              ) -> tuple[list[list[float]], list[list[str]]]:
    """Play ``deal`` to its end with ``bots[seat]`` at each seat; bots see only views.

    Returns each seat's decision times and faults."""
    times: list[list[float]] = [[], [], [], []]
    faults: list[list[str]] = [[], [], [], []]
    while not deal.is_over:
        seat = deal.turn
        d = decide(bots[seat], deal.view(seat), budget=time_limit)
        times[seat].append(d.seconds)
        if d.fault is not None:
            faults[seat].append(f"seat {seat}: {d.fault}")
        deal.apply(d.action, seat)
    return times, faults


def play_board(spec_a: BotSpec, spec_b: BotSpec, index: int, seed: int, rules: Rules,
               options_a: dict[str, float] | None = None,
               options_b: dict[str, float] | None = None,
               time_limit: float | None = TIME_LIMIT) -> BoardResult:
    """Play board ``index`` in both rooms."""
    ds = board_seed(seed, index)
    dealer = index % 4
    rooms: list[RoomResult] = []
    lat: tuple[list[float], list[float]] = ([], [])
    flt: tuple[list[str], list[str]] = ([], [])
    for room in (0, 1):
        a_team = room
        seats = tuple("A" if s & 1 == a_team else "B" for s in range(4))
        bots = [
            _make(spec_a, bot_seed(seed, index, room, s), options_a or {}) if seats[s] == "A"
            else _make(spec_b, bot_seed(seed, index, room, s), options_b or {})
            for s in range(4)
        ]
        deal = Deal.from_seed(ds, dealer, rules)
        times, faults = play_room(deal, bots, time_limit)
        for s in range(4):
            k = 0 if seats[s] == "A" else 1
            lat[k].extend(times[s])
            flt[k].extend(f"room {room} {f}" for f in faults[s])
        out = deal.outcome
        assert out is not None
        rooms.append(RoomResult(
            room=room, a_team=a_team, seats=(seats[0], seats[1], seats[2], seats[3]),
            dealer=dealer, first=deal.first, second=deal.second, bidder=out.bidder,
            bid=out.bid, made=out.made, dead=out.dead, game_points=out.game_points,
            card_points=out.card_points, actions=tuple(deal.log)))
    return BoardResult(index, ds, (rooms[0], rooms[1]), (tuple(lat[0]), tuple(lat[1])),
                       (tuple(flt[0]), tuple(flt[1])))


_Task = tuple[BotSpec, BotSpec, int, int, dict[str, Any], dict[str, float], dict[str, float],
              float | None]


def _board_task(task: _Task) -> BoardResult:
    spec_a, spec_b, index, seed, rules, opt_a, opt_b, limit = task
    return play_board(spec_a, spec_b, index, seed, Rules.from_dict(rules), opt_a, opt_b, limit)


def play_boards(bot_a: BotSpec, bot_b: BotSpec, boards: int, seed: int = 0,
                rules: Rules | None = None, jobs: int = 1, *,
                options_a: dict[str, float] | None = None,
                options_b: dict[str, float] | None = None,
                time_limit: float | None = TIME_LIMIT,
                progress: Callable[[int], None] | None = None) -> ArenaResult:
    """Play ``boards`` duplicate boards of ``bot_a`` against ``bot_b``; ``jobs`` processes.

    ``progress`` is called with the number of boards finished so far."""
    rules = rules or Rules()
    tasks: list[_Task] = [(bot_a, bot_b, i, seed, rules.to_dict(), options_a or {},
                           options_b or {}, time_limit) for i in range(boards)]
    results: dict[int, BoardResult] = {}
    if jobs <= 1 or boards <= 1:
        for t in tasks:
            r = _board_task(t)
            results[r.index] = r
            if progress:
                progress(len(results))
    else:
        methods = multiprocessing.get_all_start_methods()
        ctx = multiprocessing.get_context("fork" if "fork" in methods else None)
        with ctx.Pool(min(jobs, boards)) as pool:
            for r in pool.imap_unordered(_board_task, tasks):
                results[r.index] = r
                if progress:
                    progress(len(results))
    return ArenaResult(spec_name(bot_a), spec_name(bot_b), seed, rules,
                       [results[i] for i in range(boards)])


def budget_options(name: str, budget: float | None) -> dict[str, float]:
    """Constructor options for bot ``name`` under ``--budget`` (none for the others)."""
    if budget is None or name not in SEARCH_BOTS:
        return {}
    return {"time_budget": budget}


def run_arena(opts: argparse.Namespace, rules: Rules) -> int:
    """The ``twentynine arena`` command: play, print the figures; exit 1 on any fault."""
    n = opts.boards
    budget = getattr(opts, "budget", None)
    opt_a = budget_options(opts.bot_a, budget)
    opt_b = budget_options(opts.bot_b, budget)
    if opts.quiet:
        res = play_boards(opts.bot_a, opts.bot_b, n, opts.seed, rules, opts.jobs,
                          options_a=opt_a, options_b=opt_b)
    else:
        from rich.console import Console
        from rich.progress import (
            BarColumn,
            MofNCompleteColumn,
            Progress,
            TextColumn,
            TimeElapsedColumn,
            TimeRemainingColumn,
        )

        with Progress(TextColumn("[bold]{task.description}"), BarColumn(),
                      MofNCompleteColumn(), TimeElapsedColumn(), TimeRemainingColumn(),
                      console=Console(stderr=True), transient=True) as bar:
            task = bar.add_task(f"{opts.bot_a} vs {opts.bot_b}", total=n)
            res = play_boards(opts.bot_a, opts.bot_b, n, opts.seed, rules, opts.jobs,
                              options_a=opt_a, options_b=opt_b,
                              progress=lambda done: bar.update(task, completed=done))
    code = 1 if res.faults else 0
    try:
        print(res.report())
        sys.stdout.flush()
    except BrokenPipeError:  # e.g. piped into head: the reader has gone
        import os

        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
    return code
