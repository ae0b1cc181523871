"""The player's words for Twenty-Five, for every front end that is sent them: a line for
each event and the game on one page for a table's options.  Plain strings: the table
server sends them (each event's line with the event, the rules' words when a page sits
down or looks at a table), so that the phone page says nothing of its own about the
rules.

A line names seats by slots that each front end fills with its own names (:func:`fill`):
``{N}`` is seat N (0-8) as a name ("You" for the reader), ``{N's}`` its possessive
("your" for the reader) and ``{N:team}`` the team seat N plays for ("your team" for the
reader's, else a team's name).  A line is made from the event as the reading seat sees
it (:func:`~.happenings.event_for_seat`): the card a robber laid down is named in the
robber's own line alone.

>>> from twentynine.twentyfive.pack import parse_card
>>> rules = HouseRules(players=6, teams="threes")
>>> fill(event_words(CardPlayed(4, parse_card("9D")), rules), "You B C D E F".split().__getitem__,
...      0, lambda s: "your team" if s % 2 == 0 else "Team B")
'E played 9♦'
>>> event_words(Robbed(2, parse_card("KD"), None), rules)
'{2} robbed the K♦'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .happenings import (
    CardPlayed,
    CardsDealt,
    DealOver,
    DealStarted,
    Event,
    RaceWon,
    Robbed,
    TrickWon,
    TrumpTurned,
)
from .house_rules import HouseRules

SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SLOT = re.compile(r"\{([0-8])('s|:team)?\}")
"""A seat's slot in a line: ``{N}``, ``{N's}`` or ``{N:team}``."""


def fill(words: str, name: Callable[[int], str], reader: int,
         team: Callable[[int], str]) -> str:
    """``words`` with its slots filled: ``name(seat)`` for ``{seat}``, "your" or
    "NAME's" for ``{seat's}``, ``team(seat)`` for ``{seat:team}``; the first letter a
    capital.

    >>> fill("{1} won trick 2 ({1:team} 10 points); {0's} lead", "You Ann Bo".split().__getitem__,
    ...      0, lambda s: "your team" if s == 0 else "Team B")
    'Ann won trick 2 (Team B 10 points); your lead'
    """

    def one(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        form = m.group(2)
        if form == ":team":
            return team(seat)
        if form == "'s":
            return "your" if seat == reader else f"{name(seat)}'s"
        return name(seat)

    text = SLOT.sub(one, words)
    return text[:1].upper() + text[1:]


def _points(n: int) -> str:
    return f"{n} point{'' if n == 1 else 's'}"


def event_words(event: Event, rules: HouseRules) -> str | None:
    """A line for the table's log, with seat slots (:func:`fill`), or None for an event
    not worth a line.

    >>> from twentynine.twentyfive.pack import parse_card
    >>> rules = HouseRules()
    >>> event_words(Robbed(1, parse_card("KD"), parse_card("3C")), rules)
    '{1} robbed the K♦, laying down the 3♣'
    >>> event_words(TrickWon(2, 3, 3, (), (0, 5, 0, 10)), rules)
    '{3} won trick 2 (10 points)'
    >>> event_words(TrickWon(2, 3, 1, (), (0, 10)), HouseRules(teams="pairs"))
    '{3} won trick 2 ({3:team} 10 points)'
    """
    if isinstance(event, CardPlayed):
        return f"{{{event.seat}}} played {event.card.label}"
    if isinstance(event, TrickWon):
        score = _points(event.scores[event.side])
        if rules.teams == "none":
            return f"{{{event.seat}}} won trick {event.number} ({score})"
        return f"{{{event.seat}}} won trick {event.number} ({{{event.seat}:team}} {score})"
    if isinstance(event, DealStarted):
        return f"Deal {event.number}: {{{event.dealer}}} dealt"
    if isinstance(event, CardsDealt):
        return None
    if isinstance(event, TrumpTurned):
        return f"Turned up: {event.card.label}, {SUIT_NAMES[event.trump]} are trump"
    if isinstance(event, Robbed):
        line = f"{{{event.seat}}} robbed the {event.taken.label}"
        if event.laid_down is not None:  # the robber's own line
            line += f", laying down the {event.laid_down.label}"
        return line
    if isinstance(event, DealOver):
        return f"Deal {event.number} over: nobody has reached {rules.target} yet"
    if isinstance(event, RaceWon):
        who = f"{{{event.seats[0]}}}" if rules.teams == "none" else \
            f"{{{event.seats[0]}:team}}"
        line = f"{who} won the game with {_points(event.scores[event.side])}"
        if event.trick < 5:
            line += f", on trick {event.trick}: the deal is not played on"
        return line
    return None


# ---------------------------------------------------------------------- the rules


def goal(rules: HouseRules) -> str:
    """How the game is won, in a sentence.

    >>> goal(HouseRules(players=6, teams="threes", target=45))
    'The first team to 45 points wins at once, even in the middle of a deal.'
    """
    who = "player" if rules.teams == "none" else "team"
    return f"The first {who} to {rules.target} points wins at once, even in the middle " \
           "of a deal."


def essentials(rules: HouseRules) -> list[tuple[str, str]]:
    """The game on one page for ``rules``: short paragraphs, each with a heading (the
    phone's help).

    >>> [head for head, _ in essentials(HouseRules())]
    ['Deal', 'Trumps', 'Other suits', 'Play', 'Rob', 'Score']
    >>> "held back" in essentials(HouseRules(renege=False))[3][1]
    False
    """
    if rules.teams == "none":
        seats = f"{rules.players} players, each for themselves."
    elif rules.teams == "pairs":
        seats = f"{rules.players} players in teams of two, partners sitting opposite."
    else:
        seats = (f"{rules.players} players in teams of three, each player between two "
                 "players of other teams.")
    deal = (f"{seats} Five cards each from a 52-card pack; the next card is turned up and "
            "its suit is trump. The rest of the pack is never played.")
    trumps = ("Best first: the 5 of trumps, the J of trumps, the A♥ (always a trump, "
              "never a heart), the ace of trumps (the A♥ itself when hearts are trump), "
              "then K and Q. Below them red trumps run from 10 down to 2, black trumps "
              "from 2 up to 10.")
    others = ("Red suits: K, Q, J, 10 down to 2, and the A♦ lowest (hearts have no ace). "
              "Black suits: K, Q, J, A, then 2 up to 10.")
    play = ("Follow the suit led or play a trump; with none of the suit led, play any "
            "card. When a trump is led you must play a trump if you hold one")
    if rules.renege:
        play += (", but the 5, the J and the A♥ may be held back when the trump led is "
                 "lower than they are.")
    else:
        play += ", the top three too."
    play += " The highest trump wins the trick, else the highest card of the suit led."
    if rules.rob:
        rob = ("Whoever holds the ace of trumps may rob the turned card on their first "
               "turn: take it and lay a card of their own face down, then play. When the "
               "ace itself is turned up, the dealer may rob it.")
    else:
        rob = "No robbing at this table: the turned card only names trump."
    whose = "its winner" if rules.teams == "none" else "its winner's team"
    score = f"Each trick is worth 5 points to {whose}. {goal(rules)}"
    return [("Deal", deal), ("Trumps", trumps), ("Other suits", others), ("Play", play),
            ("Rob", rob), ("Score", score)]


def rules_line(rules: HouseRules) -> str:
    """The table's options in one line.

    >>> rules_line(HouseRules(players=6, teams="threes", rob=False))
    '6 players; teams of three; no robbing.'
    """
    phrases = rules.differences()
    return "; ".join(p[:1].lower() + p[1:] if i else p for i, p in enumerate(phrases)) + "."


def rules_words(rules: HouseRules) -> dict[str, object]:
    """What the table server sends a page of a table's options (in ``welcome`` and in the
    ``table`` answer to a look): the essentials as ``[heading, paragraph]`` pairs, the
    table's phrases (its size and teams, and each option not at its standard value), the
    one-line summary and how the game is won.

    >>> rules_words(HouseRules(target=45))["house"]
    ['4 players', 'Each for themselves', 'Game to 45']
    """
    return {"essentials": [[head, text] for head, text in essentials(rules)],
            "house": rules.differences(), "line": rules_line(rules), "goal": goal(rules)}
