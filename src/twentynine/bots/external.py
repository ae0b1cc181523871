"""A bot in another process that speaks the Bhoos SmartBots protocol (``twentynine.bots.bhoos``)
as JSON lines on its stdin and stdout: the arena's ``--b 'cmd:<command line>'``.

Any program written for that format can be measured against ours, and so can another
installed version of twentynine (``cmd:/path/to/venv/bin/twentynine bot --protocol bhoos``).
The process is started on first use and kept for every seat and board of the run (the
protocol's requests carry the whole position, so one process serves all four seats).

A process that exits, answers something that is not the protocol, or does not answer
within :data:`ANSWER_TIMEOUT` seconds raises :class:`ExternalBotError`; a process that
answers an illegal move gets that move returned.  The arena's :func:`~twentynine.bots.decide`
turns either into a counted fault with a legal move played instead, so a broken external
bot never stops a run.  After a time-out or a crash the process is started afresh (and
warmed up) for the next question, until it has failed :data:`MAX_FAILURES` times in a row.
"""

from __future__ import annotations

import atexit
import contextlib
import json
import os
import selectors
import shlex
import subprocess
import time
from collections.abc import Sequence
from typing import Any

from ..engine.actions import Action
from ..engine.cards import Card
from ..engine.views import SeatView
from .bhoos import ProtocolError, action_for, request_for

ANSWER_TIMEOUT = 2.5
"""Seconds to wait for one answer before the process counts as hung (the arena's own
time limit, 2 s, makes a slower answer a fault anyway)."""
START_TIMEOUT = 20.0
"""Seconds a new process may take to answer its first ``hi`` (starting up is not timed as
a move)."""


class ExternalBotError(RuntimeError):
    """The external bot crashed, hung, or answered outside the protocol."""


class _Process:
    """One running bot process and its line-reading state."""

    def __init__(self, command: str) -> None:
        argv = shlex.split(command)
        if not argv:
            raise ExternalBotError("the cmd: bot has an empty command line")
        try:
            self.proc = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                         stderr=subprocess.DEVNULL, bufsize=0)
        except OSError as exc:
            raise ExternalBotError(f"cannot start {argv[0]!r}: {exc.strerror}") from None
        self.pid = os.getpid()
        self.buf = b""

    def alive(self) -> bool:
        return self.proc.poll() is None and self.pid == os.getpid()

    def ask(self, request: dict[str, Any], timeout: float) -> Any:
        stdin, stdout = self.proc.stdin, self.proc.stdout
        assert stdin is not None and stdout is not None
        try:
            stdin.write((json.dumps(request) + "\n").encode())
            stdin.flush()
        except (BrokenPipeError, OSError):
            raise ExternalBotError(self._exit_text()) from None
        deadline = time.monotonic() + timeout
        with selectors.DefaultSelector() as sel:
            sel.register(stdout, selectors.EVENT_READ)
            while b"\n" not in self.buf:
                left = deadline - time.monotonic()
                if left <= 0 or not sel.select(left):
                    self.kill()
                    raise ExternalBotError(f"no answer within {timeout:g} s")
                chunk = os.read(stdout.fileno(), 65536)
                if not chunk:
                    raise ExternalBotError(self._exit_text())
                self.buf += chunk
        line, _, self.buf = self.buf.partition(b"\n")
        try:
            return json.loads(line)
        except ValueError:
            raise ExternalBotError(f"answered {line[:80]!r}, not JSON") from None

    def _exit_text(self) -> str:
        try:
            code = self.proc.wait(timeout=1)
        except subprocess.TimeoutExpired:
            self.kill()
            return "closed its output"
        return f"exited with status {code}"

    def kill(self) -> None:
        if self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait()


_PROCESSES: dict[str, _Process] = {}
"""One process per command line in this (arena worker) process."""
MAX_FAILURES = 5
"""A command whose process has failed (crashed, hung, answered outside the protocol) this
many times in a row, with no good answer between, is not started again in this run: its
later questions fail at once (still counted) instead of each waiting out its time-out."""
_FAILURES: dict[str, int] = {}
_NO_WARM_UP: set[str] = set()
"""Commands whose process did not answer ``hi``: not waited for again."""


def _process(command: str) -> _Process:
    """The running process for ``command``, started (and warmed up: its ``hi`` answered,
    so that starting up is not taken for a slow move) if need be."""
    p = _PROCESSES.get(command)
    if p is not None and p.alive():
        return p
    n = _FAILURES.get(command, 0)
    if n >= MAX_FAILURES:
        raise ExternalBotError(f"not started again: the process failed {n} times in a row")
    p = _PROCESSES[command] = _Process(command)
    if command not in _NO_WARM_UP:
        try:
            p.ask({"type": "hi"}, START_TIMEOUT)
        except ExternalBotError:
            _NO_WARM_UP.add(command)  # it may not know hi: the questions will tell
            if not p.alive():
                _failed(command)
                raise
    return p


def _failed(command: str) -> None:
    """Forget a process that went wrong (stopping it) and count the failure."""
    p = _PROCESSES.pop(command, None)
    if p is not None:
        p.kill()
    _FAILURES[command] = _FAILURES.get(command, 0) + 1


def warm_up(command: str) -> None:
    """Start the process for ``command`` if it is not running, quietly (a failure shows at
    the first question)."""
    with contextlib.suppress(ExternalBotError):
        _process(command)


@atexit.register
def stop_all() -> None:
    """Stop every external bot process this process started."""
    for p in list(_PROCESSES.values()):
        if p.pid == os.getpid():
            p.kill()
    _PROCESSES.clear()
    _FAILURES.clear()
    _NO_WARM_UP.clear()


class ExternalBot:
    """A seat played by an external process speaking the Bhoos protocol."""

    def __init__(self, command: str, seed: int | None = None,
                 timeout: float = ANSWER_TIMEOUT) -> None:
        self.command = command
        self.name = f"cmd:{command}"
        self.timeout = timeout
        self.pending: Card | None = None
        """A card given together with revealTrump, played at the seat's next turn."""
        warm_up(command)

    def choose(self, view: SeatView, legal: Sequence[Action]) -> Action:
        """Ask the process; raise :class:`ExternalBotError` if it fails to answer."""
        if self.pending is not None:
            card, self.pending = self.pending, None
            if Action.play(card) in legal:
                return Action.play(card)
        kind, body = request_for(view, int(self.timeout * 1000))
        proc = _process(self.command)
        try:
            reply = proc.ask({"type": kind, **body}, self.timeout)
        except ExternalBotError:
            _failed(self.command)  # out of step with us, or dead: start afresh next time
            raise
        _FAILURES[self.command] = 0
        if isinstance(reply, dict) and "error" in reply and len(reply) == 1:
            raise ExternalBotError(f"answered an error: {reply['error']}")
        try:
            action, then = action_for(kind, reply, legal)
        except ProtocolError as exc:
            raise ExternalBotError(str(exc)) from None
        self.pending = then
        return action
