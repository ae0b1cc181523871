"""The engine's edge: malformed input from outside (a script, a network client, a damaged
record) is refused with the engine's own ValueError subclass, a message naming what is
wrong, and no change to any state.

Each row of BAD_INPUTS is one call that must fail: the exception type it must raise and a
fragment of the message.  The property at the end throws those inputs, and every illegal
action code, at games in random positions and checks that nothing moved.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

import pytest
from engine_support import RULE_SETS, illegal_codes, snapshot
from hypothesis import given
from hypothesis import strategies as st

from twentynine import (
    PASS,
    Action,
    ActionError,
    Card,
    CardError,
    Deal,
    DealError,
    Game,
    IllegalActionError,
    Rules,
    RulesError,
)
from twentynine.engine.actions import ACTIONS
from twentynine.engine.cards import as_card, parse_cards, parse_suit
from twentynine.engine.records import RecordError, deal_record, dumps, loads, replay_deal

FIRST = ["JS 9S AS TS", "KS QS 8S 7S", "JH 9H AH TH", "KH QH 8H 7H"]
SECOND = ["JD 9D AD TD", "KD QD 8D 7D", "JC 9C AC TC", "KC QC 8C 7C"]


def _fresh_deal() -> Deal:
    return Deal.from_seed(1)


def _record(**changes: Any) -> dict[str, Any]:
    rec = deal_record(Deal.from_seed(4))
    rec.update(changes)
    return rec


def _deal(**kw: Any) -> Callable[[], object]:
    return lambda: Deal([h.split() for h in FIRST], [h.split() for h in SECOND], **kw)


def _apply(action: Any, seat: Any = None) -> Callable[[], object]:
    return lambda: _fresh_deal().apply(action, seat=seat)


def _game_apply(action: Any, seat: Any = None) -> Callable[[], object]:
    return lambda: Game(seed=2).apply(action, seat=seat)


# (each "type: ignore" below hands a value of the wrong type on purpose, to see it refused)
BAD_INPUTS: dict[str, tuple[Callable[[], object], type[ValueError], str]] = {
    # records
    "deeply nested JSON": (lambda: loads("[" * 1000 + "]" * 1000), RecordError,
                           "nested too deeply"),
    "a 5,000-digit number": (lambda: loads('{"schema": ' + "9" * 5000 + "}"), RecordError,
                             "not valid JSON"),
    "loads(None)": (lambda: loads(None), RecordError, "JSON text, not NoneType"),  # type: ignore[arg-type]
    "loads(a number)": (lambda: loads(17), RecordError, "JSON text, not int"),  # type: ignore[arg-type]
    "replay of a list": (lambda: replay_deal([]), RecordError, "JSON object"),  # type: ignore[arg-type]
    "record scores of 10**100": (lambda: replay_deal(_record(scores=[10**100, 0])),
                                 RecordError, "scores must be two whole numbers from -6 to 6"),
    "record scores of 99, -99": (lambda: replay_deal(_record(scores=[99, -99])),
                                 RecordError, "scores must be two whole numbers"),
    "record scores of true, false": (lambda: replay_deal(_record(scores=[True, False])),
                                     RecordError, "scores must be two whole numbers"),
    "record scores of 1.5": (lambda: replay_deal(_record(scores=[1.5, 0])),
                             RecordError, "scores must be two whole numbers"),
    # seats
    "deal.apply seat 7": (_apply(PASS, 7), IllegalActionError, "7 is not a seat"),
    "deal.apply seat -1": (_apply(PASS, -1), IllegalActionError, "-1 is not a seat"),
    "deal.apply seat '0'": (_apply(PASS, "0"), IllegalActionError, "'0' is not a seat"),
    "deal.apply seat 1.5": (_apply(PASS, 1.5), IllegalActionError, "1.5 is not a seat"),
    "deal.apply seat True": (_apply(PASS, True), IllegalActionError, "True is not a seat"),
    "game.apply seat 9": (_game_apply(PASS, 9), IllegalActionError, "9 is not a seat"),
    "game.apply seat -1": (_game_apply(PASS, -1), IllegalActionError, "-1 is not a seat"),
    "deal.view seat 4": (lambda: _fresh_deal().view(4), IllegalActionError, "4 is not a seat"),
    "deal.hand seat -1": (lambda: _fresh_deal().hand(-1), IllegalActionError,
                          "-1 is not a seat"),
    # actions
    "deal.apply(None)": (_apply(None), IllegalActionError, "None is not an action"),
    "deal.apply(17)": (_apply(17), IllegalActionError, "17 is not an action"),
    "deal.apply(('bid', 17))": (_apply(("bid", 17)), IllegalActionError,
                                "('bid', 17) is not an action"),
    "game.apply(None)": (_game_apply(None), IllegalActionError, "None is not an action"),
    "Action(200)": (lambda: Action(200), ActionError, "200 is not an action code"),
    "Action.from_code(200)": (lambda: Action.from_code(200), ActionError,
                              "200 is not an action code"),
    "Action.from_code(-1)": (lambda: Action.from_code(-1), ActionError,
                             "-1 is not an action code"),
    "Action.parse(None)": (lambda: Action.parse(None), ActionError, "None is not an action"),
    "Action.make_bid('17')": (lambda: Action.make_bid("17"), ActionError,
                              "'17' is not a bid"),
    "Action.make_bid(None)": (lambda: Action.make_bid(None), ActionError,
                              "None is not a bid"),
    "Action.make_bid(16.5)": (lambda: Action.make_bid(16.5), ActionError,
                              "16.5 is not a bid"),
    "Action.make_bid(True)": (lambda: Action.make_bid(True), ActionError, "True is not a bid"),
    "Action.make_bid(40)": (lambda: Action.make_bid(40), ActionError, "40 is not a bid"),
    "Action.trump_suit(None)": (lambda: Action.trump_suit(None), ActionError,
                                "None is not a suit"),
    "Action.trump_suit('X')": (lambda: Action.trump_suit("X"), ActionError, "not a suit"),
    "Action.trump_suit(4)": (lambda: Action.trump_suit(4), ActionError, "4 is not a suit"),
    "Action.play(True)": (lambda: Action.play(True), CardError, "True is not a card"),
    "Action.play(32)": (lambda: Action.play(32), CardError, "32 is not a card"),
    "Action.play(None)": (lambda: Action.play(None), CardError, "None is not a card"),
    # cards
    "Card.parse(None)": (lambda: Card.parse(None), CardError, "None is not a card"),
    "Card(40)": (lambda: Card(40), CardError, "40 is not a card"),
    "as_card(False)": (lambda: as_card(False), CardError, "False is not a card"),
    "parse_cards(None)": (lambda: parse_cards(None), CardError, "not a list of cards"),
    "parse_suit(3)": (lambda: parse_suit(3), CardError, "3 is not a suit"),
    # deals
    "Deal.from_seed dealer 9": (lambda: Deal.from_seed(1, dealer=9), DealError,
                                "the dealer must be seat 0, 1, 2 or 3, not 9"),
    "Deal dealer True": (_deal(dealer=True), DealError, "not True"),
    "Deal dealer '1'": (_deal(dealer="1"), DealError, "not '1'"),
    "Deal scores 10**100": (_deal(scores=(10**100, 0)), DealError,
                            "scores must be two whole numbers from -6 to 6"),
    "Deal scores -7 (game to 6)": (_deal(scores=(-7, 0)), DealError, "from -6 to 6"),
    "Deal scores as a list": (_deal(scores=[0, 0]), DealError, "scores must be two"),
    "Deal.from_seed scores of bools": (lambda: Deal.from_seed(1, scores=(True, False)),
                                       DealError, "scores must be two"),
    "Deal number 0": (_deal(number=0), DealError, "deal number"),
    "Deal rules 'standard'": (_deal(rules="standard"), RulesError,
                              "must be a Rules value"),
    "Deal.from_seed rules {}": (lambda: Deal.from_seed(1, rules={}), RulesError,
                                "must be a Rules value"),
    "Deal hands of None": (lambda: Deal(None, None), DealError, "four first hands"),
    "Deal hands as text": (lambda: Deal(FIRST, SECOND), DealError, "must be a list of 4 cards"),
    "Game first dealer 7": (lambda: Game(seed=1, first_dealer=7), DealError,
                            "dealer must be seat"),
    "Game seed '1'": (lambda: Game(seed="1"), DealError, "seed must be a whole number"),  # type: ignore[arg-type]
    "Game rules 'pagat'": (lambda: Game(rules="pagat"), RulesError,  # type: ignore[arg-type]
                           "must be a Rules value"),
    # rules
    "Rules().replace(foo=1)": (lambda: Rules().replace(foo=1), RulesError,
                               "unknown rule settings: foo"),
    "Rules().replace(min_bid='15')": (lambda: Rules().replace(min_bid="15"), RulesError,
                                      "min_bid must be a whole number"),
}


@pytest.mark.parametrize("name", sorted(BAD_INPUTS))
def test_bad_input_is_refused_with_the_engines_error_and_a_clear_message(name: str) -> None:
    call, error, fragment = BAD_INPUTS[name]
    with pytest.raises(ValueError) as err:
        call()
    assert type(err.value) is error, f"{name}: {type(err.value).__name__}: {err.value}"
    assert fragment in str(err.value), str(err.value)


def test_the_engines_errors_are_value_errors() -> None:
    for _, error, _ in BAD_INPUTS.values():
        assert issubclass(error, ValueError)


def test_a_record_with_sound_scores_still_replays() -> None:
    rec = _record(scores=[-6, 5])
    deal, _ = replay_deal(loads(dumps(rec)))
    assert deal.scores == (-6, 5)


# The inputs thrown at a game in the middle of play, where nothing may change.
_BAD_APPLY: list[tuple[Any, Any]] = [
    (None, None), (17, None), (("bid", 17), None), ("fly away", None), ("bid 99", None),
    (PASS, 7), (PASS, -1), (PASS, "0"), (PASS, 1.5), (PASS, True),
]


@given(seed=st.integers(0, 2**32 - 1), rules=st.sampled_from(sorted(RULE_SETS)),
       moves=st.integers(0, 60), data=st.data())
def test_any_bad_or_illegal_input_leaves_a_game_unchanged(
        seed: int, rules: str, moves: int, data: st.DataObject) -> None:
    rng = random.Random(seed)
    game = Game(seed=seed, rules=RULE_SETS[rules])
    for _ in range(moves):
        if game.is_over:
            break
        game.apply(rng.choice(game.legal_actions()))
    before = snapshot(game)
    bad = data.draw(st.sampled_from(_BAD_APPLY), label="bad input")
    with pytest.raises(ValueError) as err:
        game.apply(*bad)
    assert isinstance(err.value, IllegalActionError | ActionError), repr(err.value)
    assert str(err.value)
    assert snapshot(game) == before
    # an illegal action for the seat really to move, with that seat named
    codes = illegal_codes(game)
    if codes and not game.is_over:
        code = data.draw(st.sampled_from(codes), label="illegal")
        with pytest.raises(IllegalActionError):
            game.apply(ACTIONS[code], seat=game.turn)
        assert snapshot(game) == before
