"""The table's flow as a player meets it: a fresh bid selection at every turn to bid,
keys that say why they do nothing, take-back, automatic play of a forced card, the bell,
preferences under the command-line flags, and why a game was won."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_support import make_app, screen_text, settle, wait_for

from twentynine.actions import PASS, SHOW_TRUMP, Action
from twentynine.deal import Phase
from twentynine.events import BidMade, CardPlayed, GameOver
from twentynine.game import Game
from twentynine.records import dumps, game_record
from twentynine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.prefs import Preferences, prefs_path, save_prefs
from twentynine.tui.screens import GameOverScreen, SummaryScreen
from twentynine.tui.widgets import sort_hand


def status(app: TwentyNineApp) -> str:
    return str(app.query_one("#status").render())


async def step(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    """One sensible key for the position: pass, lay the first card, play the first legal
    card (or ask for trump), next deal."""
    await settle(pilot, app)
    if isinstance(app.screen, SummaryScreen):
        await pilot.press("enter")
        return
    legal = app.game.view(0).legal_actions
    phase = app.game.view(0).phase
    if phase is Phase.AUCTION:
        await pilot.press("p" if PASS in legal else "enter")
    elif phase is Phase.PLAY and not any(a.card for a in legal):
        await pilot.press("s")
    else:
        await pilot.press("p" if PASS in legal and phase is not Phase.TRUMP else "enter")


def test_every_turn_to_bid_starts_at_the_lowest_bid(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            assert "Enter: bid 16" in status(app)
            await pilot.press("2", "2")
            assert app._sel_bid == 22 and "Enter: bid 22" in status(app)
            await pilot.press("enter")
            await settle(pilot, app)
            assert app.game.actions[0] == Action.make_bid(22)
            turns = 0
            for _ in range(400):
                await settle(pilot, app)
                v = app.game.view(0)
                if (v.phase is Phase.AUCTION and v.turn == 0 and not app._modal_open()
                        and v.number > 1 and any(a.bid for a in v.legal_actions)):
                    lowest = min(a.bid for a in v.legal_actions if a.bid is not None)
                    assert app._sel_bid == lowest
                    assert f"Enter: bid {lowest}" in status(app)
                    selected = [str(c.render()) for c in app.query(".chip.-selected")]
                    assert selected == [str(lowest)]
                    turns += 1
                    if turns == 2:
                        return
                    await pilot.press("enter")  # bid the lowest, as the player expects
                    await settle(pilot, app)
                    bids = [e for e in app.events if isinstance(e, BidMade) and e.seat == 0]
                    assert bids[-1].bid == lowest
                    continue
                await step(pilot, app)
            raise AssertionError("South never had a second turn to bid")

    asyncio.run(run())


def test_keys_that_do_not_apply_say_why(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("s")
            assert status(app).startswith("Show trump: ")
            assert "cannot follow suit" in status(app) or "bid or pass" in status(app)
            await pilot.press("a")
            assert status(app).startswith("Pair: ")
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            await pilot.press("1", "enter")
            await settle(pilot, app)
            # South leads the first trick: asking for trump makes no sense yet
            v = app.game.view(0)
            assert v.phase is Phase.PLAY and v.turn == 0 and not v.trick
            before = list(app.game.actions)
            await pilot.press("s")
            assert status(app) == ("Show trump: you can ask for trump only when you cannot "
                                   "follow suit, not when leading")
            await pilot.press("a")
            assert status(app) == "Pair: the pair can be declared only after trump has been shown"
            await pilot.press("p")
            assert status(app) == "Pass: the cards are being played: play a card"
            assert app.game.actions == before  # and nothing was played
            # play until South holds 6 cards, then press 7 and 8
            while len(app.game.view(0).hand) > 6:
                await step(pilot, app)
            await settle(pilot, app)
            sel = app._sel_card
            await pilot.press("7")
            assert status(app) == "7: you have 6 cards"
            assert app._sel_card == sel
            await pilot.press("8")
            assert status(app) == "8: you have 6 cards"
            footer = screen_text(app).splitlines()[-1]
            assert "1-6 card" in footer and "1-8" not in footer

    asyncio.run(run())


def test_a_key_while_a_bot_thinks_says_whose_turn_it_is(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2, speed="slow")
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("p")
            await pilot.pause()
            assert app.game.turn == 1
            await pilot.press("enter")
            assert "it is not your turn (East is to move)" in status(app)
            assert len(app.game.actions) == 1

    asyncio.run(run())


def test_take_back_key_undoes_the_last_decision(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("u")
            assert "Take back: nothing of yours to take back" in status(app)
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            await pilot.press("1", "enter")
            await settle(pilot, app)
            await pilot.press("enter")
            await settle(pilot, app)
            after = list(app.game.actions)
            await pilot.press("u")
            await settle(pilot, app)
            assert app.table.take_backs_used == 1
            assert "Taken back" in status(app)
            v = app.game.view(0)
            assert v.phase is Phase.PLAY and v.turn == 0 and not v.trick
            await pilot.press("enter")  # the same card: the same bot answers
            await settle(pilot, app)
            assert list(app.game.actions) == after
            await pilot.press("u", "u")
            await settle(pilot, app)
            assert app.game.view(0).phase is Phase.TRUMP
            assert app.table.take_backs_used == 3

    asyncio.run(run())


def test_take_back_off_in_the_preferences_says_so(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2, prefs=Preferences(take_back=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("p")
            await settle(pilot, app)
            await pilot.press("u")
            assert status(app) == "Take back: take-back is off in the settings"

    asyncio.run(run())


def _forced_position(tmp_path: Path) -> tuple[int, int]:
    """Save a game where South must play its only legal card next."""
    g = Game(2)
    while True:
        v = g.view(0)
        if (v.phase is Phase.PLAY and g.turn == 0 and len(v.legal_actions) == 1
                and v.legal_actions[0].card is not None):
            break
        g.apply(g.legal_actions()[0])
    (tmp_path / "save.json").write_text(dumps(game_record(g)))
    return len(g.actions), v.hand[0].index


def test_a_forced_card_is_played_for_you_after_a_pause(tmp_path: Path) -> None:
    n, _card = _forced_position(tmp_path)

    async def run() -> None:
        app = make_app(tmp_path, seed=2, resume=True)
        app.auto_play_pause = 2.0
        async with app.run_test(size=(100, 30)) as pilot:
            await pilot.pause()
            assert len(app.game.actions) == n
            assert "can be played: playing it for you" in status(app)
            assert not app.idle  # something is under way
            await wait_for(pilot, lambda: len(app.game.actions) > n, limit=100000)
            assert any(isinstance(e, CardPlayed) and e.seat == 0 for e in app.events[-12:])

    asyncio.run(run())


def test_automatic_play_can_be_switched_off(tmp_path: Path) -> None:
    n, _card = _forced_position(tmp_path)

    async def run() -> None:
        app = make_app(tmp_path, seed=2, resume=True, prefs=Preferences(auto_play=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await asyncio.sleep(0.4)
            await pilot.pause()
            assert len(app.game.actions) == n and app.idle
            await pilot.press("enter")
            await settle(pilot, app)
            assert len(app.game.actions) > n

    asyncio.run(run())


def test_the_bell_rings_on_your_turn_only_when_asked(tmp_path: Path) -> None:
    rings: list[bool] = []

    async def run(bell: bool) -> None:
        app = make_app(tmp_path, seed=2, prefs=Preferences(bell=bell))
        app.bell = lambda: rings.append(bell)  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("p")
            await settle(pilot, app)

    asyncio.run(run(False))
    assert rings == []
    asyncio.run(run(True))
    assert rings and all(rings)


def test_saved_preferences_are_the_defaults_and_flags_override_them(tmp_path: Path) -> None:
    save_prefs(Preferences(bots="easy", speed="fast", timer=30.0), prefs_path(tmp_path))
    app = TwentyNineApp(Rules(), seed=1, data_dir=tmp_path)
    assert (app.bot_name, app.speed, app.timer) == ("easy", "fast", 30.0)
    assert app.table.bot_name == "easy"  # type: ignore[attr-defined]
    app = TwentyNineApp(Rules(), seed=1, data_dir=tmp_path, bots="random", speed="instant",
                        timer=5.0)
    assert (app.bot_name, app.speed, app.timer) == ("random", "instant", 5.0)
    # the flags did not change the saved preferences
    assert prefs_path(tmp_path).read_text().count('"easy"') == 1


def test_game_over_says_why(tmp_path: Path) -> None:
    from test_tui_features import _near_the_end

    g = _near_the_end(1)
    (tmp_path / "save.json").write_text(dumps(game_record(g)))

    async def run() -> None:
        app = make_app(tmp_path, seed=1, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            saw_last_summary = False
            for _ in range(400):
                await settle(pilot, app)
                if isinstance(app.screen, GameOverScreen):
                    break
                if isinstance(app.screen, SummaryScreen) and app.table.is_over:
                    # the footer and the button agree on what Enter does
                    text = screen_text(app)
                    assert "See the result (Enter)" in text
                    assert "see the result" in text.splitlines()[-1]
                    assert "next deal" not in text
                    saw_last_summary = True
                await step(pilot, app)
            assert saw_last_summary
            assert isinstance(app.screen, GameOverScreen)
            over = next(e for e in app.events if isinstance(e, GameOver))
            text = screen_text(app)
            loser = 1 - over.winner
            names = ("You and North", "East and West")
            if over.scores[loser] <= -6:
                assert f"{names[loser]} fell to {over.scores[loser]}." in text
            else:
                assert f"{names[over.winner]} reached +{over.scores[over.winner]}." in text

    asyncio.run(run())


def test_show_trump_refusal_uses_the_engines_words(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("2", "8", "enter")
            await settle(pilot, app)
            await pilot.press("1", "enter")
            for _ in range(8):
                await settle(pilot, app)
                v = app.game.view(0)
                legal = v.legal_actions
                if v.trick and SHOW_TRUMP not in legal and not v.trump_shown:
                    await pilot.press("s")
                    led = v.trick[0][1].suit
                    assert any(c.suit == led for c in v.hand)
                    assert status(app).startswith(
                        "Show trump: you can ask for trump only when you cannot follow suit")
                    return
                idx = next(i for i, c in enumerate(sort_hand(v.hand))
                           if Action.play(c) in legal) if any(a.card for a in legal) else None
                if idx is None:
                    await pilot.press("s")
                else:
                    await pilot.press(str(idx + 1), "enter")
            raise AssertionError("no trick where South could follow suit")

    asyncio.run(run())


def test_resume_with_rule_flags_says_the_saved_rules_are_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from twentynine import cli
    from twentynine.tui import save as saves

    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    save_prefs(Preferences(seen_intro=True), prefs_path(tmp_path))
    g = Game(8)
    g.apply(g.legal_actions()[0])
    (tmp_path / "save.json").write_text(dumps(game_record(g)))
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play", "--resume", "--variant", "pagat"])
    app = seen[-1]
    assert app.rules == Rules() and app.table.seed == 8
    assert app.status_notice == ("The saved game's rules are kept: the rule flags apply to "
                                 "new games only.")
    cli.main(["play", "--resume"])
    assert seen[-1].status_notice == ""
