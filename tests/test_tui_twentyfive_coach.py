"""The coach at the Twenty-Five table, through the keys at 80x24: ``i`` shows the hint
(searched in a worker while the table stays live) and puts its card under the cursor,
``r`` after the deal shows its review, ``t`` the coach's figures."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path

import pytest
from tui_support import screen_text, wait_for

from twentynine.coach.race_history import RaceHistory, race_history_path
from twentynine.coach.race_recorder import RaceRecorder
from twentynine.tui.twentyfive_app import TwentyFiveApp
from twentynine.tui.twentyfive_coach import (
    RaceCoachStatsScreen,
    RaceHintPanel,
    RaceReviewScreen,
)
from twentynine.tui.twentyfive_screen import RaceScreen
from twentynine.twentyfive import HouseRules, MoveKind, Stage
from twentynine.twentyfive.race_table import RaceTable

pytestmark = [pytest.mark.tui, pytest.mark.coach, pytest.mark.twentyfive]

SIZE = (80, 24)


def played_on(tmp_path: Path, rules: HouseRules, seed: int,
              stop: Callable[[RaceTable], bool], kept: bool = False) -> RaceTable:
    """A table of random bots (saving under ``tmp_path``; with ``kept``, its deals kept
    in the history there as the table's coach keeps them) played without a screen, the
    player's first legal move each time, until ``stop(table)``: a moment of the game
    reached without drawing every bot move."""
    table = RaceTable(rules, seed=seed, bots="random",
                      save_file=tmp_path / "twentyfive-save.json")
    if kept:
        RaceRecorder(table, RaceHistory(race_history_path(tmp_path)))
    while True:
        table.run_bots()
        if stop(table):
            return table
        assert not table.race.is_over, "the game ended before the position was reached"
        table.apply(table.legal_actions()[0])


def test_hint_review_and_statistics_through_the_keys(tmp_path: Path) -> None:
    # the deal played without a screen to the player's last two cards (the hint on the
    # first of them): the keys play the rest
    table = played_on(tmp_path, HouseRules(players=4), 3, lambda t: (
        t.view().stage is Stage.PLAY and t.view().turn == 0 and len(t.view().hand) == 2
        and len([m for m in t.legal_actions() if m.kind is MoveKind.PLAY]) == 2))
    app = TwentyFiveApp(table=table, data_dir=tmp_path, bot_delay=0.0)

    def my_turn() -> bool:
        s = app.screen
        return (isinstance(s, RaceScreen) and not s.thinking
                and s.table.bot_seat() is None)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, my_turn)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            await pilot.press("i")
            panel = screen.query_one(RaceHintPanel)
            await wait_for(pilot, lambda: panel.hint is not None)
            await pilot.pause()
            h = panel.hint
            assert h is not None
            text = screen_text(app)
            assert f"Hint: {h.options[0].words}" in text
            assert "race  trick" in text
            view = screen.table.view()
            if h.move.kind is MoveKind.PLAY and h.move.card is not None:
                assert view.hand[screen.selected] == h.move.card  # Enter plays it
            # play the deal out with Enter (the cursor's card, or the first legal one)
            for _ in range(40):
                await wait_for(pilot, my_turn)
                view = screen.table.view()
                if view.stage is not Stage.PLAY:
                    break
                legal = [m.card for m in view.legal_actions if m.kind is MoveKind.PLAY]
                if view.hand[screen.selected] not in legal:
                    await pilot.press(str(view.hand.index(legal[0]) + 1))
                await pilot.press("enter")
            assert screen.table.view().stage is not Stage.PLAY
            assert "r reviews it" in screen_text(app) or screen.table.is_over
            if not screen.table.is_over:
                await pilot.press("r")
            else:
                await wait_for(pilot, lambda: not isinstance(app.screen, RaceScreen))
                await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceReviewScreen))
            await wait_for(pilot, lambda: 1 in screen.coach.reviews, limit=6000)
            await pilot.pause()
            text = screen_text(app)
            assert "Review of deal 1" in text
            assert "Trick 1" in text and any(m in text for m in ("✓", "~", "✗"))
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, RaceReviewScreen))
            if not screen.table.is_over:
                await pilot.press("t")
                await wait_for(pilot, lambda: isinstance(app.screen, RaceCoachStatsScreen))
                text = screen_text(app)
                assert "hints 1" in text and "deals 1" in text
                assert "1 reviewed deal" in text
    asyncio.run(body())


def test_the_review_pages_through_the_game_s_deals(tmp_path: Path) -> None:
    """``[`` and ``]`` (page up and down), as in Twenty-Nine's review: the game's other
    deals."""
    # two deals played without a screen and kept in the history, as the table keeps them
    played_on(tmp_path, HouseRules(players=3, target=45), 4, lambda t: (
        t.view().stage is Stage.DEAL_OVER and t.view().number == 2), kept=True)
    app = TwentyFiveApp(resume=True, data_dir=tmp_path, bot_delay=0.0)

    def ready() -> bool:
        s = app.screen
        return (isinstance(s, RaceScreen) and not s.thinking
                and s.table.bot_seat() is None)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, ready)
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            assert screen.table.view().stage is Stage.DEAL_OVER
            assert screen.coach.deal_numbers() == [1, 2]
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceReviewScreen))
            await pilot.pause()
            text = screen_text(app)
            assert "Review of deal 2" in text
            assert "[ ] the other deals (2 of 2)" in text
            await pilot.press("[")
            await pilot.pause()
            assert "Review of deal 1" in screen_text(app)
            await pilot.press("pagedown")
            await pilot.pause()
            assert "Review of deal 2" in screen_text(app)
            await pilot.press("escape")
    asyncio.run(body())
