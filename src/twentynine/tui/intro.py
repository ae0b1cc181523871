"""The first-run card: Twenty-Nine on one screen (the cards and their points, bidding,
the hidden trump, asking, the pair, scoring) and the keys of the table.

It is shown once, on the very first launch, and it is always the first page of ``?``,
with the full rules (docs/rules.md) below it.  The words follow the rules of the game
being played, so a table with house rules reads its own numbers.

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
from .theme import GOLD, INK_SOFT

TITLE = "Twenty-Nine on one page"


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def essentials(rules: Rules) -> list[tuple[str, str]]:
    """The game in six short paragraphs, each with a one-word heading, for ``rules``."""
    total = rules.total_points
    last = ("the last trick 1 more: 29 in all" if rules.last_trick_point
            else "nothing for the last trick: 28 in all")
    # "J=3": a pair a line never breaks ("A" at a line's end, "1" on the next, read badly)
    cards = ("J 9 A 10 K Q 8 7 in each suit, strongest first. Points: J=3, 9=2, A=1, "
             f"10=1; {last}.")
    bid = (f"On four cards each, bid the points your team will take ({rules.min_bid} to "
           f"{rules.max_bid}), higher than the last bid, or pass for good. If all pass, the "
           "dealer must bid. Then four more cards each.")
    if rules.trump_choice == "seventh":
        picked = "The bidder's seventh card sets trump, seen only by them."
    elif rules.trump_indicator == "marker":
        picked = "The bidder names trump in secret with a marker and keeps all eight cards."
    else:
        picked = "The bidder lays a card face down: its suit is trump, known only to them."
    trump = f"{picked} Until trump is shown, the highest card of the suit led wins."
    if rules.ask == "auto":
        ask = "When someone cannot follow suit, trump turns up by itself"
    elif rules.ask == "compulsory":
        ask = "The first player who cannot follow suit must ask to see trump (s)"
    else:
        ask = ("Follow suit if you can. If you cannot, you may ask to see trump (s), or "
               "just play any card")
    if rules.asker_must_trump:
        ask += "; whoever asked must then play a trump if they hold one."
    else:
        ask += "; the asker may still play any card."
    if rules.pair:
        pair = ("King and queen of trump in one hand, once trump is shown and your team "
                "has taken a trick since: declare them (a) to move the target 4 points "
                "your way.")
    else:
        pair = "No pair in this game: the king and queen of trump are just cards."
    score = (f"The bidding team needs its bid out of {total}: made +1 game point, missed -1. "
             f"A team reaching +{rules.game_to} wins; one falling to -{rules.game_to} loses.")
    return [("Cards", cards), ("Bid", bid), ("Trump", trump), ("Ask", ask), ("Pair", pair),
            ("Score", score)]


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
