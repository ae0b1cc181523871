"""The information-set tree search of card play (``ismcts_tricks``, :mod:`twentynine.bots.ismcts`).

Seeded and small; nothing here is timed.
"""

from __future__ import annotations

import itertools
import random

import pytest
from bot_support import easy_positions

from twentynine.actions import SHOW_CODE
from twentynine.bots import make_bot
from twentynine.bots.hard import HardBot
from twentynine.bots.ismcts import edge_key, grow_tree, search
from twentynine.bots.search import rollout, solve_root
from twentynine.bots.worlds import WorldSampler
from twentynine.deal import DEAL_OVER, PLAY, Deal
from twentynine.rules import Rules

TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)
RULE_SETS = [Rules(), TOURNAMENT]
TREE = {"samples": 12, "bid_samples": 12, "ismcts_tricks": 3, "ismcts_iters": 10,
        "time_budget": 30.0, "exact_tricks": 3}


def _early(rules: Rules, n: int, seed: int = 0) -> list[Deal]:
    """Positions of the first three tricks with a choice, from easy bots' deals."""
    deals = (Deal.from_seed(seed * 1000 + k, k & 3, rules) for k in itertools.count())
    return easy_positions(deals, n, lambda k, d: d.phase_code == PLAY and d.trick_no < 3
                          and len(d.legal_codes()) > 2, first=True)


def test_the_tree_search_is_off_by_default_and_never_runs(monkeypatch:
                                                            pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> object:
        raise AssertionError("the tree search ran")

    monkeypatch.setattr("twentynine.bots.medium.tree_search", refuse)
    assert HardBot().ismcts_tricks == 0
    for d in _early(Rules(), 3):
        bot = HardBot(seed=1, samples=12, bid_samples=12, time_budget=30.0)
        view = d.view(d.turn)
        bot.choose(view, view.legal_actions)
        assert bot.estimates is not None and bot.estimates.samples == 12


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "tournament"])
def test_with_the_option_early_cards_come_from_the_tree(rules: Rules,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[int] = []

    def counted(*args: object, **kw: object) -> tuple[list[int], list[float]]:
        calls.append(1)
        return search(*args, **kw)  # type: ignore[arg-type]

    monkeypatch.setattr("twentynine.bots.medium.tree_search", counted)
    for d in _early(rules, 3):
        bot = HardBot(seed=2, **TREE)  # type: ignore[arg-type]
        view = d.view(d.turn)
        action = bot.choose(view, view.legal_actions)
        assert action in view.legal_actions
        est = bot.estimates
        assert est is not None
        # every iteration is one visit of one of the seat's own legal actions
        assert est.samples == 10 * len(view.legal_actions)
        assert est.codes == [a.code for a in view.legal_actions]
    assert len(calls) == 3


def test_later_tricks_keep_the_flat_search(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*_: object) -> object:
        raise AssertionError("the tree search ran")

    monkeypatch.setattr("twentynine.bots.medium.tree_search", refuse)
    deals = (Deal.from_seed(k, 0) for k in itertools.count())
    for d in easy_positions(deals, 3, lambda k, d: d.phase_code == PLAY and d.trick_no == 3
                            and len(d.legal_codes()) > 1, first=True):
        bot = make_bot("hard", seed=1, **{**TREE, "exact_tricks": 0})
        view = d.view(d.turn)
        bot.choose(view, view.legal_actions)


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "tournament"])
def test_the_tree_bots_play_whole_deals_legally_and_repeat_themselves(rules: Rules) -> None:
    asked = 0
    for seed in range(3):
        logs = []
        for _ in range(2):
            bots = [make_bot("hard", seed=seed * 4 + s, **TREE) for s in range(4)]
            d = Deal.from_seed(50 + seed, seed & 3, rules)
            while d.phase_code != DEAL_OVER:
                view = d.view(d.turn)
                action = bots[d.turn].choose(view, view.legal_actions)
                assert action in view.legal_actions
                if d.phase_code == PLAY and SHOW_CODE in d.legal_codes() and d.trick_no < 3:
                    asked += 1
                d.apply(action, d.turn)
            logs.append(list(d.log))
        assert logs[0] == logs[1]
    assert asked  # some tree decisions could ask for the hidden trump


@pytest.mark.parametrize("rules", RULE_SETS, ids=["standard", "tournament"])
def test_the_choice_depends_only_on_the_seats_view(rules: Rules) -> None:
    # another deal with the same view (the hidden hands, face-down card or marker suit
    # dealt again) gets the same choice from a bot seeded alike
    rng = random.Random(4)
    for d in _early(rules, 4, seed=1):
        seat = d.turn
        view = d.view(seat)
        other = WorldSampler(view).sample(rng)
        assert any(other.hands[s] != d.hands[s] for s in range(4) if s != seat) or \
            other.trump_suit != d.trump_suit
        assert other.view(seat) == view
        a = make_bot("hard", seed=7, **TREE).choose(view, view.legal_actions)
        b = make_bot("hard", seed=7, **TREE).choose(other.view(seat),
                                                    other.view(seat).legal_actions)
        assert a == b


def test_in_a_single_known_world_the_tree_finds_an_exactly_best_card() -> None:
    # with every hand known (one world) and three tricks left the tree is small enough to
    # be searched through: its choice must be worth the best exact value
    deals = (Deal.from_seed(300 + k, k & 3) for k in itertools.count())
    found = 0
    for d in easy_positions(deals, 60, lambda k, d: d.phase_code == PLAY and not d.trick
                            and d.trick_no == 5 and len(d.legal_codes()) > 1, first=True):
        codes = d.legal_codes()
        team = d.turn & 1
        exact = solve_root(d, codes, team, margin=0.0)
        if max(exact) == min(exact):
            continue
        visits, _ = search([d], [1.0], codes, 3000, 0.7, random.Random(1), float("inf"),
                           rollout, 0.0)
        best = max(range(len(codes)), key=lambda i: visits[i])
        assert exact[best] == max(exact), (codes, exact, visits)
        assert sum(visits) == 3000
        found += 1
        if found == 4:
            break
    assert found == 4


def test_a_world_of_weight_zero_is_never_searched() -> None:
    # two worlds with the same view: the second, weightless, must leave no trace (its own
    # cards never reach the tree's statistics)
    d = _early(Rules(), 1, seed=2)[0]
    view = d.view(d.turn)
    other = WorldSampler(view).sample(random.Random(9))
    codes = d.legal_codes()
    alone = search([d], [1.0], codes, 400, 0.7, random.Random(3), float("inf"), rollout, 0.15)
    mixed = search([d, other], [1.0, 0.0], codes, 400, 0.7, random.Random(3), float("inf"),
                   rollout, 0.15)
    assert alone == mixed


def test_a_shown_trump_is_part_of_the_edge_key() -> None:
    d = _early(Rules(), 1, seed=3)[0]
    code = d.legal_codes()[0]
    world = WorldSampler(d.view(d.turn)).sample(random.Random(2))
    assert edge_key(d, code) == edge_key(world, code)  # the same public history
    shown = d.clone()
    shown.shown = True
    assert edge_key(shown, code) != edge_key(d, code)
    other = shown.clone()
    other.trump_card = -1
    other.trump_suit = (shown.trump_suit + 1) & 3
    assert edge_key(other, code) != edge_key(shown, code)
    # the seat and the action are in the key too
    assert len({edge_key(d, c) for c in d.legal_codes()}) == len(d.legal_codes())


def test_seats_outside_the_tree_play_their_policy_with_their_own_cards() -> None:
    # with the seat alone in the tree every other seat's move comes from the others'
    # policy (the rollout policy in play), given the iteration's world: with a policy
    # that always takes the first legal code and one world, each of the others' nodes
    # holds exactly one child, that code
    d = _early(Rules(), 1, seed=4)[0]
    me = d.turn
    asked: list[int] = []

    def first(w: Deal, legal: list[int], _: object) -> int:
        asked.append(w.turn)
        assert legal == w.legal_codes()
        return legal[0]

    root = grow_tree([d], [1.0], 300, 0.7, random.Random(5), float("inf"), rollout, 0.15,
                     1 << me, first)
    assert asked and me not in asked
    assert root.n == 300 and sum(k.n for k in root.kids) == 300
    others = 0
    stack = [(root, d.clone())]
    while stack:
        node, w = stack.pop()
        for key, kid in zip(node.keys, node.kids, strict=True):
            assert (key >> 7) & 3 == w.turn and key == edge_key(w, key & 127)
            if w.turn != me:
                others += 1
                assert len(node.keys) == 1 and key & 127 == w.legal_codes()[0]
            nxt = w.clone()
            nxt.step(key & 127)
            stack.append((kid, nxt))
    assert others
    # all four seats in the tree: the policy is never asked
    asked.clear()
    grow_tree([d], [1.0], 300, 0.7, random.Random(5), float("inf"), rollout, 0.15, 15, first)
    assert not asked


def test_the_seats_option_is_checked_and_each_value_plays() -> None:
    with pytest.raises(ValueError, match="ismcts_seats"):
        HardBot(ismcts_seats="partner")
    d = _early(Rules(), 1, seed=4)[0]
    view = d.view(d.turn)
    for seats in ("self", "side", "all"):
        bot = HardBot(seed=3, **{**TREE, "ismcts_seats": seats})  # type: ignore[arg-type]
        assert bot.choose(view, view.legal_actions) in view.legal_actions
