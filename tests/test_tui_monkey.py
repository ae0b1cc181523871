"""Hundreds of random keys (seeded) through a game: the table keeps running and the game
stays consistent (its record replays to the same state, the screen shows the view)."""

from __future__ import annotations

import asyncio
import random
from pathlib import Path

import pytest
from textual import events
from tui_support import local_table, make_app, settle

from twentynine.engine.records import dumps, game_record, loads, replay_game
from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import GameOverScreen, QuitScreen, RulesScreen
from twentynine.tui.turn import sort_hand
from twentynine.tui.widgets import HandView

KEYS = (["left", "right", "up", "down", "enter", "enter", "enter", "space", "escape", "p",
         "s", "a", "r", "l", "n", "d", "h", "e", "question_mark", "q", "tab", "x", "0"]
        + [str(d) for d in range(1, 10)] * 2)
"""Everything but 'y' (which would confirm quitting) and ctrl+q."""
CHARS = {"enter": "\r", "space": " ", "escape": "\x1b", "question_mark": "?", "tab": "\t"}


def _consistent(app: TwentyNineApp) -> None:
    game = local_table(app).game
    replayed, _events = replay_game(loads(dumps(game_record(game))))
    assert replayed.actions == game.actions
    assert replayed.scores == game.scores
    assert replayed.view(0) == game.view(0)
    if not app.modal_open():
        assert app.query_one(HandView).cards == sort_hand(game.view(0).hand)


@pytest.mark.early
def test_random_keys_keep_the_game_consistent(tmp_path: Path) -> None:
    # 200 keys (not 400): seed 11's first 160 open the quit, rules, last-trick and
    # review dialogs and end a deal (its summary), and the game is checked against its
    # record every 25 keys; the next 200 met no dialog or phase the first had not
    asyncio.run(_monkey(tmp_path, seed=11, presses=200))


def test_random_keys_with_every_optional_rule(tmp_path: Path) -> None:
    rules = Rules(no_trumps=True, double=True, single_hand=True, redeal=True,
                  pointless_hand_redeal=True, big_bids=True, half_loss=True, all_tricks=True,
                  match_bids=True, min_bid=14)
    asyncio.run(_monkey(tmp_path, seed=5, presses=150, rules=rules))
    rules = Rules.preset("pagat").replace(trump_choice="seventh", ask="auto")
    asyncio.run(_monkey(tmp_path, seed=6, presses=100, rules=rules))


async def _monkey(tmp_path: Path, seed: int, presses: int, rules: Rules | None = None
                  ) -> None:
    rng = random.Random(seed)
    app = make_app(tmp_path, seed=seed, rules=rules)
    async with app.run_test(size=(90, 26)) as pilot:
        await settle(pilot, app)
        for i in range(presses):
            key = rng.choice(KEYS)
            if key == "q" and isinstance(app.screen, GameOverScreen):
                continue  # that quits for good
            # keys arrive as fast as a player mashing them: a pause every few keys only
            app.post_message(events.Key(key, CHARS.get(key, key if len(key) == 1 else None)))
            if i % 4 == 3:
                await pilot.pause()
            if i % 25 == 0:
                await settle(pilot, app)
                assert app.is_running
                _consistent(app)
        await settle(pilot, app)
        assert app.is_running
        _consistent(app)
        assert len(local_table(app).game.actions) >= 10, "the random keys should have made progress"
        # a dialog that may be open is closed by escape; the quit dialog keeps the game
        while isinstance(app.screen, (QuitScreen, RulesScreen)):
            await pilot.press("escape")
        assert app.is_running
