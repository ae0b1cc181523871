"""A game's record as JSON text, for any game: written one way, read back with a refusal
in a player's words for every way the text can be wrong.  What a record holds, and how it
replays, is the game's own (Twenty-Nine's :mod:`twentynine.engine.records`).

>>> loads(dumps({"schema": 1, "actions": ["pass"]}))
{'schema': 1, 'actions': ['pass']}
>>> loads("[1, 2]")
Traceback (most recent call last):
...
twentynine.common.record_json.RecordError: the record must be a JSON object
"""

from __future__ import annotations

import json
from typing import Any


class RecordError(ValueError):
    """A record that is malformed or does not replay."""


def dumps(record: dict[str, Any]) -> str:
    """The record as JSON text."""
    return json.dumps(record, indent=1)


def loads(text: str) -> dict[str, Any]:
    """Parse JSON text into a record dict (checked when replayed)."""
    if not isinstance(text, str | bytes | bytearray):
        raise RecordError(f"a record is JSON text, not {type(text).__name__}")
    try:
        data = json.loads(text)
    except RecursionError:
        raise RecordError("the record's JSON is nested too deeply") from None
    except json.JSONDecodeError as exc:
        raise RecordError("the record is not valid JSON: its text is garbled or cut short "
                          f"at line {exc.lineno}") from None
    except ValueError:  # a number of over 4,300 digits
        raise RecordError("the record is not valid JSON: a number in it is too long") \
            from None
    if not isinstance(data, dict):
        raise RecordError("the record must be a JSON object")
    return data
