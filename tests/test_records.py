"""Deal and game records: JSON round trips that replay to the same events, and malformed or
inconsistent records rejected with a clear RecordError."""

from __future__ import annotations

import json
import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_support import RULE_SETS, layout, play, random_deal
from ruling_deals import SEED000, SEED000_AUCTION

from twentynine import Game
from twentynine.engine.events import Event
from twentynine.engine.records import (
    SCHEMA,
    RecordError,
    deal_record,
    dumps,
    game_record,
    loads,
    replay_deal,
    replay_game,
)


@pytest.mark.parametrize("name", sorted(RULE_SETS))
@pytest.mark.parametrize("stop", [0, 3, 20, 999])
def test_deal_record_round_trips_through_json_and_replays_the_same_events(
        name: str, stop: int) -> None:
    rules = RULE_SETS[name]
    rng = random.Random(f"rec-{name}-{stop}")
    deal, _, _ = random_deal(rng, dealer=stop % 4, rules=rules)
    events: list[Event] = deal.opening_events()
    n = 0
    while not deal.is_over and n < stop:
        events += deal.apply(rng.choice(deal.legal_actions()))
        n += 1
    text = dumps(deal_record(deal))
    data = json.loads(text)
    assert data["schema"] == SCHEMA and data["kind"] == "deal"
    assert len(data["actions"]) == n
    again, replayed = replay_deal(loads(text))
    assert replayed == events
    assert again.actions == deal.actions
    assert again.outcome == deal.outcome
    assert [again.view(s) for s in range(4)] == [deal.view(s) for s in range(4)]
    assert again.legal_codes() == deal.legal_codes()
    assert dumps(deal_record(again)) == text


@pytest.mark.parametrize("name", sorted(RULE_SETS))
def test_game_record_round_trips_through_json_and_replays_the_same_events(name: str) -> None:
    rules = RULE_SETS[name].replace(game_to=2)
    rng = random.Random(f"game-{name}")
    game = Game(seed=rng.randrange(10**6), rules=rules, first_dealer=1)
    events: list[Event] = game.opening_events()
    while not game.is_over:
        events += game.apply(rng.choice(game.legal_actions()))
    text = dumps(game_record(game))
    data = json.loads(text)
    assert data["kind"] == "game" and data["schema"] == SCHEMA
    again, replayed = replay_game(loads(text))
    assert replayed == events
    assert again.scores == game.scores and again.winner == game.winner
    assert again.actions == game.actions
    assert [again.view(s) for s in range(4)] == [game.view(s) for s in range(4)]


def test_a_game_record_saved_mid_game_resumes_identically() -> None:
    game = Game(seed=99)
    rng = random.Random(5)
    for _ in range(70):
        game.apply(rng.choice(game.legal_actions()))
    again, _ = replay_game(loads(dumps(game_record(game))))
    for _ in range(60):
        if game.is_over:
            break
        assert again.legal_codes() == game.legal_codes()
        a = rng.choice(game.legal_actions())
        assert again.apply(a) == game.apply(a)


# ------------------------------------------------------------------------- malformed records
def _deal_record() -> dict[str, Any]:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION, "play JS")
    record: dict[str, Any] = json.loads(dumps(deal_record(deal)))
    return record


def _game_record() -> dict[str, Any]:
    game = Game(seed=4)
    for _ in range(5):
        game.apply(game.legal_actions()[0])
    record: dict[str, Any] = json.loads(dumps(game_record(game)))
    return record


def test_the_unchanged_records_replay() -> None:
    deal, _ = replay_deal(_deal_record())
    assert [str(a) for a in deal.actions][-1] == "play JS"
    game, _ = replay_game(_game_record())
    assert len(game.actions) == 5


@pytest.mark.parametrize("text", ["{not json", "", "[1, 2]", '"a deal"', "null"])
def test_text_that_is_not_a_json_object_is_rejected(text: str) -> None:
    with pytest.raises(RecordError, match="JSON"):
        loads(text)


def _set(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(r: dict[str, Any]) -> None:
        r[key] = value
    return change


def _drop(key: str) -> Callable[[dict[str, Any]], None]:
    def change(r: dict[str, Any]) -> None:
        del r[key]
    return change


def _dealt_twice(r: dict[str, Any]) -> None:
    first = r["cards"]["first"]
    first[1] = first[0]


def _rule(key: str, value: Any) -> Callable[[dict[str, Any]], None]:
    def change(r: dict[str, Any]) -> None:
        r["rules"][key] = value
    return change


def _action(i: int, text: str) -> Callable[[dict[str, Any]], None]:
    def change(r: dict[str, Any]) -> None:
        r["actions"].insert(i, text)
    return change


def _three_cards(r: dict[str, Any]) -> None:
    r["cards"]["second"][2] = " ".join(r["cards"]["second"][2].split()[:3])


def _bad_card(r: dict[str, Any]) -> None:
    r["cards"]["first"][0] = "JS 9S ZZ JC"


DEAL_DEFECTS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong schema": (_set("schema", SCHEMA + 1), "schema"),
    "no schema": (_drop("schema"), "schema"),
    "unknown kind": (_set("kind", "tournament"), "not a deal record"),
    "a game record's kind": (_set("kind", "game"), "not a deal record"),
    "no rules": (_drop("rules"), "rules"),
    "rules not an object": (_set("rules", "standard"), "rules"),
    "unknown rule": (_rule("jokers", True), "rules are invalid"),
    "minimum bid out of range": (_rule("min_bid", 17), "rules are invalid"),
    "minimum bid of the wrong type": (_rule("min_bid", "16"), "rules are invalid"),
    "game length of the wrong type": (_rule("game_to", 6.5), "rules are invalid"),
    "dealer out of range": (_set("dealer", 4), "dealer"),
    "dealer not a number": (_set("dealer", "North"), "dealer"),
    "no cards": (_drop("cards"), "cards"),
    "cards without hands": (_set("cards", {"first": []}), "cards"),
    "a card dealt twice": (_dealt_twice, "dealt twice"),
    "three cards": (_three_cards, "4 cards"),
    "not a card": (_bad_card, "not a card"),
    "actions not a list": (_set("actions", "pass"), "actions"),
    "an action that is not text": (_set("actions", [96]), "actions"),
    "unreadable action": (_action(0, "fly away"), "not an action"),
    "bid below the minimum": (_action(0, "bid 15"), "action 1 (bid 15) does not replay"),
    "a card the player does not hold": (_action(5, "play AS"), "action 6 (play AS)"),
    "scores not numbers": (_set("scores", ["a", "b"]), "scores"),
}


@pytest.mark.parametrize("defect", sorted(DEAL_DEFECTS))
def test_a_malformed_deal_record_is_rejected_with_a_clear_error(defect: str) -> None:
    change, words = DEAL_DEFECTS[defect]
    record = _deal_record()
    change(record)
    with pytest.raises(RecordError) as err:
        replay_deal(loads(json.dumps(record)))
    assert isinstance(err.value, ValueError)
    assert words in str(err.value), str(err.value)


def test_an_illegal_action_names_the_rule_it_breaks() -> None:
    record = _deal_record()
    # seat 1 holds no spade here but seat 2 does: playing a diamond breaks following suit
    record["actions"] += ["show trump", "play 9H", "play KD"]
    with pytest.raises(RecordError, match="follow suit"):
        replay_deal(record)


GAME_DEFECTS: dict[str, tuple[Callable[[dict[str, Any]], None], str]] = {
    "wrong schema": (_set("schema", 0), "schema"),
    "deal kind": (_set("kind", "deal"), "not a game record"),
    "seed not a number": (_set("seed", "seven"), "seed"),
    "seed a boolean": (_set("seed", True), "seed"),
    "first dealer out of range": (_set("first_dealer", 9), "first_dealer"),
    "bad rules": (_rule("max_bid", 40), "rules are invalid"),
    "next deal mid-deal": (_action(2, "next deal"), "does not replay"),
    "unreadable action": (_action(0, "bid lots"), "not an action"),
}


@pytest.mark.parametrize("defect", sorted(GAME_DEFECTS))
def test_a_malformed_game_record_is_rejected_with_a_clear_error(defect: str) -> None:
    change, words = GAME_DEFECTS[defect]
    record = _game_record()
    change(record)
    with pytest.raises(RecordError) as err:
        replay_game(loads(json.dumps(record)))
    assert words in str(err.value), str(err.value)
