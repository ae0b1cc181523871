"""A busy machine never leaves a search with one or two worlds: the clock may stop a
search only once it has looked at ``FLOOR_WORLDS`` of them (``bots/config.py``).

The clock is set to a nanosecond here, as if the machine had no time to give at all."""

from __future__ import annotations

from twentynine.bots import make_bot
from twentynine.bots.config import FLOOR_WORLDS
from twentynine.bots.medium import Estimates, MediumBot
from twentynine.engine.actions import Action
from twentynine.engine.game import Game

NO_TIME = 1e-9


def _estimates(bot: object) -> Estimates:
    assert isinstance(bot, MediumBot)
    assert bot.estimates is not None
    return bot.estimates


def test_a_bid_without_time_still_simulates_the_floor_of_worlds() -> None:
    game = Game(seed=3)
    view = game.view(game.turn)
    bot = make_bot("hard", seed=1, time_budget=NO_TIME, bid_samples=60)
    bot.choose(view, view.legal_actions)
    table = _estimates(bot).table
    assert table and all(len(row) >= FLOOR_WORLDS for row in table if row)
    # worlds from a pool of many: not one deal played sixty times over
    assert len({row for row in table[0]}) > 1


def test_a_card_without_time_still_rolls_out_the_floor_of_worlds() -> None:
    game = Game(seed=5)
    while game.phase.value != "play":
        seat = game.turn
        legal = game.legal_actions()
        game.apply(next((a for a in legal if a.code == Action.make_bid(16).code), legal[-1]),
                   seat)
    view = game.view(game.turn)
    bot = make_bot("medium", seed=2, time_budget=NO_TIME)
    bot.choose(view, view.legal_actions)
    assert _estimates(bot).samples >= FLOOR_WORLDS
