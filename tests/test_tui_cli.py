"""The ``play`` command line: the flags reach the table, bad values exit 2 with one line."""

from __future__ import annotations

import argparse

import pytest

from twentynine import cli
from twentynine.rules import Rules


@pytest.mark.parametrize("argv", [
    ["play", "--variant", "bogus"],
    ["play", "--min-bid", "13"],
    ["play", "--min-bid", "x"],
    ["play", "--timer", "0"],
    ["play", "--timer", "soon"],
    ["play", "--speed", "warp"],
    ["play", "--seed", "x"],
    ["play", "--bots", "genius"],
    ["play", "--no-such-flag"],
])
def test_bad_values_exit_2_with_one_line(argv: list[str], capsys: pytest.CaptureFixture[str]
                                         ) -> None:
    with pytest.raises(SystemExit) as exc:
        cli.main(argv)
    assert exc.value.code == 2
    err = capsys.readouterr().err
    assert err.endswith("\n") and err.count("\n") == 1, err


def test_the_flags_reach_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[argparse.Namespace, Rules]] = []

    def fake_run_play(opts: argparse.Namespace, rules: Rules) -> int:
        seen.append((opts, rules))
        return 0

    monkeypatch.setattr("twentynine.tui.app.run_play", fake_run_play)
    assert cli.main(["play", "--variant", "28pt", "--min-bid", "15"]) == 0
    opts, rules = seen[-1]
    assert rules == Rules.preset("28pt").replace(min_bid=15)
    assert cli.main(["play", "--seed", "3", "--speed", "instant", "--timer", "25",
                     "--bots", "easy", "--resume"]) == 0
    opts, rules = seen[-1]
    assert (opts.seed, opts.speed, opts.timer, opts.bots, opts.resume) == (
        3, "instant", 25.0, "easy", True)


def test_an_unregistered_bot_level_falls_back_to_random(tmp_path: object) -> None:
    from twentynine.bots import BOTS
    from twentynine.tui.app import TwentyNineApp

    app = TwentyNineApp(Rules(), seed=1, bots="no-such-bot", data_dir=str(tmp_path))
    assert app.bot_name == "random"
    app = TwentyNineApp(Rules(), seed=1, bots="medium", data_dir=str(tmp_path))
    assert app.bot_name == ("medium" if "medium" in BOTS else "random")
