"""The coach's hint: hard's own choice, from the view only, in every phase, with reasons."""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest

from twentynine import Rules
from twentynine.actions import (
    DOUBLE_CODE,
    PAIR_CODE,
    PASS_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
)
from twentynine.bots import BOTS, make_bot
from twentynine.bots.config import HARD
from twentynine.bots.medium import MediumBot
from twentynine.bots.worlds import WorldSampler
from twentynine.coach.hint import (
    STRONGEST,
    NoHint,
    action_words,
    hint,
    hint_bot,
    view_seed,
)
from twentynine.deal import Deal, Phase
from twentynine.views import SeatView

Wanted = Callable[[SeatView], bool]


def find_view(wanted: Wanted, rules: Rules | None = None, seeds: range = range(200)
              ) -> tuple[Deal, SeatView]:
    """The first decision (easy bots playing every seat) whose view matches ``wanted``."""
    for seed in seeds:
        d = Deal.from_seed(seed, rules=rules)
        bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            if wanted(v) and len(v.legal_actions) > 1:
                return d, v
            d.apply(bots[d.turn].choose(v, v.legal_actions))
    raise AssertionError("no such decision in the seeds tried")


def codes(v: SeatView) -> set[int]:
    return {a.code for a in v.legal_actions}


PHASES: dict[str, tuple[Wanted, Rules | None]] = {
    "bid": (lambda v: v.phase is Phase.AUCTION, None),
    "trump": (lambda v: v.phase is Phase.TRUMP, None),
    "card": (lambda v: v.phase is Phase.PLAY and len(v.tricks) == 2, None),
    "show trump": (lambda v: SHOW_CODE in codes(v), None),
    "pair": (lambda v: PAIR_CODE in codes(v), None),
    "double": (lambda v: DOUBLE_CODE in codes(v), Rules(double=True)),
    "single hand": (lambda v: SINGLE_HAND_CODE in codes(v), Rules(single_hand=True)),
    "marker trump": (lambda v: v.phase is Phase.TRUMP, Rules.preset("pagat")),
}


CLOCK = 120.0


def test_the_hint_bot_is_hard_with_its_own_settings() -> None:
    """Not a copy of hard's numbers: the bot the table would make, whatever hard becomes."""
    assert STRONGEST == "hard" == list(BOTS)[-1]
    ours, table = hint_bot(7), make_bot("hard", seed=7)
    assert type(ours) is type(table)
    assert isinstance(ours, MediumBot) and isinstance(table, MediumBot)
    assert ours.config == table.config == HARD
    assert ours.rng.random() == table.rng.random()  # the same seed
    # only the safety clock may be replaced
    capped = hint_bot(7, time_cap=CLOCK)
    assert isinstance(capped, MediumBot)
    assert capped.config == HARD.replace(time_budget=CLOCK)


@pytest.mark.parametrize("phase", list(PHASES))
def test_the_hint_is_hards_own_choice_for_the_same_view_and_seed(phase: str) -> None:
    wanted, rules = PHASES[phase]
    _, view = find_view(wanted, rules)
    # a generous clock for both, so a busy machine cannot cut either search short: the
    # sample counts (hard's own) bound them
    h = hint(view, time_cap=CLOCK)
    bot = make_bot("hard", seed=view_seed(view), time_budget=CLOCK)
    assert h.action == bot.choose(view, list(view.legal_actions))
    # every legal action is listed once, the suggestion first, with a reason naming it
    assert sorted(o.action.code for o in h.options) == sorted(codes(view))
    assert h.options[0].action == h.action
    assert h.reason
    worths = [o.worth for o in h.options[1:] if o.worth is not None]
    assert worths == sorted(worths, reverse=True)


@pytest.mark.parametrize("phase", ["auction", "play"])
def test_the_hint_uses_the_view_only(phase: str) -> None:
    """Other hidden cards behind the same view give the same hint."""
    if phase == "auction":
        real, view = find_view(lambda v: v.phase is Phase.AUCTION and len(v.bids) >= 1)
    else:
        real, view = find_view(lambda v: v.phase is Phase.PLAY and len(v.tricks) == 3)
    sampler = WorldSampler(view)
    rng = random.Random(5)
    others = [s for s in range(4) if s != view.seat]
    swapped = None
    for _ in range(50):
        w = sampler.sample(rng)
        if any(w.hands[s] != real.hands[s] for s in others):
            swapped = w
            break
    assert swapped is not None
    assert swapped.hands[view.seat] == real.hands[view.seat]
    assert swapped.view(view.seat) == view  # nothing the seat sees has changed
    assert hint(swapped.view(view.seat), time_cap=CLOCK) == hint(view, time_cap=CLOCK)


def test_bid_hint_gives_each_trump_and_the_chance_of_each_bid() -> None:
    _, view = find_view(lambda v: v.phase is Phase.AUCTION and PASS_CODE in codes(v))
    h = hint(view)
    assert h.trumps and all(0 <= pts <= view.rules.total_points for _, pts in h.trumps)
    chances = [b.chance for b in h.bids]
    assert chances == sorted(chances, reverse=True)  # a higher bid is never easier
    assert all(0.0 <= c <= 1.0 for c in chances)
    legal_bids = {a.bid for a in view.legal_actions if a.bid is not None}
    assert legal_bids <= {b.bid for b in h.bids}
    assert h.worlds > 0


def test_card_hint_explains_with_the_trick_and_the_points() -> None:
    _, view = find_view(lambda v: v.phase is Phase.PLAY and len(v.trick) == 2
                        and len(v.legal_actions) >= 2)
    h = hint(view)
    best = h.options[0]
    assert best.trick_win is not None and 0.0 <= best.trick_win <= 1.0
    assert best.card_points is not None
    assert action_words(h.action) in h.reason


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    d = Deal.from_seed(1)
    with pytest.raises(NoHint):
        hint(d.view((d.turn + 1) & 3))


def test_a_trump_card_with_the_better_chance_is_explained() -> None:
    """The chance to make the contract comes from quick play-outs, the order from the
    search: "J♦: 33% ... 7♠: 39%" read as if the hint chose the worse card.  Where another
    card makes it more often, the reason says the search rates it lower, and by how much."""
    from twentynine.actions import Action
    from twentynine.cards import Card
    from twentynine.coach.hint import Option, _trump_reason

    _deal, view = find_view(lambda v: v.phase is Phase.TRUMP)
    jd, sp = (Action.trump_card(Card.parse(c)) for c in ("J♦", "7♠"))
    best = Option(jd, "J♦ face down", -0.25, 14.7, made=0.33)
    likelier = Option(sp, "7♠ face down", -0.34, 14.1, made=0.39)
    text = _trump_reason(view, (best, likelier))
    assert "7♠ face down makes it more often in quick play-outs (39%), but the search " \
        "rates it 0.09 game points lower." in text, text
    # the usual case: the choice is also the likelier one
    text = _trump_reason(view, (best, Option(sp, "7♠ face down", -0.34, made=0.30)))
    assert "7♠ face down: 30%." in text and "more often" not in text, text
