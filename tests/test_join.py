"""``twentynine join``: the terminal table seated at a real table server on 127.0.0.1."""

from __future__ import annotations

import socket
import time
from collections.abc import Callable

import pytest
from textual.widgets import RichLog
from tui_support import wait_for

from twentynine.cli import program as cli

CODE = "ABCD-EFGH-IJKL-MNOP"


@pytest.mark.parametrize("argv", [
    ["join", "127.0.0.1:http", "--code", CODE], ["join", "127.0.0.1:70000", "--code", CODE],
    ["join", "127.0.0.1:2929"], ["join", "h:1", "--code", CODE, "--seat", "up"],
    ["join", "h:1", "--code", CODE, "--name", ""],
    ["serve", "--join", "127.0.0.1:2929"], ["serve", "--code", CODE],
    ["serve", "--join", "h:x", "--code", CODE],
])
def test_bad_join_values_exit_2_with_one_line(argv: list[str],
                                              capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    assert capsys.readouterr().err.count("\n") == 1


@pytest.mark.parametrize("code", ["X", "ABCD", "ABCD-EFGH-IJKL-MN01", "ABCD-EFGH-IJKL-MNOPQ",
                                  "ABCD_EFGH_IJKL_MNOP", ""])
@pytest.mark.parametrize("command", ["join", "serve"])
def test_a_mistyped_join_code_is_refused_before_any_connection(
        code: str, command: str, capsys: pytest.CaptureFixture[str]) -> None:
    """A code the host could not have printed exits 2 with one line naming the code, at
    once: nothing listens at h:1, so trying to connect first would say something else."""
    argv = ["join", "h:1"] if command == "join" else ["serve", "--join", "h:1"]
    with pytest.raises(SystemExit) as exc:
        cli.main([*argv, "--code", code])
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and f"{code!r} is not a join code" in err


def test_a_code_may_be_typed_in_any_case_with_spaces() -> None:
    opts = cli.build_parser().parse_args(["join", "h:1", "--code", "abcd efgh-ijkl mnop"])
    assert opts.code == "abcd efgh-ijkl mnop"  # the server normalises it, as before


def test_joining_nothing_says_so(capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    with socket.socket() as s:  # a free port with nothing listening on it
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]
    assert cli.main(["join", f"127.0.0.1:{port}", "--code", "ABCD-EFGH-IJKL-MNOP"]) == 1
    assert f"cannot reach a table server at 127.0.0.1:{port}" in capsys.readouterr().err


def test_the_terminal_table_joins_a_real_server_and_plays_a_card(tmp_path: object,
                                                                 monkeypatch: pytest.MonkeyPatch
                                                                 ) -> None:
    """Pilot drives the usual table, seated at east of a server on 127.0.0.1 whose other
    seats are bots: it passes, waits for its turn to play, and plays a card by key; the
    server's engine applied it (east's card is in the server's events)."""
    from pathlib import Path

    from net_support import run, serving

    from twentynine.engine.events import CardPlayed
    from twentynine.net.join import make_app
    from twentynine.net.remote import RemoteTable

    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))

    async def main() -> None:
        async with serving(Path(str(tmp_path)) / "tables") as (server, [table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Pat",
                                            "east")
            app = make_app(remote, speed="instant")
            remote.start()
            async with app.run_test(size=(120, 40)) as pilot:
                async def until(check: Callable[[], bool], what: str) -> None:
                    for _ in range(1200):  # a minute: a bound for a loaded machine
                        if check():
                            return
                        await pilot.pause(0.05)
                    raise AssertionError(f"never: {what}")

                await until(lambda: remote.view().number == 1, "a first state")

                def log() -> str:  # the log is written once it has its size on screen
                    return "".join(str(line.text) for line in app.query_one("#log", RichLog).lines)

                roster = "At the table: North: random bot · East: random bot · West: random bot"
                await until(lambda: roster in log(), f"the roster in the log: {log()!r}")
                # bid or pass until the auction is over for us
                def played() -> bool:
                    return any(isinstance(e, CardPlayed) and e.seat == 1 for e in table.events)

                for _ in range(40):
                    if played():
                        break
                    await until(lambda: bool(remote.legal_actions()) or played(),
                                "our turn")
                    if played():
                        break
                    # pass when we may; else Enter: the chosen bid, trump card or card
                    can_pass = any(str(a) == "pass" for a in remote.legal_actions())
                    await pilot.press("p" if can_pass else "enter")
                    await until(lambda: not remote.pending, "the server's answer")
                assert played()
                # the table shows it: our hand has one card fewer than at the deal's start
                await until(lambda: len(remote.view().hand) < 8, "the hand redrawn")
            await remote.close()

    run(main(), timeout=180)


@pytest.mark.early
def test_the_tables_next_game_by_another_player_or_by_n_at_game_over(
        tmp_path: object, monkeypatch: pytest.MonkeyPatch) -> None:
    """One-deal games (--game-to 1) at a server, a terminal table at south and a plain
    client at north.  North asks for the next game while south's game-over dialog is open:
    it closes by itself and south's table starts afresh (a new hand, the log anew).  At
    the next game's end south's n asks for the third, which the server deals to both."""
    import asyncio
    from pathlib import Path

    from net_support import Player, run, serving

    from twentynine.engine.events import DealStarted
    from twentynine.engine.rules import Rules
    from twentynine.net.client import Connection
    from twentynine.net.join import make_app
    from twentynine.net.remote import RemoteTable
    from twentynine.net.server import Settings
    from twentynine.tui.screens import GameOverScreen

    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))
    settings = Settings(rules=Rules(game_to=1), bots="random", bot_delay=0.0)

    async def main() -> None:
        async with serving(Path(str(tmp_path)) / "tables", settings, seed=8) as (
                server, [table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Jo",
                                            "south")
            north = Player(await Connection.join("127.0.0.1", server.port, table.code,
                                                 "Ny", "north"), seed=2)
            stop: list[bool] = []
            north_task = asyncio.create_task(north.play(lambda p: bool(stop), timeout=60))
            app = make_app(remote, speed="instant")
            # Enter every 20 ms is one long burst, which never plays on a turn that began
            # in it: a player's pause before each decision, taken out
            app.table_screen.turn.burst_gap = 0.0
            remote.start()
            async with app.run_test(size=(120, 40)) as pilot:
                async def play_to_game_over() -> None:
                    end = time.monotonic() + 120  # a bound for a loaded machine
                    while time.monotonic() < end:
                        if isinstance(app.screen, GameOverScreen) or not app.is_running:
                            break
                        if remote.legal_actions() and not app.modal_open():
                            can_pass = any(str(a) == "pass" for a in remote.legal_actions())
                            await pilot.press("p" if can_pass else "enter")
                        elif app.modal_open():
                            await pilot.press("enter")  # the deal's summary: next deal
                        await pilot.pause(0.02)
                    assert isinstance(app.screen, GameOverScreen), app.screen
                    assert table.game.is_over

                def log_text() -> str:
                    return "\n".join(line.text for line in app.query_one("#log", RichLog).lines)

                async def began(number: int) -> None:
                    await wait_for(pilot, lambda: table.number == number
                                   and remote.game_number == number and not remote.is_over
                                   and len(remote.view().hand) >= 4 and not app.modal_open())
                    assert remote.position[0] == number
                    # the table's events start again with the new game's deal
                    assert isinstance(remote.events[0], DealStarted)
                    assert len(remote.events) <= len(table.events) < 20
                    await wait_for(pilot, lambda: f"Game {number} at this table" in log_text())

                await play_to_game_over()
                north.acted_at = -1
                await north.conn.new_game(1)  # south's dialog is open meanwhile
                await began(2)
                await play_to_game_over()
                north.acted_at = -1
                await pilot.press("n")
                await began(3)
                await wait_for(pilot, lambda: north.last.game == 3)
                assert not north.last.game_over
            stop.append(True)
            north_task.cancel()
            await north.conn.close()
            await remote.close()

    run(main(), timeout=240)
