"""Every finished deal is reviewed and kept, without the table waiting: the table starts a
low-priority review process after each deal, and what a kill leaves unreviewed is caught
up by the next table or by ``twentynine stats``.  Real processes on a real database."""

from __future__ import annotations

import os
import signal
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest
from engine_support import finished_record as _played
from engine_support import quick_grader

from twentynine.coach.history import HISTORY_NAME, History, open_history
from twentynine.coach.locks import locks_for
from twentynine.coach.pending import background_command, start_background_review
from twentynine.coach.review import REVIEW_VERSION, Review
from twentynine.coach.stats import compute_stats
from twentynine.controller.local_table import TableController
from twentynine.tui.coach.table_coach import TableCoach

# _played(seed): a deal played by easy bots.

SRC = str(Path(__file__).resolve().parent.parent / "src")

QUICK_SITE = '''"""The review processes of test_coach_pending grade quickly (written there)."""
import os
import threading
from pathlib import Path

from engine_support import quick_grader
from twentynine.coach import review

Path(os.environ["TWENTYNINE_DATA_DIR"], "quick-grading").touch()  # read by the tests


def _grade(view, **_kw):
    if os.environ.get("TWENTYNINE_TEST_REVIEW_STALLS"):
        threading.Event().wait()  # stalls in the first deal until the test kills it
    return quick_grader(view)


review.hint = _grade
review.STRONGEST = "random"
'''
"""Python reads a ``sitecustomize`` module on its path as it starts: the review processes
the tests start grade with the quick grader and replay with random in the player's seat
(the deals these tests store have random bots in the others).  A review is seconds of
hard's search a deal (and a replay by medium bots a second); what the processes do
around it (which deals, the locks, the kept reviews, a kill) is these tests' subject, and
the grading and the replay with hard are test_coach_review's."""


@pytest.fixture
def quick_reviews(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Reviews grade quickly in this process and in the review processes it starts
    (:data:`QUICK_SITE`, on ``PYTHONPATH``)."""
    from twentynine.coach import review

    site = tmp_path / "site"
    site.mkdir()
    (site / "sitecustomize.py").write_text(QUICK_SITE, encoding="utf-8")
    here = str(Path(__file__).resolve().parent)  # engine_support
    monkeypatch.setenv("PYTHONPATH", os.pathsep.join(
        p for p in (str(site), here, SRC, os.environ.get("PYTHONPATH", "")) if p))
    monkeypatch.setattr(review, "hint", lambda view, **_kw: quick_grader(view))
    monkeypatch.setattr(review, "STRONGEST", "random")


def _graded_quickly(data_dir: Path) -> None:
    """The review processes started for ``data_dir`` read :data:`QUICK_SITE`."""
    assert (data_dir / "quick-grading").exists()


def _env(data_dir: Path) -> dict[str, str]:
    path = os.pathsep.join(p for p in (SRC, os.environ.get("PYTHONPATH", "")) if p)
    return dict(os.environ, PYTHONPATH=path, TWENTYNINE_DATA_DIR=str(data_dir),
                COLUMNS="200")


def _cli(args: list[str], data_dir: Path, monkeypatch: pytest.MonkeyPatch,
         capsys: pytest.CaptureFixture[str]) -> tuple[str, str]:
    """``twentynine ARGS`` run in this process: what the command reviews, keeps and
    prints is these tests' subject, not the process it runs in (the review processes
    are the other tests')."""
    from twentynine.cli.program import main

    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(data_dir))
    monkeypatch.setenv("COLUMNS", "200")
    capsys.readouterr()
    assert main(args) == 0
    out = capsys.readouterr()
    return out.out, out.err


def _history(data_dir: Path) -> History:
    h = open_history(data_dir / HISTORY_NAME).history
    assert h is not None
    return h


def _wait(proc: subprocess.Popen[bytes] | None, seconds: float = 300) -> None:
    assert proc is not None
    assert proc.wait(seconds) == 0


def _kept(h: History, deal_id: int) -> Review:
    data = h.review(deal_id, REVIEW_VERSION)
    assert data is not None, f"deal {deal_id} has no review"
    return Review.from_dict(data)


def test_a_deal_finished_at_the_table_is_reviewed_in_a_process_of_its_own(
        tmp_path: Path, quick_reviews: None) -> None:
    t = TableController(seed=5, bots="random")
    coach = TableCoach(t, tmp_path)
    assert coach.recorder is not None and coach.history is not None
    assert not coach.start_reviews()  # nothing stored yet: no process
    while not t.deal_over:
        turn = t.bot_turn()
        if turn is not None:
            t.apply_bot(turn, t.think(turn).action)
        else:
            t.apply(t.legal_actions()[-1])
    # the table went on at once: the review is another process's, at a low priority
    proc = coach.reviewer
    assert proc is not None and proc.args == background_command()
    _wait(proc)
    deal_id = coach.recorder.last_deal_id
    assert deal_id is not None
    h = _history(tmp_path)
    rev = _kept(h, deal_id)
    assert rev.grades, "the player's decisions were graded"
    row = h.deal(deal_id)
    assert row is not None and row.mistakes == len(rev.mistakes)
    assert compute_stats(h.games(), h.deals()).reviewed_deals == 1
    assert h.unreviewed(REVIEW_VERSION) == []
    assert not coach.start_reviews()  # nothing left: no process started
    _graded_quickly(tmp_path)
    h.close()
    coach.close()


def test_a_killed_review_is_caught_up_when_the_table_opens_again(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, quick_reviews: None) -> None:
    h = _history(tmp_path)
    ids = [h.record_deal(_played(s), game_id=f"g{s}", seed=s, bots="random")
           for s in (11, 13)]
    # this reviewer stalls in its first deal, so it is killed in the middle of one
    with monkeypatch.context() as stalled:
        stalled.setenv("TWENTYNINE_TEST_REVIEW_STALLS", "1")
        proc = start_background_review(h.path)
    assert proc is not None
    try:
        locks = locks_for(h)
        end = time.monotonic() + 600  # a guard against a hang only
        while not any(locks.busy(i) for i in ids):  # it has begun one deal
            assert proc.poll() is None, "the reviewer ended before reviewing"
            assert time.monotonic() < end, "the reviewer never began a deal"
            time.sleep(0.05)
    finally:
        proc.send_signal(signal.SIGKILL)
        proc.wait(30)
    assert len(h.unreviewed(REVIEW_VERSION)) >= 1
    # the next table start catches up
    t = TableController(seed=9, bots="random")
    coach = TableCoach(t, tmp_path)
    assert coach.start_reviews()
    _wait(coach.reviewer)
    assert h.unreviewed(REVIEW_VERSION) == []
    for i in ids:
        _kept(h, i)
    _graded_quickly(tmp_path)
    coach.close()
    h.close()


def test_stats_review_the_deals_left_and_count_every_deals_mistakes(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        quick_reviews: None) -> None:
    h = _history(tmp_path)
    ids = [h.record_deal(_played(s), game_id=f"g{s}", seed=s, bots="random")
           for s in (11, 13)]
    out, err = _cli(["stats"], tmp_path, monkeypatch, capsys)
    assert "2 deals not yet reviewed: reviewing them now" in out
    assert "reviewing deal 2 of 2" in err
    mistakes = sum(len(_kept(h, i).mistakes) for i in ids)
    assert f"({mistakes} in 2 reviewed deals)" in out
    again, _ = _cli(["history"], tmp_path, monkeypatch, capsys)
    assert "not yet reviewed" not in again  # kept: not reviewed twice
    h.close()


def test_stats_without_reviewing_say_what_is_not_counted(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    h = _history(tmp_path)
    h.record_deal(_played(3), game_id="g", seed=3)
    out, _ = _cli(["stats", "--no-review"], tmp_path, monkeypatch, capsys)
    assert "1 deal not yet reviewed: their mistakes are not counted" in out
    assert "no deal reviewed yet" in out
    assert h.unreviewed(REVIEW_VERSION) != []
    h.close()


def test_a_second_background_reviewer_leaves_the_work_to_the_first(tmp_path: Path) -> None:
    h = _history(tmp_path)
    deal_id = h.record_deal(_played(3), game_id="g", seed=3)
    locks = locks_for(h)
    assert locks.take_runner()  # this process stands for a reviewer already running
    try:
        done = subprocess.run(background_command(), env=_env(tmp_path), timeout=120)
        assert done.returncode == 0
        assert h.review(deal_id, REVIEW_VERSION) is None  # left alone
    finally:
        locks.drop_runner()


def test_a_deal_that_cannot_be_reviewed_does_not_hold_up_the_others(
        tmp_path: Path, quick_reviews: None) -> None:
    """A stored record that no longer replays (damaged on disk) is tried once and left as
    it is: the background reviewer reviews the others and ends, never looping on it."""
    import json
    import sqlite3

    from twentynine.coach.pending import run_background

    h = _history(tmp_path)
    good = h.record_deal(_played(11), game_id="g11", seed=11, bots="random")
    bad = h.record_deal(_played(4), game_id="g4", seed=4, bots="random")
    damaged = dict(_played(4), actions=["not an action"])
    db = sqlite3.connect(h.path)
    db.execute("UPDATE deals SET record = ? WHERE id = ?", (json.dumps(damaged), bad))
    db.commit()
    db.close()
    assert run_background(h, grader=quick_grader) == 1
    _kept(h, good)
    assert [r.id for r in h.unreviewed(REVIEW_VERSION)] == [bad]
    h.close()


def test_deals_reviewed_by_an_older_grading_are_said_apart(tmp_path: Path,
                                                          monkeypatch: Any,
                                                          capsys: Any) -> None:
    """A change in the grading reviews every deal again: until then, ``stats`` says which
    deals are not reviewed at all and which by the older grading (whose mistakes it
    counts)."""
    from twentynine.cli.program import main

    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "200")
    h = _history(tmp_path)
    old = h.record_deal(_played(3), game_id="g3", seed=3)
    h.record_deal(_played(4), game_id="g4", seed=4)
    h.save_review(old, REVIEW_VERSION - 1, 2, {"an": "older review"})
    assert main(["stats", "--no-review"]) == 0
    out = capsys.readouterr().out
    assert ("1 deal not yet reviewed and 1 deal reviewed by an older grading: only the "
            "older grading's mistakes are counted") in out, out
    assert "(2 in 1 reviewed deal)" in out
    h.close()
