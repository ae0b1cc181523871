"""Every numbered ruling of RULINGS-25 (the rule book of Twenty-Five), each worked by hand:
the position, the legal cards or the winner written out here, never computed by the engine.

Each test's name starts with the ruling's number (``test_ruling_03_...``)."""

from __future__ import annotations

from collections.abc import Sequence

import pytest

from twentynine.twentyfive.pack import (
    ACE_OF_HEARTS,
    effective_suit,
    is_trump,
    parse_card,
    parse_cards,
    plain_order,
    power,
    trump_order,
)

S, H, D, C = 0, 1, 2, 3


def names(cards: Sequence[object]) -> str:
    return " ".join(str(c) for c in cards)


# ------------------------------------------------------------------- 3 to 6: the ranks

def test_ruling_03_red_trump_order_hearts() -> None:
    assert names(trump_order(H)) == "5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥"


def test_ruling_03_red_trump_order_diamonds() -> None:
    assert names(trump_order(D)) == "5♦ J♦ A♥ A♦ K♦ Q♦ 10♦ 9♦ 8♦ 7♦ 6♦ 4♦ 3♦ 2♦"


@pytest.mark.parametrize(("suit", "expected"), [
    (C, "5♣ J♣ A♥ A♣ K♣ Q♣ 2♣ 3♣ 4♣ 6♣ 7♣ 8♣ 9♣ 10♣"),
    (S, "5♠ J♠ A♥ A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠"),
])
def test_ruling_04_black_trump_order_low_in_black(suit: int, expected: str) -> None:
    assert names(trump_order(suit)) == expected


def test_ruling_04_a_black_two_beats_a_black_ten_as_trump() -> None:
    assert power(C, parse_card("2C")) > power(C, parse_card("10C"))
    assert power(D, parse_card("10D")) > power(D, parse_card("2D"))


@pytest.mark.parametrize("trump", [S, H, D, C])
def test_ruling_05_ace_of_hearts_is_always_the_third_trump(trump: int) -> None:
    assert is_trump(trump, ACE_OF_HEARTS)
    assert effective_suit(trump, ACE_OF_HEARTS) == trump
    assert trump_order(trump)[2] == ACE_OF_HEARTS
    assert all(c != ACE_OF_HEARTS for s in (S, H, D, C) if s != trump
               for c in plain_order(trump, s))


def test_ruling_06_plain_hearts_have_no_ace() -> None:
    assert names(plain_order(S, H)) == "K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥"


def test_ruling_06_plain_diamonds_ace_lowest() -> None:
    assert names(plain_order(C, D)) == "K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♦"


@pytest.mark.parametrize(("trump", "suit"), [(H, C), (D, S)])
def test_ruling_06_plain_black_suits_ace_after_jack_then_low_in_black(
        trump: int, suit: int) -> None:
    letter = "SHDC"[suit]
    expected = parse_cards(f"K{letter} Q{letter} J{letter} A{letter} 2{letter} 3{letter} "
                           f"4{letter} 5{letter} 6{letter} 7{letter} 8{letter} 9{letter} "
                           f"10{letter}")
    assert plain_order(trump, suit) == expected
