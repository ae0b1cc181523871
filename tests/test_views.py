"""Per-seat views and event filtering: the wall between the engine and the bots or the UI."""

from __future__ import annotations

import copy
import dataclasses
import random
from typing import Any

import pytest
from engine_support import RULE_SETS, layout, play, random_deal
from ruling_deals import SEED000, SEED000_AUCTION

from twentynine import Card, Deal, Rules, SeatView, event_for_seat
from twentynine.engine.events import CardsDealt, TrumpChosen, TrumpShown
from twentynine.engine.views import WorldError, deal_from_view

HEARTS = 1


def mutable_parts(obj: Any, path: str = "view") -> list[str]:
    """Paths of any list, dict or set inside ``obj`` (a view must hold none)."""
    out: list[str] = []
    if isinstance(obj, list | dict | set | bytearray):
        out.append(path)
    elif isinstance(obj, tuple | frozenset):
        for i, x in enumerate(obj):
            out += mutable_parts(x, f"{path}[{i}]")
    elif dataclasses.is_dataclass(obj) and not isinstance(obj, type):
        for f in dataclasses.fields(obj):
            out += mutable_parts(getattr(obj, f.name), f"{path}.{f.name}")
    return out


def test_a_view_is_frozen() -> None:
    deal = layout(*SEED000)
    v = deal.view(0)
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.hand = ()  # type: ignore[misc]  # frozen: refused
    with pytest.raises(dataclasses.FrozenInstanceError):
        v.trump_suit = HEARTS  # type: ignore[misc]  # frozen: refused


def test_a_view_holds_copies_not_references_into_the_engine() -> None:
    rng = random.Random(3)
    deal, _, _ = random_deal(rng)
    views: list[tuple[SeatView, SeatView]] = []
    while not deal.is_over:
        for s in range(4):
            v = deal.view(s)
            assert mutable_parts(v) == []
            views.append((v, copy.deepcopy(v)))
        deal.apply(rng.choice(deal.legal_actions()))
    # the engine moved on through a whole deal: every view taken on the way is as it was
    for v, saved in views:
        assert v == saved


def test_a_view_shows_own_hand_and_only_what_the_seat_may_know() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION)
    for s in range(4):
        v = deal.view(s)
        assert v.hand == deal.hand(s)
        assert v.hand_sizes == (8, 7, 8, 8)
        assert v.bids == ((0, None), (1, 18), (2, None), (3, None))
        assert v.bidder == 1 and v.high_bid == 18 and v.face_down
        if s == 1:
            assert v.trump_card == Card.parse("7H") and v.trump_suit == HEARTS
        else:
            assert v.trump_card is None and v.trump_suit is None
            assert Card.parse("7H") in v.unseen_cards()
        assert (v.legal_actions != ()) == (s == deal.turn)
    assert Card.parse("7H") not in deal.view(1).unseen_cards()
    play(deal, "play JS", "show trump")
    for s in range(4):
        v = deal.view(s)
        assert v.trump_card == Card.parse("7H") and v.trump_suit == HEARTS
        assert not v.face_down and v.trump_shown


def test_event_for_seat_hides_other_seats_cards_and_the_trump_from_non_bidders() -> None:
    deal = layout(*SEED000)
    events = deal.opening_events() + play(deal, *SEED000_AUCTION)
    dealt = [e for e in events if isinstance(e, CardsDealt)]
    assert len(dealt) == 8
    for e in dealt:
        for s in range(4):
            f = event_for_seat(e, s)
            assert isinstance(f, CardsDealt)
            if s == e.seat:
                assert f == e and f.cards is not None and len(f.cards) == 4
            else:
                assert f.cards is None and f.seat == e.seat and f.count == 4
    chosen = [e for e in events if isinstance(e, TrumpChosen)]
    assert len(chosen) == 1 and chosen[0].card == Card.parse("7H")
    for s in range(4):
        f = event_for_seat(chosen[0], s)
        assert isinstance(f, TrumpChosen) and f.seat == 1
        if s == 1:
            assert f.card == Card.parse("7H") and f.suit == HEARTS
        else:
            assert f.card is None and f.suit is None
    shown = play(deal, "play JS", "show trump")
    ts = [e for e in shown if isinstance(e, TrumpShown)]
    assert ts and all(event_for_seat(ts[0], s) == ts[0] for s in range(4))


def test_event_for_seat_hides_the_marker_suit_from_non_bidders_in_pagat() -> None:
    deal = layout(*SEED000, rules=Rules.preset("pagat"))
    events = play(deal, "pass", "bid 18", "pass", "pass", "trump suit H")
    chosen = next(e for e in events if isinstance(e, TrumpChosen))
    told = event_for_seat(chosen, 1)
    assert isinstance(told, TrumpChosen) and told.suit == HEARTS
    for s in (0, 2, 3):
        f = event_for_seat(chosen, s)
        assert isinstance(f, TrumpChosen) and f.suit is None and f.card is None


def _world(deal: Deal, seat: int, second: list[list[Card]]) -> Deal:
    """A world built from ``seat``'s view with the true hidden cards filled in."""
    v = deal.view(seat)
    bidder = v.bidder
    bv = deal.view(bidder) if bidder is not None else None
    return deal_from_view(
        v,
        hands=[deal.hand(s) for s in range(4)],
        trump_card=bv.trump_card if bv is not None else None,
        trump_suit=bv.trump_suit if bv is not None else None,
        second=second,
    )


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_deal_from_view_with_the_true_hidden_cards_reproduces_the_deal(name: str) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"world-{name}")
    checked = 0
    for i in range(6):
        deal, _, second = random_deal(rng, dealer=i % 4, rules=rules)
        stop = rng.randrange(0, 45)
        steps = 0
        while not deal.is_over and steps < stop:
            deal.apply(rng.choice(deal.legal_actions()))
            steps += 1
        for seat in range(4):
            world = _world(deal, seat, second)
            assert world.legal_codes() == deal.legal_codes()
            assert [world.view(s) for s in range(4)] == [deal.view(s) for s in range(4)]
            # and it plays on exactly like the real deal
            truth = deal.clone()
            while not truth.is_over:
                code = rng.choice(truth.legal_codes())
                assert world.legal_codes() == truth.legal_codes()
                world.step(code)
                truth.step(code)
                assert world.view(seat) == truth.view(seat)
            assert world.outcome == truth.outcome
            checked += 1
    assert checked == 24


def test_deal_from_view_rejects_a_world_that_contradicts_the_view() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION)
    hands = [list(deal.hand(s)) for s in range(4)]
    wrong = [hands[1], hands[0], hands[2], hands[3]]  # seat 0's own hand swapped away
    with pytest.raises(WorldError):
        deal_from_view(deal.view(0), hands=wrong, trump_card="7H")
    with pytest.raises(WorldError):  # the face-down card is needed
        deal_from_view(deal.view(0), hands=hands)
