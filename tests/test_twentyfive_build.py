"""Twenty-Five's hot path is of the same build as the rest of the package: compiled in an
installed package (setup.py's COMPILED), pure Python from the sources; its edges stay
plain Python in both (the Card int subclass, the options' own errors, the events)."""

from __future__ import annotations

import importlib
from importlib.machinery import EXTENSION_SUFFIXES

from twentynine import build_kind
from twentynine.twentyfive import round_state

PLAIN = ("pack", "house_rules", "moves", "race", "seat_view", "happenings", "replay")


def _compiled(module: object) -> bool:
    return str(getattr(module, "__file__", "")).endswith(tuple(EXTENSION_SUFFIXES))


def test_the_deal_state_machine_is_of_the_packages_build() -> None:
    assert _compiled(round_state) == (build_kind() == "compiled")


def test_the_edges_are_plain_python() -> None:
    for name in PLAIN:
        assert not _compiled(importlib.import_module(f"twentynine.twentyfive.{name}")), name
