"""How the review grades a decision, and the line it writes: one rule on the figures the
hint shows (:func:`judge`, stated in :data:`RULE_WORDS` and docs/coach.md), the cost in
the player's figures, a reason in card-level words and the better action, named.
:mod:`.review` replays a deal and hands each decision here."""

from __future__ import annotations

import time
from dataclasses import dataclass

from ..bots.search import SearchTimeout, solve_root
from ..engine.actions import (
    ACTIONS,
    DOUBLE_CODE,
    PASS_CODE,
    REDOUBLE_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    Action,
    ActionKind,
)
from ..engine.deal import Deal, Phase
from ..engine.views import SeatView
from .hint import (
    CHANCE_NOISE,
    PICK_WINDOW,
    POINTS_NOISE,
    Hint,
    Option,
    action_words,
    contract_words,
    game_points,
)
from .reasons import LOST, points_words, trump_known, why_not

MISTAKE_CHANCE = 0.05
"""A decision that lowers the chance to make (or beat) the contract by this much (5
points) or more below the search's choice is a mistake (:func:`judge`)."""
MISTAKE_CARD_POINTS = 2.0
"""... or that gives up this many of your side's card points without a better chance."""
MISTAKE_GAME_POINTS = 0.15
"""Where the game points decide (the chance and card points alike; bids, passes and the
calls on the stakes), giving up this many a deal or more is a mistake."""
RULE_WORDS = (f"A mistake (✗): the chance to make (or beat) the contract "
              f"{100 * MISTAKE_CHANCE:.0f} points below the search's choice, or "
              f"{MISTAKE_CARD_POINTS:.0f} card points fewer without a better chance; where "
              f"those are alike, and for bids and doubles, {MISTAKE_GAME_POINTS:.2f} game "
              f"points a deal. Close (~): lower, by less; ✓: the search's choice, as good, "
              f"or better on the figures")
"""The review's rule, as the review states it above the grades."""
STAKE_CODES = frozenset((DOUBLE_CODE, REDOUBLE_CODE, SINGLE_HAND_CODE))
"""The calls on the stakes or the contract, weighed in game points."""
CHANCE_STEP = 0.01
"""The step of a chance as the hint prints it (a whole percent)."""
POINTS_STEP = 0.1
"""The step of card points as the hint prints them (a tenth)."""
DD_SECONDS = 1.5
"""Time cap of one double-dummy solve."""


def _loss(h: Hint, taken: Option | None, partner_bid: int | None = None
          ) -> tuple[float, float | None]:
    """The search's game points a deal given up (0 when the action taken was as good) and
    your side's card points given up (negative: more), against the hint's choice."""
    best = h.options[0]
    if taken is not None and _is_bid(h, taken):
        return (0.0 if taken.action == best.action else
                _bid_loss(h, taken, partner_bid)[0]), None
    if taken is None or taken.action == best.action:
        return 0.0, 0.0 if best.card_points is not None else None
    loss = 0.0
    if best.worth is not None and taken.worth is not None:
        loss = max(0.0, best.worth - taken.worth)
    card = None
    if best.card_points is not None and taken.card_points is not None:
        card = best.card_points - taken.card_points
    return loss, card


def _is_bid(h: Hint, o: Option) -> bool:
    return bool(h.bids) and (o.action.bid is not None or o.action.code == PASS_CODE)


def _on_stakes(h: Hint) -> bool:
    """A call on the stakes or the contract (double, redouble, single hand, and the pass
    that answers one): the same cards are played either way, so the chance shown for each
    is one chance measured twice; the search's game points weigh it."""
    return any(o.action.code in STAKE_CODES for o in h.options)


@dataclass(frozen=True, slots=True)
class Verdict:
    """A decision measured by the rule (:func:`judge`)."""

    mistake: bool
    by: str
    """What decided: ``same`` (the search's choice), ``chance``, ``card points`` (a
    mistake on the figures shown), ``better`` (the figures show the choice better than
    the search's), ``close`` (lower on the figures, within the rule's bounds), ``game
    points`` (the figures alike, or a bid or a call on the stakes, where game points are
    the figure), ``none`` (nothing measured)."""
    chance: float | None = None
    """The chance on the contract given up (negative: gained), 0 to 1."""
    cards: float | None = None
    """Your side's card points given up (negative: gained)."""
    game: float = 0.0
    """The search's game points a deal given up."""


def _shown_chance(x: float) -> float:
    """A chance as the hint prints it (whole percent), as a fraction."""
    return int(f"{100 * x:.0f}") / 100


def _shown_points(x: float) -> float:
    """Card points as the hint prints them (to a tenth)."""
    return float(f"{x:.1f}")


def judge(h: Hint, taken: Option, partner_bid: int | None = None) -> Verdict:
    """The review's one rule, on the figures the hint shows for the decision.

    * Card play, asking for trump, the pair, the trump choice: the chance to make (or
      beat) the contract and your side's card points.  A mistake when the chance falls by
      :data:`MISTAKE_CHANCE` or more below the search's choice, or when the card points
      fall by :data:`MISTAKE_CARD_POINTS` or more without a better chance.  What the
      hint's own pick rule would have picked over its choice (a chance 2 points or more
      above it, beyond :data:`~.hint_types.PICK_WINDOW`; or within that window, 0.4 card
      points or more above, beyond :data:`~.hint_types.POINTS_NOISE`) is better on those
      figures: never a mistake, never a cost.  Within the noise the hint names options
      as good by (:data:`~.hint_types.CHANCE_NOISE`, 3 points, and 0.3 card points) both
      figures are alike, and the search's game points decide:
      :data:`MISTAKE_GAME_POINTS` or more is a mistake.  The rest is close.
    * Bids and passes, and the calls on the stakes (double, redouble, single hand): the
      game points a deal (the bid table's figure as bidder; a pass at the pass row's, the
      contract it leaves standing): a mistake at :data:`MISTAKE_GAME_POINTS` or more
      below the better choice (:func:`_bid_loss`)."""
    best = h.options[0]
    if taken.action == best.action:
        if _is_bid(h, taken):
            return Verdict(False, "same")
        return Verdict(False, "same", 0.0 if taken.ours is not None else None,
                       0.0 if taken.card_points is not None else None)
    game = 0.0
    if best.worth is not None and taken.worth is not None:
        game = max(0.0, best.worth - taken.worth)
    if _is_bid(h, taken):
        game = _bid_loss(h, taken, partner_bid)[0]
        return Verdict(game >= MISTAKE_GAME_POINTS, "game points", None, None, game)
    # as the hint prints them: the chance in whole percent, card points to a tenth
    chance = (_shown_chance(best.ours) - _shown_chance(taken.ours)
              if best.ours is not None and taken.ours is not None else None)
    cards = (_shown_points(best.card_points) - _shown_points(taken.card_points)
             if best.card_points is not None and taken.card_points is not None else None)
    if _on_stakes(h):
        if best.worth is None or taken.worth is None:
            return Verdict(False, "none", chance, cards, 0.0)
        return Verdict(game >= MISTAKE_GAME_POINTS, "game points", chance, cards, game)
    if chance is None and cards is None:
        if best.worth is None or taken.worth is None:
            return Verdict(False, "none", None, None, 0.0)
        return Verdict(game >= MISTAKE_GAME_POINTS, "game points", None, None, game)
    eps = 1e-9  # the figures are printed ones: 0.05 is 5 points, not a hair less
    # better: what the hint's own pick rule (best_on_figures) would have picked over its
    # choice, a chance beyond its window or, within it, more card points beyond the
    # noise; alike: what the hint names as good (3 points of chance, 0.3 card points)
    window = PICK_WINDOW * CHANCE_STEP
    if chance is not None and chance >= MISTAKE_CHANCE - eps:
        return Verdict(True, "chance", chance, cards, game)
    if chance is not None and chance <= -(window + CHANCE_STEP) + eps:
        return Verdict(False, "better", chance, cards, game)
    if cards is not None and cards >= MISTAKE_CARD_POINTS - eps:
        return Verdict(True, "card points", chance, cards, game)
    in_window = chance is None or abs(chance) <= window + eps
    if in_window and cards is not None and cards <= -(POINTS_NOISE + POINTS_STEP) + eps:
        return Verdict(False, "better", chance, cards, game)
    same_chance = chance is None or abs(chance) <= CHANCE_NOISE + eps
    if same_chance and (cards is None or abs(cards) <= POINTS_NOISE + eps):
        return Verdict(game >= MISTAKE_GAME_POINTS, "game points", chance, cards, game)
    return Verdict(False, "close", chance, cards, game)


def _bid_loss(h: Hint, taken: Option, partner_bid: int | None = None
              ) -> tuple[float, Option | None]:
    """Game points a bid or a pass gave up, in the bid table's own figures (each bid's
    expected game points a deal as bidder with your best trump, :attr:`Hint.bids`; a pass
    at the pass row's, the contract it leaves standing played in the same deals), and the
    better action it is measured against (None: nothing better).

    * A bid your cards support (up to :attr:`Hint.support`, or the lowest bid when you
      must bid) gives up nothing: how high to go within that is tactics, not a mistake.
    * A higher bid gives up what its contract is expected to lose against the better of
      passing and the highest supported bid (over partner's bid, passing leaves partner's
      contract: the pass row measures it).
    * A pass gives up the suggested bid's worth over the pass row's.

    ``partner_bid`` is not needed any more (the pass row measures partner's contract); it
    is accepted for the callers that pass it."""
    del partner_bid
    worth = {bc.bid: bc.worth for bc in h.bids}
    legal = sorted(o.action.bid for o in h.options if o.action.bid is not None)
    if not worth or not legal:
        return 0.0, None
    passing = next((o for o in h.options if o.action.code == PASS_CODE), None)
    b = taken.action.bid
    lo = legal[0]
    pass_worth = passing.worth if passing is not None and passing.worth is not None else None
    if b is not None:
        top = h.support if h.support >= lo else (lo if pass_worth is None else 0)
        if top and b <= top:
            return 0.0, None
        refs: list[tuple[float, Option | None]] = []
        if top:
            refs.append((worth[top], h.option(Action.make_bid(top))))
        if pass_worth is not None:
            refs.append((pass_worth, passing))
        if not refs:
            return 0.0, None
        ref, better = max(refs, key=lambda r: r[0])
        return max(0.0, ref - worth.get(b, -2.0)), better
    if taken.action.code == PASS_CODE and h.action.bid is not None and pass_worth is not None:
        return max(0.0, worth.get(h.action.bid, 0.0) - pass_worth), h.options[0]
    return 0.0, None


def _with(o: Option) -> str:
    """``with K♥``; ``if you ask for trump`` (not "100% with ask for trump")."""
    return "if you ask for trump" if o.action.code == SHOW_CODE else f"with {o.words}"


def _noun(o: Option) -> str:
    """An option as the subject of a sentence: ``K♥``, ``asking for trump``."""
    return "asking for trump" if o.action.code == SHOW_CODE else o.words


def _chance_words(h: Hint, view: SeatView | None) -> tuple[str, str]:
    """(``make``/``beat``, ``its 18``/``their 18``)."""
    verb = "beat" if h.defending else "make"
    return verb, (contract_words(view) if view is not None else "the contract")


def _cost(h: Hint, taken: Option, best: Option, v: Verdict, view: SeatView | None) -> str:
    """What a mistake gave up, in the figure that decided it first: the chance to make
    (or beat) the contract, then card points; game points a deal where they decide.

    ``cut your side's chance to make its 18 from 82% to 75% and cost 1.2 card points``"""
    parts = []
    if v.by == "game points":
        return f"cost {v.game:.2f} game points a deal"
    if v.chance is not None and v.chance >= CHANCE_NOISE - 1e-9:
        assert taken.ours is not None and best.ours is not None
        verb, contract = _chance_words(h, view)
        parts.append(f"cut your side's chance to {verb} {contract} from "
                     f"{100 * best.ours:.0f}% to {100 * taken.ours:.0f}%")
    if v.cards is not None and v.cards >= 0.5:
        parts.append(f"cost {v.cards:.1f} card points")
    return " and ".join(parts)


def _won_trick(view: SeatView, taken: Option, best: Option, won_by: str | None) -> str | None:
    """Why a card that took its trick (or whose side did) was still the worse one, in card
    terms: it was spent where another served, and the search's deals value keeping it."""
    card, other = taken.action.card, best.action.card
    if won_by is None or card is None:
        return None
    head = (f"the {card.label} took this trick" if won_by == "you" else
            f"{won_by} took this trick")
    if other is None:
        return (f"{head} as it fell, but {_noun(best)} was the better start: it keeps "
                f"the {card.label} for later")
    as_often = (taken.trick_win is not None and best.trick_win is not None
                and best.trick_win >= taken.trick_win - 0.1)
    trump = trump_known(view)
    if trump is not None and card.suit == trump and other.suit != trump:
        keep = f"keeps your trump, the {card.label}, for a trick of its own later"
    elif card.points > other.points:
        keep = f"keeps the {card.label} and its {points_words(card)} for a later trick"
    else:
        keep = f"keeps the {card.label} for a later trick"
    if as_often:
        assert taken.trick_win is not None and best.trick_win is not None
        return (f"{head} as it fell, but the {other.label} takes it about as often "
                f"({100 * best.trick_win:.0f}% against {100 * taken.trick_win:.0f}%) "
                f"and {keep}")
    return (f"{head} as it fell, but the {other.label} {keep}, which over the deals "
            f"consistent with what you saw is worth more than this trick")


def _reason(h: Hint, taken: Option, v: Verdict, trick: int | None, lost_to: str | None,
            view: SeatView | None = None, won_by: str | None = None) -> str:
    """One line on a mistake: what it gave up (the figure that decided), why in
    card-level words where the view allows (:func:`~twentynine.coach.reasons.why_not`),
    else the figures, and the better action, named."""
    best = h.options[0]
    with_best = _with(best)  # not "80% with ask for trump"
    where = f"Trick {trick}" if trick is not None else h.phase.capitalize()
    text = f"{where}: {taken.words} {_cost(h, taken, best, v, view)}"
    better = f"{_noun(best)} was better"
    fell = f" As it fell, {lost_to}." if lost_to else ""
    card = taken.action.card
    if _on_stakes(h):
        chance = next((o.made for o in h.options if o.action.code == PASS_CODE), None)
        makers = ("the bidders make their contract" if h.defending else
                  "your side makes its contract")
        said = ("" if chance is None else
                f"{makers} in {100 * chance:.0f}% of the deals consistent with your "
                f"cards, whatever the call: ")
        assert best.worth is not None and taken.worth is not None
        return (f"{text}: {said}on those stakes the search counts {_noun(best)} at "
                f"{best.worth:+.2f} game points a deal and {_noun(taken)} at "
                f"{taken.worth:+.2f}; {better}.")
    if v.by == "game points":
        why = None
        if view is not None and card is not None and taken.action.kind is ActionKind.PLAY:
            why = why_not(view, card, best.action.card, taken.trick_win, best.trick_win)
        lead = f"{why}; " if why else ""
        return (f"{text}: {lead}alike on the chance and the card points, but the search's "
                f"longer look rates it lower; {better}.{fell}")
    if view is not None and card is not None and taken.action.kind is ActionKind.PLAY:
        why = why_not(view, card, best.action.card, taken.trick_win, best.trick_win)
        if why:
            return f"{text}: {why}; {better}.{fell}"
        if best.action.code == SHOW_CODE and card.points and taken.trick_win is not None \
                and taken.trick_win <= LOST:
            # a point card thrown on a trick lost, where asking for trump was the play
            return (f"{text}: the other side takes this trick: the {card.label} gives it "
                    f"{points_words(card)}; {better}.{fell}")
    if taken.trick_win is not None and best.trick_win is not None:
        if taken.trick_win < best.trick_win - 0.1:
            return (f"{text}: your side wins the trick {100 * taken.trick_win:.0f}% of the "
                    f"time with it, {100 * best.trick_win:.0f}% {with_best}; {better}.{fell}")
        if lost_to:
            return f"{text}: {lost_to}; {_noun(best)} was safer."
    if view is not None:
        won = _won_trick(view, taken, best, won_by)
        if won:
            return f"{text}: {won}; {better}."
    if h.phase == Phase.TRUMP.value and best.card_points is not None and \
            taken.card_points is not None:
        return (f"{text}: with it your side takes {taken.card_points:.1f} points on "
                f"average; {better} ({best.card_points:.1f}).")
    if taken.trick_win is not None and best.trick_win is not None:
        if abs(taken.trick_win - best.trick_win) < 0.05:
            return (f"{text}: your side takes this trick as often either way "
                    f"({100 * taken.trick_win:.0f}%), but the rest of the deal goes better "
                    f"{with_best}; {better}.")
        return (f"{text}: your side wins this trick {100 * taken.trick_win:.0f}% of the "
                f"time with it, {100 * best.trick_win:.0f}% {with_best}, and the rest of "
                f"the deal goes better {with_best}; {better}.")
    return f"{text}; {better}."


def _figures_apart(h: Hint, taken: Option, best: Option, v: Verdict,
                   view: SeatView | None) -> str:
    """The figures of a choice beside the search's: ``80% to beat their 18, 82% with 9♥;
    0.9 card points fewer``."""
    parts = []
    if taken.ours is not None and best.ours is not None and \
            round(100 * taken.ours) != round(100 * best.ours):
        verb, contract = _chance_words(h, view)
        parts.append(f"{100 * taken.ours:.0f}% to {verb} {contract}, "
                     f"{100 * best.ours:.0f}% {_with(best)}")
    elif taken.ours is not None:
        verb, contract = _chance_words(h, view)
        parts.append(f"the same chance to {verb} {contract} ({100 * taken.ours:.0f}%)")
    if v.cards is not None and abs(v.cards) >= 0.05:
        parts.append(f"{abs(v.cards):.1f} card points {'fewer' if v.cards > 0 else 'more'}")
    return "; ".join(parts)


def _close(h: Hint, taken: Option, v: Verdict, view: SeatView | None) -> str:
    """A choice that is not a mistake, beside the search's, in the figures that decided:
    ``Close to the search's choice, J♣: 78% to make its 18, 80% with J♣; 0.9 card points
    fewer.``; ``Better on the figures than the search's choice, ...``; where the figures
    are alike, the search's game points, said as such."""
    best = h.options[0]
    if v.by == "better":
        return (f"Better on the figures than the search's choice, {best.words}: "
                f"{_figures_apart(h, taken, best, v, view)}.")
    if v.by == "close":
        return (f"Close to the search's choice, {best.words}: "
                f"{_figures_apart(h, taken, best, v, view)}.")
    if v.by == "none":
        return f"The search would {_verb(best)}; nothing measured to weigh the two by."
    # alike on the figures (or a call on the stakes): the game points decide
    if _on_stakes(h):
        assert best.worth is not None and taken.worth is not None
        return (f"Close to the search's choice, {best.words}: a call on the stakes, "
                f"weighed in game points: {_noun(taken)} {taken.worth:+.2f} a deal, "
                f"{_noun(best)} {best.worth:+.2f}, less than a mistake's "
                f"{MISTAKE_GAME_POINTS:.2f} apart.")
    said = _figures_apart(h, taken, best, v, view)
    if v.game < 0.01:
        return f"As good as the search's choice, {best.words}: {said}."
    return (f"As good as the search's choice, {best.words}, on the chance and the card "
            f"points: {said}; the search's longer look rates it {v.game:.2f} game points "
            f"a deal lower, less than a mistake's {MISTAKE_GAME_POINTS:.2f}.")


def _verb(o: Option) -> str:
    """An option after "the search would": ``bid 17``, ``pass``, ``play 9♦``."""
    if o.action.kind in (ActionKind.PLAY, ActionKind.TRUMP_CARD):
        return f"play {o.words}" if o.action.kind is ActionKind.PLAY else f"put {o.words}"
    return o.words


def _pass_words(h: Hint, passing: Option | None) -> str:
    """What a pass is worth in the grading: the pass row's figure, the contract it leaves
    standing (``a pass leaves West's 17, made in 62%: -0.24 game points a deal for your
    side``)."""
    if passing is None or passing.worth is None:
        return "a pass has no figure"
    worth = game_points(passing.worth)
    if not h.standing:
        return f"a pass counts {worth} game points a deal"
    if passing.made is None:
        return f"a pass leaves {h.standing}: {worth} game points a deal"
    return (f"a pass leaves {h.standing}, made in {100 * passing.made:.0f}%: {worth} game "
            f"points a deal for your side")


def _bid_figures(h: Hint, b: int) -> str:
    bc = next((x for x in h.bids if x.bid == b), None)
    if bc is None:
        return "not measured"
    return (f"{game_points(bc.worth)} game points a deal as bidder, made in "
            f"{100 * bc.chance:.0f}%")


def _bid_reason(h: Hint, taken: Option, loss: float, mistake: bool,
                final: Deal | None, seat: int, view: SeatView | None = None) -> str:
    """One line on a bid or a pass, in the bid table's figures: the chance of making each
    bid and its game points a deal as bidder, and the pass row's (the contract a pass
    leaves standing)."""
    by_bid = {bc.bid: bc for bc in h.bids}
    n = h.worlds
    b = taken.action.bid
    best = h.options[0]
    passing = next((o for o in h.options if o.action.code == PASS_CODE), None)
    partner_bid = (view.high_bid if view is not None and view.bidder is not None
                   and view.bidder == view.partner else None)
    _gave, better = _bid_loss(h, taken, partner_bid)
    if b is not None and b in by_bid:
        said = (f"you make {b} in {100 * by_bid[b].chance:.0f}% of the {n} deals consistent "
                f"with your cards ({game_points(by_bid[b].worth)} game points a deal as "
                f"bidder)")
    else:
        lo = h.action.bid if h.action.bid is not None else min(by_bid, default=0)
        bc_lo = by_bid.get(lo)
        said = ("" if bc_lo is None else
                f"you would make {lo} in {100 * bc_lo.chance:.0f}% of the {n} deals "
                f"consistent with your cards ({game_points(bc_lo.worth)} game points a "
                f"deal as bidder at {lo}), and {_pass_words(h, passing)}")
    partner_high = partner_bid is not None
    over_partner = partner_high and b is not None and h.action.code == PASS_CODE
    if over_partner and view is not None:
        # taking the contract from partner: never "close to the search's choice"
        text = (f"Auction: {taken.words} over partner's {view.high_bid}, where the search "
                f"would pass and leave partner the contract: {said}")
        if passing is not None and passing.worth is not None and passing.made is not None:
            text += (f"; partner's {view.high_bid} is made in {100 * passing.made:.0f}% "
                     f"({game_points(passing.worth)} game points a deal)")
        if loss >= 0.005:
            text += f" (cost {loss:.2f} game points a deal)"
        text += "."
        if final is not None:
            text += f" {_as_it_fell(final, seat)}"
        return text
    if not mistake:
        if taken.action == h.action:
            return "The search's choice too."
        if b is not None and h.support and b <= h.support:
            return (f"Within what your cards support (up to {h.support}): {said}; the "
                    f"search would {best.words} now.")
        if b is not None:
            ref = (f"{better.words}: {_bid_figures(h, better.action.bid)}"
                   if better is not None and better.action.bid is not None else
                   _pass_words(h, passing))
            return (f"Close to the search's choice ({best.words}): {said}; {ref}: less "
                    f"than a mistake's {MISTAKE_GAME_POINTS:.2f} game points apart.")
        return (f"Close to the search's choice ({best.words}): {said}: less than a "
                f"mistake's {MISTAKE_GAME_POINTS:.2f} game points apart.")
    # the chance first, in the player's figures; the game points a deal, which weigh that
    # chance against the stakes and decide a bid, after it; then the better action, named
    text = f"Auction: {taken.words}" + (f": {said}" if said else "")
    if better is not None and better.action.bid is not None and b is not None:
        text += f"; {better.words} was better ({_bid_figures(h, better.action.bid)})"
    elif b is not None:
        text += f"; passing was better ({_pass_words(h, passing)})"
    else:
        text += f"; {best.words} was better"
    text += f" (cost {loss:.2f} game points a deal)."
    if final is not None:
        text += f" {_as_it_fell(final, seat)}"
    return text


def _as_it_fell(final: Deal, seat: int) -> str:
    out = final.outcome
    if out is None or out.thrown_in is not None or out.bidder < 0:
        return "As it fell: no contract was played."
    who = "your side" if (out.bidder & 1) == (seat & 1) else "the other side"
    target = f", target {out.target} after the pair" if out.target != out.bid else ""
    return (f"As it fell: {who} bid {out.bid}{target} and "
            f"{'made' if out.made else 'missed'} it ({out.card_points[out.bidder & 1]} "
            f"points).")


def _dd(deal: Deal, code: int) -> tuple[float | None, str | None]:
    codes = deal.legal_codes()
    try:
        vals = solve_root(deal, codes, deal.turn & 1, time.perf_counter() + DD_SECONDS)
    except SearchTimeout:
        return None, None
    best = max(range(len(codes)), key=lambda i: vals[i])
    taken = vals[codes.index(code)]
    return max(0.0, vals[best] - taken), action_words(ACTIONS[codes[best]])
