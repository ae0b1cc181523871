"""The reference of a game's house rules, built from its records: one entry a setting
(its flag and values, its name on the settings screen, the standard value, what it does,
an example), written as Markdown for the rules page (``?``) and as text for
``twentynine rules --examples``.  A game's records make the entries; a new record shows
up in both with no page to edit.

>>> e = Entry("--pair on|off", "The pair", "on, off", "on", "King and queen score.",
...           "Off, a king and queen are two cards.")
>>> print(markdown("Every setting", "All of them.", [e]))
## Every setting
<BLANKLINE>
All of them.
<BLANKLINE>
**`--pair on|off`** (on the settings screen: *The pair*; values: on, off; standard: on).
King and queen score. *Example:* Off, a king and queen are two cards.
<BLANKLINE>
>>> for line in text_lines([e], 40):
...     print(line)
--pair on|off
    On the settings screen: The pair
    (on, off; standard: on).
    King and queen score.
    Example: Off, a king and queen are
    two cards.
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable
from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class Entry:
    """One setting as the reference shows it."""

    usage: str
    """The flag as a player types it, with its values (``--ask optional|compulsory|auto``)."""
    name: str
    """Its row on the settings screen."""
    values: str
    """The values a player may pick, in a few words."""
    standard: str
    """The standard game's value."""
    help: str
    """What it does."""
    example: str
    """An example of it at the table."""


def markdown(title: str, intro: str, entries: Iterable[Entry]) -> str:
    """The entries as a Markdown section (a level-2 heading, ``intro``, a paragraph each)."""
    out = [f"## {title}\n\n{intro}\n"]
    for e in entries:
        out.append(f"**`{e.usage}`** (on the settings screen: *{e.name}*; values: {e.values}; "
                   f"standard: {e.standard}).\n{e.help} *Example:* {e.example}\n")
    return "\n".join(out)


def rules_page_part(title: str, command: str, entries: Iterable[Entry]) -> str:
    """The rules page's last part (:func:`markdown`), saying that ``command`` prints the
    same."""
    return markdown(title, f"Each of them, its flag, its row on the settings screen (`o`) "
                    f"and an example (`{command}` prints the same).", entries)


def text_lines(entries: Iterable[Entry], columns: int) -> list[str]:
    """The entries as plain lines wrapped to ``columns``: the flag, then its name, values,
    what it does and its example, indented."""
    room = max(20, columns - 4)
    out: list[str] = []
    for e in entries:
        out.append(e.usage)
        for para in (f"On the settings screen: {e.name} ({e.values}; standard: "
                     f"{e.standard}).", e.help,
                     f"Example: {e.example}"):
            out += ["    " + line for line in textwrap.wrap(para, room, break_on_hyphens=False)]
    return out
