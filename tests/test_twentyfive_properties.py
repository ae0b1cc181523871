"""Twenty-Five's invariants, over random games of every table size, team set-up and option:
a random legal game always ends; the 52 cards are all accounted for at every step; no hand
holds more than five; scores are in fives and sum to five a trick; the game ends exactly
when a side reaches the target; a view never holds a hidden card; a move is legal exactly
when the engine has no reason to refuse it; the record replays to the same state."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterator

from hypothesis import given
from hypothesis import strategies as st

from twentynine.twentyfive import (
    Card,
    HouseRules,
    Move,
    Race,
    Stage,
    dumps,
    event_for_seat,
    loads,
    race_record,
    replay_race,
)
from twentynine.twentyfive.happenings import CardsDealt, Robbed, TrickWon
from twentynine.twentyfive.moves import MOVES
from twentynine.twentyfive.positions import rebuild_round
from twentynine.twentyfive.round_state import PLAYING, Round


@st.composite
def house_rules(draw: st.DrawFn) -> HouseRules:
    players = draw(st.integers(3, 9))
    teams = ["none"] + (["pairs"] if players % 2 == 0 else []) + (
        ["threes"] if players in (6, 9) else [])
    return HouseRules(players=players, teams=draw(st.sampled_from(teams)),
                      target=draw(st.sampled_from([5, 10, 25, 45, 100])),
                      rob=draw(st.booleans()), renege=draw(st.booleans()))


def random_game(rules: HouseRules, seed: int, secret: bool = False) -> Iterator[Race]:
    """A game played by random legal moves, yielded after every move."""
    rng = random.Random(seed)
    g = Race(seed=seed, rules=rules, first_dealer=rng.randrange(rules.players),
             secret=secret)
    yield g
    for _ in range(5000):
        if g.is_over:
            return
        acts = g.legal_actions()
        g.apply(acts[rng.randrange(len(acts))])
        yield g
    raise AssertionError("the game did not end in 5000 moves")


def accounted(g: Race) -> None:
    """Every card is in exactly one place: a hand, played, laid down, turned, the stock."""
    r = g.round
    places = [*r.hands, sum(1 << c for c in r.played), r.stock()]
    if r.robber < 0:
        places.append(1 << r.turned)
    else:
        places.append(1 << r.laid)
    union = 0
    for p in places:
        assert union & p == 0
        union |= p
    assert union == (1 << 52) - 1
    assert all(h.bit_count() <= 5 for h in r.hands)


def cards_in_view(value: object) -> Iterator[Card]:
    """Every card anywhere in a view (its fields, tuples, nested records, moves)."""
    if isinstance(value, Card):
        yield value
    elif isinstance(value, Move):
        if value.card is not None:
            yield value.card
    elif isinstance(value, tuple):
        for v in value:
            yield from cards_in_view(v)
    elif dataclasses.is_dataclass(value) and not isinstance(value, type):
        for f in dataclasses.fields(value):
            yield from cards_in_view(getattr(value, f.name))


def may_know(g: Race, seat: int) -> set[int]:
    """The cards ``seat`` may see: its hand, the cards played, the turned card, and the
    card it laid down itself."""
    r = g.round
    known = {c for c in range(52) if r.hands[seat] >> c & 1} | set(r.played) | {r.turned}
    if r.robber == seat:
        known.add(r.laid)
    return known


@given(house_rules(), st.integers(0, 2**32))
def test_a_random_game_ends_with_every_card_accounted_for(rules: HouseRules,
                                                          seed: int) -> None:
    last: Race | None = None
    for g in random_game(rules, seed):
        accounted(g)
        last = g
    assert last is not None and last.is_over


@given(house_rules(), st.integers(0, 2**32))
def test_scores_are_five_a_trick_and_the_game_ends_at_the_target(rules: HouseRules,
                                                                seed: int) -> None:
    tricks = 0
    for g in random_game(rules, seed):
        scores = g.scores
        assert all(s % 5 == 0 for s in scores)
        assert sum(scores) == 5 * (tricks + len(g.round.winners))
        reached = [side for side, s in enumerate(scores) if s >= rules.target]
        if reached:
            assert reached == [g.winner] and g.stage is Stage.GAME_OVER
            assert g.legal_actions() == []
        else:
            assert g.winner is None and g.legal_actions()
        if g.stage is Stage.DEAL_OVER:
            tricks += 5
            assert len(g.round.winners) == 5


@given(house_rules(), st.integers(0, 2**32))
def test_a_view_never_holds_a_hidden_card(rules: HouseRules, seed: int) -> None:
    for step, g in enumerate(random_game(rules, seed)):
        # the seat to move, and each seat in turn (every view at every step is slow)
        for seat in {step % rules.players, g.turn if g.turn is not None else 0}:
            v = g.view(seat)
            assert {int(c) for c in cards_in_view(v)} <= may_know(g, seat)
            assert v.hand == g.hand(seat)
            assert bool(v.legal_actions) == (g.turn == seat)


@given(house_rules(), st.integers(0, 2**32))
def test_events_for_a_seat_hide_others_cards(rules: HouseRules, seed: int) -> None:
    g = Race(seed=seed, rules=rules)
    rng = random.Random(seed)
    events = g.opening_events()
    while not g.is_over and g.number < 3:
        acts = g.legal_actions()
        events += g.apply(acts[rng.randrange(len(acts))])
    for e in events:
        for seat in range(rules.players):
            seen = event_for_seat(e, seat)
            if isinstance(seen, CardsDealt) and seen.seat != seat:
                assert seen.cards is None
            if isinstance(seen, Robbed) and seen.seat != seat:
                assert seen.laid_down is None
            if isinstance(e, TrickWon):
                assert seen == e


@given(house_rules(), st.integers(0, 2**32))
def test_a_move_is_legal_exactly_when_the_engine_has_no_reason_against_it(
        rules: HouseRules, seed: int) -> None:
    for g in random_game(rules, seed):
        legal = set(g.legal_actions())
        for move in MOVES:
            reason = g.explain(move)
            assert (reason == "") == (move in legal), (move, reason)


@given(house_rules(), st.integers(0, 2**32), st.booleans(), st.integers(0, 400))
def test_the_record_replays_to_the_same_state(rules: HouseRules, seed: int, secret: bool,
                                              stop: int) -> None:
    for g in random_game(rules, seed, secret):
        if len(g.moves) >= stop:
            break
    again, _ = replay_race(loads(dumps(race_record(g))))
    assert again.moves == g.moves and again.scores == g.scores
    assert again.round.hands == g.round.hands and again.round.laid == g.round.laid
    for seat in range(rules.players):
        assert again.view(seat) == g.view(seat)


@given(house_rules(), st.integers(0, 2**32))
def test_a_round_playout_ends_and_leaves_its_original_alone(rules: HouseRules,
                                                           seed: int) -> None:
    g = Race(seed=seed, rules=rules)
    r: Round = g.round
    before = (r.hands[:], r.trick[:], r.scores[:], r.state)
    copy = r.clone()
    copy.playout(seed)
    assert copy.state != PLAYING
    assert (r.hands, r.trick, r.scores, r.state) == before
    assert max(copy.scores) >= rules.target or copy.trick_no == 5



@given(house_rules(), st.integers(0, 2**32), st.integers(0, 300))
def test_a_world_of_the_true_hands_rebuilds_the_deal(rules: HouseRules, seed: int,
                                                    stop: int) -> None:
    for g in random_game(rules, seed):
        if len(g.moves) >= stop or g.stage is not Stage.PLAY:
            break
    r = g.round
    for seat in range(rules.players):
        w = rebuild_round(g.view(seat), r.hands, r.laid)
        fields = ("hands", "trick", "played", "winners", "won", "scores", "leader", "turn",
                  "trick_no", "state", "winner", "robber", "laid", "rob_seat", "best_seat",
                  "dealt")
        assert {f: getattr(w, f) for f in fields} == {f: getattr(r, f) for f in fields}
        assert w.legal_codes() == r.legal_codes()
