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

>>> from twentynine.deal import Deal
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
from dataclasses import dataclass, field

from ..actions import (
    DOUBLE_CODE,
    PAIR_CODE,
    PASS_CODE,
    REDEAL_CODE,
    REDOUBLE_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    Action,
)
from ..bots import COACH_BOT, BaseBot, make_bot
from ..bots.calls import contract_ev, standing_results, standing_worth, sweep_chance
from ..bots.medium import Estimates, Figures
from ..bots.search import MARGIN_WEIGHT, StreamRand, rollout, rollout_policy
from ..bots.worlds import WorldSampler
from ..deal import AUCTION, DEAL_OVER, PHASE_CODES, PLAY, TRUMP, Deal
from ..scoring import pair_target, result_decided
from ..views import SeatView
from .reasons import card_reason
from .text import action_words, contract_team, contract_words, seat_word, trump_label

MEASURE_WORLDS = 64
"""Worlds of the separate measurement where the search keeps no figures (the calls, a bot
without them)."""
TRUMP_MEASURE = 3
"""The trump choice is measured on this many times :data:`MEASURE_WORLDS` (its chances
decide between cards the search rates alike, and it comes once a deal)."""
NEAR_TIE = 0.05
"""Game points a deal within which the search cannot tell two options apart: among
options alike on the figures shown, the plainer card goes first unless the search rates
it this much lower (:func:`best_on_figures`)."""
CHANCE_NOISE = 0.03
"""Contract chances closer than this are the same chance."""
POINTS_NOISE = 0.3
"""Expected card points closer than this are the same points."""
STRONGEST = COACH_BOT
"""The bot whose choice the hint gives (:data:`~twentynine.bots.COACH_BOT`, named in the
bots' registry), made exactly as the table makes it, with its own settings:
whatever ``hard`` is made of (its sample counts, inference, exact endgames, its clock),
the hint follows."""


class NoHint(ValueError):
    """A hint was asked for a seat that has no decision to make."""


def view_seed(view: SeatView) -> int:
    """A seed made from everything the view shows, so the same view always gets the same
    hint (and a different view, a fresh one).

    >>> from twentynine.deal import Deal
    >>> d = Deal.from_seed(2)
    >>> view_seed(d.view(1)) == view_seed(Deal.from_seed(2).view(1))
    True
    """
    digest = hashlib.sha256(repr(view).encode("utf-8")).digest()
    return int.from_bytes(digest[:4], "big")


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action and what it is worth to the player's side."""

    action: Action
    words: str
    """The action in plain words: ``J♣``, ``bid 17``, ``ask for trump``."""
    worth: float | None
    """Expected game points a deal for your side (won minus lost, with a small card-point
    tie-break), as the search estimated it; None where nothing was simulated."""
    card_points: float | None = None
    """Expected card points of your side at the end of the deal."""
    trick_win: float | None = None
    """Card play: the chance your side takes the current trick."""
    trick_points: float | None = None
    """Card play: the points the current trick carries on average."""
    made: float | None = None
    """The chance the contract is made (by whichever side bid)."""
    ours: float | None = None
    """The chance your side gets its way on the contract: makes it if your side bid, beats
    it if the other side did (None where nothing was simulated, or no contract yet)."""
    trick_own: float | None = None
    """Card play: the chance this very card (not partner's) takes the current trick."""


@dataclass(frozen=True, slots=True)
class BidChance:
    """One bid in the auction: the chance of making it with your best trump, and its
    expected game points for your side."""

    bid: int
    chance: float
    worth: float


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggestion for one decision."""

    seat: int
    phase: str
    action: Action
    """The suggestion: in card play and the trump choice the best option on the figures
    shown (:func:`best_on_figures`), in the auction the best row of the bid table
    (:func:`best_row`), elsewhere the strongest bot's choice for this view and seed (that
    choice is always ``search_action or action``)."""
    reason: str
    options: tuple[Option, ...]
    """Every legal action: the suggestion first, then the others best first."""
    worlds: int
    """How many deals consistent with the view the figures shown come from (in card play
    and the trump choice, the worlds the bot's search valued)."""
    trumps: tuple[tuple[str, float], ...] = ()
    """Auction: the points your side takes on average as bidder with each trump."""
    bids: tuple[BidChance, ...] = ()
    """Auction: every bid you may make, with its chance and worth."""
    support: int = 0
    """Auction: the highest legal bid your cards support: its game points a deal as
    bidder above the pass row's (as printed), 0 if none."""
    seed: int = 0
    seconds: float = field(default=0.0, compare=False)
    search_action: Action | None = None
    """The strongest bot's own choice where the hint's pick, the best option on the figures
    it shows, is another (None: the suggestion is that choice)."""
    equal: tuple[str, ...] = ()
    """Other options as good as the suggestion by every figure (within the search's
    noise, the same chance on the contract and the same card points)."""
    defending: bool = False
    """The other side holds the contract: the chance shown is the chance to beat it."""
    standing: str = ""
    """Auction: the contract a pass leaves standing, whose worth the pass row shows
    (``West's 17``, ``partner's 16``, ``no contract yet``)."""

    def option(self, action: Action) -> Option | None:
        """The option for ``action``, if it is legal."""
        for o in self.options:
            if o.action == action:
                return o
        return None


def _pct(x: float | None) -> str:
    return "?" if x is None else f"{100 * x:.0f}%"


def game_points(x: float) -> str:
    """Game points a deal as the bid table prints them: ``+0.11``, ``-0.27``, and ``0.00``
    for what rounds to nothing (never ``-0.00``)."""
    text = f"{x:+.2f}"
    return "0.00" if text in ("+0.00", "-0.00") else text


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
    :func:`~twentynine.bots.make_bot` makes it for the table.  ``time_cap`` replaces its
    safety clock only (tests and the review pass a generous one, so that a busy machine
    cannot cut the search short); its sample counts bound the search either way."""
    if time_cap is None:
        return make_bot(STRONGEST, seed=seed)
    return make_bot(STRONGEST, seed=seed, time_budget=time_cap)


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
    reason = _measured_reason(view, legal, action, ordered, equal, worlds_seen, samples)
    return Hint(view.seat, view.phase.value, action, reason, ordered, samples, (), (), 0,
                seed, time.perf_counter() - t_start,
                None if action == search_action else search_action,
                tuple(o.words for o in equal), defending)


_Parts = tuple[Action, str, tuple[Option, ...], int, tuple[tuple[str, float], ...],
               tuple[BidChance, ...], int]


def shown_chance(o: Option) -> int:
    """The chance on the contract as the hint prints it, in whole percent (-1: none)."""
    return -1 if o.ours is None else int(f"{100 * o.ours:.0f}")


def shown_points(o: Option) -> float:
    """Your side's card points as the hint prints them, to a tenth (-1: none)."""
    return -1.0 if o.card_points is None else float(f"{o.card_points:.1f}")


def figure_key(o: Option) -> tuple[int, float, float]:
    """How the figures shown rank an option (larger: better): the chance on the contract,
    then card points, then the search's worth."""
    return (shown_chance(o), shown_points(o), -9.0 if o.worth is None else o.worth)


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


def plainness(view: SeatView, o: Option) -> tuple[int, int, int]:
    """How plain an option is (smaller: plainer): a card before a call, a card that is not
    a known trump before one that is, fewer points, a lower rank."""
    card = o.action.card
    if card is None:
        return (3, 0, 0)
    trump = view.trump_suit if view.trump_suit is not None and view.trump_suit >= 0 \
        else None
    return (int(card.suit == trump), card.points, -card.rank)


CHANCE_POINTS = round(100 * CHANCE_NOISE)
""":data:`CHANCE_NOISE` in the whole percent the hint prints."""
PICK_WINDOW = 1
"""Chances as printed (whole percent) at most this far below the best are the best chance
for the pick: the card points decide between them."""


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
    equal = tuple(o for o in options if o is not pick
                  and abs(shown_chance(o) - shown_chance(pick)) <= CHANCE_POINTS
                  and abs(shown_points(o) - shown_points(pick)) <= POINTS_NOISE + 1e-9)
    return pick.action, equal


def standing_words(view: SeatView) -> str:
    """The contract standing in the auction, as a pass leaves it: ``West's 17``,
    ``partner's 16``; ``no contract`` before anyone has bid."""
    if view.bidder is None or not view.high_bid:
        return "no contract yet"
    return f"{seat_word(view, view.bidder)}'s {view.high_bid}"


def shown_worth(o: Option) -> float:
    """A bid table row's figure as the hint prints it: game points a deal, to a
    hundredth (-9: none)."""
    return -9.0 if o.worth is None else float(f"{o.worth:.2f}")


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
        pass_said = (f"a pass leaves {standing_words(view)}, made in {_pct(held_made)}: "
                     f"{game_points(passing)} for you")
    if pick.bid is not None:
        b = pick.bid
        c, ci = chance(b)
        reason = (f"Bid {b}: with {trump_label(choices[ci])} as trump you make {b} in "
                  f"{_pct(c)} of the {simulated} deals consistent with your cards: "
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
                       f"{_pct(chance_with(b, best_i))}.)")
    elif pick.code == PASS_CODE:
        bc_lo = by_bid[lo]
        reason = "Pass: " + (f"{pass_said}; " if pass_said else "")
        reason += (f"bid {lo} is made in {_pct(bc_lo.chance)} of the {simulated} deals "
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


def _measured_reason(view: SeatView, legal: list[Action], action: Action,
                     ordered: tuple[Option, ...], equal: Sequence[Option],
                     worlds: list[Deal], samples: int = 0) -> str:
    codes = [a.code for a in legal]
    phase = PHASE_CODES[view.phase]
    if len(legal) == 1:
        return f"{action_words(action).capitalize()}: your only legal action."
    if phase == PLAY:
        return _play_reason(view, ordered, equal, samples)
    if DOUBLE_CODE in codes or REDOUBLE_CODE in codes:
        return _double_reason(view, ordered)
    if SINGLE_HAND_CODE in codes:
        return _single_reason(view, action, worlds)
    return _trump_reason(view, ordered, equal, samples)


def decided_made(view: SeatView) -> bool | None:
    """Whether the bidders have made their contract (True) or can no longer make it
    (False), where the deal's result is decided as the table decides it (the same
    :func:`~twentynine.scoring.result_decided` that offers ``f``, finish the deal); None
    while it is not."""
    if not result_decided(view) or view.bidder is None or view.target is None:
        return None
    return view.points[view.bidder & 1] >= view.target


def figures(view: SeatView, o: Option) -> str:
    """What an option brings, in the figures a player thinks in: the chance to make (or
    beat) the contract, then your side's card points.  "Whatever happens now" and "cannot
    ... any more" are said exactly where the result is decided (:func:`decided_made`), as
    the table offers to finish the deal; a chance that merely rounds to certain is "over
    99%" (or "under 1%")."""
    parts = []
    defending = contract_team(view) not in (None, view.team)
    verb = "beat" if defending else "make"
    contract = contract_words(view)
    made = decided_made(view) if PHASE_CODES[view.phase] == PLAY else None
    if made is not None:
        if made != defending:
            parts.append(f"your side {verb}s {contract} whatever happens now")
        else:
            parts.append(f"your side cannot {verb} {contract} any more")
    elif o.ours is not None:
        if o.ours >= 0.995:
            parts.append(f"your side: over 99% to {verb} {contract}")
        elif o.ours <= 0.005:
            parts.append(f"your side: under 1% to {verb} {contract}")
        else:
            parts.append(f"your side: {_pct(o.ours)} to {verb} {contract}")
    if o.card_points is not None:
        parts.append(f"{o.card_points:.1f} card points on average")
    if not parts:
        return ""
    text = ", ".join(parts)
    return text[0].upper() + text[1:] + "."


def _deals(samples: int) -> str:
    return f"{samples} deals" if samples else "the deals simulated"


def _versus(view: SeatView, best: Option, alt: Option, equal: Sequence[Option],
            samples: int = 0) -> str:
    """One sentence on the next option: as good, or which figure it loses on (the figures
    as shown; a difference within the noise is called so)."""
    if equal and alt in equal:
        names = ", ".join(o.words for o in equal)
        verb = "is" if len(equal) == 1 else "are"
        return (f"{names} {verb} as good (the same chance and card points, within the "
                f"noise of {_deals(samples)}).")
    dc = shown_chance(best) - shown_chance(alt)
    dp = shown_points(best) - shown_points(alt)
    fewer = dp >= POINTS_NOISE - 1e-9
    more = -dp >= POINTS_NOISE - 1e-9
    has_chance = best.ours is not None and alt.ours is not None
    if has_chance and dc > CHANCE_POINTS:
        text = f"With {alt.words}: {_pct(alt.ours)}"
        if fewer:
            text += f", {dp:.1f} card points fewer"
        elif more:
            text += f" (though {-dp:.1f} card points more)"
        return text + "."
    if fewer:
        if not has_chance or dc == 0:
            return f"{alt.words}: the same chance, {dp:.1f} card points fewer."
        return (f"{alt.words}: {_pct(alt.ours)} (the same chance within the noise of "
                f"{_deals(samples)}), {dp:.1f} card points fewer.")
    if more and has_chance:
        return f"{alt.words}: {-dp:.1f} card points more, but {_pct(alt.ours)}."
    if best.worth is not None and alt.worth is not None and \
            best.worth - alt.worth >= NEAR_TIE:
        return (f"{alt.words}: alike on these figures, but the search's longer look rates "
                f"it {best.worth - alt.worth:.2f} game points a deal lower.")
    return f"{alt.words} is about as good."


def _not_likelier(view: SeatView, best: Option, likelier: Option, samples: int = 0) -> str:
    """Why a card that takes the trick more often is not the choice, in the player's
    figures where they show it: the chance on the contract, then card points by the end
    of the deal; the search's game points only where neither does."""
    head = f"{likelier.words} takes this trick more often ({_pct(likelier.trick_win)}), but"
    dc = shown_chance(best) - shown_chance(likelier)
    dp = shown_points(best) - shown_points(likelier)
    chance = best.ours is not None and likelier.ours is not None and dc > CHANCE_POINTS
    if chance:  # as short as the figures' sentence: the reason must fit the panel
        defending = contract_team(view) not in (None, view.team)
        verb = "beat" if defending else "make"
        text = f"{head} with it: {_pct(likelier.ours)} to {verb} {contract_words(view)}"
        if dp >= POINTS_NOISE - 1e-9:
            text += f", {dp:.1f} card points fewer"
        return text + "."
    if dp >= POINTS_NOISE - 1e-9:
        return f"{head} with it: {dp:.1f} card points fewer by the end of the deal."
    if best.worth is not None and likelier.worth is not None and \
            best.worth - likelier.worth >= NEAR_TIE:
        return (f"{head} over the whole deal the search rates it "
                f"{best.worth - likelier.worth:.2f} game points lower.")
    return (f"{head} it does no better over the whole deal (the same chance and card "
            f"points, within the noise of {_deals(samples)}).")


def _play_reason(view: SeatView, ordered: tuple[Option, ...],
                 equal: Sequence[Option] = (), samples: int = 0) -> str:
    best = ordered[0]
    a = best.action
    hidden = not view.trump_shown and view.face_down
    i_bid = view.bidder == view.seat
    card = a.card
    if a.code == SHOW_CODE:
        text = (f"Ask for trump: you cannot follow suit, and with trump seen your side "
                f"wins this trick in {_pct(best.trick_win)} of the deals consistent with "
                f"what you know")
    elif a.code == PAIR_CODE:
        text = ("Declare the pair: your king and queen of trump move the target 4 points "
                "in your side's favour")
    else:
        others = [(o.action.card, o.trick_win) for o in ordered[1:]]
        why = None if card is None else card_reason(
            view, card, best.trick_win, best.trick_points,
            [c for c, _ in others if c is not None], trick_own=best.trick_own,
            others_win=[w for _, w in others])
        cheapest = card is not None and all(
            card.points <= o.action.card.points for o in ordered[1:]
            if o.action.card is not None)
        if why:
            text = f"Play {best.words}: {why}"
        elif best.trick_win is not None and best.trick_win < 0.15:
            text = (f"Play {best.words}: the other side takes this trick in "
                    f"{_pct(1 - best.trick_win)} of the deals consistent with what you "
                    f"know")
            if cheapest:
                text += ", so give away as little as you can"
        else:
            text = (f"Play {best.words}: your side wins this trick in "
                    f"{_pct(best.trick_win)} of the deals consistent with what you know")
            if best.trick_points is not None and best.trick_points >= 0.5:
                text += f" ({best.trick_points:.1f} points on average)"
        if i_bid and hidden and card is not None and \
                (view.trump_suit is None or card.suit != view.trump_suit):
            text += ", and it keeps your trump hidden"
    text += "."
    fig = figures(view, best)
    if fig:
        text += f" {fig}"
    # where another card takes the trick clearly more often, say why it is not the choice
    # (the bare columns read as if the hint picked the worse card)
    likelier = max((o for o in ordered[1:] if o not in equal),
                   key=lambda o: -1.0 if o.trick_win is None else o.trick_win, default=None)
    if (likelier is not None and likelier.trick_win is not None
            and best.trick_win is not None and likelier.trick_win > best.trick_win + 0.1):
        text += " " + _not_likelier(view, best, likelier, samples)
    elif len(ordered) > 1:
        text += " " + _versus(view, best, ordered[1], equal, samples)
    return text


def _double_reason(view: SeatView, ordered: tuple[Option, ...]) -> str:
    best = ordered[0]
    p = best.made  # one chance for every option: the stakes do not change the play
    target = view.target or view.high_bid
    bidder_side = view.bidder is not None and (view.bidder & 1) == view.team
    if best.action.code == DOUBLE_CODE:
        return (f"Double: the bidders make their {target} in only {_pct(p)} of the deals "
                f"consistent with your cards, so doubling the stakes pays.")
    if best.action.code == REDOUBLE_CODE:
        return (f"Redouble: your side makes its {target} in {_pct(p)} of the deals "
                f"consistent with your cards, so raising the stakes again pays.")
    if bidder_side:
        return (f"Pass: your side makes its {target} in {_pct(p)} of the deals, not sure "
                f"enough to raise the stakes again.")
    return (f"Pass: the bidders make their {target} in {_pct(p)} of the deals consistent "
            f"with your cards, too often to double (a double pays when they make it "
            f"clearly less than 35% of the time).")


def _single_reason(view: SeatView, action: Action, worlds: list[Deal]) -> str:
    p = sweep_chance(view, worlds)
    if action.code == SINGLE_HAND_CODE:
        return (f"Announce a single hand: your cards take every trick in {_pct(p)} of the "
                f"{len(worlds)} deals consistent with what you know.")
    return (f"Pass: your cards would take every trick in only {_pct(p)} of the "
            f"{len(worlds)} deals consistent with what you know; a single hand needs "
            f"near certainty.")


def _trump_reason(view: SeatView, ordered: tuple[Option, ...],
                  equal: Sequence[Option] = (), samples: int = 0) -> str:
    best = ordered[0]
    bid = view.high_bid
    text = (f"Choose {best.words}: your side makes its {bid} in {_pct(best.ours)} of the "
            f"deals consistent with your cards")
    if best.card_points is not None:
        text += f", taking {best.card_points:.1f} points on average"
    text += "."
    if len(ordered) > 1:
        text += " " + _versus(view, best, ordered[1], equal, samples)
    return text


__all__ = [
    "BidChance",
    "Hint",
    "NoHint",
    "Option",
    "action_words",
    "best_on_figures",
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
    "view_seed",
]
