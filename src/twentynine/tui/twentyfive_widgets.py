"""Twenty-Five's table, drawn: the seats in play order (each one's card in this trick, its
tricks and score), the trump line, your hand with its legal cards marked, the race's
score bar.  Pure functions of a :class:`~twentynine.twentyfive.PlayerView` turned into
Rich text (easy to test); the widgets that show them are the shared ones of
:mod:`twentynine.tui.widgets`.  Nothing here is given a card the player may not see."""

from __future__ import annotations

from collections.abc import Callable, Sequence

from rich.text import Text

from ..twentyfive import Card, HouseRules, PlayerView, Stage
from ..twentyfive.happenings import (
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
from ..twentyfive.pack import (
    hold_back_mask,
    is_trump,
    mask_of,
    plain_order,
    top_trumps,
    trump_order,
)
from ..twentyfive.seat_view import TrickDone
from .theme import (
    CARD_BLACK,
    CARD_RED,
    CARD_RED_DIM,
    FACE,
    FACE_DIM,
    GOLD,
    GOOD,
    INK_SOFT,
    RED_ON_FELT,
    SKY,
)

BOT_NAMES = ("Aoife", "Brian", "Ciara", "Dara", "Eoin", "Fiona", "Gráinne", "Hugh")
"""The computer players' names, seat 1 onwards (short, so nine fit a narrow table)."""
SUIT_SYMBOLS = "♠♥♦♣"
SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")
SIDE_LETTERS = "ABCDEFGHI"


def names_words(names: list[str]) -> str:
    """``you``, ``you and Brian``, ``you, Brian and Dara``."""
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def table_words(rules: HouseRules) -> str:
    """The table's options in one phrase: ``6 players, teams of three, no robbing``."""
    said = rules.differences()
    return ", ".join([said[0]] + [w[:1].lower() + w[1:] for w in said[1:]])


def seat_name(seat: int) -> str:
    """``You`` for seat 0, a bot's name for the others."""
    return "You" if seat == 0 else BOT_NAMES[(seat - 1) % len(BOT_NAMES)]


SeatNames = Callable[[int], str]
"""What to call each seat (``seat -> name``): :func:`seat_name` at the player's own
local table, the players' names at a hosted one."""


def is_red(card: Card) -> bool:
    return card.suit in (1, 2)


def card_text(card: Card) -> Text:
    """``10♥`` on the felt, red or plain."""
    return Text(card.label, style=f"bold {RED_ON_FELT}" if is_red(card) else "bold")


def suit_text(suit: int) -> Text:
    return Text(f"{SUIT_SYMBOLS[suit]} {SUIT_NAMES[suit]}",
                style=RED_ON_FELT if suit in (1, 2) else "")


def side_name(view: PlayerView, side: int, names: SeatNames = seat_name) -> str:
    """A side's name: a player's, or ``Team A`` (``Your team`` for the player's)."""
    rules = view.rules
    if rules.teams == "none":
        return names(side)
    return "Your team" if side == view.side else f"Team {SIDE_LETTERS[side]}"


def score_bar(view: PlayerView, width: int = 78, names: SeatNames = seat_name) -> Text:
    """The race on one line of ``width`` cells: the deal, the target and the scores: in
    team games every team's, each for themselves who is ahead (all who share the lead)
    and your own.  Short of room, the game's name goes first."""
    head = f"Twenty-Five · deal {view.number} · race to {view.rules.target}: "
    tail = _race_words(view, names)
    if len(head) + tail.cell_len > width:
        head = f"Deal {view.number} · race to {view.rules.target}: "
    out = Text(head, style="bold")
    out.append_text(tail)
    return out


def _race_words(view: PlayerView, names: SeatNames = seat_name) -> Text:
    rules = view.rules
    scores = view.scores
    out = Text()
    if rules.teams != "none":
        for side, score in enumerate(scores):
            if side:
                out.append(" · ")
            mine = side == view.side
            name = f"Team {SIDE_LETTERS[side]}" + (" (you)" if mine else "")
            out.append(f"{name} {score}", style=f"bold {GOOD}" if mine else "")
        return out
    top = max(scores)
    if top == 0:
        out.append("nobody has scored yet")
        return out
    ahead = [s for s in range(len(scores)) if scores[s] == top]
    style = f"bold {GOOD}" if view.side in ahead else f"bold {GOLD}"
    if len(ahead) == len(scores):
        out.append(f"all level at {top}", style=style)
        return out
    leaders = ["you" if s == view.side else names(s) for s in ahead]
    if len(leaders) > 2:  # named, they would not fit one line at 80 columns
        others = len(leaders) - 1 if view.side in ahead else len(leaders)
        who = (f"you and {others} others" if view.side in ahead
               else f"{others} players")
    else:
        who = " and ".join(leaders)
    verb = "are" if len(leaders) > 1 or leaders[0] == "you" else "is"
    out.append(f"{who[:1].upper()}{who[1:]} {verb} ahead with {top}", style=style)
    if view.side not in ahead:
        out.append(f" · you {scores[view.side]}")
    elif len(ahead) == 1:
        out.append(f", next best {max(s for i, s in enumerate(scores) if i != view.side)}")
    return out


def _last_trick(view: PlayerView) -> tuple[dict[int, Card], int | None]:
    """The cards to show beside the seats: this trick's, or while none is led yet the last
    finished trick's (and its winner), so the last card of a trick is seen."""
    if view.trick or not view.tricks:
        return dict(view.trick), None
    last = view.tricks[-1]
    return dict(last.cards), last.winner


def seats_table(view: PlayerView, width: int = 44, names: SeatNames = seat_name) -> Text:
    """Every seat in play order: the turn, name, the card played to this trick, tricks
    won this deal, the score (the side's in team games) and marks (dealer, robber, team)."""
    rules = view.rules
    cards, won_by = _last_trick(view)
    teams = rules.teams != "none"
    out = Text()
    head = "  # name     card  tricks score"
    title = "  last trick" if won_by is not None else ""
    out.append(f"{head}{title}"[:width], style=INK_SOFT)
    for seat in range(rules.players):
        out.append("\n")
        turn = view.turn == seat and view.stage is Stage.PLAY
        out.append("▶" if turn else " ", style=f"bold {GOLD}")
        mate = teams and seat != view.seat and rules.side_of(seat) == view.side
        name_style = (f"bold {GOLD}" if turn else "bold" if seat == view.seat
                      else f"bold {GOOD}" if mate else "")
        out.append(f"{seat + 1} ", style=INK_SOFT)
        out.append(f"{names(seat)[:8]:<8}", style=name_style)
        card = cards.get(seat)
        if card is None:
            out.append("  ·  ", style=INK_SOFT)
        else:
            t = card_text(card)
            t.pad_left(4 - t.cell_len)
            out.append_text(t)
            out.append("*" if won_by == seat else " ", style=f"bold {GOLD}")
        out.append(f" {view.tricks_won[seat]:>4}  ")
        side = rules.side_of(seat)
        out.append(f"{view.scores[side]:>4}", style="bold")
        marks = []
        if teams:
            marks.append(SIDE_LETTERS[side])
        if seat == view.dealer:
            marks.append("deal")
        if view.robber == seat:
            marks.append("rob")
        if view.trick and seat == view.leader:
            marks.append("led")
        if marks:
            out.append("  " + " ".join(marks), style=SKY)
    if won_by is not None:
        out.append("\n")
        out.append(f"* {names(won_by)} won the last trick", style=INK_SOFT)
    if teams:
        mates = [names(s) for s in rules.team(view.side) if s != view.seat]
        out.append("\n")
        out.append(f"Your team {SIDE_LETTERS[view.side]}: {names_words(['you', *mates])}",
                   style=f"bold {GOOD}")
        out.append(" (a score is the team's)", style=INK_SOFT)
    return out


def order_line(trump: int, suit: int | None = None) -> Text:
    """The order of the trumps (or of a plain ``suit``), best first, the top trumps (5, J,
    A♥) in bold: ``Trumps, best first: 5♠ J♠ A♥ A♠ K♠ Q♠ 2♠ 3♠ ...``."""
    if suit is None or suit == trump:
        cards, out = trump_order(trump), Text("Trumps, best first:")
    else:
        cards = plain_order(trump, suit)
        out = Text(f"{SUIT_NAMES[suit].capitalize()} (not trump), best first:")
    top = set(top_trumps(trump))
    for c in cards:
        out.append(" ")
        t = card_text(Card(c))
        if c not in top:
            t.stylize("not bold")
        out.append_text(t)
    return out


def trump_line(view: PlayerView, names: SeatNames = seat_name) -> Text:
    """The trump suit, the turned card and who robbed it; the trumps' order."""
    out = Text("Trump ")
    out.append_text(suit_text(view.trump))
    out.append(" · turned ")
    out.append_text(card_text(view.turned))
    if view.robber is not None:
        who = "you" if view.robber == view.seat else names(view.robber)
        out.append(f", robbed by {who}", style=f"bold {GOLD}")
    out.append("\n")
    out.append_text(order_line(view.trump))
    if view.laid_down is not None:
        out.append("\nYou laid down the ")
        out.append_text(card_text(view.laid_down))
        out.append(" (out of play, seen by nobody else)", style=INK_SOFT)
    return out


def hand_lines(view: PlayerView, selected: int, legal: Sequence[Card]) -> Text:
    """Your hand on three lines: the number keys, the cards (the chosen one framed, those
    you may not play now greyed), and under each card what it is and may do: on your
    turn ``ok`` playable, ``trump`` a playable trump (always: the A♥ is one), ``hold`` a
    top trump you may hold back (only when you have another card to play), ``no`` not
    now; between turns ``trump`` under your trumps."""
    hand = list(view.hand)
    my_turn = view.turn == view.seat and view.stage is Stage.PLAY
    held = set(view.may_hold_back) if my_turn else set()
    if not set(legal) - held:  # nothing else to play: holding back means nothing
        held = set()
    nums, faces, notes = Text(), Text(), Text()
    for i, card in enumerate(hand):
        sel = my_turn and i == selected
        ok = card in legal
        dim = my_turn and not ok
        nums.append(f"{i + 1:^6}", style=f"reverse bold {GOLD}" if sel else "dim")
        nums.append(" ")
        ink = (CARD_RED_DIM if dim else CARD_RED) if is_red(card) else CARD_BLACK
        face = FACE_DIM if dim else FACE
        label = f"{card.label:^4}"
        faces.append("▐" if sel else " ", style=f"bold {GOLD}")
        faces.append(label, style=f"bold {ink} on {face}")
        faces.append("▌" if sel else " ", style=f"bold {GOLD}")
        faces.append(" ")
        trump = is_trump(view.trump, card)
        if not my_turn:
            note = "trump" if trump else ""
        elif card in held:
            note = "hold"
        elif ok:
            note = "trump" if trump else "ok"
        else:
            note = "no"
        notes.append(f"{note:^6} ", style=(
            GOLD if note == "hold" else INK_SOFT if note == "no" or not my_turn
            else GOOD))
    if not hand:
        return Text("(no cards)", style="dim")
    return Text("\n").join([nums, faces, notes])


def played_note(trump: int, led: Card | None, card: Card, renege: bool = True,
                gone: int = 0) -> str:
    """What a card played to a trick shows everyone, in a few words: ``trumped`` (a
    trump on a plain lead), ``no spades`` (neither the suit led nor a trump), ``no trump,
    or one held back`` (a trump lead answered with a plain card; ``no trump`` when no top
    trump could stay back: the 5 led, holding back off, or every top trump above the card
    led in ``gone``, the mask of the cards everyone knows are not in that hand); ``""``
    for a card that follows or leads."""
    if led is None:
        return ""
    led_trump = is_trump(trump, led)
    if is_trump(trump, card):
        return "" if led_trump else "trumped"
    if led_trump:  # a top trump may stay back only from a lower trump led
        may_hold = renege and hold_back_mask(trump, led) & ~gone != 0
        return "no trump, or one held back" if may_hold else "no trump"
    if card.suit == led.suit:
        return ""
    return f"no {SUIT_NAMES[led.suit]}"


def known_gone(view: PlayerView, seat: int, played: int) -> int:
    """The cards everyone knows are not in ``seat``'s hand: those ``played`` before in the
    deal, and the turned card unless ``seat`` robbed it."""
    return played | (0 if view.robber == seat else mask_of([view.turned]))


class LogWriter:
    """Turns the deal's events into the log's lines, remembering the card led to the
    trick in play (for :func:`played_note`)."""

    def __init__(self, names: SeatNames = seat_name) -> None:
        self.led: Card | None = None
        self.played = 0
        """The cards played so far in the deal (a mask)."""
        self.names = names

    def line(self, view: PlayerView, event: Event) -> Text | None:
        if isinstance(event, DealStarted):
            self.played = 0
        if isinstance(event, (DealStarted, TrickWon)):
            self.led = None
        if isinstance(event, CardPlayed):
            t = event_line(view, event, self.names)
            note = played_note(view.trump, self.led, event.card, view.rules.renege,
                               known_gone(view, event.seat, self.played))
            self.played |= mask_of([event.card])
            if self.led is None:
                self.led = event.card
            if t is not None and note:
                t.append(f" ({note})", style=INK_SOFT)
            return t
        return event_line(view, event, self.names)


def event_line(view: PlayerView, event: Event, names: SeatNames = seat_name) -> Text | None:
    """One line of the deal's log for ``event`` (None: nothing to say)."""
    if isinstance(event, DealStarted):
        who = "You deal" if event.dealer == view.seat else f"{names(event.dealer)} deals"
        return Text(f"Deal {event.number}: {who}.", style="bold")
    if isinstance(event, CardsDealt):
        return None
    if isinstance(event, TrumpTurned):
        t = Text("Turned: ")
        t.append_text(card_text(event.card))
        t.append(", trump ")
        t.append(SUIT_SYMBOLS[event.trump], style=RED_ON_FELT if event.trump in (1, 2) else "")
        return t
    if isinstance(event, Robbed):
        t = Text(f"{names(event.seat)} robbed the ")
        t.append_text(card_text(event.taken))
        if event.laid_down is not None:
            t.append(", laying down the ")
            t.append_text(card_text(event.laid_down))
        return t
    if isinstance(event, CardPlayed):
        t = Text(f"{names(event.seat)}: ")
        t.append_text(card_text(event.card))
        return t
    if isinstance(event, TrickWon):
        return trick_won_line(view, event, names)
    if isinstance(event, DealOver):
        return Text(f"Deal {event.number} over: nobody reached {view.rules.target}.",
                    style="bold")
    if isinstance(event, RaceWon):
        return Text(winner_words(view, event, names), style=f"bold {GOLD}")
    return None


SUIT_ONE = ("spade", "heart", "diamond", "club")


def how_won(trump: int, trick: TrickDone) -> str:
    """Why the trick's winner took it: ``the highest trump``, or ``the highest spade
    (no trump was played)``."""
    card = dict(trick.cards)[trick.winner]
    if is_trump(trump, card):
        return "the highest trump"
    return f"the highest {SUIT_ONE[card.suit]} (no trump was played)"


def trick_story(view: PlayerView, trick: TrickDone, number: int,
                names: SeatNames = seat_name) -> Text:
    """A finished trick told whole: each card in play order by its player (who led,
    who won), then the winner, the card and why it won."""
    out = Text(f"Trick {number} of deal {view.number}", style=f"bold {GOLD}")
    played = mask_of(c for done in view.tricks[:number - 1] for _, c in done.cards)
    for seat, card in trick.cards:
        out.append("\n")
        out.append(f"  {names(seat):<8}", style="bold" if seat == trick.winner else "")
        t = card_text(card)
        t.pad_left(4 - t.cell_len)
        out.append_text(t)
        notes = []
        if seat == trick.leader:
            notes.append("led")
        seen = played_note(view.trump, trick.cards[0][1] if seat != trick.leader else None,
                           card, view.rules.renege, known_gone(view, seat, played))
        played |= mask_of([card])
        if seen:
            notes.append(seen)
        elif is_trump(view.trump, card):
            notes.append("trump")
        if seat == trick.winner:
            notes.append("won the trick")
        if notes:
            out.append("  " + ", ".join(notes), style=f"bold {GOLD}" if seat == trick.winner
                       else SKY)
    card = dict(trick.cards)[trick.winner]
    out.append(f"\n\n{names(trick.winner)} won it with the ")
    out.append_text(card_text(card))
    out.append(f", {how_won(view.trump, trick)}.\n")
    out.append_text(order_line(view.trump, card.suit if not is_trump(view.trump, card)
                               else None))
    return out


def last_trick_line(view: PlayerView, names: SeatNames = seat_name) -> Text:
    """The deal's last finished trick on a line: ``The last trick: Brian 8♠, Ciara A♦,
    you Q♣, Aoife 7♣; you took it with the Q♣, the highest trump.``"""
    trick = view.tricks[-1]
    out = Text("The last trick: ")
    for i, (seat, card) in enumerate(trick.cards):
        if i:
            out.append(", ")
        out.append("you " if seat == view.seat else f"{names(seat)} ")
        out.append_text(card_text(card))
    who = "you" if trick.winner == view.seat else names(trick.winner)
    out.append(f"; {who} took it with the ")
    out.append_text(card_text(dict(trick.cards)[trick.winner]))
    out.append(f", {how_won(view.trump, trick)}.")
    return out


def trick_won_line(view: PlayerView, event: TrickWon, names: SeatNames = seat_name) -> Text:
    """``Trick 2: Eoin wins with the K♠ and now has 5`` (in team games: ``...; Team B
    now has 10``): who took it, with which card, and the score it brought."""
    card = dict(event.cards)[event.seat]
    me = event.seat == view.seat
    who = "you win" if me else f"{names(event.seat)} wins"
    t = Text(f"Trick {event.number}: {who} with the ", style=GOLD)
    t.append_text(card_text(card))
    score = event.scores[event.side]
    if view.rules.teams == "none":
        t.append(f" and now {'have' if me else 'has'} {score}", style=GOLD)
    else:
        team = ("your team" if event.side == view.side
                else f"Team {SIDE_LETTERS[event.side]}")
        t.append(f"; {team} now has {score}", style=GOLD)
    return t


def winner_words(view: PlayerView, event: RaceWon, names: SeatNames = seat_name) -> str:
    """Who won and how: ``You won 25 to 15 on trick 3 of deal 4 (the deal was not
    played on).``"""
    rules = view.rules
    if rules.teams == "none":
        who = "You won" if event.side == view.side else f"{names(event.side)} won"
    else:
        team = names_words(["you" if s == view.seat else names(s) for s in event.seats])
        who = (f"Your team ({team}) won" if event.side == view.side
               else f"Team {SIDE_LETTERS[event.side]} ({team}) won")
    others = sorted((s for i, s in enumerate(event.scores) if i != event.side),
                    reverse=True)
    runner = f" to {others[0]}" if others else ""
    mid = " (the rest of the deal was not played)" if event.trick < 5 else ""
    return (f"{who} {event.scores[event.side]}{runner}, reaching {rules.target} on trick "
            f"{event.trick} of deal {event.deal}{mid}.")
