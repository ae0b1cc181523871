"""Words and pictures for the table: seat names by screen position, event messages,
card boxes.  Pure functions of engine values, so they are easy to test; the plain words
they share with the coach (where each seat sits) are :mod:`twentynine.coach.phrases`, and
the player's words for events and rules, shared with the phone page, are
:mod:`twentynine.engine.words` (named here with the table's seat names)."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..coach.phrases import positions
from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..engine.events import DealStarted, Event, TrickWon, TrumpShown
from ..engine.rules import Rules
from ..engine.words import event_words, fill, trump_words
from .theme import (
    BACK,
    CARD_BLACK,
    CARD_RED,
    CARD_RED_DIM,
    EDGE,
    EDGE_HI,
    FACE,
    FACE_DIM,
    RED_ON_FELT,
)

RULES_KEPT = ("The saved game's rules are kept: the rule flags apply to new games only.")
"""Said when ``--resume`` comes with rule flags that differ from the saved game's (both
games' tables)."""

REPLACES_SAVE = ("An unfinished game is saved: quit (q) and use --resume to go back to "
                 "it; your first move here replaces it.")
"""Said as a new game starts while another is saved (both games' tables).  Not "Your
...: " (the status line drops a lead-in about you when short of room, and "Quit and use
--resume to go back to it" was left)."""

HUMAN = 0
"""The human always plays seat 0, at the bottom of the screen."""

TEAM_NAMES = ("Us", "Them")
TEAM_LONG = ("You & North", "East & West")

RED = RED_ON_FELT
"""Hearts and diamonds, and warnings, written on the felt."""


def seat_name(rules: Rules, seat: int, you: bool = True) -> str:
    """``You`` for the human (unless ``you`` is False), else the screen position."""
    if seat == HUMAN and you:
        return "You"
    return positions(rules)[seat].capitalize()


def suit_text(suit: int) -> Text:
    """The suit symbol and name, coloured."""
    return Text(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}", style=RED if suit in (1, 2) else "")


def card_text(card: Card, on_face: bool = False) -> Text:
    """``10♥`` in red or black (black is the terminal's colour off a card face)."""
    on_felt = RED if card.is_red else ""
    colour = (CARD_RED if card.is_red else CARD_BLACK) if on_face else on_felt
    return Text(card.label, style=f"bold {colour}".strip())


SMALL = (6, 3)
"""Width and height of a small card (rank and suit on one line)."""
LARGE = (8, 5)
"""Width and height of a large card (rank and suit in two corners, the suit between)."""


def card_box(card: Card | None, *, highlight: bool = False, dim: bool = False,
             back: bool = False, large: bool = False) -> list[Text]:
    """A card drawn in lines: small, three lines of six cells; ``large``, five lines of
    eight with the rank and suit top left and bottom right, like a real card.  ``None``
    is an empty place.

    >>> from twentynine.engine.cards import Card
    >>> print("\\n".join(t.plain for t in card_box(Card.parse("TH"), large=True)))
    ╭──────╮
    │10♥   │
    │  ♥   │
    │   10♥│
    ╰──────╯
    """
    width, height = LARGE if large else SMALL
    inner = width - 2
    edge = EDGE_HI if highlight else EDGE
    if card is None and not back:
        return [Text(" " * width) for _ in range(height)]
    face = FACE_DIM if dim else FACE
    top = Text("╭" + "─" * inner + "╮", style=edge)
    bottom = Text("╰" + "─" * inner + "╯", style=edge)

    def row(content: str, style: str) -> Text:
        line = Text("│", style=edge)
        line.append(content, style=style)
        line.append("│", style=edge)
        return line

    if back or card is None:
        middle = [row("▒" * inner, f"{BACK} on {face}") for _ in range(height - 2)]
    else:
        colour = (CARD_RED_DIM if dim else CARD_RED) if card.is_red else CARD_BLACK
        style = f"bold {colour} on {face}"
        if large:
            symbol = card.label[-1]
            middle = [row(f"{card.label:<{inner}}", style),
                      row(f"{'':2}{symbol}".ljust(inner), style),
                      row(f"{card.label:>{inner}}", style)]
        else:
            middle = [row(f"{card.label:<{inner}}", style)]
    return [top, *middle, bottom]


def join_columns(columns: list[list[Text]], gap: int = 1) -> list[Text]:
    """Put blocks of lines side by side."""
    height = max(len(c) for c in columns)
    out: list[Text] = []
    for row in range(height):
        line = Text()
        for i, col in enumerate(columns):
            if i:
                line.append(" " * gap)
            blank = max((c.cell_len for c in col), default=0)
            line.append_text(col[row] if row < len(col) else Text(" " * blank))
        out.append(line)
    return out


def trump_news(rules: Rules, event: TrumpShown, short: bool = False) -> str:
    """Trump shown, in words (:func:`twentynine.engine.words.trump_words`, the seats named as
    the table names them): who asked, the suit, and where the face-down card goes
    (``short``: a compact form for a narrow table).

    >>> from twentynine.engine.cards import Card
    >>> shown = TrumpShown(1, 1, Card.parse("7H"), 2)
    >>> trump_news(Rules(), shown)
    'East asked: trump is ♥ hearts, the 7♥ goes back to North'
    >>> trump_news(Rules(), shown, short=True)
    'East asked: ♥ hearts · 7♥ back to North'
    >>> trump_news(Rules(), TrumpShown(None, 2, Card.parse("JD"), 0))
    'Trump shown for the last trick: ♦ diamonds, the J♦ goes back to your hand'
    >>> trump_news(Rules(), TrumpShown(3, 0, Card.parse("QS"), 3))
    "West showed trump: ♠ spades, the Q♠ goes back to West's hand"
    """
    return fill(trump_words(event, short), lambda seat: seat_name(rules, seat), HUMAN)


def trump_shown_in(events: Sequence[Event], trick: int) -> TrumpShown | None:
    """The trump showing of this deal that happened during trick ``trick`` (0..7), if
    any: ``events`` are the game's events (the current deal's are the last ones)."""
    start = max((i for i, e in enumerate(events) if isinstance(e, DealStarted)), default=-1)
    done = 0
    for e in events[start + 1:]:
        if isinstance(e, TrickWon):
            done += 1
        elif isinstance(e, TrumpShown):
            return e if done == trick else None
    return None


def event_message(rules: Rules, event: Event) -> str | None:
    """A line for the table's log (:func:`twentynine.engine.words.event_words`, the seats named
    as the table names them), or None for events not worth a line."""
    words = event_words(event)
    if words is None:
        return None
    return fill(words, lambda seat: seat_name(rules, seat), HUMAN)


def points_needed(total: int, target: int, bidders: int, defence: int) -> tuple[int, int]:
    """Card points the bidding team still needs to make ``target``, and the defence needs
    to beat it, with ``bidders`` and ``defence`` points taken so far out of ``total``
    (0: already done).  Exactly one of the two can still happen.

    >>> points_needed(29, 16, 5, 3)
    (11, 11)
    >>> points_needed(29, 16, 16, 3)
    (0, 11)
    >>> points_needed(28, 20, 4, 9)
    (16, 0)
    """
    return max(0, target - bidders), max(0, total - target + 1 - defence)


def score_track(score: int, limit: int) -> Text:
    """A team's game score on the -limit..+limit scale, as a little track."""
    cells = []
    for v in range(-limit, limit + 1):
        if v == score:
            cells.append(("●", "bold"))
        elif v == 0:
            cells.append(("┼", "dim"))
        else:
            cells.append(("─", "dim"))
    t = Text()
    for ch, style in cells:
        t.append(ch, style=style)
    return t
