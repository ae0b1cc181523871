"""A hint for the seat to move: the strongest bot's choice, why, and what each option is worth.

The hint is computed from the seat's **view only** (never the engine's state): the
``hard`` bot, seeded from the view itself (:func:`view_seed`), searches, and what its
search measured gives the numbers and the pick:

* card play and the trump choice: over the very worlds the search valued, each legal
  action's chance to make (or beat) the contract, your side's card points at the end of
  the deal and who takes the current trick; the pick is the best option on those figures
  (:func:`best_on_figures`), the search's worth deciding among options alike on them;
* the auction: with each possible trump, the points your side takes as bidder in the
  simulated deals, the chance of making each bid and its game points, beside the pass's:
  the contract a pass leaves standing, played in the same deals; the pick is the best row
  (:func:`best_row`);
* the optional calls (double, redouble, single hand): the search's choice, with the
  chance of the contract from a measurement of their own.

This module searches and measures; what a hint holds is :mod:`.hint_types`, the words
that explain it :mod:`.hint_words` (the names a caller needs are exported here too).

>>> from twentynine.engine.deal import Deal
>>> d = Deal.from_seed(4)
>>> h = hint(d.view(d.turn))
>>> h.action in d.legal_actions(), h.options[0].action == h.action
(True, True)
"""

from __future__ import annotations

import hashlib
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from ..bots import COACH_BOT, BaseBot, make_bot
from ..bots.calls import contract_ev, standing_results, standing_worth
from ..bots.medium import Estimates, Figures
from ..bots.search import MARGIN_WEIGHT, StreamRand, rollout, rollout_policy
from ..bots.worlds import WorldSampler
from ..engine.actions import DOUBLE_CODE, PASS_CODE, REDEAL_CODE, REDOUBLE_CODE, Action
from ..engine.deal import AUCTION, DEAL_OVER, PHASE_CODES, PLAY, TRUMP, Deal
from ..engine.scoring import pair_target
from ..engine.views import SeatView
from .hint_types import (
    CHANCE_NOISE,
    CHANCE_POINTS,
    NEAR_TIE,
    PICK_WINDOW,
    POINTS_NOISE,
    BidChance,
    Hint,
    NoHint,
    Option,
    figure_key,
    game_points,
    percent,
    plainness,
    shown_chance,
    shown_points,
    shown_worth,
)
from .hint_words import decided_made, figures, measured_reason, standing_words
from .phrases import action_words, contract_team, contract_words, seat_word, trump_label

MEASURE_WORLDS = 64
"""Worlds of the separate measurement where the search keeps no figures (the calls, a bot
without them)."""


TRUMP_MEASURE = 3
"""The trump choice is measured on this many times :data:`MEASURE_WORLDS` (its chances
decide between cards the search rates alike, and it comes once a deal)."""


FULL_CLOCK = 4.0
"""The hint's safety clock in seconds, the review's
(:data:`~twentynine.coach.review.REPLAY_TIME_CAP`): hard's own (0.35 s) stopped the
search on a busy machine before its sample counts (the exact endgame after two deals, or
34 of 80), and the review, searching the same view with the same seed to its counts,
then showed other figures and marked the very card suggested a mistake.  The sample
counts bound the search; the clock only stops a starved one."""
STRONGEST = COACH_BOT
"""The bot whose choice the hint gives (:data:`~twentynine.bots.COACH_BOT`, named in the
bots' registry), made exactly as the table makes it, with its own settings:
whatever ``hard`` is made of (its sample counts, inference, exact endgames, its clock),
the hint follows."""


def view_seed(view: SeatView) -> int:
    """A seed made from everything the view shows, so the same view always gets the same
    hint (and a different view, a fresh one).

    >>> from twentynine.engine.deal import Deal
    >>> d = Deal.from_seed(2)
    >>> view_seed(d.view(1)) == view_seed(Deal.from_seed(2).view(1))
    True
    """
    digest = hashlib.sha256(repr(view).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big")


# --------------------------------------------------------------------------- measuring


@dataclass(slots=True)
class _Tally:
    weight: float = 0.0
    worth: float = 0.0
    card_points: float = 0.0
    trick_weight: float = 0.0
    trick_win: float = 0.0
    trick_points: float = 0.0
    trick_own: float = 0.0
    made_weight: float = 0.0
    made: float = 0.0


def measure(view: SeatView, codes: list[int], n: int, rng: random.Random
            ) -> tuple[list[_Tally], list[Deal]]:
    """Play each code in ``n`` worlds consistent with ``view`` (weighted by the auction, as
    ``hard`` weights them) and finish the deal with the bots' rollout policy; tally your
    side's worth, card points, the current trick and the contract.  Also returns the
    worlds."""
    sampler = WorldSampler(view, infer=True, scale=0.5)
    team = view.team
    rand = rng.random
    tallies = [_Tally() for _ in codes]
    worlds = []
    for _ in range(n):
        w = sampler.sample(rng)
        worlds.append(w)
        wt = sampler.weight(w)
        t0 = len(w.history)
        for i, code in enumerate(codes):
            d = w.clone()
            d.step(code)
            t = tallies[i]
            if w.phase_code == PLAY:
                while d.phase_code == PLAY and len(d.history) == t0:
                    d.step(rollout_policy(d, d.legal_codes(), rand))
                if len(d.history) > t0:
                    _lead, _cards, win, pts = d.history[t0]
                    t.trick_weight += wt
                    t.trick_win += wt * ((win & 1) == team)
                    t.trick_own += wt * (win == view.seat)
                    t.trick_points += wt * pts
            if d.phase_code != DEAL_OVER:
                rollout(d, rand)
            out = d.outcome
            assert out is not None
            g = out.game_points
            p = d.points
            t.weight += wt
            t.worth += wt * ((g[team] - g[1 - team])
                             + MARGIN_WEIGHT * (p[team] - p[1 - team]) / 29.0)
            t.card_points += wt * p[team]
            if not out.dead and out.thrown_in is None:
                t.made_weight += wt
                t.made += wt * out.made
    return tallies, worlds


def _mean(num: float, den: float) -> float | None:
    return num / den if den > 0 else None


# --------------------------------------------------------------------------- the hint


def hint_bot(seed: int, time_cap: float | None = None) -> BaseBot:
    """The bot whose choice the hint gives: :data:`STRONGEST` with its own settings, as
    :func:`~twentynine.bots.make_bot` makes it for the table, but for its safety clock:
    :data:`FULL_CLOCK` (or ``time_cap``), the review's, so that its sample counts bound
    the search and the hint at the table and the review's grade of the same position
    show the same figures."""
    return make_bot(STRONGEST, seed=seed,
                    time_budget=FULL_CLOCK if time_cap is None else time_cap)


def hint(view: SeatView, *, seed: int | None = None, time_cap: float | None = None,
         worlds: int = MEASURE_WORLDS, bot: BaseBot | None = None) -> Hint:
    """The hint for ``view``'s seat, which must be the seat to move.

    ``hint_bot(view_seed(view)).choose(view, legal)`` searches; in card play and the trump
    choice the suggestion is the best option on the figures that search measured
    (:func:`best_on_figures`; :attr:`Hint.search_action` keeps the bot's own choice where
    it is another), elsewhere the bot's choice itself; the rest explains it.  (``bot``
    searches instead: tests use it, to be quick.)  Raises :class:`NoHint` if the seat has
    nothing to decide."""
    legal = list(view.legal_actions)
    if not legal:
        raise NoHint("there is nothing to hint: it is not this seat's turn")
    t_start = time.perf_counter()
    if seed is None:
        seed = view_seed(view)
    if bot is None:
        bot = hint_bot(seed, time_cap)
    action = bot.choose(view, legal)
    found = getattr(bot, "estimates", None)
    est = found if isinstance(found, Estimates) else None
    rng = random.Random(seed ^ 0x5EED5EED)
    phase = PHASE_CODES[view.phase]
    defending = contract_team(view) not in (None, view.team)
    if phase == AUCTION:
        pick, why, rows, n, trumps, bids, support = _auction_hint(view, legal, action, est,
                                                                  seed)
        return Hint(view.seat, view.phase.value, pick, why, rows, n, trumps, bids, support,
                    seed, time.perf_counter() - t_start,
                    None if pick == action else action, defending=defending,
                    standing=standing_words(view) if bids else "")
    search_action = action
    opts, samples, worlds_seen = _measure_options(view, legal, est, rng, worlds, seed)
    action, equal = best_on_figures(view, opts, action)
    ordered = _ordered(opts, action, equal, by_figures=phase in (PLAY, TRUMP))
    reason = measured_reason(view, legal, action, ordered, equal, worlds_seen, samples)
    return Hint(view.seat, view.phase.value, action, reason, ordered, samples, (), (), 0,
                seed, time.perf_counter() - t_start,
                None if action == search_action else search_action,
                tuple(o.words for o in equal), defending)


_Parts = tuple[Action, str, tuple[Option, ...], int, tuple[tuple[str, float], ...],
               tuple[BidChance, ...], int]


def _ordered(options: list[Option], action: Action, equal: Sequence[Option] = (),
             by_figures: bool = False) -> tuple[Option, ...]:
    """The suggestion first, then the rest best first: by the figures shown
    (:func:`figure_key`) in card play and the trump choice, else as the search rates them
    (with the options as good as the suggestion right after it)."""
    first = [o for o in options if o.action == action]
    if by_figures:
        return tuple(first + sorted((o for o in options if o.action != action),
                                    key=figure_key, reverse=True))
    first += list(equal)
    rest = sorted((o for o in options if o not in first),
                  key=lambda o: -9.0 if o.worth is None else -o.worth)
    return tuple(first + rest)


def best_on_figures(view: SeatView, options: Sequence[Option], action: Action
                    ) -> tuple[Action, tuple[Option, ...]]:
    """The suggestion in card play and the trump choice: the best option on the figures
    the hint shows (as printed: the chance in whole percent, card points to a tenth), and
    the options as good as it.

    1. the options with the best chance on the contract (a point below it, as printed,
       counts as the best: :data:`PICK_WINDOW`);
    2. of those, the ones with card points within :data:`POINTS_NOISE` of the most;
    3. of those, the ones the search rates within :data:`NEAR_TIE` game points of the best
       of them: the search's own choice if it is among them and the plainest
       (:func:`plainness`), else the plainest.

    So no option is shown more than a point likelier than the suggestion, none as likely
    with more card points, and among options alike on both the search's longer look
    decides.  The options as good are those within the noise of the pick on both figures
    (:data:`CHANCE_NOISE`, :data:`POINTS_NOISE`).  Other phases keep the search's
    ``action`` (their options are not ranked by a chance: a double, the auction)."""
    chosen = next((o for o in options if o.action == action), None)
    if chosen is None or PHASE_CODES[view.phase] not in (PLAY, TRUMP):
        return action, ()
    top = max(shown_chance(o) for o in options)
    group = [o for o in options if shown_chance(o) >= top - PICK_WINDOW]
    most = max(shown_points(o) for o in group)
    group = [o for o in group if shown_points(o) >= most - POINTS_NOISE - 1e-9]
    worths = [o.worth for o in group if o.worth is not None]
    if worths:
        best_worth = max(worths)
        group = [o for o in group if o.worth is None or o.worth >= best_worth - NEAR_TIE]
    if chosen in group and all(plainness(view, chosen) <= plainness(view, o) for o in group):
        pick = chosen
    else:
        pick = min(group, key=lambda o: (plainness(view, o), -(o.worth or 0.0)))
    # named in the table's order, best first ("A♥, 10♥, 9♦, Q♣" beside a table listing
    # 9♦, Q♣, A♥, 10♥ read as another ranking)
    equal = tuple(sorted((o for o in options if o is not pick
                          and abs(shown_chance(o) - shown_chance(pick)) <= CHANCE_POINTS
                          and abs(shown_points(o) - shown_points(pick)) <= POINTS_NOISE + 1e-9),
                         key=figure_key, reverse=True))
    return pick.action, equal


def best_row(options: Sequence[Option], action: Action) -> Action:
    """The suggestion in the auction: the best row of the bid table on the figure it
    shows (game points a deal, as printed), the bids' as bidder beside the pass's (the
    contract standing now, :func:`~twentynine.bots.calls.standing_worth`).  Of rows alike
    as printed, the search's own choice if it is one, else the pass, else the lowest bid;
    the search's choice stays where the table has no figure (a redeal)."""
    rows = [o for o in options if o.worth is not None and
            (o.action.bid is not None or o.action.code == PASS_CODE)]
    if not rows or all(o.action != action for o in rows):
        return action
    top = max(shown_worth(o) for o in rows)
    tied = [o for o in rows if shown_worth(o) == top]
    if any(o.action == action for o in tied):
        return action
    return min(tied, key=lambda o: -1 if o.action.bid is None else o.action.bid).action


def _auction_hint(view: SeatView, legal: list[Action], action: Action,
                  est: Estimates | None, seed: int) -> _Parts:
    rules = view.rules
    team = view.team
    codes = [a.code for a in legal]
    bids = sorted(a.bid for a in legal if a.bid is not None)
    if action.code == REDEAL_CODE:
        reason = ("Ask for a redeal: your four cards hold no point card and no suit of "
                  "three, so your side can hardly make a contract.")
        opts = [Option(a, action_words(a), None) for a in legal]
        return action, reason, _ordered(opts, action), 0, (), (), 0
    if est is None or est.phase != "bid" or not bids:
        opts = [Option(a, action_words(a), None) for a in legal]
        return action, ("Your only choice here." if len(legal) == 1 else
                        f"{action_words(action).capitalize()}."), \
            _ordered(opts, action), 0, (), (), 0
    table = est.table
    choices = est.choices
    # the deals the figures come from: the bid table's (a busy machine's clock may stop
    # it before every sampled world is played)
    simulated = max((len(res) for res in table), default=0)
    means = [sum(r[0] for r in res) / len(res) if res else 0.0 for res in table]
    trumps = tuple(sorted(((trump_label(c), m) for c, m, res in zip(choices, means, table,
                                                                      strict=True) if res),
                          key=lambda x: -x[1]))

    def chance(b: int) -> tuple[float, int]:
        """The best chance of making ``b``, and the trump that gives it (at the same
        chance as printed, the one taking more points)."""
        best_i, key = 0, (-1, -1.0)
        top = 0.0
        for i, res in enumerate(table):
            if not res:
                continue
            ok = 0
            for pts, pair_team, _shown in res:
                tgt = pair_target(rules, b, team, pair_team if pair_team >= 0 else None)
                ok += pts >= tgt
            c = ok / len(res)
            top = max(top, c)
            k = (int(f"{100 * c:.0f}"), means[i])
            if k > key:
                best_i, key = i, k
        return top, best_i

    def chance_with(b: int, i: int) -> float:
        res = table[i]
        if not res:
            return 0.0
        return sum(pts >= pair_target(rules, b, team, pt if pt >= 0 else None)
                   for pts, pt, _shown in res) / len(res)

    chances = []
    # partner's bid too, when partner holds it: the review speaks of it
    partner_high = view.bidder is not None and view.bidder == view.partner and \
        view.high_bid is not None
    first = min(min(bids), view.high_bid) if partner_high and view.high_bid else min(bids)
    for b in range(first, rules.max_bid + 1):
        c, _ = chance(b)
        ev = max((contract_ev(rules, team, b, r) for r in table if r), default=-1.0)
        chances.append(BidChance(b, c, ev))
    by_bid = {bc.bid: bc for bc in chances}
    # the pass row: the contract a pass leaves standing, played in the same worlds
    holder = view.bidder if view.bidder is not None and view.high_bid else None
    high = view.high_bid or 0
    held = standing_results(est.worlds, holder, high, seed) if holder is not None else []
    passing: float | None = standing_worth(rules, team, holder, high, held)
    held_made: float | None = None
    if holder is not None:
        if held:
            held_made = sum(pts >= pair_target(rules, high, holder & 1,
                                               pt if pt >= 0 else None)
                            for pts, pt, _shown in held) / len(held)
        else:
            passing = None  # no world measured: no figure
    opts = []
    for a in legal:
        if a.bid is not None:
            bc = by_bid[a.bid]
            opts.append(Option(a, action_words(a), bc.worth, means[chance(a.bid)[1]],
                               made=bc.chance))
        elif a.code == PASS_CODE:
            opts.append(Option(a, "pass", passing, made=held_made))
        else:
            opts.append(Option(a, action_words(a), None))
    pick = best_row(opts, action)
    support = max((b for b in bids if passing is None or
                   float(f"{by_bid[b].worth:.2f}") > float(f"{passing:.2f}")), default=0)
    lo = min(bids)
    if passing is None:
        pass_said = ""
    elif holder is None:
        pass_said = "a pass leaves no contract yet: 0.00"
    else:
        pass_said = (f"a pass leaves {standing_words(view)}, made in {percent(held_made)}: "
                     f"{game_points(passing)} for you")
    if pick.bid is not None:
        b = pick.bid
        c, ci = chance(b)
        reason = (f"Bid {b}: with {trump_label(choices[ci])} as trump you make {b} in "
                  f"{percent(c)} of the {simulated} deals consistent with your cards: "
                  f"{game_points(by_bid[b].worth)} game points a deal.")
        if PASS_CODE not in codes:
            reason = ("You must bid (no pass here). " if b == lo else
                      f"You must bid (no pass here): the lowest is {lo}. ") + reason
        elif pass_said:
            reason += f" {pass_said[0].upper()}{pass_said[1:]}."
        best_i = max(range(len(table)), key=lambda i: means[i])
        if means[best_i] > means[ci] + 0.05:
            # the trump that takes most on average (first in the points by trump) is not
            # the likeliest to make the bid: say so, or the two read as a contradiction
            reason += (f" ({trump_label(choices[best_i])} takes more, "
                       f"{means[best_i]:.1f}, but makes {b} in "
                       f"{percent(chance_with(b, best_i))}.)")
    elif pick.code == PASS_CODE:
        bc_lo = by_bid[lo]
        reason = "Pass: " + (f"{pass_said}; " if pass_said else "")
        reason += (f"bid {lo} is made in {percent(bc_lo.chance)} of the {simulated} deals "
                   f"consistent with your cards: {game_points(bc_lo.worth)} game points a "
                   f"deal as bidder.")
        top_bid = max(bids, key=lambda x: by_bid[x].worth)
        if top_bid != lo and by_bid[top_bid].worth > bc_lo.worth:
            reason += f" (Bid {top_bid}: {game_points(by_bid[top_bid].worth)}.)"
    else:
        reason = f"{action_words(pick).capitalize()}."
    return pick, reason, _ordered(opts, pick), simulated, trumps, tuple(chances), support


def _measure_options(view: SeatView, legal: list[Action], est: Estimates | None,
                     rng: random.Random, n: int, seed: int = 0
                     ) -> tuple[list[Option], int, list[Deal]]:
    """Every legal action with its figures; the number of deals they come from, and the
    worlds of a separate measurement (the single-hand offer reads its sweeps there).

    In card play and the trump choice the figures are the search's own, over the very
    worlds it valued and with their weights (:class:`~twentynine.bots.medium.Figures`):
    the chance on the contract, your side's card points, the current trick.  Where the
    search solved its worlds exactly (the last tricks), the solve gives the chance, and the
    card points and the trick are measured in those same worlds (:func:`_in_worlds`).
    Elsewhere (the calls, or a bot that keeps no figures) :func:`measure` plays every
    option in ``n`` worlds of its own."""
    codes = [a.code for a in legal]
    bidding = view.bidder is not None and (view.bidder & 1) == view.team
    contract = view.bidder is not None
    if est is not None and est.phase in ("play", "trump") and est.figures and \
            est.codes == codes:
        figs = est.figures
        if est.worlds:
            figs = _in_worlds(view, codes, est, seed)
        opts = []
        for a, worth, f in zip(legal, est.values, figs, strict=True):
            ours = _mean(f.ours, f.decided) if contract else None
            made = None if ours is None else (ours if bidding else 1.0 - ours)
            opts.append(Option(a, action_words(a), worth, _mean(f.card_points, f.weight),
                               _mean(f.trick_win, f.trick), _mean(f.trick_points, f.trick),
                               made, ours, _mean(f.trick_own, f.trick)))
        return opts, est.samples, []
    if PHASE_CODES[view.phase] == TRUMP:
        n *= TRUMP_MEASURE
    tallies, worlds = measure(view, codes, n if len(codes) > 1 else max(8, n // 4), rng)
    opts = []
    for a, t in zip(legal, tallies, strict=True):
        made = _mean(t.made, t.made_weight)
        ours = None if made is None or not contract else (made if bidding else 1.0 - made)
        opts.append(Option(a, action_words(a), _mean(t.worth, t.weight),
                           _mean(t.card_points, t.weight),
                           _mean(t.trick_win, t.trick_weight),
                           _mean(t.trick_points, t.trick_weight), made, ours,
                           _mean(t.trick_own, t.trick_weight)))
    if DOUBLE_CODE in codes or REDOUBLE_CODE in codes:
        opts = _one_chance(opts, tallies, bidding)
    return opts, len(worlds), worlds


def _one_chance(opts: list[Option], tallies: list[_Tally], bidding: bool
                ) -> list[Option]:
    """A double or redouble changes the stakes, not the play: every option gets the one
    chance of the contract and the one card points figure, over all the deals played."""
    made_w = sum(t.made_weight for t in tallies)
    weight = sum(t.weight for t in tallies)
    made = _mean(sum(t.made for t in tallies), made_w)
    cp = _mean(sum(t.card_points for t in tallies), weight)
    out = []
    for o in opts:
        ours = None if made is None or o.ours is None else (
            made if bidding else 1.0 - made)
        out.append(Option(o.action, o.words, o.worth, cp, o.trick_win, o.trick_points,
                          made, ours, o.trick_own))
    return out


def _in_worlds(view: SeatView, codes: list[int], est: Estimates, seed: int
               ) -> list[Figures]:
    """The search solved ``est.worlds`` exactly for the chance on the contract: the card
    points and the current trick, in those same worlds and with their weights, each
    option played out with the bots' rollout policy (every option meets the same random
    stream in a world)."""
    team, seat = view.team, view.seat
    figs = [Figures() for _ in codes]
    for k, (w, wt) in enumerate(zip(est.worlds, est.weights, strict=True)):
        t0 = len(w.history)
        for i, code in enumerate(codes):
            d = w.clone()
            d.step(code)
            rollout(d, StreamRand(seed + 7919 * k))
            f = figs[i]
            f.weight += wt
            f.card_points += wt * (d.points1 if team else d.points0)
            f.add_trick(d, t0, seat, wt)
    for f, old in zip(figs, est.figures, strict=True):
        f.ours, f.decided = old.ours, old.decided
    return figs


__all__ = [
    "CHANCE_NOISE",
    "FULL_CLOCK",
    "MEASURE_WORLDS",
    "NEAR_TIE",
    "PICK_WINDOW",
    "POINTS_NOISE",
    "STRONGEST",
    "BidChance",
    "Hint",
    "NoHint",
    "Option",
    "action_words",
    "best_on_figures",
    "best_row",
    "contract_words",
    "decided_made",
    "figure_key",
    "figures",
    "game_points",
    "hint",
    "hint_bot",
    "measure",
    "plainness",
    "seat_word",
    "shown_chance",
    "shown_points",
    "shown_worth",
    "standing_words",
    "view_seed",
]
