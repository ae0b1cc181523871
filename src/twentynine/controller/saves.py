"""The saved game: one game record (JSON) in the user's data directory, below every
front end (the terminal table, the controller, the browser table share it).

The table writes the record after every action (atomically, through
:func:`twentynine.common.storage.write_atomic`), so a closed window, a ``kill`` or a crash loses
nothing; ``twentynine play --resume`` replays it.  Beside the engine's record the save
keeps a ``table`` object (the bots' strength, hints and take-backs used).  A save
file that cannot be read or replayed is never deleted or overwritten silently: it is
renamed aside (``save.json.damaged-<time>``) and the player is told where it went.

The directory is :func:`twentynine.common.storage.data_dir`, which this module passes on for the
callers that ask where the save lives.
"""

from __future__ import annotations

import json
import os
from contextlib import suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common.storage import ENV_DIR as ENV_DIR  # passed on: where the save lives
from ..common.storage import damage_words, set_aside, write_atomic
from ..common.storage import data_dir as data_dir
from ..engine.events import Event
from ..engine.game import Game
from ..engine.records import RecordError, dumps, game_record, loads, replay_game
from ..engine.rules import Rules, RulesError

SAVE_NAME = "save.json"
ENV_SAVE = "TWENTYNINE_SAVE_NAME"
"""A save file's name in the data directory instead of ``save.json`` (``twentynine serve``
gives each browser tab its own)."""


def save_path(explicit: Path | str | None = None) -> Path:
    """The save file's path: ``save.json`` in the data directory, or the name that
    ``TWENTYNINE_SAVE_NAME`` gives (a plain ``.json`` file name; anything else is ignored).

    >>> import os; os.environ[ENV_SAVE] = "save-browser-2.json"
    >>> save_path("/d").name
    'save-browser-2.json'
    >>> os.environ[ENV_SAVE] = "../elsewhere.json"; save_path("/d").name
    'save.json'
    >>> del os.environ[ENV_SAVE]
    """
    name = os.environ.get(ENV_SAVE, "")
    if not name.endswith(".json") or Path(name).name != name or name.startswith("."):
        name = SAVE_NAME
    return data_dir(explicit) / name


@dataclass(frozen=True, slots=True)
class Loaded:
    """What looking for a saved game found: a game, or nothing; ``message`` explains a
    problem (a damaged file set aside) for the player."""

    game: Game | None
    message: str | None = None
    moved_to: Path | None = None
    events: tuple[Event, ...] = ()
    """Every event of the replayed game (unfiltered)."""
    table: dict[str, Any] = field(default_factory=dict)
    """The table's own fields of the save (``bots``, ``hints_used``, ``take_backs_used``)."""


def _set_aside(path: Path, reason: str) -> Loaded:
    try:
        target = set_aside(path)
    except OSError as exc:
        return Loaded(None, f"The saved game is damaged ({reason}) and could not be moved "
                            f"aside: {damage_words(exc)}")
    return Loaded(None, f"The saved game could not be read ({reason}); it was moved to "
                        f"{target}", target)


def load_game(path: Path) -> Loaded:
    """Read and replay the saved game at ``path``.  A missing file is no game and no
    message; a damaged one is renamed aside and reported; a finished game is removed."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return Loaded(None)
    except (OSError, UnicodeDecodeError) as exc:
        return _set_aside(path, damage_words(exc))
    try:
        record = loads(text)
        game, events = replay_game(record)
        table = record.get("table", {})
        if not isinstance(table, dict):
            raise RecordError("the save's table fields must be a JSON object")
    except Exception as exc:  # a bad record, or one that breaks the engine some other way
        return _set_aside(path, damage_words(exc))
    if game.is_over:
        remove_save(path)
        return Loaded(None, "The saved game was already finished; starting a new one.")
    return Loaded(game, events=tuple(events), table=table)


def check_existing(path: Path) -> Loaded:
    """Before a new game may overwrite ``path`` on quitting: a damaged file is set aside
    now (and reported); a valid one is returned so the player can be warned."""
    if not path.exists():
        return Loaded(None)
    return load_game(path)


def save_game(game: Game, path: Path, table: dict[str, Any] | None = None) -> None:
    """Write the game record atomically (a finished game removes the save instead);
    ``table`` holds the table's own fields."""
    if game.is_over:
        remove_save(path)
        return
    record = game_record(game)
    if table:
        record["table"] = table
    write_atomic(path, dumps(record))


def remove_save(path: Path) -> None:
    """Delete the save file if there is one."""
    with suppress(FileNotFoundError):
        path.unlink()


SETTINGS_NAME = "settings.json"


def settings_path(explicit: Path | str | None = None) -> Path:
    """Where the player's default rule settings are kept."""
    return data_dir(explicit) / SETTINGS_NAME


def load_default_rules(path: Path) -> tuple[Rules | None, str | None]:
    """The saved default rules, or None; a damaged settings file is set aside (and
    reported in the second value) rather than used."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict):
            raise RulesError("the settings must be a JSON object")
        return Rules.from_dict(data), None
    except FileNotFoundError:
        return None, None
    except (OSError, ValueError, RecursionError) as exc:  # (UnicodeDecodeError: a ValueError)
        moved = _set_aside(path, damage_words(exc))
        return None, (moved.message or "").replace("saved game", "saved settings")


def save_default_rules(rules: Rules, path: Path) -> None:
    """Keep ``rules`` as the player's default for new games."""
    write_atomic(path, json.dumps(rules.to_dict(), indent=1))
