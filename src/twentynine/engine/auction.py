"""The auction: who may bid what, passing, the dealer's forced bid, and its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BID_BASE, PASS_CODE, REDEAL_CODE, Action, ActionKind
from .cards import POINT_MASK, SEAT_WORDS
from .events import AuctionWon, BidMade, Event, Passed

if TYPE_CHECKING:
    from .deal import Deal


def seniority(deal: Deal, seat: int) -> int:
    """0 for the first to speak (the dealer's next seat) up to 3 for the dealer."""
    return (seat - deal.dealer - 1) & 3


def lowest_bid(deal: Deal) -> int:
    """The lowest bid the seat to move may make: above the last bid, or equal to it for a
    senior player where matching bids is allowed."""
    if deal.rules.match_bids and deal.high_bid and deal.bidder != deal.turn and \
            seniority(deal, deal.turn) < seniority(deal, deal.bidder):
        return max(deal.rules.min_bid, deal.high_bid)
    return max(deal.rules.min_bid, deal.high_bid + 1)


def may_ask_redeal(deal: Deal) -> bool:
    """Where allowed, a player who has not yet spoken and holds no point card in four may
    ask for a new deal."""
    seat = deal.turn
    return (deal.rules.redeal and not deal.first[seat] & POINT_MASK
            and all(s != seat for s, _ in deal.bids))


def must_bid(deal: Deal) -> bool:
    """True when the other three have passed without a bid: the dealer may not pass."""
    return deal.high_bid == 0 and deal.passed.bit_count() == 3


def legal_codes(deal: Deal) -> list[int]:
    """Bids from the lowest allowed to the maximum, and pass unless forced to bid."""
    lo = lowest_bid(deal)
    codes = list(range(BID_BASE + lo, BID_BASE + deal.rules.max_bid + 1))
    if not must_bid(deal):
        codes.append(PASS_CODE)
    if deal.rules.redeal and may_ask_redeal(deal):
        codes.append(REDEAL_CODE)
    return codes


def explain(deal: Deal, action: Action) -> str:
    """Why ``action`` is not allowed in the auction."""
    kind = action.kind
    if kind is ActionKind.REDEAL:
        if not deal.rules.redeal:
            return "redeals are not played in these rules"
        return ("only a player who holds no point card in four, before speaking, "
                "may ask for a redeal")
    if kind is ActionKind.PASS:
        return "the dealer must bid when the other three players have passed"
    if kind is not ActionKind.BID or action.bid is None:
        return "the auction is still going on: bid or pass"
    n = action.bid
    if n > deal.rules.max_bid:
        return f"the highest bid is {deal.rules.max_bid}"
    if n < deal.rules.min_bid:
        return f"the lowest bid is {deal.rules.min_bid}"
    if n == deal.high_bid and deal.rules.match_bids:
        return (f"only a player who spoke before {SEAT_WORDS[deal.bidder]} may match "
                f"the bid of {n}")
    return f"a bid must be higher than the last one ({deal.high_bid})"


def step(deal: Deal, code: int, events: list[Event] | None) -> None:
    """Record a bid or a pass and move to the next seat still in the auction."""
    seat = deal.turn
    if code == REDEAL_CODE:
        deal.throw_in(seat, f"{SEAT_WORDS[seat]} holds no point card and asked for a redeal",
                      events)
        return
    if code == PASS_CODE:
        deal.passed |= 1 << seat
        deal.bids.append((seat, 0))
        if events is not None:
            events.append(Passed(seat))
    else:
        n = code - BID_BASE
        deal.high_bid = n
        deal.bidder = seat
        deal.bids.append((seat, n))
        if events is not None:
            events.append(BidMade(seat, n))
    if deal.passed.bit_count() == 3 and deal.high_bid:
        deal.phase_code = 1  # trump choice
        deal.turn = deal.bidder
        if events is not None:
            events.append(AuctionWon(deal.bidder, deal.high_bid))
        return
    nxt = (seat + 1) & 3
    while deal.passed >> nxt & 1:
        nxt = (nxt + 1) & 3
    deal.turn = nxt
