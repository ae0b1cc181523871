"""CPU per move played at the terminal tables, as the Pilot tests play them.

Each run opens a table in a fresh Python process (a Textual Pilot app, random bots, no
pauses), plays ``--deals`` whole deals from a fixed seed (your moves by the keys: Enter
takes what is selected, as a player hurrying through would) and reports the process's CPU
time (``time.process_time``: the bots' threads included) per move made at the table, by
any seat; the median of ``--runs`` runs is printed, with the CPU it took to open the table.

The deals' reviews are not made (they are not moves: Twenty-Nine's run in a process of
their own, Twenty-Five's in a thread of the table's).  ``--frames skip`` draws no
frames, as the test suite's headless tables do (``tests/conftest.py``); ``every`` draws
each frame a terminal would get.

``--base REV`` measures the source of git revision REV too, in the same invocation, the
two alternating run by run (so that the machine's load falls on both alike); ``--new
REV`` measures REV instead of the working tree::

    .venv/bin/python benchmarks/table_moves.py --base HEAD~3
    .venv/bin/python benchmarks/table_moves.py --base HEAD~1 --new HEAD

Twenty-Nine's table at 100x30, Twenty-Five's at 80x24 with four players.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
GAMES = ("29", "25")


async def until(pilot: Any, cond: Any, limit: float = 120.0) -> None:
    end = time.monotonic() + limit
    while not cond():
        if time.monotonic() > end:
            raise RuntimeError("the table did not settle")
        await pilot.pause()


async def play_29(deals: int, seed: int, data: Path) -> tuple[float, float, int]:
    """(CPU to open, CPU of the deals, moves made) at a Twenty-Nine table."""
    from twentynine.engine.actions import PASS
    from twentynine.tui.app import TwentyNineApp
    from twentynine.tui.screens import GameOverScreen, SummaryScreen

    t0 = time.process_time()
    app = TwentyNineApp(seed=seed, data_dir=data, bots="random", speed="instant")
    app.coach.background_reviews = False  # (a process of its own, at each deal's end)
    screen = app.table_screen
    screen.pace.trick_delay = 0.0
    screen.turn.enter_guard = 0.0
    screen.turn.burst_gap = 0.0
    screen.pace.summary_guard = 0.0
    async with app.run_test(size=(100, 30)) as pilot:
        await until(pilot, lambda: app.idle)
        t1 = time.process_time()
        moves0 = len(app.table.actions)
        done = 0
        while done < deals:
            await until(pilot, lambda: app.idle)
            if isinstance(app.screen, SummaryScreen):
                done += 1
                if done < deals:
                    await pilot.press("enter")
                continue
            if isinstance(app.screen, GameOverScreen):
                break
            # the auction: pass when you may (Enter would bid on until no bid is left)
            await pilot.press("p" if PASS in app.table.legal_actions() else "enter")
        t2 = time.process_time()
        moves = len(app.table.actions) - moves0
    return t1 - t0, t2 - t1, moves


async def play_25(deals: int, seed: int, data: Path) -> tuple[float, float, int]:
    """(CPU to open, CPU of the deals, moves made) at a Twenty-Five table."""
    from twentynine.tui.twentyfive_app import TwentyFiveApp
    from twentynine.tui.twentyfive_dialogs import RaceOverScreen
    from twentynine.tui.twentyfive_screen import RaceScreen
    from twentynine.twentyfive import HouseRules, Stage
    from twentynine.twentyfive.happenings import CardPlayed, DealOver, Robbed

    def moves(app: TwentyFiveApp) -> int:
        return sum(isinstance(e, (CardPlayed, Robbed)) for e in app.screen_table.history)

    def settled(app: TwentyFiveApp) -> bool:
        if isinstance(app.screen, RaceOverScreen):
            return True
        if not isinstance(app.screen, RaceScreen) or app.screen.thinking:
            return False
        return app.screen_table.bot_seat() is None

    t0 = time.process_time()
    app = TwentyFiveApp(HouseRules(players=4), seed=seed, bots="random", data_dir=data,
                        bot_delay=0.0)
    async with app.run_test(size=(80, 24)) as pilot:
        await until(pilot, lambda: settled(app))
        screen = app.screen
        assert isinstance(screen, RaceScreen)
        recorder = screen.coach.recorder  # a deal's review (in a thread) is not a move
        if recorder is not None:
            recorder.stored = lambda _number: None
        t1 = time.process_time()
        moves0 = moves(app)
        while True:
            await until(pilot, lambda: settled(app))
            done = sum(isinstance(e, DealOver) for e in app.screen_table.history)
            if done >= deals or not isinstance(app.screen, RaceScreen):
                break
            if app.screen_table.view().stage is Stage.GAME_OVER:
                break
            await pilot.press("enter")
        t2 = time.process_time()
        n = moves(app) - moves0
    return t1 - t0, t2 - t1, n


def child(game: str, deals: int, seed: int, frames: str) -> None:
    """One run, in this process: prints one JSON line."""
    os.environ.setdefault("TEXTUAL_ANIMATIONS", "none")
    if frames == "skip":
        sys.path.insert(0, str(ROOT / "tests"))
        from headless_frames import skip_unseen_frames

        skip_unseen_frames()
    import twentynine

    with tempfile.TemporaryDirectory() as tmp:
        play = play_29 if game == "29" else play_25
        opened, cpu, moves = asyncio.run(play(deals, seed, Path(tmp)))
    print(json.dumps({"open": opened, "cpu": cpu, "moves": moves,
                      "src": str(Path(twentynine.__file__).parent.parent)}))


def base_source(rev: str, where: Path) -> Path:
    """REV's ``src`` folder, extracted under ``where`` (made if need be)."""
    where.mkdir(parents=True, exist_ok=True)
    data = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "src"], check=True,
                          capture_output=True).stdout
    with tarfile.open(fileobj=BytesIO(data)) as tar:
        tar.extractall(where, filter="data")
    return where / "src"


def run_one(src: Path, game: str, args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ, PYTHONPATH=str(src))
    out = subprocess.run([sys.executable, __file__, "--child", "--game", game,
                          "--deals", str(args.deals), "--seed", str(args.seed),
                          "--frames", args.frames],
                         check=True, capture_output=True, text=True, env=env).stdout
    result: dict[str, Any] = json.loads(out.strip().splitlines()[-1])
    assert Path(result["src"]) == src, (result["src"], src)
    return result


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", choices=[*GAMES, "both"], default="both")
    p.add_argument("--deals", type=int, default=3, help="deals per run")
    p.add_argument("--runs", type=int, default=3, help="runs per game (and per source)")
    p.add_argument("--seed", type=int, default=5)
    p.add_argument("--frames", choices=["skip", "every"], default="skip")
    p.add_argument("--base", metavar="REV", help="measure git revision REV too")
    p.add_argument("--new", metavar="REV",
                   help="measure git revision REV instead of the working tree")
    p.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = p.parse_args()
    games = GAMES if args.game == "both" else (args.game,)
    if args.child:
        child(games[0], args.deals, args.seed, args.frames)
        return
    with tempfile.TemporaryDirectory() as tmp:
        sources = {"this tree": ROOT / "src"}
        if args.new:
            sources = {args.new: base_source(args.new, Path(tmp) / "new")}
        if args.base:
            sources = {args.base: base_source(args.base, Path(tmp) / "base"), **sources}
        print(f"{args.deals} deals a run, seed {args.seed}, frames: {args.frames}, "
              f"median of {args.runs} runs")
        for game in games:
            results: dict[str, list[dict[str, Any]]] = {name: [] for name in sources}
            for _ in range(args.runs):
                for name, src in sources.items():
                    results[name].append(run_one(src, game, args))
            for name, runs in results.items():
                per_move = statistics.median(r["cpu"] / r["moves"] for r in runs) * 1000
                opened = statistics.median(r["open"] for r in runs)
                print(f"Twenty-{'Nine' if game == '29' else 'Five'} ({name}): "
                      f"{per_move:5.1f} ms CPU a move ({runs[0]['moves']} moves), "
                      f"{opened:4.2f} s to open")


if __name__ == "__main__":
    main()
