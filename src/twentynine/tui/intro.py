"""The first-run card: Twenty-Nine on one screen (the cards and their points, bidding,
the hidden trump, asking, the pair, scoring) and the keys of the table.

It is shown once, on the very first launch, and it is always the first page of ``?``,
with the full rules (docs/rules.md) below it.  The words follow the rules of the game
being played, so a table with house rules reads its own numbers; they are
:func:`twentynine.engine.words.essentials`, which the phone page's help shows too.

>>> "29 in all" in intro_text(Rules())
True
>>> "28 in all" in intro_text(Rules.preset("28pt"))
True
"""

from __future__ import annotations

from rich.console import Console, ConsoleOptions, Group, RenderResult
from rich.table import Table
from rich.text import Text

from ..engine.rules import Rules
from ..engine.words import essentials
from .theme import GOLD, INK_SOFT

TITLE = "Twenty-Nine on one page"


KEYS: tuple[tuple[str, str], ...] = (
    ("←→ 1-8", "choose a card"),
    ("Enter", "play or bid"),
    ("↑↓ 0-9", "choose a bid"),
    ("p", "pass"),
    ("s", "ask for trump"),
    ("a", "the pair"),
    ("u", "take back"),
    ("i", "a hint"),
    ("l", "the tricks"),
    ("v", "the log"),
    ("t", "statistics"),
    ("o", "settings"),
    ("?", "this page"),
    ("q", "quit (saved)"),
)
"""The table's main keys, as the card lists them (the footer shows those that work now;
in a narrow window it leaves out some that this list has)."""


class KeyList:
    """The keys as ``key what`` pairs separated by dots, a line broken only between pairs."""

    def __init__(self, keys: tuple[tuple[str, str], ...]) -> None:
        self.keys = keys

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        width = options.max_width
        line = Text()
        for key, what in self.keys:
            item = Text()
            item.append(key, style="bold")
            item.append(f" {what}")
            if line.cell_len and line.cell_len + 3 + item.cell_len > width:
                yield line
                line = Text()
            if line.cell_len:
                line.append(" · ", style=INK_SOFT)
            line.append_text(item)
        if line.cell_len:
            yield line


def intro_card(rules: Rules) -> Group:
    """The card, ready to draw."""
    body = Table.grid(padding=(0, 1))
    body.add_column(style=f"bold {GOLD}", no_wrap=True, width=5)
    body.add_column(ratio=1)
    for head, text in essentials(rules):
        body.add_row(head, text)
    body.add_row("Keys", KeyList(KEYS))
    title = Text(TITLE, style=f"bold {GOLD}")
    more = Text("↓ The full rules follow: scroll down (↓ PgDn) · Esc goes back to the table",
                style=INK_SOFT)
    # the pointer right under the keys: with every key a new player needs (four lines at
    # 80 columns) a blank line more would push the card past 80x24
    return Group(title, Text(""), body, more)


def intro_text(rules: Rules) -> str:
    """The card as plain text (for tests and doctests)."""
    return "\n".join(text for _head, text in essentials(rules))
