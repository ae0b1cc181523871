"""Placeholder until the table lands."""

from __future__ import annotations

import argparse

from ..rules import Rules


def run_play(opts: argparse.Namespace, rules: Rules) -> int:
    """Start the table."""
    print("The table is coming soon.")
    return 0
