"""Words and pictures for the table: seat names by screen position, event messages,
card boxes.  Pure functions of engine values, so they are easy to test; the plain words
they share with the coach (where each seat sits) are :mod:`twentynine.coach.phrases`."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from ..coach.phrases import positions
from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS, Card
from ..engine.events import (
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
from ..engine.rules import PRESETS, SETTING, SETTINGS, Rules
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
    """Trump shown, in words: who asked, the suit, and where the face-down card goes
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

    def name(seat: int) -> str:
        return seat_name(rules, seat)

    bidder = name(event.bidder)
    if event.suit is None:
        plays = f"{bidder} {'play' if event.bidder == HUMAN else 'plays'} with no trumps"
        if event.seat is None or event.seat == event.bidder:
            return plays
        return f"{name(event.seat)} asked: {plays}"
    what = f"{SUIT_SYMBOLS[event.suit]} {SUIT_NAMES[event.suit]}"
    if event.seat is None:
        head = "Last trick: trump" if short else "Trump shown for the last trick:"
    elif event.seat == event.bidder:
        head = f"{name(event.seat)} showed trump:"
    else:
        head = f"{name(event.seat)} asked:" if short else f"{name(event.seat)} asked: trump is"
    if event.card is None:
        return f"{head} {what}"
    if event.bidder == HUMAN:
        home = "your hand"
    else:  # "back to West" after West showed it himself would read as if it went away
        home = f"{bidder}'s hand" if event.seat == event.bidder else bidder
    if short:
        return f"{head} {what} · {event.card.label} back to {home}"
    return f"{head} {what}, the {event.card.label} goes back to {home}"


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
    """A line for the table's log, or None for events not worth a line."""

    def name(seat: int) -> str:
        return seat_name(rules, seat)

    if isinstance(event, DealStarted):
        return f"Deal {event.number}: {name(event.dealer)} dealt"
    if isinstance(event, CardsDealt):
        if event.round == 2 and event.seat == HUMAN:
            return "Four more cards each"
        return None
    if isinstance(event, BidMade):
        return f"{name(event.seat)} bid {event.bid}"
    if isinstance(event, Passed):
        return f"{name(event.seat)} passed"
    if isinstance(event, AuctionWon):
        return f"{name(event.seat)} won the auction at {event.bid}"
    if isinstance(event, TrumpChosen):
        chosen = event.suit
        if event.no_trumps:
            return f"{name(event.seat)} chose no trumps"
        if chosen is not None and event.seat == HUMAN:
            if event.card is not None:
                return f"You laid {event.card.label} face down: {SUIT_NAMES[chosen]} are trump"
            return f"You chose {SUIT_NAMES[chosen]} as trump"
        return f"{name(event.seat)} chose trump in secret"
    if isinstance(event, Doubled):
        word = "doubled" if event.multiplier == 2 else "redoubled"
        return f"{name(event.seat)} {word}: the deal counts x{event.multiplier}"
    if isinstance(event, Declined):
        return f"{name(event.seat)}: no {event.what}"
    if isinstance(event, SingleHandAnnounced):
        partner = seat_name(rules, (event.seat + 2) & 3)
        return f"{name(event.seat)} will play a single hand; {partner} sits out"
    if isinstance(event, ThrownIn):
        return f"Deal thrown in ({name(event.seat)} had no point card)"
    if isinstance(event, TrumpShown):
        return trump_news(rules, event)
    if isinstance(event, CardPlayed):
        return f"{name(event.seat)} played {event.card.label}"
    if isinstance(event, TrickWon):
        pts = "point" if event.points == 1 else "points"
        return f"{name(event.seat)} won trick {event.number} ({event.points} {pts})"
    if isinstance(event, PairDeclared):
        return f"{name(event.seat)} declared the pair: target now {event.target}"
    if isinstance(event, DealScored):
        o = event.outcome
        if o.thrown_in is not None:
            return "Nobody scores: the cards are dealt again"
        if o.single_hand is not None:
            return f"{name(o.single_hand)} {'made' if o.made else 'lost'} the single hand"
        if o.dead:
            return "Trump never shown: the deal is dead"
        team = TEAM_NAMES[o.bidder & 1]
        return f"{team} {'made' if o.made else 'missed'} {o.target}"
    if isinstance(event, GameOver):
        return f"{TEAM_LONG[event.winner]} won the game"
    return None


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


STANDARD_SUMMARY = "Standard rules"
"""What :func:`rules_summary` says of the standard game."""


def _house_rule(rules: Rules, field: str) -> str:
    """One setting that differs from the standard game, in a player's words."""
    setting = SETTING[field]
    return setting.says(setting.house, rules)


def house_rules(rules: Rules) -> list[str]:
    """The settings that differ from the standard game, each as a short phrase in a
    player's words (empty for the standard game).

    >>> house_rules(Rules(min_bid=15, double=True))
    ['Bids start at 15', 'Defenders may double']
    """
    std = Rules()
    return [_house_rule(rules, st.field) for st in SETTINGS
            if getattr(rules, st.field) != getattr(std, st.field)]


def _short_rule(rules: Rules, field: str) -> str:
    """One house rule in a word or two, for the one-line summary (? and the side panel's
    list say it in full)."""
    setting = SETTING[field]
    return setting.says(setting.short, rules)


def _differences(rules: Rules, base: Rules) -> list[str]:
    return [st.field for st in SETTINGS if getattr(rules, st.field) != getattr(base, st.field)]


def rules_short(rules: Rules) -> list[str]:
    """Each house rule in a word or two (the side panel's summary when the list has no
    room).

    >>> rules_short(Rules(trump_indicator="marker", pair=False, last_trick_point=False))
    ['28 points', 'trump marker', 'no pair']
    """
    return [_short_rule(rules, f) for f in _differences(rules, Rules())]


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
        named = ", ".join([name] + [_short_rule(rules, f) for f in extra])
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
