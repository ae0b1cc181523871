"""The wire codec: every seat's view and every filtered event, at every point of random
games under several rule settings, survives JSON and comes back equal; bad messages are
refused with the right code."""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentynine.engine.events import event_for_seat
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules
from twentynine.net.protocol import (
    MAX_MESSAGE,
    PRIVATE_VIEW_FIELDS,
    ProtocolError,
    decode_event,
    decode_view,
    encode_event,
    encode_value,
    encode_view,
    parse_message,
    view_parts,
)

_profile = settings.default
assert _profile is not None  # conftest.py loads a profile
HALF = max(20, _profile.max_examples // 2)
"""Half the profile's examples (never fewer than 20)."""


# Half the profile's games: each checks every view and event of up to 120 steps (some
# games whole, and past a deal's end), so 20 games still put over a thousand views and
# their events of all four presets through the codec.
@settings(max_examples=HALF)
@given(seed=st.integers(0, 10**6), preset=st.sampled_from(["standard", "28pt", "app",
                                                           "pagat"]),
       steps=st.integers(1, 120))
def test_views_and_events_survive_the_wire(seed: int, preset: str, steps: int) -> None:
    g = Game(seed, Rules.preset(preset))
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        events = g.apply(rng.choice(g.legal_actions()))
        for seat in (len(g.log) % 4,):  # each seat in turn (every seat each step is slow)
            v = g.view(seat)
            assert encode_view(v) == encode_value(v)  # the fast encoder is the codec's
            assert decode_view(json.loads(json.dumps(encode_view(v)))) == v
            wire = json.loads(json.dumps(encode_view(v, with_rules=False)))
            assert "rules" not in wire and decode_view(wire, g.rules) == v
            for e in events:
                mine = event_for_seat(e, seat)
                assert decode_event(json.loads(json.dumps(encode_event(mine)))) == mine


@pytest.mark.parametrize(("text", "code"), [
    ("{", "malformed"), ("[]", "malformed"), ('{"v": 2, "type": "x"}', "version"),
    ('{"type": "x"}', "version"), ('{"v": 1}', "malformed"), ('{"v": 1, "type": 3}',
                                                               "malformed"),
    ("x" * (MAX_MESSAGE + 1), "too_big"),
])
def test_bad_messages_are_refused(text: str, code: str) -> None:
    with pytest.raises(ProtocolError) as exc:
        parse_message(text)
    assert exc.value.code == code


def test_a_bad_event_or_view_is_a_protocol_error() -> None:
    for bad in ({"event": "Nope"}, {"event": "CardPlayed", "seat": 0, "card": "XX"},
                {"event": "CardPlayed", "seat": "0", "card": "JH"}, [1]):
        with pytest.raises(ProtocolError):
            decode_event(bad)
    with pytest.raises(ProtocolError):
        decode_view({"seat": 0})


# Half the profile's positions: twenty positions of the four presets, each a game at a
# random point (the auction, the play, a deal's end), compare all four seats' shared fields.
@settings(max_examples=HALF)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 120),
       preset=st.sampled_from(["standard", "pagat", "app", "28pt"]))
def test_only_the_private_fields_differ_between_seats(seed: int, steps: int,
                                                      preset: str) -> None:
    """The server encodes the shared fields once for all four seats: that is safe only
    if they really are the same in every seat's view."""
    g = Game(seed, Rules.preset(preset))
    rng = random.Random(seed)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(rng.choice(g.legal_actions()))
    shared = [view_parts(encode_view(g.view(s)))[1] for s in range(4)]
    assert shared[0] == shared[1] == shared[2] == shared[3]
    assert not set(shared[0]) & PRIVATE_VIEW_FIELDS
