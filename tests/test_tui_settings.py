"""The settings screen: every rule setting, reachable at the start of a game and between
games, kept as the default for new games (the command line's flags change that default)."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from tui_support import make_app, screen_text, settle

from twentynine import cli
from twentynine.rules import SETTINGS, Rules
from twentynine.tui import save as saves
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import NoticeScreen, SettingsScreen


def _row(field: str) -> int:
    return [st.field for st in SETTINGS].index(field)


def test_settings_at_the_start_of_a_game(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert app.check_action("settings", ())
            await pilot.press("o")
            assert isinstance(app.screen, SettingsScreen)
            text = screen_text(app)
            assert "--min-bid" in text and "--double" in text
            await pilot.press(*["down"] * _row("last_trick_point"), "right")
            assert app.screen.rules == Rules(last_trick_point=False)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.rules == Rules(last_trick_point=False)
            assert app.game.rules == app.rules and app.game.seed == 2
            assert not (tmp_path / "settings.json").exists()
            assert "House rules" in str(app.query_one("#info").render())
            # once the game has begun, the settings wait for the next game
            await pilot.press("p")
            await settle(pilot, app)
            assert not app.check_action("settings", ())

    asyncio.run(run())


def test_settings_saved_as_the_default(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.press("o", *["down"] * _row("double"), "right", "s")
            await settle(pilot, app)
            assert app.rules == Rules(double=True)

    asyncio.run(run())
    assert saves.load_default_rules(tmp_path / "settings.json") == (Rules(double=True), None)


def test_a_setting_that_does_not_fit_the_others_is_skipped(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("o", *["down"] * _row("max_bid"), "right")
            screen = app.screen
            assert isinstance(screen, SettingsScreen)
            assert screen.rules.max_bid == 29  # 28 -> 29 fits with the last-trick point
            await pilot.press("right")
            assert screen.rules.max_bid == 16  # wraps round
            await pilot.press("escape")
            await settle(pilot, app)
            assert app.rules == Rules()

    asyncio.run(run())


def test_the_command_line_changes_the_saved_default(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    saves.save_default_rules(Rules(double=True, min_bid=15), tmp_path / "settings.json")
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play"])
    assert seen[-1].rules == Rules(double=True, min_bid=15)
    cli.main(["play", "--double", "off"])
    assert seen[-1].rules == Rules(min_bid=15)
    cli.main(["play", "--variant", "28pt"])
    assert seen[-1].rules == Rules.preset("28pt")


def test_damaged_settings_are_reported_and_set_aside(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    (tmp_path / "settings.json").write_text('{"min_bid": 99}')
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play"])
    assert seen[-1].rules == Rules()
    assert any("settings" in m for m in seen[-1].startup_messages)
    assert len(list(tmp_path.glob("settings.json.damaged-*"))) == 1


def test_the_notice_is_shown_first(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2, notices=["Something to know"])
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, NoticeScreen)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.game.turn == 0 and app.idle

    asyncio.run(run())
