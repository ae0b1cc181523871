"""Shared helpers for the table's Pilot tests."""

from __future__ import annotations

import asyncio
import io
import os
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Any, Protocol, TypeVar

from rich.console import Console
from textual.app import App
from textual.pilot import Pilot
from textual.widget import Widget

from twentynine.controller.local_table import TableController
from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.records import dumps, game_record
from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp

os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")

SNAPSHOTS = Path(__file__).parent / "snapshots"


def make_app(tmp_path: Path, seed: int = 2, rules: Rules | None = None,
             pauses: bool = False, **kw: Any) -> TwentyNineApp:
    """A table with random bots at instant speed, saving under ``tmp_path``.  Unless
    ``pauses``, the pauses meant for a player's eyes are off (a finished trick stays up
    for no time, Enter works at once after a dialog closes, the deal summary opens or
    another Enter) so that the tests that play whole deals run fast; the tests of those
    pauses ask for them."""
    kw.setdefault("bots", "random")
    kw.setdefault("speed", "instant")
    app = TwentyNineApp(rules or Rules(), seed=seed, data_dir=tmp_path, **kw)
    app.coach.background_reviews = False  # a review process per deal played: not here
    if not pauses:
        app.table_screen.pace.trick_delay = 0.0
        app.table_screen.turn.enter_guard = 0.0
        app.table_screen.turn.burst_gap = 0.0
        app.table_screen.pace.summary_guard = 0.0
    return app


def local_table(app: TwentyNineApp) -> TableController:
    """The app's table as the local table it is in these tests (the app types it as any
    table, local or remote), for what only a local table has: its game, its bots."""
    table = app.table
    assert isinstance(table, TableController), type(table)
    return table


def save_last_trick(data_dir: Path, seed: int, rules: Rules | None = None,
                    cards: int = 1) -> None:
    """Save (under ``data_dir``, for ``make_app(..., resume=True)``) a game in its first
    deal's last trick, South to play its last card (or, with ``cards``, South to play with
    that many cards left), the deal played by the engine: the tests of what follows a deal
    start there instead of playing the whole deal at the table (every bot move there is
    drawn, which is most of a Pilot test's time)."""
    save_game_record(data_dir, engine_game(
        seed, lambda g: g.view(0).phase is Phase.PLAY and g.turn == 0
        and len(g.view(0).hand) == cards, rules))


def screen_text(app: App[Any]) -> str:
    """The screen as plain text (what export_screenshot draws, without the SVG)."""
    width, height = app.size
    console = Console(width=width, height=height, file=io.StringIO(), force_terminal=True,
                      color_system="truecolor", record=True, legacy_windows=False,
                      safe_box=False)
    render = app.screen._compositor.render_update(
        full=True, screen_stack=app._background_screens, simplify=True)
    console.print(render)
    lines = console.export_text().splitlines()
    return "\n".join(line.rstrip() for line in lines) + "\n"


WAIT_CAP = 600.0
"""The longest a test waits for anything, in seconds: far beyond what a loaded machine
needs, it only turns a table that never gets there into a failure instead of a suite
that hangs."""


async def wait_for(pilot: Pilot[Any], cond: Callable[[], bool], limit: int = 2000) -> None:
    """Let the app run until ``cond()`` holds: at most ``limit`` pauses (each at least
    20 ms, longer while the app is busy) and at most ``WAIT_CAP`` seconds."""
    end = time.monotonic() + WAIT_CAP
    for _ in range(limit):
        if cond():
            return
        if time.monotonic() > end:
            break
        await pilot.pause()
    raise AssertionError("the table did not reach the expected state")


async def settle(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    """Wait until the human must act, a dialog is open or the game is over; then ask
    every widget for what it draws (:func:`draw_screen`; the tests' tables draw no frame:
    see conftest's docstring), so that a widget that cannot draw what it shows fails the
    test here."""
    await pilot.pause()
    await wait_for(pilot, lambda: app.idle)
    await pilot.pause()
    draw_screen(app)


def draw_screen(app: App[Any]) -> None:
    """Ask every widget on the screen for what it draws now (its ``render()``: where the
    table's own widgets, the hand, the trick and the footer, build their text at drawing
    time), so that a widget that cannot draw its state fails the test here.  Textual's own
    work on that text (lines, styles, compositing) is left out: it is a fifth of a table
    test's CPU, and is done in full wherever a test reads the screen
    (:func:`screen_text`, the snapshots, the colour checks) and at every frame in CI's
    compiled run."""
    for widget in app.screen.walk_children(with_self=False):
        if isinstance(widget, Widget) and widget.display and widget.size.area:
            widget.render()


Body = Callable[[Pilot[Any], TwentyNineApp], Awaitable[Any]]


def run_table(tmp_path: Path, body: Body, size: tuple[int, int] = (100, 30),
              **kw: Any) -> Any:
    """Open a table (``make_app(tmp_path, **kw)``) in a Pilot run of ``size``, wait
    until it settles, then ``await body(pilot, app)``; returns what the body returns."""

    async def run() -> Any:
        app = make_app(tmp_path, **kw)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            return await body(pilot, app)

    return asyncio.run(run())


def engine_game(seed: int, stop: Callable[[Game], bool], rules: Rules | None = None,
                choose: Callable[[Game], Any] | None = None) -> Game:
    """A game played by the engine alone (each seat's first legal action, or
    ``choose(game)``'s) from the seed's first deal until ``stop(game)`` holds: a moment of
    a deal reached without a table (every bot move at a table is drawn)."""
    return play_until(Game(seed, rules), stop, choose)


class _Playable(Protocol):
    """A game the engine plays alone: Twenty-Nine's Game, Twenty-Five's Race."""

    @property
    def is_over(self) -> bool: ...
    def legal_actions(self) -> Any: ...
    def apply(self, action: Any) -> Any: ...


P = TypeVar("P", bound=_Playable)


def play_until(game: P, stop: Callable[[P], bool],
               choose: Callable[[P], Any] | None = None) -> P:
    """``game`` played on by the engine (each seat's first legal action, or
    ``choose(game)``'s) until ``stop(game)`` holds."""
    while not stop(game):
        if game.is_over:
            raise AssertionError("the game ended before the position was reached")
        game.apply(choose(game) if choose is not None else game.legal_actions()[0])
    return game


def save_game_record(data_dir: Path, game: Game) -> None:
    """Save ``game`` under ``data_dir`` for ``make_app(..., resume=True)``."""
    (data_dir / "save.json").write_text(dumps(game_record(game)))


async def wait_calmly(pilot: Pilot[Any], cond: Callable[[], bool],
                      interval: float = 0.05) -> None:
    """Let the app run until ``cond()`` holds, looking every ``interval`` seconds (not
    at every pause: a table waiting on its own clock, a pause meant for the eyes or a
    move timer, is then not polled hundreds of times a second); at most ``WAIT_CAP``
    seconds, a guard against a hang only."""
    end = time.monotonic() + WAIT_CAP
    while not cond():
        if time.monotonic() > end:
            raise AssertionError("the table did not reach the expected state")
        await asyncio.sleep(interval)
    await pilot.pause()


def table_game(seed: int, human: Callable[[TableController], Any],
               stop: Callable[[Game], bool], rules: Rules | None = None) -> Game:
    """The game of a local table with random bots (the tables' bots of :func:`make_app`,
    each move the one the table's bot makes at that position), South playing
    ``human(table)``'s actions, until ``stop(game)`` holds: a moment a table reaches from
    the keyboard, reached without drawing a bot move."""
    t = TableController(rules, seed=seed, bots="random")
    while not stop(t.game):
        if t.is_over:
            raise AssertionError("the game ended before the position was reached")
        turn = t.bot_turn()
        if turn is None:
            t.apply(human(t))
        else:
            t.apply_bot(turn, t.think(turn).action)
    return t.game
