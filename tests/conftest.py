"""Test configuration: Hypothesis profiles.

The default ``ci`` profile keeps the property tests fast enough for every run; choose the
``soak`` profile for a long local run: ``HYPOTHESIS_PROFILE=soak python -m pytest tests``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

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
