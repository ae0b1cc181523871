"""A joined table offers only what its server allows: no take-back (the host's server
decides every move; the settings screen says the rules are the host's: test_tui_settings),
a quit dialog that says how to come back (the
seat is held; ``join`` again), and a game-over dialog that starts the table's next game
or closes.  Pilot drives the
usual table seated at a real server on 127.0.0.1; a local table is the control.  Each step
waits for what it expects (bounded for a loaded machine), never for a fixed time."""

from __future__ import annotations

from pathlib import Path

import pytest
from textual.widgets import Button
from tui_support import wait_for

from twentynine.tui.app import TwentyNineApp
from twentynine.tui.prefs import Preferences


def footer_keys(app: TwentyNineApp) -> set[str]:
    """The descriptions the footer shows now."""
    return {b.binding.description for b in app.active_bindings.values()
            if b.binding.show and b.enabled}


def status(app: TwentyNineApp) -> str:
    return str(app.query_one("#status").render())


def test_a_local_table_still_offers_take_back_and_settings(tmp_path: Path) -> None:
    import asyncio

    async def main() -> None:
        app = TwentyNineApp(seed=3, bots="random", speed="instant", data_dir=tmp_path,
                            prefs=Preferences(seen_intro=True))
        async with app.run_test(size=(160, 50)) as pilot:
            await wait_for(pilot, lambda: "quit" in footer_keys(app))
            assert {"take back", "settings"} <= footer_keys(app)
            assert not app.shared_table

    asyncio.run(main())


def test_a_joined_table_hides_and_explains_what_the_server_decides(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from net_support import run, serving

    from twentynine.net.join import make_app
    from twentynine.net.remote import RemoteTable
    from twentynine.tui.screens import QuitScreen

    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))

    async def main() -> None:
        async with serving(tmp_path / "tables") as (server, [table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Pat",
                                            "south")
            app = make_app(remote, speed="instant")
            remote.start()
            async with app.run_test(size=(160, 50)) as pilot:
                await wait_for(pilot, lambda: remote.view().number == 1
                               and "quit" in footer_keys(app))
                assert app.shared_table
                # the server keeps a hosted game's record: no deal goes in the history
                assert app.coach.recorder is None
                shown = footer_keys(app)
                assert "take back" not in shown, shown
                assert "quit" in shown
                await pilot.press("u")
                assert "Take back: not at a shared table" in status(app)
                await pilot.press("q")
                await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
                text = str(app.screen.query_one("#quit-text").render())
                assert "play --resume" not in text
                assert f"twentynine join 127.0.0.1:{server.port} --code {table.code}" in text
                assert "holds your seat for 5 minutes" in text
                assert "a bot moves for you when your turn has waited 25 seconds" in text
                buttons = [str(b.label) for b in app.screen.query(Button)]
                assert buttons[0] == "Leave (y)", buttons
                await pilot.press("n")
            await remote.close()

    run(main(), timeout=60)


def test_the_shared_game_over_dialog_offers_the_next_game_and_closes() -> None:
    """n asks for the table's next game (the same seats, the host's rules) and the dialog
    stays until it comes (or says why it cannot be asked for); Enter only closes (it is
    everyone's game); the rules' settings are not offered."""
    import asyncio

    from textual.app import App

    from twentynine.tui.screens import GameOverScreen

    results: list[str | None] = []

    from twentynine.tui.theme import THEME

    class Host(App[None]):
        def __init__(self) -> None:
            super().__init__()
            self.register_theme(THEME)
            self.theme = THEME.name
            self.stylesheet.set_variables(self.get_css_variables())

        def on_mount(self) -> None:
            self.show()

        def show(self) -> None:
            self.push_screen(GameOverScreen(0, (6, -2), "Us reached +6", shared=True,
                                            ask=ask), results.append)

    asked: list[bool] = []

    def ask() -> str | None:
        asked.append(True)
        return None if len(asked) == 1 else "Waiting for the server to answer your last move"

    async def main() -> None:
        app = Host()
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, GameOverScreen))
            screen = app.screen
            assert isinstance(screen, GameOverScreen)
            labels = [str(b.label) for b in screen.query(Button)]
            assert labels == ["New game (n)", "Close (q)"], labels
            assert "the same seats, new cards" in str(
                screen.query_one("#over-host").render())
            shown = {b.binding.description for b in app.active_bindings.values()
                     if b.binding.show}
            assert "new game" in shown, shown
            assert "play again" not in shown and "settings" not in shown, shown
            await pilot.press("o")  # the settings: not here
            await pilot.pause(0.05)
            assert results == []
            await pilot.press("n")  # asks for the table's next game; the dialog stays
            await wait_for(pilot, lambda: "Asking for the next game" in str(
                screen.query_one("#over-host").render()))
            assert asked == [True] and results == [] and app.screen is screen
            await pilot.press("n")  # asked again: why not, in the dialog
            await wait_for(pilot, lambda: "Waiting for the server to answer" in str(
                screen.query_one("#over-host").render()))
            assert results == []
            await pilot.press("enter")  # closes
            await wait_for(pilot, lambda: bool(results))
            assert results == ["quit"]

    asyncio.run(main())


def test_joining_mid_deal_shows_the_table_until_the_seat_is_ours(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A player who joins while a deal is on waits for the next one (a bot finishes it):
    the table opens at once and follows the deal without any card of the seat (it used to
    crash: no state yet), and from the next deal the seat and its cards are theirs."""
    from net_support import Player, run, serving

    from twentynine.net.client import Connection
    from twentynine.net.join import make_app
    from twentynine.net.remote import RemoteTable

    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))

    async def main() -> None:
        async with serving(tmp_path / "tables") as (server, [table]):
            south = Player(await Connection.join("127.0.0.1", server.port, table.code, "S",
                                                 "south"), seed=1)
            await south.play(lambda p: len(p.states) >= 1 and p.last.actions >= 3)
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Late",
                                            "east")
            assert remote.waiting
            app = make_app(remote, speed="instant")
            remote.start()
            async with app.run_test(size=(160, 50)) as pilot:
                await wait_for(pilot, lambda: "next deal" in status(app))
                assert app.is_running
                assert remote.view().hand == () and remote.legal_actions() == []
                assert "next deal" in status(app)
                playing = asyncio.ensure_future(south.play(
                    lambda p: p.deals_scored >= 1 and p.last.view.number == 2))
                await wait_for(pilot, lambda: not remote.waiting
                               and remote.view().number == 2)
                assert len(remote.view().hand) == 4  # our own cards now
                playing.cancel()
            await remote.close()
            await south.conn.close()

    import asyncio

    run(main(), timeout=90)


def test_the_tables_news_is_drawn_by_its_kind(tmp_path: Path) -> None:
    """The news a table tells (a local one here; a remote one's reaches the same place):
    a change of who plays where and a notice go to the log, a notice that something is
    wrong to the status line too, a refused move to the status line only."""
    import asyncio

    from textual.widgets import RichLog

    from twentynine.controller.table_like import Notice, Refusal

    def log(app: TwentyNineApp) -> str:
        lines = app.screen_stack[0].query_one("#log", RichLog).lines
        return " ".join(" ".join(line.text.split()) for line in lines)

    async def main() -> None:
        app = TwentyNineApp(seed=3, bots="random", speed="instant", data_dir=tmp_path,
                            prefs=Preferences(seen_intro=True))
        async with app.run_test(size=(160, 50)) as pilot:
            await wait_for(pilot, lambda: "quit" in footer_keys(app))
            app.table.set_bots("easy")  # the local table tells it as a roster change
            app.table_news(Notice("The host says the clock is 30 s"))
            await pilot.pause()
            assert "Easy bots play the other seats" in log(app)
            assert "The host says the clock is 30 s" in log(app)
            assert "The host says" not in status(app)
            app.table_news(Notice("Connection lost; reconnecting…", alarm=True))
            await pilot.pause()
            assert "Connection lost" in status(app) and "Connection lost" in log(app)
            app.table_news(Refusal("That card may not be played now"))
            await pilot.pause()
            assert "That card may not be played now" in status(app)
            assert "That card may not be played now" not in log(app)

    asyncio.run(main())
