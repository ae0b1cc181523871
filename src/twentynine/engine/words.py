"""The player's words for Twenty-Nine, in one place for every front end: a line for each
event, trump shown, the game on one page (the essentials), and the house rules built
from the rule settings' records (:data:`twentynine.engine.rules.SETTINGS`).  Plain strings, no
drawing: the terminal table draws them, and the table server sends them (each event's
line with the event, the rules' words when a page sits down or looks at a table), so the
phone page says what the terminal says.

An event's line names seats by slots that each front end fills with its own names
(:func:`fill`): ``{N}`` is seat N (0-3) as a name ("You" for the reader, "East" at the
terminal, "Left" or a player's name on the phone), ``{N's}`` its possessive ("your",
"East's"), ``{N:hand}`` where a card goes back to it ("your hand", or the name) and
``{N:side}`` the reader's word for that seat's team ("Us" or "Them").  A
line is thus the same for every seat that sees the event alike, and the server makes it
once per event whoever reads it.  A line depends on the event as the reading seat sees
it (:func:`twentynine.engine.events.event_for_seat`): the face-down trump is named only in the
bidder's.

>>> fill(event_words(BidMade(1, 17)), lambda s: ["You", "East", "North", "West"][s], 0)
'East bid 17'
>>> fill("{2} won trick 3; {0's} turn ({1:side})", "YENW".__getitem__, 0)
'N won trick 3; your turn (Them)'
>>> fill("{0} won trick 3", "YENW".__getitem__, 0)
'Y won trick 3'
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .cards import SUIT_NAMES, SUIT_SYMBOLS
from .events import (
    AuctionWon,
    BidMade,
    CardPlayed,
    CardsDealt,
    DealScored,
    DealStarted,
    Declined,
    Doubled,
    Event,
    GameOver,
    PairDeclared,
    Passed,
    SingleHandAnnounced,
    ThrownIn,
    TrickWon,
    TrumpChosen,
    TrumpShown,
)
from .rules import PRESETS, SETTING, SETTINGS, Rules

SLOT = re.compile(r"\{([0-3])('s|:side|:hand)?\}")
"""A seat's slot in a line: ``{N}``, ``{N's}``, ``{N:hand}`` or ``{N:side}``."""


_SEATS = ("{0}", "{1}", "{2}", "{3}")


def _seat(n: int) -> str:
    return _SEATS[n]


def _whose(n: int) -> str:
    return f"{{{n}'s}}"


def fill(words: str, name: Callable[[int], str], reader: int) -> str:
    """``words`` with its slots filled: ``name(seat)`` for ``{seat}`` (the front end's
    name for it, "You" for the reader), "your" or "NAME's" for ``{seat's}``, "your hand"
    or the name for ``{seat:hand}``, "Us" or "Them" for ``{seat:side}`` as seen from
    ``reader``; the first letter a capital.

    >>> names = ["You", "East", "North", "West"].__getitem__
    >>> fill("{1} asked: the 7♥ goes back to {2:hand}", names, 2)
    'East asked: the 7♥ goes back to your hand'
    >>> fill("{1} asked: the 7♥ goes back to {2:hand}", names, 0)
    'East asked: the 7♥ goes back to North'
    """

    def one(m: re.Match[str]) -> str:
        seat = int(m.group(1))
        form = m.group(2)
        if form == ":side":
            return "Us" if (seat & 1) == (reader & 1) else "Them"
        if form == "'s":
            return "your" if seat == reader else f"{name(seat)}'s"
        if form == ":hand" and seat == reader:
            return "your hand"
        return name(seat)

    text = SLOT.sub(one, words)
    return text[:1].upper() + text[1:]


def suit_words(suit: int) -> str:
    """``♥ hearts``."""
    return f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}"


def trump_words(event: TrumpShown, short: bool = False) -> str:
    """Trump shown: who asked, the suit, and where the face-down card goes (``short``: a
    compact form for a narrow table).

    >>> from twentynine.engine.cards import Card
    >>> shown = TrumpShown(1, 1, Card.parse("7H"), 2)
    >>> trump_words(shown)
    '{1} asked: trump is ♥ hearts, the 7♥ goes back to {2:hand}'
    >>> trump_words(shown, short=True)
    '{1} asked: ♥ hearts · 7♥ back to {2:hand}'
    >>> trump_words(TrumpShown(None, 2, Card.parse("JD"), 0))
    'Trump shown for the last trick: ♦ diamonds, the J♦ goes back to {0:hand}'
    >>> trump_words(TrumpShown(3, 0, Card.parse("QS"), 3))
    "{3} showed trump: ♠ spades, the Q♠ goes back to {3's} hand"
    >>> trump_words(TrumpShown(3, None, None, 3))
    "No trumps this deal ({3's} choice)"
    """
    b = event.bidder
    if event.suit is None:
        plays = f"no trumps this deal ({_whose(b)} choice)"
        if event.seat is None or event.seat == b:
            return plays[0].upper() + plays[1:]
        return f"{_seat(event.seat)} asked: {plays}"
    what = suit_words(event.suit)
    if event.seat is None:
        head = "Last trick: trump" if short else "Trump shown for the last trick:"
    elif event.seat == b:
        head = f"{_seat(event.seat)} showed trump:"
    else:
        head = f"{_seat(event.seat)} asked:" if short else f"{_seat(event.seat)} asked: trump is"
    if event.card is None:
        return f"{head} {what}"
    # "back to West" after West showed it himself would read as if it went away
    home = f"{_whose(b)} hand" if event.seat == b else f"{{{b}:hand}}"
    if short:
        return f"{head} {what} · {event.card.label} back to {home}"
    return f"{head} {what}, the {event.card.label} goes back to {home}"


def event_words(event: Event) -> str | None:
    """A line for the table's log, with seat slots (:func:`fill`), or None for an event
    not worth a line.

    >>> from twentynine.engine.cards import Card
    >>> event_words(TrumpChosen(0, Card.parse("9C"), 3))
    '{0} laid 9♣ face down: clubs are trump'
    >>> event_words(TrumpChosen(0, None, None))  # as the other seats see it
    '{0} chose trump in secret'
    """
    # the commonest first: the server makes a line for every event it sends
    if isinstance(event, CardPlayed):
        return f"{_seat(event.seat)} played {event.card.label}"
    if isinstance(event, TrickWon):
        pts = "point" if event.points == 1 else "points"
        return f"{_seat(event.seat)} won trick {event.number} ({event.points} {pts})"
    if isinstance(event, DealStarted):
        return f"Deal {event.number}: {_seat(event.dealer)} dealt"
    if isinstance(event, CardsDealt):
        # the reader's own second four (another seat's cards are hidden from it): once
        return "Four more cards each" if event.round == 2 and event.cards is not None \
            else None
    if isinstance(event, BidMade):
        return f"{_seat(event.seat)} bid {event.bid}"
    if isinstance(event, Passed):
        return f"{_seat(event.seat)} passed"
    if isinstance(event, AuctionWon):
        return f"{_seat(event.seat)} won the auction at {event.bid}"
    if isinstance(event, TrumpChosen):
        who = _seat(event.seat)
        if event.no_trumps:
            return f"{who} chose no trumps"
        if event.suit is not None:  # the bidder's own event: only they see the suit
            if event.card is not None:
                return f"{who} laid {event.card.label} face down: " \
                       f"{SUIT_NAMES[event.suit]} are trump"
            return f"{who} chose {SUIT_NAMES[event.suit]} as trump"
        return f"{who} chose trump in secret"
    if isinstance(event, Doubled):
        word = "doubled" if event.multiplier == 2 else "redoubled"
        return f"{_seat(event.seat)} {word}: the deal counts x{event.multiplier}"
    if isinstance(event, Declined):
        return f"{_seat(event.seat)}: no {event.what}"
    if isinstance(event, SingleHandAnnounced):
        return f"{_seat(event.seat)} will play a single hand; " \
               f"{_whose((event.seat + 2) & 3)} cards sit out"
    if isinstance(event, ThrownIn):
        return f"Deal thrown in ({_seat(event.seat)} had no point card)"
    if isinstance(event, TrumpShown):
        return trump_words(event)
    if isinstance(event, PairDeclared):
        return f"{_seat(event.seat)} declared the pair: target now {event.target}"
    if isinstance(event, DealScored):
        o = event.outcome
        if o.thrown_in is not None:
            return "Nobody scores: the cards are dealt again"
        if o.single_hand is not None:
            return f"{_seat(o.single_hand)} {'made' if o.made else 'lost'} the single hand"
        if o.dead:
            return "Trump never shown: the deal is dead"
        return f"{{{o.bidder}:side}} {'made' if o.made else 'missed'} {o.target}"
    if isinstance(event, GameOver):
        return f"{_seat(event.winner)} & {_seat(event.winner + 2)} won the game"
    return None


# ---------------------------------------------------------------------- the rules


def essentials(rules: Rules) -> list[tuple[str, str]]:
    """The game in six short paragraphs, each with a one-word heading, for ``rules`` (the
    first page of the terminal's ``?``, the phone's help).

    >>> "29 in all" in essentials(Rules())[0][1], "28 in all" in essentials(PRESETS["28pt"])[0][1]
    (True, True)
    """
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
             f"{goal(rules)}")
    return [("Cards", cards), ("Bid", bid), ("Trump", trump), ("Ask", ask), ("Pair", pair),
            ("Score", score)]


def goal(rules: Rules) -> str:
    """How a game is won and lost, in a sentence.

    >>> goal(Rules(game_to=3))
    'A team reaching +3 wins; one falling to -3 loses.'
    """
    return f"A team reaching +{rules.game_to} wins; one falling to -{rules.game_to} loses."


STANDARD_SUMMARY = "Standard rules"
"""What :func:`rules_summary` says of the standard game."""


def _differences(rules: Rules, base: Rules) -> list[str]:
    return [st.field for st in SETTINGS if getattr(rules, st.field) != getattr(base, st.field)]


def house_rules(rules: Rules) -> list[str]:
    """The settings that differ from the standard game, each as its record's short phrase
    in a player's words (empty for the standard game).

    >>> house_rules(Rules(min_bid=15, double=True))
    ['Bids start at 15', 'Defenders may double']
    """
    return [SETTING[f].says(SETTING[f].house, rules) for f in _differences(rules, Rules())]


def rules_short(rules: Rules) -> list[str]:
    """Each house rule in a word or two (the side panel's summary when the list has no
    room).

    >>> rules_short(Rules(trump_indicator="marker", pair=False, last_trick_point=False))
    ['28 points', 'trump marker', 'no pair']
    """
    return [SETTING[f].says(SETTING[f].short, rules) for f in _differences(rules, Rules())]


def rules_brief(rules: Rules, width: int) -> str | None:
    """The house rules in one line of at most ``width`` cells, for the side panel when
    its list has no room: each rule in a word or two, or the preset they start from and
    what differs from it, or just how many there are; with "see ?" when it does not say
    them all.  None for the standard game (or when not even that fits).

    >>> rules_brief(Rules.preset("28pt").replace(min_bid=15), 30)
    'bids from 15, 28 points'
    >>> rules_brief(Rules.preset("28pt").replace(min_bid=15), 20)
    '28pt, bids from 15'
    >>> rules_brief(Rules.preset("pagat"), 19)
    'pagat · see ?'
    >>> rules_brief(Rules.preset("pagat").replace(double=True, game_to=3), 19)
    '9 changes · see ?'
    >>> rules_brief(Rules(), 19) is None
    True
    """
    fields = _differences(rules, Rules())
    if not fields:
        return None
    tries = [", ".join(rules_short(rules))]
    # the named variant closest to these rules, when it is closer than the standard game
    name, base = min(((n, r) for n, r in PRESETS.items() if n != "standard"),
                     key=lambda p: len(_differences(rules, p[1])))
    extra = _differences(rules, base)
    if len(extra) < len(fields):  # the name alone does not say the rules: ? does
        named = ", ".join([name] + [SETTING[f].says(SETTING[f].short, rules) for f in extra])
        tries += [f"{named} · see ?", named]
    tries.append(f"{len(fields)} changes · see ?")
    return next((t for t in tries if len(t) <= width), None)


def rules_summary(rules: Rules) -> list[str]:
    """This game's rules in a few short phrases: the house rules, or that the game is the
    standard one.

    >>> rules_summary(Rules())
    ['Standard rules']
    >>> rules_summary(Rules.preset("28pt"))
    ['No point for last trick']
    """
    return house_rules(rules) or [STANDARD_SUMMARY]


def rules_line(rules: Rules) -> str:
    """The summary as one line for the table's log.

    >>> rules_line(Rules(double=True, game_to=3))
    'House rules: defenders may double; game to +3 or -3.'
    >>> rules_line(Rules())
    'Standard rules.'
    """
    house = house_rules(rules)
    if not house:
        return STANDARD_SUMMARY + "."
    return "House rules: " + "; ".join(h[0].lower() + h[1:] for h in house) + "."


def rules_words(rules: Rules) -> dict[str, object]:
    """What the table server sends a page of a table's rules (in ``welcome`` and in the
    ``table`` answer to a look): the essentials as ``[heading, paragraph]`` pairs, the
    house rules' phrases (empty for the standard game), the one-line summary and how the
    game is won.

    >>> rules_words(Rules(double=True))["house"]
    ['Defenders may double']
    """
    return {"essentials": [[head, text] for head, text in essentials(rules)],
            "house": house_rules(rules), "line": rules_line(rules), "goal": goal(rules)}
