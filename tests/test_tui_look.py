"""Trump shown loudly, and the "needed" readout of the contract panel."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

from textual.pilot import Pilot
from textual.widgets import RichLog
from tui_support import engine_game, local_table, make_app, save_game_record, screen_text, settle

from twentynine.engine.actions import PASS, SHOW_TRUMP
from twentynine.engine.cards import SUIT_NAMES
from twentynine.engine.deal import Phase
from twentynine.engine.events import TrumpShown
from twentynine.engine.game import Game
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import SummaryScreen, TricksScreen
from twentynine.tui.wording import seat_name


def _log_text(app: TwentyNineApp) -> str:
    """The log's lines joined (a long line may be wrapped over several)."""
    log = app.screen_stack[0].query_one("#log", RichLog)
    return " ".join(" ".join(line.text.split()) for line in log.lines)


async def to_trump_shown(pilot: Pilot[Any], app: TwentyNineApp) -> TrumpShown:
    """Play from the keyboard, asking for trump as soon as you may, until trump is shown
    while the trick is still on the table."""
    for _ in range(300):
        await settle(pilot, app)
        if isinstance(app.screen, SummaryScreen):
            await pilot.press("enter")
            continue
        v = local_table(app).game.view(0)
        if v.trump_shown and v.phase is Phase.PLAY and v.shown_in_trick == len(v.tricks):
            shown = [e for e in app.table.events if isinstance(e, TrumpShown)]
            if shown and shown[-1].seat is not None and shown[-1].card is not None:
                return shown[-1]
        legal = v.legal_actions
        if SHOW_TRUMP in legal:
            await pilot.press("s")
        elif PASS in legal and v.phase is not Phase.AUCTION:
            await pilot.press("p")
        elif v.phase is Phase.AUCTION:
            await pilot.press("p" if PASS in legal else "enter")
        else:
            await pilot.press("enter")
    raise AssertionError("trump was never shown by asking")


def save_south_may_ask(data_dir: Path, seed: int = 2) -> None:
    """Save (for ``make_app(..., resume=True)``) a game where South, who passed in the
    auction, is to play and may ask for the trump: the engine plays up to it (at a
    table every bot move on the way is drawn)."""

    def choose(g: Game) -> Any:
        legal = g.legal_actions()
        if g.turn == 0 and g.view(0).phase is Phase.AUCTION and PASS in legal:
            return PASS
        return legal[0]

    save_game_record(data_dir, engine_game(
        seed, lambda g: g.turn == 0 and g.view(0).phase is Phase.PLAY
        and SHOW_TRUMP in g.legal_actions(), choose=choose))


def test_trump_shown_is_announced_until_the_trick_is_gathered(tmp_path: Path) -> None:
    """A banner names who asked, the suit and where the face-down card went; it stays
    while that trick is on the table and goes when it is gathered; the log and the
    last-trick view say it too."""

    save_south_may_ask(tmp_path)

    async def run() -> None:
        app = make_app(tmp_path, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            shown = await to_trump_shown(pilot, app)
            assert shown.seat == 0  # South asked, from the saved position
            assert shown.suit is not None and shown.card is not None
            asker = seat_name(app.table.rules, shown.seat if shown.seat is not None else 0)
            bidder = "your hand" if shown.bidder == 0 else seat_name(app.table.rules, shown.bidder)
            words = (f"{asker} asked: trump is", SUIT_NAMES[shown.suit],
                     f"the {shown.card.label} goes back to {bidder}")
            banner = app.screen.query_one("#banner")
            assert banner.display
            line = next(ln for ln in screen_text(app).splitlines() if "asked" in ln)
            assert all(w in line for w in words), line
            assert all(w in _log_text(app) for w in words)
            trick = len(local_table(app).game.view(0).tricks)
            # play on until that trick is gathered: the banner goes
            while len(local_table(app).game.view(0).tricks) == trick:
                assert banner.display
                await pilot.press("enter")
                await settle(pilot, app)
            assert not banner.display
            assert not any("◀" in ln for ln in screen_text(app).splitlines())
            # the last-trick view tells it too
            await pilot.press("l")
            await pilot.pause()
            assert isinstance(app.screen, TricksScreen)
            text = screen_text(app)
            assert all(w in text for w in words), text

    asyncio.run(run())


def test_the_contract_panel_says_what_each_side_still_needs(tmp_path: Path) -> None:
    """During play: the points the bidding team still needs to make its target and the
    points the defence needs to beat it, from the view's target and points."""

    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        checked = 0
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("2", "8", "enter")  # you bid 28
            await settle(pilot, app)
            await pilot.press("1", "enter")
            for _ in range(40):
                await settle(pilot, app)
                if app.modal_open():
                    break
                v = local_table(app).game.view(0)
                assert v.target is not None and v.bidder == 0
                side = str(app.screen.query_one("#info").render())
                make = v.target - v.points[0]
                beat = app.table.rules.total_points - v.target + 1 - v.points[1]
                if make > 0 and beat > 0:
                    assert f"Make   Us need {make} more" in side, side
                    assert f"Beat   Them need {beat} more" in side, side
                elif beat <= 0:
                    assert "Them beat it" in side, side
                checked += 1
                await pilot.press("enter")
        assert checked >= 5

    asyncio.run(run())
