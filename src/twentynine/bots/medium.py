"""``medium``: flat Monte Carlo over sampled worlds with fast rollouts.

For every decision the bot samples hidden worlds consistent with its view
(:mod:`.worlds`), plays each legal action in each world and finishes the deal with a
cheap card-sense rollout policy, and picks the action with the best average worth
(game points first, card-point margin as a tie-break).  Bidding is simulated too: in
each world the bot plays the deal as bidder with each possible trump, and bids as high
as the simulated chance of making the bid stays good.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass, field

from ..actions import (
    ACTIONS,
    BID_BASE,
    NO_TRUMPS_CODE,
    PASS_CODE,
    REDEAL_CODE,
    SHOW_CODE,
    Action,
)
from ..deal import Deal
from ..views import SeatView
from .base import BaseBot
from .calls import (
    MIN_WORLDS,
    compete_call,
    hand_mask,
    no_trumps_ok,
    robust_bid,
    search_call,
    wants_redeal,
)
from .calls import best_bid as scored_bid
from .easy import trump_call
from .ismcts import search as tree_search
from .search import (
    MARGIN_WEIGHT,
    Rand,
    SearchTimeout,
    StreamRand,
    TunedRollout,
    aware_rollout,
    bid_table,
    declarer_rollout,
    hidden_draw_rollout,
    outcome_value,
    random_rollout,
    rollout,
    rollout_policy,
    rollout_to,
    smart_rollout,
    solve_root,
    tail_value,
    trump_choices,
)
from .worlds import WorldSampler


@dataclass(slots=True)
class Estimates:
    """What the bot's last search measured, for the coach (:mod:`twentynine.coach`).

    ``values[i]`` is the mean worth of ``codes[i]`` to the bot's team over the sampled
    worlds (game points won minus lost, plus the small card-margin tie-break of
    :func:`~.search.outcome_value`), weighted as the search weighted them.  For a bid,
    ``values`` is empty and ``table[i]`` holds the simulated results (team points, pair
    team, trump shown) with the trump choice ``choices[i]``; with ``compete_sim``,
    ``held`` the results of the current high bidder's contract in the same worlds."""

    phase: str
    codes: list[int]
    values: list[float]
    samples: int
    choices: list[int] = field(default_factory=list)
    table: list[list[tuple[int, int, bool]]] = field(default_factory=list)
    held: list[tuple[int, int, bool]] = field(default_factory=list)


def holder_trump(d: Deal, seat: int) -> int:
    """The trump ``seat``, bidder in world ``d`` (in the trump phase), is taken to choose
    when the auction's simulation plays its contract: ``easy``'s choice from the cards it
    holds (:func:`~.easy.trump_call`), a cheap stand-in for its own simulation; -1 when
    that offers nothing (the rollout then chooses)."""
    return trump_call(d.hands[seat], d.legal_codes())


def _zero() -> float:
    """A random stream that always says 0.0: the rollout policy's first preference."""
    return 0.0


class PairedRace:
    """Running paired differences between every two actions' worths over the sampled
    worlds (weighted), to stop sampling once the best action is clearly best.

    >>> r = PairedRace(2)
    >>> for a in (1.0, 0.0, 1.0, 1.0):
    ...     r.add([a, 0.0], 1.0)
    >>> r.settled(0, 4.0, 0.01)   # a lead of 0.75, standard error 0.25: not 4 of them
    False
    >>> for _ in range(60):
    ...     r.add([1.0, 0.0], 1.0)
    >>> r.settled(0, 4.0, 0.01)
    True
    """

    __slots__ = ("k", "q", "s", "w2", "wsum")

    def __init__(self, k: int) -> None:
        self.k = k
        self.s = [0.0] * (k * k)
        """Weighted sums of value i - value j (at i * k + j, i < j)."""
        self.q = [0.0] * (k * k)
        """Weighted sums of their squares."""
        self.wsum = 0.0
        self.w2 = 0.0

    def add(self, vals: list[float], wt: float) -> None:
        """One world's worth of each action, with the world's weight."""
        k = self.k
        s = self.s
        q = self.q
        for i in range(k - 1):
            vi = vals[i]
            base = i * k
            for j in range(i + 1, k):
                d = vi - vals[j]
                s[base + j] += wt * d
                q[base + j] += wt * d * d
        self.wsum += wt
        self.w2 += wt * wt

    def settled(self, best: int, z: float, eps: float) -> bool:
        """Whether ``best`` leads every other action by more than ``z`` standard errors of
        the paired difference, or by surely less than ``eps`` (equivalent choices)."""
        w = self.wsum
        if w <= 0.0 or self.w2 <= 0.0:
            return False
        neff = w * w / self.w2
        if neff < 2.0:
            return False
        k = self.k
        for j in range(k):
            if j == best:
                continue
            if best < j:
                idx = best * k + j
                m = self.s[idx] / w
            else:
                idx = j * k + best
                m = -self.s[idx] / w
            var = self.q[idx] / w - m * m
            se = math.sqrt(max(var, 0.0) / (neff - 1.0))
            if m - z * se > 0.0 or m + z * se < eps:
                continue
            return False
        return True


class MediumBot(BaseBot):
    """Samples worlds and rolls each legal action out in them."""

    name = "medium"
    bid_factor = 1.0
    """The auction's time cap as a multiple of ``time_budget`` unless ``bid_time`` is given."""

    def __init__(self, seed: int | None = None, time_budget: float = 0.5,
                 samples: int = 48, bid_samples: int = 64, bid_threshold: float = 0.0,
                 partner_margin: int = 2, infer: bool = False, exact_tricks: int = 0,
                 policy: str = "heuristic", oversample: int = 1,
                 compete_threshold: float | None = -0.25,
                 bid_time: float | None = None, infer_scale: float = 1.0,
                 bid_policy: str | None = None, no_ask: float = 0.0,
                 crn: bool = False, margin_weight: float = MARGIN_WEIGHT,
                 exact_binary: bool = False, exact_samples: int = 0,
                 tail_exact: int = 0,
                 bid_cv: bool = False, bid_shrink: float = 0.0,
                 marker_tilt: float = 0.5, ask_margin: float = 0.0,
                 exact_grow: float = 1.0,
                 compete_sim: bool = False, play_infer: float = 0.0,
                 race: float = 0.0, race_floor: float = 0.25, race_grow: float = 3.0,
                 race_eps: float = 0.01, ismcts_tricks: int = 0, ismcts_c: float = 0.7,
                 ismcts_iters: int = 0, ismcts_seats: str = "all",
                 lead_master: float = 0.75, ask_high: float = 0.75, ask_low: float = 0.2,
                 tune_bid: bool = False, play_scale: float | None = None,
                 bid_model: float = 0.0, auction_bid_model: float = 0.0) -> None:
        super().__init__(seed=seed, time_budget=time_budget)
        self.bid_model = float(bid_model)
        """With ``infer``: card play reads the other seats' bids through the model of what
        ``hard`` bids with which first four, at this strength (its log-odds multiplied by
        it), in place of the strength tilt (:class:`~.worlds.WorldSampler`); 0: the tilt."""
        self.auction_bid_model = float(auction_bid_model)
        """The same for the worlds of the auction, trump and doubling decisions."""
        self.infer_scale = float(infer_scale)
        self.play_scale = self.infer_scale if play_scale is None else float(play_scale)
        """How strongly card play's worlds are tilted by the auction's evidence (with the
        marker's suit and quiet discards), as ``infer_scale`` is for the auction's own
        worlds; None: the same."""
        self.bid_time = float(time_budget * self.bid_factor if bid_time is None else bid_time)
        """The clock's cap in seconds for the auction, trump and doubling decisions (play
        uses time_budget).  The search is bounded by its sample counts; the clock only stops
        it on a machine too busy to finish them, so with the defaults the same seed gives
        the same decisions."""
        self.samples = int(samples)
        self.bid_samples = int(bid_samples)
        self.bid_threshold = float(bid_threshold)
        self.compete_threshold = (self.bid_threshold if compete_threshold is None
                                  else float(compete_threshold))
        self.partner_margin = int(partner_margin)
        self.infer = bool(infer)
        self.exact_tricks = int(exact_tricks)
        self.oversample = max(1, int(oversample))
        self.crn = bool(crn)
        """Common random numbers: in each world every candidate action's rollout draws the
        same random stream, so the comparison between actions sees less noise."""
        self.margin_weight = float(margin_weight)
        """Card play's worth: game points plus this weight x card-point margin / 29 (0:
        game points only, the chance of reaching the target; the auction keeps the default)."""
        self.exact_binary = bool(exact_binary)
        """The exact endgame's worth is game points only, and it asks only whether the
        bidding team reaches its target (a null-window search that stops once that is
        settled): several times fewer nodes."""
        self.exact_samples = int(exact_samples)
        """Worlds solved exactly per card at most (0: ``samples``), at ``exact_tricks``
        tricks left."""
        self.exact_grow = float(exact_grow)
        """With ``exact_samples``: the exact worlds grow by this factor per trick fewer left
        (up to ``samples``), as each trick less makes a world several times cheaper to solve
        (5 tricks left 5.4 ms, 4 left 1.0 ms, 3 left 0.24 ms compiled, binary): 1 keeps
        ``exact_samples`` at every trick."""
        self.tail_exact = int(tail_exact)
        """Card play's rollouts stop this many tricks before the end (0: never) and the rest
        is solved exactly on game points (:func:`~.search.tail_value`): the rollout policy's
        endgame errors (a discard where trumping makes the contract) leave the estimate."""
        self.bid_cv = bool(bid_cv)
        """Value each bid by the trump choice picked on half the auction's worlds and
        valued on the other half (both ways), not by the largest of the choices' means,
        which is biased upward (the winner's curse)."""
        self.bid_shrink = float(bid_shrink)
        """Standard errors taken off each trump choice's simulated value before the
        auction takes the best (0: none)."""
        self.marker_tilt = float(marker_tilt)
        """With a marker, how strongly card play believes the hidden trump is the bidder's
        long suit (log-weight per card; 0.5 as the sampler was designed)."""
        self.ask_margin = float(ask_margin)
        """Game points by which asking for trump must beat the best card, for a seat that is
        not the bidder (it cannot know it holds a trump): the rollouts play on as if a
        revealed trump cost nothing, so asking blind looks better than it is."""
        self.compete_sim = bool(compete_sim)
        """Once a seat holds the bid, bid or pass by comparing the two in the auction's own
        worlds: bidding is worth our contract at the lowest legal bid, passing the
        current holder's contract at its bid as the same worlds play it out (against an
        opponent: minus its value, every deal being zero-sum), in place of the fixed
        thresholds (``compete_threshold``, ``partner_margin``).  The opening seats keep
        the threshold."""
        self.race = float(race)
        """Card play spends its worlds where the choice is close (0: off, a fixed count):
        after ``race_floor`` x the usual count of worlds it stops as soon as, against every
        other card, the best card's mean worth leads by more than ``race`` standard errors
        of their paired difference (or trails it by less than ``race_eps`` game points at
        most: the choice hardly matters), and goes on up to ``race_grow`` x the usual count
        while it does not (the clock's cap still stops it)."""
        self.race_floor = float(race_floor)
        self.race_grow = float(race_grow)
        self.race_eps = float(race_eps)
        self.ismcts_tricks = int(ismcts_tricks)
        """Card play in the first this many tricks (0: none) is an information-set tree
        search over the sampled worlds (:mod:`.ismcts`) instead of the flat one: one tree
        keyed on what the seat sees, so no seat's choice in it depends on cards it cannot
        see.  Exact endgames (``exact_tricks``) still take over where they apply."""
        self.ismcts_c = float(ismcts_c)
        """The tree search's exploration constant (UCB1, worths in game points)."""
        self.ismcts_iters = int(ismcts_iters)
        """The tree search's iterations per legal action (0: ``samples``, the flat search's
        count of rollouts); each iteration is one rollout."""
        if ismcts_seats not in ("all", "side", "self"):
            raise ValueError(f"ismcts_seats must be all, side or self, not {ismcts_seats!r}")
        self.ismcts_seats = str(ismcts_seats)
        """Who chooses in the tree: "all" (the four seats, SO-ISMCTS), "side" (the seat and
        its partner) or "self" (the seat alone); the others play the rollout policy with
        their cards in each world (an opponent in the tree cannot use its own hand)."""
        self.no_ask = float(no_ask)
        """Inference from a seat that discarded without asking for trump (0: none)."""
        self.play_infer = float(play_infer)
        """Card play's inference from the cards the other seats played (with ``infer``):
        each card weighs a world by its likelihood under a model of play fitted to hard's
        games (:func:`~.worlds.play_surprise`), to this power; 0: none."""
        policies = {"heuristic": rollout, "smart": smart_rollout, "aware": aware_rollout,
                    "declarer": declarer_rollout, "declarer_hidden": hidden_draw_rollout}
        self.rollout = policies.get(policy, random_rollout)
        """The rollout policy of card play."""
        self.bid_rollout = policies.get(bid_policy or policy, random_rollout)
        """The rollout policy of the auction and trump decisions."""
        tuned = (float(lead_master), float(ask_high), float(ask_low))
        if tuned != (0.75, 0.75, 0.2):
            # the heuristic policy at other probabilities (for card play; with
            # ``tune_bid`` for the auction and trump too, where it is the heuristic)
            if policy == "heuristic":
                self.rollout = TunedRollout(*tuned)
            if tune_bid and (bid_policy or policy) == "heuristic":
                self.bid_rollout = TunedRollout(*tuned)
        self.estimates: Estimates | None = None
        """What the last decision's search measured (None when it searched nothing)."""

    # ------------------------------------------------------------------ entry
    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """The action with the best simulated worth."""
        acts = list(legal)
        self.estimates = None
        if len(acts) == 1:
            return acts[0]
        start = time.perf_counter()
        phase = view.phase.value
        if phase == "play":
            return self._play(view, acts, start + self.time_budget)
        deadline = start + self.bid_time
        if phase == "auction":
            return self._bid(view, acts, deadline)
        # doubling and single-hand offers (calls.py); the trump choice: simulate each option
        call = search_call(view, acts, lambda n: self._worlds(view, n, deadline),
                           self.bid_samples, self.bid_rollout, self.rng.random, deadline)
        if call is not None:
            return call
        if len(acts) > 1 and not no_trumps_ok(hand_mask(view)):
            acts = [a for a in acts if a.code != NO_TRUMPS_CODE] or acts
        return self._trump(view, acts, deadline)

    # ------------------------------------------------------------------ worlds
    def _auction_sampler(self, view: SeatView) -> WorldSampler:
        """The worlds of the auction, trump and doubling decisions, weighted by the
        inference."""
        return WorldSampler(view, infer=self.infer, scale=self.infer_scale,
                            bid_model=self.auction_bid_model)

    def _worlds(self, view: SeatView, n: int, deadline: float) -> list[Deal]:
        """``n`` worlds; with inference, resampled by their likelihood."""
        sampler = self._auction_sampler(view)
        rng = self.rng
        if not self.infer or self.oversample == 1:
            return sampler.sample_many(rng, n)
        pool = []
        weights = []
        for _ in range(n * self.oversample):
            w = sampler.sample(rng)
            pool.append(w)
            weights.append(sampler.weight(w))
            if time.perf_counter() > deadline:
                break
        return rng.choices(pool, weights=weights, k=n)

    # ------------------------------------------------------------------ auction
    def _bid(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        codes = [a.code for a in acts]
        if REDEAL_CODE in codes and wants_redeal(view):
            return ACTIONS[REDEAL_CODE]  # a hopeless four: ask for a new deal
        can_pass = PASS_CODE in codes
        bids = [c - BID_BASE for c in codes if BID_BASE <= c < PASS_CODE]
        if not bids:
            return ACTIONS[PASS_CODE] if can_pass else acts[0]
        lo = min(bids)
        sim_deadline = deadline - 0.1 * self.bid_time
        worlds = self._worlds(view, self.bid_samples, sim_deadline)
        seat = view.seat
        choices = trump_choices(worlds[0], seat)
        rand: Rand = self.rng.random
        bidder = view.bidder
        holder = (bidder if self.compete_sim and view.high_bid and bidder is not None
                  and bidder != seat else -1)  # -1: no holder's contract to play
        held: list[tuple[int, int, bool]] = []
        table = bid_table(worlds, seat, choices, rand, sim_deadline, self.bid_rollout,
                          self.crn, holder, view.high_bid or 0, holder_trump, held)
        self.estimates = Estimates("bid", codes, [], len(worlds), list(choices),
                                   [list(r) for r in table], held)
        rules = view.rules
        opponents_high = view.bidder is not None and (view.bidder & 1) != (seat & 1)
        threshold = self.compete_threshold if opponents_high else self.bid_threshold
        if self.bid_cv or self.bid_shrink:
            top = robust_bid(rules, seat & 1, table, threshold, self.bid_shrink, self.bid_cv)
        else:
            top = scored_bid(rules, seat & 1, table, threshold)  # big bids, half loss
        if not can_pass:
            return ACTIONS[BID_BASE + lo]
        if holder >= 0 and view.high_bid and len(held) >= MIN_WORLDS:
            return ACTIONS[compete_call(rules, seat & 1, lo, table, holder & 1,
                                        view.high_bid, held)]
        partner_high = view.bidder is not None and view.bidder == view.partner
        if partner_high and view.high_bid and top < view.high_bid + self.partner_margin:
            return ACTIONS[PASS_CODE]
        if top >= lo:
            return ACTIONS[BID_BASE + lo]
        return ACTIONS[PASS_CODE]

    # ------------------------------------------------------------------ trump choice
    def _trump(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        worlds = self._worlds(view, self.bid_samples, deadline)
        codes = [a.code for a in acts]
        team = view.team
        rand: Rand = self.rng.random
        totals = [0.0] * len(codes)
        n = 0
        crn = self.crn
        for w in worlds:
            ws = self.rng.getrandbits(32) if crn else 0
            for i, code in enumerate(codes):
                d = w.clone()
                d.step(code)
                self.bid_rollout(d, StreamRand(ws) if crn else rand)
                totals[i] += outcome_value(d, team)
            n += 1
            if time.perf_counter() > deadline:
                break
        self.estimates = Estimates("trump", codes, [t / max(n, 1) for t in totals], n)
        best = max(range(len(codes)), key=lambda i: totals[i])
        return acts[best]

    # ------------------------------------------------------------------ play
    def _play_sampler(self, view: SeatView) -> WorldSampler:
        """Card play's worlds: the deals the view allows, weighted by the inference."""
        return WorldSampler(view, infer=self.infer, scale=self.play_scale,
                            no_ask=self.no_ask, marker_tilt=self.marker_tilt,
                            play_infer=self.play_infer, bid_model=self.bid_model)

    def _play(self, view: SeatView, acts: list[Action], deadline: float) -> Action:
        codes = [a.code for a in acts]
        team = view.team
        sampler = self._play_sampler(view)
        rng = self.rng
        rand: Rand = rng.random
        tricks_left = 8 - len(view.tricks)
        exact = tricks_left <= self.exact_tricks
        margin = self.margin_weight
        binary = self.exact_binary
        tail = self.tail_exact if tricks_left > self.tail_exact else 0
        if not exact and len(view.tricks) < self.ismcts_tricks:
            return self._play_tree(view, acts, codes, sampler, deadline)
        totals = [0.0] * len(codes)
        n = 0
        wsum = 0.0
        limit = self.samples
        if exact and self.exact_samples:
            grown = self.exact_samples * self.exact_grow ** (self.exact_tricks - tricks_left)
            limit = min(self.samples, max(self.exact_samples, int(grown)))
        race = PairedRace(len(codes)) if self.race > 0 else None
        floor = limit
        if race is not None:
            floor = max(8, int(limit * self.race_floor))
            limit = max(floor, int(limit * self.race_grow))
        vals = [0.0] * len(codes)
        while n < limit:
            w = sampler.sample(rng)
            wt = sampler.weight(w) if self.infer else 1.0
            if exact:
                try:
                    vals = solve_root(w, codes, team, deadline, margin, binary)
                except SearchTimeout:
                    if n:
                        break
                    exact = False  # too slow here: roll out instead
                    limit = self.samples
                    if race is not None:
                        floor = max(8, int(limit * self.race_floor))
                        limit = max(floor, int(limit * self.race_grow))
                    continue
                for i, v in enumerate(vals):
                    totals[i] += wt * v
            else:
                ws = rng.getrandbits(32) if self.crn else 0
                for i, code in enumerate(codes):
                    d = w.clone()
                    d.step(code)
                    r = StreamRand(ws) if self.crn else rand
                    if tail:
                        rollout_to(d, r, tail)
                        v = tail_value(d, team)
                    else:
                        self.rollout(d, r)
                        v = outcome_value(d, team, margin)
                    vals[i] = v
                    totals[i] += wt * v
            n += 1
            wsum += wt
            if race is not None:
                race.add(vals, wt)
                if n >= floor and not n & 15:
                    lead = max(range(len(codes)), key=lambda i: totals[i])
                    if race.settled(lead, self.race, self.race_eps):
                        break
            if time.perf_counter() > deadline:
                break
        if self.ask_margin and SHOW_CODE in codes and view.bidder != view.seat:
            totals[codes.index(SHOW_CODE)] -= self.ask_margin * wsum
        self.estimates = Estimates("play", codes, [t / (wsum or 1.0) for t in totals], n)
        best = max(range(len(codes)), key=lambda i: totals[i])
        if (binary or margin == 0.0) and n:
            # game points only: several cards may tie (the contract settled in every world);
            # then the card-sense policy picks among them in the last world, not code order
            top = totals[best]
            tied = [c for c, t in zip(codes, totals, strict=True) if t >= top - 1e-9]
            if len(tied) > 1:
                return ACTIONS[rollout_policy(w, tied, _zero)]
        return acts[best]

    def _play_tree(self, view: SeatView, acts: list[Action], codes: list[int],
                   sampler: WorldSampler, deadline: float) -> Action:
        """Card play by the information-set tree search (:func:`~.ismcts.search`) over a
        pool of ``samples`` worlds, each drawn by its inference weight."""
        rng = self.rng
        iters = (self.ismcts_iters or self.samples) * len(codes)
        pool: list[Deal] = []
        weights: list[float] = []
        while len(pool) < self.samples:
            w = sampler.sample(rng)
            pool.append(w)
            weights.append(sampler.weight(w) if self.infer else 1.0)
            if not len(pool) & 15 and time.perf_counter() > deadline:
                break
        me = view.seat
        seats = {"self": 1 << me, "side": (1 << me) | (1 << (me ^ 2))}.get(
            self.ismcts_seats, 15)
        visits, means = tree_search(pool, weights, codes, iters, self.ismcts_c, rng,
                                    deadline, self.rollout, self.margin_weight, seats)
        team = view.team
        values = [m if team == 0 else -m for m in means]
        self.estimates = Estimates("play", codes, values, sum(visits))
        best = 0
        for i in range(len(codes)):
            if visits[i] > visits[best] or (visits[i] == visits[best]
                                            and values[i] > values[best]):
                best = i
        return acts[best]
