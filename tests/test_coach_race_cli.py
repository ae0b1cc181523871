"""``twentynine stats``, ``history``, ``review`` and ``export`` with ``--game twentyfive``:
the Twenty-Five history, apart from Twenty-Nine's, through the real command."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twentynine.cli.program import main
from twentynine.coach.race_history import RaceHistory, race_history_path
from twentynine.coach.race_recorder import RaceRecorder
from twentynine.twentyfive import HouseRules, Move, Stage
from twentynine.twentyfive.race_table import RaceTable, save_path

pytestmark = [pytest.mark.coach, pytest.mark.twentyfive]


def two_deals(data: Path) -> str:
    """A 3-player game with two deals kept in the history; its id."""
    table = RaceTable(HouseRules(players=3, target=45), seed=6, bots="easy",
                      save_file=save_path(data))
    rec = RaceRecorder(table, RaceHistory(race_history_path(data)))
    rec.note_hint()
    for _ in range(2):
        while table.stage is Stage.PLAY:
            table.run_bots()
            if table.stage is Stage.PLAY:
                table.apply(table.legal_actions()[0])
        if table.stage is Stage.DEAL_OVER:
            table.apply(Move.parse("next deal"))
    return rec.game_id


def test_history_review_stats_and_export(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))
    monkeypatch.setenv("COLUMNS", "120")
    game = two_deals(tmp_path)
    assert main(["history", "--game", "twentyfive", "--no-review"]) == 0
    out = capsys.readouterr().out
    assert "2 deals not yet reviewed: their mistakes are not counted." in out
    assert f"{game[:6]}.1" in out and f"{game[:6]}.2" in out
    assert "3 players, each for themselves" in out and "(race to 45)" in out
    assert main(["review", "--game", "twentyfive", f"{game[:6]}.1"]) == 0
    out = capsys.readouterr().out
    assert out.startswith(f"Deal {game[:6]}.1 (game started ")
    assert "Deal 1: nobody reached 45" in out
    # the review is kept: the statistics count its mistakes, the other deal is caught up
    assert main(["stats", "--game", "twentyfive"]) == 0
    out = capsys.readouterr().out
    assert "1 deal not yet reviewed: reviewing it now" in out
    assert "in 2 reviewed deals" in out and "hints 1" in out
    assert main(["export", "--game", "twentyfive", f"{game[:6]}.2"]) == 0
    record = json.loads(capsys.readouterr().out)
    assert record["seed"] == 6 and record["moves"]
    # Twenty-Nine's history is another file: none of this is in it
    assert main(["history", "--no-review"]) == 0
    assert game[:6] not in capsys.readouterr().out


@pytest.mark.parametrize(("args", "words"), [
    (["review", "--game", "twentyfive", "nope"], "is not a Twenty-Five deal id"),
    (["review", "--game", "twentyfive", "abc.1"], "no deal 'abc.1'"),
    (["review", "--game", "twentyfive"], "review needs one of --last or a deal id"),
    (["review", "--game", "twentyfive", "--last"], "no deal in the Twenty-Five history"),
    (["export", "--game", "twentyfive", "x.2"], "no deal 'x.2'"),
])
def test_bad_values_exit_2_with_one_line(args: list[str], words: str, tmp_path: Path,
                                         monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("TWENTYNINE_DATA_DIR", str(tmp_path))
    assert main(args) == 2
    err = capsys.readouterr().err
    assert words in err and err.count("\n") == 1
