"""The ``play`` command line: the flags reach the table, bad values exit 2 with one line."""

from __future__ import annotations

import argparse
import subprocess
import sys

import pytest

from twentynine.cli import program as cli
from twentynine.engine.options import rules_from
from twentynine.engine.rules import Rules


@pytest.mark.parametrize("argv", [
    ["play", "--variant", "bogus"],
    ["play", "--min-bid", "13"],
    ["play", "--min-bid", "x"],
    ["play", "--timer", "0"],
    ["play", "--timer", "soon"],
    ["play", "--timer", "nan"],
    ["play", "--timer", "inf"],
    ["arena", "--budget", "2"],
    ["host", "--bot-delay", "-1"],
    ["host", "--allow-host", "evil.example; script-src *"],
    ["host", "--trusted-proxy", "proxy.example"],
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


@pytest.mark.parametrize(("argv", "message"), [
    # the range the asked-for game allows, whichever way the value is wrong
    (["--variant", "28pt", "--max-bid", "14"], "--max-bid must be from 16 to 28 with these rules"),
    (["--variant", "28pt", "--max-bid", "29"], "--max-bid must be from 16 to 28 with these rules"),
    (["--max-bid", "14"], "--max-bid must be from 16 to 29, not '14'"),
    (["--min-bid", "13"], "--min-bid must be one of 14, 15, 16, not '13'"),
])
def test_a_bid_limit_out_of_range_names_its_flag_and_the_range_of_these_rules(
        argv: list[str], message: str, capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("play", "rules", "arena"):
        with pytest.raises(SystemExit) as exc:
            cli.main([command, *argv])
        assert exc.value.code == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and message in err, err


def test_flags_that_fit_only_together_are_still_taken() -> None:
    """--max-bid 29 needs the last trick's point, which 28pt turns off: both flags at once."""
    opts = cli.build_parser().parse_args(
        ["play", "--variant", "28pt", "--max-bid", "29", "--last-trick", "on"])
    rules = rules_from(opts)
    assert (rules.max_bid, rules.last_trick_point) == (29, True)


def test_the_flags_reach_the_table(monkeypatch: pytest.MonkeyPatch) -> None:
    seen: list[tuple[argparse.Namespace, Rules]] = []

    def fake_run_play(opts: argparse.Namespace, rules: Rules) -> int:
        seen.append((opts, rules))
        return 0

    monkeypatch.setattr("twentynine.tui.launch.run_play", fake_run_play)
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    assert cli.main(["play", "--variant", "28pt", "--min-bid", "15"]) == 0
    opts, rules = seen[-1]
    assert rules == Rules.preset("28pt").replace(min_bid=15)
    assert cli.main(["play", "--seed", "3", "--speed", "instant", "--timer", "25",
                     "--bots", "easy", "--resume"]) == 0
    opts, rules = seen[-1]
    assert (opts.seed, opts.speed, opts.timer, opts.bots, opts.resume) == (
        3, "instant", 25.0, "easy", True)


def test_an_unknown_bot_level_is_refused_by_name(tmp_path: object) -> None:
    from twentynine.bots import UnknownBot
    from twentynine.tui.app import TwentyNineApp

    with pytest.raises(UnknownBot, match="unknown bot 'no-such-bot': choose one of"):
        TwentyNineApp(Rules(), seed=1, bots="no-such-bot", data_dir=str(tmp_path))
    app = TwentyNineApp(Rules(), seed=1, bots="hard", data_dir=str(tmp_path))
    assert app.bot_name == "hard"


def _run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "twentynine", *args], capture_output=True,
                          text=True, timeout=60)


def test_version_and_python_dash_m() -> None:
    from twentynine import version_text

    res = _run("--version")
    assert res.returncode == 0
    assert res.stdout.strip() == version_text()
    assert version_text().startswith("twentynine 0.") and "(" in version_text()


@pytest.mark.parametrize("argv", [["play", "--speed", "warp"], ["arena", "--boards", "0"],
                                  ["rules", "--min-bid", "3"], ["nonsense"]])
def test_every_error_has_the_same_prefix(argv: list[str]) -> None:
    res = _run(*argv)
    assert res.returncode == 2
    assert res.stderr.startswith("twentynine: error: ") and res.stderr.count("\n") == 1, \
        res.stderr


def test_a_closed_pipe_ends_quietly() -> None:
    proc = subprocess.Popen([sys.executable, "-m", "twentynine", "rules"],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # the reader has gone before the first line (like head -0)
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=60) == 0
    assert err == "", err


def test_arena_bots_have_help() -> None:
    res = _run("arena", "--help")
    assert res.returncode == 0
    assert "--a BOT" in res.stdout and "--b BOT" in res.stdout
    assert res.stdout.count("Bhoos SmartBots") == 2  # each of --a and --b explained
