"""The player's table preferences (not rules): the bots' strength, their speed, the move
clock, automatic play of a forced card, the bell, take-back, and whether the first-run
card has been seen.

They live in ``prefs.json`` beside the save file.  A damaged file is set aside (renamed,
never overwritten) and reported; the defaults are used instead.  Command-line flags
override the saved values for one run only.

>>> p = Preferences()
>>> p.bots, p.auto_play, p.bell
('medium', True, False)
>>> Preferences.from_dict(p.replace(bell=True).to_dict()).bell
True
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass, fields, replace
from pathlib import Path
from typing import Any

from ..bots import BOTS
from ..common.storage import damage_words, set_aside, write_atomic

PREFS_NAME = "prefs.json"
SPEED_NAMES = ("slow", "normal", "fast", "instant")
BOT_NAMES = tuple(BOTS)


class PrefsError(ValueError):
    """A preferences file or value that cannot be used, in plain words."""


@dataclass(frozen=True, slots=True)
class Preferences:
    """How the table behaves for this player."""

    bots: str = "medium"
    """Strength of the three computer players."""
    speed: str = "normal"
    """How fast the computer's moves are shown."""
    timer: float | None = None
    """Seconds on the move clock for your turns (None: no clock)."""
    auto_play: bool = True
    """Play a forced card (the only legal one) for you, after a short pause."""
    bell: bool = False
    """Ring the terminal bell when it is your turn."""
    take_back: bool = True
    """Allow taking back your last decision within a deal."""
    seen_intro: bool = False
    """The first-run card has been shown."""

    def __post_init__(self) -> None:
        if self.bots not in BOT_NAMES:
            raise PrefsError(f"unknown bot strength {self.bots!r}: choose one of "
                             f"{', '.join(BOT_NAMES)}")
        if self.speed not in SPEED_NAMES:
            raise PrefsError(f"unknown speed {self.speed!r}: choose one of "
                             f"{', '.join(SPEED_NAMES)}")
        if self.timer is not None and (
                isinstance(self.timer, bool) or not isinstance(self.timer, int | float)
                or not 1 <= self.timer <= 3600):
            raise PrefsError("the move clock must be between 1 and 3600 seconds, or off")
        for name in ("auto_play", "bell", "take_back", "seen_intro"):
            if not isinstance(getattr(self, name), bool):
                raise PrefsError(f"{name} must be true or false")

    def replace(self, **changes: Any) -> Preferences:
        """A copy with some fields changed (checked like a new one)."""
        return replace(self, **changes)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form."""
        return asdict(self)

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Preferences:
        """From the JSON form; unknown keys are refused, missing ones take the default."""
        if not isinstance(data, dict):
            raise PrefsError("the preferences must be a JSON object")
        known = {f.name for f in fields(cls)}
        unknown = sorted(set(data) - known)
        if unknown:
            raise PrefsError(f"unknown preference {unknown[0]!r}")
        try:
            return cls(**data)
        except TypeError as exc:  # pragma: no cover - from_dict checks the keys
            raise PrefsError(str(exc)) from None


def prefs_path(data_dir: Path) -> Path:
    """Where the preferences are kept, in the data directory."""
    return data_dir / PREFS_NAME


def _set_aside(path: Path, reason: str) -> str:
    try:
        target = set_aside(path)
    except OSError as exc:
        return (f"The saved preferences are damaged ({reason}) and could not be moved: "
                f"{damage_words(exc)}")
    return f"The saved preferences could not be read ({reason}); they were moved to {target}"


def load_prefs(path: Path) -> tuple[Preferences, str | None]:
    """The saved preferences (the defaults if there are none); a damaged file is set aside
    and the second value says so for the player."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Preferences(), None
    except (OSError, UnicodeDecodeError) as exc:
        return Preferences(), _set_aside(path, damage_words(exc))
    try:
        return Preferences.from_dict(json.loads(text)), None
    except (ValueError, RecursionError) as exc:
        return Preferences(), _set_aside(path, damage_words(exc))


def save_prefs(prefs: Preferences, path: Path) -> None:
    """Write the preferences atomically (temp file, flush, fsync, rename)."""
    write_atomic(path, json.dumps(prefs.to_dict(), indent=1))
