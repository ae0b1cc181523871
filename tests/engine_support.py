"""The engine tests' support: explicit deals, scripted play, state snapshots.

Hands are written as eight cards, the first four dealt before the auction and the last
four after the trump choice (a ``|`` may separate them for the reader).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import TYPE_CHECKING, Any

from twentynine import Action, Card, Deal, Game, Phase, Rules
from twentynine.engine.actions import ACTIONS
from twentynine.engine.cards import CARDS, parse_cards
from twentynine.engine.events import CardPlayed, Event
from twentynine.engine.views import SeatView

if TYPE_CHECKING:
    from twentynine.coach.hint import Hint

RULE_SETS: dict[str, Rules] = {
    "standard": Rules.preset("standard"),
    "28pt": Rules.preset("28pt"),
    "pagat": Rules.preset("pagat"),
    "min15": Rules().replace(min_bid=15),
}
"""The rule sets every engine test plays: standard, 28pt, pagat, minimum bid 15."""

TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)
"""Tournament rules: a marker names the trump, no pair, no last-trick point."""


def mask(*names: str) -> int:
    """The bit mask of the cards named, as the bots' code holds a hand: ``mask("JH", "9S")``."""
    out = 0
    for c in names:
        out |= 1 << Card.parse(c).index
    return out


def cards(text: str) -> list[Card]:
    """Cards from text such as ``"JS 9S | AD TC"``."""
    return parse_cards(text.replace("|", " "))


def layout(*hands: str, dealer: int = 3, rules: Rules | None = None) -> Deal:
    """A deal from four eight-card hands (first four dealt, then second four)."""
    assert len(hands) == 4
    first: list[list[Card]] = []
    second: list[list[Card]] = []
    for h in hands:
        cs = cards(h)
        assert len(cs) == 8, h
        first.append(cs[:4])
        second.append(cs[4:])
    return Deal(first, second, dealer, rules)


def random_deal(rng: random.Random, dealer: int = 0, rules: Rules | None = None
                ) -> tuple[Deal, list[list[Card]], list[list[Card]]]:
    """A shuffled deal built through the explicit-cards constructor, with its cards."""
    pack = list(CARDS)
    rng.shuffle(pack)
    first = [pack[4 * s: 4 * s + 4] for s in range(4)]
    second = [pack[16 + 4 * s: 20 + 4 * s] for s in range(4)]
    return Deal(first, second, dealer, rules), first, second


def play(deal: Deal | Game, *actions: str) -> list[Event]:
    """Apply each action (text form) in order; all the events."""
    events: list[Event] = []
    for a in actions:
        events.extend(deal.apply(a))
    return events


def legal(deal: Deal | Game) -> set[str]:
    """The legal actions now, in text form."""
    return {str(a) for a in deal.legal_actions()}


def phase(deal: Deal) -> Phase:
    """The deal's phase now.  An ``assert deal.phase is ...`` makes a type checker take the
    property for that phase from then on, moves or not; a later check of the phase after
    moves asks this function, whose answer it takes as any phase."""
    return deal.phase


def hand(deal: Deal, seat: int) -> set[str]:
    """The seat's hand as card names."""
    return {c.name for c in deal.hand(seat)}


def plays_of(events: Iterable[Event]) -> list[tuple[int, str]]:
    """(seat, card) for every card played in ``events``."""
    return [(e.seat, e.card.name) for e in events if isinstance(e, CardPlayed)]


def first_card_policy(actions: list[Action]) -> Action:
    """Play the first legal card; never ask for trump or declare the pair (bid/pass/trump
    choice as listed first)."""
    for a in actions:
        if str(a) not in ("show trump", "pair"):
            return a
    return actions[0]


def finish(deal: Deal, policy: Callable[[list[Action]], Action] = first_card_policy
           ) -> list[Event]:
    """Play the deal to its end with ``policy``; all the events."""
    events: list[Event] = []
    while not deal.is_over:
        events.extend(deal.apply(policy(deal.legal_actions())))
    return events


def random_policy(rng: random.Random) -> Callable[[list[Action]], Action]:
    """A policy choosing uniformly among the legal actions."""
    return lambda actions: rng.choice(actions)


def snapshot(obj: Deal | Game) -> tuple[Any, ...]:
    """Everything observable about a deal or game: the four seats' views, the legal actions,
    phase, turn, the actions so far, and (for a game) the scores and winner."""
    deal = obj.deal if isinstance(obj, Game) else obj
    views: tuple[SeatView, ...] = tuple(deal.view(s) for s in range(4))
    base: tuple[Any, ...] = (
        views,
        tuple(obj.legal_codes()),
        obj.phase,
        obj.turn,
        tuple(obj.actions),
        tuple(deal.hand(s) for s in range(4)),
        deal.outcome,
        deal.target,
    )
    if isinstance(obj, Game):
        base += (obj.scores, obj.winner, obj.deals_played)
    return base


def illegal_codes(obj: Deal | Game) -> list[int]:
    """Every action code that is not legal now."""
    ok = set(obj.legal_codes())
    return [a.code for a in ACTIONS if a.code not in ok]


def finished_record(seed: int) -> dict[str, Any]:
    """The record of a whole deal (``Deal.from_seed(seed)``) played by easy bots, as the
    history keeps one."""
    from twentynine.bots import make_bot
    from twentynine.engine.records import deal_record

    d = Deal.from_seed(seed)
    bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]
    while not d.is_over:
        v = d.view(d.turn)
        d.apply(bots[d.turn].choose(v, v.legal_actions))
    return deal_record(d)


def quick_grader(view: SeatView) -> Hint:
    """A quick grader for the review's tests of what surrounds the grading (the cache,
    the screens, which moves are graded): medium's search over 8 worlds instead of
    hard's.  The grading itself is test_coach_review's, with hard."""
    from twentynine.bots import make_bot
    from twentynine.coach.hint import hint

    return hint(view, bot=make_bot("medium", seed=1, time_budget=60.0), worlds=8)


PYTHON_WORDS = ("codec", "decode", "0x", "Expecting", "(char ", "column", "Error",
                "Traceback", "errno", "[Errno", "utf-8", "JSON object must be")
"""Pieces of Python's own error text, which a player's notice must never show."""


def python_words(text: str) -> list[str]:
    """The pieces of Python's error text in ``text`` (a notice meant for a player)."""
    return [w for w in PYTHON_WORDS if w in text]
