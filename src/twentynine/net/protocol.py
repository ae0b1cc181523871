"""The table server's wire format: JSON objects with a version, and the codec that turns a
seat's view and its events into JSON and back (see docs/protocol.md).

Only what a seat may know is ever encoded: the server encodes ``game.view(seat)`` and
``event_for_seat(event, seat)``, never the engine's state.  The codec is driven by the
dataclasses' field types, so the decoded values are the same frozen objects the table
renders.

>>> from twentynine.engine.game import Game
>>> g = Game(seed=5)
>>> v = g.view(1)
>>> decode_view(json.loads(json.dumps(encode_view(v)))) == v
True
>>> ev = g.apply(g.legal_actions()[0])
>>> [decode_event(encode_event(e)) == e for e in ev]
[True]
"""

from __future__ import annotations

import dataclasses
import functools
import json
import types
import typing
from typing import Any, Union

from ..engine import events as ev
from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.deal import Phase
from ..engine.rules import Rules
from ..engine.scoring import DealOutcome
from ..engine.views import SeatView, TrickRecord
from ..engine.words import event_words, rules_words
from .wire import ACTION_TEXT as ACTION_TEXT  # the server's hot encoders (compiled)
from .wire import compact_json as compact_json
from .wire import encode_own_fields, encode_public

VERSION = 1
"""The protocol's version: every message carries it as ``"v"``; a client or server that
reads another version refuses the connection with a clear error."""
MAX_MESSAGE = 64 * 1024
"""The largest message (bytes) either side accepts."""

STALE = "the table moved on before your move arrived: choose again from what is there now"
"""Why a move chosen in an earlier state (its ``at``) is refused: error code ``stale``."""


CODE_LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ234567"
"""The letters of a join code (base 32): 16 of them, 80 random bits, printed in four
groups of four (``ABCD-EFGH-IJKL-MNOP``)."""


def normal_code(text: str) -> str:
    """A code as typed (any case, dashes or spaces) in its stored form.

    >>> normal_code("abcd-efgh ijkl-mnop")
    'ABCDEFGHIJKLMNOP'
    """
    return "".join(ch for ch in text.upper() if ch.isalnum())


def is_code(text: str) -> bool:
    """Whether ``text`` can be a join code as a host prints it (any case, dashes or
    spaces between the letters): a mistyped code can be refused before any connection.

    >>> is_code("abcd-efgh-ijkl-mnop"), is_code("ABCD"), is_code("ABCD-EFGH-IJKL-MN01")
    (True, False, False)
    """
    code = normal_code(text)
    return len(code) == 16 and all(ch in CODE_LETTERS for ch in code) and all(
        ch.isalnum() or ch in "- " for ch in text)


class ProtocolError(ValueError):
    """A message that is not valid for this protocol; ``code`` names the kind for the
    client (``malformed``, ``unknown_type``, ``version`` ...)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code


EVENT_TYPES: dict[str, type[Any]] = {
    cls.__name__: cls for cls in (
        ev.DealStarted, ev.CardsDealt, ev.BidMade, ev.Passed, ev.AuctionWon, ev.TrumpChosen,
        ev.Doubled, ev.Declined, ev.SingleHandAnnounced, ev.ThrownIn, ev.TrumpShown,
        ev.CardPlayed, ev.TrickWon, ev.PairDeclared, ev.DealScored, ev.GameOver)
}

_HINTS: dict[type[Any], dict[str, Any]] = {}


def _hints(cls: type[Any]) -> dict[str, Any]:
    if cls not in _HINTS:
        # views.py names Phase only for type checkers: supply it
        _HINTS[cls] = typing.get_type_hints(cls, localns={"Phase": Phase})
    return _HINTS[cls]


def encode_value(value: Any) -> Any:
    """A plain JSON value for ``value`` (cards by name, actions as text, enums by value)."""
    if value is None or isinstance(value, (bool, int, str)):
        return value
    if isinstance(value, Card):
        return value.name
    if isinstance(value, Action):
        return str(value)
    if isinstance(value, Phase):
        return value.value
    if isinstance(value, Rules):
        return value.to_dict()
    if isinstance(value, (tuple, list)):
        return [encode_value(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return {f.name: encode_value(getattr(value, f.name)) for f in dataclasses.fields(value)}
    raise TypeError(f"cannot encode {type(value).__name__}")


def decode_value(tp: Any, data: Any) -> Any:
    """Read ``data`` as a value of type ``tp`` (the inverse of :func:`encode_value`); a value
    of the wrong shape raises :class:`ProtocolError`."""
    origin = typing.get_origin(tp)
    if origin is Union or origin is types.UnionType:
        args = typing.get_args(tp)
        if data is None and type(None) in args:
            return None
        others = [a for a in args if a is not type(None)]
        last: Exception | None = None
        for a in others:
            try:
                return decode_value(a, data)
            except ProtocolError as exc:
                last = exc
        raise last or ProtocolError("malformed", f"unexpected {data!r}")
    if origin is tuple:
        args = typing.get_args(tp)
        if not isinstance(data, list):
            raise ProtocolError("malformed", f"expected a list, not {data!r}")
        if len(args) == 2 and args[1] is Ellipsis:
            return tuple(decode_value(args[0], d) for d in data)
        if len(args) != len(data):
            raise ProtocolError("malformed", f"expected {len(args)} items, not {data!r}")
        return tuple(decode_value(a, d) for a, d in zip(args, data, strict=True))
    try:
        if tp is bool:
            if not isinstance(data, bool):
                raise ProtocolError("malformed", f"expected true or false, not {data!r}")
            return data
        if tp is int:
            if not isinstance(data, int) or isinstance(data, bool):
                raise ProtocolError("malformed", f"expected a whole number, not {data!r}")
            return data
        if tp is str:
            if not isinstance(data, str):
                raise ProtocolError("malformed", f"expected text, not {data!r}")
            return data
        if tp is Card:
            return Card.parse(_text(data))
        if tp is Action:
            return Action.parse(_text(data))
        if tp is Phase:
            return Phase(data)
        if tp is Rules:
            if not isinstance(data, dict):
                raise ProtocolError("malformed", "rules must be an object")
            return Rules.from_dict(data)
    except ProtocolError:
        raise
    except ValueError as exc:
        raise ProtocolError("malformed", str(exc)) from None
    if isinstance(tp, type) and dataclasses.is_dataclass(tp):
        if not isinstance(data, dict):
            raise ProtocolError("malformed", f"expected an object for {tp.__name__}")
        hints = _hints(tp)
        kwargs = {}
        for f in dataclasses.fields(tp):
            if f.name in data:
                kwargs[f.name] = decode_value(hints[f.name], data[f.name])
            elif (f.default is dataclasses.MISSING
                  and f.default_factory is dataclasses.MISSING):
                raise ProtocolError("malformed", f"{tp.__name__} lacks {f.name}")
        return tp(**kwargs)
    raise TypeError(f"cannot decode {tp!r}")


def _text(data: Any) -> str:
    if not isinstance(data, str):
        raise ProtocolError("malformed", f"expected text, not {data!r}")
    return data


@functools.lru_cache(maxsize=256)
def rules_data(rules: Rules) -> dict[str, Any]:
    """``rules.to_dict()``, made once per rule set (the caller must not change it)."""
    return rules.to_dict()


@functools.lru_cache(maxsize=64)
def rules_words_data(rules: Rules) -> dict[str, Any]:
    """The player's words for ``rules`` as a page is sent them (``rules_words`` in
    ``welcome`` and ``table``: :func:`twentynine.engine.words.rules_words`), made once per rule
    set (the caller must not change it)."""
    return rules_words(rules)


def encode_view(view: SeatView, with_rules: bool = True) -> dict[str, Any]:
    """A seat's view as JSON-ready data: the same as :func:`encode_value` gives, written
    out by hand because the server encodes views after every action (the tests check that
    both agree).  The server leaves the rules out (``with_rules=False``): a client has
    them from its welcome."""
    out = encode_private(view)
    out.update(encode_public({k: getattr(view, k) for k in _PUBLIC_NAMES}))
    if with_rules:
        out["rules"] = rules_data(view.rules)
    return out


PRIVATE_VIEW_FIELDS = frozenset({"seat", "hand", "trump_suit", "trump_card", "legal_actions",
                                 "no_trumps"})
"""The fields of a view that differ from seat to seat; every other field is the same in
all four seats' views (a test checks it), so the server encodes those once per change."""
_PUBLIC_NAMES = tuple(f.name for f in dataclasses.fields(SeatView)
                      if f.name not in PRIVATE_VIEW_FIELDS and f.name != "rules")


def encode_private(view: SeatView) -> dict[str, Any]:
    """Only the seat's own fields of :func:`encode_view` (the server makes the shared
    fields once for all four seats).

    >>> from twentynine.engine.game import Game
    >>> v = Game(5).view(2)
    >>> encode_private(v) == view_parts(encode_view(v))[0]
    True
    """
    v = view
    return encode_own_fields(v.seat, v.hand, v.trump_suit, v.trump_card, v.legal_actions,
                            v.no_trumps)


def view_parts(data: dict[str, Any]) -> tuple[dict[str, Any], dict[str, Any]]:
    """An encoded view split into its seat's own fields and the fields every seat shares."""
    own = {k: v for k, v in data.items() if k in PRIVATE_VIEW_FIELDS}
    shared = {k: v for k, v in data.items() if k not in PRIVATE_VIEW_FIELDS}
    return own, shared


def decode_view(data: Any, rules: Rules | None = None) -> SeatView:
    """The view back from :func:`encode_view`'s data (``rules`` when it has none)."""
    if rules is not None and isinstance(data, dict) and "rules" not in data:
        data = {**data, "rules": rules_data(rules)}
    out = decode_value(SeatView, data)
    assert isinstance(out, SeatView)
    return out


_EVENT_FIELDS: dict[type, tuple[str, ...]] = {}


def encode_event(event: ev.Event) -> dict[str, Any]:
    """An (already filtered) event as JSON-ready data, its class named by ``"event"``:
    its fields as :func:`encode_value` encodes them, and ``words``, the player's line
    for it with its seat slots (:func:`twentynine.engine.words.event_words`; left out for an
    event with no line).

    >>> encode_event(ev.BidMade(2, 17))
    {'event': 'BidMade', 'seat': 2, 'bid': 17, 'words': '{2} bid 17'}
    """
    cls = type(event)
    names = _EVENT_FIELDS.get(cls)
    if names is None:
        names = _EVENT_FIELDS[cls] = tuple(f.name for f in dataclasses.fields(event))
    out: dict[str, Any] = {"event": cls.__name__}
    for name in names:
        out[name] = encode_value(getattr(event, name))
    said = event_words(event)
    if said is not None:
        out["words"] = said
    return out


def decode_event(data: Any) -> ev.Event:
    """The event back from :func:`encode_event`'s data (its ``words`` are the client's to
    show or to make again)."""
    if not isinstance(data, dict) or data.get("event") not in EVENT_TYPES:
        raise ProtocolError("malformed", f"not an event: {data!r}")
    fields_ = {k: v for k, v in data.items() if k not in ("event", "words")}
    out: ev.Event = decode_value(EVENT_TYPES[data["event"]], fields_)
    return out


def message(type_: str, **fields: Any) -> str:
    """One message's JSON text: ``{"v": 1, "type": ..., ...}``."""
    return compact_json({"v": VERSION, "type": type_, **fields})


def parse_message(text: str | bytes) -> dict[str, Any]:
    """Read one message; anything but a JSON object of this version with a string type
    raises :class:`ProtocolError`."""
    if len(text) > MAX_MESSAGE:
        raise ProtocolError("too_big", f"a message may be at most {MAX_MESSAGE} bytes")
    try:
        data = json.loads(text)
    except RecursionError:
        raise ProtocolError("malformed", "the message's JSON is nested too deeply") from None
    except (json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise ProtocolError("malformed", f"the message is not JSON: {exc}") from None
    except ValueError:  # Python reads no whole number of over 4,300 digits
        raise ProtocolError("malformed", "the message holds a number too long to "
                                         "read") from None
    if not isinstance(data, dict):
        raise ProtocolError("malformed", "a message must be a JSON object")
    if type(data.get("v")) is not int or data.get("v") != VERSION:
        raise ProtocolError("version", f"this server speaks protocol version {VERSION}, "
                                       f"not {data.get('v')!r}")
    if not isinstance(data.get("type"), str):
        raise ProtocolError("malformed", "a message needs a \"type\" (a string)")
    return data


_ = (TrickRecord, DealOutcome)  # decoded through SeatView's and the events' field types
