"""The server's hot encoders: a seat's view fields as JSON-ready data, made after every
action at every table.  Compiled with mypyc with the table server (setup.py), while the
codec around them (:mod:`~twentynine.net.protocol`, which re-exports them) stays plain
Python; the wire format is docs/protocol.md.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable
from typing import Any

from ..engine.actions import ACTIONS, Action
from ..engine.cards import Card
from ..engine.deal import Deal
from ..engine.views import own_fields

ACTION_TEXT: tuple[str, ...] = tuple(str(a) for a in ACTIONS)

compact_json: Callable[[Any], str] = json.JSONEncoder(separators=(",", ":")).encode
"""``json.dumps(value, separators=(",", ":"))`` without making a new encoder at each call
(the server writes some ten texts an action)."""


def encode_public(fields: dict[str, Any], tricks_cache: list[Any] | None = None
                  ) -> dict[str, Any]:
    """The fields every seat's view shares (:func:`~twentynine.engine.views.public_fields`, or a
    view's), encoded as :func:`~.protocol.encode_view` encodes them, without the rules.

    ``tricks_cache`` (a list the caller keeps, empty at first) holds the last finished
    tricks encoded: while they are the same records (a deal's tricks are made once, see
    :func:`~twentynine.engine.views.trick_records`) they are not encoded again.  The caller must
    not change what it is given."""
    tricks = fields["tricks"]
    if tricks_cache and tricks_cache[0] is tricks:
        encoded_tricks = tricks_cache[1]
    else:
        encoded_tricks = [{"leader": t.leader, "cards": [[s, c.name] for s, c in t.cards],
                           "winner": t.winner, "points": t.points} for t in tricks]
        if tricks_cache is not None:
            tricks_cache[:] = [tricks, encoded_tricks]
    outcome = fields["outcome"]
    return {
        "number": fields["number"], "dealer": fields["dealer"],
        "phase": fields["phase"].value, "turn": fields["turn"],
        "scores": list(fields["scores"]), "hand_sizes": list(fields["hand_sizes"]),
        "bids": [[s, b] for s, b in fields["bids"]], "high_bid": fields["high_bid"],
        "bidder": fields["bidder"], "trump_shown": fields["trump_shown"],
        "face_down": fields["face_down"], "shown_in_trick": fields["shown_in_trick"],
        "asker": fields["asker"], "leader": fields["leader"],
        "trick": [[s, c.name] for s, c in fields["trick"]],
        "tricks": encoded_tricks,
        "points": list(fields["points"]), "tricks_won": list(fields["tricks_won"]),
        "target": fields["target"], "pair_seat": fields["pair_seat"],
        "outcome": _encode_outcome(outcome) if outcome is not None else None,
        "multiplier": fields["multiplier"], "single_hand": fields["single_hand"],
        "sitting_out": fields["sitting_out"],
        "single_hand_offers": fields["single_hand_offers"],
    }


def encode_own_fields(seat: int, hand: Iterable[Card], trump_suit: int | None,
                      trump_card: Card | None, legal: Iterable[Action], no_trumps: bool
                      ) -> dict[str, Any]:
    """A seat's own view fields (:func:`~twentynine.engine.views.own_fields`) as JSON-ready data."""
    return {
        "seat": seat, "hand": [c.name for c in hand], "trump_suit": trump_suit,
        "trump_card": trump_card.name if trump_card is not None else None,
        "legal_actions": [ACTION_TEXT[a.code] for a in legal], "no_trumps": no_trumps,
    }


def encode_own(deal: Deal, seat: int) -> dict[str, Any]:
    """:func:`~.protocol.encode_private` of ``seat``'s view, made from the deal without
    the rest of the view (the server makes one seat's own fields after most actions).

    >>> from twentynine.engine.game import Game
    >>> g = Game(5)
    >>> from twentynine.net.protocol import encode_private
    >>> encode_own(g.deal, 1) == encode_private(g.view(1))
    True
    """
    return encode_own_fields(seat, *own_fields(deal, seat))


def _encode_outcome(outcome: object) -> Any:
    from .protocol import encode_value  # the generic codec (a deal's end only)

    return encode_value(outcome)
