"""Twenty-Five's table without a screen: the bots, the save after every move, --resume
and a damaged save; and the command line's --game twentyfive."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from twentynine.cli import program as cli
from twentynine.twentyfive import HouseRules, IllegalMoveError, Move, MoveKind, Stage
from twentynine.twentyfive.bot_registry import LEVEL_NAMES
from twentynine.twentyfive.race_stats import load_stats, record_game
from twentynine.twentyfive.race_table import RaceTable, load_settings, save_settings


def play_to_end(table: RaceTable) -> None:
    """The player plays their first legal card every turn and deals on."""
    for _ in range(2000):
        table.run_bots()
        if table.is_over:
            return
        table.apply(table.legal_actions()[0])
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("players", [3, 4, 9])
def test_a_whole_game_ends_with_a_side_at_the_target(players: int, tmp_path: Path) -> None:
    table = RaceTable(HouseRules(players=players), seed=players, bots="random",
                      save_file=tmp_path / "s.json")
    play_to_end(table)
    view = table.view()
    assert view.stage is Stage.GAME_OVER
    assert max(view.scores) >= 25 and view.scores.index(max(view.scores)) == view.winner
    assert not (tmp_path / "s.json").exists()  # a finished game leaves no save


def test_bots_come_from_the_registry() -> None:
    for level in LEVEL_NAMES:
        table = RaceTable(HouseRules(players=5), seed=1, bots=level)
        assert sorted(table.players) == [1, 2, 3, 4]
        table.apply(table.legal_actions()[0])
        table.run_bots()
        assert table.turn in (0, -1) or table.stage is Stage.DEAL_OVER


def test_a_refused_card_says_why_and_changes_nothing(tmp_path: Path) -> None:
    table = RaceTable(HouseRules(players=4), seed=2, bots="easy", save_file=tmp_path / "s")
    table.apply(table.legal_actions()[0])
    table.run_bots()
    # a card that is not the player's, then a card the rules refuse if there is one
    hand = table.view().hand
    with pytest.raises(IllegalMoveError):
        table.apply(Move.play(next(c for c in range(52) if c not in hand)))
    assert table.view().hand == hand


def test_resume_gives_the_same_position(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    table = RaceTable(HouseRules(players=6, teams="threes"), seed=11, bots="easy",
                      save_file=path)
    for _ in range(4):
        table.run_bots()
        table.apply(table.legal_actions()[0])
    table.run_bots()
    again, message = RaceTable.resume(path)
    assert message is None and again is not None
    assert again.view() == table.view()
    assert again.bots == "easy" and again.rules == table.rules


def test_a_damaged_save_is_set_aside_and_reported(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    path.write_text('{"table": {"bots": "easy"}, "record": {"schema": 1, "moves": [')
    table, message = RaceTable.resume(path)
    assert table is None and message is not None and "moved to" in message
    assert not path.exists()
    assert next(p.name for p in tmp_path.iterdir()).startswith("save.json.damaged-")
    assert RaceTable.resume(path) == (None, None)


def test_statistics_count_games_and_wins_by_table(tmp_path: Path) -> None:
    path = tmp_path / "stats.json"
    record_game(path, HouseRules(players=4), won=True)
    record_game(path, HouseRules(players=4), won=False)
    record_game(path, HouseRules(players=6, teams="pairs"), won=True)
    stats = load_stats(path)
    assert (stats.games, stats.wins) == (3, 2)
    assert sorted(stats.tables.values()) == [(1, 1), (2, 1)]
    path.write_text("[")
    assert load_stats(path).problem is not None and load_stats(path).games == 0


def test_settings_are_saved_and_a_damaged_file_set_aside(tmp_path: Path) -> None:
    path = tmp_path / "set.json"
    assert save_settings(path, HouseRules(players=7, rob=False), "random") is None
    assert load_settings(path) == (HouseRules(players=7, rob=False), "random", None)
    path.write_text("{}")
    rules, _level, problem = load_settings(path)
    assert rules is None and problem is not None and not path.exists()


@pytest.mark.parametrize(("argv", "named"), [
    (["play", "--game", "twentyfive", "--min-bid", "15"], "--min-bid"),
    (["play", "--game", "twentyfive", "--double", "on"], "--double"),
    (["play", "--game", "twentyfive", "--variant", "28pt"], "--variant"),
    (["play", "--players", "6"], "--players"),
    (["play", "--no-rob"], "--no-rob"),
    (["rules", "--teams", "pairs"], "--teams"),
    (["play", "--game", "twentyfive", "--players", "2"], "--players"),
    (["play", "--game", "twentyfive", "--players", "10"], "--players"),
    (["play", "--game", "twentyfive", "--players", "5", "--teams", "pairs"], "--teams"),
    (["play", "--game", "twentyfive", "--players", "8", "--teams", "threes"], "--teams"),
    (["play", "--game", "twentyfive", "--target", "27"], "--target"),
    (["play", "--game", "twentyfive", "--bots", "genius"], "--bots"),
    (["play", "--game", "chess"], "--game"),
])
def test_a_flag_of_the_other_game_or_a_bad_value_exits_2_naming_it(
        argv: list[str], named: str, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and named in err, err


def test_rules_prints_twentyfive_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "--game", "twentyfive", "--players", "6", "--no-rob"]) == 0
    out = capsys.readouterr().out
    for flag in ("--players N", "--teams", "--target N", "--no-rob", "--no-renege"):
        assert flag in out
    assert "* --players N" in out and "* --no-rob" in out


def test_twentynine_stays_the_default(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["rules", "--variant", "28pt", "--min-bid", "15"]) == 0
    assert "--min-bid" in capsys.readouterr().out
    opts = cli.build_parser().parse_args(["play", "--variant", "28pt", "--min-bid", "15"])
    assert opts.game == "twentynine" and cli.other_game_flag(opts) is None


def test_save_is_the_engine_record(tmp_path: Path) -> None:
    path = tmp_path / "s.json"
    table = RaceTable(HouseRules(players=4), seed=5, bots="random", save_file=path)
    table.apply(table.legal_actions()[0])
    data = json.loads(path.read_text())
    assert data["table"]["bots"] == "random"
    assert data["record"]["moves"][0].startswith("play ")


def test_why_no_rob_before_the_robbers_turn() -> None:
    from twentynine.twentyfive import Race
    from twentynine.twentyfive.pack import ace_of_trumps

    for seed in range(500):  # seat 0 deals (plays last) and holds the ace of trumps
        race = Race(seed, HouseRules(players=4), first_dealer=0)
        view = race.view(0)
        if ace_of_trumps(view.trump) in view.hand and view.turned != ace_of_trumps(
                view.trump):
            break
    table = RaceTable(race=race, bots="random")
    assert table.why_no_rob() == ("wait for your turn: you may rob before you play your "
                                  "first card")
    table.run_bots()
    assert table.turn == 0 and table.why_no_rob() is None
    table.apply(next(m for m in table.legal_actions() if m.kind is MoveKind.PLAY))
    table.run_bots()
    if table.turn == 0:
        assert table.why_no_rob() == ("you may rob only on your first turn, before you "
                                      "play your first card")
