"""Twenty-Five's N-player arena: its accounting on tiny runs (every bot sits at every
seat over a group's rotations, the same cards in every rotation, wins and points add up,
the paired interval is computed over groups) and its command's bad values."""

from __future__ import annotations

import pytest

from twentynine.twentyfive import HouseRules, Race
from twentynine.twentyfive.rotation_arena import (
    Group,
    Interval,
    Results,
    Rotation,
    lineup_of,
    main,
    play_groups,
)


@pytest.mark.parametrize(("players", "teams"), [(3, "none"), (4, "pairs"), (6, "threes")])
def test_the_rotation_puts_every_bot_in_every_seat(players: int, teams: str) -> None:
    rules = HouseRules(players=players, teams=teams)
    lineup = lineup_of(rules, "easy", "random")
    res = play_groups(rules, lineup, groups=2, seed=4)
    assert res.faults == 0
    for g in res.groups:
        assert len(g.rotations) == players
        for seat in range(players):
            assert {r.lineup[seat] for r in g.rotations} == {"easy", "random"}
        for r in g.rotations:
            assert sorted(r.lineup) == sorted(lineup)
            # one side won: exactly its seats count a win, and its score reached the target
            winners = {r.side_of[s] for s in range(players) if r.won[s]}
            assert len(winners) == 1
            assert r.scores[winners.pop()] >= rules.target
            assert sum(r.won) == players // rules.sides
            assert all(x % 5 == 0 for x in r.scores)
            assert sum(r.scores) <= 25 * r.deals


def test_each_rotation_deals_the_same_first_cards() -> None:
    rules = HouseRules(players=4)
    res = play_groups(rules, lineup_of(rules, "easy", "random"), groups=1, seed=9)
    g = res.groups[0]
    assert Race(seed=g.seed, rules=rules).dealt[0]  # the group's game is a seeded game
    first = [Race(seed=g.seed, rules=rules).dealt[0] for _ in g.rotations]
    assert all(d == first[0] for d in first)


def rotation(lineup: tuple[str, ...], won: int, scores: tuple[int, ...]) -> Rotation:
    return Rotation(lineup, tuple(s == won for s in range(len(lineup))), scores, 2,
                    tuple(range(len(lineup))), 0)


def test_the_figures_average_seats_then_pair_within_groups() -> None:
    rules = HouseRules(players=3)
    lineup = ("a", "b", "b")
    g1 = Group(1, (rotation(("a", "b", "b"), 0, (25, 10, 0)),
                   rotation(("b", "a", "b"), 0, (25, 5, 10)),
                   rotation(("b", "b", "a"), 2, (10, 5, 25))))
    g2 = Group(2, (rotation(("a", "b", "b"), 1, (0, 25, 10)),
                   rotation(("b", "a", "b"), 1, (5, 25, 0)),
                   rotation(("b", "b", "a"), 0, (25, 0, 20))))
    res = Results(rules, lineup, [g1, g2])
    # g1: a (seats 0, 1, 2 in turn) won at seats 0 and 2; b's six seats won once (seat 0
    # of the second rotation); g2: a won once (seat 1), b twice (seat 1, then seat 0)
    assert g1.figure("a", "win") == pytest.approx(2 / 3)
    assert g1.figure("b", "win") == pytest.approx(1 / 6)
    assert g2.figure("a", "win") == pytest.approx(1 / 3)
    assert g2.figure("b", "win") == pytest.approx(2 / 6)
    d = res.difference("a", "b", "win")
    assert d.n == 2 and d.mean == pytest.approx((0.5 + 0) / 2)
    # points per deal: a's side scores in g1 were 25, 5, 25 over 2 deals each
    assert g1.figure("a", "points") == pytest.approx((25 + 5 + 25) / 3 / 2)
    assert "a - b: win rate" in res.report()


def test_a_bot_against_itself_is_level() -> None:
    rules = HouseRules(players=4)
    res = play_groups(rules, ("random",) * 4, groups=3)
    assert res.bots == ["random"]
    assert res.figure("random", "win").mean == pytest.approx(0.25)


def test_the_interval_of_constant_values_is_zero_wide() -> None:
    iv = Interval.of([0.5, 0.5, 0.5])
    assert (iv.mean, iv.half, iv.n) == (0.5, 0.0, 3)
    assert not Interval.of([-1.0, 1.0]).above_zero


@pytest.mark.parametrize("argv", [["--players", "2"], ["--teams", "pairs", "--players", "5"],
                                  ["--lineup", "easy,random"], ["--groups", "0"]])
def test_bad_values_exit_2(argv: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 2
    assert len(capsys.readouterr().err.strip().splitlines()) == 1


def test_a_tiny_run_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["--a", "easy", "--b", "random", "--players", "3", "--groups", "2"]) == 0
    out = capsys.readouterr().out
    assert "easy - random: win rate" in out and "faults: 0" in out


def test_the_command_line_arena_plays_twentyfive(capsys: pytest.CaptureFixture[str]) -> None:
    """``twentynine arena --game twentyfive`` is Twenty-Five's arena with its own options;
    a bad value of it exits 2 with one line."""
    from twentynine.cli.program import main

    assert main(["arena", "--game", "twentyfive", "--a", "easy", "--b", "random",
                 "--players", "3", "--groups", "2"]) == 0
    out = capsys.readouterr().out
    assert "3 players" in out and "easy - random" in out
    with pytest.raises(SystemExit) as stop:
        main(["arena", "--game=twentyfive", "--players", "10"])
    assert stop.value.code == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err == ["twentynine arena: error: --players must be from 3 to 9, not 10"]
