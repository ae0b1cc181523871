"""The card-level reasons: each one from the seat's view only, checked on real positions."""

from __future__ import annotations

from collections.abc import Callable

from twentynine.bots import make_bot
from twentynine.coach.reasons import (
    card_reason,
    draw_trumps,
    highest_left,
    master_spent,
    partner_winning,
    trick_lost,
    trumps_out,
    void_lead,
    voids,
    why_not,
    winning_now,
    wins_trick,
)
from twentynine.engine.cards import CARDS, SUIT_NAMES, Card
from twentynine.engine.deal import Deal, Phase
from twentynine.engine.views import SeatView


def find(wanted: Callable[[SeatView], bool], seeds: int = 300) -> SeatView:
    """The first view of the seat to move (random bots playing) that matches ``wanted``."""
    for seed in range(seeds):
        d = Deal.from_seed(seed)
        bots = [make_bot("random", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            if v.phase is Phase.PLAY and wanted(v):
                return v
            d.apply(bots[d.turn].choose(v, v.legal_actions))
    raise AssertionError("no such position in the seeds tried")


def cards_of(v: SeatView) -> list[Card]:
    return [a.card for a in v.legal_actions if a.card is not None]


def test_partner_winning_gives_him_points() -> None:
    v = find(lambda v: winning_now(v) == v.partner and any(c.points for c in cards_of(v)))
    card = max(cards_of(v), key=lambda c: c.points)
    text = partner_winning(v, card, 0.9)
    n = card.points
    assert text == (f"partner is winning the trick: give him the {card.label} for {n} "
                    f"point{'s' if n != 1 else ''}")
    assert partner_winning(v, card, 0.5) is None      # not safe enough to say so
    # an opponent on top: no such reason
    w = find(lambda v: winning_now(v) not in (None, v.partner)
             and any(c.points for c in cards_of(v)))
    assert partner_winning(w, max(cards_of(w), key=lambda c: c.points), 0.9) is None


def test_the_trick_is_led_by_the_highest_card_of_the_suit_or_a_shown_trump() -> None:
    v = find(lambda v: len(v.trick) >= 2 and v.trump_shown and v.trump_suit is not None
             and any(c.suit == v.trump_suit for _, c in v.trick[1:])
             and v.trick[0][1].suit != v.trump_suit)
    trump = v.trump_suit
    trumps = [(s, c) for s, c in v.trick if c.suit == trump]
    assert winning_now(v) == min(trumps, key=lambda sc: sc[1].rank)[0]
    u = find(lambda v: len(v.trick) >= 2 and not v.trump_shown)
    led = u.trick[0][1].suit
    assert winning_now(u) == min(((s, c) for s, c in u.trick if c.suit == led),
                                 key=lambda sc: sc[1].rank)[0]


def test_a_seat_that_did_not_follow_is_void_in_that_suit() -> None:
    v = find(lambda v: any(c.suit != t.cards[0][1].suit and s != v.seat
                           for t in v.tricks for s, c in t.cards[1:]))
    found = voids(v)
    tricks = [t.cards for t in v.tricks] + ([v.trick] if v.trick else [])
    failed = {(s, t[0][1].suit) for t in tricks for s, c in t[1:]
              if s != v.seat and c.suit != t[0][1].suit}
    assert failed and {(s, su) for s, suits in found.items() for su in suits} == failed
    # the first trick's first card shows no void
    first = find(lambda v: not v.tricks and len(v.trick) == 1)
    assert voids(first) == {}


def test_leading_into_a_known_void_names_the_seat_and_the_points() -> None:
    def wanted(v: SeatView) -> bool:
        if v.trick or not v.trump_shown:
            return False
        opp = {s: suits for s, suits in voids(v).items() if (s & 1) != v.team}
        return any(c.suit in suits and c.suit != v.trump_suit
                   for c in cards_of(v) for suits in opp.values())

    v = find(wanted, seeds=600)
    opp = {s: suits for s, suits in voids(v).items() if (s & 1) != v.team}
    card = next(c for c in cards_of(v)
                if c.suit != v.trump_suit and any(c.suit in su for su in opp.values()))
    text = void_lead(v, card)
    assert text is not None and f"leading the {card.label}" in text
    assert "is void in" in text
    assert ("gives away" in text) == bool(card.points)
    # a suit nobody on the other side is void in: no such reason
    safe = [c for c in cards_of(v) if not any(c.suit in su for su in opp.values())]
    assert all(void_lead(v, c) is None for c in safe)
    assert why_not(v, card, None, None, None) == text


def test_a_trump_led_into_a_seat_void_in_trumps_gives_nothing_away() -> None:
    """A seat void in trumps cannot trump a trump: leading one is no gift (the review
    said "East is void in hearts: leading the J♥ gives away 3 points" of the master
    trump)."""
    def wanted(v: SeatView) -> bool:
        if v.trick or not v.trump_shown:
            return False
        opp = [su for s, su in voids(v).items() if (s & 1) != v.team]
        return any(c.suit == v.trump_suit and any(c.suit in su for su in opp)
                   for c in cards_of(v))

    v = find(wanted, seeds=2000)
    trump = next(c for c in cards_of(v) if c.suit == v.trump_suit)
    assert void_lead(v, trump) is None


def test_draw_trumps_counts_the_trumps_still_out() -> None:
    def wanted(v: SeatView) -> bool:
        return (not v.trick and v.trump_shown and v.bidder is not None
                and (v.bidder & 1) == v.team and v.trump_suit is not None
                and any(c.suit == v.trump_suit for c in cards_of(v))
                and (trumps_out(v) or 0) >= 1)

    v = find(wanted, seeds=600)
    t = v.trump_suit
    seen = set(v.hand) | v.played_cards()
    out = sum(1 for c in CARDS if c.suit == t and c not in seen)
    assert trumps_out(v) == out
    trump = next(c for c in cards_of(v) if c.suit == t)
    text = draw_trumps(v, trump)
    assert text is not None and text.startswith("draw trumps: ")
    assert text.endswith("is still out" if out == 1 else "are still out")
    side = [c for c in cards_of(v) if c.suit != t]
    assert all(draw_trumps(v, c) is None for c in side)


def test_a_lost_trick_gets_the_cheapest_card() -> None:
    seven, nine = Card.parse("7H"), Card.parse("9H")
    assert trick_lost(seven, 0.0, cheapest=True) == (
        "the other side takes this trick whatever you play: the 7♥ gives it nothing")
    assert trick_lost(nine, 0.0, cheapest=True) == (
        "the other side takes this trick whatever you play: the 9♥ gives it only 2 points")
    assert trick_lost(seven, 0.6, cheapest=True) is None
    assert trick_lost(nine, 0.0, cheapest=False) is None
    # "whatever you play" only where no card takes it in any deal: 5% is not never
    assert trick_lost(seven, 0.05, cheapest=True) is None
    assert trick_lost(seven, 0.0, cheapest=True, others_win=1.0) is None
    assert trick_lost(seven, 0.0, cheapest=True, others_win=[0.0, 0.14]) is None
    assert trick_lost(seven, 0.0, cheapest=True, others_win=[0.0, 0.0]) is not None


def test_the_highest_card_left_takes_the_trick() -> None:
    v = find(lambda v: len(v.trick) >= 1 and any(
        c.suit == v.trick[0][1].suit and highest_left(v, c) for c in cards_of(v)))
    card = next(c for c in cards_of(v) if c.suit == v.trick[0][1].suit and highest_left(v, c))
    gone = v.played_cards() | set(v.hand)
    assert all(CARDS[card.suit * 8 + r] in gone for r in range(card.rank))
    text = wins_trick(v, card, 0.95, 3.0)
    assert text is not None and text.startswith(f"the {card.label} is the highest ")
    assert wins_trick(v, card, 0.4, 3.0) is None
    assert card_reason(v, card, 0.95, 3.0) is not None


def test_spending_the_highest_card_left_where_a_lower_one_does_as_well() -> None:
    """"✗ Trick 4: J♥ cost 0.25 game points a deal; 7♥ was better" said nothing a player
    could check: the J♥ was the master, spent where the 7♥ did as well."""
    def has_master_and_lower(v: SeatView) -> bool:
        cards = cards_of(v)
        return any(highest_left(v, c) and any(o.suit == c.suit and o.rank > c.rank
                                              for o in cards) for c in cards)

    v = find(has_master_and_lower)
    cards = cards_of(v)
    master = next(c for c in cards if highest_left(v, c) and any(
        o.suit == c.suit and o.rank > c.rank for o in cards))
    lower = next(o for o in cards if o.suit == master.suit and o.rank > master.rank)
    suit = SUIT_NAMES[master.suit].removesuffix("s")  # "heart"
    text = master_spent(v, master, lower, 0.4, 0.38)
    assert text is not None and text.startswith(f"the {master.label} is the highest ")
    assert f"does no more for this trick than the {lower.label} (40% against 38%)" in text
    assert text.endswith("kept, it could take a trick of its own later")
    assert f"is the highest {suit} left and" in text
    assert why_not(v, master, lower, 0.4, 0.38) == text  # the review's reason for it
    # not said when the master does more for the trick, nor of the lower card, nor of
    # a card of another suit
    assert master_spent(v, master, lower, 0.9, 0.5) is None
    assert master_spent(v, lower, master, 0.4, 0.4) is None
    other = next((c for c in CARDS if c.suit != master.suit), None)
    assert master_spent(v, master, other, 0.4, 0.4) is None
