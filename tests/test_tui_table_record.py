"""What the table and the record say about a deal: a single hand's goal and stakes, the
game-over dialog after the settings, the clock's move for a player, one sign for game
points, damaged files in a player's words, the log scrolled back."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from engine_support import python_words
from textual.widgets import RichLog
from tui_support import make_app, save_last_trick, screen_text, settle, wait_for

from twentynine.bots.base import BaseBot
from twentynine.cli.coach_commands import read_record_file
from twentynine.coach import clock
from twentynine.coach import hint as hint_module
from twentynine.coach.clock import clock_move, clock_words
from twentynine.coach.hint import Hint, hint
from twentynine.coach.history import open_history
from twentynine.coach.phrases import contract_team, contract_words
from twentynine.controller import saves
from twentynine.engine.actions import DOUBLE_CODE, PASS_CODE, SINGLE_HAND_CODE
from twentynine.engine.deal import Phase
from twentynine.engine.events import CardPlayed
from twentynine.engine.game import Game
from twentynine.engine.records import RecordError, dumps, game_record, loads, replay_game
from twentynine.engine.rules import Rules
from twentynine.engine.views import SeatView
from twentynine.net.tokens import TokenFile
from twentynine.tui.prefs import load_prefs
from twentynine.tui.screens import SummaryScreen

SINGLE_RULES = Rules(double=True, single_hand=True, no_trumps=True)


def single_hand_offer(seed: int = 1) -> Game:
    """A game whose first deal South won at 17, the other side doubled, and South is now
    offered a single hand."""
    g = Game(seed, SINGLE_RULES)
    while not (g.turn == 0 and SINGLE_HAND_CODE in [a.code for a in g.legal_actions()]):
        legal = g.legal_actions()
        codes = [a.code for a in legal]
        if DOUBLE_CODE in codes:
            g.apply(legal[codes.index(DOUBLE_CODE)])
        elif g.view(0).phase is Phase.AUCTION and g.turn == 0:
            g.apply(legal[1])  # the lowest bid
        else:
            g.apply(legal[codes.index(PASS_CODE)] if PASS_CODE in codes else legal[0])
    assert g.view(0).multiplier == 2
    return g


def save_single_hand_offer(data_dir: Path) -> None:
    """Save :func:`single_hand_offer` for the table to resume."""
    (data_dir / "save.json").write_text(dumps(game_record(single_hand_offer())))


def test_a_single_hand_shows_its_own_goal_and_stakes(tmp_path: Path) -> None:
    save_single_hand_offer(tmp_path)

    async def run() -> None:
        app = make_app(tmp_path, seed=1, rules=SINGLE_RULES, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            info = str(app.query_one("#info").render())
            assert "x2" in info and "Target 17" in info  # the doubled contract, before
            await pilot.press("h")
            await settle(pilot, app)
            view = app.table.view()
            assert view.single_hand == 0
            info = str(app.query_one("#info").render())
            assert "all 8 tricks" in info and "hand by You" in info
            assert "3 game points" in info
            assert "x2" not in info and "17" not in info.split("Trump")[0].split("Target")[1]
            # the coach's words for the contract name the single hand, not the bid
            assert contract_words(view) == "its single hand"
            for _ in range(40):
                if isinstance(app.screen, SummaryScreen):
                    break
                await pilot.press("enter")
                await settle(pilot, app)
            assert isinstance(app.screen, SummaryScreen)
            target = str(app.screen.query_one("#sum-target").render())
            assert "all eight tricks (your single hand)" in target
            assert "x2" not in str(app.screen.query_one("#sum-bid").render())
            assert "You's" not in screen_text(app)

    asyncio.run(run())


def test_the_contract_words_follow_a_single_hand_on_either_side() -> None:
    g = Game(1, SINGLE_RULES)
    while g.view(0).phase is not Phase.SINGLE_HAND:
        legal = g.legal_actions()
        codes = [a.code for a in legal]
        if g.view(0).phase is Phase.AUCTION and g.turn == 0:
            g.apply(legal[1])
        else:
            g.apply(legal[codes.index(PASS_CODE)] if PASS_CODE in codes else legal[0])
    assert contract_words(g.view(1)) == "their 17" and contract_words(g.view(2)) == "its 17"
    # the seat to speak (whichever side) announces: the goal becomes its single hand
    seat = g.turn
    g.apply(next(a for a in g.legal_actions() if a.code == SINGLE_HAND_CODE))
    assert contract_team(g.view(0)) == seat & 1
    assert contract_words(g.view(seat)) == "its single hand"
    assert contract_words(g.view((seat + 1) & 3)) == "their single hand"




def test_the_review_pages_name_the_single_hand_and_its_goal() -> None:
    from twentynine.tui.coach.review_screen import deal_text, result_text

    g = single_hand_offer()
    g.apply(next(a for a in g.legal_actions() if a.code == SINGLE_HAND_CODE))
    d = g.deal
    while not d.is_over:
        d.apply(d.view(d.turn).legal_actions[0], d.turn)
    result = result_text(d, None, 0).plain
    assert "Single hand by you: all eight tricks needed" in result, result
    assert "Target 17" not in result
    assert "then a single hand by you" in deal_text(d, 0).plain


def loads_game(data_dir: Path) -> Game:
    """The game saved in ``data_dir``."""
    return replay_game(loads((data_dir / "save.json").read_text(encoding="utf-8")))[0]


@pytest.fixture
def unhurried_hint(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's search bounded by its sample counts, not its clock: the test's own hint
    and the table's then come out the same however busy the machine is."""
    made = hint_module.hint_bot

    def unhurried(seed: int, time_cap: float | None = None) -> BaseBot:
        return made(seed, 120.0)

    monkeypatch.setattr(hint_module, "hint_bot", unhurried)


@pytest.fixture
def hint_once(monkeypatch: pytest.MonkeyPatch, unhurried_hint: None) -> Callable[..., Hint]:
    """The hint, searched once for each view and arguments, for the test and for the
    clock (whose module's ``hint`` it becomes): the test's own hint of a view and the
    clock's, asked alike, are one search instead of two (the same view and arguments give
    the same hint, which the clock of a busy machine cannot change: ``unhurried_hint``);
    asked otherwise, the clock's is searched for itself."""
    searched: dict[tuple[SeatView, tuple[tuple[str, Any], ...]], Hint] = {}

    def once(view: SeatView, **kw: Any) -> Hint:
        key = (view, tuple(sorted(kw.items())))
        if key not in searched:
            searched[key] = hint(view, **kw)
        return searched[key]

    monkeypatch.setattr(clock, "hint", once)
    return once


def test_the_clock_plays_the_hints_card_and_names_it(
        tmp_path: Path, hint_once: Callable[..., Hint]) -> None:
    """South leads from K♠ Q♠ K♥ J♣ Q♣ and lets the clock run out: the move made is the
    hint's (which the coach gives for this very view), named in the log and the status;
    not the first card.  (Five cards, not seven: hard's exact endgame, a third of the
    CPU of its search with seven; the clock's move is the same hint either way.)"""
    save_last_trick(tmp_path, 5, cards=5)
    g = loads_game(tmp_path)  # the position saved: South to lead
    view = g.view(0)
    assert g.turn == 0 and not view.trick and len(view.hand) == 5
    expected = hint_once(view).action
    assert expected.card is not None and expected.card != view.hand[0]

    async def run() -> None:
        app = make_app(tmp_path, seed=5, resume=True, timer=1.0)
        async with app.run_test(size=(100, 30)) as pilot:
            # South's card from the saved hand (the game's events hold the earlier tricks)
            await wait_for(pilot, lambda: any(
                isinstance(e, CardPlayed) and e.seat == 0 and e.card in view.hand
                for e in app.table.events), limit=100000)
            played = next(e.card for e in app.table.events
                          if isinstance(e, CardPlayed) and e.seat == 0
                          and e.card in view.hand)
            assert played == expected.card
            words = f"Time is up: the {played.label} was played for you (the hint's choice)"
            log = " ".join(line.text.strip() for line in app.query_one("#log", RichLog).lines)
            assert words in log, log[-300:]
            assert clock_words(expected) == words
            # the status line keeps naming it while its trick is up, not only the log
            if (0, played) in app.table.view().trick:
                assert words in str(app.query_one("#status").render())

    asyncio.run(run())


def test_the_clocks_move_is_the_hints_and_safe_when_the_hint_fails(
        monkeypatch: pytest.MonkeyPatch, hint_once: Callable[..., Hint]) -> None:
    g = Game(11)
    # South in the last five tricks: hard's exact endgame, a tenth of the CPU of its
    # search of a whole hand (which the test above has the clock make)
    while not (g.view(0).phase is Phase.PLAY and g.turn == 0 and len(g.view(0).hand) <= 5):
        g.apply(g.legal_actions()[0])
    view = g.view(0)
    assert clock_move(view) == hint_once(view).action

    def broken(*_a: object, **_k: object) -> None:
        raise RuntimeError("the search failed")

    monkeypatch.setattr(clock, "hint", broken)
    action = clock_move(view)
    assert action.card is not None and action.card.points == 0  # no point card thrown


DAMAGED = {
    "bytes no text has": b"\xff\xfe{",
    "garbled": b"{not json",
    "cut short": b'{"seed": ',
    "nested too deeply": b"[" * 100_000,
    "not an object": b"[1, 2]",
}


@pytest.mark.parametrize("content", DAMAGED.values(), ids=list(DAMAGED))
def test_every_damaged_file_is_told_in_a_players_words_and_set_aside(
        tmp_path: Path, content: bytes) -> None:
    """The save, the settings, the preferences, the history database, a record to review
    and a joined table's seat tokens: each notice says what is wrong without Python's own
    text, and the file is kept aside (never lost)."""
    notices: dict[str, str | None] = {}
    for name in ("save.json", "settings.json", "prefs.json", "history.sqlite3",
                 "deal.json", "tokens.json"):
        (tmp_path / name).write_bytes(content)
    notices["save"] = saves.load_game(tmp_path / "save.json").message
    notices["settings"] = saves.load_default_rules(tmp_path / "settings.json")[1]
    notices["prefs"] = load_prefs(tmp_path / "prefs.json")[1]
    opened = open_history(tmp_path / "history.sqlite3")
    notices["history"] = opened.message
    if opened.history is not None:
        opened.history.close()
    with pytest.raises(RecordError) as refused:
        read_record_file(tmp_path / "deal.json")
    notices["record"] = str(refused.value)
    tokens = TokenFile(tmp_path / "tokens.json")
    assert tokens.get("127.0.0.1", 1, "ABCD") is None
    notices["tokens"] = tokens.problem
    for what, notice in notices.items():
        assert notice, what
        assert not python_words(notice), (what, notice)
    for name in ("save.json", "settings.json", "prefs.json", "history.sqlite3",
                 "tokens.json"):
        kept = [p for p in tmp_path.iterdir() if p.name.startswith(name + ".damaged")]
        assert [p.read_bytes() for p in kept] == [content], name  # set aside, whole
    assert (tmp_path / "deal.json").read_bytes() == content  # a record is only refused


def test_the_log_says_when_it_is_scrolled_back_and_shows_where_deals_begin(
        tmp_path: Path) -> None:
    """In deal 2, PgUp and Home page back through the log: a mark above it says it is
    scrolled back (End returns, and the mark goes); a rule across the log begins each
    deal, so deal 1's last tricks never pass for deal 2's."""
    g = Game(3)
    while not (g.view(0).number == 2 and g.view(0).phase is Phase.PLAY and g.turn == 0):
        g.apply(g.legal_actions()[0])
    (tmp_path / "save.json").write_text(dumps(game_record(g)))

    async def run() -> None:
        app = make_app(tmp_path, seed=3, resume=True)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            await pilot.press("v")  # the log in full
            await settle(pilot, app)
            log = app.query_one("#log", RichLog)
            lines = [line.text.rstrip() for line in log.lines]
            rules = [i for i, text in enumerate(lines) if "Deal 2:" in text]
            assert len(rules) == 1 and lines[rules[0]].lstrip().startswith("──")
            assert lines[rules[0]].rstrip().endswith("──")
            assert any("won trick 8" in text for text in lines[:rules[0]])
            assert "scrolled back" not in screen_text(app)
            await pilot.press("pageup")
            await wait_for(pilot, lambda: "scrolled back · End returns" in screen_text(app))
            await pilot.press("home")
            await settle(pilot, app)
            assert log.scroll_y == 0 and "scrolled back · End returns" in screen_text(app)
            await pilot.press("end")
            await wait_for(pilot, lambda: "scrolled back" not in screen_text(app))
            assert log.scroll_y == log.max_scroll_y

    asyncio.run(run())
