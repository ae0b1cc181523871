"""Test configuration: Hypothesis profiles, and the `table` fixture for the Pilot tests.

The default ``ci`` profile keeps the property tests fast enough for every run; choose the
``soak`` profile for a long local run: ``HYPOTHESIS_PROFILE=soak python -m pytest tests``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings

sys.path.insert(0, str(Path(__file__).resolve().parent))  # lets tests import helpers

settings.register_profile(
    "ci",
    max_examples=40,
    stateful_step_count=150,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "soak",
    max_examples=500,
    stateful_step_count=300,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))


@pytest.fixture
def quick_pauses() -> Iterator[None]:
    """Pilot's ``pause()`` in slices of 5 ms instead of 20 ms.  A pause waits until the app
    is idle: it sleeps a slice, again and again until a slice saw almost no CPU (1 ms of
    20, here 0.5 ms of 5), so every pause sleeps at least one slice, and a test that plays
    whole deals pauses hundreds of times: on a quiet machine about half of its time was
    that sleep.  For the test files that ask for it (``pytestmark``); Textual is pinned."""
    from textual import _wait

    saved = _wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE
    _wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE = 1 / 200, 1 / 2000
    try:
        yield
    finally:
        _wait.SLEEP_GRANULARITY, _wait.SLEEP_IDLE = saved


@pytest.fixture
def table(tmp_path: Path) -> Callable[..., Any]:
    """``table(body, size=(100, 30), seed=2, ...)``: a table saving under ``tmp_path`` in
    a Pilot session, settled, then ``await body(pilot, app)`` (see
    ``tui_support.run_table``)."""
    from tui_support import run_table

    def run(body: Any, size: tuple[int, int] = (100, 30), **kw: Any) -> Any:
        return run_table(tmp_path, body, size, **kw)

    return run
