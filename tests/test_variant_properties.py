"""Property tests for the optional rule settings: every game draws a random combination of
ALL the settings (one strategy per field of :class:`Rules`, built from ``SETTINGS``) and is
played with random legal actions, checking the engine's invariants after every step.

Profiles come from ``conftest.py``: ``ci`` (the default) stays fast,
``HYPOTHESIS_PROFILE=soak`` runs many more games.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any, cast

import pytest
from engine_support import random_deal, snapshot
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
)

from twentynine import (
    CARDS,
    Card,
    Deal,
    Game,
    IllegalActionError,
    Phase,
    Rules,
    RulesError,
    SeatView,
)
from twentynine.bots import BOTS
from twentynine.engine.actions import ACTIONS, NEXT_DEAL, ActionKind
from twentynine.engine.events import (
    CardsDealt,
    DealScored,
    DealStarted,
    Doubled,
    Event,
    GameOver,
    PairDeclared,
    SingleHandAnnounced,
    TrumpChosen,
    TrumpShown,
    event_for_seat,
)
from twentynine.engine.rules import SETTINGS, Setting, setting_value

ALL_CARDS = frozenset(CARDS)


# --------------------------------------------------------------------------- strategies
def _choices(setting: Setting) -> st.SearchStrategy[Any]:
    if setting.field == "game_to":
        # any length is legal, but random play must finish whole games quickly
        return st.integers(1, 3)
    if setting.field == "max_bid":
        # the full range Rules accepts (14..29); invalid ones are skipped below
        return st.one_of(st.just(28), st.integers(14, 29))
    return st.sampled_from([setting_value(setting.field, t) for t in setting.choices])


FIELD_STRATEGIES: dict[str, st.SearchStrategy[Any]] = {s.field: _choices(s) for s in SETTINGS}


def _rules_or_none(**fields: Any) -> Rules | None:
    try:
        return Rules(**fields)
    except RulesError:  # e.g. a maximum bid above the points in the pack
        return None


# the filter leaves no None, which its type does not say
RULES = cast(st.SearchStrategy[Rules], st.builds(_rules_or_none, **FIELD_STRATEGIES).filter(
    lambda r: r is not None))
"""A random combination of every rule setting (invalid combinations skipped)."""


def random_rules(rng: random.Random) -> Rules:
    """The same space as :data:`RULES`, from a plain random generator (for the bot test)."""
    while True:
        fields: dict[str, Any] = {}
        for s in SETTINGS:
            fields[s.field] = setting_value(s.field, rng.choice(s.choices))
        fields["game_to"] = rng.randint(1, 3)
        r = _rules_or_none(**fields)
        if r is not None:
            return r


def test_every_rules_field_is_a_setting_and_is_drawn() -> None:
    names = {f.name for f in dataclasses.fields(Rules)}
    assert {s.field for s in SETTINGS} == names
    assert set(FIELD_STRATEGIES) == names


@given(RULES)
def test_drawn_rules_are_valid_and_round_trip(rules: Rules) -> None:
    assert rules.min_bid <= rules.max_bid <= rules.total_points
    assert Rules.from_dict(rules.to_dict()) == rules


# --------------------------------------------------------------------------- invariants
_FIELDS: dict[type, tuple[str, ...]] = {}
"""The field names of each type met in a view (none for a type that is no dataclass)."""


def _cards_in(obj: Any) -> list[Card]:
    """Every Card reachable in a view's fields (through tuples, lists, sets and
    dataclasses; each type's fields looked up once)."""
    out: list[Card] = []
    todo = [obj]
    while todo:
        x = todo.pop()
        if isinstance(x, Card):
            out.append(x)
        elif isinstance(x, (tuple, list, frozenset, set)):
            todo.extend(x)
        else:
            kind = type(x)
            names = _FIELDS.get(kind)
            if names is None:
                names = (tuple(f.name for f in dataclasses.fields(x))
                         if dataclasses.is_dataclass(x) and not isinstance(x, type) else ())
                _FIELDS[kind] = names
            todo.extend(getattr(x, n) for n in names)
    return out


def played_cards(v: SeatView) -> list[Card]:
    """Every card played in the deal, in order, from the public record (a seat's view)."""
    out = [c for t in v.tricks for _, c in t.cards]
    out += [c for _, c in v.trick]
    return out


def face_down_card(views: list[SeatView]) -> Card | None:
    """The bidder's face-down card, if one lies on the table (the four seats' views)."""
    if views[0].bidder is None:
        return None
    v = views[views[0].bidder]
    return v.trump_card if v.face_down else None


def check_deal(deal: Deal, second_dealt: bool, events: list[Event]) -> None:
    """The invariants of one deal at any moment; ``events``, those not checked before
    (what a seat is told of an event depends on the event alone)."""
    rules = deal.rules
    views = [deal.view(s) for s in range(4)]
    v0 = views[0]
    bidder = v0.bidder
    shown = v0.trump_shown
    played = played_cards(v0)
    hands = [frozenset(deal.hand(s)) for s in range(4)]
    fd = face_down_card(views)

    # no card played twice, none both played and held, hands disjoint
    assert len(played) == len(set(played))
    held: set[Card] = set()
    for h in hands:
        assert not held & h
        held |= h
    assert not held & set(played)
    if fd is not None:
        assert fd not in held and fd not in played
    # the 32 cards are all there once the second four are dealt; 16 before
    on_table = len(held) + len(played) + (fd is not None)
    if second_dealt:
        assert on_table == 32
        assert held | set(played) | ({fd} if fd else set()) == ALL_CARDS
    else:
        assert on_table == 16 and not played

    # the views: own hand only; a hidden trump only for the bidder
    for s, v in enumerate(views):
        assert v.seat == s
        assert frozenset(v.hand) == hands[s]
        assert v.hand_sizes == tuple(len(h) for h in hands)
        sees = shown or s == bidder
        if not sees:
            assert v.trump_suit is None and v.trump_card is None and not v.no_trumps, s
        allowed = set(hands[s]) | set(played)
        if sees and v.trump_card is not None:
            allowed.add(v.trump_card)
        leaked = set(_cards_in(v)) - allowed
        assert not leaked, f"seat {s} sees {leaked}"
        if s == deal.turn and not deal.is_over:
            assert list(v.legal_actions) == deal.legal_actions()
        else:
            assert v.legal_actions == ()
    # the same through the events each seat receives
    for e in events:
        for s in range(4):
            fe = event_for_seat(e, s)
            if isinstance(fe, CardsDealt) and fe.seat != s:
                assert fe.cards is None
            if isinstance(fe, TrumpChosen) and fe.seat != s:
                assert fe.card is None and fe.suit is None and not fe.no_trumps

    if deal.is_over:
        assert deal.legal_actions() == []
        check_outcome(deal, rules)
        return
    legal = deal.legal_actions()
    assert legal, f"no legal action in {deal.phase}"
    # the partner of a single hand never gets the turn
    if v0.sitting_out is not None:
        assert deal.turn != v0.sitting_out
        assert all(len(t.cards) == 3 for t in v0.tricks)
        assert all(s != v0.sitting_out for t in v0.tricks for s, _ in t.cards)
    else:
        assert all(len(t.cards) == 4 for t in v0.tricks)
    if deal.phase is Phase.PLAY:
        kinds = {a.kind for a in legal}
        if v0.single_hand is not None or (shown and v0.no_trumps):
            assert ActionKind.PAIR not in kinds
        if not rules.pair:
            assert ActionKind.PAIR not in kinds
        if rules.ask == "auto":
            assert ActionKind.SHOW_TRUMP not in kinds
        if rules.ask == "compulsory" and ActionKind.SHOW_TRUMP in kinds:
            assert kinds == {ActionKind.SHOW_TRUMP}


def check_outcome(deal: Deal, rules: Rules) -> None:
    out = deal.outcome
    assert out is not None
    assert out.multiplier in (1, 2, 4)
    gp = out.game_points
    if out.thrown_in is not None:
        assert out.dead and gp == (0, 0)
        return
    if out.single_hand is not None:
        team = out.single_hand & 1
        assert sum(out.tricks) <= 8
        assert out.made == (out.tricks[team] == 8)
        assert gp[team] == (3 if out.made else -3) and gp[1 - team] == 0
        if not out.made:
            assert out.tricks[1 - team] == 1
        return
    assert sum(out.card_points) == rules.total_points
    assert sum(out.tricks) == 8
    team = out.bidder & 1
    assert gp[1 - team] == 0
    if out.dead:
        assert gp == (0, 0)
        assert rules.unshown_trump == "dead" and not deal.view(0).trump_shown
        return
    assert out.made == (out.card_points[team] >= out.target)
    base = abs(gp[team]) // out.multiplier
    assert abs(gp[team]) % out.multiplier == 0
    assert base in (1, 2)
    if base == 2:
        assert (rules.big_bids and out.bid >= 21) or (
            rules.half_loss and not out.made and 2 * out.card_points[team] < out.bid)
    assert (gp[team] > 0) == out.made
    # the target follows the pair, within the minimum and maximum bid
    if out.pair_team is None:
        assert out.target == out.bid
    elif out.pair_team == team:
        assert out.target == max(out.bid - 4, rules.min_bid)
    else:
        assert out.target == min(out.bid + 4, rules.max_bid)


class GameChecker:
    """Follows a game's events and checks every invariant after each step."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.second_dealt = False
        self.events: list[Event] = []
        self.unchecked: list[Event] = []  # the deal's events not yet checked
        self.dealers: list[tuple[int, bool]] = []  # (dealer, thrown in) per finished deal
        self.multiplier = 1
        self.shows = 0

    def step(self, action_index: int) -> None:
        g = self.game
        legal = g.legal_actions()
        action = legal[action_index % len(legal)]
        before_deal = g.deal
        events = g.apply(action)
        if action == NEXT_DEAL:
            out = before_deal.outcome
            assert out is not None
            same = out.thrown_in is not None
            assert g.deal.view(0).dealer == (before_deal.dealer if same
                                              else (before_deal.dealer + 1) % 4)
            assert g.deal.view(0).scores == g.scores
            self.second_dealt = False
            self.events = []
            self.multiplier = 1
            self.shows = 0
            assert isinstance(events[0], DealStarted)
        self.events.extend(events)
        self.unchecked.extend(events)
        for e in events:
            if isinstance(e, CardsDealt) and e.round == 2:
                self.second_dealt = True
            if isinstance(e, Doubled):
                self.multiplier = e.multiplier
            if isinstance(e, TrumpShown):
                self.shows += 1
            if isinstance(e, SingleHandAnnounced):
                assert g.deal.view(0).sitting_out == (e.seat + 2) % 4
            if isinstance(e, PairDeclared):
                assert g.rules.pair
            if isinstance(e, DealScored):
                assert e.outcome.multiplier in (1, self.multiplier)
            if isinstance(e, GameOver):
                assert g.is_over and g.winner == e.winner
        assert self.shows <= 1, "trump shown twice"
        self.check()

    def check(self) -> None:
        g = self.game
        rules = g.rules
        lo, hi = -rules.game_to, rules.game_to
        assert all(lo <= s <= hi for s in g.scores), g.scores
        assert g.deal.view(0).multiplier == self.multiplier
        if g.is_over:
            assert g.legal_actions() == [] and g.phase is Phase.GAME_OVER
            w = g.winner
            assert w is not None
            out = g.deal.outcome
            assert out is not None
            swept = (rules.all_tricks and out.all_tricks_team == w and not out.dead)
            assert swept or g.scores[w] == hi or g.scores[1 - w] == lo
        else:
            assert g.legal_actions(), f"no legal action in {g.phase}"
            if g.deal.is_over:
                assert g.legal_actions() == [NEXT_DEAL]
        check_deal(g.deal, self.second_dealt, self.unchecked)
        self.unchecked = []

    def try_illegal(self, code_index: int) -> None:
        """An illegal action raises IllegalActionError with a one-line message and changes
        nothing."""
        g = self.game
        ok = set(g.legal_codes())
        bad = [a for a in ACTIONS if a.code not in ok]
        action = bad[code_index % len(bad)]
        before = snapshot(g)
        with pytest.raises(IllegalActionError) as err:
            g.apply(action)
        msg = str(err.value)
        assert msg and "\n" not in msg
        assert msg != "that card cannot be played now", action
        assert snapshot(g) == before


# --------------------------------------------------------------------------- whole games
MAX_STEPS = 4000


_profile = settings.default
assert _profile is not None  # conftest.py loads a profile


# Half the profile's games: each a whole game (up to three deals to win) under a new
# random combination of every setting, checked after every action; twenty such games and
# the state machine below, which plays many more, still meet every setting often.
@settings(max_examples=max(20, _profile.max_examples // 2))
@given(rules=RULES, seed=st.integers(0, 2**32 - 1))
def test_whole_games_under_random_settings_keep_every_invariant(rules: Rules,
                                                                seed: int) -> None:
    rng = random.Random(seed)
    game = Game(seed=seed, rules=rules, first_dealer=rng.randrange(4))
    checker = GameChecker(game)
    checker.check()
    steps = 0
    while not game.is_over:
        if rng.random() < 0.02:
            checker.try_illegal(rng.randrange(1 << 16))
        checker.step(rng.randrange(1 << 16))
        steps += 1
        assert steps < MAX_STEPS, "the game does not end"


class VariantGames(RuleBasedStateMachine):
    """Random legal actions drawn by hypothesis; a new game with new settings whenever a
    game ends."""

    checker: GameChecker

    @initialize(rules=RULES, seed=st.integers(0, 2**16))
    def start(self, rules: Rules, seed: int) -> None:
        self.checker = GameChecker(Game(seed=seed, rules=rules, first_dealer=seed % 4))

    @precondition(lambda self: not self.checker.game.is_over)
    @rule(data=st.data())
    def act(self, data: st.DataObject) -> None:
        legal = self.checker.game.legal_actions()
        i = data.draw(st.integers(0, len(legal) - 1), label=f"of {[str(a) for a in legal]}")
        self.checker.step(i)

    @precondition(lambda self: not self.checker.game.is_over)
    @rule(i=st.integers(0, 1 << 16))
    def illegal(self, i: int) -> None:
        self.checker.try_illegal(i)

    @precondition(lambda self: self.checker.game.is_over)
    @rule(rules=RULES, seed=st.integers(0, 2**16))
    def new_game(self, rules: Rules, seed: int) -> None:
        self.start(rules, seed)

    @invariant()
    def scores_in_range(self) -> None:
        g = self.checker.game
        assert all(-g.rules.game_to <= s <= g.rules.game_to for s in g.scores)


TestVariantGames = VariantGames.TestCase
# 15 runs, not the profile's 40 (which were two thirds of this file's CPU): each run is 150
# random actions through games under random settings, a new game and new settings when one
# ends, with every invariant checked after each action; the whole games above add theirs.
TestVariantGames.settings = settings(
    max_examples=max(15, _profile.max_examples * 3 // 8),
    stateful_step_count=_profile.stateful_step_count)


# --------------------------------------------------------------------------- bots
CHEAP = {"random", "easy"}


def cheap_bot(name: str, seed: int) -> Any:
    """The bot with the smallest budget its search configuration allows (a bot that does
    not search as it is)."""
    factory = BOTS[name]
    config = getattr(factory, "default_config", None)
    if config is None:
        return factory(seed=seed)
    opts: dict[str, Any] = {"time_budget": 0.005, "exact_tricks": 0, "oversample": 1}
    for f in dataclasses.fields(config):
        if f.name.endswith("samples"):
            opts[f.name] = 2
    return factory(seed=seed, **opts)


def play_bot_deals(name: str, n_deals: int, tag: str, **fixed: Any) -> None:
    """``n_deals`` deals of bot ``name`` in all four seats, each under random settings
    (with ``fixed`` ones), checking every answer is one of the legal actions."""
    rng = random.Random(f"variants-{name}-{tag}")
    for i in range(n_deals):
        rules = random_rules(rng).replace(**fixed) if fixed else random_rules(rng)
        deal = Deal.from_seed(rng.randrange(1 << 30), dealer=i % 4, rules=rules)
        bots = [cheap_bot(name, rng.randrange(1 << 30)) for _ in range(4)]
        while not deal.is_over:
            seat = deal.turn
            view = deal.view(seat)
            legal = list(view.legal_actions)
            choice = bots[seat].choose(view, legal)
            assert choice in legal, (name, rules.differences(), str(choice),
                                     [str(a) for a in legal])
            deal.apply(choice, seat)
        assert deal.outcome is not None


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_returns_only_legal_actions_under_random_settings(name: str) -> None:
    # (20 deals of a quick bot, 8 of a searching one: each under its own random settings,
    # every answer checked; test_bots plays each bot in every named variant too)
    play_bot_deals(name, 20 if name in CHEAP else 8, "all")


# --------------------------------------------------------------------------- worlds
def _true_world(deal: Deal, seat: int, second: list[list[Card]]) -> Deal:
    """``seat``'s view with the true hidden cards filled in (what a bot's sampler builds)."""
    from twentynine.engine.views import deal_from_view

    v = deal.view(seat)
    bv = deal.view(v.bidder) if v.bidder is not None else None
    suit = None if bv is None else (-1 if bv.no_trumps else bv.trump_suit)
    return deal_from_view(v, hands=[deal.hand(s) for s in range(4)],
                          trump_card=bv.trump_card if bv is not None else None,
                          trump_suit=suit, second=second)


def test_a_world_from_any_view_with_the_true_cards_plays_like_the_deal() -> None:
    """Under random settings, in every phase before the end, the world rebuilt from each
    seat's view and the true hidden cards has the deal's legal actions and views, and
    plays on to the same outcome."""
    rng = random.Random("variant-worlds")
    for i in range(75):  # random deals and settings, stopped at random: four worlds each
        rules = random_rules(rng)
        deal, _, second = random_deal(rng, dealer=i % 4, rules=rules)
        stop = rng.randrange(0, 40)
        for _ in range(stop):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.is_over:
            continue
        for seat in range(4):
            world = _true_world(deal, seat, second)
            assert world.legal_codes() == deal.legal_codes()
            assert [world.view(s) for s in range(4)] == [deal.view(s) for s in range(4)]
            truth = deal.clone()
            while not truth.is_over:
                code = rng.choice(truth.legal_codes())
                assert world.legal_codes() == truth.legal_codes()
                world.step(code)
                truth.step(code)
                assert world.view(seat) == truth.view(seat) or truth.is_over
            assert world.outcome == truth.outcome
            # (once over, a finished world may not know a hidden no-trumps: never sampled)
