"""``medium``: flat Monte Carlo over sampled worlds with fast rollouts.

For every decision the bot samples hidden worlds consistent with its view
(:mod:`.worlds`), plays each legal action in each world and finishes the deal with a
cheap card-sense rollout policy, and picks the action with the best average worth
(game points first, card-point margin as a tie-break).  Bidding is simulated too: in
each world the bot plays the deal as bidder with each possible trump, and bids as high
as the simulated chance of making the bid stays good.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import ClassVar

from ..engine.actions import ACTIONS, BID_BASE, NO_TRUMPS_CODE, PASS_CODE, REDEAL_CODE, Action
from ..engine.deal import Deal
from ..engine.views import SeatView
from .base import BaseBot
from .calls import best_bid, hand_mask, no_trumps_ok, search_call, wants_redeal
from .config import FLOOR_WORLDS, MEDIUM, SearchConfig
from .search import (
    Rand,
    SearchTimeout,
    StreamRand,
    bid_table,
    outcome_value,
    rollout,
    rollout_policy,
    solve_root,
    trump_choices,
)
from .worlds import WorldSampler


@dataclass(slots=True)
class Figures:
    """Weighted sums, over a search's worlds, for one action: whether the bot's side got its
    way on the contract (made it as bidder, beat it defending; ``decided`` is the weight of
    the worlds with a result either way, a dead deal having none), its card points at the
    end, and who took the trick in progress (``trick`` is the weight of the worlds where
    these were counted)."""

    weight: float = 0.0
    ours: float = 0.0
    decided: float = 0.0
    card_points: float = 0.0
    trick: float = 0.0
    trick_win: float = 0.0
    trick_own: float = 0.0
    trick_points: float = 0.0

    def add_result(self, d: Deal, team: int, wt: float) -> None:
        """Count the finished deal ``d`` for ``team`` with weight ``wt``."""
        g0, g1 = d.game_change()
        gain = (g1 - g0) if team else (g0 - g1)
        self.weight += wt
        self.card_points += wt * (d.points1 if team else d.points0)
        if gain:
            self.decided += wt
            if gain > 0:
                self.ours += wt

    def add_trick(self, d: Deal, t0: int, seat: int, wt: float) -> None:
        """Count who took the trick that was in progress (the ``t0``-th of ``d``)."""
        if len(d.history) > t0:
            win = d.history[t0][2]
            pts = d.history[t0][3]
            self.trick += wt
            if (win & 1) == (seat & 1):
                self.trick_win += wt
            if win == seat:
                self.trick_own += wt
            self.trick_points += wt * pts


@dataclass(slots=True)
class Estimates:
    """What the bot's last search measured, for the coach (:mod:`twentynine.coach`).

    ``values[i]`` is the mean worth of ``codes[i]`` to the bot's team over the sampled
    worlds (game points won minus lost, plus the small card-margin tie-break of
    :func:`~.search.outcome_value`), weighted as the search weighted them.  For a bid,
    ``values`` is empty and ``table[i]`` holds the simulated results (team points, pair
    team, trump shown) with the trump choice ``choices[i]``.

    Card play and the trump choice also keep, per code and over the very worlds valued
    (with the same weights), the figures a player thinks in (:class:`Figures`).  Where the
    worlds were solved exactly (the endgame), the solve gives the chance only: ``worlds``
    and ``weights`` then keep those worlds, so that the card points and the current trick
    can be measured in them.  For a bid, ``worlds`` keeps the worlds the table was played
    in, so that the contract a pass leaves standing can be measured in the same ones."""

    phase: str
    codes: list[int]
    values: list[float]
    samples: int
    choices: list[int] = field(default_factory=list)
    table: list[list[tuple[int, int, bool]]] = field(default_factory=list)
    figures: list[Figures] = field(default_factory=list)
    worlds: list[Deal] = field(default_factory=list)
    weights: list[float] = field(default_factory=list)


def _zero() -> float:
    """A random stream that always says 0.0: the rollout policy's first preference."""
    return 0.0


class MediumBot(BaseBot):
    """Samples worlds and rolls each legal action out in them, as its
    :class:`~.config.SearchConfig` says (``medium``: :data:`~.config.MEDIUM`)."""

    name = "medium"
    default_config: ClassVar[SearchConfig] = MEDIUM
    """The level's settings; a subclass with other values is another level (``hard``)."""

    def __init__(self, seed: int | None = None, **changes: float) -> None:
        """A bot of this level seeded with ``seed``; ``changes`` replace fields of its
        configuration (``time_budget=60.0``); an unknown name raises
        :class:`~.config.SettingError`."""
        config = self.default_config.replace(**changes) if changes else self.default_config
        super().__init__(seed=seed, time_budget=config.time_budget)
        self.config = config
        self.estimates: Estimates | None = None
        """What the last decision's search measured (None when it searched nothing)."""

    @property
    def bid_threshold(self) -> float:
        """The simulated worth in game points a bid must beat (``config.bid_threshold``)."""
        return self.config.bid_threshold

    @property
    def compete_threshold(self) -> float:
        """The same bar once an opponent holds the bid."""
        return self.config.compete_threshold

    # ------------------------------------------------------------------ entry
    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The action with the best simulated worth."""
        acts = list(legal)
        self.estimates = None
        if len(acts) == 1:
            return acts[0]
        deadline = time.perf_counter() + self.config.time_budget
        phase = view.phase.value
        if phase == "play":
            return self._play(view, acts, deadline)
        if phase == "auction":
            return self._bid(view, acts, deadline)
        # doubling and single-hand offers (calls.py); the trump choice: simulate each option
        call = search_call(view, acts, lambda n: self._worlds(view, n, deadline),
                           self.config.bid_samples, rollout, self.rng.random, deadline)
        if call is not None:
            return call
        if len(acts) > 1 and not no_trumps_ok(hand_mask(view)):
            acts = [a for a in acts if a.code != NO_TRUMPS_CODE] or acts
        return self._trump(view, acts, deadline)

    # ------------------------------------------------------------------ worlds
    def _worlds(self, view: SeatView, n: int, deadline: float) -> list[Deal]:
        """``n`` worlds for the auction, trump and doubling decisions; with inference,
        resampled by their likelihood."""
        cfg = self.config
        sampler = WorldSampler(view, infer=cfg.infer, scale=cfg.infer_scale)
        rng = self.rng
        if not cfg.infer or cfg.oversample == 1:
            return sampler.sample_many(rng, n)
        pool = []
        weights = []
        for _ in range(n * cfg.oversample):
            w = sampler.sample(rng)
            pool.append(w)
            weights.append(sampler.weight(w))
            if len(pool) >= FLOOR_WORLDS and time.perf_counter() > deadline:
                break
        return rng.choices(pool, weights=weights, k=n)

    # ------------------------------------------------------------------ auction
    def _bid(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        cfg = self.config
        codes = [a.code for a in acts]
        if REDEAL_CODE in codes and wants_redeal(view):
            return ACTIONS[REDEAL_CODE]  # a hopeless four: ask for a new deal
        can_pass = PASS_CODE in codes
        bids = [c - BID_BASE for c in codes if BID_BASE <= c < PASS_CODE]
        if not bids:
            return ACTIONS[PASS_CODE] if can_pass else acts[0]
        lo = min(bids)
        sim_deadline = deadline - 0.1 * cfg.time_budget
        worlds = self._worlds(view, cfg.bid_samples, sim_deadline)
        seat = view.seat
        choices = trump_choices(worlds[0], seat)
        rand: Rand = self.rng.random
        table = bid_table(worlds, seat, choices, rand, sim_deadline, rollout, cfg.crn,
                          FLOOR_WORLDS)
        # the worlds the table played (a busy machine's clock may stop it early): a pass is
        # measured in them (the coach's pass row)
        done = worlds[:max((len(r) for r in table), default=0)]
        self.estimates = Estimates("bid", codes, [], len(worlds), list(choices),
                                   [list(r) for r in table], worlds=done)
        rules = view.rules
        opponents_high = view.bidder is not None and (view.bidder & 1) != (seat & 1)
        threshold = cfg.compete_threshold if opponents_high else cfg.bid_threshold
        top = best_bid(rules, seat & 1, table, threshold)  # big bids, half loss
        if not can_pass:
            return ACTIONS[BID_BASE + lo]
        partner_high = view.bidder is not None and view.bidder == view.partner
        if partner_high and view.high_bid and top < view.high_bid + cfg.partner_margin:
            return ACTIONS[PASS_CODE]
        if top >= lo:
            return ACTIONS[BID_BASE + lo]
        return ACTIONS[PASS_CODE]

    # ------------------------------------------------------------------ trump choice
    def _trump(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        worlds = self._worlds(view, self.config.bid_samples, deadline)
        codes = [a.code for a in acts]
        team = view.team
        rand: Rand = self.rng.random
        totals = [0.0] * len(codes)
        figs = [Figures() for _ in codes]
        n = 0
        crn = self.config.crn
        for w in worlds:
            ws = self.rng.getrandbits(32) if crn else 0
            for i, code in enumerate(codes):
                d = w.clone()
                d.step(code)
                rollout(d, StreamRand(ws) if crn else rand)
                totals[i] += outcome_value(d, team)
                figs[i].add_result(d, team, 1.0)
            n += 1
            if n >= FLOOR_WORLDS and time.perf_counter() > deadline:
                break
        self.estimates = Estimates("trump", codes, [t / max(n, 1) for t in totals], n,
                                   figures=figs)
        best = max(range(len(codes)), key=lambda i: totals[i])
        return acts[best]

    # ------------------------------------------------------------------ play
    def _play_sampler(self, view: SeatView) -> WorldSampler:
        """Card play's worlds: the deals the view allows, weighted by the inference."""
        cfg = self.config
        return WorldSampler(view, infer=cfg.infer, scale=cfg.infer_scale, no_ask=cfg.no_ask,
                            marker_tilt=cfg.marker_tilt, play_infer=cfg.play_infer)

    def _play(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        cfg = self.config
        codes = [a.code for a in acts]
        team = view.team
        sampler = self._play_sampler(view)
        rng = self.rng
        rand: Rand = rng.random
        exact = 8 - len(view.tricks) <= cfg.exact_tricks
        margin = cfg.margin_weight
        binary = cfg.exact_binary
        crn = cfg.crn
        totals = [0.0] * len(codes)
        figs = [Figures() for _ in codes]
        solved: list[Deal] = []
        weights: list[float] = []
        seat = view.seat
        n = 0
        wsum = 0.0
        limit = cfg.samples
        if exact and cfg.exact_samples:
            limit = min(cfg.samples, cfg.exact_samples)
        while n < limit:
            w = sampler.sample(rng)
            wt = sampler.weight(w) if cfg.infer else 1.0
            if exact:
                try:
                    vals = solve_root(w, codes, team, deadline, margin, binary)
                except SearchTimeout:
                    if n:
                        break
                    exact = False  # too slow here: roll out instead
                    limit = cfg.samples
                    continue
                for i, v in enumerate(vals):
                    totals[i] += wt * v
                    f = figs[i]
                    f.weight += wt
                    if abs(v) > 0.2:  # the game points' sign (a dead deal: none)
                        f.decided += wt
                        if v > 0:
                            f.ours += wt
                solved.append(w)
                weights.append(wt)
            else:
                ws = rng.getrandbits(32) if crn else 0
                t0 = len(w.history)
                for i, code in enumerate(codes):
                    d = w.clone()
                    d.step(code)
                    rollout(d, StreamRand(ws) if crn else rand)
                    # outcome_value written out, its figures counted on the way (the same
                    # arithmetic, so the same worth to the last bit)
                    g0, g1 = d.game_change()
                    p0, p1 = d.points0, d.points1
                    if team:
                        gain, v = g1 - g0, (g1 - g0) + margin * (p1 - p0) / 29.0
                    else:
                        gain, v = g0 - g1, (g0 - g1) + margin * (p0 - p1) / 29.0
                    totals[i] += wt * v
                    f = figs[i]
                    f.weight += wt
                    f.card_points += wt * (p1 if team else p0)
                    if gain:
                        f.decided += wt
                        if gain > 0:
                            f.ours += wt
                    if len(d.history) > t0:
                        _lead, _cards, win, pts = d.history[t0]
                        f.trick += wt
                        f.trick_points += wt * pts
                        if (win & 1) == team:
                            f.trick_win += wt
                            if win == seat:
                                f.trick_own += wt
            n += 1
            wsum += wt
            if (n >= FLOOR_WORLDS or exact) and time.perf_counter() > deadline:
                break
        if solved and len(solved) != n:  # the exact search gave way to rollouts midway
            solved, weights = [], []
        self.estimates = Estimates("play", codes, [t / (wsum or 1.0) for t in totals], n,
                                   figures=figs, worlds=solved, weights=weights)
        best = max(range(len(codes)), key=lambda i: totals[i])
        if (binary or margin == 0.0) and n:
            # game points only: several cards may tie (the contract settled in every world);
            # then the card-sense policy picks among them in the last world, not code order
            top = totals[best]
            tied = [c for c, t in zip(codes, totals, strict=True) if t >= top - 1e-9]
            if len(tied) > 1:
                return ACTIONS[rollout_policy(w, tied, _zero)]
        return acts[best]
