"""The coach at the table: the hint key, the statistics key, every finished deal in the
history, the review from the deal summary."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.widgets import Static
from tui_support import make_app, settle, wait_for

from twentynine.coach.history import HISTORY_NAME, open_history
from twentynine.controller import TableController
from twentynine.tui.coach import HintPanel, ReviewScreen, StatsScreen
from twentynine.tui.screens import SummaryScreen


def test_hint_key_thinks_in_a_worker_and_counts_the_hint(tmp_path: Path) -> None:
    asyncio.run(_hint(tmp_path))


async def _hint(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=3)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert isinstance(table, TableController)
        assert table.turn == table.seat
        await pilot.press("i")
        await pilot.pause()
        panel = app.query_one(HintPanel)
        assert "thinking" in str(panel.render()) or panel.hint is not None
        await pilot.press("right")  # the table still takes keys while the search runs
        await wait_for(pilot, lambda: panel.hint is not None, limit=4000)
        assert panel.hint is not None
        assert panel.hint.action in table.legal_actions()
        assert table.hints_used == 1
        # playing it moves the position on: the hint goes away
        assert app._apply_human(panel.hint.action)
        await pilot.pause()
        assert not app.query(HintPanel)


def test_finished_deals_are_recorded_and_reviewed_from_the_summary(tmp_path: Path) -> None:
    asyncio.run(_recorded(tmp_path))


async def _recorded(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=4)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        table = app.table
        assert isinstance(table, TableController)
        while not isinstance(app.screen, SummaryScreen):
            if table.turn == table.seat and not table.deal_over:
                app._apply_human(table.legal_actions()[0])
            await settle(pilot, app)
        h = open_history(tmp_path / HISTORY_NAME).history
        assert h is not None
        (row,) = h.deals()
        assert row.record["actions"] == [str(a) for a in table.game.deal.actions]
        assert h.games()[0].seed == table.game.seed
        h.close()
        await pilot.press("r")
        await wait_for(pilot, lambda: isinstance(app.screen, ReviewScreen))
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert screen.row is not None and screen.row.id == row.id
        await pilot.press("escape")
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))


def test_statistics_key_opens_the_statistics(tmp_path: Path) -> None:
    asyncio.run(_stats(tmp_path))


async def _stats(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=5)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot, app)
        await pilot.press("t")
        await wait_for(pilot, lambda: isinstance(app.screen, StatsScreen))
        text = str(app.screen.query_one("#stats-text", Static).render())
        assert text
        await pilot.press("escape")
        await wait_for(pilot, lambda: not isinstance(app.screen, StatsScreen))
