"""The optional rule settings, one group of tests per setting, on hand-made deals through the
public API (Deal.apply, legal_actions, view, outcome, Game), including each setting's
interaction with the pair and the last trick, its illegal actions (IllegalActionError with a
clear message, state unchanged), and the ``twentynine rules`` command line.

Dealer is seat 3 unless a test says otherwise, so seat 0 speaks first and leads.  Hands list
the first four cards, then the second four (the first of those is the seventh card).
"""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Callable
from dataclasses import fields
from typing import TypeVar

import pytest
from engine_support import finish, hand, layout, legal, phase, play, snapshot
from ruling_deals import (
    LONE,
    PAIR_BIDDERS,
    PAIR_BIDDERS_TRICKS_1_TO_3,
    PAIR_DEFENDERS,
    PAIR_DEFENDERS_TRICKS_1_TO_2,
    SWEEP,
)

from twentynine import Card, Deal, Game, IllegalActionError, Phase, Rules, RulesError
from twentynine.cli.program import main
from twentynine.engine.actions import NEXT_DEAL
from twentynine.engine.events import (
    AuctionWon,
    CardPlayed,
    CardsDealt,
    DealScored,
    DealStarted,
    Declined,
    Doubled,
    Event,
    GameOver,
    PairDeclared,
    SingleHandAnnounced,
    ThrownIn,
    TrickWon,
    TrumpChosen,
    TrumpShown,
    event_for_seat,
)
from twentynine.engine.rules import SETTINGS, AskRule, UnshownTrump
from twentynine.engine.scoring import contract_value

SPADES, HEARTS, DIAMONDS, CLUBS = 0, 1, 2, 3


def c(name: str) -> Card:
    return Card.parse(name)


def bids(lo: int, hi: int = 28) -> set[str]:
    return {f"bid {n}" for n in range(lo, hi + 1)}


def auction(bidder: int, bid: int = 16) -> tuple[str, ...]:
    """Dealer 3: ``bidder`` bids, everyone else passes."""
    return tuple(f"bid {bid}" if s == bidder else "pass" for s in range(4))


E = TypeVar("E")


def of(kind: type[E], events: list[Event]) -> list[E]:
    return [e for e in events if isinstance(e, kind)]


def rejects(obj: Deal | Game, action: str, *words: str, seat: int | None = None) -> str:
    """``action`` raises IllegalActionError whose one-line message has ``words``, and
    changes nothing; the message."""
    before = snapshot(obj)
    with pytest.raises(IllegalActionError) as err:
        obj.apply(action, seat)
    msg = str(err.value)
    assert msg and "\n" not in msg
    for w in words:
        assert w in msg, (action, msg)
    assert snapshot(obj) == before
    return msg


def until_trick(deal: Deal, n: int) -> list[Event]:
    """Play the first legal card (never asking, never the pair) until ``n`` tricks are done."""
    events: list[Event] = []
    while len(deal.view(0).tricks) < n:
        acts = [a for a in deal.legal_actions() if str(a) not in ("show trump", "pair")]
        events += deal.apply(acts[0])
    return events


# Seat 0's seventh card is the 7 of hearts (trump hearts) and it holds K Q of hearts: the cards
# of PAIR_BIDDERS with the 7H moved to the second four, so its trick scripts fit.
SEVENTH_PAIR = (
    "JS KH QH TS | 7H JD 8D 9C",
    "7S KS JH 9H | 7C AC TC KC",
    "8S 9S AH TH | 7D 9D JC QC",
    "AS QS 8H AD | TD KD QD 8C",
)
SEVENTH_PAIR_HAND_AFTER_DEAL = {"JS", "KH", "QH", "TS", "JD", "8D", "9C"}

# Seat 3 (the dealer) holds no point card, in its first four nor in all eight.
POINTLESS = (
    "JS 9S AS TS | KH QH 8H 7H",
    "JD 9D AD TD | JC 9C AC TC",
    "JH 9H AH TH | KC QC 8C 7C",
    "KS QS 8S 7S | KD QD 8D 7D",
)
# Seat 3's only point card is the jack of spades among its first four ...
POINTLESS_BUT_JS = (
    "KS 9S AS TS | KH QH 8H 7H",
    "JD 9D AD TD | JC 9C AC TC",
    "JH 9H AH TH | KC QC 8C 7C",
    "JS QS 8S 7S | KD QD 8D 7D",
)
# ... or the jack of diamonds, its seventh card.
POINTLESS_BUT_SEVENTH = (
    "JS 9S AS TS | KH QH 8H 7H",
    "KD 9D AD TD | JC 9C AC TC",
    "JH 9H AH TH | KC QC 8C 7C",
    "KS QS 8S 7S | JD QD 8D 7D",
)


def test_layouts_hold_every_card_once() -> None:
    for hands in (SEVENTH_PAIR, POINTLESS, POINTLESS_BUT_JS, POINTLESS_BUT_SEVENTH):
        layout(*hands)  # the constructor refuses a card twice or missing


# =========================================================================== seventh card
SEVENTH = Rules(trump_choice="seventh")


def test_seventh_card_sets_trump_face_down_seen_by_the_bidder_only() -> None:
    deal = layout(*SEVENTH_PAIR, rules=SEVENTH)
    events = play(deal, *auction(0))
    assert deal.phase is Phase.PLAY and deal.turn == 0  # no trump-choice phase
    assert of(AuctionWon, events) == [AuctionWon(0, 16)]
    chosen = of(TrumpChosen, events)
    assert chosen == [TrumpChosen(0, c("7H"), HEARTS, False)]
    # the trump is set once the second four are dealt
    assert events.index(chosen[0]) > max(events.index(e) for e in of(CardsDealt, events))
    assert event_for_seat(chosen[0], 0) == chosen[0]
    for s in (1, 2, 3):
        assert event_for_seat(chosen[0], s) == TrumpChosen(0, None, None, False)
    assert hand(deal, 0) == SEVENTH_PAIR_HAND_AFTER_DEAL  # 7 cards: the 7H lies face down
    v0 = deal.view(0)
    assert (v0.trump_card, v0.trump_suit, v0.face_down, v0.trump_shown) == (
        c("7H"), HEARTS, True, False)
    for s in (1, 2, 3):
        v = deal.view(s)
        assert (v.trump_card, v.trump_suit, v.face_down, v.trump_shown) == (
            None, None, True, False)
        assert c("7H") in v.unseen_cards()
        assert v.hand_sizes == (7, 8, 8, 8)
    assert legal(deal) == {f"play {x}" for x in SEVENTH_PAIR_HAND_AFTER_DEAL}
    rejects(deal, "play 7H", "face-down trump card")
    rejects(deal, "trump 7H", "play a card")
    rejects(deal, "trump suit H", "play a card")


def test_seventh_card_with_a_marker_the_bidder_keeps_all_eight() -> None:
    deal = layout(*SEVENTH_PAIR, rules=SEVENTH.replace(trump_indicator="marker"))
    events = play(deal, *auction(0))
    assert of(TrumpChosen, events) == [TrumpChosen(0, None, HEARTS, False)]
    assert hand(deal, 0) == SEVENTH_PAIR_HAND_AFTER_DEAL | {"7H"}
    v0 = deal.view(0)
    assert (v0.trump_card, v0.trump_suit, v0.face_down) == (None, HEARTS, False)
    for s in (1, 2, 3):
        assert deal.view(s).trump_suit is None
    assert "play 7H" in legal(deal)


def test_seventh_card_is_unknown_even_to_the_bidder_while_doubling() -> None:
    deal = layout(*SEVENTH_PAIR, rules=SEVENTH.replace(double=True))
    events = play(deal, *auction(0))
    assert deal.phase is Phase.DOUBLING and deal.turn == 1
    assert not of(TrumpChosen, events)
    assert deal.view(0).trump_suit is None and deal.view(0).hand_sizes == (4, 4, 4, 4)
    events = play(deal, "pass", "pass")
    assert of(TrumpChosen, events) == [TrumpChosen(0, c("7H"), HEARTS, False)]


def test_seventh_card_pair_after_the_card_goes_back() -> None:
    deal = layout(*SEVENTH_PAIR, rules=SEVENTH)
    play(deal, "bid 21", "pass", "pass", "pass")
    events = play(deal, *PAIR_BIDDERS_TRICKS_1_TO_3[:6])  # seat 1 asks in trick 2
    assert events[-1] == TrumpShown(1, HEARTS, c("7H"), 0)
    assert "7H" in hand(deal, 0)
    play(deal, *PAIR_BIDDERS_TRICKS_1_TO_3[6:], "play 9S", "play QS")
    assert legal(deal) == {"play TS", "pair"}
    assert deal.apply("pair") == [PairDeclared(0, 17)]
    finish(deal)
    out = deal.outcome
    assert out is not None and out.pair_team == 0 and out.target == 17
    assert out.made == (out.card_points[0] >= 17)


@pytest.mark.parametrize("unshown", ["show_last", "dead"])
@pytest.mark.parametrize(("rules", "choice"), [
    (SEVENTH, ()),                          # the seventh card, 9S, lies face down
    (Rules(), ("trump 9C",)),               # a chosen card
])
def test_face_down_card_at_the_eighth_trick(rules: Rules, choice: tuple[str, ...],
                                            unshown: str) -> None:
    deal = layout(*SWEEP, rules=rules.replace(unshown_trump=unshown))
    play(deal, *auction(0), *choice)
    down = deal.view(0).trump_card
    assert down is not None and deal.view(0).face_down
    events = until_trick(deal, 7)  # everyone always follows suit: nobody may ask
    if unshown == "show_last":
        assert of(TrumpShown, events) == [TrumpShown(None, down.suit, down, 0)]
        assert events[-1] == TrumpShown(None, down.suit, down, 0)
        assert deal.view(1).trump_suit == down.suit
    else:
        # the card silently becomes the bidder's last card; trump stays hidden
        assert not of(TrumpShown, events)
        assert not deal.view(0).trump_shown and not deal.view(0).face_down
        assert deal.view(0).trump_suit == down.suit
        for s in (1, 2, 3):
            assert deal.view(s).trump_suit is None and deal.view(s).trump_card is None
    assert hand(deal, 0) == {down.name} and legal(deal) == {f"play {down.name}"}
    finish(deal)
    out = deal.outcome
    assert out is not None and out.tricks == (8, 0) and out.card_points == (29, 0)
    assert out.dead == (unshown == "dead")
    assert out.game_points == ((0, 0) if unshown == "dead" else (1, 0))


# =========================================================================== asking for trump
def _lone(rules: Rules) -> Deal:
    """Seat 1 bids and lays its only heart, 7H; it holds no spade; seat 0 leads JS."""
    deal = layout(*LONE, rules=rules)
    play(deal, "pass", "bid 16", "pass", "pass", "trump 7H")
    return deal


def test_auto_shows_trump_when_the_turn_reaches_a_player_who_cannot_follow() -> None:
    deal = _lone(Rules(ask="auto"))
    events = deal.apply("play JS")
    assert events == [CardPlayed(0, c("JS")), TrumpShown(1, HEARTS, c("7H"), 1)]
    assert deal.turn == 1
    for s in range(4):
        v = deal.view(s)
        assert v.trump_shown and v.trump_suit == HEARTS and v.asker == 1
    assert "7H" in hand(deal, 1)
    assert legal(deal) == {"play 7H"}  # the asker must trump
    rejects(deal, "show trump", "already been shown")
    rejects(deal, "play KD", "must play a trump")
    events = play(deal, "play 7H", "play AS", "play 7S")
    assert of(TrickWon, events)[0].seat == 1


def test_auto_asker_need_not_trump_when_the_rule_is_off() -> None:
    deal = _lone(Rules(ask="auto", asker_must_trump=False))
    deal.apply("play JS")
    assert deal.view(0).asker == 1
    assert legal(deal) == {f"play {x}" for x in ("7H", "KD", "AD", "AC", "QD", "KC", "TD",
                                                 "TC")}


def test_auto_never_offers_show_trump_to_a_player_who_can_follow() -> None:
    deal = layout(*PAIR_BIDDERS, rules=Rules(ask="auto"))
    play(deal, *auction(0), "trump 7H", "play JS")
    assert deal.turn == 1 and "show trump" not in legal(deal)
    rejects(deal, "show trump", "you hold a spade")
    play(deal, "play 7S", "play 8S", "play AS")
    assert deal.turn == 0
    rejects(deal, "show trump", "not when leading")


@pytest.mark.parametrize("ask", ["compulsory", "auto"])
def test_asking_rules_then_the_pair(ask: AskRule) -> None:
    # seat 1 cannot follow in trick 2: it must ask (compulsory) or is shown trump (auto)
    script = list(PAIR_BIDDERS_TRICKS_1_TO_3)
    if ask == "auto":
        script.remove("show trump")
    deal = layout(*PAIR_BIDDERS, rules=Rules(ask=ask))
    play(deal, "bid 20", "pass", "pass", "pass", "trump 7H")
    events = play(deal, *script[:5])
    if ask == "compulsory":
        assert deal.turn == 1 and legal(deal) == {"show trump"}
        events = deal.apply("show trump")
        script.remove("show trump")
    assert events[-1] == TrumpShown(1, HEARTS, c("7H"), 0)
    play(deal, *script[5:], "play 9S", "play QS")
    assert legal(deal) == {"play TS", "pair"}
    assert deal.apply("pair") == [PairDeclared(0, 16)]


@pytest.mark.parametrize("ask", ["optional", "compulsory", "auto"])
def test_every_asking_rule_shows_an_unasked_trump_before_the_last_trick(ask: AskRule) -> None:
    deal = layout(*SWEEP, rules=Rules(ask=ask))
    events = play(deal, *auction(0), "trump 9C") + finish(deal)
    assert of(TrumpShown, events) == [TrumpShown(None, CLUBS, c("9C"), 0)]
    assert [t.number for t in of(TrickWon, events)] == list(range(1, 9))


def test_compulsory_the_only_legal_action_is_to_ask() -> None:
    deal = _lone(Rules(ask="compulsory"))
    deal.apply("play JS")
    assert deal.turn == 1 and not deal.view(1).trump_shown
    assert legal(deal) == {"show trump"}
    rejects(deal, "play KD", "must ask for trump")
    events = deal.apply("show trump")
    assert events == [TrumpShown(1, HEARTS, c("7H"), 1)]
    assert legal(deal) == {"play 7H"}


def test_compulsory_only_until_shown_then_anyone_may_discard() -> None:
    deal = _lone(Rules(ask="compulsory"))
    play(deal, "play JS", "show trump", "play 7H", "play AS", "play 7S")
    assert deal.turn == 1  # seat 1 won with the 7H
    deal.apply("play KD")
    # seat 2 holds no diamond: with trump shown it plays any card and cannot ask
    assert deal.turn == 2
    assert legal(deal) == {f"play {x.name}" for x in deal.hand(2)}
    rejects(deal, "show trump", "already been shown")


def test_compulsory_asker_need_not_trump_when_the_rule_is_off() -> None:
    deal = _lone(Rules.preset("pagat").replace(trump_indicator="card"))
    deal.apply("play JS")
    assert legal(deal) == {"show trump"}
    deal.apply("show trump")
    assert len(legal(deal)) == 8


# =========================================================================== unshown trump
def test_dead_rule_a_deal_with_trump_shown_scores() -> None:
    deal = _lone(Rules(unshown_trump="dead"))
    play(deal, "play JS", "show trump")
    finish(deal)
    out = deal.outcome
    assert out is not None and not out.dead
    assert out.game_points[1] == (1 if out.made else -1)


def test_dead_rule_with_the_pair_the_deal_scores() -> None:
    deal = layout(*PAIR_BIDDERS, rules=Rules(unshown_trump="dead"))
    play(deal, "bid 20", "pass", "pass", "pass", "trump 7H", *PAIR_BIDDERS_TRICKS_1_TO_3,
         "play 9S", "play QS", "pair")
    finish(deal)
    out = deal.outcome
    assert out is not None and not out.dead and out.target == 16
    assert out.game_points == ((1 if out.made else -1), 0)


def test_dead_rule_with_a_marker_nothing_moves_at_the_eighth_trick() -> None:
    rules = Rules(trump_indicator="marker", unshown_trump="dead")
    deal = layout(*SWEEP, rules=rules)
    play(deal, *auction(0), "trump suit C")
    events = until_trick(deal, 7)
    assert not of(TrumpShown, events) and len(hand(deal, 0)) == 1
    events = finish(deal)
    out = deal.outcome
    assert out is not None and out.dead and out.game_points == (0, 0)
    assert of(DealScored, events)[0].scores == (0, 0)


# =========================================================================== the pair
NO_PAIR = Rules(pair=False)


def test_pair_off_never_legal_for_the_bidders() -> None:
    deal = layout(*PAIR_BIDDERS, rules=NO_PAIR)
    play(deal, "bid 20", "pass", "pass", "pass", "trump 7H", *PAIR_BIDDERS_TRICKS_1_TO_3,
         "play 9S", "play QS")
    assert {"KH", "QH"} <= hand(deal, 0) and deal.view(0).trump_shown
    assert legal(deal) == {"play TS"}
    rejects(deal, "pair", "not played in these rules")
    finish(deal)
    out = deal.outcome
    assert out is not None and out.pair_team is None and out.target == 20


def test_pair_off_never_legal_for_the_defenders() -> None:
    deal = layout(*PAIR_DEFENDERS, rules=NO_PAIR)
    play(deal, "bid 18", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2)
    assert deal.turn == 1 and "pair" not in legal(deal)
    rejects(deal, "pair", "not played")


@pytest.mark.parametrize(("rules", "bid", "target"), [
    (Rules(min_bid=14), 16, 14),    # floor is the minimum bid: 14 ...
    (Rules(min_bid=14), 17, 14),
    (Rules(min_bid=14), 19, 15),
    (Rules(min_bid=15), 16, 15),    # ... 15
    (Rules(min_bid=16), 16, 16),    # ... 16
    (Rules(min_bid=14), 28, 24),
])
def test_pair_floor_follows_the_minimum_bid(rules: Rules, bid: int, target: int) -> None:
    deal = layout(*PAIR_BIDDERS, rules=rules)
    play(deal, f"bid {bid}", "pass", "pass", "pass", "trump 7H", *PAIR_BIDDERS_TRICKS_1_TO_3,
         "play 9S", "play QS")
    assert deal.apply("pair") == [PairDeclared(0, target)]
    assert deal.view(2).target == target
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == target
    assert out.made == (out.card_points[0] >= target)


@pytest.mark.parametrize(("rules", "bid", "target"), [
    (Rules(max_bid=20), 18, 20),    # ceiling is the maximum bid: 20 ...
    (Rules(max_bid=20), 16, 20),
    (Rules(max_bid=24), 18, 22),
    (Rules(max_bid=29), 26, 29),    # ... up to 29 with the last-trick point
    (Rules(max_bid=29), 25, 29),
    (Rules(max_bid=29), 24, 28),
    (Rules(last_trick_point=False, max_bid=28), 26, 28),
])
def test_pair_ceiling_follows_the_maximum_bid(rules: Rules, bid: int, target: int) -> None:
    deal = layout(*PAIR_DEFENDERS, rules=rules)
    play(deal, f"bid {bid}", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2)
    assert deal.apply("pair") == [PairDeclared(1, target)]
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == target and out.pair_team == 1
    assert out.made == (out.card_points[0] >= target)


# =========================================================================== minimum, maximum
@pytest.mark.parametrize("lo", [14, 15, 16])
def test_minimum_bid_and_the_dealers_forced_bid(lo: int) -> None:
    deal = layout(*SWEEP, rules=Rules(min_bid=lo))
    assert legal(deal) == bids(lo) | {"pass"}
    if lo > 14:
        rejects(deal, f"bid {lo - 1}", f"lowest bid is {lo}")
    play(deal, "pass", "pass", "pass")
    assert legal(deal) == bids(lo)  # the dealer may not pass
    rejects(deal, "pass", "dealer must bid")
    play(deal, f"bid {lo}")
    assert deal.phase is Phase.TRUMP and deal.view(0).high_bid == lo


@pytest.mark.parametrize(("rules", "top"), [
    (Rules(max_bid=20), 20),
    (Rules(max_bid=29), 29),
    (Rules(last_trick_point=False), 28),
])
def test_maximum_bid(rules: Rules, top: int) -> None:
    deal = layout(*SWEEP, rules=rules)
    assert legal(deal) == bids(16, top) | {"pass"}
    rejects(deal, f"bid {top + 1}", f"highest bid is {top}")


def test_a_bid_of_29_needs_every_point_and_the_last_trick() -> None:
    deal = layout(*SWEEP, rules=Rules(max_bid=29))
    play(deal, *auction(0, 29), "trump 9C")
    finish(deal)
    out = deal.outcome
    assert out is not None and out.made and out.card_points == (29, 0)


def test_rules_refuse_impossible_bid_limits() -> None:
    for bad in (dict(min_bid=13), dict(min_bid=17), dict(max_bid=29, last_trick_point=False),
                dict(max_bid=30), dict(min_bid=16, max_bid=15), dict(game_to=0),
                dict(ask="sometimes")):
        with pytest.raises(RulesError):
            Rules(**bad)
    # a value of the wrong type: the same RulesError and message in both builds
    makers: tuple[Callable[[], Rules], ...] = (
        lambda: Rules(double="yes"),  # type: ignore[arg-type]  # a wrong type, refused
        lambda: Rules().replace(double="yes"),
        lambda: Rules.from_dict({"double": "yes"}))
    for make in makers:
        with pytest.raises(RulesError, match="the setting double must be True or False, not 'yes'"):
            make()
    with pytest.raises(RulesError, match="the setting min_bid must be a whole number, not '15'"):
        Rules(min_bid="15")  # type: ignore[arg-type]  # a wrong type, refused


def test_every_setting_of_the_wrong_type_is_named_in_plain_words() -> None:
    """No message says "a int" or "a str": each names the kind of value in words."""
    words = {bool: "True or False", int: "a whole number"}
    for f in fields(Rules):
        default = getattr(Rules(), f.name)
        kind = words.get(type(default), "one of ")
        bad = {f.name: 1.5}
        for make in (Rules, Rules().replace):
            with pytest.raises(RulesError) as err:
                make(**bad)  # type: ignore[arg-type]  # a wrong type, refused
            msg = str(err.value)
            assert msg.startswith(f"the setting {f.name} must be {kind}"), msg
            assert msg.endswith(", not 1.5"), msg
            if kind == "one of ":
                assert repr(default) in msg, msg  # the choices, the default among them


# =========================================================================== matching bids
MATCH = Rules(match_bids=True)


def test_match_bids_an_earlier_speaker_may_match_a_later_one() -> None:
    deal = layout(*SWEEP, rules=MATCH)
    play(deal, "bid 16", "bid 17", "bid 18", "pass")
    assert deal.turn == 0
    assert legal(deal) == bids(18) | {"pass"}  # seat 0 spoke before seat 2: it may hold 18
    rejects(deal, "bid 17", "higher than the last one (18)")
    play(deal, "bid 18")
    assert deal.view(1).high_bid == 18 and deal.view(1).bidder == 0
    # seat 1 spoke after seat 0: it must go higher
    assert legal(deal) == bids(19) | {"pass"}
    rejects(deal, "bid 18", "only a player who spoke before", "18")
    play(deal, "bid 19")
    assert legal(deal) == bids(20) | {"pass"}  # seat 2 is junior to seat 1
    rejects(deal, "bid 19", "only a player who spoke before")
    play(deal, "pass")
    assert deal.turn == 0 and legal(deal) == bids(19) | {"pass"}
    events = play(deal, "bid 19", "pass")
    assert events[-1] == AuctionWon(0, 19)
    assert deal.phase is Phase.TRUMP and deal.turn == 0


def test_match_bids_off_every_bid_must_be_higher() -> None:
    deal = layout(*SWEEP)
    play(deal, "bid 16", "bid 17", "bid 18", "pass")
    assert legal(deal) == bids(19) | {"pass"}
    rejects(deal, "bid 18", "higher than the last one (18)")


def test_match_bids_the_dealer_can_never_match() -> None:
    deal = layout(*SWEEP, rules=MATCH)
    play(deal, "bid 16", "pass", "pass")
    assert legal(deal) == bids(17) | {"pass"}
    rejects(deal, "bid 16", "only a player who spoke before")


def test_match_bids_at_the_maximum() -> None:
    deal = layout(*SWEEP, rules=MATCH)
    play(deal, "bid 16", "bid 28", "pass", "pass")
    assert legal(deal) == {"bid 28", "pass"}
    play(deal, "bid 28")
    assert legal(deal) == {"pass"}
    events = play(deal, "pass")
    assert events[-1] == AuctionWon(0, 28)


def test_match_bids_a_matched_bid_is_the_contract_and_the_pair_moves_it() -> None:
    deal = layout(*PAIR_BIDDERS, rules=MATCH)
    play(deal, "bid 16", "bid 21", "pass", "pass", "bid 21", "pass", "trump 7H",
         *PAIR_BIDDERS_TRICKS_1_TO_3, "play 9S", "play QS")
    assert deal.apply("pair") == [PairDeclared(0, 17)]
    finish(deal)
    out = deal.outcome
    assert out is not None and out.bidder == 0 and out.bid == 21 and out.target == 17


# =========================================================================== no trumps
def test_no_trumps_with_the_card_indicator_is_declared_openly() -> None:
    deal = layout(*LONE, rules=Rules(no_trumps=True))
    play(deal, "pass", "bid 16", "pass", "pass")
    assert legal(deal) == {"trump 7H", "trump KD", "trump AD", "trump AC", "no trumps"}
    events = deal.apply("no trumps")
    assert events[:2] == [TrumpChosen(1, None, None, True), TrumpShown(1, None, None, 1)]
    assert event_for_seat(events[0], 0) == TrumpChosen(1, None, None, False)
    assert deal.phase is Phase.PLAY and len(hand(deal, 1)) == 8  # nothing face down
    for s in range(4):
        v = deal.view(s)
        assert v.no_trumps and v.trump_shown and not v.face_down
        assert v.trump_suit is None and v.trump_card is None
    deal.apply("play JS")
    # seat 1 has no spade: trump is already known (none), so it plays any card
    assert legal(deal) == {f"play {x}" for x in ("7H", "KD", "AD", "AC", "QD", "KC", "TD",
                                                 "TC")}
    rejects(deal, "show trump", "already been shown")
    events = play(deal, "play 7H", "play AS", "play 7S")
    assert of(TrickWon, events)[0].seat == 0  # the 7 of hearts is no trump
    # seat 2 holds K Q of spades and its team won since the "showing", but there is no pair
    play(deal, "play 9S", "play KD")
    assert deal.turn == 2 and {"KS", "QS"} <= hand(deal, 2)
    assert "pair" not in legal(deal)
    rejects(deal, "pair", "no pair without a trump suit")
    events = finish(deal)
    assert not of(TrumpShown, events)  # nothing more to show at the last trick
    out = deal.outcome
    assert out is not None and sum(out.card_points) == 29 and out.pair_team is None


def test_no_trumps_with_a_marker_stays_hidden_until_asked() -> None:
    deal = layout(*LONE, rules=Rules(no_trumps=True, trump_indicator="marker"))
    play(deal, "pass", "bid 16", "pass", "pass")
    assert "no trumps" in legal(deal) and "trump suit H" in legal(deal)
    events = deal.apply("no trumps")
    assert events[0] == TrumpChosen(1, None, None, True)
    assert not of(TrumpShown, events)
    assert event_for_seat(events[0], 3) == TrumpChosen(1, None, None, False)
    assert deal.view(1).no_trumps and not deal.view(1).trump_shown
    for s in (0, 2, 3):
        assert not deal.view(s).no_trumps
    deal.apply("play JS")
    assert "show trump" in legal(deal)
    assert deal.apply("show trump") == [TrumpShown(1, None, None, 1)]
    for s in range(4):
        assert deal.view(s).no_trumps and deal.view(s).trump_shown
    assert len(legal(deal)) == 8  # the asker has no trump to play
    events = play(deal, "play 7H", "play AS", "play 7S")
    assert of(TrickWon, events)[0].seat == 0


@pytest.mark.parametrize("unshown", ["show_last", "dead"])
def test_no_trumps_with_a_marker_never_asked(unshown: UnshownTrump) -> None:
    rules = Rules(no_trumps=True, trump_indicator="marker", unshown_trump=unshown)
    deal = layout(*SWEEP, rules=rules)
    events = play(deal, *auction(0), "no trumps") + finish(deal)
    shows = of(TrumpShown, events)
    assert shows == ([TrumpShown(None, None, None, 0)] if unshown == "show_last" else [])
    out = deal.outcome
    assert out is not None and out.dead == (unshown == "dead")


def test_no_trumps_off() -> None:
    deal = layout(*LONE)
    play(deal, "pass", "bid 16", "pass", "pass")
    assert "no trumps" not in legal(deal)
    rejects(deal, "no trumps", "not played in these rules")
    deal = layout(*LONE, rules=Rules(trump_indicator="marker"))
    play(deal, "pass", "bid 16", "pass", "pass")
    rejects(deal, "no trumps", "choose the trump suit")


# =========================================================================== double
DOUBLE = Rules(double=True)


def test_double_then_redouble_before_the_second_four() -> None:
    deal = _lone(DOUBLE)
    assert deal.phase is Phase.DOUBLING and deal.turn == 2  # the defender after the bidder
    assert deal.view(2).hand_sizes == (4, 3, 4, 4)          # second four not dealt yet
    assert legal(deal) == {"double", "pass"}
    rejects(deal, "redouble", "defenders may now double or pass")
    rejects(deal, "play AS", "double or pass")
    rejects(deal, "double", "turn", seat=3)  # the bidder's partner has no say
    assert deal.apply("double") == [Doubled(2, 2)]
    assert deal.turn == 1 and legal(deal) == {"redouble", "pass"}
    rejects(deal, "double", "bidder may now redouble or pass")
    events = deal.apply("redouble")
    assert events[0] == Doubled(1, 4)
    assert len(of(CardsDealt, events)) == 4
    assert phase(deal) is Phase.PLAY and deal.turn == 0
    assert all(deal.view(s).multiplier == 4 for s in range(4))


def test_double_by_the_second_defender_and_no_redouble() -> None:
    deal = _lone(DOUBLE)
    assert deal.apply("pass") == [Declined(2, "double")]
    assert deal.turn == 0 and legal(deal) == {"double", "pass"}
    play(deal, "double")
    assert deal.turn == 1
    events = deal.apply("pass")
    assert events[0] == Declined(1, "redouble")
    assert deal.phase is Phase.PLAY and deal.view(3).multiplier == 2


def test_double_nobody_doubles() -> None:
    deal = _lone(DOUBLE)
    play(deal, "pass", "pass")
    assert deal.phase is Phase.PLAY and deal.view(0).multiplier == 1


def test_double_off_no_doubling_phase() -> None:
    deal = _lone(Rules())
    assert deal.phase is Phase.PLAY
    rejects(deal, "double", "play a card")


@pytest.mark.parametrize(("doubling", "mult"), [(("double", "pass"), 2),
                                               (("pass", "double", "redouble"), 4)])
def test_double_with_the_pair(doubling: tuple[str, ...], mult: int) -> None:
    deal = layout(*PAIR_BIDDERS, rules=DOUBLE)
    play(deal, "bid 20", "pass", "pass", "pass", "trump 7H", *doubling,
         *PAIR_BIDDERS_TRICKS_1_TO_3, "play 9S", "play QS", "pair")
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == 16 and out.multiplier == mult
    assert out.game_points == ((mult if out.made else -mult), 0)


def _sweep_marker(rules: Rules, bidder: int, bid: int, *doubling: str) -> Deal:
    """SWEEP with a marker: seat 0 takes all eight tricks whoever bids."""
    deal = layout(*SWEEP, rules=rules.replace(trump_indicator="marker"))
    play(deal, *auction(bidder, bid), "trump suit S", *doubling)
    finish(deal)
    return deal


@pytest.mark.parametrize(("rules", "bidder", "bid", "doubling", "mult", "points"), [
    (DOUBLE, 0, 16, ("pass", "pass"), 1, (1, 0)),
    (DOUBLE, 0, 16, ("double", "pass"), 2, (2, 0)),
    (DOUBLE, 0, 16, ("pass", "double", "redouble"), 4, (4, 0)),
    (DOUBLE, 1, 16, ("double", "pass"), 2, (0, -2)),
    (DOUBLE, 1, 16, ("pass", "double", "redouble"), 4, (0, -4)),
    (DOUBLE.replace(big_bids=True), 0, 21, ("double", "pass"), 2, (4, 0)),
    (DOUBLE.replace(big_bids=True), 1, 21, ("double", "redouble"), 4, (0, -8)),
    (DOUBLE.replace(half_loss=True), 1, 16, ("double", "pass"), 2, (0, -4)),
])
def test_double_multiplies_the_game_points(rules: Rules, bidder: int, bid: int,
                                           doubling: tuple[str, ...], mult: int,
                                           points: tuple[int, int]) -> None:
    deal = _sweep_marker(rules, bidder, bid, *doubling)
    out = deal.outcome
    assert out is not None and out.game_points == points
    assert out.multiplier == deal.view(0).multiplier == mult


def test_double_game_score_is_clamped_to_the_game_length() -> None:
    rules = DOUBLE.replace(trump_indicator="marker", game_to=3)
    game = Game(rules=rules)
    game.deal = layout(*SWEEP, rules=rules)
    events = play(game, *auction(0), "trump suit S", "double", "redouble")
    while not game.is_over:
        events += game.apply(game.legal_actions()[0])
    assert game.deal.outcome is not None and game.deal.outcome.game_points == (4, 0)
    assert game.scores == (3, 0) and game.winner == 0
    assert events[-1] == GameOver(0, (3, 0))


# =========================================================================== single hand
SINGLE = Rules(single_hand=True)


def test_single_hand_offers_start_with_the_leader_and_the_announcer_plays_alone() -> None:
    deal = layout(*SWEEP, rules=SINGLE)
    play(deal, *auction(0), "trump 9C")
    assert deal.phase is Phase.SINGLE_HAND and deal.turn == 0
    assert legal(deal) == {"single hand", "pass"}
    rejects(deal, "play JS", "single hand or pass")
    assert deal.view(0).face_down
    assert deal.apply("single hand") == [SingleHandAnnounced(0)]
    assert phase(deal) is Phase.PLAY and deal.turn == 0
    # no trumps: the face-down card went back to the bidder's hand
    assert len(hand(deal, 0)) == 8 and "9C" in hand(deal, 0)
    for s in range(4):
        v = deal.view(s)
        assert (v.single_hand, v.sitting_out, v.face_down) == (0, 2, False)
        assert v.trump_suit is None and v.trump_card is None
    events: list[Event] = []
    while not deal.is_over:
        assert deal.turn != 2  # the partner sits out
        events += deal.apply(finish_policy(deal))
    tricks = of(TrickWon, events)
    assert len(tricks) == 8 and all(len(t.cards) == 3 for t in tricks)
    assert all(s != 2 for t in tricks for s, _ in t.cards)
    assert not of(TrumpShown, events)  # not even before the last trick
    out = deal.outcome
    assert out is not None and out.single_hand == 0 and out.made
    assert out.tricks == (8, 0) and out.game_points == (3, 0)
    assert out.card_points == (29, 0)  # the partner's cards (no points) are never played
    assert len(hand(deal, 2)) == 8


def finish_policy(deal: Deal) -> str:
    return str(deal.legal_actions()[0])


def test_single_hand_ends_at_the_first_trick_lost() -> None:
    deal = layout(*SWEEP, rules=SINGLE)
    play(deal, *auction(0), "trump 9C")
    assert deal.apply("pass") == [Declined(0, "single hand")]
    assert deal.turn == 1 and deal.view(3).single_hand_offers == 1
    play(deal, "single hand")
    assert deal.turn == 1 and deal.view(0).sitting_out == 3
    events = play(deal, "play AS", "play KS")
    assert deal.turn == 0  # seat 3 sits out
    rejects(deal, "play 7S", "turn", seat=3)
    events += deal.apply("play JS")
    assert deal.is_over
    assert of(TrickWon, events) == [TrickWon(0, 1, ((1, c("AS")), (2, c("KS")), (0, c("JS"))),
                                             4)]
    out = deal.outcome
    assert out is not None and out.single_hand == 1 and not out.made
    assert out.game_points == (0, -3) and out.tricks == (1, 0)
    assert out.bidding_team == 1


def test_single_hand_everyone_passes_then_normal_play() -> None:
    deal = layout(*SWEEP, rules=SINGLE)
    play(deal, *auction(0), "trump 9C")
    events = play(deal, "pass", "pass", "pass", "pass")
    assert events == [Declined(s, "single hand") for s in range(4)]
    assert deal.phase is Phase.PLAY and deal.turn == 0
    v = deal.view(1)
    assert v.single_hand is None and v.sitting_out is None and v.face_down
    rejects(deal, "single hand", "play a card")


def test_single_hand_has_no_trumps_and_no_asking_even_when_compulsory() -> None:
    deal = _lone(SINGLE.replace(ask="compulsory"))
    deal.apply("single hand")  # seat 0 leads, seat 2 sits out
    assert "7H" in hand(deal, 1)  # the face-down card went back
    deal.apply("play JS")
    assert deal.turn == 1
    assert legal(deal) == {f"play {x.name}" for x in deal.hand(1)}
    rejects(deal, "show trump", "without trumps")
    rejects(deal, "pair", "no pair without a trump suit")
    events = play(deal, "play 7H", "play 7S")
    assert of(TrickWon, events)[0].seat == 0  # the 7H is no trump
    assert not deal.is_over


def test_single_hand_scores_3_doubled_or_not() -> None:
    deal = layout(*SWEEP, rules=SINGLE.replace(double=True))
    play(deal, *auction(0), "trump 9C", "double", "pass", "single hand")
    assert deal.view(0).multiplier == 2
    finish(deal)
    out = deal.outcome
    assert out is not None and out.made and out.game_points == (3, 0)


def test_single_hand_last_trick_point_off() -> None:
    deal = layout(*SWEEP, rules=SINGLE.replace(last_trick_point=False))
    play(deal, *auction(0), "trump 9C", "single hand")
    finish(deal)
    out = deal.outcome
    assert out is not None and out.card_points == (28, 0)


def test_single_hand_with_the_seventh_card() -> None:
    deal = layout(*SWEEP, rules=SINGLE.replace(trump_choice="seventh"))
    play(deal, *auction(0))
    assert deal.view(0).trump_card == c("9S") and deal.phase is Phase.SINGLE_HAND
    play(deal, "single hand")
    assert "9S" in hand(deal, 0) and deal.view(0).trump_suit is None


def test_single_hand_off_no_offer() -> None:
    deal = layout(*SWEEP)
    play(deal, *auction(0), "trump 9C")
    assert deal.phase is Phase.PLAY
    rejects(deal, "single hand", "play a card")


def test_single_hand_in_a_game_minus_3_and_clamped() -> None:
    rules = SINGLE.replace(game_to=2)
    game = Game(rules=rules)
    game.deal = layout(*SWEEP, rules=rules)
    events = play(game, *auction(0), "trump 9C", "pass", "single hand", "play AS", "play KS",
                  "play JS")
    assert game.is_over and game.scores == (0, -2) and game.winner == 0
    assert events[-1] == GameOver(0, (0, -2))


# =========================================================================== redeal
REDEAL = Rules(redeal=True)


def test_redeal_by_a_player_without_a_point_card_before_speaking() -> None:
    deal = layout(*POINTLESS, rules=REDEAL)
    assert "redeal" not in legal(deal)
    rejects(deal, "redeal", "no point card in four")
    play(deal, "pass", "pass", "pass")
    assert legal(deal) == bids(16) | {"redeal"}  # the dealer: forced to bid, or redeal
    events = deal.apply("redeal")
    assert isinstance(events[0], ThrownIn) and events[0].seat == 3
    assert deal.is_over
    out = deal.outcome
    assert out is not None and out.thrown_in and out.dead and out.game_points == (0, 0)
    assert deal.after_scores() == (0, 0)


def test_redeal_not_after_speaking() -> None:
    deal = layout(*POINTLESS, dealer=2, rules=REDEAL)  # seat 3 speaks first
    assert deal.turn == 3 and "redeal" in legal(deal)
    play(deal, "bid 16", "pass", "pass", "bid 17")
    assert deal.turn == 3
    assert "redeal" not in legal(deal)
    rejects(deal, "redeal", "before speaking")


def test_redeal_off() -> None:
    deal = layout(*POINTLESS)
    play(deal, "pass", "pass", "pass")
    assert "redeal" not in legal(deal)
    rejects(deal, "redeal", "not played in these rules")


def test_redeal_in_a_game_the_same_dealer_deals_again() -> None:
    game = Game(rules=REDEAL)
    game.deal = layout(*POINTLESS, rules=REDEAL)
    play(game, "pass", "pass", "pass", "redeal")
    assert game.phase is Phase.DEAL_OVER and game.legal_actions() == [NEXT_DEAL]
    assert game.scores == (0, 0) and not game.is_over
    assert game.turn == 3  # the same dealer deals the next deal
    events = game.apply("next deal")
    assert events[0] == DealStarted(2, 3, (0, 0))
    assert game.deal.dealer == 3 and game.deal.turn == 0


def test_pointless_eight_cards_throw_the_deal_in() -> None:
    rules = Rules(pointless_hand_redeal=True)
    deal = layout(*POINTLESS, rules=rules)
    events = play(deal, *auction(0), "trump JS")
    assert len(of(CardsDealt, events)) == 4
    thrown = of(ThrownIn, events)
    assert len(thrown) == 1 and thrown[0].seat == 3
    assert deal.is_over and deal.outcome is not None and deal.outcome.thrown_in
    assert deal.outcome.game_points == (0, 0)
    game = Game(rules=rules)
    game.deal = layout(*POINTLESS, rules=rules)
    play(game, *auction(0), "trump JS")
    assert game.turn == 3 and game.apply("next deal")[0] == DealStarted(2, 3, (0, 0))


@pytest.mark.parametrize(("hands", "rules", "actions"), [
    # the bidder's face-down card is its only point card: it still counts
    (POINTLESS_BUT_JS, Rules(pointless_hand_redeal=True), (*auction(3), "trump JS")),
    (POINTLESS_BUT_SEVENTH, Rules(pointless_hand_redeal=True, trump_choice="seventh"),
     auction(3)),
])
def test_pointless_hand_counts_the_face_down_card(hands: tuple[str, ...], rules: Rules,
                                                  actions: tuple[str, ...]) -> None:
    deal = layout(*hands, rules=rules)
    events = play(deal, *actions)
    assert not of(ThrownIn, events)
    assert deal.phase is Phase.PLAY
    v = deal.view(3)
    assert v.face_down and v.trump_card is not None and v.trump_card.points == 3
    assert not any(x.points for x in v.hand)


def test_pointless_hand_off_the_deal_goes_on() -> None:
    deal = layout(*POINTLESS)
    play(deal, *auction(0), "trump JS")
    assert deal.phase is Phase.PLAY


# =========================================================================== big bids, half loss
@pytest.mark.parametrize(("rules", "bidder", "bid", "points"), [
    (Rules(), 0, 21, (1, 0)),
    (Rules(big_bids=True), 0, 20, (1, 0)),
    (Rules(big_bids=True), 0, 21, (2, 0)),
    (Rules(big_bids=True), 0, 28, (2, 0)),
    (Rules(big_bids=True), 1, 20, (0, -1)),
    (Rules(big_bids=True), 1, 21, (0, -2)),
    (Rules(), 1, 16, (0, -1)),
    (Rules(half_loss=True), 1, 16, (0, -2)),           # 0 points, less than half of 16
    (Rules(half_loss=True, big_bids=True), 1, 24, (0, -2)),  # not -4
])
def test_big_bids_and_half_loss(rules: Rules, bidder: int, bid: int,
                                points: tuple[int, int]) -> None:
    deal = _sweep_marker(rules, bidder, bid)
    out = deal.outcome
    assert out is not None and out.game_points == points


@pytest.mark.parametrize(("rules", "bid", "made", "taken", "value"), [
    (Rules(half_loss=True), 20, False, 10, -1),   # exactly half: an ordinary loss
    (Rules(half_loss=True), 20, False, 9, -2),
    (Rules(half_loss=True), 17, False, 9, -1),    # 18 >= 17
    (Rules(half_loss=True), 17, False, 8, -2),
    (Rules(half_loss=True), 16, True, 16, 1),
    (Rules(), 20, False, 0, -1),
    (Rules(big_bids=True), 21, True, 21, 2),
    (Rules(big_bids=True, half_loss=True), 22, False, 10, -2),
])
def test_contract_value(rules: Rules, bid: int, made: bool, taken: int, value: int) -> None:
    assert contract_value(rules, bid, made, taken) == value


def test_big_bid_with_the_pair_is_worth_what_was_bid() -> None:
    deal = layout(*PAIR_BIDDERS, rules=Rules(big_bids=True))
    play(deal, "bid 21", "pass", "pass", "pass", "trump 7H", *PAIR_BIDDERS_TRICKS_1_TO_3,
         "play 9S", "play QS", "pair")
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == 17
    assert out.game_points == ((2 if out.made else -2), 0)


def test_defenders_pair_does_not_make_a_big_bid() -> None:
    deal = layout(*PAIR_DEFENDERS, rules=Rules(big_bids=True))
    play(deal, "bid 18", "pass", "pass", "pass", "trump 7H", *PAIR_DEFENDERS_TRICKS_1_TO_2,
         "pair")
    finish(deal)
    out = deal.outcome
    assert out is not None and out.target == 22
    assert abs(out.game_points[0]) == 1


# =========================================================================== all tricks, game
def _game_with(rules: Rules, *hands: str) -> Game:
    game = Game(rules=rules)
    game.deal = layout(*hands, rules=rules)
    return game


@pytest.mark.parametrize(("bidder", "scores"), [(0, (1, 0)), (1, (0, -1))])
def test_all_tricks_wins_the_game_at_once(bidder: int, scores: tuple[int, int]) -> None:
    rules = Rules(all_tricks=True, trump_indicator="marker")
    game = _game_with(rules, *SWEEP)
    events = play(game, *auction(bidder), "trump suit S")
    while not game.is_over:
        events += game.apply(game.legal_actions()[0])
    assert game.deal.outcome is not None and game.deal.outcome.all_tricks_team == 0
    assert game.winner == 0 and game.scores == scores
    assert events[-1] == GameOver(0, scores)
    assert game.legal_actions() == []
    rejects(game, "next deal", "game is over")


def test_all_tricks_off_the_game_goes_on() -> None:
    rules = Rules(trump_indicator="marker")
    game = _game_with(rules, *SWEEP)
    play(game, *auction(0), "trump suit S")
    while game.deal.phase is not Phase.DEAL_OVER:
        game.apply(game.legal_actions()[0])
    assert not game.is_over and game.scores == (1, 0)
    assert game.legal_actions() == [NEXT_DEAL]


def test_all_tricks_in_a_dead_deal_does_not_win() -> None:
    rules = Rules(all_tricks=True, trump_indicator="marker", unshown_trump="dead")
    game = _game_with(rules, *SWEEP)
    play(game, *auction(0), "trump suit S")
    while game.deal.phase is not Phase.DEAL_OVER:
        game.apply(game.legal_actions()[0])
    assert game.deal.outcome is not None and game.deal.outcome.dead
    assert not game.is_over and game.scores == (0, 0)


def test_all_tricks_by_a_single_hand_wins_the_game() -> None:
    rules = Rules(all_tricks=True, single_hand=True)
    game = _game_with(rules, *SWEEP)
    play(game, *auction(0), "trump 9C", "single hand")
    while not game.is_over:
        game.apply(game.legal_actions()[0])
    assert game.winner == 0 and game.scores == (3, 0)


@pytest.mark.parametrize(("game_to", "bidder", "over", "winner"), [
    (1, 0, True, 0),      # first to +1
    (1, 1, True, 0),      # team 1 falls to -1 and loses
    (2, 0, False, None),
])
def test_game_length(game_to: int, bidder: int, over: bool, winner: int | None) -> None:
    rules = Rules(game_to=game_to, trump_indicator="marker")
    game = _game_with(rules, *SWEEP)
    play(game, *auction(bidder), "trump suit S")
    while game.deal.phase is not Phase.DEAL_OVER:
        game.apply(game.legal_actions()[0])
    assert game.is_over == over and game.winner == winner


# =========================================================================== presets
def test_presets() -> None:
    assert Rules.preset("standard") == Rules()
    assert Rules.preset("28pt").differences() == {"last_trick_point": False}
    app = Rules.preset("app")
    assert (app.ask, app.match_bids, app.total_points) == ("auto", True, 28)
    pagat = Rules.preset("pagat")
    assert (pagat.min_bid, pagat.total_points, pagat.trump_indicator, pagat.ask,
            pagat.unshown_trump, pagat.direction) == (15, 28, "marker", "compulsory", "dead",
                                                      "clockwise")
    with pytest.raises(RulesError, match="unknown variant"):
        Rules.preset("house")


def test_every_setting_flag_names_a_rules_field() -> None:
    assert len({s.flag for s in SETTINGS}) == len(SETTINGS)
    for s in SETTINGS:
        assert hasattr(Rules(), s.field) and s.flag.startswith("--") and s.help


# =========================================================================== command line
def test_cli_rules_prints_the_table() -> None:
    res = subprocess.run([sys.executable, "-m", "twentynine", "rules", "--variant", "pagat",
                          "--double"], capture_output=True, text=True, timeout=60,
                         env={**os.environ, "COLUMNS": "1000"})  # one line a setting
    assert res.returncode == 0, res.stderr
    lines = res.stdout.splitlines()
    assert len(lines) == len(SETTINGS) + 1
    rows = {line.split()[1] if line.startswith("*") else line.split()[0]: line
            for line in lines[:-1]}
    assert set(rows) == {s.flag for s in SETTINGS}
    assert rows["--double"].startswith("*") and rows["--double"].split()[2] == "on"
    assert rows["--min-bid"].split()[2] == "15"
    assert rows["--ask"].split()[2] == "compulsory"
    assert not rows["--pair"].startswith("*")
    assert res.stderr == ""


def _run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    try:
        code = main(argv)
    except SystemExit as exc:
        code = exc.code if isinstance(exc.code, int) else 1
    out, err = capsys.readouterr()
    return code, out, err


def _value(out: str, flag: str) -> str:
    for line in out.splitlines():
        parts = line.lstrip("* ").split()
        if parts and parts[0] == flag:
            return parts[1]
    raise AssertionError(f"{flag} not in the table")


@pytest.mark.parametrize("argv", [
    ["rules", "--game-to", "0"],
    ["rules", "--double", "yes"],
    ["rules", "--min-bid", "13"],
    ["rules", "--max-bid", "30"],
    ["rules", "--ask", "never"],
    ["rules", "--variant", "house"],
    ["rules", "--max-bid", "29", "--last-trick", "off"],
    ["rules", "--variant", "pagat", "--max-bid", "29"],
])
def test_cli_bad_values_exit_2_with_one_line(argv: list[str],
                                             capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = _run(argv, capsys)
    assert code == 2
    assert out == ""
    assert len(err.splitlines()) == 1 and "error" in err, err


def test_cli_flags_apply_together_whatever_their_order(
        capsys: pytest.CaptureFixture[str]) -> None:
    # 28pt has no last-trick point, so 29 is only possible once it is switched back on
    for argv in (["rules", "--variant", "28pt", "--last-trick", "on", "--max-bid", "29"],
                 ["rules", "--variant", "28pt", "--max-bid", "29", "--last-trick", "on"]):
        code, out, err = _run(argv, capsys)
        assert code == 0, err
        assert _value(out, "--max-bid") == "29" and _value(out, "--last-trick") == "on"


@pytest.mark.parametrize("setting", SETTINGS, ids=lambda s: s.field)
def test_cli_every_flag_sets_its_field(setting: object,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    from twentynine.engine.rules import Setting

    assert isinstance(setting, Setting)
    for text in {setting.choices[0], setting.choices[-1]}:
        code, out, err = _run(["rules", setting.flag, text], capsys)
        assert code == 0, err
        assert _value(out, setting.flag) == text

