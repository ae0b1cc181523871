"""Records of Twenty-Five games: the only save format.  JSON with a schema version; the
game is rebuilt by replaying its moves through the engine.

A record holds the options, the seed the deals come from and the first dealer, or (a
secret game, dealt from the operating system's randomness) every deal's cards, and the
moves in order::

    {"schema": 1, "game": "twentyfive", "kind": "race",
     "rules": {"players": 4, "teams": "none", "target": 25, "rob": true, "renege": true},
     "seed": 7, "first_dealer": 3, "moves": ["play 9D", "rob, lay down 3C", ...]}

A secret game's record has ``"seed": null`` and ``"deals": [{"hands": ["5D JD 3C 4S 9H",
...], "turned": "KD"}, ...]``, the hands by seat.

>>> from twentynine.twentyfive.race import Race
>>> g = Race(seed=4)
>>> for _ in range(7):
...     _ = g.apply(g.legal_actions()[-1])
>>> again, events = replay_race(loads(dumps(race_record(g))))
>>> again.moves == g.moves and again.view(2) == g.view(2)
True
"""

from __future__ import annotations

import json
from typing import Any

from .happenings import Event
from .house_rules import HouseRules, HouseRulesError
from .moves import Move, MoveError
from .pack import CardError, cards_in, mask_of, parse_card, parse_cards
from .race import DealtCards, IllegalMoveError, Race, RaceError, check_dealt

SCHEMA = 1
"""The record format's version; bumped whenever the format changes."""
GAME = "twentyfive"


class ReplayError(ValueError):
    """A record that is malformed or does not replay (the message says where)."""


def deal_text(cards: DealtCards) -> dict[str, Any]:
    """One deal's cards as a record writes them."""
    hands, turned = cards
    return {"hands": [" ".join(c.name for c in cards_in(h)) for h in hands],
            "turned": cards_in(1 << turned)[0].name}


def race_record(race: Race) -> dict[str, Any]:
    """The record of ``race`` so far."""
    record: dict[str, Any] = {
        "schema": SCHEMA,
        "game": GAME,
        "kind": "race",
        "rules": race.rules.to_dict(),
        "seed": None if race.secret else race.seed,
        "first_dealer": race.first_dealer,
    }
    if race.secret:
        record["deals"] = [deal_text(d) for d in race.dealt]
    record["moves"] = [str(m) for m in race.moves]
    return record


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text."""
    return json.dumps(record, indent=1, ensure_ascii=False)


def loads(text: str | bytes) -> dict[str, Any]:
    """Parse JSON text into a record (checked when replayed)."""
    if not isinstance(text, str | bytes | bytearray):
        raise ReplayError(f"a record is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except RecursionError:
        raise ReplayError("the record's JSON is nested too deeply") from None
    except ValueError as exc:  # JSONDecodeError, or a number too long to read
        where = f" at line {exc.lineno}" if isinstance(exc, json.JSONDecodeError) else ""
        raise ReplayError(f"the record is not valid JSON: its text is garbled or cut "
                          f"short{where}") from None
    if not isinstance(data, dict):
        raise ReplayError("the record must be a JSON object")
    return data


def _deal_cards(data: object, players: int, k: int) -> DealtCards:
    if not isinstance(data, dict) or not isinstance(data.get("hands"), list) \
            or not isinstance(data.get("turned"), str):
        raise ReplayError(f"deal {k} of the record must hold its hands and turned card")
    try:
        hands = tuple(mask_of(parse_cards(h)) if isinstance(h, str) else -1
                      for h in data["hands"])
        turned = int(parse_card(data["turned"]))
    except CardError as exc:
        raise ReplayError(f"deal {k} of the record: {exc}") from None
    try:
        return check_dealt((hands, turned), players)
    except RaceError as exc:
        raise ReplayError(f"deal {k} of the record: {exc}") from None


def start_race(record: dict[str, Any]) -> Race:
    """The game a record starts from, before its moves."""
    if not isinstance(record, dict):
        raise ReplayError(f"a record is a JSON object, not {type(record).__name__}")
    if record.get("schema") != SCHEMA:
        raise ReplayError(f"the record's schema is {record.get('schema')!r}; this version "
                          f"reads schema {SCHEMA}")
    if record.get("game") != GAME or record.get("kind") != "race":
        raise ReplayError("the record is not of a game of Twenty-Five")
    try:
        rules = HouseRules.from_dict(record.get("rules"))
    except (HouseRulesError, TypeError) as exc:
        raise ReplayError(f"the record's options: {exc}") from None
    seed = record.get("seed")
    deals = record.get("deals")
    secret = seed is None
    if not secret and type(seed) is not int:
        raise ReplayError(f"the record's seed must be a whole number (or null), not {seed!r}")
    if secret and not isinstance(deals, list):
        raise ReplayError("a record without a seed must hold its deals")
    preset = [_deal_cards(d, rules.players, k + 1) for k, d in
              enumerate(deals if isinstance(deals, list) else [])]
    try:
        return Race(seed or 0, rules, record.get("first_dealer"),
                    secret=secret, preset=preset)
    except RaceError as exc:
        raise ReplayError(f"the record's game: {exc}") from None


def replay_race(record: dict[str, Any]) -> tuple[Race, list[Event]]:
    """Rebuild a game from its record; also every event of it (unfiltered)."""
    race = start_race(record)
    moves = record.get("moves")
    if not isinstance(moves, list):
        raise ReplayError("the record's moves must be a list")
    events = race.opening_events()
    for i, text in enumerate(moves):
        try:
            move = Move.parse(text)
            events += race.apply(move)
        except (MoveError, IllegalMoveError) as exc:
            raise ReplayError(f"move {i + 1} of the record ({text!r}) does not replay: "
                              f"{exc}") from None
    return race, events
