"""The server sends each seat only what changed in its view, makes a seat's own view fields
again only when what they come from changed, and encodes a public event once for all
seats: the view a client rebuilds from those changes is, after every action of whole games
(many rule sets, random play), exactly the engine's view for that seat, and its events are
its own filtered events."""

from __future__ import annotations

import json
import random
import tempfile
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentynine.engine.actions import NEXT_DEAL
from twentynine.engine.events import event_for_seat
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules
from twentynine.net.client import whole_view
from twentynine.net.protocol import ProtocolError, encode_event, encode_view
from twentynine.net.server import Connection, GameServer, Settings, Table

RULE_SETS = [
    Rules(), Rules(trump_indicator="marker"), Rules(no_trumps=True, double=True),
    Rules(single_hand=True, redeal=True, pair=False), Rules(min_bid=15, game_to=2),
    Rules(ask="compulsory", unshown_trump="dead", direction="clockwise", half_loss=True),
    Rules(trump_choice="seventh", all_tricks=True, match_bids=True),
]


class Wire:
    """A client's side of :meth:`Table.state_for`: the connection the server writes its
    last view on, and the view the client rebuilds from what it was sent."""

    def __init__(self) -> None:
        self.conn = Connection(None, "test")  # type: ignore[arg-type]  # never sends
        self.view: dict[str, object] | None = None


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), rules=st.sampled_from(RULE_SETS),
       policy=st.integers(0, 10_000))
def test_the_view_rebuilt_from_changes_is_the_engines_view(seed: int, rules: Rules,
                                                           policy: int) -> None:
    rng = random.Random(policy)
    game = Game(seed, rules)
    folder = Path(tempfile.mkdtemp(prefix="twentynine-views-"))
    table = Table(GameServer(folder), "t", "A" * 16, game, Settings(rules=rules))
    wires = [Wire() for _ in range(4)]
    sizes = [0, 0]
    events = game.opening_events()
    for step in range(400):
        shared: dict[str, object] = {}
        for seat, w in enumerate(wires):
            text = table.state_for(seat, events, None, shared, w.conn)
            msg = json.loads(text)
            # each seat's own events (a public event is encoded once for all four)
            assert msg["events"] == [encode_event(event_for_seat(e, seat)) for e in events]
            assert ("view" in msg) == (step == 0)  # the first whole, then only changes
            sizes[step > 0] += len(text)
            w.view = whole_view(msg, w.view)
            assert w.view == encode_view(game.view(seat), with_rules=False), (step, seat)
        if game.is_over:
            break
        legal = game.legal_actions()
        action = rng.choice(legal)
        events = game.apply(action, game.turn)
        table.events.extend(events)
    assert sizes[1] > 0


def test_changes_without_a_view_before_them_are_refused() -> None:
    with pytest.raises(ProtocolError, match="without a view"):
        whole_view({"type": "state", "view_changes": {"turn": 1}}, None)


def test_a_new_deal_remakes_every_seats_own_fields() -> None:
    """The hands change for everyone at a new deal: no seat keeps last deal's cards."""
    game = Game(3, Rules(game_to=99))
    table = Table(GameServer(Path(tempfile.mkdtemp())), "t", "B" * 16, game, Settings())
    rng = random.Random(1)
    while game.legal_actions() != [NEXT_DEAL]:
        table.state_for(0, [])
        game.apply(rng.choice(game.legal_actions()), game.turn)
    table.state_for(0, [])
    game.apply(NEXT_DEAL, game.turn)
    _, own = table.views_now()
    for seat in range(4):
        assert own[seat]["hand"] == [c.name for c in game.view(seat).hand]


def test_every_seats_own_fields_follow_every_action() -> None:
    """After each action of many random games (with the pair, doubling and no trumps),
    the own fields the server sends each seat are the engine's: also when an action leaves
    the same seat to move with the same hand (declaring the pair, asking for trump), where
    only its legal actions change."""
    from twentynine.net.protocol import encode_private

    kinds = {"pair": 0, "show trump": 0}
    for seed in range(40):
        rules = RULE_SETS[seed % 3]
        game = Game(seed, Rules(**{**rules.to_dict(), "game_to": 2}))
        table = Table(GameServer(Path(tempfile.mkdtemp(prefix="twentynine-own-"))), "t",
                      "C" * 16, game, Settings(rules=game.rules))
        rng = random.Random(seed)
        while not game.is_over:
            _, own = table.views_now()
            assert own == [encode_private(game.view(s)) for s in range(4)], game.actions
            legal = game.legal_actions()
            # a seat that may declare its pair or ask for trump does so, to reach the case
            wanted = [a for a in legal if str(a) in kinds]
            action = wanted[0] if wanted and rng.random() < 0.7 else rng.choice(legal)
            if str(action) in kinds:
                kinds[str(action)] += 1
            game.apply(action, game.turn)
    assert kinds["pair"] > 0 and kinds["show trump"] > 0, kinds
