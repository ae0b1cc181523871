"""Trick play: following suit, showing trump, the asker's duty, the pair, trick winners."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import PAIR_CODE, SHOW_CODE, Action, ActionKind
from .cards import (
    CARD_POINTS,
    CARDS,
    SUIT_MASKS,
    SUIT_NAMES,
    SUIT_SINGULAR,
    mask_list,
)
from .events import CardPlayed, Event, PairDeclared, TrickWon, TrumpShown
from .scoring import pair_can_come, pair_mask

if TYPE_CHECKING:
    from .deal import Deal

ASK_OPTIONAL: Final = 0
ASK_AUTO: Final = 2
"""``Deal.ask_rule`` values, as in deal.py."""


def trick_winner(cards: list[int], trump_suit: int) -> int:
    """Index in ``cards`` (play order) of the winning card.

    ``trump_suit`` is -1 while trump is hidden: then only the suit led counts.

    >>> from .cards import Card
    >>> trick_winner([Card.parse(c).index for c in ("JS", "9H", "AS", "7S")], 1)
    1
    >>> trick_winner([Card.parse(c).index for c in ("JS", "9H", "AS", "7S")], -1)
    0
    """
    best = 0
    best_card = cards[0]
    if trump_suit >= 0:
        trumped = False
        for i, c in enumerate(cards):
            if c >> 3 == trump_suit and (not trumped or c < best_card):
                best, best_card, trumped = i, c, True
        if trumped:
            return best
    led = cards[0] >> 3
    for i in range(1, len(cards)):
        c = cards[i]
        if c >> 3 == led and c < best_card:
            best, best_card = i, c
    return best


def can_declare_pair(deal: Deal, seat: int) -> bool:
    """Trump shown, the seat's team has won the trick in which trump was shown or a later
    one, and the pair can still come from the seat's hand (:func:`~.scoring.pair_can_come`:
    not yet declared, K+Q of trump in it)."""
    if not deal.shown or not deal.won_since_shown >> (seat & 1) & 1:
        return False
    suits = 1 << deal.trump_suit if deal.trump_suit >= 0 else 0
    return pair_can_come(deal.rules, deal.pair_team >= 0, deal.trick_no, suits,
                         deal.hands[seat])


SHOW_BIT: Final = 1 << 32
"""In :func:`legal_bits`: show trump is legal."""
PAIR_BIT: Final = 1 << 33
"""In :func:`legal_bits`: the pair may be declared."""


def legal_bits(deal: Deal) -> int:
    """What the seat to move may do, as one int: the mask of the cards it may play, plus
    :data:`SHOW_BIT` and :data:`PAIR_BIT` (the one statement of the rules of play; the
    playouts read it without building a list)."""
    seat = deal.turn
    hand = deal.hands[seat]
    trick = deal.trick
    playable = hand
    if trick:
        follow = hand & SUIT_MASKS[trick[0] >> 3]
        if follow:
            playable = follow
        elif not deal.shown:
            if deal.single >= 0:  # a single hand is played without trumps
                return hand
            if deal.ask_rule != ASK_OPTIONAL:
                return SHOW_BIT
            return hand | SHOW_BIT  # no pair while trump is hidden
        elif seat == deal.asker and deal.asker_trumps and deal.trump_suit >= 0:
            trumps = hand & SUIT_MASKS[deal.trump_suit]
            if trumps:
                playable = trumps
    if deal.won_since_shown >> (seat & 1) & 1 and deal.pair_team < 0 and \
            can_declare_pair(deal, seat):
        return playable | PAIR_BIT
    return playable


def legal_codes(deal: Deal) -> list[int]:
    """Card codes the seat to move may play, plus show trump and pair where allowed."""
    bits = legal_bits(deal)
    codes = mask_list(bits & 0xFFFFFFFF)
    if bits & SHOW_BIT:
        codes.append(SHOW_CODE)
    elif bits & PAIR_BIT:
        codes.append(PAIR_CODE)
    return codes


def explain(deal: Deal, action: Action) -> str:
    """Why ``action`` is not allowed during play, in a player's words."""
    kind = action.kind
    seat = deal.turn
    hand = deal.hands[seat]
    led = deal.trick[0] >> 3 if deal.trick else -1
    if kind is ActionKind.SHOW_TRUMP:
        if deal.single >= 0:
            return "a single hand is played without trumps"
        if deal.shown:
            return "trump has already been shown"
        if led < 0:
            return "you can ask for trump only when you cannot follow suit, not when leading"
        return (f"you can ask for trump only when you cannot follow suit: "
                f"you hold a {SUIT_SINGULAR[led]}")
    if kind is ActionKind.PAIR:
        if not deal.rules.pair:
            return "the pair is not played in these rules"
        if deal.single >= 0 or (deal.shown and deal.trump_suit < 0):
            return "there is no pair without a trump suit"
        if not deal.shown:
            return "the pair can be declared only after trump has been shown"
        if deal.pair_team >= 0:
            return "the pair has already been declared in this deal"
        pm = pair_mask(deal.trump_suit)
        if hand & pm != pm:
            return "you need both the king and the queen of trump in your hand to declare the pair"
        return ("your team must first win the trick in which trump was shown, "
                "or a later one, to declare the pair")
    if kind is not ActionKind.PLAY or action.card is None:
        return "the cards are being played: play a card"
    c = action.card.index
    if not hand >> c & 1:
        if c == deal.trump_card and seat == deal.bidder and not deal.shown:
            return (f"the {action.card.long_name} is your face-down trump card: "
                    "it cannot be played until trump is shown")
        return f"you do not hold the {action.card.long_name}"
    if led >= 0:
        if hand & SUIT_MASKS[led] and c >> 3 != led:
            return f"you must follow suit: you hold a {SUIT_SINGULAR[led]}"
        if not deal.shown and deal.rules.ask != "optional" and deal.single < 0:
            return "you cannot follow suit, so you must ask for trump to be shown"
        if deal.shown and seat == deal.asker and deal.rules.asker_must_trump and \
                deal.trump_suit >= 0:
            return (f"you asked for trump, so you must play a trump: "
                    f"you hold one of {SUIT_NAMES[deal.trump_suit]}")
    return "that card cannot be played now"


def show_trump(deal: Deal, seat: int | None, events: list[Event] | None) -> None:
    """Turn the trump up for everyone; a face-down card goes back to the bidder's hand."""
    deal.shown = True
    deal.shown_trick = deal.trick_no
    if deal.trump_card >= 0:
        deal.hands[deal.bidder] |= 1 << deal.trump_card
    if seat is not None:
        deal.asker = seat
    if events is not None:
        card = CARDS[deal.trump_card] if deal.trump_card >= 0 else None
        suit = deal.trump_suit if deal.trump_suit >= 0 else None
        events.append(TrumpShown(seat, suit, card, deal.bidder))


def declare_pair(deal: Deal, events: list[Event] | None) -> None:
    """The seat to move declares the pair for its team."""
    seat = deal.turn
    deal.pair_team = seat & 1
    deal.pair_seat = seat
    if events is not None:
        events.append(PairDeclared(seat, deal.target))


def play_card(deal: Deal, c: int, events: list[Event] | None) -> None:
    """Play card ``c`` for the seat to move; gather the trick when it is complete."""
    seat = deal.turn
    bit = 1 << c
    hands = deal.hands
    hands[seat] = hands[seat] & ~bit
    deal.played |= bit
    trick = deal.trick
    trick.append(c)
    if events is not None:
        events.append(CardPlayed(seat, CARDS[c]))
    out = deal.sitting_out
    if len(trick) < (4 if out < 0 else 3):
        nxt = (seat + 1) & 3
        if nxt == out:
            nxt = (nxt + 1) & 3
        deal.turn = nxt
        if not deal.shown and deal.ask_rule == ASK_AUTO and out < 0 and \
                not hands[nxt] & SUIT_MASKS[trick[0] >> 3]:
            show_trump(deal, nxt, events)
        return
    leader = deal.leader
    win_index = trick_winner(trick, deal.trump_suit if deal.shown else -1)
    win = (leader + win_index) & 3 if out < 0 else deal.trick_seats(leader)[win_index]
    pts = 0
    for x in trick:
        pts += CARD_POINTS[x]
    trick_no = deal.trick_no + 1
    deal.trick_no = trick_no
    if trick_no == 8 and deal.last_point:
        pts += 1
    team = win & 1
    if team:
        deal.points1 += pts
        deal.won1 += 1
    else:
        deal.points0 += pts
        deal.won0 += 1
    if deal.shown:
        deal.won_since_shown |= 1 << team
    cards = tuple(trick)
    deal.history += ((leader, cards, win, pts),)
    if events is not None:
        seats = deal.trick_seats(leader)
        events.append(TrickWon(win, deal.trick_no,
                               tuple((seats[i], CARDS[x]) for i, x in enumerate(cards)), pts))
    deal.trick = []
    deal.asker = -1
    deal.leader = win
    deal.turn = win
    if trick_no == 7 and not deal.shown and out < 0:
        if deal.show_last:
            show_trump(deal, None, events)
        elif deal.trump_card >= 0:
            # still unshown under the dead-deal rule: the bidder's face-down card becomes
            # their last card, without showing the trump
            deal.hands[deal.bidder] |= 1 << deal.trump_card
            deal.trump_card = -1
