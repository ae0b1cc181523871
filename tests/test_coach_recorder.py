"""Every finished deal at the table is recorded in the history through the listener."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from pathlib import Path

from twentynine.bots import make_bot
from twentynine.coach.history import open_history
from twentynine.coach.recorder import DealRecorder
from twentynine.engine.actions import Action
from twentynine.engine.events import Event
from twentynine.engine.game import Game


class LocalTable:
    """The least a local table does for the recorder: a game, counters, listeners."""

    def __init__(self, seed: int) -> None:
        self.seat = 0
        self.game = Game(seed)
        self.bot_name = "easy"
        self.hints_used = 0
        self.take_backs_used = 0
        self.listeners: list[Callable[[Sequence[Event]], None]] = []
        self.bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]

    def add_listener(self, fn: Callable[[Sequence[Event]], None]) -> None:
        self.listeners.append(fn)

    def step(self) -> None:
        g = self.game
        act: Action = (g.legal_actions()[0] if g.deal.is_over else
                       self.bots[g.turn].choose(g.view(g.turn), g.legal_actions()))
        events = g.apply(act)
        for fn in self.listeners:
            fn(events)


def test_finished_deals_and_the_game_are_recorded(tmp_path: Path) -> None:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    table = LocalTable(seed=5)
    rec = DealRecorder(table, h)
    deals = 0
    while not table.game.is_over:
        if table.game.deal.is_over:
            deals += 1
            if deals == 1:
                table.hints_used += 2  # two hints in the second deal
        table.step()
    rows = h.deals()
    assert len(rows) == table.game.deals_played
    assert [r.hints for r in rows][:2] == [0, 2]
    assert all(r.game_id == rec.game_id for r in rows)
    (game,) = h.games()
    assert game.won == (table.game.winner == 0) and game.seed == 5
    # each record is the deal as played, and knows where it starts in the game
    log = [str(a) for a in table.game.actions]
    for r in rows:
        assert r.first_action is not None
        start = r.first_action
        assert log[start:start + len(r.record["actions"])] == r.record["actions"]
    assert rec.problem is None
    h.close()


def test_a_resumed_game_goes_on_under_its_id(tmp_path: Path) -> None:
    h = open_history(tmp_path / "h.sqlite3").history
    assert h is not None
    table = LocalTable(seed=9)
    first = DealRecorder(table, h)
    while table.game.deals_played < 2:
        table.step()
    # "quit and resume": a new table object replaying the same actions
    resumed = LocalTable(seed=9)
    for a in table.game.actions:
        resumed.game.apply(a)
    second = DealRecorder(resumed, h)
    assert second.game_id == first.game_id
    while resumed.game.deals_played < 3:
        resumed.step()
    assert {r.game_id for r in h.deals()} == {first.game_id}
    assert len(h.deals()) == 3
    h.close()
