"""Test configuration: Hypothesis profiles, and the `table` fixture for the Pilot tests.

The default ``ci`` profile keeps the property tests fast enough for every run; choose the
``soak`` profile for a long local run: ``HYPOTHESIS_PROFILE=soak python -m pytest tests``.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
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
def table(tmp_path: Path) -> Callable[..., Any]:
    """``table(body, size=(100, 30), seed=2, ...)``: a table saving under ``tmp_path`` in
    a Pilot session, settled, then ``await body(pilot, app)`` (see
    ``tui_support.run_table``)."""
    from tui_support import run_table

    def run(body: Any, size: tuple[int, int] = (100, 30), **kw: Any) -> Any:
        return run_table(tmp_path, body, size, **kw)

    return run
