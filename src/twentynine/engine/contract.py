"""Between the auction and the first lead: the trump choice (a card, a marker, the seventh
card or no trumps), doubling, the second four cards, thrown-in hands and the single-hand
offer."""

from __future__ import annotations

from typing import TYPE_CHECKING, Final

from .actions import (
    DOUBLE_CODE,
    NO_TRUMPS_CODE,
    PASS_CODE,
    REDOUBLE_CODE,
    SINGLE_HAND_CODE,
    TRUMP_CARD_BASE,
    TRUMP_SUIT_BASE,
)
from .cards import CARDS, POINT_MASK, SEAT_WORDS, mask_cards
from .events import (
    CardsDealt,
    Declined,
    Doubled,
    Event,
    SingleHandAnnounced,
    TrumpChosen,
    TrumpShown,
)

if TYPE_CHECKING:
    from .deal import Deal

# phase codes, as in deal.py
TRUMP: Final = 1
PLAY: Final = 2
DOUBLING: Final = 4
SINGLE: Final = 5


def after_auction(deal: Deal, events: list[Event] | None) -> None:
    """The auction has a winner: the bidder chooses trump, unless the seventh card sets it."""
    if deal.rules.trump_choice == "seventh":
        begin_doubling(deal, events)
    else:
        deal.phase_code = TRUMP
        deal.turn = deal.bidder


def legal_codes(deal: Deal) -> list[int]:
    """Legal codes in the trump-choice, doubling and single-hand phases."""
    ph = deal.phase_code
    if ph == TRUMP:
        if deal.rules.trump_indicator == "marker":
            codes = [TRUMP_SUIT_BASE + s for s in range(4)]
        else:
            codes = [TRUMP_CARD_BASE + c for c in mask_cards(deal.hands[deal.bidder])]
        if deal.rules.no_trumps:
            codes.append(NO_TRUMPS_CODE)
        return codes
    if ph == DOUBLING:
        return [REDOUBLE_CODE if deal.multiplier == 2 else DOUBLE_CODE, PASS_CODE]
    if ph == SINGLE:
        return [SINGLE_HAND_CODE, PASS_CODE]
    return []


def explain(deal: Deal, code: int) -> str:
    """Why ``code`` is not allowed in these phases."""
    ph = deal.phase_code
    if ph == TRUMP:
        if deal.rules.trump_indicator == "marker":
            return "the bidder must now choose the trump suit"
        if TRUMP_CARD_BASE <= code < TRUMP_CARD_BASE + 32:
            return ("you can lay only one of your own four cards as trump, "
                    f"not the {CARDS[code - TRUMP_CARD_BASE].long_name}")
        if code == NO_TRUMPS_CODE:
            return "no trumps is not played in these rules"
        return "the bidder must now lay one of their four cards face down as trump"
    if ph == DOUBLING:
        if deal.multiplier == 2:
            return "the bidder may now redouble or pass"
        return "the defenders may now double or pass"
    return "each player in turn may now announce a single hand or pass"


def step(deal: Deal, code: int, events: list[Event] | None) -> None:
    """Apply a trump choice, a double, a redouble, a single hand or a pass."""
    ph = deal.phase_code
    seat = deal.turn
    if ph == TRUMP:
        choose_trump(deal, code, events)
        begin_doubling(deal, events)
    elif ph == DOUBLING:
        if code in (DOUBLE_CODE, REDOUBLE_CODE):
            deal.multiplier *= 2
            if events is not None:
                events.append(Doubled(seat, deal.multiplier))
            if code == DOUBLE_CODE:
                deal.turn = deal.bidder
            else:
                deal_second(deal, events)
            return
        if events is not None:
            events.append(Declined(seat, "redouble" if deal.multiplier == 2 else "double"))
        if deal.multiplier == 1 and seat == (deal.bidder + 1) & 3:
            deal.turn = (deal.bidder + 3) & 3
        else:
            deal_second(deal, events)
    elif ph == SINGLE:
        if code == SINGLE_HAND_CODE:
            announce_single_hand(deal, seat, events)
            return
        if events is not None:
            events.append(Declined(seat, "single hand"))
        deal.single_offers += 1
        if deal.single_offers == 4:
            deal.phase_code = PLAY
            deal.turn = deal.leader
        else:
            deal.turn = (seat + 1) & 3


def choose_trump(deal: Deal, code: int, events: list[Event] | None) -> None:
    """The bidder lays a card face down, picks a marker suit, or declares no trumps."""
    b = deal.bidder
    if code == NO_TRUMPS_CODE:
        deal.no_trump = True
    elif code >= TRUMP_SUIT_BASE:
        deal.trump_suit = code - TRUMP_SUIT_BASE
    else:
        c = code - TRUMP_CARD_BASE
        deal.trump_card = c
        deal.trump_suit = c >> 3
        deal.hands[b] &= ~(1 << c)
    if events is not None:
        card = CARDS[deal.trump_card] if deal.trump_card >= 0 else None
        suit = deal.trump_suit if deal.trump_suit >= 0 else None
        events.append(TrumpChosen(b, card, suit, deal.no_trump))
    if deal.no_trump and deal.rules.trump_indicator == "card":
        # with no card to lay face down, no trumps is declared openly
        deal.shown = True
        deal.shown_trick = 0
        if events is not None:
            events.append(TrumpShown(b, None, None, b))


def begin_doubling(deal: Deal, events: list[Event] | None) -> None:
    """Offer the defenders a double, or go straight to the second four cards."""
    if deal.rules.double:
        deal.phase_code = DOUBLING
        deal.turn = (deal.bidder + 1) & 3
    else:
        deal_second(deal, events)


def deal_second(deal: Deal, events: list[Event] | None) -> None:
    """Deal the second four cards, set a seventh-card trump, throw in pointless hands, then
    offer single hands or start play."""
    if events is not None:
        for k in range(1, 5):
            seat = (deal.dealer + k) & 3
            events.append(CardsDealt(
                seat, 2, 4, tuple(CARDS[c] for c in mask_cards(deal.second[seat]))))
    for s in range(4):
        deal.hands[s] |= deal.second[s]
    rules = deal.rules
    if rules.trump_choice == "seventh":
        c = deal.seventh[deal.bidder]
        deal.trump_suit = c >> 3
        if rules.trump_indicator == "card":
            deal.trump_card = c
            deal.hands[deal.bidder] &= ~(1 << c)
        if events is not None:
            card = CARDS[c] if deal.trump_card >= 0 else None
            events.append(TrumpChosen(deal.bidder, card, deal.trump_suit, False))
    if rules.pointless_hand_redeal:
        for s in range(4):
            held = deal.hands[s]
            if s == deal.bidder and deal.trump_card >= 0:
                held |= 1 << deal.trump_card
            if not held & POINT_MASK:
                deal.throw_in(s, f"{SEAT_WORDS[s]} holds no point card in eight", events)
                return
    deal.turn = deal.leader
    deal.phase_code = SINGLE if rules.single_hand else PLAY


def announce_single_hand(deal: Deal, seat: int, events: list[Event] | None) -> None:
    """``seat`` will take every trick alone: no trumps, partner sits out, ``seat`` leads."""
    if deal.trump_card >= 0:
        deal.hands[deal.bidder] |= 1 << deal.trump_card
    deal.trump_card = -1
    deal.trump_suit = -1
    deal.single = seat
    deal.sitting_out = (seat + 2) & 3
    deal.leader = seat
    deal.turn = seat
    deal.phase_code = PLAY
    if events is not None:
        events.append(SingleHandAnnounced(seat))
