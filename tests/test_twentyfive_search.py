"""Twenty-Five's searching players: always legal, worlds that agree with what the seat has
seen (its own cards, the cards played, the voids and trump-lead answers it has seen, the
robber's turned card), and the search's choices in hand-worked positions (robbing with
the ace when a low trump is turned; holding back the 5 when a partner already wins a
low trump lead).  Their strength is measured by the arena (docs/twentyfive.md), not here."""

from __future__ import annotations

import random
from collections.abc import Sequence

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentynine.twentyfive import HouseRules, Move, MoveKind, PlayerView, Race
from twentynine.twentyfive.bot_registry import LEVEL_NAMES, make_player
from twentynine.twentyfive.pack import (
    effective_suit,
    hold_back_mask,
    is_trump,
    mask_of,
    parse_card,
    parse_cards,
)
from twentynine.twentyfive.search_players import (
    HardPlayer,
    MediumPlayer,
    SearchPlayer,
    knowledge,
    sample_world,
)
from twentynine.twentyfive.world_sampler import Rng, solve

TABLES = [(3, "none"), (4, "none"), (4, "pairs"), (6, "threes"), (9, "none")]


def table(hands: Sequence[str], turned: str, **options: object) -> Race:
    rules = HouseRules(players=len(hands), **options)  # type: ignore[arg-type]
    cards = (tuple(mask_of(parse_cards(h)) for h in hands), int(parse_card(turned)))
    return Race(seed=0, rules=rules, first_dealer=len(hands) - 1, preset=[cards])


def random_position(seed: int, players: int, teams: str, rob: bool = True) -> Race:
    """A game after a random number of random legal moves, a seat to play."""
    rng = random.Random(seed)
    g = Race(seed=seed, rules=HouseRules(players=players, teams=teams, rob=rob))
    for _ in range(rng.randrange(0, 6 * players)):
        legal = g.legal_actions()
        if not legal:
            break
        g.apply(legal[rng.randrange(len(legal))])
    return g


def mover_view(g: Race) -> PlayerView | None:
    if g.is_over:
        return None
    seat = g.turn
    assert seat is not None
    return g.view(seat)


def test_the_registry_has_four_levels_with_the_search_players_last() -> None:
    assert LEVEL_NAMES == ("random", "easy", "medium", "hard")
    assert isinstance(make_player("medium", seed=1), MediumPlayer)
    assert isinstance(make_player("hard", seed=1, budget=0.2), HardPlayer)
    hard = make_player("hard", seed=1, budget=0.2)
    assert isinstance(hard, HardPlayer) and hard.time_budget == 0.2


# (20 positions: the five tables, robbing or not, drawn at random points of the deal, each
# searched with the exact endgame from three to five cards)
@settings(max_examples=20, deadline=None)
@given(seed=st.integers(0, 10**6), table_no=st.integers(0, len(TABLES) - 1),
       rob=st.booleans(), exact_from=st.integers(3, 5))
def test_a_search_player_never_makes_an_illegal_move(seed: int, table_no: int,
                                                     rob: bool, exact_from: int) -> None:
    players, teams = TABLES[table_no]
    g = random_position(seed, players, teams, rob)
    v = mover_view(g)
    if v is None:
        return
    bot = SearchPlayer(seed=seed, worlds=3, min_worlds=1, exact_from=exact_from)
    move = bot.choose(v, v.legal_actions)
    assert move in v.legal_actions
    g.apply(move)  # the engine agrees


def hidden_from(v: PlayerView) -> int:
    """Every card the seat saw somewhere else than in another hand now."""
    seen = mask_of(v.hand) | mask_of(v.played) | (1 << int(v.turned))
    if v.laid_down is not None:
        seen |= 1 << int(v.laid_down)
    return seen


# (30 positions of the five tables, five worlds each: 150 worlds checked)
@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 10**6), table_no=st.integers(0, len(TABLES) - 1))
def test_worlds_agree_with_everything_the_seat_has_seen(seed: int, table_no: int) -> None:
    players, teams = TABLES[table_no]
    g = random_position(seed, players, teams)
    v = mover_view(g)
    if v is None:
        return
    know = knowledge(v)
    rng = Rng(seed)
    t = v.trump
    # what each seat showed it lacks, worked out from the tricks seen
    lacks = [0] * players
    for cards in [tr.cards for tr in v.tricks] + ([v.trick] if v.trick else []):
        led = int(cards[0][1])
        led_suit = effective_suit(t, led)
        for seat, card in cards[1:]:
            s = effective_suit(t, int(card))
            if led_suit == t and s != t:
                lacks[seat] |= mask_of(c for c in range(52) if is_trump(t, c)) \
                    & ~hold_back_mask(t, led)
            elif led_suit != t and s not in (led_suit, t):
                lacks[seat] |= mask_of(c for c in range(52)
                                       if effective_suit(t, c) == led_suit)
    for _ in range(5):
        world = sample_world(v, know, rng)
        assert world is not None
        assert world.hands[v.seat] == mask_of(v.hand)
        for seat in range(players):
            assert world.hands[seat].bit_count() == v.hand_sizes[seat]
            if seat == v.seat:
                continue
            mine = world.hands[seat]
            if v.robber == seat and int(v.turned) not in {int(c) for c in v.played}:
                assert mine >> int(v.turned) & 1  # the robber still holds the turned card
                mine &= ~(1 << int(v.turned))
            assert mine & hidden_from(v) == 0
            assert mine & lacks[seat] == 0
        every = 0
        for h in world.hands:
            assert every & h == 0
            every |= h


def test_a_seat_that_showed_out_of_a_suit_is_never_dealt_it() -> None:
    # seat 1 answers the A♠ led with a heart (no trump): it holds no spade
    g = table(["AS 2S 3S 4S 5S", "6H 7H 8H 9H TH", "JS QS KS 2D 3D", "AC 2C 3C 4C 5C"],
              "9D")
    g.apply("play AS")
    g.apply("play 6H")
    v = g.view(2)
    spades = mask_of(c for c in range(13))
    know = knowledge(v)
    rng = Rng(3)
    for _ in range(50):
        world = sample_world(v, know, rng)
        assert world is not None
        assert world.hands[1] & spades == 0


def test_the_search_robs_with_the_ace_when_a_low_trump_is_turned() -> None:
    g = table(["AD 4S 3C 7H 6S", "KH QH JH TH 9H", "KC QC JC TC 9C", "KS QS JS TS 9S"],
              "2D")
    v = g.view(0)
    assert v.can_rob
    move = HardPlayer(seed=1, time_budget=100).choose(v, v.legal_actions)
    assert move.kind is MoveKind.ROB
    assert move.card is not None and not is_trump(v.trump, move.card)


def test_the_search_holds_back_the_five_when_the_partner_already_wins() -> None:
    # pairs: seats 1 and 3 are partners; the 3♦ is led, seat 1 takes it with the A♥,
    # seat 3 may hold back its 5♦ (it outranks the card led) and win a trick with it later
    g = table(["3D 2S 3S 4S 6S", "AH 2C 3C 4C 6C", "6H 7H 8H 9H TH", "5D KS 2H 9C 8C"],
              "7D", teams="pairs")
    for text in ("play 3D", "play AH", "play 6H"):
        g.apply(text)
    v = g.view(3)
    assert Move.parse("play KS") in v.legal_actions  # the 5♦ may be held back
    for bot in (MediumPlayer(seed=2, time_budget=100), HardPlayer(seed=2, time_budget=100)):
        move = bot.choose(v, v.legal_actions)
        assert move.card is not None and int(move.card) != int(parse_card("5D"))


@pytest.mark.parametrize(("level", "moves"), [("medium", 12), ("hard", 4)])
def test_the_same_seed_makes_the_same_choices(level: str, moves: int) -> None:
    """Three tricks of medium's; hard's first trick, each of the four seats' first choice
    (a hard decision with five cards in hand is a third of a second of CPU: its three
    tricks twice were three quarters of this file's CPU)."""
    def play() -> list[Move]:
        bots = [make_player(level, seed=s, budget=100) for s in range(4)]
        g = Race(seed=11)
        out = []
        for _ in range(moves):
            v = mover_view(g)
            assert v is not None
            m = bots[v.seat].choose(v, v.legal_actions)
            out.append(m)
            g.apply(m)
        return out
    assert play() == play()


def test_an_unknown_objective_is_refused() -> None:
    with pytest.raises(ValueError, match="race, points"):
        SearchPlayer(seed=1, objective="glory")


def test_the_points_objective_also_moves_legally() -> None:
    g = random_position(5, 4, "none")
    v = mover_view(g)
    assert v is not None
    bot = SearchPlayer(seed=1, worlds=4, min_worlds=1, objective="points")
    assert bot.choose(v, v.legal_actions) in v.legal_actions


def test_the_endgame_solver_finds_the_two_tricks_that_win_the_race() -> None:
    # diamonds are trump (the 9♦ turned, the A♦ in the stock: nobody robs); seat 0 takes
    # the first three tricks with its spades (15 points) and keeps the 5♦ and the K♣;
    # seat 1 keeps the K♦ and the 2♣, seats 2 and 3 two low clubs each
    g = table(["KS QS JS 5D KC", "6H 7H 8H KD 2C", "2S 3S 4S 3C 4C", "5S 6S 7S 5C 6C"],
              "9D")
    for lead, h, s2, s3 in (("KS", "6H", "2S", "5S"), ("QS", "7H", "3S", "6S"),
                            ("JS", "8H", "4S", "7S")):
        for card in (lead, h, s2, s3):
            g.apply(f"play {card}")
    assert g.scores[0] == 15 and g.turn == 0
    r = g.round.clone()
    # the 5♦ first draws the K♦ (it must follow a trump lead), then the K♣ wins: 25
    assert solve(r.clone(), 4)[0] == 1.0
    # the K♣ first is trumped by the K♦ (seat 1 plays for itself): the race is not won
    club = r.clone()
    club.step(int(parse_card("KC")))
    assert solve(club, 4)[0] < 1.0
    # and the search with the last two tricks solved leads the 5♦
    v = g.view(0)
    bot = SearchPlayer(seed=1, worlds=8, min_worlds=8, time_budget=100, exact_from=3)
    assert bot.choose(v, v.legal_actions) == Move.parse("play 5D")
