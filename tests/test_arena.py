"""The duplicate arena: both rooms get the same cards with the teams swapped, a bot against
itself comes out at zero, several processes give the same numbers, faults fail the run."""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence

import pytest

from twentynine import Action, Rules, SeatView
from twentynine.bots import BOTS, BaseBot
from twentynine.bots.easy import EasyBot
from twentynine.cli.arena import (
    ArenaResult,
    band_labels,
    band_of,
    board_seed,
    bot_seed,
    play_board,
    play_boards,
)
from twentynine.cli.program import main
from twentynine.engine.cards import mask_cards

# what the spies saw: (label, seed, seat, first four cards as ints), in order
SEEN: list[tuple[str, int, int, tuple[int, ...]]] = []


class _Spy(BaseBot):
    label = "?"

    def __init__(self, seed: int | None = None, time_budget: float = 1.0) -> None:
        super().__init__(seed, time_budget)
        self.inner = EasyBot(seed=seed)
        self.seed = seed if seed is not None else -1
        self.noted = False

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        assert type(view) is SeatView
        if not self.noted:  # the first decision is in the auction, on the first four cards
            SEEN.append((self.label, self.seed, view.seat, tuple(c.index for c in view.hand)))
            self.noted = True
        return self.inner.choose(view, legal)


class SpyA(_Spy):
    name = "spy-a"
    label = "A"


class SpyB(_Spy):
    name = "spy-b"
    label = "B"


def test_both_rooms_get_the_same_cards_with_the_teams_swapped() -> None:
    res = play_boards("easy", "random", boards=6, seed=3)
    for b in res.boards:
        r0, r1 = b.rooms
        assert (r0.first, r0.second, r0.dealer) == (r1.first, r1.second, r1.dealer)
        assert r0.seats == ("A", "B", "A", "B") and r1.seats == ("B", "A", "B", "A")
        assert (r0.a_team, r1.a_team) == (0, 1)
        assert b.seed == board_seed(3, b.index)
        assert r0.dealer == b.index % 4
    # different boards are different deals
    assert len({b.rooms[0].first for b in res.boards}) == 6


def test_the_bots_really_sit_where_the_rooms_say() -> None:
    """Spies record the cards each bot was dealt: at every seat, A in one room and B in the
    other saw the same four cards."""
    SEEN.clear()
    res = play_boards(SpyA, SpyB, boards=3, seed=5)
    assert (res.name_a, res.name_b) == ("spy-a", "spy-b")
    per_board = 8
    assert len(SEEN) == 3 * per_board
    for i, b in enumerate(res.boards):
        seen = SEEN[i * per_board:(i + 1) * per_board]
        room0, room1 = seen[:4], seen[4:]
        by_seat0 = {seat: (label, hand) for label, _, seat, hand in room0}
        by_seat1 = {seat: (label, hand) for label, _, seat, hand in room1}
        for seat in range(4):
            (l0, h0), (l1, h1) = by_seat0[seat], by_seat1[seat]
            assert h0 == h1 == tuple(mask_cards(b.rooms[0].first[seat]))
            assert {l0, l1} == {"A", "B"}
            assert l0 == b.rooms[0].seats[seat] and l1 == b.rooms[1].seats[seat]
        # every bot instance has its own seed, derived from the board, room and seat
        seeds = {s for _, s, _, _ in seen}
        assert seeds == {bot_seed(5, b.index, room, seat) for room in (0, 1)
                         for seat in range(4)}


def test_a_bot_against_itself_scores_zero_within_its_interval() -> None:
    res = play_boards("random", "random", boards=80, seed=11)
    lo, hi = res.interval
    assert lo <= 0 <= hi
    assert res.sd > 0  # random bots really differ between the rooms
    easy = play_boards("easy", "easy", boards=30, seed=11)
    lo, hi = easy.interval
    assert lo <= 0 <= hi
    assert easy.card_points("A") == pytest.approx(easy.card_points("B"))


def test_two_jobs_give_the_same_numbers_as_one() -> None:
    one = play_boards("easy", "random", boards=10, seed=7, jobs=1)
    two = play_boards("easy", "random", boards=10, seed=7, jobs=2)
    assert one.figures() == two.figures()
    assert [b.rooms for b in one.boards] == [b.rooms for b in two.boards]
    again = play_boards("random", "random", boards=6, seed=2, rules=Rules.preset("pagat"),
                        jobs=2)
    assert again.figures() == play_boards("random", "random", boards=6, seed=2,
                                          rules=Rules.preset("pagat")).figures()


def sample_bounded(name: str) -> dict[str, float]:
    """Options that bound a searching bot by its sample counts, not by the clock (a search
    stopped on the clock plays differently from run to run): few worlds, a lifted clock."""
    config = getattr(BOTS[name], "default_config", None)
    if config is None:
        return {}
    opts: dict[str, float] = {"time_budget": 1000.0}
    for f in dataclasses.fields(config):
        if f.name.endswith("samples"):
            opts[f.name] = min(getattr(config, f.name), 3)
    return opts


@pytest.mark.parametrize("name", sorted(BOTS))
def test_every_bot_gives_the_same_board_results_on_two_jobs(name: str) -> None:
    opts = sample_bounded(name)
    n = 4 if name in ("random", "easy") else 2  # searching bots: one board per process
    one = play_boards(name, "easy", boards=n, seed=4, options_a=opts, time_limit=None)
    two = play_boards(name, "easy", boards=n, seed=4, jobs=2, options_a=opts,
                      time_limit=None)
    assert one.figures() == two.figures()


def test_the_figures_add_up() -> None:
    res = play_boards("easy", "random", boards=12, seed=9, rules=Rules(min_bid=15))
    assert res.mean == pytest.approx(sum(b.score for b in res.boards) / 12)
    rooms = [r for b in res.boards for r in b.rooms]
    a_gp = sum(r.game_points[r.a_team] for r in rooms) / len(rooms)
    b_gp = sum(r.game_points[1 - r.a_team] for r in rooms) / len(rooms)
    assert res.game_points("A") == pytest.approx(a_gp)
    assert res.mean == pytest.approx(a_gp - b_gp)
    total = Rules(min_bid=15).total_points
    assert res.card_points("A") + res.card_points("B") == pytest.approx(total)
    bands_a, bands_b = res.bands("A"), res.bands("B")
    assert list(bands_a) == ["15-17", "18-19", "20-22", "23+", "all"]
    assert bands_a["all"].made + bands_a["all"].failed + bands_b["all"].played == 24
    assert res.faults == 0 and len(res.latencies("A")) > 12 * 2 * 16


def test_bid_bands() -> None:
    assert [band_of(b) for b in (16, 17, 18, 19, 20, 22, 23, 28)] == \
        ["16-17", "16-17", "18-19", "18-19", "20-22", "20-22", "23+", "23+"]
    assert band_of(14, 14) == "14-17" and band_labels(15)[0] == "15-17"


class Raiser(BaseBot):
    name = "raiser"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        if view.phase.value == "play":
            raise RuntimeError("no idea")
        return legal[-1]


def test_faults_are_counted_and_the_board_still_finishes() -> None:
    board = play_board(Raiser, "easy", 0, seed=1, rules=Rules())
    assert len(board.faults[0]) > 0 and not board.faults[1]
    assert "raised RuntimeError" in board.faults[0][0]
    res = ArenaResult("raiser", "easy", 1, Rules(), [board])
    assert res.faults == len(board.faults[0])
    assert "raiser" in res.report()


def test_the_command_prints_the_figures(capsys: pytest.CaptureFixture[str]) -> None:
    code = main(["arena", "--a", "easy", "--b", "random", "--boards", "4", "--seed", "1",
                 "--quiet"])
    out = capsys.readouterr().out
    assert code == 0
    for words in ("game points per deal, A - B", "95% CI", "card points per deal",
                  "16-17", "23+", "p50", "p95", "p99", "faults"):
        assert words in out


def test_the_command_fails_on_a_fault(capsys: pytest.CaptureFixture[str],
                                      monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(BOTS, "random", Raiser)
    code = main(["arena", "--a", "easy", "--b", "random", "--boards", "2", "--quiet",
                 "--variant", "pagat"])
    assert code == 1
    assert "raised RuntimeError" in capsys.readouterr().out


def test_the_progress_bar_run_gives_the_same_report(capsys: pytest.CaptureFixture[str]
                                                    ) -> None:
    main(["arena", "--a", "easy", "--b", "random", "--boards", "3", "--quiet"])
    quiet = capsys.readouterr().out
    main(["arena", "--a", "easy", "--b", "random", "--boards", "3"])
    loud = capsys.readouterr().out
    def figures(text: str) -> list[str]:  # everything above the latency lines
        lines = text.splitlines()
        return lines[:next(i for i, ln in enumerate(lines) if "latency" in ln)]
    assert figures(quiet) == figures(loud)
    assert len(figures(quiet)) > 8


class Dawdler(BaseBot):
    name = "dawdler"

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        import time

        time.sleep(0.002)
        return legal[0]


def test_slow_decisions_are_timed_and_counted_as_time_outs() -> None:
    board = play_board(Dawdler, "easy", 0, seed=1, rules=Rules(), time_limit=0.001)
    assert board.faults[0] and all("budget" in f for f in board.faults[0])
    # easy answers in a fraction of the 1 ms budget; a machine loaded many times over can
    # stretch one of its decisions past it, never every one as the dawdler's
    assert min(board.latency[0]) >= 0.002
    assert len(board.faults[1]) < len(board.faults[0]), board.faults[1]
    relaxed = play_board(Dawdler, "easy", 0, seed=1, rules=Rules(), time_limit=5)
    assert not relaxed.faults[0]


def test_the_budget_option_reaches_only_the_search_bots(capsys: pytest.CaptureFixture[str]
                                                        ) -> None:
    from twentynine.cli.arena import budget_options

    assert budget_options("hard", 0.05) == {"time_budget": 0.05}
    assert budget_options("medium", 0.05) == {"time_budget": 0.05}
    assert budget_options("easy", 0.05) == {}
    assert budget_options("hard", None) == {}
    code = main(["arena", "--a", "medium", "--b", "easy", "--boards", "1", "--seed", "2",
                 "--budget", "0.005", "--quiet"])
    assert code == 0
    assert "A (medium) vs B (easy)" in capsys.readouterr().out
    with pytest.raises(SystemExit):
        main(["arena", "--budget", "9", "--quiet"])
