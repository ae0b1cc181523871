"""The auction: who may bid what, passing, the dealer's forced bid, and its end."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .actions import BID_BASE, PASS_CODE, Action, ActionKind
from .events import AuctionWon, BidMade, Event, Passed

if TYPE_CHECKING:
    from .deal import Deal


def lowest_bid(deal: Deal) -> int:
    """The lowest bid the seat to move may make."""
    return max(deal.rules.min_bid, deal.high_bid + 1)


def must_bid(deal: Deal) -> bool:
    """True when the other three have passed without a bid: the dealer may not pass."""
    return deal.high_bid == 0 and deal.passed.bit_count() == 3


def legal_codes(deal: Deal) -> list[int]:
    """Bids from the lowest allowed to the maximum, and pass unless forced to bid."""
    lo = lowest_bid(deal)
    codes = list(range(BID_BASE + lo, BID_BASE + deal.rules.max_bid + 1))
    if not must_bid(deal):
        codes.append(PASS_CODE)
    return codes


def explain(deal: Deal, action: Action) -> str:
    """Why ``action`` is not allowed in the auction."""
    kind = action.kind
    if kind is ActionKind.PASS:
        return "the dealer must bid when the other three players have passed"
    if kind is not ActionKind.BID or action.bid is None:
        return "the auction is still going on: bid or pass"
    n = action.bid
    if n > deal.rules.max_bid:
        return f"the highest bid is {deal.rules.max_bid}"
    if n < deal.rules.min_bid:
        return f"the lowest bid is {deal.rules.min_bid}"
    return f"a bid must be higher than the last one ({deal.high_bid})"


def step(deal: Deal, code: int, events: list[Event] | None) -> None:
    """Record a bid or a pass and move to the next seat still in the auction."""
    seat = deal.turn
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
