"""Play a complete deal at the table from the keyboard alone, and check what the screen
shows against the engine's events."""

from __future__ import annotations

import asyncio
from pathlib import Path

from textual.dom import DOMNode
from textual.widgets import Static
from tui_support import local_table, make_app, screen_text, settle

from twentynine.coach.phrases import signed
from twentynine.engine.actions import SHOW_TRUMP, Action, ActionKind
from twentynine.engine.deal import Phase
from twentynine.engine.events import (
    AuctionWon,
    CardPlayed,
    DealScored,
    TrickWon,
    TrumpChosen,
    TrumpShown,
)
from twentynine.tui.screens import SummaryScreen
from twentynine.tui.side_panel import SidePanel
from twentynine.tui.turn import sort_hand
from twentynine.tui.widgets import HandView
from twentynine.tui.wording import TEAM_LONG, TEAM_NAMES


def _static_text(screen: DOMNode, selector: str) -> str:
    w = screen.query_one(selector, Static)
    return str(w.render())


def test_a_whole_deal_from_the_keyboard(tmp_path: Path) -> None:
    asyncio.run(_whole_deal(tmp_path))


async def _whole_deal(tmp_path: Path) -> None:
    app = make_app(tmp_path, seed=2)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot, app)
        game = local_table(app).game
        # the auction: South speaks first (West deals); type 28 and bid it
        assert game.view(0).phase is Phase.AUCTION and game.turn == 0
        await pilot.press("2", "8")
        assert "28" in _static_text(app.screen, "#status")
        await pilot.press("enter")
        await settle(pilot, app)
        won = [e for e in app.table.events if isinstance(e, AuctionWon)]
        assert won and won[0].seat == 0 and won[0].bid == 28
        # the trump choice: the first card shown, laid face down with Enter
        v = game.view(0)
        assert v.phase is Phase.TRUMP
        first = sort_hand(v.hand)[0]
        assert first.label in screen_text(app)
        await pilot.press("1", "enter")
        await settle(pilot, app)
        chosen = [e for e in app.table.events if isinstance(e, TrumpChosen)]
        assert chosen[0].card == first
        assert "face down: " + first.label in screen_text(app)
        # eight tricks: ask for trump when the engine allows it, else the first legal card
        asked = False
        while game.view(0).phase is Phase.PLAY:
            await settle(pilot, app)
            if isinstance(app.screen, SummaryScreen):
                break
            v = game.view(0)
            legal = v.legal_actions
            shown = app.query_one(HandView).cards
            assert shown == sort_hand(v.hand)
            text = screen_text(app)
            for card in v.hand:
                assert card.label in text
            # the points the side panel shows are the sum of the tricks' points
            pts = [0, 0]
            for e in app.table.events:
                if isinstance(e, TrickWon) and e.number <= len(v.tricks):
                    pts[e.seat & 1] += e.points
            panel = str(app.query_one(SidePanel).render())
            assert f"{TEAM_NAMES[0]} {pts[0]} · {TEAM_NAMES[1]} {pts[1]}" in panel
            if SHOW_TRUMP in legal and not asked:
                assert not app.query_one("#btn-97").disabled
                await pilot.press("s")
                asked = True
                await settle(pilot, app)
                assert any(isinstance(e, TrumpShown) and e.seat == 0 for e in app.table.events)
                assert "shown" in str(app.query_one(SidePanel).render())
                continue
            assert app.query_one("#btn-97").disabled == (SHOW_TRUMP not in legal)
            idx = next(i for i, c in enumerate(shown) if Action.play(c) in legal)
            before = len(app.table.events)
            await pilot.press(str(idx + 1), "enter")
            played = [e for e in app.table.events[before:] if isinstance(e, CardPlayed)]
            assert played and played[0].seat == 0 and played[0].card == shown[idx]
        await settle(pilot, app)
        assert asked, "seed 2 lets South ask for trump"
        assert isinstance(app.screen, SummaryScreen)
        scored = [e for e in app.table.events if isinstance(e, DealScored)]
        assert len(scored) == 1
        o = scored[0].outcome
        assert sum(1 for e in app.table.events if isinstance(e, TrickWon)) == 8
        assert sum(1 for e in app.table.events if isinstance(e, CardPlayed)) == 32
        s = app.screen
        assert _static_text(s, "#sum-bid").startswith(f"Bid      {o.bid} by You")
        assert f"Target   {o.target}" in _static_text(s, "#sum-target")
        assert _static_text(s, "#sum-points") == (
            f"Points   {TEAM_LONG[0]} {o.card_points[0]} · {TEAM_LONG[1]} {o.card_points[1]}")
        result = _static_text(s, "#sum-result")
        assert ("made" if o.made else "missed") in result
        assert signed(o.game_points[0]) in result
        sc = scored[0].scores
        assert _static_text(s, "#sum-score") == (
            f"Game     {TEAM_LONG[0]} {signed(sc[0])} · {TEAM_LONG[1]} {signed(sc[1])}")
        # the next deal on a key
        await pilot.press("enter")
        await settle(pilot, app)
        assert not isinstance(app.screen, SummaryScreen)
        v = game.view(0)
        assert v.number == 2 and v.scores == sc
        assert f"Deal 2 · dealer {'You'}" in screen_text(app)
        assert all(a.kind is not ActionKind.NEXT_DEAL for a in game.legal_actions())


def test_the_status_says_which_rule_greys_the_cards() -> None:
    """Follow suit, or (having asked for trump) play a trump: the status names the rule
    that greys the other cards (after asking, all but the trumps went grey under "Your
    turn: play a card").  Engine views only, no table."""
    from twentynine.engine.deal import Deal
    from twentynine.tui.turn import card_rule

    said: dict[str, str] = {}
    for seed in range(60):
        d = Deal.from_seed(seed)
        while not d.is_over and len(said) < 3:
            legal = d.legal_actions()
            v = d.view(0)
            plays = [a for a in legal if a.kind is ActionKind.PLAY]
            if d.turn == 0 and v.phase is Phase.PLAY:
                rule = card_rule(v)
                if not v.trick or len(plays) == len(v.hand):
                    said.setdefault("free", rule)
                    assert rule == "play a card", rule
                elif all(a.card and a.card.suit == v.trick[0][1].suit for a in plays):
                    said.setdefault("follow", rule)
                elif v.asker == 0 and all(a.card and a.card.suit == v.trump_suit
                                          for a in plays):
                    said.setdefault("asked", rule)
                if SHOW_TRUMP in legal:
                    d.apply(SHOW_TRUMP)
                    continue
            d.apply(legal[0])
        if len(said) == 3:
            break
    assert said["follow"].startswith("follow suit ("), said
    assert said["asked"].startswith("you asked, so play a trump ("), said
