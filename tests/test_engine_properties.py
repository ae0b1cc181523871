"""Property tests: random legal play through whole games, with invariants after every step;
random illegal actions always rejected with nothing changed; the fast path (clone, step,
legal_codes) agreeing with the public one (apply, legal_actions).

The ``ci`` Hypothesis profile (tests/conftest.py) keeps this file fast; run
``HYPOTHESIS_PROFILE=soak python -m pytest tests/test_engine_properties.py`` for a long run.
"""

from __future__ import annotations

import dataclasses
import random
from enum import Enum
from typing import Any

import pytest
from engine_support import RULE_SETS, illegal_codes, random_deal, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from twentynine import Action, Card, Deal, Game, IllegalActionError, Phase, Rules
from twentynine.engine.actions import ACTIONS
from twentynine.engine.events import (
    CardPlayed,
    CardsDealt,
    DealScored,
    DealStarted,
    Event,
    GameOver,
    TrickWon,
    TrumpChosen,
    event_for_seat,
)
from twentynine.engine.views import SeatView

RULES = [RULE_SETS[k] for k in sorted(RULE_SETS)]


_FIELDS: dict[type, tuple[str, ...]] = {}
_NO_CARDS = (int, str, Enum, Rules, Action, type(None))


def cards_in(obj: Any) -> set[Card]:
    """Every Card anywhere inside a view (or event): tuples and dataclasses walked."""
    found: set[Card] = set()
    stack = [obj]
    while stack:
        x = stack.pop()
        if type(x) is Card:
            found.add(x)
        elif isinstance(x, _NO_CARDS):
            continue
        elif isinstance(x, tuple | list | frozenset | set):
            stack.extend(x)
        elif dataclasses.is_dataclass(x) and not isinstance(x, type):
            names = _FIELDS.get(type(x))
            if names is None:
                names = _FIELDS[type(x)] = tuple(f.name for f in dataclasses.fields(x))
            stack.extend(getattr(x, n) for n in names)
        else:
            raise AssertionError(f"unexpected value in a view: {x!r}")
    return found


_VIEW_FIELDS = tuple(f.name for f in dataclasses.fields(SeatView))
_FAST = frozenset({"hand", "trick", "tricks", "trump_card", "legal_actions", "rules"})


def view_cards(v: SeatView) -> set[Card]:
    """Every Card anywhere in a view: the known card fields read directly, any other field
    walked (so a field added later cannot leak a card unnoticed)."""
    found = set(v.hand)
    found.update(c for _, c in v.trick)
    for t in v.tricks:
        found.update(c for _, c in t.cards)
    if v.trump_card is not None:
        found.add(v.trump_card)
    for name in _VIEW_FIELDS:
        if name not in _FAST:
            found |= cards_in(getattr(v, name))
    return found


def played_list(view: SeatView) -> list[Card]:
    return [c for t in view.tricks for _, c in t.cards] + [c for _, c in view.trick]


def check_view_secrecy(deal: Deal, views: list[SeatView]) -> None:
    """Each seat's view holds its own hand, public cards and the trump it may know: never a
    card of another seat's hand, never the hidden trump of someone else."""
    bidder = views[0].bidder
    shown = views[0].trump_shown
    true_trump = views[bidder].trump_card if bidder is not None else None
    true_suit = views[bidder].trump_suit if bidder is not None else None
    played = set(played_list(views[0]))
    for s, v in enumerate(views):
        assert v.seat == s
        assert v.hand == deal.hand(s)
        assert v.trump_shown == shown and set(played_list(v)) == played
        allowed = set(v.hand) | played
        if shown or s == bidder:
            assert v.trump_suit == true_suit
            assert v.trump_card == true_trump
            if true_trump is not None:
                allowed.add(true_trump)
        else:
            assert v.trump_suit is None and v.trump_card is None
        seen = view_cards(v)
        assert seen <= allowed, (s, seen - allowed)
        for a in v.legal_actions:  # actions naming a card name one of the seat's own
            assert a.card is None or a.card in v.hand, (s, a)
        for o in range(4):
            if o != s:
                assert not set(views[o].hand) & set(v.hand)
        if s != deal.turn:
            assert v.legal_actions == ()


def check_events_for_seats(events: list[Event]) -> None:
    for e in events:
        for s in range(4):
            f = event_for_seat(e, s)
            if isinstance(e, CardsDealt):
                assert isinstance(f, CardsDealt) and (f.cards is None) == (s != e.seat)
            elif isinstance(e, TrumpChosen):
                if s != e.seat:
                    assert isinstance(f, TrumpChosen) and f.card is None and f.suit is None
                else:
                    assert f == e
            else:
                assert f == e


def check_cards_conserved(deal: Deal, views: list[SeatView]) -> None:
    hands = [set(v.hand) for v in views]
    played = played_list(views[0])
    assert len(played) == len(set(played)), "a card was played twice"
    held: set[Card] = set()
    for h in hands:
        assert not held & h
        held |= h
    assert not held & set(played)
    every = held | set(played)
    count = sum(len(h) for h in hands) + len(played)
    if views[0].face_down:
        bidder = views[0].bidder
        assert bidder is not None
        fd = views[bidder].trump_card
        assert fd is not None and fd not in every
        every.add(fd)
        count += 1
    dealt = 16 if deal.phase in (Phase.AUCTION, Phase.TRUMP) else 32
    assert count == dealt and len(every) == dealt
    assert sum(views[0].hand_sizes) + len(played) + (1 if views[0].face_down else 0) == dealt


class GameMachine(RuleBasedStateMachine):
    """Random legal actions through whole games under random rules."""

    game: Game
    game_rules: Rules

    @initialize(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES),
                game_to=st.sampled_from([1, 2, 6]), dealer=st.integers(0, 3))
    def start(self, seed: int, rules: Rules, game_to: int, dealer: int) -> None:
        self._new_game(seed, rules.replace(game_to=game_to), dealer)

    def _new_game(self, seed: int, rules: Rules, dealer: int) -> None:
        self.game_rules = rules
        self.game = Game(seed, rules, first_dealer=dealer)
        self.played: set[Card] = set()
        self.deals_finished = 0
        opening = self.game.opening_events()
        assert isinstance(opening[0], DealStarted) and opening[0].dealer == dealer
        check_events_for_seats(opening)

    @precondition(lambda self: self.game.is_over)
    @rule(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES),
          game_to=st.sampled_from([1, 2]))
    def another_game(self, seed: int, rules: Rules, game_to: int) -> None:
        self._new_game(seed, rules.replace(game_to=game_to), seed % 4)

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data(), burst=st.integers(1, 40))
    def play_legal_actions(self, data: st.DataObject, burst: int) -> None:
        """A few random legal actions, the invariants checked after each one."""
        for _ in range(burst):
            if self.game.is_over:
                break
            self._legal_action(data)
            self._check()

    def _legal_action(self, data: st.DataObject) -> None:
        game = self.game
        legal = game.legal_actions()
        action = data.draw(st.sampled_from(legal), label="action")
        turn, deal_before = game.turn, game.deal
        events = game.apply(action)
        check_events_for_seats(events)
        for e in events:
            if isinstance(e, DealStarted):
                assert e.dealer == (deal_before.dealer + 1) % 4
                assert e.number == deal_before.number + 1
                self.played = set()
            elif isinstance(e, CardPlayed):
                assert e.seat == turn
                assert e.card not in self.played, "a card was played twice"
                self.played.add(e.card)
            elif isinstance(e, DealScored):
                self.deals_finished += 1
                out = e.outcome
                assert sum(out.card_points) == self.game_rules.total_points
                assert out.game_points[1 - (out.bidder & 1)] == 0
                assert out.game_points[out.bidder & 1] in ((0,) if out.dead else (1, -1))
                assert e.scores == game.scores
            elif isinstance(e, GameOver):
                assert game.is_over and e.winner == game.winner
                g = self.game_rules.game_to
                assert game.scores[e.winner] == g or game.scores[1 - e.winner] == -g

    @precondition(lambda self: not self.game.is_over)
    @rule(data=st.data())
    def illegal_action(self, data: st.DataObject) -> None:
        game = self.game
        code = data.draw(st.sampled_from(illegal_codes(game)), label="illegal")
        before = snapshot(game)
        with pytest.raises(IllegalActionError) as err:
            game.apply(ACTIONS[code])
        assert isinstance(err.value, ValueError) and str(err.value)
        assert snapshot(game) == before

    @precondition(lambda self: not self.game.is_over and not self.game.deal.is_over)
    @rule(data=st.data())
    def fast_path_agrees(self, data: st.DataObject) -> None:
        deal = self.game.deal
        before = snapshot(deal)
        a, b = deal.clone(), deal.clone()
        code = data.draw(st.sampled_from(a.legal_codes()), label="code")
        assert a.legal_codes() == [x.code for x in deal.legal_actions()]
        events_a = a.apply(ACTIONS[code])
        events_b: list[Event] = []
        b.step(code, events_b)
        assert events_a == events_b
        assert [a.view(s) for s in range(4)] == [b.view(s) for s in range(4)]
        # playing the clone out to the end leaves the original untouched
        rng = random.Random(data.draw(st.integers(0, 1000), label="playout"))
        while not a.is_over:
            a.step(rng.choice(a.legal_codes()))
        assert snapshot(deal) == before

    @invariant()
    def checked_after_every_step(self) -> None:
        self._check()

    def _check(self) -> None:
        game = self.game
        deal = game.deal
        g = self.game_rules.game_to
        assert all(-g <= s <= g for s in game.scores)
        assert bool(game.legal_codes()) != game.is_over
        if game.is_over:
            assert game.phase is Phase.GAME_OVER and game.winner in (0, 1)
        views = [deal.view(s) for s in range(4)]
        check_cards_conserved(deal, views)
        check_view_secrecy(deal, views)
        if deal.outcome is not None:
            assert sum(deal.outcome.card_points) == self.game_rules.total_points
            assert sum(deal.outcome.tricks) == 8
        assert set(played_list(views[0])) == self.played


TestGameMachine = GameMachine.TestCase
# A step here is a burst of up to 40 actions (a few steps finish a deal), so a third of the
# profile's steps still plays whole games, and 15 runs, not the profile's 40: 15 runs of 50
# steps in the default profile.  The runs play whole games (40 runs once scored 215 deals
# and ended 103 games, so 15 score about eighty and end about forty), every invariant
# checked after each action; the 40 runs were nine tenths of this file's CPU.  (The
# variants' properties play whole games under random settings with the same invariants.)
# With 150 steps the test took 14 to 156 s in full runs.
_profile = settings.default
assert _profile is not None  # conftest.py loads a profile
TestGameMachine.settings = settings(
    max_examples=max(15, _profile.max_examples * 3 // 8),
    stateful_step_count=max(50, _profile.stateful_step_count // 3))


# ------------------------------------------------------------------ illegal actions at random
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES),
       moves=st.integers(0, 45), data=st.data())
def test_random_illegal_actions_are_rejected_with_state_unchanged(
        seed: int, rules: Rules, moves: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    deal, _, _ = random_deal(rng, dealer=seed % 4, rules=rules)
    for _ in range(moves):
        if deal.is_over:
            break
        deal.apply(rng.choice(deal.legal_actions()))
    bad = illegal_codes(deal)
    assert len(bad) + len(deal.legal_codes()) == len(ACTIONS)
    for code in data.draw(st.lists(st.sampled_from(bad), min_size=1, max_size=5)):
        before = snapshot(deal)
        with pytest.raises(IllegalActionError) as err:
            deal.apply(ACTIONS[code])
        assert isinstance(err.value, ValueError)
        assert len(str(err.value)) > 10
        assert snapshot(deal) == before
        assert not deal.is_legal(ACTIONS[code])


@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES))
def test_step_on_legal_codes_matches_apply_for_a_whole_deal(seed: int, rules: Rules) -> None:
    rng = random.Random(seed)
    slow = Deal.from_seed(seed, seed % 4, rules)
    fast = slow.clone()
    while not slow.is_over:
        codes = fast.legal_codes()
        assert codes == [a.code for a in slow.legal_actions()]
        code = rng.choice(codes)
        events: list[Event] = []
        fast.step(code, events)
        assert slow.apply(ACTIONS[code]) == events
    assert fast.is_over and fast.outcome == slow.outcome
    assert [fast.view(s) for s in range(4)] == [slow.view(s) for s in range(4)]
    assert any(isinstance(e, TrickWon) for e in events) or fast.outcome is not None


def test_clone_is_independent() -> None:
    deal = Deal.from_seed(21)
    for _ in range(20):  # into the play
        deal.apply(deal.legal_actions()[0])
    before = snapshot(deal)
    copy = deal.clone()
    assert snapshot(copy) == before
    while not copy.is_over:
        copy.step(copy.legal_codes()[-1])
    assert copy.is_over and not deal.is_over
    assert snapshot(deal) == before
    # and the other way round: the original moving on leaves an earlier clone alone
    copy2 = deal.clone()
    snap2 = snapshot(copy2)
    deal.apply(deal.legal_actions()[0])
    assert snapshot(copy2) == snap2
    # both moving on from the same position (the clone shares the action log until then)
    mine, theirs = deal.legal_codes()[0], copy2.legal_codes()[-1]
    assert mine != theirs
    snap3 = snapshot(deal)
    copy2.step(theirs)
    assert snapshot(deal) == snap3
    deal.step(mine)
    assert deal.log[-1] == mine and copy2.log[-1] == theirs
    assert deal.log[:-2] == copy2.log[:-1]


# ------------------------------------------------------------------ the playouts' fast path
@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(RULES), moves=st.integers(0, 40))
def test_a_playout_takes_only_legal_actions_to_the_end_and_repeats_with_its_seed(
        seed: int, rules: Rules, moves: int) -> None:
    rng = random.Random(seed)
    deal, _, _ = random_deal(rng, dealer=seed % 4, rules=rules)
    for _ in range(moves):
        if deal.is_over:
            break
        deal.step(rng.choice(deal.legal_codes()))
    start = len(deal.log)
    a, b = deal.clone(), deal.clone()
    assert a.playout(seed) == b.playout(seed)
    assert a.is_over and a.log == b.log
    replay = deal.clone()
    for code in a.log[start:]:
        replay.apply(ACTIONS[code])  # raises if the playout took an illegal action
    # the fast path scores a deal only when asked; its game points without the outcome
    # (what the bots read) are the outcome's
    assert replay.outcome is not None
    assert a.game_change() == replay.outcome.game_points
    assert replay.outcome == a.outcome
    assert a.game_change() == replay.game_change()


def test_playouts_choose_among_every_legal_action() -> None:
    """From one position, the first choice of many playouts covers every legal action."""
    for seed in range(200):
        deal = Deal.from_seed(seed)
        while deal.phase_code != 2 or not deal.trick:  # a trick under way
            deal.step(deal.legal_codes()[-1] if deal.phase_code == 0 else deal.legal_codes()[0])
            if deal.is_over:
                break
        if deal.is_over or len(deal.legal_codes()) < 3:
            continue
        legal = set(deal.legal_codes())
        first = set()
        for s in range(1, 400):
            d = deal.clone()
            d.playout(s * 7919)
            first.add(d.log[len(deal.log)])
        assert first == legal
        return
    raise AssertionError("no position with three legal actions found")
