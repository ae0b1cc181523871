"""The player's Twenty-Five statistics: games played and won, by table (how many players,
which teams), kept in ``twentyfive-stats.json`` in the player's data directory, apart
from Twenty-Nine's.

>>> import tempfile
>>> path = Path(tempfile.mkdtemp()) / "s.json"
>>> _ = record_game(path, HouseRules(players=6, teams="threes"), won=True)
>>> stats = load_stats(path)
>>> stats.games, stats.wins, stats.tables["6 players, teams of three"]
(1, 1, (1, 1))
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from ..common.storage import damage_words, data_dir, set_aside, write_atomic
from .house_rules import HouseRules

STATS_NAME = "twentyfive-stats.json"


def stats_path(explicit: Path | str | None = None) -> Path:
    """Where the Twenty-Five statistics live."""
    return data_dir(explicit) / STATS_NAME


def table_name(rules: HouseRules) -> str:
    """The statistics' name of a kind of table: ``4 players, each for themselves``."""
    return f"{rules.players} players, {TEAM_WORDS[rules.teams]}"


TEAM_WORDS = {"none": "each for themselves", "pairs": "teams of two",
              "threes": "teams of three"}


@dataclass
class Stats:
    """Games and wins, in all and by kind of table (games, wins)."""

    games: int = 0
    wins: int = 0
    tables: dict[str, tuple[int, int]] = field(default_factory=dict)
    problem: str | None = None
    """Why the file could not be read (it was set aside), for the player."""


def load_stats(path: Path) -> Stats:
    """The statistics at ``path`` (none yet if missing; a damaged file is set aside)."""
    if not path.exists():
        return Stats()
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        tables = {str(k): (int(v[0]), int(v[1])) for k, v in data["tables"].items()}
        return Stats(int(data["games"]), int(data["wins"]), tables)
    except (OSError, ValueError, KeyError, TypeError, IndexError, AttributeError) as exc:
        reason = damage_words(exc)
        try:
            target = set_aside(path)
        except OSError:
            return Stats(problem=f"The Twenty-Five statistics could not be read ({reason})")
        return Stats(problem=f"The Twenty-Five statistics could not be read ({reason}); "
                             f"the file was moved to {target}")


def record_game(path: Path, rules: HouseRules, won: bool) -> Stats:
    """Count one finished game (won by the player's side or not) and write the file."""
    stats = load_stats(path)
    stats.games += 1
    stats.wins += int(won)
    name = table_name(rules)
    g, w = stats.tables.get(name, (0, 0))
    stats.tables[name] = (g + 1, w + int(won))
    data = {"games": stats.games, "wins": stats.wins,
            "tables": {k: list(v) for k, v in stats.tables.items()}}
    try:
        write_atomic(path, json.dumps(data, indent=1))
    except OSError as exc:
        stats.problem = f"The statistics could not be saved: {damage_words(exc)}"
    return stats
