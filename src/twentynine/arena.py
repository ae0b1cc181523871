"""Placeholder until the arena lands."""

from __future__ import annotations

import argparse

from .rules import Rules


def run_arena(opts: argparse.Namespace, rules: Rules) -> int:
    """Play duplicate boards between two bots."""
    print("The arena is coming soon.")
    return 0
