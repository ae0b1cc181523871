"""Quitting saves the game; --resume continues it; a damaged save file is reported and set
aside, never overwritten silently and never a crash."""

from __future__ import annotations

import asyncio
from pathlib import Path

import pytest
from engine_support import python_words
from textual.widgets import RichLog
from tui_support import local_table, make_app, screen_text, settle

from twentynine.controller import saves
from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.records import dumps, game_record, loads, replay_game
from twentynine.tui.screens import NoticeScreen, QuitScreen


def test_the_save_directory_follows_the_environment(tmp_path: Path,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path / "here"))
    assert saves.save_path() == tmp_path / "here" / "save.json"
    assert saves.save_path(tmp_path) == tmp_path / "save.json"
    monkeypatch.delenv(saves.ENV_DIR)
    assert saves.save_path().name == "save.json"  # platformdirs' user data directory


def test_quit_saves_and_resume_continues(tmp_path: Path) -> None:
    """A new game over an unfinished saved one: the status line mentions the saved game
    once, whole at 100x30 and at 80x24 (the same table resized), until the first move,
    which replaces it.  q asks, n keeps playing, q y saves and quits; --resume continues
    the saved game, and ctrl+q then saves (the moves made since) without asking."""
    g = Game(8)
    g.apply(g.legal_actions()[0])
    (tmp_path / "save.json").write_text(dumps(game_record(g)))

    async def first() -> list[str]:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            # a line in the status bar, not a dialog, and not in the log
            assert not app.modal_open() and app.startup_messages == []
            status = str(app.query_one("#status").render())
            assert "--resume" in status and "replaces it" in status
            assert not any("resume" in str(line) for line in app.query_one("#log", RichLog).lines)
            # whole at 80 columns too: it once lost "...game is saved" and read "Quit and
            # use --resume to go back to it"
            for size in ((100, 30), (80, 24)):
                if app.size != size:
                    await pilot.resize_terminal(*size)
                    await settle(pilot, app)
                assert tuple(app.size) == size
                region = app.query_one("#status").region
                shown = " ".join(" ".join(
                    screen_text(app).splitlines()[region.y:region.bottom]).split())
                assert "unfinished game is saved: quit (q) and use --resume" in shown, shown
            # until the first move, the old game is still there to resume
            assert replay_game(loads((tmp_path / "save.json").read_text()))[0].seed == 8
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            assert "--resume" not in str(app.query_one("#status").render())
            await pilot.press("q")
            assert isinstance(app.screen, QuitScreen)
            await pilot.pause()
            # the command to come back is whole on one line (it broke after "twentynine")
            assert any("twentynine play --resume" in line
                       for line in screen_text(app).splitlines()), screen_text(app)
            await pilot.press("n")  # keep playing
            assert not isinstance(app.screen, QuitScreen) and app.is_running
            await pilot.press("q", "y")
            await pilot.pause()
            assert not app.is_running
            return [str(a) for a in local_table(app).game.actions]

    actions = asyncio.run(first())
    path = tmp_path / "save.json"
    record = loads(path.read_text())
    assert record["actions"] == actions
    assert record["seed"] == 2

    async def second() -> None:
        app = make_app(tmp_path, seed=99, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert [str(a) for a in local_table(app).game.actions] == actions
            assert local_table(app).game.seed == 2
            assert local_table(app).game.view(0).phase is Phase.TRUMP
            assert app.startup_messages == []
            await pilot.press("1", "enter")
            await settle(pilot, app)
            assert local_table(app).game.view(0).phase is Phase.PLAY
            # ctrl+q saves without asking
            played = [str(a) for a in local_table(app).game.actions]
            await pilot.press("ctrl+q")
            await pilot.pause()
            assert not app.is_running
        assert loads(path.read_text())["actions"] == played

    asyncio.run(second())


@pytest.mark.parametrize("content", [
    "{not json",
    '{"schema": 1, "kind": "game"}',
    '{"schema": 1, "kind": "game", "rules": {}, "seed": 1, "first_dealer": 3, '
    '"actions": ["play JS"]}',
    "\udcff",
])
def test_a_damaged_save_is_reported_and_set_aside(tmp_path: Path, content: str) -> None:
    """Each kind of damage: the table opens on a new game, says the save could not be
    read and where it was set aside, in a player's words; the damaged file is kept as it
    was.  What the table shows of it and what it saves next:
    test_a_damaged_save_is_shown_first_and_never_overwritten."""
    path = tmp_path / "save.json"
    path.write_bytes(content.encode("utf-8", "surrogateescape"))
    app = make_app(tmp_path, seed=4, resume=True)
    assert local_table(app).game.seed == 4 and local_table(app).game.actions == []
    said = " ".join(app.startup_messages)
    assert "could not be read" in said and "save.json.damaged-" in said
    # said in a player's words, not Python's ("'utf-8' codec can't decode ...")
    assert not python_words(said), said
    aside = list(tmp_path.glob("save.json.damaged-*"))
    assert len(aside) == 1
    assert aside[0].read_bytes() == content.encode("utf-8", "surrogateescape")


def test_a_damaged_save_is_shown_first_and_never_overwritten(tmp_path: Path) -> None:
    content = '{"schema": 1, "kind": "game"}'
    path = tmp_path / "save.json"
    path.write_text(content)

    async def run() -> None:
        app = make_app(tmp_path, seed=4, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert app.is_running
            assert any("could not be read" in m for m in app.startup_messages)
            assert isinstance(app.screen, NoticeScreen)
            notice = " ".join(str(w.render()) for w in app.screen.query(".notice-line"))
            assert "could not be read" in notice and "save.json.damaged-" in notice
            assert not python_words(notice), notice
            await pilot.press("enter")
            await settle(pilot, app)
            assert not isinstance(app.screen, NoticeScreen)
            assert local_table(app).game.seed == 4 and local_table(app).game.actions == []
            await pilot.press("q", "y")
            await pilot.pause()

    asyncio.run(run())
    aside = list(tmp_path.glob("save.json.damaged-*"))
    assert len(aside) == 1 and aside[0].read_text() == content
    # the new game's save did not overwrite the damaged file
    assert replay_game(loads(path.read_text()))[0].seed == 4


def test_a_new_game_sets_a_damaged_save_aside_before_it_can_overwrite_it(tmp_path: Path) -> None:
    (tmp_path / "save.json").write_text("garbage")
    app = make_app(tmp_path, seed=4)
    assert any("could not be read" in m for m in app.startup_messages)
    assert len(list(tmp_path.glob("save.json.damaged-*"))) == 1
    assert not (tmp_path / "save.json").exists()


def test_quitting_before_the_first_move_keeps_the_saved_game(tmp_path: Path) -> None:
    """"Your first move here replaces it": quitting (saved) before moving leaves the
    unfinished game on disk as it was."""
    g = Game(8)
    g.apply(g.legal_actions()[0])
    path = tmp_path / "save.json"
    path.write_text(dumps(game_record(g)))
    before = path.read_text()

    async def run() -> None:
        app = make_app(tmp_path, seed=4)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("q")
            await pilot.pause()
            # the dialog says which game stays saved (it said "Your game will be saved")
            text = " ".join(screen_text(app).split())
            assert "This game has no move yet: your earlier game stays saved" in text, text
            assert "Your game will be saved" not in text
            # and its button offers no save that would not happen
            assert "Quit the game?" in text and "Quit (y)" in text, text
            assert "Save and quit" not in text, text
            await pilot.press("y")
            await pilot.pause()
        assert app.return_code == 0

    asyncio.run(run())
    assert path.read_text() == before


def test_resume_without_a_save_starts_a_new_game(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=6, resume=True)
    assert local_table(app).game.seed == 6
    assert "no saved game" in app.status_notice and app.startup_messages == []


def test_a_finished_game_is_not_resumed(tmp_path: Path) -> None:
    g = Game(1)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    assert saves.load_game(tmp_path / "none.json").game is None
    path = tmp_path / "save.json"
    saves.save_game(g, path)  # a finished game removes the save instead
    assert not path.exists()
