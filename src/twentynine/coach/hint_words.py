"""The hint's reasons: why the suggestion, in words a player can check at the table,
built from the seat's view and the figures of each option (:mod:`.hint_types`), never
from a hidden card.  Card-level reasons come from :mod:`.reasons`.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..bots.calls import sweep_chance
from ..engine.actions import (
    DOUBLE_CODE,
    PAIR_CODE,
    REDOUBLE_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    Action,
)
from ..engine.deal import PHASE_CODES, PLAY, Deal
from ..engine.scoring import pair_target, result_decided
from ..engine.views import SeatView
from .hint_types import (
    CHANCE_POINTS,
    NEAR_TIE,
    POINTS_NOISE,
    Option,
    percent,
    shown_chance,
    shown_points,
)
from .phrases import action_words, contract_team, contract_words, seat_word
from .reasons import card_reason


def standing_words(view: SeatView) -> str:
    """The contract standing in the auction, as a pass leaves it: ``West's 17``,
    ``partner's 16``; ``no contract`` before anyone has bid."""
    if view.bidder is None or not view.high_bid:
        return "no contract yet"
    return f"{seat_word(view, view.bidder)}'s {view.high_bid}"


def measured_reason(view: SeatView, legal: list[Action], action: Action,
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
    :func:`~twentynine.engine.scoring.result_decided` that offers ``f``, finish the deal); None
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
            parts.append(f"your side: {percent(o.ours)} to {verb} {contract}")
    if o.card_points is not None:
        parts.append(f"{o.card_points:.1f} card points on average")
    if not parts:
        return ""
    text = ", ".join(parts)
    return text[0].upper() + text[1:] + "."


def _deals(samples: int) -> str:
    return f"{samples} deals" if samples else "the deals simulated"


def _noun(o: Option) -> str:
    """An option as the subject of a sentence: ``K♥``, ``asking for trump``, ``declaring
    the pair``."""
    if o.action.code == SHOW_CODE:
        return "asking for trump"
    if o.action.code == PAIR_CODE:
        return "declaring the pair"
    return o.words


def _start(o: Option) -> str:
    """:func:`_noun` at the start of a sentence (``Asking for trump``)."""
    noun = _noun(o)
    return noun[0].upper() + noun[1:]


def _with(o: Option) -> str:
    """``with K♥``, ``if you ask for trump``, ``if you declare the pair``."""
    if o.action.code == SHOW_CODE:
        return "if you ask for trump"
    if o.action.code == PAIR_CODE:
        return "if you declare the pair"
    return f"with {o.words}"


def _versus(view: SeatView, best: Option, alt: Option, equal: Sequence[Option],
            samples: int = 0) -> str:
    """One sentence on the next option: as good, or which figure it loses on (the figures
    as shown; a difference within the noise is called so)."""
    if equal and alt in equal:
        names = ", ".join(_noun(o) for o in equal)
        verb = "is" if len(equal) == 1 else "are"
        return (f"{names[0].upper()}{names[1:]} {verb} as good (the same chance and card "
                f"points, within the noise of {_deals(samples)}).")
    dc = shown_chance(best) - shown_chance(alt)
    dp = shown_points(best) - shown_points(alt)
    fewer = dp >= POINTS_NOISE - 1e-9
    more = -dp >= POINTS_NOISE - 1e-9
    has_chance = best.ours is not None and alt.ours is not None
    if has_chance and dc > CHANCE_POINTS:
        with_alt = _with(alt)
        text = f"{with_alt[0].upper()}{with_alt[1:]}: {percent(alt.ours)}"
        if fewer:
            text += f", {dp:.1f} card points fewer"
        elif more:
            text += f" (though {-dp:.1f} card points more)"
        return text + "."
    if fewer:
        if not has_chance or dc == 0:
            return f"{_start(alt)}: the same chance, {dp:.1f} card points fewer."
        return (f"{_start(alt)}: {percent(alt.ours)} (the same chance within the noise of "
                f"{_deals(samples)}), {dp:.1f} card points fewer.")
    if more and has_chance:
        return f"{_start(alt)}: {-dp:.1f} card points more, but {percent(alt.ours)}."
    if best.worth is not None and alt.worth is not None and \
            best.worth - alt.worth >= NEAR_TIE:
        return (f"{_start(alt)}: alike on these figures, but the search's longer look "
                f"rates it {best.worth - alt.worth:.2f} game points a deal lower.")
    return f"{_start(alt)} is about as good."


def _not_likelier(view: SeatView, best: Option, likelier: Option, samples: int = 0) -> str:
    """Why a card that takes the trick more often is not the choice, in the player's
    figures where they show it: the chance on the contract, then card points by the end
    of the deal; the search's game points only where neither does."""
    head = (f"{_start(likelier)} takes this trick more often "
            f"({percent(likelier.trick_win)}), but")
    dc = shown_chance(best) - shown_chance(likelier)
    dp = shown_points(best) - shown_points(likelier)
    chance = best.ours is not None and likelier.ours is not None and dc > CHANCE_POINTS
    if chance:  # as short as the figures' sentence: the reason must fit the panel
        defending = contract_team(view) not in (None, view.team)
        verb = "beat" if defending else "make"
        text = f"{head} with it: {percent(likelier.ours)} to {verb} {contract_words(view)}"
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


def pair_words(view: SeatView) -> str:
    """What declaring the pair does to the target, as the rules bound it (never below the
    lowest bid, never above the highest): "your king and queen of trump lower your side's
    target from 20 to 16" ("move it 4 points" was said of 17 going to 16)."""
    bid, target = view.high_bid, view.target
    if view.bidder is None or bid is None or target is None:
        return "your king and queen of trump move the target in your side's favour"
    bidding = (view.bidder & 1) == view.team
    new = pair_target(view.rules, bid, view.bidder & 1, view.team)
    if new == target:
        which = "lowest" if bidding else "highest"
        return (f"your king and queen of trump leave the target at {target}, the {which} "
                f"it can be")
    if bidding:
        return (f"your king and queen of trump lower your side's target from {target} to "
                f"{new}")
    return f"your king and queen of trump raise their target from {target} to {new}"


def _play_reason(view: SeatView, ordered: tuple[Option, ...],
                 equal: Sequence[Option] = (), samples: int = 0) -> str:
    best = ordered[0]
    a = best.action
    hidden = not view.trump_shown and view.face_down
    i_bid = view.bidder == view.seat
    card = a.card
    if a.code == SHOW_CODE:
        text = (f"Ask for trump: you cannot follow suit, and with trump seen your side "
                f"wins this trick in {percent(best.trick_win)} of the deals consistent with "
                f"what you know")
    elif a.code == PAIR_CODE:
        text = f"Declare the pair: {pair_words(view)}"
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
                    f"{percent(1 - best.trick_win)} of the deals consistent with what you "
                    f"know")
            if cheapest:
                text += ", so give away as little as you can"
        else:
            text = (f"Play {best.words}: your side wins this trick in "
                    f"{percent(best.trick_win)} of the deals consistent with what you know")
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
    # (of them all: "10♠ takes this trick more often (40%)" beside a J♠ at 86%, as good on
    # the figures and left unsaid, read as if the J♠ were not there)
    likelier = max(ordered[1:],
                   key=lambda o: -1.0 if o.trick_win is None else o.trick_win, default=None)
    if (likelier is not None and likelier.trick_win is not None
            and best.trick_win is not None and likelier.trick_win > best.trick_win + 0.1):
        if likelier in equal:
            text += (f" {_start(likelier)} takes this trick more often "
                     f"({percent(likelier.trick_win)}) and is as good (the same chance and "
                     f"card points).")
        else:
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
        return (f"Double: the bidders make their {target} in only {percent(p)} of the deals "
                f"consistent with your cards, so doubling the stakes pays.")
    if best.action.code == REDOUBLE_CODE:
        return (f"Redouble: your side makes its {target} in {percent(p)} of the deals "
                f"consistent with your cards, so raising the stakes again pays.")
    if bidder_side:
        return (f"Pass: your side makes its {target} in {percent(p)} of the deals, not sure "
                f"enough to raise the stakes again.")
    return (f"Pass: the bidders make their {target} in {percent(p)} of the deals consistent "
            f"with your cards, too often to double (a double pays when they make it "
            f"clearly less than 35% of the time).")


def _single_reason(view: SeatView, action: Action, worlds: list[Deal]) -> str:
    p = sweep_chance(view, worlds)
    if action.code == SINGLE_HAND_CODE:
        return (f"Announce a single hand: your cards take every trick in {percent(p)} of the "
                f"{len(worlds)} deals consistent with what you know.")
    return (f"Pass: your cards would take every trick in only {percent(p)} of the "
            f"{len(worlds)} deals consistent with what you know; a single hand needs "
            f"near certainty.")


def _trump_reason(view: SeatView, ordered: tuple[Option, ...],
                  equal: Sequence[Option] = (), samples: int = 0) -> str:
    best = ordered[0]
    bid = view.high_bid
    text = (f"Choose {best.words}: your side makes its {bid} in {percent(best.ours)} of the "
            f"deals consistent with your cards")
    if best.card_points is not None:
        text += f", taking {best.card_points:.1f} points on average"
    text += "."
    if len(ordered) > 1:
        text += " " + _versus(view, best, ordered[1], equal, samples)
    return text


__all__ = ["decided_made", "figures", "measured_reason", "pair_words", "standing_words"]
