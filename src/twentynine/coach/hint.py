"""A hint for the seat to move: the strongest bot's choice, why, and what each option is worth.

The hint is computed from the seat's **view only** (never the engine's state): the
``hard`` bot, seeded from the view itself (:func:`view_seed`), chooses the action, and
what its search measured gives the numbers:

* card play (and asking for trump, the pair): the bot's mean worth of each legal action
  over the worlds it sampled; a second, smaller measurement over worlds sampled the same
  way adds the chance that your side takes the current trick, the points the trick
  carries and your side's card points at the end of the deal;
* the auction: with each possible trump, the points your side takes as bidder in the
  simulated deals, and the chance of making each bid;
* the trump choice and the optional calls (double, redouble, single hand, no trumps,
  redeal): the simulated worth and chance of making the contract with each choice.

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
from ..bots.calls import best_bid, contract_ev, sweep_chance
from ..bots.medium import Estimates
from ..bots.search import MARGIN_WEIGHT, rollout, rollout_policy
from ..bots.worlds import WorldSampler
from ..deal import AUCTION, DEAL_OVER, PHASE_CODES, PLAY, TRUMP, Deal
from ..scoring import pair_target
from ..views import SeatView
from .reasons import card_reason
from .text import action_words, seat_word, trump_label

MEASURE_WORLDS = 64
"""Worlds of the second measurement (trick chances, card points, contract chances)."""
TRUMP_MEASURE = 3
"""The trump choice is measured on this many times :data:`MEASURE_WORLDS` (its chances
decide between cards the search rates alike, and it comes once a deal)."""
NEAR_TIE = 0.05
"""Game points a deal within which the search cannot tell two options apart: between
them the hint ranks by the chance on the contract, then card points, then the plainer
card."""
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
    """The strongest bot's choice for this view and seed."""
    reason: str
    options: tuple[Option, ...]
    """Every legal action: the suggestion first, then the others best first."""
    worlds: int
    """How many deals consistent with the view the bot's search simulated."""
    trumps: tuple[tuple[str, float], ...] = ()
    """Auction: the points your side takes on average as bidder with each trump."""
    bids: tuple[BidChance, ...] = ()
    """Auction: every bid you may make, with its chance and worth."""
    support: int = 0
    """Auction: the highest bid your cards support by the bot's own measure (its expected
    game points clear the bot's bar: see :func:`~twentynine.bots.calls.best_bid`), 0 if
    none."""
    seed: int = 0
    seconds: float = field(default=0.0, compare=False)
    search_action: Action | None = None
    """The strongest bot's own choice, where the hint broke a near-tie otherwise (None:
    the suggestion is that choice)."""
    equal: tuple[str, ...] = ()
    """Other options as good as the suggestion by every figure (within the search's
    noise, the same chance on the contract and the same card points)."""
    defending: bool = False
    """The other side holds the contract: the chance shown is the chance to beat it."""

    def option(self, action: Action) -> Option | None:
        """The option for ``action``, if it is legal."""
        for o in self.options:
            if o.action == action:
                return o
        return None


def _pct(x: float | None) -> str:
    return "?" if x is None else f"{100 * x:.0f}%"


# --------------------------------------------------------------------------- measuring
@dataclass(slots=True)
class _Tally:
    weight: float = 0.0
    worth: float = 0.0
    card_points: float = 0.0
    trick_weight: float = 0.0
    trick_win: float = 0.0
    trick_points: float = 0.0
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

    The suggested action is ``hint_bot(view_seed(view)).choose(view, legal)``: the
    strongest bot's own choice; the rest explains it.  (``bot`` explains another bot's
    choice instead: only tests of the screens use it, to be quick.)  Raises
    :class:`NoHint` if the seat has nothing to decide."""
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
    defending = view.bidder is not None and (view.bidder & 1) != view.team
    if phase == AUCTION:
        h = _auction_hint(view, legal, action, est, bot)
        return Hint(view.seat, view.phase.value, action, h[0], h[1], h[2], h[3], h[4], h[5],
                    seed, time.perf_counter() - t_start, defending=defending)
    search_action = action
    opts, samples, worlds_seen = _measure_options(view, legal, est, rng, worlds)
    action, equal = break_near_tie(view, opts, action)
    ordered = _ordered(opts, action, equal)
    reason = _measured_reason(view, legal, action, ordered, equal, worlds_seen)
    return Hint(view.seat, view.phase.value, action, reason, ordered, samples, (), (), 0,
                seed, time.perf_counter() - t_start,
                None if action == search_action else search_action,
                tuple(o.words for o in equal), defending)


_Parts = tuple[str, tuple[Option, ...], int, tuple[tuple[str, float], ...],
               tuple[BidChance, ...], int]


def pass_bar(view: SeatView, bot: BaseBot) -> float:
    """What passing is worth in the bot's own bidding (the bar a bid's expected game points
    must clear): ``bid_threshold`` (0), or ``compete_threshold`` (-0.25) when the
    opponents hold the bid, since letting them play costs something too."""
    own = float(getattr(bot, "bid_threshold", 0.0))
    compete = float(getattr(bot, "compete_threshold", own))
    opponents_high = view.bidder is not None and (view.bidder & 1) != view.team
    return compete if opponents_high else own


def _ordered(options: list[Option], action: Action, equal: Sequence[Option] = ()
             ) -> tuple[Option, ...]:
    """The suggestion first, then the options as good as it, then the rest best first."""
    first = [o for o in options if o.action == action] + list(equal)
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


def break_near_tie(view: SeatView, options: Sequence[Option], action: Action
                   ) -> tuple[Action, tuple[Option, ...]]:
    """The suggestion among options the search cannot tell apart, and the options as good
    as it.

    Options within :data:`NEAR_TIE` game points of the search's best are ranked by the
    chance on the contract (:attr:`Option.ours`), then your side's card points, then the
    plainer card (:func:`plainness`).  An option the search rates a little lower (up to
    twice that) but that clearly has the better chance joins them, so that a card shown
    with the better chance is never ranked below one with the worse.  Returns the search's
    ``action`` unchanged where nothing ties (and for the pair, a call with its own
    worth)."""
    chosen = next((o for o in options if o.action == action), None)
    if chosen is None or chosen.worth is None or action.code == PAIR_CODE or \
            PHASE_CODES[view.phase] not in (PLAY, TRUMP):
        return action, ()
    top = max(o.worth for o in options if o.worth is not None)

    def chance(o: Option) -> float:
        return -1.0 if o.ours is None else o.ours

    group = [o for o in options if o.worth is not None and o.action.code != PAIR_CODE and (
        o.worth >= top - NEAR_TIE or
        (o.worth >= top - 2 * NEAR_TIE and chance(o) > chance(chosen) + CHANCE_NOISE))]
    if chosen not in group:
        group.append(chosen)
    best_chance = max(chance(o) for o in group)
    group = [o for o in group if chance(o) >= best_chance - CHANCE_NOISE]
    cps = [o.card_points for o in group if o.card_points is not None]
    if cps:
        best_cp = max(cps)
        group = [o for o in group
                 if o.card_points is None or o.card_points >= best_cp - POINTS_NOISE]
    if chosen in group and all(plainness(view, chosen) <= plainness(view, o) for o in group):
        pick = chosen
    elif len(group) == 1:
        pick = group[0]
    else:
        pick = min(group, key=lambda o: (plainness(view, o), -(o.worth or 0.0)))
    return pick.action, tuple(o for o in group if o is not pick)


def _auction_hint(view: SeatView, legal: list[Action], action: Action,
                  est: Estimates | None, bot: BaseBot) -> _Parts:
    rules = view.rules
    team = view.team
    codes = [a.code for a in legal]
    bids = sorted(a.bid for a in legal if a.bid is not None)
    if action.code == REDEAL_CODE:
        reason = ("Ask for a redeal: your four cards hold no point card and no suit of "
                  "three, so your side can hardly make a contract.")
        opts = [Option(a, action_words(a), None) for a in legal]
        return reason, _ordered(opts, action), 0, (), (), 0
    if est is None or est.phase != "bid" or not bids:
        opts = [Option(a, action_words(a), None) for a in legal]
        return ("Your only choice here." if len(legal) == 1 else
                f"{action_words(action).capitalize()}."), _ordered(opts, action), 0, (), (), 0
    table = est.table
    choices = est.choices
    means = [sum(r[0] for r in res) / len(res) if res else 0.0 for res in table]
    trumps = tuple(sorted(((trump_label(c), m) for c, m, res in zip(choices, means, table,
                                                                      strict=True) if res),
                          key=lambda x: -x[1]))

    def chance(b: int) -> tuple[float, int]:
        best, best_i = 0.0, 0
        for i, res in enumerate(table):
            if not res:
                continue
            ok = 0
            for pts, pair_team, _shown in res:
                tgt = pair_target(rules, b, team, pair_team if pair_team >= 0 else None)
                ok += pts >= tgt
            c = ok / len(res)
            if c > best:
                best, best_i = c, i
        return best, best_i

    def chance_with(b: int, i: int) -> float:
        res = table[i]
        if not res:
            return 0.0
        return sum(pts >= pair_target(rules, b, team, pt if pt >= 0 else None)
                   for pts, pt, _shown in res) / len(res)

    chances = []
    # partner's bid too, when partner holds it: what taking it over gives up is measured
    # against it (the review grades an overcall so)
    partner_high = view.bidder is not None and view.bidder == view.partner and \
        view.high_bid is not None
    first = min(min(bids), view.high_bid) if partner_high and view.high_bid else min(bids)
    for b in range(first, rules.max_bid + 1):
        c, _ = chance(b)
        ev = max((contract_ev(rules, team, b, r) for r in table if r), default=-1.0)
        chances.append(BidChance(b, c, ev))
    by_bid = {bc.bid: bc for bc in chances}
    bar = pass_bar(view, bot)
    support = best_bid(rules, team, table, bar)
    best_i = max(range(len(table)), key=lambda i: means[i])
    opts = []
    for a in legal:
        if a.bid is not None:
            bc = by_bid[a.bid]
            opts.append(Option(a, action_words(a), bc.worth, means[chance(a.bid)[1]],
                               made=bc.chance))
        elif a.code == PASS_CODE:
            opts.append(Option(a, "pass", bar))
        else:
            opts.append(Option(a, action_words(a), None))
    lo = min(bids)
    best_label, best_pts = trump_label(choices[best_i]), means[best_i]
    total = rules.total_points
    if action.bid is not None:
        b = action.bid
        c, ci = chance(b)
        reason = (f"Bid {b}: with {trump_label(choices[ci])} as trump your side takes "
                  f"{means[ci]:.1f} of the {total} points on average and makes {b} in "
                  f"{_pct(c)} of the {est.samples} deals consistent with your cards.")
        if means[best_i] > means[ci] + 0.05:
            # the trump that takes most on average is not the likeliest to make the bid:
            # say so, or the two figures read as a contradiction
            reason += (f" ({best_label} takes more on average, {best_pts:.1f}, but makes "
                       f"{b} less often: {_pct(chance_with(b, best_i))}.)")
        if PASS_CODE not in codes:
            reason = ("You must bid (no pass here). " if b == lo else
                      f"You must bid (no pass here): the lowest is {lo}. ") + reason
        elif by_bid[b].worth < 0 and view.bidder is not None and \
                (view.bidder & 1) != team:
            reason += (f" It costs {-by_bid[b].worth:.2f} game points a deal, less than "
                       f"letting the opponents play their {view.high_bid}.")
        elif support > b:
            reason += (f" You could go on to {support} ({_pct(by_bid[support].chance)}) if "
                       f"pressed.")
    else:
        partner_high = view.bidder is not None and view.bidder == view.partner
        c_lo = by_bid[lo].chance
        if partner_high and support >= lo:
            reason = (f"Pass: your partner holds the bid at {view.high_bid}; your cards would "
                      f"make {support} at best, not enough over partner's bid to take "
                      f"it over.")
        else:
            reason = (f"Pass: even {lo} is made in only {_pct(c_lo)} of the {est.samples} "
                      f"deals consistent with your cards (your best trump, {best_label}, "
                      f"takes {best_pts:.1f} of the {total} points on average).")
    return reason, _ordered(opts, action), est.samples, trumps, tuple(chances), support


def _measure_options(view: SeatView, legal: list[Action], est: Estimates | None,
                     rng: random.Random, n: int) -> tuple[list[Option], int, list[Deal]]:
    """Every legal action with the search's worth and the second measurement's figures;
    the number of deals the search simulated, and the measurement's worlds."""
    codes = [a.code for a in legal]
    if PHASE_CODES[view.phase] == TRUMP:
        n *= TRUMP_MEASURE
    tallies, worlds = measure(view, codes, n if len(codes) > 1 else max(8, n // 4), rng)
    est_worth: dict[int, float] = {}
    samples = len(worlds)
    if est is not None and est.phase in ("play", "trump") and est.values:
        est_worth = dict(zip(est.codes, est.values, strict=True))
        samples = est.samples
    bidding = view.bidder is not None and (view.bidder & 1) == view.team
    contract = view.bidder is not None
    opts = []
    for a, t in zip(legal, tallies, strict=True):
        worth = est_worth.get(a.code, _mean(t.worth, t.weight))
        made = _mean(t.made, t.made_weight)
        ours = None if made is None or not contract else (made if bidding else 1.0 - made)
        opts.append(Option(a, action_words(a), worth, _mean(t.card_points, t.weight),
                           _mean(t.trick_win, t.trick_weight),
                           _mean(t.trick_points, t.trick_weight), made, ours))
    return opts, samples, worlds


def _measured_reason(view: SeatView, legal: list[Action], action: Action,
                     ordered: tuple[Option, ...], equal: Sequence[Option],
                     worlds: list[Deal]) -> str:
    codes = [a.code for a in legal]
    phase = PHASE_CODES[view.phase]
    if len(legal) == 1:
        return f"{action_words(action).capitalize()}: your only legal action."
    if phase == PLAY:
        return _play_reason(view, ordered, equal)
    if DOUBLE_CODE in codes or REDOUBLE_CODE in codes:
        return _double_reason(view, ordered)
    if SINGLE_HAND_CODE in codes:
        return _single_reason(view, action, worlds)
    return _trump_reason(view, ordered, equal)


def contract_words(view: SeatView) -> str:
    """The contract as the seat sees it: ``its 18`` for the bidding side, ``their 18``
    for the defenders."""
    target = view.target or view.high_bid
    if view.bidder is not None and (view.bidder & 1) == view.team:
        return f"its {target}"
    return f"their {target}"


def figures(view: SeatView, o: Option) -> str:
    """What an option brings, in the figures a player thinks in: the chance to make (or
    beat) the contract, then your side's card points."""
    parts = []
    if o.ours is not None:
        defending = view.bidder is not None and (view.bidder & 1) != view.team
        verb = "beat" if defending else "make"
        contract = contract_words(view)
        if o.ours >= 0.995:
            parts.append(f"your side {verb}s {contract} whatever happens now")
        elif o.ours <= 0.005:
            parts.append(f"your side cannot {verb} {contract} any more")
        else:
            parts.append(f"your side: {_pct(o.ours)} to {verb} {contract}")
    if o.card_points is not None:
        parts.append(f"{o.card_points:.1f} card points on average")
    if not parts:
        return ""
    text = ", ".join(parts)
    return text[0].upper() + text[1:] + "."


def _versus(view: SeatView, best: Option, alt: Option, equal: Sequence[Option]) -> str:
    """One sentence on the next option: as good, or which figure it loses on."""
    if equal:
        names = ", ".join(o.words for o in equal)
        verb = "is" if len(equal) == 1 else "are"
        return f"{names} {verb} as good (the same chance and card points)."
    if best.ours is not None and alt.ours is not None and \
            alt.ours < best.ours - CHANCE_NOISE:
        return f"With {alt.words}: {_pct(alt.ours)}."
    if best.card_points is not None and alt.card_points is not None and \
            alt.card_points < best.card_points - POINTS_NOISE:
        return (f"{alt.words}: the same chance, {best.card_points - alt.card_points:.1f} "
                f"card points fewer.")
    if best.worth is not None and alt.worth is not None and \
            best.worth - alt.worth >= NEAR_TIE:
        return (f"{alt.words}: alike on these figures, but the search's longer look rates "
                f"it {best.worth - alt.worth:.2f} game points a deal lower.")
    return f"{alt.words} is about as good."


def _not_likelier(view: SeatView, best: Option, likelier: Option) -> str:
    """Why a card that takes the trick more often is not the choice, in the player's
    figures where they show it: the chance on the contract, then card points by the end
    of the deal; the search's game points only where neither does."""
    head = f"{likelier.words} takes this trick more often ({_pct(likelier.trick_win)}), but"
    chance = (best.ours is not None and likelier.ours is not None
              and likelier.ours < best.ours - CHANCE_NOISE)
    fewer = (best.card_points - likelier.card_points
             if best.card_points is not None and likelier.card_points is not None else 0.0)
    if chance:  # as short as the figures' sentence: the reason must fit the panel
        defending = view.bidder is not None and (view.bidder & 1) != view.team
        verb = "beat" if defending else "make"
        text = f"{head} with it: {_pct(likelier.ours)} to {verb} {contract_words(view)}"
        if fewer >= POINTS_NOISE:
            text += f", {fewer:.1f} card points fewer"
        return text + "."
    if fewer >= POINTS_NOISE:
        return f"{head} with it: {fewer:.1f} card points fewer by the end of the deal."
    assert best.worth is not None and likelier.worth is not None
    return (f"{head} over the whole deal the search rates it "
            f"{best.worth - likelier.worth:.2f} game points lower.")


def _play_reason(view: SeatView, ordered: tuple[Option, ...],
                 equal: Sequence[Option] = ()) -> str:
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
        others = [o.action.card for o in ordered[1:] if o.action.card is not None]
        others_win = max((o.trick_win for o in ordered[1:] if o.trick_win is not None),
                         default=None)
        why = None if card is None else card_reason(view, card, best.trick_win,
                                                    best.trick_points, others, others_win)
        if why:
            text = f"Play {best.words}: {why}"
        elif best.trick_win is not None and best.trick_win < 0.15:
            text = (f"Play {best.words}: the other side takes this trick in "
                    f"{_pct(1 - best.trick_win)} of the deals consistent with what you "
                    f"know, so give away as little as you can")
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
            and best.trick_win is not None and likelier.trick_win > best.trick_win + 0.1
            and likelier.worth is not None and best.worth is not None):
        text += " " + _not_likelier(view, best, likelier)
    elif len(ordered) > 1:
        text += " " + _versus(view, best, ordered[1], equal)
    return text


def _double_reason(view: SeatView, ordered: tuple[Option, ...]) -> str:
    best = ordered[0]
    passing = next((o for o in ordered if o.action.code == PASS_CODE), best)
    p = passing.made
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
                  equal: Sequence[Option] = ()) -> str:
    best = ordered[0]
    bid = view.high_bid
    text = (f"Choose {best.words}: your side makes its {bid} in {_pct(best.ours)} of the "
            f"deals consistent with your cards")
    if best.card_points is not None:
        text += f", taking {best.card_points:.1f} points on average"
    text += "."
    if len(ordered) > 1:
        text += " " + _versus(view, best, ordered[1], equal)
    return text


__all__ = [
    "BidChance",
    "Hint",
    "NoHint",
    "Option",
    "action_words",
    "break_near_tie",
    "contract_words",
    "figures",
    "hint",
    "hint_bot",
    "measure",
    "pass_bar",
    "plainness",
    "seat_word",
    "view_seed",
]
