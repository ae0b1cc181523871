"""Every colour the table draws is readable.

Each test drives the real app (Pilot) into a state and measures every character on the
screen in the colours the compositor produced (tests/contrast_support.py): text must
reach WCAG AA 4.5:1 on its background, graphics (card edges, the score track) 3:1.  The
colours come from the app's own theme, .tcss files and Rich styles, resolved by Textual,
so a change to any of them is measured here.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

from contrast_support import (
    Cell,
    delta_e,
    low_contrast,
    screen_cells,
)
from textual.pilot import Pilot
from textual.screen import Screen
from tui_support import local_table, make_app, settle

from twentynine.engine.actions import PASS, SHOW_TRUMP
from twentynine.engine.deal import Phase
from twentynine.engine.events import DealScored
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules
from twentynine.engine.scoring import DealOutcome
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.screens import (
    GameOverScreen,
    NoticeScreen,
    QuitScreen,
    RulesScreen,
    RulesText,
    SummaryScreen,
    TricksScreen,
    rules_markdown,
    settings_markdown,
)
from twentynine.tui.theme import GOLD, INK, LINE, SKY, THEME
from twentynine.tui.widgets import HandView


def greyed_suits(app: TwentyNineApp) -> list[Cell]:
    """The suit symbols drawn on the cards of your hand that you may not play now."""
    if app.modal_open() or not app.idle:
        return []
    hand = app.screen.query_one(HandView)
    legal = {a.card for a in local_table(app).game.view(0).legal_actions if a.card is not None}
    if not legal or legal.issuperset(hand.cards):
        return []  # nothing greyed: the screen need not be measured for it
    region = hand.content_region
    out = []
    for cell in screen_cells(app):
        if cell.char not in "♠♥♦♣" or not region.contains(cell.x, cell.y):
            continue
        i = hand.index_at(cell.x - region.x)
        if i is not None and hand.cards[i] not in legal:
            out.append(cell)
    return out


async def _human_move(pilot: Pilot[Any], app: TwentyNineApp) -> None:
    """Make the human's move from the keyboard (pass when possible, else Enter)."""
    v = local_table(app).game.view(0)
    legal = v.legal_actions
    if v.phase is Phase.PLAY:
        if SHOW_TRUMP in legal and not any(a.card for a in legal):
            await pilot.press("s")
        else:
            await pilot.press("enter")
    elif PASS in legal:
        await pilot.press("p")
    else:
        await pilot.press("enter")


async def _play_deals(pilot: Pilot[Any], app: TwentyNineApp, deals: int,
                      check: Callable[[], None]) -> None:
    """Play ``deals`` deals from the keyboard, calling ``check`` at every stop."""
    done = 0
    for _ in range(400):
        await settle(pilot, app)
        check()
        if isinstance(app.screen, SummaryScreen):
            done += 1
            if done == deals:
                return
            await pilot.press("enter")
            continue
        if app.modal_open():
            await pilot.press("escape")
            continue
        await _human_move(pilot, app)
    raise AssertionError("the deals did not end")


def test_every_colour_on_the_table_reaches_aa(tmp_path: Path) -> None:
    """A deal at 100x30, measured at every stop: the auction, the trump choice, each
    trick (greyed cards, a trump shown in red, the finished trick) and the summary; then
    the next deal's auction (the score track with a deal's points on it).  The next deal's
    tricks are not played: they draw nothing the first deal's did not."""
    seen: set[str] = set()
    problems: list[str] = []

    def check() -> None:
        v = local_table(app).game.view(0)
        if v.trump_shown and v.trump_suit in (1, 2):
            seen.add("red trump shown")
        greyed = greyed_suits(app)
        red = [c for c in greyed if c.char in "♥♦"]
        black = [c for c in greyed if c.char in "♠♣"]
        if red:
            seen.add("greyed red card")
        for r in red:
            for b in black:
                # on a card you may not play, red stays a different colour from black
                # at a glance (a CIE76 difference above 40)
                if delta_e(r.fg, b.fg) <= 40:
                    problems.append(f"greyed {r.char} and {b.char} look alike: "
                                    f"#{bytes(r.fg).hex()} and #{bytes(b.fg).hex()}")
        if isinstance(app.screen, SummaryScreen):
            seen.add("summary")
        for p in low_contrast(app):
            if p not in problems:
                problems.append(p)

    async def run() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await _play_deals(pilot, app, 1, check)
            number = local_table(app).game.view(0).number
            await pilot.press("enter")
            await settle(pilot, app)
            assert local_table(app).game.view(0).number == number + 1
            check()

    app = make_app(tmp_path, seed=SEED_RED_TRUMP)
    asyncio.run(run())
    assert problems == []
    # the deals really showed what is measured
    assert seen == {"red trump shown", "greyed red card", "summary"}


SEED_RED_TRUMP = 6
"""A seed whose first deal shows a red trump and greyed red cards (seed 2 showed the
greyed red cards only in its second deal)."""



def _outcomes() -> tuple[DealOutcome, DealOutcome]:
    """A deal that went well for you and one that went badly, from real games (the
    summary's result line is drawn in a different colour for each)."""
    good: DealOutcome | None = None
    bad: DealOutcome | None = None
    for seed in range(50):
        g = Game(seed)
        while not g.is_over and g.view(0).phase is not Phase.DEAL_OVER:
            for e in g.apply(g.legal_actions()[-1]):
                o = e.outcome if isinstance(e, DealScored) else None
                if o is None or o.bidder < 0 or o.dead or o.thrown_in is not None:
                    continue
                if (o.bidding_team == 0) == o.made:
                    good = good or o
                else:
                    bad = bad or o
        if good and bad:
            return good, bad
    raise AssertionError("no good and bad deals found")


def test_every_dialog_reaches_aa(tmp_path: Path) -> None:
    """The deal summary (good and bad for you: the result line in either colour), game over
    (won and lost), quit, a notice, the last trick: all AA."""
    good, bad = _outcomes()
    rules = Rules()

    async def run() -> list[str]:
        app = make_app(tmp_path)
        problems: list[str] = []
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            g = Game(3)
            while not g.view(0).tricks:
                g.apply(g.legal_actions()[0])
            screens: list[Screen[Any]] = [
                SummaryScreen(rules, 1, bad, (-1, 0), False),
                SummaryScreen(rules, 2, good, (0, 0), False),
                GameOverScreen(0, (0, -6)),
                GameOverScreen(1, (-6, 0)),
                QuitScreen("This replaces the game saved earlier."),
                NoticeScreen("Please note", ["The saved game was damaged: set aside."]),
                TricksScreen(rules, g.view(0).tricks),
            ]
            for screen in screens:
                await app.push_screen(screen)
                await pilot.pause()
                problems += [f"{type(screen).__name__}: {p}" for p in low_contrast(app)]
                app.pop_screen()
                await pilot.pause()
        return problems

    assert asyncio.run(run()) == []


def _hex(rgb: tuple[int, int, int]) -> str:
    return "#" + bytes(rgb).hex()


def test_the_rules_page_reaches_aa_from_top_to_bottom(tmp_path: Path) -> None:
    """Every page of the rules screen (one widget drawing docs/rules.md and the house
    rules): the text, the headings (each drawn, in gold), the flags, the bullets and the
    tables' lines.  The app offers one theme (theme.THEME); this is it."""
    headings = [line.lstrip("#").strip() for line in
                (settings_markdown(Rules(min_bid=15)) + rules_markdown()).splitlines()
                if line.startswith("#")]

    async def run() -> tuple[list[str], int, dict[str, set[str]], set[str]]:
        app = make_app(tmp_path, rules=Rules(min_bid=15))
        problems: list[str] = []
        pages = 0
        colours: dict[str, set[str]] = {}
        """The colours each heading's letters are drawn in."""
        seen: set[str] = set()
        """Every colour drawn inside the page."""
        async with app.run_test(size=(120, 60)) as pilot:
            await settle(pilot, app)
            assert app.theme == THEME.name
            await pilot.press("question_mark")
            await pilot.pause()
            assert isinstance(app.screen, RulesScreen)
            scroll = app.screen.query_one("#rules-scroll")
            drawn = app.screen.query_one(RulesText)
            while True:
                await pilot.pause()
                page = drawn.content_region  # where the page is now (it moves as it scrolls)
                problems += [p for p in low_contrast(app) if p not in problems]
                pages += 1
                lines: dict[int, list[Cell]] = {}
                for cell in screen_cells(app):
                    if page.contains(cell.x, cell.y):
                        lines.setdefault(cell.y, []).append(cell)
                        seen.add(_hex(cell.fg))
                for row in lines.values():
                    text = "".join(c.char for c in row)
                    for head in headings:
                        if text == head.replace(" ", ""):
                            colours.setdefault(head, set()).update(_hex(c.fg) for c in row)
                if scroll.scroll_y >= scroll.max_scroll_y:
                    break
                scroll.scroll_to(y=scroll.scroll_y + scroll.size.height, animate=False,
                                 immediate=True)
        return problems, pages, colours, seen

    problems, pages, colours, seen = asyncio.run(run())
    assert pages > 2
    assert problems == []
    assert colours == {head: {GOLD} for head in headings}  # every heading, in gold
    # the measured pages held body text, flags and the tables' lines
    assert {INK, GOLD, SKY, LINE} <= seen


def test_the_trump_banner_and_the_log_panel_reach_aa(tmp_path: Path) -> None:
    """The gold trump banner, and the log shown in full with ``v`` at 80x24."""
    from test_tui_look import save_south_may_ask, to_trump_shown

    save_south_may_ask(tmp_path)

    async def run() -> list[str]:
        app = make_app(tmp_path, resume=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await to_trump_shown(pilot, app)
            assert app.screen.query_one("#banner").display
            problems = low_contrast(app)
            await pilot.press("v")
            await pilot.pause()
            return problems + low_contrast(app)

    assert asyncio.run(run()) == []
