"""The seat tokens a terminal client keeps, so that ``twentynine join`` run again (after a
crash, a closed terminal, a lost connection) comes back to the same seat.

A server gives a seat back only for its token, never for a name.  The tokens are kept in
``seats.json`` in the data folder, private to the user (0600), by table server and join
code; a damaged file is set aside (``.damaged``) and the player simply takes a new seat.
"""

from __future__ import annotations

import contextlib
import json
import os
from pathlib import Path

from ..common.storage import damage_words, private_folder
from .protocol import normal_code
from .store import write_private

MAX_KEPT = 50
"""Tokens kept at most (the oldest go first)."""


def _key(host: str, port: int, code: str) -> str:
    return f"{host.lower()}:{port}/{normal_code(code)}"


class TokenFile:
    """The tokens in one file."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        """Why the file was set aside, if it was."""

    def _read(self) -> dict[str, str]:
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            return {}
        except (OSError, ValueError, RecursionError) as exc:
            self._set_aside(damage_words(exc))
            return {}
        if not isinstance(data, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in data.items()):
            self._set_aside("not a table of tokens")
            return {}
        return data

    def _set_aside(self, why: str) -> None:
        aside = self.path.with_name(self.path.name + ".damaged")
        with contextlib.suppress(OSError):
            os.replace(self.path, aside)
        self.problem = f"{self.path.name} could not be read ({why}); it is kept as {aside.name}"

    def get(self, host: str, port: int, code: str) -> str | None:
        """The token kept for this table, if any."""
        return self._read().get(_key(host, port, code))

    def put(self, host: str, port: int, code: str, token: str) -> None:
        """Keep ``token`` for this table (a failure to write is not fatal: the seat is
        only harder to get back)."""
        data = self._read()
        data.pop(_key(host, port, code), None)
        data[_key(host, port, code)] = token
        while len(data) > MAX_KEPT:
            data.pop(next(iter(data)))
        with contextlib.suppress(OSError):
            private_folder(self.path.parent)
            write_private(self.path, json.dumps(data, indent=1))
