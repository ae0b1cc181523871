"""The table's flow as a player meets it: a fresh bid selection at every turn to bid,
keys that say why they do nothing, take-back, automatic play of a forced card, the bell,
preferences under the command-line flags, and why a game was won."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from layout_support import footer_keys
from rich.text import Text
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import RichLog
from textual.widgets._footer import FooterKey
from tui_support import (
    engine_game,
    local_table,
    make_app,
    save_game_record,
    save_last_trick,
    screen_text,
    settle,
    wait_calmly,
    wait_for,
)

from twentynine.engine.actions import PASS, SHOW_TRUMP, Action
from twentynine.engine.deal import Phase
from twentynine.engine.events import BidMade, CardPlayed, DealScored, GameOver
from twentynine.engine.game import Game
from twentynine.engine.records import dumps, game_record
from twentynine.engine.rules import Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.footer import TableFooter
from twentynine.tui.pacing import SUMMARY_GUARD
from twentynine.tui.prefs import Preferences, prefs_path, save_prefs
from twentynine.tui.screens import GameOverScreen, SummaryScreen
from twentynine.tui.turn import ENTER_GUARD
from twentynine.tui.widgets import HandView

Table = Callable[..., Any]
"""The ``table`` fixture (conftest.py): ``table(body, seed=2, ...)``."""



def status(app: TwentyNineApp) -> str:
    return str(app.query_one("#status").render())


async def step(pilot: Pilot[Any], app: TwentyNineApp, settled: bool = False) -> None:
    """One sensible key for the position: pass, lay the first card, play the first legal
    card (or ask for trump), next deal.  ``settled``: the caller has just settled the
    table (nothing pressed since), so it is not settled again (two more pauses)."""
    if not settled:
        await settle(pilot, app)
    if isinstance(app.screen, SummaryScreen):
        await pilot.press("enter")
        return
    legal = local_table(app).game.view(0).legal_actions
    phase = local_table(app).game.view(0).phase
    if phase is Phase.AUCTION:
        await pilot.press("p" if PASS in legal else "enter")
    elif phase is Phase.PLAY and not any(a.card for a in legal):
        await pilot.press("s")
    else:
        await pilot.press("p" if PASS in legal and phase is not Phase.TRUMP else "enter")


class _LowestBidder:
    """A bot that bids the lowest it may (else its first legal action): with three of
    them South's turns to bid follow each other within one auction."""

    name = "lowest"

    def choose(self, view: object, legal: list[Action]) -> Action:
        return min((a for a in legal if a.bid is not None), key=lambda a: a.bid or 0,
                   default=legal[0])


def test_every_turn_to_bid_starts_at_the_lowest_bid(table: Table, tmp_path: Path) -> None:
    """Every later turn starts at the lowest legal bid, whatever was typed before (a
    game the engine saved in the second deal's auction, South to bid again, the bots
    raising by one so that South's next turn comes in the same auction; South bids above
    the lowest in between).  (The first turn starts at 16:
    test_half_a_typed_bid_is_never_made.)  At the last, a digit
    no bid begins with is refused at once, and Enter bids the lowest."""

    # South's second turn in an auction (the engine bids the lowest for every seat)
    save_game_record(tmp_path, engine_game(
        4, lambda g: g.view(0).number == 2 and g.turn == 0 and g.view(0).phase is
        Phase.AUCTION and any(seat == 0 and bid for seat, bid in g.view(0).bids),
        choose=lambda g: _LowestBidder().choose(None, g.legal_actions())))

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        bots = local_table(app).bots
        for seat in bots:
            bots[seat] = _LowestBidder()  # type: ignore[assignment]
        turns = 0
        for _ in range(400):
            await settle(pilot, app)
            v = local_table(app).game.view(0)
            if (v.phase is Phase.AUCTION and v.turn == 0 and not app.modal_open()
                    and v.number > 1 and any(a.bid for a in v.legal_actions)):
                lowest = min(a.bid for a in v.legal_actions if a.bid is not None)
                assert app.table_screen.turn.sel_bid == lowest
                assert f"Enter: bid {lowest}" in status(app)
                selected = [str(c.render()) for c in app.query(".chip.-selected")]
                assert selected == [str(lowest)]
                turns += 1
                if turns == 2:
                    # a digit no bid begins with is refused at once; Enter bids what the
                    # status line named
                    await pilot.press("7")
                    assert "no bid begins with 7" in status(app)
                    await pilot.press("enter")
                    await settle(pilot, app)
                    mine = [e for e in app.table.events if isinstance(e, BidMade) and e.seat == 0]
                    assert mine[-1].bid == lowest
                    return
                await pilot.press("up")  # above the lowest: the next turn forgets it
                chosen = app.table_screen.turn.sel_bid
                await pilot.press("enter")
                await settle(pilot, app)
                bids = [e for e in app.table.events if isinstance(e, BidMade) and e.seat == 0]
                assert bids[-1].bid == chosen
                continue
            await step(pilot, app, settled=True)
        raise AssertionError("South never had a third turn to bid")

    table(body, seed=4, resume=True)  # South's second and third turns in the second deal


def _bid_28_and_lead(g: Game) -> Action:
    """South bids 28 and lays its first card as trump, the others pass."""
    legal = g.legal_actions()
    if g.turn == 0 and Action.make_bid(28) in legal:
        return Action.make_bid(28)
    return PASS if PASS in legal else legal[0]


def test_keys_that_do_not_apply_at_the_first_lead_and_take_back(table: Table,
                                                                 tmp_path: Path) -> None:
    """At South's first lead after its bid of 28 and its trump (a game the engine
    saved), the keys that do not apply say why and do nothing.  Then take-back: the lead
    is taken back, played again (the same bot answers), then the lead and the trump are
    taken back.  (The keys that do not apply in the auction, ``u`` with nothing to take
    back among them: test_half_a_typed_bid_is_never_made.)"""
    save_game_record(tmp_path, engine_game(
        2, lambda g: g.view(0).phase is Phase.PLAY and g.turn == 0, choose=_bid_28_and_lead))

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        v = local_table(app).game.view(0)
        assert v.phase is Phase.PLAY and v.turn == 0 and not v.trick and not v.tricks
        # South leads the first trick: asking for trump makes no sense yet
        before = list(local_table(app).game.actions)
        await pilot.press("s")
        assert status(app) == ("Ask for trump: you can ask for trump only when you cannot "
                               "follow suit, not when leading")
        # one verb for s everywhere: the button, the status line, the rules card, the log
        # ("East asked: ..."); the footer said "show trump", the bidder's act, not yours
        # (the button shows only while asking is legal: not here, leading)
        text = screen_text(app)
        assert "Ask for trump (s)" not in text and "Show trump" not in text
        assert {b.description for b in app.table_screen.BINDINGS
                if isinstance(b, Binding) and b.key == "s" and b.show} == {"ask for trump"}
        await pilot.press("a")
        assert status(app) == "Pair: the pair can be declared only after trump has been shown"
        await pilot.press("p")
        assert status(app) == "Pass: the cards are being played: play a card"
        assert local_table(app).game.actions == before  # and nothing was played
        # take-back
        await pilot.press("enter")
        await settle(pilot, app)
        after = list(local_table(app).game.actions)
        await pilot.press("u")
        await settle(pilot, app)
        assert app.table.take_backs_used == 1
        assert "Taken back" in status(app)
        v = local_table(app).game.view(0)
        assert v.phase is Phase.PLAY and v.turn == 0 and not v.trick
        await pilot.press("enter")  # the same card: the same bot answers
        await settle(pilot, app)
        assert list(local_table(app).game.actions) == after
        await pilot.press("u", "u")
        await settle(pilot, app)
        assert local_table(app).game.view(0).phase is Phase.TRUMP
        assert app.table.take_backs_used == 3

    table(body, seed=2, resume=True)


def test_take_back_off_and_the_bell_follow_the_preferences(table: Table) -> None:
    """Take-back off: the footer does not offer ``u`` (at any width), and ``u`` still says
    why; switched on in the settings, the footer offers it at once, and off again, not.
    The bell off: no ring at South's turns; switched on, the next turn rings.  With slow
    bots, a key while a bot thinks says whose turn it is and does nothing."""
    rings: list[bool] = []

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        app.bell = lambda: rings.append(app.prefs.bell)  # type: ignore[method-assign]
        await pilot.press("p")
        await settle(pilot, app)
        assert "u take back" not in footer_keys(app)
        await pilot.press("u")
        assert status(app) == "Take back: take-back is off in the settings"
        # switched on or off in the settings: the footer follows at once
        for allowed in (True, False):
            app.apply_prefs(app.prefs.replace(take_back=allowed))
            app.table_screen.refresh_ui()
            await pilot.pause()
            await pilot.pause()
            assert ("u take back" in footer_keys(app)) == allowed
        assert rings == []  # two turns of South's, the bell off
        app.apply_prefs(app.prefs.replace(bell=True))
        await step(pilot, app, settled=True)
        await settle(pilot, app)
        assert local_table(app).game.turn == 0 and not app.modal_open()
        assert rings and all(rings)
        # slow bots: a key while a bot thinks says whose turn it is, and does nothing (from
        # a turn of South's that does not end a trick: a bot is to move after it)
        for _ in range(20):
            if len(local_table(app).game.view(0).trick) < 3:
                break
            await step(pilot, app, settled=True)
            await settle(pilot, app)
        app.apply_prefs(app.prefs.replace(speed="slow"))
        await step(pilot, app, settled=True)
        await pilot.pause()
        n = len(local_table(app).game.actions)
        turn = local_table(app).game.turn
        assert turn != 0
        await pilot.press("enter")
        name = ("North" if turn == 2 else "East" if turn == 1 else "West")
        assert f"it is not your turn ({name} is to move)" in status(app), status(app)
        assert len(local_table(app).game.actions) == n

    table(body, size=(160, 30), seed=2, prefs=Preferences(take_back=False, bell=False))


def test_half_a_typed_bid_is_never_made(table: Table) -> None:
    """One digit and Enter: no bid (the selected one is not made behind the player's
    back); the status line says a second digit is wanted.  (A digit no bid begins with
    is refused at once, at a later turn: test_every_turn_to_bid_starts_at_the_lowest_bid.)
    First, the keys that do not apply in the auction say why (those at the first lead:
    test_keys_that_do_not_apply_at_the_first_lead_and_take_back)."""

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        # the first turn starts at the lowest bid
        assert app.table_screen.turn.sel_bid == 16 and "Enter: bid 16" in status(app)
        # the keys that do not apply in the auction say why
        await pilot.press("u")
        assert "Take back: nothing of yours to take back" in status(app)
        await pilot.press("s")
        assert status(app).startswith("Ask for trump: ")
        assert "cannot follow suit" in status(app) or "bid or pass" in status(app)
        await pilot.press("a")
        assert status(app).startswith("Pair: ")
        # r, the pair's other key here, is the review's on the summary: a refusal says so
        await pilot.press("r")
        assert status(app) == ("Pair: the auction is still going on: bid or pass; r "
                               "reviews a deal only from its summary"), status(app)
        assert local_table(app).game.actions == [] and app.table_screen.turn.sel_bid == 16
        await pilot.press("2")
        # every line about the bid keeps the other legal key (p was dropped)
        assert status(app) == "Bid 2_: type the second digit · p: pass", status(app)
        await pilot.press("enter")
        await pilot.pause()
        assert local_table(app).game.actions == []
        assert status(app).startswith("Bid 2_: type the second digit")
        await pilot.press("7")
        assert status(app) == "Enter: bid 27 · p: pass", status(app)
        await pilot.press("up", "down")  # the arrows say the same
        assert status(app) == "Enter: bid 27 · p: pass", status(app)
        await pilot.press("enter")
        await settle(pilot, app)
        assert local_table(app).game.actions[0] == Action.make_bid(27)

    table(body, seed=1)  # a later turn: test_every_turn_to_bid_starts_at_the_lowest_bid


def test_the_status_line_says_what_enter_does_on_the_summary(table: Table,
                                                             tmp_path: Path) -> None:
    """Enter pressed while the last trick is gathered did nothing and said "Enter: the
    deal is over", and that stayed in the status line below the deal summary, where Enter
    goes to the next deal.  While the trick shows, Enter is told to wait; once the summary
    is open, the status line says the deal's result and what Enter does, as the footer.
    Then, through the summary: an Enter just as the deal summary opens does not close it.
    The Enter that closes the summary and a second one right after: the second makes no
    bid (the status line says what Enter will do once the table has been seen); after
    the guard's moment Enter bids."""
    save_last_trick(tmp_path, 2)

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        assert (local_table(app).game.view(0).number == 1
                and len(local_table(app).game.view(0).hand) == 1)
        assert ENTER_GUARD >= 0.3 and SUMMARY_GUARD >= 0.3
        # the last trick stays up until the test gathers it
        app.table_screen.pace.trick_delay = 3600.0
        app.table_screen.turn.enter_guard = 0.0
        app.table_screen.pace.summary_guard = 3600.0  # "just opened", however slow the machine
        for _ in range(2000):  # the deal's last cards (the test gathers the tricks)
            if app.table.deal_over and app.table_screen.flow.gathering:
                break
            if app.table_screen.flow.gathering:
                app.table_screen.flow.gather()
            elif app.table_screen.human_legal() and app.table_screen.turn.auto_token is None:
                await pilot.press("enter")
            await pilot.pause()
        assert app.table.deal_over and app.table_screen.flow.gathering
        await pilot.press("enter")  # too soon: the trick is still on the table
        await pilot.pause()
        assert isinstance(app.screen, SummaryScreen) is False
        assert "wait, the trick is being gathered" in status(app), status(app)
        app.table_screen.flow.gather()  # the trick's time is up
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen))
        await pilot.pause()
        said = status(app)
        assert "Enter: next deal" in said and "deal is over" not in said, said
        result = app.table.events[-1]
        assert isinstance(result, DealScored)
        assert said.startswith(("Us ", "Them ")), said  # the result first, as the log
        assert "⏎ next deal" in footer_keys(app)
        # Enter too soon does nothing on the summary
        summary = app.screen
        assert isinstance(summary, SummaryScreen) and summary.guard == 3600.0
        await pilot.press("enter")
        await pilot.pause()
        assert app.screen is summary and isinstance(summary, SummaryScreen)
        assert "⏎ next deal" in footer_keys(app)  # it still says what Enter does
        summary.guard = app.table_screen.pace.summary_guard = 0.0  # the moment has passed
        app.table_screen.turn.burst_gap = 0.0  # the presses below are not one burst

        def my_bids() -> list[int | None]:
            return [e.bid for e in app.table.events if isinstance(e, BidMade) and e.seat == 0]

        app.table_screen.turn.enter_guard = 3600.0  # "right after", however slow the machine
        before = my_bids()
        await pilot.press("enter", "enter")
        await wait_for(pilot, lambda: not isinstance(app.screen, SummaryScreen))
        await settle(pilot, app)
        v = local_table(app).game.view(0)
        assert v.phase is Phase.AUCTION and any(a.bid for a in v.legal_actions)
        # the turn began during the wait, so the wait runs from the turn's start
        assert app.table_screen.turn.enter_guard_from > app.table_screen.turn.dialog_closed_at
        for _ in range(3):
            await pilot.press("enter")  # more presses, still too soon
            await pilot.pause()
            assert status(app) == ("Enter: the table is back; look first, then Enter "
                                   f"will bid {app.table_screen.turn.sel_bid}")
        assert my_bids() == before
        app.table_screen.turn.enter_guard = 0.0  # the moment has passed
        sel = app.table_screen.turn.sel_bid
        await pilot.press("enter")
        await settle(pilot, app)
        assert my_bids() == [*before, sel]

    table(body, seed=2, resume=True, pauses=True)


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
    """South's only legal card is played for it once a pause is over.  Forced cards went
    by too fast to notice among the bots' cards: once played for you, the trick marks
    your card ("◀ auto") and the status line names it, through the bots' cards after it,
    until the trick is gathered."""
    n, _card = _forced_position(tmp_path)

    async def run() -> None:
        """What the table says and does is taken when the turn begins and when the pause
        ends (not after a sleep), so a slow machine cannot make it pass or fail."""
        app = make_app(tmp_path, seed=2, resume=True)
        screen = app.table_screen
        screen.pace.auto_play_pause = 0.6
        screen.pace.trick_delay = 3600.0  # the trick stays up until the test gathers it
        began: list[tuple[float, str]] = []
        ended: list[tuple[float, int, bool, str]] = []
        start, auto = screen.flow.start_human_turn, screen.flow.auto_play

        def turn_begins() -> None:
            start()
            began.append((time.monotonic(), screen.message.plain))

        def pause_ends(token: tuple[int, int]) -> None:
            ended.append((time.monotonic(), len(local_table(app).game.actions), app.idle,
                          screen.message.plain))
            auto(token)

        screen.flow.start_human_turn = turn_begins  # type: ignore[method-assign]
        screen.flow.auto_play = pause_ends  # type: ignore[method-assign]
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_calmly(pilot, lambda: len(local_table(app).game.actions) > n, 0.02)
            assert any(isinstance(e, CardPlayed) and e.seat == 0 for e in app.table.events[-12:])
            assert "can be played: playing it for you" in began[0][1]
            when, played, idle, said = ended[0]
            pause = screen.pace.auto_play_pause
            assert when - began[0][0] >= pause - 0.02  # it waited the pause
            assert played == n and not idle  # nothing played before; something under way
            assert "can be played: playing it for you" in said
            # marked while its trick is up
            card = local_table(app).game.actions[n].card
            assert card is not None
            seen = 0
            for _ in range(2000):  # the bots' cards after yours, then the gathering
                st = screen.state()
                v = st.view
                if (0, card) in (v.tricks[-1].cards if st.gathering else v.trick):
                    assert st.auto_card == card
                    assert "◀ auto" in screen_text(app)
                    said = status(app)
                    assert said.startswith(f"Played for you: the {card.label}"), said
                    seen += 1
                if st.gathering:
                    break
                await pilot.pause()
            assert seen and screen.flow.gathering
            screen.flow.gather()
            await settle(pilot, app)
            assert "◀ auto" not in screen_text(app)

    asyncio.run(run())


def test_automatic_play_can_be_switched_off(tmp_path: Path) -> None:
    n, _card = _forced_position(tmp_path)

    async def run() -> None:
        app = make_app(tmp_path, seed=2, resume=True, prefs=Preferences(auto_play=False))
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await asyncio.sleep(0.4)
            await pilot.pause()
            assert len(local_table(app).game.actions) == n and app.idle
            await pilot.press("enter")
            await settle(pilot, app)
            assert len(local_table(app).game.actions) > n

    asyncio.run(run())


def test_saved_preferences_are_the_defaults_and_flags_override_them(tmp_path: Path) -> None:
    save_prefs(Preferences(bots="easy", speed="fast", timer=30.0), prefs_path(tmp_path))
    app = TwentyNineApp(Rules(), seed=1, data_dir=tmp_path)
    assert (app.bot_name, app.speed, app.timer) == ("easy", "fast", 30.0)
    assert local_table(app).bot_name == "easy"
    app = TwentyNineApp(Rules(), seed=1, data_dir=tmp_path, bots="random", speed="instant",
                        timer=5.0)
    assert (app.bot_name, app.speed, app.timer) == ("random", "instant", 5.0)
    # the flags did not change the saved preferences
    assert prefs_path(tmp_path).read_text().count('"easy"') == 1


def test_game_over_says_why(tmp_path: Path) -> None:
    """The game's last card (from a game saved just before it): the last summary says
    Enter shows the result; game over says who won and why; a finished game is not kept;
    ``n`` starts a new game."""
    from test_tui_features import _the_games_last_trick

    save_game_record(tmp_path, _the_games_last_trick(1))

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
                await step(pilot, app, settled=True)
            assert saw_last_summary
            assert isinstance(app.screen, GameOverScreen)
            over = next(e for e in app.table.events if isinstance(e, GameOver))
            text = screen_text(app)
            loser = 1 - over.winner
            names = ("You and North", "East and West")
            if over.scores[loser] <= -6:
                assert f"{names[loser]} fell to {over.scores[loser]}." in text
            else:
                assert f"{names[over.winner]} reached +{over.scores[over.winner]}." in text
            # the status line below says the game is over and what Enter does now, not the
            # summary's "Enter: see the result" any more
            line = status(app)
            assert "see the result" not in line, line
            winners = "You and North win" if over.winner == 0 else "East and West win"
            assert line.startswith(f"Game over: {winners}") and "Enter: play again" in line
            assert ("You and North win!" if over.winner == 0 else "East and West win.") in text
            assert not (tmp_path / "save.json").exists()  # a finished game is not kept
            await pilot.press("n")  # play again: a new game
            await settle(pilot, app)
            assert not local_table(app).game.is_over and local_table(app).game.view(0).number == 1
            assert "Deal 1" in screen_text(app)

    asyncio.run(run())


def test_show_trump_refusal_uses_the_engines_words(table: Table, tmp_path: Path) -> None:
    """From a trick where South can follow suit, trump not shown (a game the engine
    saved, South with 6 cards or fewer), ``s`` is refused in the engine's words.  The same
    table: 7 and 8 name no card (the status line says so, the footer offers only the
    cards in hand), and the
    footer's keys follow its compact flag."""
    save_game_record(tmp_path, engine_game(4, lambda g: g.turn == 0 and bool(
        g.view(0).trick) and not g.view(0).trump_shown and SHOW_TRUMP not in
        g.legal_actions() and len(g.view(0).hand) == 6, choose=lambda g: next(
            a for a in g.legal_actions() if a != SHOW_TRUMP)))

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        v = local_table(app).game.view(0)
        assert v.trick and SHOW_TRUMP not in v.legal_actions and not v.trump_shown
        await pilot.press("s")
        led = v.trick[0][1].suit
        assert any(c.suit == led for c in v.hand)
        assert status(app).startswith(
            "Ask for trump: you can ask for trump only when you cannot follow suit")
        # with fewer than 7 cards in hand, 7 and 8 name no card
        n = len(app.query_one(HandView).cards)
        assert n <= 6
        sel = app.table_screen.turn.sel_card
        await pilot.press("7")
        assert status(app) == f"7: you have {n} cards"
        assert app.table_screen.turn.sel_card == sel
        await pilot.press("8")
        assert status(app) == f"8: you have {n} cards"
        footer_line = screen_text(app).splitlines()[-1]
        assert f"1-{n} card" in footer_line and "1-8" not in footer_line
        # the footer's keys are drawn as it says: not compact (the table's footer), and
        # all compact once the footer is, as with Textual's own footer
        footer = app.screen.query_one(TableFooter)
        keys = list(footer.query(FooterKey))
        assert keys and not any(k.compact or k.has_class("-compact") for k in keys)
        footer.compact = True
        await pilot.pause()
        keys = list(footer.query(FooterKey))
        assert keys and all(k.compact and k.has_class("-compact") for k in keys)

    table(body, seed=4, resume=True)


def test_resume_with_rule_flags_says_the_saved_rules_are_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from twentynine.cli import program as cli
    from twentynine.controller import saves

    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    save_prefs(Preferences(seen_intro=True), prefs_path(tmp_path))
    g = Game(8)
    g.apply(g.legal_actions()[0])
    (tmp_path / "save.json").write_text(dumps(game_record(g)))
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play", "--resume", "--variant", "pagat"])
    app = seen[-1]
    assert app.table.rules == Rules() and app.table.seed == 8
    assert app.status_notice == ("The saved game's rules are kept: the rule flags apply to "
                                 "new games only.")
    cli.main(["play", "--resume"])
    assert seen[-1].status_notice == ""


def test_the_footer_follows_the_turn(table: Table) -> None:
    """Through a whole deal (forced cards played for you, so the turn comes and goes
    within moments): whenever the table waits, the footer offers ⏎ exactly when Enter
    works, and never shows a key twice; its line on the screen is exactly its keys (the
    keys are redrawn in place: one left over from an earlier turn takes no room), two
    spaces apart when they fit so, else one."""

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        app.table_screen.pace.auto_play_pause = 0.01
        stops = 0
        tights: set[bool] = set()
        for _ in range(600):
            await settle(pilot, app)
            if isinstance(app.screen, SummaryScreen):
                break
            if not app.modal_open():
                await pilot.pause()
                await pilot.pause()
                keys = footer_keys(app)
                enter = any(app.table_screen.check_action(a, ()) for a in
                            ("confirm", "confirm_bid", "confirm_trump", "confirm_suit"))
                assert any(k.startswith("⏎") for k in keys) == enter, (keys, enter)
                assert len(keys) == len(set(keys)), keys
                assert keys[-2:] == ["? help", "q quit"]
                loose = " " + "  ".join(keys)
                tight = bool(app.screen.query_one(TableFooter).hidden) or \
                    Text(loose).cell_len + 1 > app.size.width
                assert screen_text(app).splitlines()[-1] == \
                    (" " + " ".join(keys) if tight else loose)
                tights.add(tight)
                stops += 1
            await step(pilot, app, settled=True)
        # South's turns of the deal (the auction, the play; forced cards go by themselves),
        # and both spacings were drawn
        assert stops > 5 and tights == {False, True}

    table(body, seed=5)


def test_a_burst_of_enter_through_the_summary_makes_no_bid(table: Table,
                                                           tmp_path: Path) -> None:
    """Enter pressed eight times 0.15 s apart from the deal's last card on: the card is
    played, the summary closes, the next deal's turn to bid comes in the middle of the
    burst, and no later press of the burst bids (the table's clock is the test's: the
    presses are 0.15 s apart however slow the machine).  After a pause, Enter bids."""
    save_last_trick(tmp_path, 2)

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        turn = app.table_screen.turn
        clock = [time.monotonic() + 1000.0]
        turn.clock = lambda: clock[0]
        turn.burst_gap = 0.5

        def my_bids() -> list[int | None]:
            return [e.bid for e in app.table.events if isinstance(e, BidMade) and e.seat == 0]

        before = my_bids()  # the first deal's
        for _ in range(8):  # the last card, the summary, then the next deal's auction
            await pilot.press("enter")
            await settle(pilot, app)  # the bots move meanwhile; the test's clock stands still
            clock[0] += 0.15
        assert not isinstance(app.screen, SummaryScreen)
        v = local_table(app).game.view(0)
        assert v.number == 2 and v.phase is Phase.AUCTION and app.table_screen.human_legal()
        assert my_bids() == before
        assert "your turn has just begun" in status(app)
        clock[0] += 1.0
        sel = turn.sel_bid
        await pilot.press("enter")
        await settle(pilot, app)
        assert my_bids() == [*before, sel]
    table(body, seed=2, resume=True)


def _decided_position(tmp_path: Path) -> Game:
    """Save a game where South is to play in a deal whose result is decided, with cards to
    spare (the engine plays it there: passing in the auction, then random cards)."""
    import random

    from twentynine.engine.scoring import result_decided

    rng = random.Random(7)
    for seed in range(200):
        g = Game(seed)
        while g.view(0).number == 1 and not g.is_over:
            v = g.view(0)
            if (v.phase is Phase.PLAY and g.turn == 0 and len(v.hand) >= 4
                    and result_decided(v)):
                (tmp_path / "save.json").write_text(dumps(game_record(g)))
                return g
            legal = g.legal_actions()
            g.apply(PASS if PASS in legal else rng.choice(legal))
    raise AssertionError("no decided deal found")


def test_f_finishes_a_decided_deal_and_the_review_is_complete(
        table: Table, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The footer offers ``f`` only once the deal's result can no longer change; before
    that ``f`` says why not.  Pressed, the rest of the deal is played at once (your cards
    by the table's finishing bot) and recorded: the summary comes, and the review has every
    trick.  The finishing bot is the random one here (the strongest, hard, searches at
    every card): what this checks is that the deal is finished and recorded, not how well
    your cards are played."""
    from twentynine.controller import local_table as controller

    monkeypatch.setattr(controller, "COACH_BOT", "random")
    _decided_position(tmp_path)

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> None:
        assert "f finish deal" in footer_keys(app)
        log = " ".join(" ".join(line.text for line in app.query_one("#log", RichLog).lines).split())
        assert "The result is decided: f finishes the deal" in log
        await pilot.press("f")
        await wait_for(pilot, lambda: isinstance(app.screen, SummaryScreen), limit=20000)
        scored = [e for e in app.table.events if isinstance(e, DealScored)]
        assert len(scored) == 1
        plays = [e for e in app.table.events if isinstance(e, CardPlayed)]
        assert len(plays) == 32
        review = app.coach.review_screen()
        assert not isinstance(review, str), review
        await pilot.press("enter")
        await settle(pilot, app)
        assert "f finish deal" not in footer_keys(app)  # a new deal: nothing decided
        await pilot.press("f")
        assert status(app).startswith("Finish: "), status(app)

    table(body, seed=0, resume=True)
