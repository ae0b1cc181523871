"""The record the coach keeps can be trusted: every hint and take-back reaches the history
across quits, kills and resumes, and the table and the statistics count the same."""

from __future__ import annotations

from pathlib import Path

from twentynine.coach.history import History, open_history
from twentynine.coach.recorder import DealRecorder
from twentynine.coach.stats import compute_stats
from twentynine.controller.local_table import TableController


def _history(tmp_path: Path) -> History:
    h = open_history(tmp_path / "history.sqlite3").history
    assert h is not None
    return h


def _step(t: TableController) -> None:
    """One move: a bot's, or the human's (the last legal action: a card, a bid, a pass)."""
    turn = t.bot_turn()
    if turn is not None:
        t.apply_bot(turn, t.think(turn).action)
    else:
        t.apply(t.legal_actions()[-1])


def _to_decision(t: TableController) -> None:
    """Play on to the human's next choice of two actions or more in this deal."""
    _step(t)
    while not t.deal_over and not (t.turn == t.seat and len(t.legal_actions()) > 1):
        _step(t)


def _finish_deal(t: TableController) -> None:
    while not t.deal_over and not t.is_over:
        _step(t)


def _resume(save: Path, h: History) -> tuple[TableController, DealRecorder]:
    t, message = TableController.resume(save)
    assert t is not None, message
    return t, DealRecorder(t, h)


def test_hints_of_a_deal_survive_two_resumes(tmp_path: Path) -> None:
    h = _history(tmp_path)
    save = tmp_path / "save.json"
    t = TableController(seed=21, bots="random", save_file=save)
    DealRecorder(t, h)
    t.note_hint()
    t.note_hint()
    _to_decision(t)
    t, _rec = _resume(save, h)            # quit and come back: two hints so far
    t.note_hint()
    t, rec = _resume(save, h)             # and again: three
    t.note_hint()
    t.note_hint()
    _finish_deal(t)
    (row,) = h.deals()
    assert row.hints == 5 and row.game_id == rec.game_id
    assert len(h.games()) == 1 and h.games()[0].hints == 5
    assert compute_stats(h.games(), h.deals()).hints == 5
    h.close()


def test_take_backs_of_the_deal_in_play_are_counted_by_the_table_and_the_statistics(
        tmp_path: Path) -> None:
    h = _history(tmp_path)
    t = TableController(seed=5, bots="random", save_file=tmp_path / "save.json")
    DealRecorder(t, h)
    _to_decision(t)
    t.apply(t.legal_actions()[0])
    t.take_back()                 # in the first deal, which is then finished
    _finish_deal(t)
    t.next_deal()
    while t.take_back_problem() is not None:
        _to_decision(t)
        t.apply(t.legal_actions()[0])
    t.take_back()                 # in the second deal, left unfinished
    t.note_hint()
    stats = compute_stats(h.games(), h.deals())
    assert t.take_backs_used == 2 and stats.take_backs == 2
    assert stats.hints == 1 and stats.deals_with_hints == 1
    assert [d.take_backs for d in h.deals()] == [1]
    h.close()


def test_a_deal_finished_but_not_stored_is_stored_on_resume(tmp_path: Path) -> None:
    """Killed after the last card was saved but before the history heard of it: the
    resumed table stores the deal, with its hints."""
    h = _history(tmp_path)
    save = tmp_path / "save.json"
    t = TableController(seed=8, bots="random", save_file=save)   # no recorder: "killed"
    t.note_hint()
    _finish_deal(t)
    assert t.deal_over and h.deals() == []
    _t2, rec = _resume(save, h)
    (row,) = h.deals()
    assert row.hints == 1 and row.game_id == rec.game_id
    h.close()


def test_a_new_game_at_the_table_starts_its_own_record(tmp_path: Path) -> None:
    h = _history(tmp_path)
    t = TableController(seed=3, bots="random")
    rec = DealRecorder(t, h)
    t.note_hint()
    first = rec.game_id
    t.new_game(seed=3)
    t.note_hint()
    _finish_deal(t)
    assert rec.game_id != first and rec.game_id == t.game_id
    assert sorted(g.hints for g in h.games()) == [1, 1]
    h.close()
