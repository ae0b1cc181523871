"""Cards and actions at the API edge, and illegal actions: each raises IllegalActionError (a
ValueError) naming the rule in plain words, and leaves the state exactly as it was."""

from __future__ import annotations

import pytest
from engine_support import finish, layout, play, snapshot
from hypothesis import given
from hypothesis import strategies as st
from ruling_deals import LONE, LONE_AUCTION, SEED000, SEED000_AUCTION, TRICK13

from twentynine import (
    PAIR,
    PASS,
    SHOW_TRUMP,
    Action,
    ActionError,
    ActionKind,
    Card,
    CardError,
    Deal,
    Game,
    IllegalActionError,
    Rules,
    parse_cards,
)
from twentynine.engine.actions import ACTIONS
from twentynine.engine.cards import (
    CARDS,
    POP16,
    as_card,
    format_cards,
    mask_cards,
    mask_list,
    nth_card,
)


# ----------------------------------------------------------------------------------- cards
@given(st.integers(0, (1 << 32) - 1))
def test_the_mask_tables_list_every_card_of_a_hand_in_order(mask: int) -> None:
    cards = tuple(c for c in range(32) if mask >> c & 1)
    assert mask_cards(mask) == cards and mask_list(mask) == list(cards)
    assert POP16[mask & 0xFFFF] + POP16[mask >> 16] == len(cards)
    assert [nth_card(mask, k) for k in range(len(cards))] == list(cards)
    mask_list(mask).append(99)  # a new list each time: the table is not changed
    assert mask_list(mask) == list(cards)


def test_parse_and_format_cards() -> None:
    cs = parse_cards("JH 9S AD TC")
    assert [c.name for c in cs] == ["JH", "9S", "AD", "TC"]
    assert format_cards(cs) == "JH 9S AD TC"
    assert Card.parse("10C") == Card.parse("TC") == Card.parse("tc") == Card.parse(" Tc ")
    assert Card.parse("J♥") == Card.parse("JH")
    assert parse_cards("jh,9s  ad") == parse_cards("JH 9S AD")
    assert str(Card.parse("10D")) == "TD"


@pytest.mark.parametrize("text", ["", "J", "1H", "11H", "JX", "ZS", "JHH", "10", "♥J"])
def test_unreadable_cards_raise_card_error(text: str) -> None:
    with pytest.raises(CardError):
        Card.parse(text)
    assert issubclass(CardError, ValueError)


def test_card_values_and_display() -> None:
    jh, ten_h, nine_c = Card.parse("JH"), Card.parse("TH"), Card.parse("9C")
    assert (jh.points, ten_h.points, nine_c.points) == (3, 1, 2)
    assert jh.symbol == "J♥" and ten_h.label == "10♥" and nine_c.symbol == "9♣"
    assert Card.parse("AS").symbol == "A♠" and Card.parse("KD").symbol == "K♦"
    assert jh.long_name == "jack of hearts" and ten_h.long_name == "ten of hearts"
    assert jh.is_red and not nine_c.is_red
    assert jh.rank < Card.parse("9H").rank < Card.parse("AH").rank < ten_h.rank
    assert as_card("JH") is jh and as_card(jh.index) is jh and as_card(jh) is jh
    assert sorted(parse_cards("7S JH JS 9S")) == parse_cards("JS 9S 7S JH")
    assert len({c.name for c in CARDS}) == 32


# --------------------------------------------------------------------------------- actions
def test_every_action_reads_back_from_its_text() -> None:
    for a in ACTIONS:
        assert Action.parse(str(a)) == a, a
        assert Action.from_code(a.code) is a


def test_action_constructors_and_fields() -> None:
    assert Action.parse("play 10H") == Action.play("TH") == Action.play(Card.parse("TH"))
    assert Action.play("TH").kind is ActionKind.PLAY and Action.play("TH").card == Card.parse("TH")
    assert Action.make_bid(17).bid == 17 and Action.make_bid(17).kind is ActionKind.BID
    assert Action.parse("bid 17") == Action.make_bid(17)
    assert Action.trump_card("7H").kind is ActionKind.TRUMP_CARD
    assert Action.trump_suit("H").suit == 1 and Action.parse("trump suit h").suit == 1
    assert Action.parse("pass") is PASS and Action.parse("Show Trump") is SHOW_TRUMP
    assert Action.parse("pair") is PAIR
    assert (str(PASS), str(SHOW_TRUMP), str(PAIR)) == ("pass", "show trump", "pair")


@pytest.mark.parametrize("text", ["", "fly", "bid", "bid lots", "play", "play ZZ", "bid 99",
                                  "trump", "trump suit X"])
def test_unreadable_actions_raise_action_error(text: str) -> None:
    with pytest.raises(ActionError):
        Action.parse(text)
    assert issubclass(ActionError, ValueError)


# ------------------------------------------------------------------------- illegal actions
def rejected(deal: Deal | Game, action: str, message: str, seat: int | None = None) -> None:
    before = snapshot(deal)
    with pytest.raises(IllegalActionError) as err:
        deal.apply(action, seat)
    assert isinstance(err.value, ValueError)
    assert message in str(err.value), str(err.value)
    assert snapshot(deal) == before


def test_illegal_action_error_is_a_value_error() -> None:
    assert issubclass(IllegalActionError, ValueError)


def test_illegal_in_the_auction() -> None:
    deal = layout(*SEED000)
    rejected(deal, "play JS", "the auction is still going on")
    rejected(deal, "trump JS", "the auction is still going on")
    rejected(deal, "show trump", "the auction is still going on")
    rejected(deal, "bid 15", "the lowest bid is 16")
    rejected(deal, "bid 29", "the highest bid is 28")
    rejected(deal, "bid 16", "turn", seat=2)
    deal.apply("bid 20")
    rejected(deal, "bid 20", "a bid must be higher than the last one (20)")
    forced = layout(*TRICK13)
    play(forced, "pass", "pass", "pass")
    rejected(forced, "pass", "the dealer must bid when the other three players have passed")


def test_illegal_in_the_trump_choice() -> None:
    deal = layout(*SEED000)
    play(deal, "pass", "bid 18", "pass", "pass")
    rejected(deal, "trump JS", "only one of your own four cards as trump, not the jack of spades")
    rejected(deal, "trump JH", "own four cards")
    rejected(deal, "bid 19", "lay one of their four cards face down")
    rejected(deal, "pass", "lay one of their four cards face down")
    rejected(deal, "trump suit H", "lay one of their four cards face down")


def test_illegal_in_play() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION)
    rejected(deal, "play QS", "you do not hold the queen of spades")
    rejected(deal, "show trump", "not when leading")
    rejected(deal, "pair", "the pair can be declared only after trump has been shown")
    rejected(deal, "bid 20", "the cards are being played: play a card")
    rejected(deal, "next deal", "the deal is not over yet")
    deal.apply("play JS")
    rejected(deal, "play 7H", "the seven of hearts is your face-down trump card")
    deal.apply("show trump")
    rejected(deal, "play AD", "you asked for trump, so you must play a trump")
    rejected(deal, "show trump", "trump has already been shown")
    deal.apply("play 9H")
    rejected(deal, "play KD", "you must follow suit: you hold a spade")
    rejected(deal, "play 9H", "you do not hold the nine of hearts")


def test_illegal_when_the_face_down_card_is_the_only_trump() -> None:
    deal = layout(*LONE)
    play(deal, *LONE_AUCTION, "play JS", "show trump")
    rejected(deal, "play AC", "you must play a trump")


def test_illegal_under_pagat_not_asking() -> None:
    deal = layout(*SEED000, rules=Rules.preset("pagat"))
    play(deal, "pass", "bid 18", "pass", "pass")
    rejected(deal, "trump 7H", "choose the trump suit")
    play(deal, "trump suit H", "play JS")
    rejected(deal, "play AD", "you cannot follow suit, so you must ask for trump to be shown")


def test_illegal_after_the_deal_and_the_game() -> None:
    deal = layout(*SEED000)
    play(deal, *SEED000_AUCTION)
    finish(deal)
    for a in ("play JS", "pass", "next deal", "show trump"):
        rejected(deal, a, "the deal is over")
    game = Game(seed=2, rules=Rules(game_to=1))
    while game.deal.outcome is None or game.deal.outcome.dead:
        if str(game.legal_actions()[0]) == "next deal":
            game.apply("next deal")
            continue
        game.apply(game.legal_actions()[0])
    assert game.is_over
    rejected(game, "next deal", "the game is over")
    rejected(game, "pass", "the game is over")


def test_illegal_between_deals_in_a_game() -> None:
    game = Game(seed=8)
    rejected(game, "next deal", "not over")
    while game.deal.outcome is None:
        game.apply(game.legal_actions()[0])
    assert [str(a) for a in game.legal_actions()] == ["next deal"]
    rejected(game, "pass", "the deal is over: the next deal must be dealt")
    rejected(game, "bid 16", "the next deal must be dealt")
