"""The real program in a pseudo-terminal: a closed window (SIGHUP), a ``kill`` (SIGTERM)
and SIGKILL at random moments never lose an action or leave a damaged save, and
``--resume`` continues at the exact position, the bots' next moves included."""

from __future__ import annotations

import fcntl
import functools
import json
import os
import pty
import random
import re
import select
import signal
import struct
import sys
import termios
import threading
import time
from pathlib import Path

import pytest

from twentynine.controller.local_table import TableController, bot_move, decision_seed
from twentynine.engine.actions import PASS, SHOW_TRUMP, Action
from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.records import replay_game
from twentynine.tui.prefs import Preferences, prefs_path, save_prefs

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="needs a POSIX terminal")

SEED = 5


class Terminal:
    """``twentynine play`` running in a pseudo-terminal of 80x24 (the smallest the table
    supports: every frame the real program draws costs less there), its output drained
    by a reader thread (a program whose terminal is not read would block)."""

    def __init__(self, data_dir: Path, *args: str) -> None:
        env = {**os.environ, "TWENTYNINE_DATA_DIR": str(data_dir), "TERM": "xterm-256color",
               "TEXTUAL_ANIMATIONS": "none", "COLUMNS": "80", "LINES": "24"}
        argv = [sys.executable, "-m", "twentynine", "play", "--seed", str(SEED),
                "--speed", "instant", "--bots", "random", *args]
        pid, fd = pty.fork()
        if pid == 0:  # the child: the program, with the pty as its controlling terminal
            os.execve(sys.executable, argv, env)
        self.pid, self.fd = pid, fd
        fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.output = bytearray()
        self.status: int | None = None
        self._stop = threading.Event()
        self._reader = threading.Thread(target=self._read, daemon=True)
        self._reader.start()

    def _read(self) -> None:
        while not self._stop.is_set():
            try:
                ready, _, _ = select.select([self.fd], [], [], 0.05)
                if not ready:
                    continue
                chunk = os.read(self.fd, 65536)
            except OSError:
                return
            if not chunk:
                return
            self.output.extend(chunk)

    def hang_up(self) -> None:
        """Close the terminal's window: the master side goes away (really closed, with no
        thread still reading it), so the kernel hangs the terminal up."""
        self._stop.set()
        self._reader.join(timeout=5)
        os.close(self.fd)
        self.fd = -1

    def wait_drawn(self, limit: float = 60) -> None:
        """Until the table's footer is on the screen (a bound for a loaded machine, not a
        speed test)."""
        end = time.monotonic() + limit
        while b"quit" not in self.output:
            assert time.monotonic() < end, f"the table did not appear: {self.text()[-800:]!r}"
            assert self.poll() is None, f"the program ended: {bytes(self.output[-500:])!r}"
            time.sleep(0.05)

    def text(self) -> str:
        """What the program wrote, its escape sequences taken out (for failure messages)."""
        raw = bytes(self.output).decode("utf-8", "replace")
        return " ".join(re.sub(r"\x1b(\[[0-9;?<>=]*[ -/]*[@-~]|\][^\x07]*\x07|.)", " ",
                               raw).split())

    def press(self, keys: str) -> None:
        os.write(self.fd, keys.encode())

    def poll(self) -> int | None:
        if self.status is None:
            pid, status = os.waitpid(self.pid, os.WNOHANG)
            if pid:
                self.status = status
        return self.status

    def wait_exit(self, limit: float = 60) -> int:
        end = time.monotonic() + limit
        while self.poll() is None:
            assert time.monotonic() < end, "the program did not end"
            time.sleep(0.05)
        assert self.status is not None
        return self.status

    def close(self) -> None:
        if self.poll() is None:
            os.kill(self.pid, signal.SIGKILL)
            self.wait_exit()
        self._stop.set()
        self._reader.join(timeout=5)
        if self.fd >= 0:
            os.close(self.fd)


def saved_actions(path: Path) -> list[str]:
    """The save's actions; the file must always be whole and replay."""
    if not path.exists():
        return []
    record = json.loads(path.read_text(encoding="utf-8"))
    replay_game(record)  # raises if damaged
    actions = record["actions"]
    assert isinstance(actions, list)
    return [str(a) for a in actions]


def key_for(actions: list[str]) -> str | None:
    """The key a simple player presses at the position after ``actions`` (None: not the
    player's decision, wait)."""
    return _key_after(tuple(actions))


@functools.lru_cache(maxsize=256)
def _key_after(actions: tuple[str, ...]) -> str | None:
    """``key_for``, once per position (the save is polled every 30 ms, and the game was
    replayed from its first action at every poll)."""
    g = Game(SEED)
    for a in actions:
        g.apply(Action.parse(a))
    v = g.view(0)
    if v.phase is Phase.DEAL_OVER:
        return "\r"  # the deal summary: on to the next deal
    if g.turn != 0:
        return None
    legal = v.legal_actions
    if len(legal) == 1 and legal[0].card is not None and v.phase is Phase.PLAY:
        return None  # a forced card: the table plays it by itself
    if v.phase is Phase.AUCTION:
        return "p" if PASS in legal else "\r"
    if v.phase is Phase.PLAY and SHOW_TRUMP in legal and not any(a.card for a in legal):
        return "s"
    return "\r"


def play_keys(term: Terminal, path: Path, n: int, kill_after: float | None = None
              ) -> list[str]:
    """Press ``n`` keys, each once the save shows the player's turn (a key that was too
    early is pressed again); with ``kill_after``, stop after that many seconds (once this
    run has made at least one action), at whatever moment that is.  The bounds are for a
    loaded machine, where the table can take seconds to answer."""
    start = time.monotonic()
    actions = saved_actions(path)
    first = list(actions)
    for _ in range(n):
        deadline = time.monotonic() + 60
        key = key_for(actions)
        while key is None:
            assert time.monotonic() < deadline, "the bots did not move"
            time.sleep(0.03)
            actions = saved_actions(path)
            key = key_for(actions)
        term.press(key)
        pressed = time.monotonic()
        while saved_actions(path) == actions:
            if (kill_after is not None and time.monotonic() - start > kill_after
                    and saved_actions(path) != first):  # at least one action in this run
                return actions
            if time.monotonic() - pressed > 1.5:  # pressed before the table was ready
                term.press(key)
                pressed = time.monotonic()
            assert time.monotonic() < deadline, "the key did nothing"
            time.sleep(0.02)
        actions = saved_actions(path)
    return actions


def settled(path: Path, limit: float = 60) -> list[str]:
    """The save once the player is to move again (the bots have moved)."""
    end = time.monotonic() + limit
    actions = saved_actions(path)
    while key_for(actions) is None:
        assert time.monotonic() < end
        time.sleep(0.03)
        actions = saved_actions(path)
    time.sleep(0.2)  # nothing more comes
    assert saved_actions(path) == actions
    return actions


def check_bot_moves(actions: list[str]) -> None:
    """Every bot move in the record is the one its seeded decision gives from its view:
    the resumed bots played exactly what the first run's would have."""
    t = TableController(seed=SEED, bots="random")
    for i, text in enumerate(actions):
        action = Action.parse(text)
        turn = t.bot_turn()
        if turn is not None:
            assert turn.seed == decision_seed(SEED, turn.seat, i)
            assert bot_move(t.bots[turn.seat], turn.view, turn.seed).action == action, i
            t.apply_bot(turn, action)
        elif t.deal_over:
            t.next_deal()
        else:
            t.apply(action)


@pytest.mark.early
def test_signals_and_kills_never_lose_the_game(tmp_path: Path) -> None:
    path = tmp_path / "save.json"
    rng = random.Random(29)
    save_prefs(Preferences(seen_intro=True), prefs_path(tmp_path))  # not the first launch

    # SIGHUP with the terminal still there: saved, terminal restored, a clean exit
    term = Terminal(tmp_path)
    try:
        term.wait_drawn()
        play_keys(term, path, 2)
        before = settled(path)
        assert len(before) >= 2
        os.kill(term.pid, signal.SIGHUP)
        status = term.wait_exit()
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        time.sleep(0.1)
        assert b"\x1b[?1049l" in term.output  # left the alternate screen
        assert saved_actions(path) == before
    finally:
        term.close()

    # SIGKILL at a random moment, resuming at the last completed action (once: each of
    # the later phases resumes after the one before it, this kill's save included)
    term = Terminal(tmp_path, "--resume")
    try:
        term.wait_drawn()
        play_keys(term, path, 40, kill_after=rng.uniform(0.2, 1.2))
        os.kill(term.pid, signal.SIGKILL)
        term.wait_exit()
    finally:
        term.close()
    last = saved_actions(path)  # whole and replayable
    assert last[:len(before)] == before, "a completed action was lost"
    assert len(last) > len(before)

    # the window closed (the terminal hung up): the kernel's SIGHUP saves and ends it
    term = Terminal(tmp_path, "--resume")
    try:
        term.wait_drawn()
        play_keys(term, path, 1)
        before = settled(path)
        assert before[:len(last)] == last
        term.hang_up()
        term.wait_exit()
        assert saved_actions(path) == before
    finally:
        term.close()

    # SIGTERM (kill): the same
    term = Terminal(tmp_path, "--resume")
    try:
        term.wait_drawn()
        play_keys(term, path, 1)
        before = settled(path)
        os.kill(term.pid, signal.SIGTERM)
        status = term.wait_exit()
        assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0, status
        assert saved_actions(path) == before
    finally:
        term.close()
    check_bot_moves(before)
    assert not list(tmp_path.glob("save.json.damaged-*"))
