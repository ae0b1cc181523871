"""Deal and game records: the only save format.  JSON with a schema version; everything
else is derived by replaying the actions through the engine.

>>> from twentynine.engine.deal import Deal
>>> d = Deal.from_seed(4)
>>> _ = d.apply(d.legal_actions()[0])
>>> text = dumps(deal_record(d))
>>> replayed, events = replay_deal(loads(text))
>>> replayed.actions == d.actions
True
"""

from __future__ import annotations

from typing import Any

from ..common.record_json import RecordError as RecordError  # passed on: the records' error
from ..common.record_json import dumps as dumps
from ..common.record_json import loads as loads
from .actions import Action, ActionError
from .cards import CARDS, CardError, mask_cards, parse_cards
from .deal import Deal, DealError, IllegalActionError
from .events import Event
from .game import DealtCards, Game
from .rules import Rules, RulesError

SCHEMA = 1
"""The record format's version; bumped whenever the format changes."""


def _hand_text(mask: int) -> str:
    return " ".join(CARDS[c].name for c in mask_cards(mask))


def _second_text(deal: Deal, seat: int) -> str:
    """The second four, the seventh card (first dealt) first."""
    first = deal.seventh[seat]
    rest = deal.second[seat] & ~(1 << first) if first >= 0 else deal.second[seat]
    lead = CARDS[first].name + " " if first >= 0 else ""
    return lead + _hand_text(rest)


def deal_record(deal: Deal) -> dict[str, Any]:
    """The record of ``deal`` so far: rules, dealer, cards and actions."""
    return {
        "schema": SCHEMA,
        "kind": "deal",
        "rules": deal.rules.to_dict(),
        "dealer": deal.dealer,
        "number": deal.number,
        "scores": list(deal.scores),
        "cards": {
            "first": [_hand_text(m) for m in deal.first],
            "second": [_second_text(deal, s) for s in range(4)],
        },
        "actions": [str(a) for a in deal.actions],
    }


PLAYED_BY_TABLE = "played_by_table"
"""A deal record's optional list of the moves the table played for a player (a decided
deal finished at once: the rest of the player's cards played by the strongest bot's
choice), as positions in its ``actions``.  Not the player's decisions: the review does not
grade them."""


def played_by_table(record: dict[str, Any]) -> frozenset[int]:
    """The positions in ``record``'s actions that the table played for a player (none if
    the record does not say); RecordError for a list that is not such positions."""
    found = record.get(PLAYED_BY_TABLE, [])
    acts = record.get("actions")
    n = len(acts) if isinstance(acts, list) else 0
    if not isinstance(found, list) or not all(
            isinstance(i, int) and not isinstance(i, bool) and 0 <= i < n for i in found):
        raise RecordError(f"the record's {PLAYED_BY_TABLE} must list positions in its "
                          f"actions (0 to {n - 1})")
    return frozenset(found)


def dealt_cards_record(cards: DealtCards) -> dict[str, list[str]]:
    """One dealt deal's cards as a record writes them (the second four with the seventh
    card first)."""
    first, second, seventh = cards
    seconds = []
    for s in range(4):
        lead = CARDS[seventh[s]].name + " " if seventh[s] >= 0 else ""
        rest = second[s] & ~(1 << seventh[s]) if seventh[s] >= 0 else second[s]
        seconds.append(lead + _hand_text(rest))
    return {"first": [_hand_text(m) for m in first], "second": seconds}


def game_header(game: Game) -> dict[str, Any]:
    """A game record's fields but its actions: the rules, the first dealer, and the seed
    the deals come from, or (a secret game: the seed is null) every deal's cards."""
    head: dict[str, Any] = {
        "schema": SCHEMA,
        "kind": "game",
        "rules": game.rules.to_dict(),
        "seed": None if game.secret else game.seed,
        "first_dealer": game.first_dealer,
    }
    if game.secret:
        head["deals"] = [dealt_cards_record(c) for c in game.dealt]
    return head


def game_record(game: Game) -> dict[str, Any]:
    """The record of ``game`` so far: rules, seed (or dealt cards) and every action."""
    return {**game_header(game), "actions": [str(a) for a in game.actions]}


def _check_header(record: dict[str, Any], kind: str) -> Rules:
    if not isinstance(record, dict):
        raise RecordError(f"a record is a JSON object (a dict), not {type(record).__name__}")
    if record.get("schema") != SCHEMA:
        raise RecordError(f"unsupported record schema {record.get('schema')!r} "
                          f"(this version reads {SCHEMA})")
    if record.get("kind") != kind:
        raise RecordError(f"this is not a {kind} record (kind {record.get('kind')!r})")
    rules = record.get("rules")
    if not isinstance(rules, dict):
        raise RecordError("the record has no rules")
    try:
        return Rules.from_dict(rules)
    except RulesError as exc:
        raise RecordError(f"the record's rules are invalid: {exc}") from None


def _actions(record: dict[str, Any]) -> list[Action]:
    acts = record.get("actions")
    if not isinstance(acts, list) or not all(isinstance(a, str) for a in acts):
        raise RecordError("the record's actions must be a list of strings")
    try:
        return [Action.parse(a) for a in acts]
    except ActionError as exc:
        raise RecordError(str(exc)) from None


def _int(record: dict[str, Any], key: str, lo: int, hi: int) -> int:
    v = record.get(key)
    if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
        raise RecordError(f"the record's {key} must be a whole number from {lo} to {hi}")
    return v


def replay_deal(record: dict[str, Any]) -> tuple[Deal, list[Event]]:
    """Rebuild a deal from its record, replaying every action; returns the deal and all
    the events (opening events included)."""
    rules = _check_header(record, "deal")
    dealer = _int(record, "dealer", 0, 3)
    number = _int(record, "number", 1, 10_000)
    scores = record.get("scores", [0, 0])
    cards = record.get("cards")
    g = rules.game_to
    if (not isinstance(scores, list) or len(scores) != 2
            or not all(type(x) is int and -g <= x <= g for x in scores)):
        raise RecordError(f"the record's scores must be two whole numbers from -{g} to {g}")
    if not isinstance(cards, dict):
        raise RecordError("the record has no cards")
    try:
        first = [parse_cards(h) for h in cards["first"]]
        second = [parse_cards(h) for h in cards["second"]]
        deal = Deal(first, second, dealer, rules, number=number, scores=(scores[0], scores[1]))
    except (KeyError, TypeError, AttributeError):
        raise RecordError("the record's cards must hold 'first' and 'second' hands") from None
    except (CardError, DealError) as exc:
        raise RecordError(f"the record's cards are wrong: {exc}") from None
    events = deal.opening_events()
    for i, a in enumerate(_actions(record)):
        try:
            events.extend(deal.apply(a))
        except IllegalActionError as exc:
            raise RecordError(f"action {i + 1} ({a}) does not replay: {exc}") from None
    return deal, events


def _dealt(record: dict[str, Any]) -> list[DealtCards]:
    """The dealt cards of a secret game's record, each deal checked."""
    deals = record.get("deals")
    if not isinstance(deals, list) or not deals:
        raise RecordError("a record with no seed must hold its deals' cards")
    out: list[DealtCards] = []
    for i, d in enumerate(deals):
        try:
            first = [parse_cards(h) for h in d["first"]]
            second = [parse_cards(h) for h in d["second"]]
            deal = Deal(first, second)
        except (KeyError, TypeError, AttributeError):
            raise RecordError(f"deal {i + 1}'s cards must hold 'first' and 'second' "
                              "hands") from None
        except (CardError, DealError) as exc:
            raise RecordError(f"deal {i + 1}'s cards are wrong: {exc}") from None
        out.append((tuple(deal.first), tuple(deal.second), tuple(deal.seventh)))
    return out


def replay_game(record: dict[str, Any]) -> tuple[Game, list[Event]]:
    """Rebuild a game from its record; returns the game and all its events."""
    rules = _check_header(record, "game")
    seed = record.get("seed")
    first_dealer = _int(record, "first_dealer", 0, 3)
    if seed is None:
        game = Game(0, rules, first_dealer, secret=True, preset=_dealt(record))
    elif not isinstance(seed, int) or isinstance(seed, bool):
        raise RecordError("the record's seed must be a whole number (or null, with the "
                          "deals' cards)")
    else:
        game = Game(seed, rules, first_dealer)
    events = game.opening_events()
    for i, a in enumerate(_actions(record)):
        try:
            events.extend(game.apply(a))
        except IllegalActionError as exc:
            raise RecordError(f"action {i + 1} ({a}) does not replay: {exc}") from None
    return game, events
