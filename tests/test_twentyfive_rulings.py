"""Every numbered ruling of RULINGS-25 (the rule book of Twenty-Five), each worked by hand:
the position, the legal cards or the winner written out here, never computed by the engine.

Each test's name starts with the ruling's number (``test_ruling_03_...``)."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest

from twentynine.twentyfive import (
    HouseRules,
    HouseRulesError,
    IllegalMoveError,
    Race,
    RaceWon,
    Robbed,
    Stage,
    event_for_seat,
)
from twentynine.twentyfive.pack import (
    ACE_OF_HEARTS,
    CARDS,
    cards_in,
    effective_suit,
    is_trump,
    mask_of,
    parse_card,
    parse_cards,
    plain_order,
    power,
    text_of,
    trump_order,
)
from twentynine.twentyfive.race import deal_cards

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


# ------------------------------------------------------------------- the table

def table(hands: Sequence[str], turned: str, dealer: int | None = None,
          **options: object) -> Race:
    """A game whose first deal is ``hands`` (by seat) with ``turned`` turned up."""
    rules = HouseRules(players=len(hands), **options)  # type: ignore[arg-type]
    cards = (tuple(mask_of(parse_cards(h)) for h in hands), int(parse_card(turned)))
    first = len(hands) - 1 if dealer is None else dealer
    return Race(seed=0, rules=rules, first_dealer=first, preset=[cards])


def legal(race: Race) -> set[str]:
    """The legal moves now, as record text (``play 9D``, ``rob, lay down 3C``)."""
    return {str(m) for m in race.legal_actions()}


def plays(*names: str) -> set[str]:
    return {f"play {n}" for n in names}


def play(race: Race, *names: str) -> None:
    for n in names:
        race.apply(f"play {n}")


# ------------------------------------------------------------------- 1: players, teams

@pytest.mark.parametrize("players", [3, 4, 5, 6, 7, 8, 9])
def test_ruling_01_three_to_nine_players_each_for_themselves(players: int) -> None:
    rules = HouseRules(players=players)
    assert rules.sides == players
    assert [rules.side_of(s) for s in range(players)] == list(range(players))


@pytest.mark.parametrize(("players", "teams"), [(2, "none"), (10, "none"), (5, "pairs"),
                                                (7, "pairs"), (4, "threes"), (8, "threes"),
                                                (3, "threes")])
def test_ruling_01_tables_the_rules_refuse(players: int, teams: str) -> None:
    with pytest.raises(HouseRulesError):
        HouseRules(players=players, teams=teams)


@pytest.mark.parametrize(("players", "teams", "expected"), [
    (4, "pairs", [(0, 2), (1, 3)]),
    (6, "pairs", [(0, 3), (1, 4), (2, 5)]),
    (8, "pairs", [(0, 4), (1, 5), (2, 6), (3, 7)]),
    (6, "threes", [(0, 2, 4), (1, 3, 5)]),
    (9, "threes", [(0, 3, 6), (1, 4, 7), (2, 5, 8)]),
])
def test_ruling_01_teams_sit_apart(players: int, teams: str,
                                   expected: list[tuple[int, ...]]) -> None:
    rules = HouseRules(players=players, teams=teams)
    assert [rules.team(side) for side in range(rules.sides)] == expected
    for seat in range(players):  # nobody sits next to a teammate
        assert rules.side_of((seat + 1) % players) != rules.side_of(seat)


# ------------------------------------------------------------------- 2: the deal

class _InOrder(random.Random):
    """A 'shuffle' that leaves the pack as it is: card 0 on top."""

    def shuffle(self, x: list[int]) -> None:  # type: ignore[override]
        return None


def test_ruling_02_five_each_from_after_the_dealer_then_the_turned_card() -> None:
    # three players, seat 2 deals: a batch of two to seats 0, 1, 2, then three each
    hands, turned = deal_cards(_InOrder(), 3, 2)
    assert [text_of(cards_in(h)) for h in hands] == [
        "A♠ 2♠ 7♠ 8♠ 9♠",  # cards 0, 1, then 6, 7, 8
        "3♠ 4♠ 10♠ J♠ Q♠",  # 2, 3, then 9, 10, 11
        "5♠ 6♠ K♠ A♥ 2♥",  # 4, 5, then 12, 13, 14
    ]
    assert str(CARDS[turned]) == "3♥"  # card 15: hearts are trump


def test_ruling_02_the_stock_is_never_played_nor_seen() -> None:
    g = Race(seed=11, rules=HouseRules(players=4))
    assert [len(g.hand(s)) for s in range(4)] == [5, 5, 5, 5]
    assert g.round.stock().bit_count() == 52 - 20 - 1
    stock = {int(c) for c in cards_in(g.round.stock())}
    while g.stage is Stage.PLAY:
        g.apply(g.legal_actions()[0])
        assert not stock & {int(c) for c in g.view(0).played}
    assert g.view(0).trump == CARDS[g.dealt[0][1]].suit


# ------------------------------------------------------------------- 5: the A♥

def test_ruling_05_ace_of_hearts_led_is_a_trump_lead() -> None:
    g = table(["AH 2S 3S 4S 6S", "KH QH 2C 9S 8S", "KD 3H 4D 5D 6D"], "7C")  # clubs
    play(g, "AH")
    assert legal(g) == plays("2C")  # the hearts do not follow the A♥: the trump must
    play(g, "2C")
    assert legal(g) == plays("KD", "3H", "4D", "5D", "6D")  # no trump: any card


def test_ruling_05_ace_of_hearts_never_follows_a_heart_lead() -> None:
    g = table(["KH 2S 3S 4S 6S", "AH 7D 8D 9D 10D", "AS 4H 2D 3D 6H"], "7C")  # clubs
    play(g, "KH")
    # seat 1's only "heart" is the A♥, a trump: it holds no heart, so any card goes
    assert legal(g) == plays("AH", "7D", "8D", "9D", "10D")
    play(g, "7D")
    assert legal(g) == plays("4H", "6H")


def test_ruling_05_ace_of_hearts_answers_a_heart_lead_as_a_trump() -> None:
    g = table(["KH 2S 3S 4S 6S", "AH 5H 8D 9D 10D", "AS 4H 2D 3D 6H"], "7C")  # clubs
    play(g, "KH")
    assert legal(g) == plays("AH", "5H")  # follow with the 5♥, or trump with the A♥
    play(g, "AH", "4H")
    assert g.turn == 1  # the A♥ won as a trump


# ------------------------------------------------------------------- 7: robbing

def test_ruling_07_the_ace_of_trumps_robs_before_its_first_card() -> None:
    # diamonds (9♦ turned); seat 1 holds the A♦; seat 0 leads
    g = table(["KS 2S 3S 4S 6S", "AD 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D")
    assert legal(g) == plays("KS", "2S", "3S", "4S", "6S")  # seat 0: no rob
    play(g, "KS")
    assert legal(g) == plays("AD", "7C", "8C", "9C", "10C") | {
        "rob, lay down AD", "rob, lay down 7C", "rob, lay down 8C", "rob, lay down 9C",
        "rob, lay down 10C"}
    events = g.apply("rob 7C")
    assert [type(e).__name__ for e in events] == ["Robbed"]
    assert g.turn == 1  # a rob, then a card, in one turn
    assert text_of(g.hand(1)) == "A♦ 9♦ 8♣ 9♣ 10♣"
    assert legal(g) == plays("9D", "AD", "8C", "9C", "10C")  # spades led: none held
    play(g, "9D")
    assert g.turn == 2


def test_ruling_07_the_rob_is_public_the_card_laid_down_is_not() -> None:
    g = table(["KS 2S 3S 4S 6S", "AD 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D")
    play(g, "KS")
    events = g.apply("rob 8C")
    assert event_for_seat(events[0], 0) == Robbed(1, parse_card("9D"), None)
    assert event_for_seat(events[0], 1) == Robbed(1, parse_card("9D"), parse_card("8C"))
    for seat in (0, 2):
        v = g.view(seat)
        assert v.robber == 1 and v.laid_down is None and v.turned == parse_card("9D")
    assert g.view(1).laid_down == parse_card("8C")


def test_ruling_07_the_ace_itself_may_be_laid_down_not_the_turned_card() -> None:
    g = table(["AD 2S 3S 4S 6S", "KS 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D")
    g.apply("rob AD")
    assert text_of(g.hand(0)) == "2♠ 3♠ 4♠ 6♠ 9♦"
    g2 = table(["AD 2S 3S 4S 6S", "KS 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D")
    with pytest.raises(IllegalMoveError, match="lay down one of your own cards"):
        g2.apply("rob 9D")


def test_ruling_07_the_dealer_robs_a_turned_ace() -> None:
    # the A♣ turned: seat 2 deals and may rob on its turn
    g = table(["KS 2S 3S 4S 6S", "AD 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "AC")
    play(g, "KS")
    assert not any(m.startswith("rob") for m in legal(g))
    play(g, "AD")
    assert "rob, lay down 6H" in legal(g)
    g.apply("rob 6H")
    assert text_of(g.hand(2)) == "A♠ 2♥ 4♥ 3♦ A♣"


def test_ruling_07_declining_is_silent_and_final() -> None:
    g = table(["KS 2S 3S 4S 6S", "AD 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D")
    play(g, "KS")
    before = [g.view(s) for s in (0, 2)]
    events = g.apply("play 7C")  # seat 1 declines by playing
    assert [type(e).__name__ for e in events] == ["CardPlayed"]
    assert [g.view(s).robber for s in (0, 2)] == [None, None]
    assert all(not hasattr(v, "rob_seat") for v in before)
    play(g, "AS")  # the K♠ led wins (plain black: the K above the A)
    assert g.turn == 0
    play(g, "2S")
    assert not any(m.startswith("rob") for m in legal(g))
    with pytest.raises(IllegalMoveError, match="only on your first turn"):
        g.apply("rob 8C")


def test_ruling_07_ace_of_hearts_robs_only_when_hearts_are_trump() -> None:
    # diamonds are trump: the A♥ is a trump but not the ace of trumps
    g = table(["AH 2S 3S 4S 6S", "KS 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D")
    assert legal(g) == plays("AH", "2S", "3S", "4S", "6S")
    with pytest.raises(IllegalMoveError, match=r"ace of trumps \(A♦\)"):
        g.apply("rob 2S")
    # hearts are trump: the A♥ is the ace of trumps
    h = table(["AH 2S 3S 4S 6S", "KS 7C 8C 9C 10C", "AS 4D 2D 3D 6D"], "9H")
    assert "rob, lay down 2S" in legal(h)


def test_ruling_07_no_rob_option() -> None:
    g = table(["AD 2S 3S 4S 6S", "KS 7C 8C 9C 10C", "AS 4H 2H 3D 6H"], "9D", rob=False)
    assert legal(g) == plays("AD", "2S", "3S", "4S", "6S")
    with pytest.raises(IllegalMoveError, match="robbing is off"):
        g.apply("rob 2S")


# ------------------------------------------------------------------- 8: a plain lead

def test_ruling_08_follow_suit_or_trump_else_anything() -> None:
    g = table(["KC 2S 3S 4S 6S", "4C 9H 3D 7S 8S", "9S 10S JS QS 2H"], "KD")  # diamonds
    play(g, "KC")
    assert legal(g) == plays("4C", "3D")  # the club, or the trump: never the 9♥ or a spade
    with pytest.raises(IllegalMoveError) as refused:
        g.apply("play 9H")
    assert str(refused.value) == ("you must follow suit or play a trump: the K♣ was led and "
                                  "you hold the 4♣; the 9♥ is neither a club nor a trump")
    play(g, "3D")
    assert legal(g) == plays("9S", "10S", "JS", "QS", "2H")  # no club: any card


# ------------------------------------------------------------------- 9: a trump lead

def test_ruling_09_a_trump_lead_takes_a_trump_the_top_ones_may_be_held_back() -> None:
    g = table(["9D 2S 3S 4S 6S", "3D JD 7C 8C 9C", "5D 2C 3C 4C 6C"], "KD")  # diamonds
    play(g, "9D")
    assert legal(g) == plays("3D", "JD")  # the J♦ may follow, the 3♦ must if the J does not
    with pytest.raises(IllegalMoveError) as refused:
        g.apply("play 7C")
    assert str(refused.value) == ("you must play a trump: the 9♦ was led and you hold the "
                                  "3♦; your J♦ may be held back, the 3♦ may not")
    assert g.view(1).may_hold_back == (parse_card("JD"),)
    play(g, "3D")
    # seat 2's only trump is the 5♦, above the 9♦ led: it may be held back
    assert legal(g) == plays("5D", "2C", "3C", "4C", "6C")
    assert g.view(2).may_hold_back == (parse_card("5D"),)


def test_ruling_09_the_five_led_draws_the_jack_and_the_ace_of_hearts() -> None:
    g = table(["5D 2S 3S 4S 6S", "JD 7S 8S 9S 10S", "AH 2C 3C 4C 6C"], "KD")
    play(g, "5D")
    assert legal(g) == plays("JD") and g.view(1).may_hold_back == ()
    play(g, "JD")
    assert legal(g) == plays("AH")


def test_ruling_09_the_jack_led_draws_the_ace_of_hearts_not_the_five() -> None:
    g = table(["JD 2S 3S 4S 6S", "5D 7S 8S 9S 10S", "AH 2C 3C 4C 6C"], "KD")
    play(g, "JD")
    assert legal(g) == plays("5D", "7S", "8S", "9S", "10S")
    play(g, "7S")
    assert legal(g) == plays("AH")


def test_ruling_09_only_the_card_led_counts() -> None:
    g = table(["3D 2S 3S 4S 6S", "5D 7S 8S 9S 10S", "JD 2C 3C 4C 6C"], "KD")
    play(g, "3D", "5D")  # the 5♦ now tops the trick, but the 3♦ was led
    assert legal(g) == plays("JD", "2C", "3C", "4C", "6C")


def test_ruling_09_no_renege_option() -> None:
    g = table(["9D 2S 3S 4S 6S", "JD 7C 8C 9C 10C", "5D 2C 3C 4C 6C"], "KD", renege=False)
    play(g, "9D")
    assert legal(g) == plays("JD") and g.view(1).may_hold_back == ()
    with pytest.raises(IllegalMoveError, match="holding back a top trump is off"):
        g.apply("play 7C")


def test_ruling_09_no_trump_any_card() -> None:
    g = table(["9D 2S 3S 4S 6S", "KH 7C 8C 9C 10C", "5D 2C 3C 4C 6C"], "KD")
    play(g, "9D")
    assert legal(g) == plays("KH", "7C", "8C", "9C", "10C")


# ------------------------------------------------------------------- 10: the winner

@pytest.mark.parametrize(("turned", "cards", "winner"), [
    ("7H", ("AC", "2C", "JC"), 2),  # plain clubs: J above A above 2
    ("7H", ("2D", "AD", "KS"), 0),  # plain diamonds: the ace is lowest, a spade is nothing
    ("9D", ("KS", "2D", "QS"), 1),  # the lowest trump beats the king led
    ("9D", ("AD", "AH", "KD"), 1),  # diamonds: the A♥ above the A♦
    ("7S", ("KH", "QH", "AH"), 2),  # hearts led, spades trump: the A♥ wins as a trump
    ("7C", ("10C", "2C", "KH"), 1),  # black trumps: the 2 above the 10
    ("7C", ("3S", "KH", "QD"), 0),  # nobody followed nor trumped: the card led wins
])
def test_ruling_10_the_highest_trump_else_the_highest_of_the_suit_led(
        turned: str, cards: tuple[str, str, str], winner: int) -> None:
    # each hand: its card, and four of suits that are neither the suit led nor trump
    led, trump = cards[0][-1], turned[-1]
    pool = [f"{p}{suit}" for suit in "SHDC" if suit not in (led, trump)
            for p in ("2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")
            if f"{p}{suit}" not in cards]
    hands = [cards[s] + "".join(f" {c}" for c in pool[s * 4:s * 4 + 4]) for s in range(3)]
    g = table(hands, turned)
    play(g, *cards)
    assert g.round.winners == [winner]
    assert g.turn == winner  # the winner leads the next trick


# ------------------------------------------------------------------- 11: scoring

def test_ruling_11_five_points_a_trick_to_the_team() -> None:
    # pairs: seats 0 and 2 against 1 and 3; clubs are trump
    g = table(["5C 3S 4S 6S 8D", "7S 2S 9S 10S 2H", "JC 2C 3H 4H 5H",
               "AS 7H 8H 9H 10H"], "7C", teams="pairs")
    play(g, "5C", "7S", "JC", "AS")  # seat 0's 5♣ wins
    assert g.scores == (5, 0)
    play(g, "3S", "2S", "3H", "7H")  # spades: the 2 above the 3 (low in black): seat 1
    assert g.scores == (5, 5)
    play(g, "9S", "2C", "8H", "4S")  # seat 2 trumps: its partner's side scores
    assert g.scores == (10, 5)


# ------------------------------------------------------------------- 12, 13: the end

def test_ruling_12_the_target_wins_at_once_in_the_middle_of_a_deal() -> None:
    g = table(["5C JC 2S 3S 4S", "7S 8S 9S 10S 2H", "AS 3H 4H 5H 6H"], "7C", target=10)
    play(g, "5C", "7S", "AS")
    assert g.scores == (5, 0, 0) and not g.is_over
    events = g.apply("play JC")
    play(g, "8S")
    events = g.apply("play 3H")
    assert events[-1] == RaceWon(0, (0,), (10, 0, 0), 1, 2)
    assert g.is_over and g.winner == 0 and g.stage is Stage.GAME_OVER
    assert g.legal_actions() == [] and g.turn is None
    assert len(g.hand(0)) == 3  # the deal is not played on
    with pytest.raises(IllegalMoveError, match="the game is over"):
        g.apply("play 2S")


def test_ruling_12_otherwise_the_deal_passes_to_the_left() -> None:
    g = table(["5C JC 2S 3S 4S", "7S 8S 9S KS 2H", "AS 3H 4H 5H 6H"], "7C")
    play(g, "5C", "7S", "AS",  # the 5♣ wins
         "JC", "8S", "3H",  # the J♣ wins
         "2S", "KS", "4H",  # the K♠ wins: seat 1 leads
         "9S", "5H", "3S",  # the 3♠ above the 9♠ (low in black): seat 0
         "4S", "2H", "6H")  # the only spade wins
    assert g.round.winners == [0, 0, 1, 0, 0]
    assert g.scores == (20, 5, 0) and g.stage is Stage.DEAL_OVER
    assert g.turn == 0 and legal(g) == {"next deal"}  # seat 0 deals next
    g.apply("next deal")
    assert g.dealer == 0 and g.turn == 1 and g.number == 2 and g.scores == (20, 5, 0)


def test_ruling_13_no_redeal_a_deal_without_trumps_is_played() -> None:
    # hearts are trump (2♥ turned) and nobody holds a heart nor the A♥
    g = table(["KS QS JS AS 2S", "KC QC JC AC 2C", "KD QD JD 10D 2D"], "2H")
    n = 0
    while g.stage is Stage.PLAY:
        g.apply(g.legal_actions()[0])
        n += 1
    assert n == 15 and g.number == 1 and sum(g.scores) == 25
