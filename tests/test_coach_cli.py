"""``twentynine stats``, ``history``, ``review`` and ``export`` on real database files, and
the review and statistics screens under Textual's Pilot."""

from __future__ import annotations

import asyncio
import functools
import json
import sqlite3
from pathlib import Path
from typing import Any

import pytest
from engine_support import finished_record as finished
from engine_support import quick_grader as quick
from tui_support import screen_text

from twentynine.cli.program import main
from twentynine.coach.history import HISTORY_NAME, SCHEMA, open_history
from twentynine.coach.review import ReplayPlan, Review, review_deal, strongest_hint
from twentynine.coach.stats import compute_stats
from twentynine.engine.deal import Deal
from twentynine.tui.coach import ReviewApp, ReviewScreen, StatsScreen


@functools.cache
def reviewed(seed: int) -> Review:
    """The review of ``finished(seed)``, made once for the tests that show a kept review
    (how a review is made is test_coach_review's): the quick grader, the replay by random
    bots."""
    from twentynine.coach import review

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(review, "STRONGEST", "random")
        return review_deal(finished(seed), 0, plan=ReplayPlan(bots="random"),
                           double_dummy=False, grader=quick)


@pytest.fixture
def random_replay(monkeypatch: pytest.MonkeyPatch) -> None:
    """A review made here replays the deal with random in your seat (the replay's bots
    are test_coach_review's)."""
    from twentynine.coach import review

    monkeypatch.setattr(review, "STRONGEST", "random")


@pytest.fixture
def data_dir(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))
    return tmp_path


def test_review_of_a_bad_file_exits_2_with_one_line_and_writes_nothing(
        data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    good = finished(4)
    wrong_schema = dict(good, schema=99)
    illegal = dict(good, actions=[*good["actions"][:8], "play JS", "play JS"])
    unfinished = dict(good, actions=good["actions"][:6])
    cases = {"not json": "{ this is not json", "schema": json.dumps(wrong_schema),
             "illegal": json.dumps(illegal), "unfinished": json.dumps(unfinished),
             "a list": "[1, 2]"}
    for name, text in cases.items():
        f = data_dir / f"{name.replace(' ', '_')}.json"
        f.write_text(text, encoding="utf-8")
        assert main(["review", str(f)]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("twentynine: error:"), (name, err)
    assert main(["review", str(data_dir / "not_json.json")])  # refused, and says why:
    assert "not valid JSON" in capsys.readouterr().err
    assert main(["review", str(data_dir / "missing.json")]) == 2
    assert "cannot read" in capsys.readouterr().err
    assert not (data_dir / HISTORY_NAME).exists()  # nothing written to the history


def test_review_needs_exactly_one_target(data_dir: Path) -> None:
    assert main(["review"]) == 2
    assert main(["review", "--last"]) == 2  # an empty history: no last deal
    assert main(["review", "--last", "3"]) == 2


def _fill(data_dir: Path) -> list[int]:
    h = open_history(data_dir / HISTORY_NAME).history
    assert h is not None
    h.start_game("g1", finished(1)["rules"], seed=11, bots="medium")
    # deal 1 of three games (a game keeps one deal of each number)
    ids = [h.record_deal(finished(s), game_id=f"g{s}", hints=s % 2) for s in (1, 2, 3)]
    h.finish_game("g1", True, (6, -2))
    h.close()
    return ids


def test_export_writes_the_stored_record(data_dir: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    ids = _fill(data_dir)
    out = data_dir / "deal.json"
    assert main(["export", str(ids[1]), "-o", str(out)]) == 0
    assert json.loads(out.read_text(encoding="utf-8")) == finished(2)
    capsys.readouterr()
    assert main(["export", str(ids[0])]) == 0
    assert json.loads(capsys.readouterr().out) == finished(1)
    assert main(["export", "999"]) == 2
    assert main(["export", "abc"]) == 2


def test_stats_and_history_print_the_stored_games(data_dir: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    ids = _fill(data_dir)
    # the reviewing of the deals first: test_coach_pending
    assert main(["stats", "--no-review"]) == 0
    out = capsys.readouterr().out
    assert "1 played: 1 won, 0 lost (2 unfinished)" in out and "15-17" in out and "23+" in out
    assert main(["history", "--no-review"]) == 0
    out = capsys.readouterr().out
    assert "won +6 to -2" in out
    for i in ids:
        assert str(i) in out


def test_a_newer_database_is_left_alone_by_the_commands(
        data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = data_dir / HISTORY_NAME
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version = {SCHEMA + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    assert main(["stats"]) == 1
    assert "newer" in capsys.readouterr().out
    assert path.read_bytes() == before


def test_the_review_screen_steps_through_the_deal() -> None:
    asyncio.run(_the_review_screen_steps_through_the_deal())


async def _the_review_screen_steps_through_the_deal() -> None:
    rec = finished(7)
    review = reviewed(7)
    app = ReviewApp(lambda: ReviewScreen(rec, 0, review=review))
    async with app.run_test(size=(110, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReviewScreen)

        def text() -> str:
            return str(screen.body_text())

        assert "Hands as dealt" in text() and "Auction" in text()
        await pilot.press("right")
        assert "Trick 1" in text() and "won it" in text()
        await pilot.press("end")
        assert "Hard in your seat" in text()
        await pilot.press("left", "home")
        assert "Hands as dealt" in text()
        await pilot.press("escape")
        await pilot.pause()
    assert app.return_code in (0, None)


def test_the_review_screen_computes_in_the_background_with_progress(
        tmp_path: Path, random_replay: None) -> None:
    asyncio.run(_the_review_screen_computes_in_the_background_with_progress(tmp_path))


async def _the_review_screen_computes_in_the_background_with_progress(
        tmp_path: Path) -> None:
    rec = finished(6)
    h = open_history(tmp_path / HISTORY_NAME).history
    assert h is not None
    h.start_game("g", rec["rules"], seed=1, bots="random")  # the replay's bots: random
    deal_id = h.record_deal(rec, game_id="g")
    row = h.deal(deal_id)
    # the screen grades with the strongest bot's hint (that grading: test_coach_review);
    # here a quick one
    assert ReviewScreen(rec, 0, history=h, row=row).grader is strongest_hint
    app = ReviewApp(lambda: ReviewScreen(rec, 0, history=h, row=row, grader=quick))
    async with app.run_test(size=(110, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        assert "Reviewing" in screen.body_text()
        await pilot.press("right")  # responsive while the review runs
        assert "Trick 1" in screen.body_text()
        for _ in range(600):
            await pilot.pause(0.1)
            if screen.review is not None:
                break
        assert screen.review is not None
    assert h.review(deal_id, screen.review.version) is not None  # kept
    h.close()


def test_the_statistics_screen_shows_the_stats() -> None:
    asyncio.run(_the_statistics_screen_shows_the_stats())


async def _the_statistics_screen_shows_the_stats() -> None:
    from textual.app import App

    class Host(App[None]):
        def on_mount(self) -> None:
            self.push_screen(StatsScreen(compute_stats([], [])))

    app = Host()
    async with app.run_test(size=(100, 40)) as pilot:
        await pilot.pause()
        assert isinstance(app.screen, StatsScreen)
        # one title ("Statistics" stood over the table's own "Your statistics")
        titles = [line for line in screen_text(app).splitlines() if "statistics" in line.lower()]
        assert [t.strip(" │") for t in titles] == ["Your statistics"], titles
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, StatsScreen)


def test_the_hint_panel_thinks_in_a_worker_then_shows_the_hint(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from twentynine.tui.coach import hint_panel

    # medium's quick search: the worker and the panel are checked here, hard's own hint
    # in test_coach_hint
    monkeypatch.setattr(hint_panel, "hint", lambda view, **_kw: quick(view))
    asyncio.run(_hint_panel())


async def _hint_panel() -> None:
    from textual.app import App, ComposeResult

    from twentynine.tui.coach import HintPanel

    got: list[Any] = []

    class Host(App[None]):
        def compose(self) -> ComposeResult:
            yield HintPanel()

        def on_hint_panel_ready(self, message: HintPanel.Ready) -> None:
            got.append(message.hint)

    d = Deal.from_seed(4)
    view = d.view(d.turn)
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        panel = app.query_one(HintPanel)
        assert not panel.display or panel.has_class("-hidden")
        panel.request(view, token=1)
        assert "thinking" in str(panel.render())
        for _ in range(1200):  # a minute: a bound for a loaded machine
            await pilot.pause(0.05)
            if got:
                break
        assert got and got[0].action in view.legal_actions
        assert panel.hint is got[0] and not panel.has_class("-hidden")
        panel.request(view, token=2)  # a new position: the old hint is not shown
        panel.hide()
        assert panel.has_class("-hidden")


def test_the_review_screen_pages_through_the_deals_of_a_game(tmp_path: Path) -> None:
    asyncio.run(_pages(tmp_path))


async def _pages(tmp_path: Path) -> None:
    h = open_history(tmp_path / HISTORY_NAME).history
    assert h is not None
    ids = [h.record_deal(finished(s), game_id=f"g{s}") for s in (7, 8)]
    rows = [r for r in h.deals() if r.id in ids]
    # kept reviews, so nothing is computed
    from twentynine.coach.review import REVIEW_VERSION

    for r in rows:
        rev = reviewed(7 if r.id == ids[0] else 8)
        h.save_review(r.id, REVIEW_VERSION, len(rev.mistakes), rev.to_dict())
    app = ReviewApp(lambda: ReviewScreen(rows[0].record, 0, history=h, row=rows[0],
                                         rows=rows))
    async with app.run_test(size=(110, 40)) as pilot:
        screen = app.screen
        assert isinstance(screen, ReviewScreen)
        for _ in range(1200):
            await pilot.pause(0.05)
            if screen.review is not None:
                break
        await pilot.press("pagedown")
        assert screen.row is not None and screen.row.id == rows[1].id
        assert screen.deal.first == Deal.from_seed(8).first
        for _ in range(1200):
            await pilot.pause(0.05)
            if screen.review is not None:
                break
        assert screen.review is not None
        await pilot.press("pagedown")  # the last deal: stays
        assert screen.row.id == rows[1].id
        await pilot.press("pageup")
        assert screen.row.id == rows[0].id
    h.close()


def test_the_text_review_names_the_deal_and_shows_costs(
        data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The printed review says which deal it is, its columns are costs (never a signed
    worth), every ✗ has its line, and the result says each side's game points as the
    table's summary does."""
    from twentynine.coach.review import REVIEW_VERSION

    h = open_history(data_dir / HISTORY_NAME).history
    assert h is not None
    rec = finished(8)
    deal_id = h.record_deal(rec, game_id="g")
    row = h.deal(deal_id)
    assert row is not None
    rev = reviewed(8)
    h.save_review(deal_id, REVIEW_VERSION, len(rev.mistakes), rev.to_dict())
    h.close()
    assert main(["review", str(deal_id), "--text"]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].startswith(f"Deal {Deal.from_seed(8).number} (id {deal_id}, played ")
    assert "chance, card pts, game pts: what each choice cost" in " ".join(out.split())
    assert all(h in "".join(lines[:6]) for h in ("chance", "card pts", "game pts")), lines
    rows = [ln for ln in lines if ln.startswith("│")]
    assert rows and not any("-0." in ln or "+" in ln for ln in rows), rows
    assert out.count("✗ ") == 2 * len(rev.mistakes)  # the mark in the table and its line
    us = rev.you
    assert f"You: your side {us.ours:+d}".replace("+0", "0") in out
    assert us.game_points == us.ours - us.theirs


def test_history_gives_each_sides_game_points_as_the_review_does(
        data_dir: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """"-1 (West bid 16, made)" beside a review's "your side 0, the other side +1": the
    history says each side's game points, as the deal's summary and its review do."""
    from twentynine.cli.coach_commands import _result
    from twentynine.coach.phrases import signed
    from twentynine.engine.records import replay_deal
    from twentynine.tui.coach.review_screen import result_text

    h = open_history(data_dir / HISTORY_NAME).history
    assert h is not None
    seen_theirs = False
    for s in (3, 10, 12):  # made by your side, missed by theirs, made by theirs
        h.record_deal(finished(s), game_id=f"g{s}")
    for row in h.deals():
        deal, _ = replay_deal(row.record)
        out = deal.outcome
        assert out is not None
        if out.thrown_in is not None:
            continue
        us = row.seat & 1
        said = _result(row)
        words = (f"your side {signed(out.game_points[us])}, the other side "
                 f"{signed(out.game_points[1 - us])}")
        assert said.startswith(words), (said, words)
        # the review of the same deal, in the same words
        review = result_text(deal, None, row.seat).plain
        assert f"Game points this deal: {words}" in review, review
        seen_theirs |= out.made and (out.bidder & 1) != us
    assert seen_theirs, "no deal the other side bid and made among the seeds"
    h.close()
    assert main(["history", "--no-review"]) == 0
    assert "your side" in capsys.readouterr().out
