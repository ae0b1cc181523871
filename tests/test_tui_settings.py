"""The settings screen: the table's preferences and every rule setting in plain words,
reachable at any time (rules changed mid-game wait for the next game), kept as the
default (the command line's flags change that default for one run)."""

from __future__ import annotations

import asyncio
from dataclasses import fields
from pathlib import Path

import pytest
from contrast_support import low_contrast
from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import local_table, make_app, save_last_trick, screen_text, settle, wait_for

from twentynine.cli import program as cli
from twentynine.controller import saves
from twentynine.engine.actions import PASS
from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.prefs import Preferences, load_prefs, prefs_path
from twentynine.tui.screens import GameOverScreen, NoticeScreen, RulesScreen, SummaryScreen
from twentynine.tui.settings import ROWS, Choice, SettingError
from twentynine.tui.settings_screen import SettingRow, SettingsScreen


def _row(key: str) -> int:
    return [r.key for r in ROWS].index(key)


async def _open_settings(pilot: Pilot[None], app: TwentyNineApp) -> SettingsScreen:
    await pilot.press("o")
    await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
    screen = app.screen
    assert isinstance(screen, SettingsScreen)
    return screen


async def _go_to(pilot: Pilot[None], screen: SettingsScreen, key: str) -> None:
    """The cursor to ``key``'s row with the arrows, from where it is or from the first
    or the last row (Home, End), whichever takes fewer presses (every press redraws
    every row)."""
    target = _row(key)
    starts: list[tuple[tuple[str, ...], int]] = [
        ((), screen.cursor), (("home",), 0), (("end",), len(ROWS) - 1)]
    keys, start = min(starts, key=lambda s: len(s[0]) + abs(target - s[1]))
    await pilot.press(*keys, *["down" if target > start else "up"] * abs(target - start))
    assert ROWS[screen.cursor].key == key


def test_every_rule_and_preference_has_a_row_in_plain_words() -> None:
    keys = [r.key for r in ROWS]
    assert set(keys) >= {f.name for f in fields(Rules)}
    assert set(keys) >= {f.name for f in fields(Preferences)} - {"seen_intro"}
    choice = Choice(Rules(), Preferences())
    for row in ROWS:
        assert "--" not in row.name and "_" not in row.name, row.name
        seen = set()
        for value in row.values(choice):
            try:
                c = row.setter(choice, value)
            except SettingError:
                c = row.setter(Choice(Rules(max_bid=16), choice.prefs), value)
            label, line = row.label(c), row.explain(c)
            # no flag or field names, no markup left over, one line that fits at 80x24
            assert "--" not in label + line and "_" not in label + line, (row.key, label)
            assert "{" not in line and len(line) <= 70, (row.key, line)
            assert len(row.name) + len(label) <= 52, (row.key, label)
            seen.add(line)
        assert len(seen) > 1 or row.key in ("min_bid", "max_bid", "game_to"), row.key


def _first_human_move(app: TwentyNineApp) -> str:
    legal = local_table(app).game.view(0).legal_actions
    return "p" if PASS in legal else "enter"


def test_before_the_first_move_cancel_scroll_and_rules_for_this_game(tmp_path: Path
                                                                    ) -> None:
    """One table at 80x24, before any move: the list scrolls with a visible hint and the
    mouse selects and changes a row; a setting that does not fit the others is skipped
    or explained; the screen cancelled after all that changes and saves nothing; then a
    rule changed at the start of a game applies to this game and is kept as the
    default."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            # not a first launch: straight to the table (and no preferences written, below)
            assert not isinstance(app.screen, RulesScreen)
            # the list scrolls with a visible hint
            screen = await _open_settings(pilot, app)
            text = screen_text(app)
            assert "more below" in text and "more above" not in text
            assert low_contrast(app) == []  # every colour of the screen is readable
            assert "Direction of play" not in text
            await pilot.press("end")
            await pilot.pause()
            text = screen_text(app)
            assert "Direction of play" in text and "more above" in text
            assert "more below" not in text
            assert "Computer players' strength" not in text
            await pilot.press("home")
            await pilot.pause()
            assert "Computer players' strength" in screen_text(app)
            # the mouse: a click selects a row, a second click changes it
            row = screen.query_one("#setting-bell", SettingRow)
            await pilot.click(row)
            assert ROWS[screen.cursor].key == "bell" and not screen.prefs.bell
            await pilot.click(row)
            assert screen.prefs.bell
            # a setting that does not fit the others is skipped or explained
            await _go_to(pilot, screen, "max_bid")
            await pilot.press("right")
            assert screen.rules.max_bid == 29  # 28 -> 29 fits with the last-trick point
            await pilot.press("right")
            assert screen.rules.max_bid == 16  # wraps round
            await pilot.press("left")
            await _go_to(pilot, screen, "last_trick_point")
            await pilot.press("right")  # 28 points cannot hold a bid of 29
            assert screen.rules.last_trick_point
            assert "maximum bid" in screen_text(app)
            await _go_to(pilot, screen, "preset")
            assert "your own" in screen_text(app)
            await pilot.press("right")
            assert screen.rules == Rules()
            await pilot.press("right", "right", "right")
            assert screen.rules == Rules.preset("pagat")
            # cancel changes nothing (the bell, the rules above, and these)
            await pilot.press("home", "right", "down", "right")
            await _go_to(pilot, screen, "pair")
            await pilot.press("right")
            assert screen.rules == Rules.preset("pagat").replace(pair=False)
            await pilot.press("escape")
            await settle(pilot, app)
            assert app.table.rules == Rules() and app.prefs.bots == "random"
            assert not app.prefs.bell
            assert not (tmp_path / "settings.json").exists()
            assert not prefs_path(tmp_path).exists()
            # at the start of a game: for this game
            assert app.check_action("settings", ())
            screen = await _open_settings(pilot, app)
            text = screen_text(app)
            assert "for this game" in text and "--" not in text
            await _go_to(pilot, screen, "min_bid")  # below the preferences at 80x24
            text = screen_text(app)
            assert "Lowest bid" in text and "--" not in text
            await _go_to(pilot, screen, "last_trick_point")
            await pilot.press("right")
            assert screen.rules == Rules(last_trick_point=False)
            assert "No extra point for the last trick: 28 in all." in screen_text(app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.table.rules == Rules(last_trick_point=False)
            assert (local_table(app).game.rules == app.table.rules
                    and local_table(app).game.seed == 2)
            # kept as the default for new games
            assert saves.load_default_rules(tmp_path / "settings.json") == (app.table.rules, None)
            assert "No point for last trick" in str(app.query_one("#info").render())

    asyncio.run(run())


def test_preferences_apply_at_once_mid_game_and_only_changes_are_saved(tmp_path: Path
                                                                       ) -> None:
    """A notice is shown first, before the table.  After a first move: the bell and the
    timer apply at once, and only what the player changed is saved (not this run's
    --bots/--speed); then the bots and their speed change for the bots' next moves."""

    async def run() -> None:
        # random bots, instant: the command line's choice
        app = make_app(tmp_path, seed=2, notices=["Something to know"])
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert isinstance(app.screen, NoticeScreen)
            await pilot.press("enter")
            await settle(pilot, app)
            assert local_table(app).game.turn == 0 and app.idle
            await pilot.press(_first_human_move(app))
            await settle(pilot, app)
            screen = await _open_settings(pilot, app)
            assert screen.prefs.bots == "random" and screen.prefs.speed == "instant"
            await _go_to(pilot, screen, "bell")
            await pilot.press("right")
            await _go_to(pilot, screen, "timer")
            await pilot.press("right", "right", "right", "right")
            assert "25 s" in screen_text(app)
            assert "25 seconds for each of your moves" in screen_text(app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.prefs.bell and app.prefs.timer == 25.0
            assert app.prefs.bots == "random" and app.timer == 25.0
            saved, problem = load_prefs(prefs_path(tmp_path))
            assert problem is None
            # what the player changed is kept; this run's --bots/--speed are not
            assert saved == Preferences(bell=True, timer=25.0)
            # the bots and their speed
            screen = await _open_settings(pilot, app)
            await _go_to(pilot, screen, "bots")
            await pilot.press("right")  # random -> easy
            await pilot.press("down", "left")  # instant -> fast
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.prefs.bots == "easy" and app.prefs.speed == "fast"
            assert {type(b).__name__ for b in local_table(app).bots.values()} == {"EasyBot"}

    asyncio.run(run())


def test_rules_changed_mid_game_and_at_its_end_wait_for_the_next_game(tmp_path: Path
                                                                       ) -> None:
    """Mid-game (a one-deal game at its last trick, saved by the engine) the screen opens
    too; a rule change is saved and starts with the next game, and the screen says so.
    From the game over screen, the settings go back to it: cancelled, back to the
    result; a change waits for "play again", which starts the game of the new rules (the
    n meant for the dialog never reaches a table dealt behind it)."""
    save_last_trick(tmp_path, 2, Rules(game_to=1))  # a one-deal game: one trick to play

    async def run() -> None:
        app = make_app(tmp_path, seed=2, rules=Rules(game_to=1), resume=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            assert (local_table(app).game.view(0).number == 1
                    and len(local_table(app).game.view(0).hand) == 1)
            assert local_table(app).game.actions
            assert app.check_action("settings", ())
            screen = await _open_settings(pilot, app)
            assert "from the next game" in screen_text(app)
            await _go_to(pilot, screen, "double")
            await pilot.press("right")
            assert "New rules start with the next game" in screen_text(app)
            actions = len(local_table(app).game.actions)
            await pilot.press("enter")
            await settle(pilot, app)
            # this game goes on as it began
            assert (app.table.rules == Rules(game_to=1)
                    and local_table(app).game.rules == app.table.rules)
            assert len(local_table(app).game.actions) >= actions
            assert app.next_rules == Rules(game_to=1, double=True)
            log = " ".join(s.text.strip() for s in app.query_one("#log", RichLog).lines)
            assert "the new rules start with the next game" in log
            assert saves.load_default_rules(tmp_path / "settings.json") == (
                Rules(double=True), None)  # game_to=1 came from outside the screen
            # play to the end of this one-deal game
            for _ in range(300):
                await settle(pilot, app)
                if isinstance(app.screen, GameOverScreen):
                    break
                if isinstance(app.screen, SummaryScreen):
                    await pilot.press("enter")
                    continue
                legal = local_table(app).game.view(0).legal_actions
                if PASS in legal:
                    await pilot.press("p")
                elif any(a.card is not None for a in legal):
                    await pilot.press("enter")
                else:
                    await pilot.press("s")
            assert isinstance(app.screen, GameOverScreen)
            screen = await _open_settings(pilot, app)
            assert "for the next game" in screen_text(app)  # it has not begun
            await pilot.press("escape")  # cancelled: back to the result
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
            screen = await _open_settings(pilot, app)
            await _go_to(pilot, screen, "game_to")
            await pilot.press("right")
            await pilot.press("enter")
            await settle(pilot, app)
            # back to the result, whose "play again" starts the game of the new rules
            assert isinstance(app.screen, GameOverScreen)
            assert local_table(app).game.is_over
            assert app.next_rules == Rules(game_to=2, double=True)
            await pilot.press("n")
            await settle(pilot, app)
            assert app.table.rules == Rules(game_to=2, double=True) == \
                local_table(app).game.rules
            assert app.next_rules is None
            assert local_table(app).game.seed == 3 and not local_table(app).game.is_over
            assert "No trumps" not in str(app.query_one("#status").render())
            assert local_table(app).game.actions == []  # the n made no move

    asyncio.run(run())


def test_the_command_line_changes_the_saved_default(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    saves.save_default_rules(Rules(double=True, min_bid=15), tmp_path / "settings.json")
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play"])
    assert seen[-1].table.rules == Rules(double=True, min_bid=15)
    cli.main(["play", "--double", "off"])
    assert seen[-1].table.rules == Rules(min_bid=15)
    cli.main(["play", "--variant", "28pt"])
    assert seen[-1].table.rules == Rules.preset("28pt")


def test_damaged_settings_are_reported_and_set_aside(tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    (tmp_path / "settings.json").write_text('{"min_bid": 99}')
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play"])
    assert seen[-1].table.rules == Rules()
    assert any("settings" in m for m in seen[-1].startup_messages)
    assert len(list(tmp_path.glob("settings.json.damaged-*"))) == 1


def test_at_a_shared_table_rule_changes_are_kept_for_your_own_games(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Joined to a table server, the host sets the rules: the screen says so, a rule change
    is saved as the default and the shared table goes on unchanged (no new game)."""
    from net_support import run, serving

    from twentynine.net.join import make_app as join_app
    from twentynine.net.remote import RemoteTable

    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))

    async def main() -> None:
        async with serving(tmp_path / "tables") as (server, [_table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, _table.code, "Pat",
                                            "east")
            app = join_app(remote, speed="instant")
            remote.start()
            async with app.run_test(size=(100, 30)) as pilot:
                await wait_for(pilot, lambda: remote.view().number == 1)
                await pilot.press("o")
                await wait_for(pilot, lambda: isinstance(app.screen, SettingsScreen))
                screen = app.screen
                assert isinstance(screen, SettingsScreen)
                text = screen_text(app)
                assert "for your own games" in text and "its host sets the rules" in text
                await _go_to(pilot, screen, "double")
                await pilot.press("right", "enter")
                await wait_for(pilot, lambda: not isinstance(app.screen, SettingsScreen))
                await pilot.pause()
                assert app.is_running and remote.rules == app.table.rules
                assert not app.table.rules.double
                log = " ".join(s.text.strip() for s in app.query_one("#log", RichLog).lines)
                assert "kept for your own games" in log
            await remote.close()

    run(main(), timeout=90)
    assert saves.load_default_rules(tmp_path / "settings.json") == (Rules(double=True), None)
