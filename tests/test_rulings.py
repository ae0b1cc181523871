"""One test (or a few) per numbered ruling of ../shared/RULINGS.md, plus the pagat preset.

Every expectation below was worked out by hand from the rulings and the hand-made deals in
``ruling_deals.py``; the tests drive the engine only through its public API.
"""

from __future__ import annotations

from collections.abc import Iterable

import pytest
from engine_support import cards, finish, hand, layout, legal, phase, play, plays_of, snapshot
from ruling_deals import (
    LONE,
    LONE_AUCTION,
    PAIR_BIDDERS,
    PAIR_BIDDERS_TRICKS_1_TO_3,
    PAIR_DEFENDERS,
    PAIR_DEFENDERS_TRICKS_1_TO_2,
    SEED000,
    SEED000_AUCTION,
    SWEEP,
    TRICK13,
    TRICK13_AUCTION,
)

from twentynine import Card, Deal, Game, IllegalActionError, Phase, Rules
from twentynine.engine.cards import CARDS, RANKS, SUITS
from twentynine.engine.events import (
    AuctionWon,
    CardsDealt,
    DealScored,
    DealStarted,
    GameOver,
    PairDeclared,
    TrickWon,
    TrumpChosen,
    TrumpShown,
)
from twentynine.engine.play import trick_winner
from twentynine.engine.scoring import game_winner

HEARTS, CLUBS = 1, 3
STANDARD = Rules()
PAGAT = Rules.preset("pagat")


def bids(lo: int, hi: int = 28) -> set[str]:
    return {f"bid {n}" for n in range(lo, hi + 1)}


def tricks_won(events: Iterable[object]) -> list[TrickWon]:
    return [e for e in events if isinstance(e, TrickWon)]


def c(name: str) -> Card:
    return Card.parse(name)


def rejects(deal: Deal | Game, action: str, *words: str) -> None:
    """``action`` raises IllegalActionError naming the rule and changes nothing."""
    before = snapshot(deal)
    with pytest.raises(IllegalActionError) as err:
        deal.apply(action)
    for w in words:
        assert w in str(err.value), (action, str(err.value))
    assert snapshot(deal) == before


# --------------------------------------------------------------------------- 1 cards
def test_ruling_01_cards_rank_j_9_a_10_k_q_8_7_in_every_suit_trumps_included() -> None:
    assert len(CARDS) == 32 and len(set(CARDS)) == 32
    assert RANKS == "J9ATKQ87"
    order = ["J", "9", "A", "T", "K", "Q", "8", "7"]
    for suit in SUITS:
        ints = [c(r + suit).index for r in order]
        for hi in range(8):
            for lo in range(hi + 1, 8):
                # the higher card wins whether it leads or follows, hidden trump or shown
                for trump in (-1, SUITS.index(suit), (SUITS.index(suit) + 1) % 4):
                    assert trick_winner([ints[lo], ints[hi]], trump) == 1
                    assert trick_winner([ints[hi], ints[lo]], trump) == 0


def test_ruling_01_rank_order_decides_a_real_trick() -> None:
    # In SWEEP seat 0 leads JS and the others follow TS, QS, 7S: the jack takes it.
    deal = layout(*SWEEP)
    play(deal, "bid 16", "pass", "pass", "pass", "trump 9C")
    events = play(deal, "play JS", "play TS", "play QS", "play 7S")
    won = tricks_won(events)
    assert [(t.seat, t.points) for t in won] == [(0, 4)]  # J 3 + 10 1 + Q 0 + 7 0


# --------------------------------------------------------------------------- 2 points
def test_ruling_02_card_points_j3_9_2_a1_10_1_total_28() -> None:
    expected = {"J": 3, "9": 2, "A": 1, "T": 1, "K": 0, "Q": 0, "8": 0, "7": 0}
    for card in CARDS:
        assert card.points == expected[RANKS[card.rank]]
    assert sum(card.points for card in CARDS) == 28


@pytest.mark.parametrize(("rules", "last", "total"),
                         [(STANDARD, 4, 29), (Rules.preset("28pt"), 3, 28)])
def test_ruling_02_last_trick_point_on_29_and_off_28pt(rules: Rules, last: int,
                                                       total: int) -> None:
    # SWEEP: seat 0 takes every trick.  Per trick (J or 9 of a suit, with seat 1's A or 10):
    # 4, 3, 4, 3, 4, 3, 4, then 9C + 10C = 3, plus 1 for the last trick in the standard game.
    deal = layout(*SWEEP, rules=rules)
    events = play(deal, "bid 16", "pass", "pass", "pass", "trump 9C") + finish(deal)
    won = tricks_won(events)
    assert [t.points for t in won] == [4, 3, 4, 3, 4, 3, 4, last]
    assert [t.number for t in won] == list(range(1, 9))
    assert {t.seat for t in won} == {0}
    assert deal.outcome is not None
    assert deal.outcome.card_points == (total, 0)
    assert deal.view(2).points == (total, 0)


# --------------------------------------------------------------------------- 3 deal
def test_ruling_03_four_cards_then_auction_then_trump_then_four_more() -> None:
    deal = layout(*SEED000)
    opening = deal.opening_events()
    assert isinstance(opening[0], DealStarted)
    dealt = [e for e in opening if isinstance(e, CardsDealt)]
    assert [(e.seat, e.round, e.count) for e in dealt] == [(0, 1, 4), (1, 1, 4), (2, 1, 4),
                                                           (3, 1, 4)]
    assert deal.phase is Phase.AUCTION
    assert [len(deal.hand(s)) for s in range(4)] == [4, 4, 4, 4]
    assert hand(deal, 1) == {"9H", "7H", "AD", "AC"}
    play(deal, "pass", "bid 18", "pass", "pass")
    assert phase(deal) is Phase.TRUMP
    assert [len(deal.hand(s)) for s in range(4)] == [4, 4, 4, 4]
    events = deal.apply("trump 7H")
    assert isinstance(events[0], TrumpChosen)
    second = [e for e in events if isinstance(e, CardsDealt)]
    assert [(e.seat, e.round, e.count) for e in second] == [(0, 2, 4), (1, 2, 4), (2, 2, 4),
                                                            (3, 2, 4)]
    assert second[1].cards is not None
    assert {x.name for x in second[1].cards} == {"JH", "AH", "TD", "TC"}
    assert phase(deal) is Phase.PLAY
    # the bidder holds 7 in hand and 1 face down; everyone else 8
    assert [len(deal.hand(s)) for s in range(4)] == [8, 7, 8, 8]


# --------------------------------------------------------------------------- 4 auction order
def test_ruling_04_auction_starts_after_dealer_and_skips_those_who_passed() -> None:
    deal = layout(*SEED000, dealer=1)
    assert deal.turn == 2
    deal.apply("pass")
    assert deal.turn == 3
    deal.apply("bid 16")
    assert deal.turn == 0
    deal.apply("bid 17")
    assert deal.turn == 1
    deal.apply("pass")
    assert deal.turn == 3  # seat 2 passed: skipped
    deal.apply("bid 18")
    assert deal.turn == 0


def test_ruling_04_a_passed_seat_never_speaks_again() -> None:
    deal = layout(*SEED000, dealer=1)
    play(deal, "pass", "bid 16", "bid 17", "pass", "bid 18")  # 2 and 1 passed
    assert deal.turn == 0
    with pytest.raises(IllegalActionError, match="turn"):
        deal.apply("bid 19", seat=2)
    deal.apply("bid 19")
    assert deal.turn == 3  # 1 and 2 are skipped
    deal.apply("pass")  # three passes: the auction ends
    assert deal.phase is Phase.TRUMP and deal.turn == 0
    assert deal.view(1).bidder == 0 and deal.view(1).high_bid == 19


# --------------------------------------------------------------------------- 5 bids
def test_ruling_05_bids_from_the_minimum_to_28_each_higher_than_the_last() -> None:
    deal = layout(*SEED000)
    assert legal(deal) == bids(16) | {"pass"}
    rejects(deal, "bid 15", "lowest bid is 16")
    rejects(deal, "bid 29", "highest bid is 28")
    deal.apply("bid 18")
    assert legal(deal) == bids(19) | {"pass"}
    rejects(deal, "bid 18", "higher than the last")
    rejects(deal, "bid 17", "higher than the last")
    deal.apply("bid 28")
    assert legal(deal) == {"pass"}  # nothing above 28


def test_ruling_05_minimum_bid_15_option() -> None:
    deal = layout(*SEED000, rules=Rules(min_bid=15))
    assert legal(deal) == bids(15) | {"pass"}
    deal.apply("bid 15")
    assert deal.view(0).high_bid == 15


def test_ruling_05_28pt_still_bids_up_to_28() -> None:
    deal = layout(*SEED000, rules=Rules.preset("28pt"))
    assert legal(deal) == bids(16) | {"pass"}


# --------------------------------------------------------------------------- 6 end of auction
def test_ruling_06_dealer_must_bid_when_first_three_pass() -> None:
    deal = layout(*TRICK13)  # dealer 3
    play(deal, "pass", "pass", "pass")
    assert deal.turn == 3
    assert legal(deal) == bids(16)  # no pass
    rejects(deal, "pass", "dealer must bid")
    events = deal.apply("bid 16")
    assert any(isinstance(e, AuctionWon) and e.seat == 3 and e.bid == 16 for e in events)
    assert deal.phase is Phase.TRUMP and deal.turn == 3


def test_ruling_06_dealer_forced_bid_at_minimum_15() -> None:
    deal = layout(*TRICK13, rules=Rules(min_bid=15))
    play(deal, "pass", "pass", "pass")
    assert legal(deal) == bids(15)


def test_ruling_06_auction_ends_after_three_passes_and_dealer_may_pass_after_a_bid() -> None:
    deal = layout(*SEED000)
    play(deal, "pass", "bid 18", "pass")
    assert "pass" in legal(deal)  # the dealer may pass: someone has bid
    events = deal.apply("pass")
    assert [(e.seat, e.bid) for e in events if isinstance(e, AuctionWon)] == [(1, 18)]
    assert deal.phase is Phase.TRUMP


# --------------------------------------------------------------------------- 7 trump choice
def test_ruling_07_bidder_lays_one_of_own_four_cards_face_down() -> None:
    deal = layout(*SEED000)
    play(deal, "pass", "bid 18", "pass", "pass")
    assert deal.turn == 1
    assert legal(deal) == {"trump 9H", "trump 7H", "trump AD", "trump AC"}
    rejects(deal, "trump JH", "own four cards")  # a card of its second four
    rejects(deal, "trump JS", "own four cards")  # another seat's card
    rejects(deal, "play 9H")
    deal.apply("trump 7H")
    assert "7H" not in hand(deal, 1) and len(deal.hand(1)) == 7
    bidder, other = deal.view(1), deal.view(0)
    assert bidder.trump_card == c("7H") and bidder.trump_suit == HEARTS
    assert other.trump_card is None and other.trump_suit is None
    assert all(deal.view(s).face_down for s in range(4))
    assert not any(deal.view(s).trump_shown for s in range(4))
    # it still belongs to the bidder but cannot be played while face down
    deal.apply("play JS")
    assert "play 7H" not in legal(deal)
    rejects(deal, "play 7H", "face-down")


# --------------------------------------------------------------------------- 8 opening lead
def test_ruling_08_player_after_dealer_leads_then_each_trick_winner_leads() -> None:
    deal = layout(*SEED000, dealer=2)  # seat 3 speaks and leads first
    play(deal, "pass", "pass", "bid 18", "pass", "trump 7H")  # seat 1 bids
    assert deal.turn == 3 and deal.view(0).leader == 3
    # seat 3 leads 7S; seat 0 JS takes it, so seat 0 leads the second trick
    events = play(deal, "play 7S", "play JS")
    assert deal.turn == 1
    events += play(deal, "play AD", "play AS")
    assert [t.seat for t in tricks_won(events)] == [0]
    assert deal.turn == 0 and deal.view(2).leader == 0


# --------------------------------------------------------------------------- 9 following
def test_ruling_09_must_follow_suit_when_holding_one() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION, "play JS")
    deal.apply("show trump")
    deal.apply("play 9H")
    assert legal(deal) == {"play AS", "play QS"}  # seat 2 holds two spades
    rejects(deal, "play KD", "you must follow suit", "spade")


def test_ruling_09_face_down_card_does_not_count_as_held_for_following() -> None:
    # Seat 1's only heart lies face down: a heart is led, and seat 1 counts as void.
    deal = layout(*LONE)
    play(deal, *LONE_AUCTION, "play TH")
    assert deal.turn == 1
    assert legal(deal) == {f"play {x}" for x in hand(deal, 1)} | {"show trump"}
    deal.apply("play KD")  # any card, no heart needed
    assert plays_of(deal.apply("play 9H")) == [(2, "9H")]


def test_ruling_09_face_down_card_back_in_hand_must_follow() -> None:
    # Same position, but seat 1 asks: the 7 of hearts comes back and is now held.
    deal = layout(*LONE)
    play(deal, *LONE_AUCTION, "play TH", "show trump")
    assert legal(deal) == {"play 7H"}


# --------------------------------------------------------------------------- 10 show trump
def test_ruling_10_a_player_who_cannot_follow_may_ask_and_trump_is_shown_to_all() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION)
    rejects(deal, "show trump", "leading")  # the leader cannot ask
    play(deal, "play JD", "play 9H")
    assert "show trump" in legal(deal)  # seat 2 holds no diamond
    events = deal.apply("show trump")
    assert events == [TrumpShown(2, HEARTS, c("7H"), 3)]
    for s in range(4):
        v = deal.view(s)
        assert v.trump_shown and not v.face_down
        assert v.trump_suit == HEARTS and v.trump_card == c("7H")
        assert v.asker == 2
    assert "7H" in hand(deal, 3) and len(deal.hand(3)) == 8  # back in the bidder's hand
    assert deal.turn == 2  # asking is not a play: seat 2 still plays to the trick


def test_ruling_10_only_a_player_who_cannot_follow_may_ask() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "play AS")
    assert "show trump" not in legal(deal)  # seat 3 holds diamonds
    rejects(deal, "show trump", "cannot follow suit", "diamond")


def test_ruling_10_the_bidder_may_ask_too_and_only_once_shown() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION, "play JS")
    assert deal.turn == 1 and "show trump" in legal(deal)
    events = deal.apply("show trump")
    assert events == [TrumpShown(1, HEARTS, c("7H"), 1)]
    rejects(deal, "show trump", "already been shown")


# --------------------------------------------------------------------------- 11 after asking
def test_ruling_11_the_asker_must_trump_if_holding_one() -> None:
    deal = layout(*PAIR_BIDDERS)
    play(deal, "bid 16", "pass", "pass", "pass", "trump 7H", *PAIR_BIDDERS_TRICKS_1_TO_3[:5])
    deal.apply("show trump")  # seat 1 holds no diamond but holds JH 9H
    assert legal(deal) == {"play JH", "play 9H"}
    rejects(deal, "play KS", "you asked for trump", "must play a trump")
    rejects(deal, "play 7C", "must play a trump")


def test_ruling_11_bidder_asker_must_trump_with_the_card_that_went_back() -> None:
    # Seat 1's only trump was the face-down 7 of hearts; it asks on a spade lead.
    deal = layout(*LONE)
    play(deal, *LONE_AUCTION, "play JS")
    assert "show trump" in legal(deal)
    deal.apply("show trump")
    assert legal(deal) == {"play 7H"}
    rejects(deal, "play KD", "must play a trump")
    events = play(deal, "play 7H", "play AS", "play 7S")
    assert [(t.seat, t.points) for t in tricks_won(events)] == [(1, 4)]  # 3 + 0 + 1 + 0


def test_ruling_11_bidder_asker_with_other_trumps_may_play_any_of_them() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION, "play JS", "show trump")
    assert legal(deal) == {"play 9H", "play 7H", "play JH", "play AH"}


def test_ruling_11_an_asker_without_trumps_may_play_any_card() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "show trump")
    assert legal(deal) == {f"play {x}" for x in hand(deal, 2)}  # seat 2 holds no heart


# --------------------------------------------------------------------------- 12 not asking
def test_ruling_12_a_player_who_cannot_follow_may_play_any_card_without_asking() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION, "play JD")
    assert legal(deal) == {f"play {x}" for x in hand(deal, 1)} | {"show trump"}
    deal.apply("play 9H")  # a heart, without asking
    deal.apply("play AS")  # seat 2 neither asks
    assert not deal.view(0).trump_shown


def test_ruling_12_once_shown_only_the_asker_is_ever_forced_to_trump() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "show trump", "play AS", "play KD")
    assert deal.turn == 1  # 9H won the first trick
    play(deal, "play JC", "play AC", "play 8C")
    # seat 0 holds no club but three hearts (trumps); it did not ask: any card
    assert deal.view(0).asker is None
    assert legal(deal) == {f"play {x}" for x in hand(deal, 0)}
    assert {"JH", "KH", "QH"} <= hand(deal, 0)
    assert "show trump" not in legal(deal)


# --------------------------------------------------------------------------- 13 trick winner
def test_ruling_13_while_hidden_no_card_is_a_trump() -> None:
    deal = layout(*TRICK13)
    events = play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "play AS", "play KD")
    assert [(t.seat, t.points) for t in tricks_won(events)] == [(0, 6)]


def test_ruling_13_trump_played_before_showing_counts_once_shown_in_that_trick() -> None:
    # Seat 1 throws 9H without asking; seat 2 then asks (hearts) and throws AS; seat 3
    # follows KD.  Once shown, 9H is the only trump in the trick: seat 1 takes it.
    deal = layout(*TRICK13)
    events = play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "show trump", "play AS",
                  "play KD")
    assert [(t.seat, t.points) for t in tricks_won(events)] == [(1, 6)]  # 3 + 2 + 1 + 0
    assert deal.view(3).points == (0, 6)


def test_ruling_13_once_shown_a_trick_without_trump_goes_to_the_suit_led() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "show trump", "play AS", "play KD")
    events = play(deal, "play JC", "play AC", "play 8C", "play 8S")
    assert [(t.seat, t.points) for t in tricks_won(events)] == [(1, 4)]  # J 3 + A 1


def test_ruling_13_once_shown_a_trump_beats_the_suit_led() -> None:
    deal = layout(*TRICK13)
    play(deal, *TRICK13_AUCTION, "play JD", "play 9H", "show trump", "play AS", "play KD")
    events = play(deal, "play JC", "play AC", "play 8C", "play QH")
    assert [(t.seat, t.points) for t in tricks_won(events)] == [(0, 4)]


def test_ruling_13_highest_trump_wins_among_several() -> None:
    js, nine_h, jh, seven_s = (c(x).index for x in ("JS", "9H", "JH", "7S"))
    assert trick_winner([js, nine_h, jh, seven_s], HEARTS) == 2
    assert trick_winner([js, jh, nine_h, seven_s], HEARTS) == 1
    assert trick_winner([js, nine_h, jh, seven_s], -1) == 0  # hidden: suit led
    assert trick_winner([seven_s, nine_h, jh, js], 2) == 3  # no diamond: J of spades


# --------------------------------------------------------------------------- 14 last trick
def test_ruling_14_trump_still_hidden_is_shown_before_the_eighth_trick() -> None:
    deal = layout(*SWEEP)
    play(deal, "bid 16", "pass", "pass", "pass", "trump 9C")
    events = []
    while len(deal.view(0).tricks) < 6:
        events += deal.apply(deal.legal_actions()[0])
    assert not any(isinstance(e, TrumpShown) for e in events)
    for _ in range(3):
        events += deal.apply(deal.legal_actions()[0])
    last = deal.apply(deal.legal_actions()[0])  # completes trick 7
    assert isinstance(last[-2], TrickWon) and last[-2].number == 7
    assert last[-1] == TrumpShown(None, CLUBS, c("9C"), 0)
    assert hand(deal, 0) == {"9C"}  # the face-down card went back to the bidder
    assert legal(deal) == {"play 9C"}
    for s in range(4):
        assert deal.view(s).trump_shown and deal.view(s).trump_card == c("9C")
    assert deal.view(1).asker is None  # nobody asked: nobody must trump


# --------------------------------------------------------------------------- 15 pair
def _pair_bidders(bid: int = 21, rules: Rules = STANDARD) -> Deal:
    deal = layout(*PAIR_BIDDERS, rules=rules)
    play(deal, f"bid {bid}", "pass", "pass", "pass", "trump 7H")
    return deal


def test_ruling_15_pair_needs_trump_shown() -> None:
    deal = _pair_bidders()
    play(deal, *PAIR_BIDDERS_TRICKS_1_TO_3[:4])  # seat 0 won trick 1, trump still hidden
    assert deal.turn == 0 and {"KH", "QH"} <= hand(deal, 0)
    assert "pair" not in legal(deal)
    rejects(deal, "pair", "after trump has been shown")


def test_ruling_15_pair_needs_the_team_to_win_the_showing_trick_or_a_later_one() -> None:
    deal = _pair_bidders()
    play(deal, *PAIR_BIDDERS_TRICKS_1_TO_3[:-1])
    # trump shown in trick 2, won by seat 1; team 0's trick 1 win came before the showing
    assert deal.turn == 0 and deal.view(0).trump_shown
    assert "pair" not in legal(deal)
    rejects(deal, "pair", "your team must first win")
    deal.apply("play 9C")  # seat 2 takes trick 3 with JC: a later trick for team 0
    assert deal.turn == 2
    assert "pair" not in legal(deal)  # seat 2 lacks the king and queen
    rejects(deal, "pair", "both the king and the queen")
    play(deal, "play 9S", "play QS")
    assert legal(deal) == {"play TS", "pair"}
    events = deal.apply("pair")
    assert events == [PairDeclared(0, 17)]
    assert legal(deal) == {"play TS"}  # once per deal
    rejects(deal, "pair", "already been declared")


def test_ruling_15_pair_after_winning_the_showing_trick() -> None:
    deal = layout(*PAIR_DEFENDERS)
    play(deal, "bid 18", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2)
    assert deal.turn == 1 and deal.view(1).tricks[-1].winner == 1
    assert "pair" in legal(deal)
    assert deal.apply("pair") == [PairDeclared(1, 22)]
    assert "pair" not in legal(deal)
    deal.apply("play 7C")
    assert deal.view(1).pair_seat == 1


def test_ruling_15_pair_needs_both_cards_still_in_hand() -> None:
    # Seat 1 trumps the showing trick with the king instead of the eight.
    deal = layout(*PAIR_DEFENDERS)
    play(deal, "bid 18", "pass", "pass", "pass", "trump 7H",
         *PAIR_DEFENDERS_TRICKS_1_TO_2[:6], "play KH", "play 7D", "play AD")
    assert deal.turn == 1 and deal.view(1).tricks[-1].winner == 1
    assert "pair" not in legal(deal)
    rejects(deal, "pair", "both the king and the queen")


def test_ruling_15_pair_is_only_declared_on_ones_own_turn() -> None:
    deal = layout(*PAIR_DEFENDERS)
    play(deal, "bid 18", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2,
         "play 7C")
    assert deal.turn == 2
    with pytest.raises(IllegalActionError, match="turn"):
        deal.apply("pair", seat=1)


# --------------------------------------------------------------------------- 16 pair effect
@pytest.mark.parametrize(("bid", "rules", "target"), [
    (21, STANDARD, 17),           # bid - 4
    (20, STANDARD, 16),
    (17, STANDARD, 16),           # never below the minimum bid 16
    (17, Rules(min_bid=15), 15),  # ... or 15 at minimum 15
    (28, STANDARD, 24),
])
def test_ruling_16_pair_by_the_bidding_team_lowers_the_target_by_4_not_below_minimum(
        bid: int, rules: Rules, target: int) -> None:
    deal = _pair_bidders(bid, rules)
    assert deal.target == bid
    play(deal, *PAIR_BIDDERS_TRICKS_1_TO_3, "play 9S", "play QS")
    assert deal.apply("pair") == [PairDeclared(0, target)]
    assert deal.target == target and deal.view(1).target == target
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == target and out.pair_team == 0
    assert out.made == (out.card_points[0] >= target)
    assert out.game_points == ((1 if out.made else -1), 0)


@pytest.mark.parametrize(("bid", "rules", "target"), [
    (18, STANDARD, 22),                # bid + 4
    (24, STANDARD, 28),
    (26, STANDARD, 28),                # never above 28, even with 29 points in play
    (25, Rules.preset("28pt"), 28),
])
def test_ruling_16_pair_by_the_other_team_raises_the_target_by_4_not_above_28(
        bid: int, rules: Rules, target: int) -> None:
    deal = layout(*PAIR_DEFENDERS, rules=rules)
    play(deal, f"bid {bid}", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2)
    assert deal.apply("pair") == [PairDeclared(1, target)]
    assert deal.target == target
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == target and out.pair_team == 1
    assert out.made == (out.card_points[0] >= target)


# --------------------------------------------------------------------------- 17 deal score
def test_ruling_17_bidding_team_reaching_its_target_gains_1() -> None:
    deal = layout(*SWEEP)
    events = play(deal, "bid 16", "pass", "pass", "pass", "trump 9C") + finish(deal)
    out = deal.outcome
    assert out is not None and out.made and out.card_points == (29, 0)
    assert out.game_points == (1, 0)
    assert deal.after_scores() == (1, 0)
    assert [e.scores for e in events if isinstance(e, DealScored)] == [(1, 0)]


def test_ruling_17_bidding_team_missing_its_target_loses_1_other_team_unchanged() -> None:
    deal = layout(*SWEEP, rules=Rules.preset("28pt"))
    play(deal, "pass", "bid 17", "pass", "pass", "trump TC")
    events = finish(deal)
    assert {t.seat for t in tricks_won(events)} == {0}  # team 1 takes nothing
    out = deal.outcome
    assert out is not None and out.bidder == 1 and not out.made
    assert out.card_points == (28, 0)
    assert out.game_points == (0, -1)
    assert deal.after_scores() == (0, -1)


def test_ruling_17_score_moves_from_the_deals_starting_score() -> None:
    first = [cards(h)[:4] for h in SWEEP]
    second = [cards(h)[4:] for h in SWEEP]
    deal = Deal(first, second, 3, STANDARD, number=4, scores=(3, -2))
    events = play(deal, "pass", "bid 17", "pass", "pass", "trump TC") + finish(deal)
    assert deal.after_scores() == (3, -3)
    assert [e.scores for e in events if isinstance(e, DealScored)] == [(3, -3)]


# --------------------------------------------------------------------------- 18 game
def test_ruling_18_first_to_plus_6_wins_minus_6_loses() -> None:
    assert game_winner(STANDARD, (5, -5)) is None
    assert game_winner(STANDARD, (6, 2)) == 0
    assert game_winner(STANDARD, (-1, 6)) == 1
    assert game_winner(STANDARD, (-6, 0)) == 1
    assert game_winner(STANDARD, (3, -6)) == 0


def test_ruling_18_a_game_ends_when_a_team_falls_to_minus_6_and_dealer_moves_on() -> None:
    # Seat 0 always bids 28 and everyone else passes: team 0 must take 28 of 29 points
    # every deal.  It can never reach +6 before falling to -6 unless it makes 28 six times
    # more often than it fails; its failures end the game at (-6, 0), team 1 winning with
    # its own score never moving.
    game = Game(seed=11)
    events = game.opening_events()
    while not game.is_over:
        acts = game.legal_actions()
        names = [str(a) for a in acts]
        if game.phase is Phase.AUCTION:
            choice = "bid 28" if game.turn == 0 else "pass"
        elif "next deal" in names:
            choice = "next deal"
        else:
            choice = str(next(a for a in acts if str(a) not in ("show trump", "pair")))
        assert choice in names
        before = game.scores
        events += game.apply(choice)
        assert game.scores[1] == 0
        assert abs(game.scores[0] - before[0]) <= 1
    starts = [e for e in events if isinstance(e, DealStarted)]
    assert [e.dealer for e in starts] == [(3 + k) % 4 for k in range(len(starts))]
    assert [e.number for e in starts] == list(range(1, len(starts) + 1))
    assert game.scores == (-6, 0) and game.winner == 1
    assert game.phase is Phase.GAME_OVER and game.legal_actions() == []
    assert events[-1] == GameOver(1, (-6, 0))
    rejects(game, "next deal", "game is over")


# --------------------------------------------------------------------------- pagat preset
def test_pagat_minimum_bid_15() -> None:
    deal = layout(*SWEEP, rules=PAGAT)
    assert legal(deal) == bids(15) | {"pass"}


def test_pagat_marker_trump_bidder_keeps_all_eight_cards() -> None:
    deal = layout(*SWEEP, rules=PAGAT)
    play(deal, "bid 15", "pass", "pass", "pass")
    assert legal(deal) == {"trump suit S", "trump suit H", "trump suit D", "trump suit C"}
    rejects(deal, "trump 9C", "trump suit")
    events = deal.apply("trump suit C")
    assert isinstance(events[0], TrumpChosen)
    assert len(deal.hand(0)) == 8 and "9C" in hand(deal, 0)
    v0, v1 = deal.view(0), deal.view(1)
    assert v0.trump_suit == CLUBS and v0.trump_card is None and not v0.face_down
    assert v1.trump_suit is None and v1.trump_card is None


def test_pagat_first_player_who_cannot_follow_must_ask_and_need_not_trump() -> None:
    deal = layout(*SEED000, rules=PAGAT)
    play(deal, "pass", "bid 18", "pass", "pass", "trump suit H", "play JS")
    assert legal(deal) == {"show trump"}
    rejects(deal, "play AD", "must ask")
    rejects(deal, "play 9H", "must ask")
    deal.apply("show trump")
    # the asker holds four hearts but is not forced to trump under pagat
    assert legal(deal) == {f"play {x}" for x in hand(deal, 1)}
    assert len(deal.hand(1)) == 8
    events = play(deal, "play AD", "play AS", "play 7S")
    assert [(t.seat, t.points) for t in tricks_won(events)] == [(0, 5)]  # J 3 + A 1 + A 1


def test_pagat_deal_with_trump_never_shown_is_dead() -> None:
    deal = layout(*SWEEP, rules=PAGAT)
    events = play(deal, "bid 15", "pass", "pass", "pass", "trump suit C") + finish(deal)
    assert not any(isinstance(e, TrumpShown) for e in events)  # no show at trick 8
    out = deal.outcome
    assert out is not None and out.dead
    assert out.card_points == (28, 0)
    assert out.game_points == (0, 0)
    assert deal.after_scores() == (0, 0)


def test_pagat_deal_with_trump_shown_scores() -> None:
    deal = layout(*SEED000, rules=PAGAT)
    play(deal, "pass", "bid 18", "pass", "pass", "trump suit H", "play JS", "show trump")
    finish(deal)
    out = deal.outcome
    assert out is not None and not out.dead
    assert sum(out.card_points) == 28
    assert out.game_points == (0, 1 if out.card_points[1] >= 18 else -1)
