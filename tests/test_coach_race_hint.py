"""The Twenty-Five coach's hint: hand-made positions whose reason is checked word for
word (the best trump left, a rival one trick from the target, robbing, holding back a top
trump), and over random positions: the pick has the best race figure as printed, the
same view gets the same hint, and no hint names a card the seat cannot see."""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Sequence

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from twentynine.coach.race_hint import (
    NoRaceHint,
    RaceHint,
    named_cards,
    race_hint,
    visible_cards,
)
from twentynine.twentyfive import HouseRules, Move, PlayerView, Race, Stage
from twentynine.twentyfive.pack import mask_of, parse_card, parse_cards

pytestmark = [pytest.mark.coach, pytest.mark.twentyfive]

WORLDS = 200
"""Worlds for the hand-made positions (enough for their clear choices)."""


def race(hands: Sequence[str], turned: str, first_dealer: int | None = None,
         **options: object) -> Race:
    rules = HouseRules(players=len(hands), **options)  # type: ignore[arg-type]
    cards = (tuple(mask_of(parse_cards(h)) for h in hands), int(parse_card(turned)))
    return Race(0, rules, first_dealer, preset=[cards])


def play(g: Race, *moves: str) -> None:
    for m in moves:
        g.apply(Move.parse(m))


def at_scores(view: PlayerView, *scores: int) -> PlayerView:
    """The same position with other race scores (as if earlier deals had gone so)."""
    return dataclasses.replace(view, scores=tuple(scores))


def test_best_trump_left_and_one_trick_to_win() -> None:
    # hearts trump; trick 1: the 5♥ and J♥ fall on a spade lead; seat 1 leads the K♠ to
    # trick 2 and South, void in spades, holds the A♥: the best trump left, and one trick
    # from the target
    g = race(["3S AH 2C 3C 4C", "5H KS 6D 7D 8D", "JH QS 9D TD 2S", "4S 5S 6S 7S 8S"],
             "2H")
    play(g, "play 3S", "play 5H", "play JH", "play 4S", "play KS", "play QS", "play 5S")
    view = at_scores(g.view(0), 20, 5, 0, 0)
    h = race_hint(view, worlds=WORLDS)
    assert h.move == Move.play(parse_card("AH"))
    assert h.reason.startswith(
        "Play A♥: the 5♥ and J♥ are out: your A♥ is the best trump left; you need one "
        "trick to win: this takes it in 100%. Your chance to win the race: 100%, to take "
        "this trick: 100%.")
    # the A♥ wins a later trick as surely: the low clubs are as good for the race
    assert h.reason.endswith("As good within the noise of 200 deals: 2♣, 3♣, 4♣.")


def test_a_rival_one_trick_from_the_target() -> None:
    # seat 1 needs one trick; it leads the Q♣ and South, last to play, holds the K♣
    g = race(["KC 2D 3D 4D 5D", "QC 6S 7S 8S 9S", "2C 3H 4H 6H 7H", "3C 8H 9H TH QH"],
             "2S", first_dealer=0)
    play(g, "play QC", "play 2C", "play 3C")
    view = at_scores(g.view(0), 0, 20, 0, 0)
    names = {0: "You", 1: "Aoife", 2: "Brian", 3: "Ciara"}
    h = race_hint(view, worlds=WORLDS, names=names.__getitem__)
    assert h.move == Move.play(parse_card("KC"))
    assert ("your K♣ beats Aoife's Q♣ and you play last: the trick is yours; Aoife needs "
            "one trick to win: take this one.") in h.reason


def test_rob_the_turned_jack() -> None:
    # diamonds trump (the J♦ turned); South holds the A♦ and leads the first trick
    g = race(["AD KD QD TD 3C", "2S 3S 4S 5S 6S", "2H 3H 4H 6H 7H", "4C 5C 6C 7C 8C"],
             "JD")
    h = race_hint(g.view(0), worlds=WORLDS)
    assert h.move == Move.rob(parse_card("3C"))
    assert h.reason.startswith("Rob the turned J♦, laying down your 3♣: the turned J♦ is "
                               "better than your 3♣.")


def test_hold_back_the_jack() -> None:
    # diamonds trump; seat 1 leads the 9♦, seat 2 plays the 5♦ (the best trump): South's
    # J♦ may be held back, and cannot win the trick anyway
    g = race(["JD 2S 3S 4C 5C", "9D 6S 7S 8S 9S", "5D 2H 3H 4H 6H", "7H 8H 9H TH QH"],
             "KD", first_dealer=0)
    play(g, "play 9D", "play 5D", "play 7H")
    h = race_hint(g.view(0), worlds=WORLDS)
    assert h.move != Move.play(parse_card("JD"))
    assert "your J♦ may be held back: the 9♦ led is a lower trump" in h.reason
    assert h.option(Move.play(parse_card("JD"))) is not None


def test_not_robbing_says_what_robbing_would_give() -> None:
    # the 4♦ turned and South's hand all trumps above it but one: robbing gives up a
    # better card than it gains only if South lays down a trump; the words name the best
    # rob's figure, whatever the pick
    g = race(["AD KD QD TD 3C", "2S 3S 4S 5S 6S", "2H 3H 4H 6H 7H", "4C 5C 6C 7C 8C"],
             "4D")
    h = race_hint(g.view(0), worlds=WORLDS)
    if h.move.kind.value == "play":
        assert "keep your hand: robbing does no better here (at best" in h.reason


def test_no_best_trump_left_under_a_higher_trump_on_the_table() -> None:
    # spades trump; Aoife leads the 5♠: South must follow with the J♠ or the A♥, the
    # best trumps not yet played, but neither beats the 5♠ on the table
    g = race(["JS AH 9C 9D QD", "5S 6H 7H 8H 9H", "2H 3H 4H TH QH", "2C 3C 4C 6C 7C"],
             "KS", first_dealer=3)
    names = {0: "You", 1: "Aoife", 2: "Brian", 3: "Ciara"}
    play(g, "play 9C")
    g2 = race(["JS AH 9C 9D QD", "5S 6H 7H 8H 9H", "2H 3H 4H TH QH", "2C 3C 4C 6C 7C"],
              "KS", first_dealer=0)
    play(g2, "play 5S", "play 2H", "play 2C")
    h = race_hint(g2.view(0), worlds=WORLDS, names=names.__getitem__)
    assert "best trump" not in h.reason
    assert "none of your cards beats Aoife's 5♠" in h.reason


def test_rivals_one_trick_from_the_target_said_together() -> None:
    g = race(["KC 2D 3D 4D 5D", "QC 6S 7S 8S 9S", "2C 3H 4H 6H 7H", "3C 8H 9H TH QH"],
             "2S", first_dealer=0)
    play(g, "play QC", "play 2C", "play 3C")
    names = {0: "You", 1: "Aoife", 2: "Brian", 3: "Ciara"}
    h = race_hint(at_scores(g.view(0), 0, 20, 20, 0), worlds=WORLDS,
                  names=names.__getitem__)
    assert "Aoife and Brian each need one trick to win: take this one" in h.reason
    assert h.reason.count("one trick to win") == 1


def test_a_partner_winning_the_trick_is_named_as_partner() -> None:
    # pairs: Brian (seat 2) is South's partner; he wins the trick with the K♣ so far
    g = race(["2C 2D 3D 4D 5D", "QC 6S 7S 8S 9S", "KC 3H 4H 6H 7H", "3C 8H 9H TH QH"],
             "2S", first_dealer=0, teams="pairs")
    play(g, "play QC", "play KC", "play 3C")
    names = {0: "You", 1: "Aoife", 2: "Brian", 3: "Ciara"}
    h = race_hint(g.view(0), worlds=WORLDS, names=names.__getitem__)
    assert "your partner Brian is winning this trick with the K♣" in h.reason


def test_one_trick_to_win_but_not_this_one() -> None:
    # South needs one trick; Aoife leads the K♣ and South has no club and no trump
    g = race(["2D 3D 4D 5D 6D", "KC 6S 7S 8S 9S", "2C 3H 4H 6H 7H", "3C 8H 9H TH QH"],
             "2S", first_dealer=0)
    play(g, "play KC", "play 2C", "play 3C")
    h = race_hint(at_scores(g.view(0), 20, 0, 0, 0), worlds=WORLDS)
    assert ("you need one trick to win, but not this one: none of your cards is likely "
            "to take it") in h.reason


def test_none_beats_it_but_teammates_play_after_you() -> None:
    # threes: South (seat 0) plays second after Eoin's K♣; Brian and Dara (seats 2, 4),
    # South's teammates, play after: the trick may still be the team's
    g = race(["3D 4D 5D 6D 7D", "7S 8S 9S TS QS", "2H 3H 4H 6H 7H", "3C 4C 5C 6C 7C",
              "8H 9H TH QH KH", "KC 8C 9C TC JC"], "2S", first_dealer=4, teams="threes")
    play(g, "play KC")
    names = {0: "You", 1: "Aoife", 2: "Brian", 3: "Ciara", 4: "Dara", 5: "Eoin"}
    h = race_hint(g.view(0), worlds=WORLDS, names=names.__getitem__)
    assert ("none of your cards beats Eoin's K♣; your teammates Brian and Dara play "
            "after you") in h.reason


def test_playing_a_top_trump_that_may_be_held_back() -> None:
    # diamonds trump; Aoife, one trick from the target, leads the 9♦ and nobody else has
    # a trump: South's J♦ may be held back, but taking the trick stops her
    g = race(["JD 2S 3S 4C 5C", "9D 6S 7S 8S 9S", "2H 3H 4H 6H 7H", "8H 9H TH QH KH"],
             "KD", first_dealer=0)
    play(g, "play 9D", "play 2H", "play 8H")
    names = {0: "You", 1: "Aoife", 2: "Brian", 3: "Ciara"}
    h = race_hint(at_scores(g.view(0), 0, 20, 0, 0), worlds=WORLDS,
                  names=names.__getitem__)
    assert h.move == Move.play(parse_card("JD"))
    assert h.reason.startswith("Play J♦: you may hold back your J♦ on the 9♦ led, but "
                               "playing it does better;")


def test_no_hint_off_turn() -> None:
    g = Race(seed=1)
    with pytest.raises(NoRaceHint):
        race_hint(g.view((g.turn or 0) + 1))


# ------------------------------------------------------------------ random positions


def random_view(seed: int, players: int, teams: str, steps: int) -> PlayerView | None:
    rules = HouseRules(players=players, teams=teams)
    g = Race(seed=seed, rules=rules)
    rng = random.Random(seed)
    for _ in range(steps):
        if g.stage is not Stage.PLAY:
            if g.stage is Stage.GAME_OVER:
                return None
            g.apply("next deal")
            continue
        g.apply(rng.choice(g.legal_actions()))
    if g.stage is not Stage.PLAY or g.turn is None:
        return None
    return g.view(g.turn)


EXAMPLES = max(20, settings().max_examples // 2)
"""Random positions a property test of the hint draws: twenty in the everyday profile
(each a hint's search, most of this file's CPU), half the profile's count in a longer
one (``HYPOTHESIS_PROFILE=soak``: 250).  Each draws a table (six kinds), a seed and a
number of random moves, so a run still meets every kind of table about three times, at
new positions every run (the examples are not fixed)."""

TABLES = st.sampled_from([(3, "none"), (4, "none"), (4, "pairs"), (5, "none"),
                          (6, "threes"), (9, "none")])


def check_figures(h: RaceHint) -> None:
    pick = h.options[0]
    assert pick.move == h.move
    assert all(pick.race_shown >= o.race_shown for o in h.options)
    assert sorted(o.move.code for o in h.options) == sorted(
        {o.move.code for o in h.options})
    # a move printed with the pick's own race figure is never left out of "as good": the
    # player would read two equal figures and a hint that prefers one
    for o in h.options[1:]:
        if o.race_shown == pick.race_shown:
            assert o.words in h.equal, (o.words, h.equal, h.reason)


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), table=TABLES, steps=st.integers(0, 40))
def test_the_pick_has_the_best_printed_figure(seed: int, table: tuple[int, str],
                                              steps: int) -> None:
    view = random_view(seed, *table, steps)
    if view is None:
        return
    h = race_hint(view, worlds=24)
    check_figures(h)
    assert {o.move for o in h.options} == set(view.legal_actions)
    assert f"{h.options[0].race_shown}%" in h.reason


@settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 10_000), table=TABLES, steps=st.integers(0, 40))
def test_a_hint_never_names_a_hidden_card(seed: int, table: tuple[int, str],
                                          steps: int) -> None:
    view = random_view(seed, *table, steps)
    if view is None:
        return
    h = race_hint(view, worlds=16)
    seen = visible_cards(view)
    named = named_cards(h.reason) + [c for o in h.options for c in named_cards(o.words)]
    assert set(named) <= seen, (set(named) - seen, h.reason)


def test_the_same_view_gets_the_same_hint() -> None:
    view = random_view(11, 5, "none", 3)
    assert view is not None
    a, b = race_hint(view, worlds=40), race_hint(view, worlds=40)
    assert (a.move, a.reason, a.options) == (b.move, b.reason, b.options)


def test_the_race_figure_says_when_it_is_an_estimate() -> None:
    """Far from the target no deal decides the race: the figure is the estimate from the
    scores, and the hint says so; one trick from it, every world decides it."""
    g = race(["KC 2D 3D 4D 5D", "QC 6S 7S 8S 9S", "2C 3H 4H 6H 7H", "3C 8H 9H TH QH"],
             "2S", first_dealer=0)
    play(g, "play QC", "play 2C", "play 3C")
    far = race_hint(g.view(0), worlds=WORLDS)
    assert far.estimated
    assert "Your chance to win the race (estimated beyond this deal): " in far.reason
    near = race_hint(at_scores(g.view(0), 20, 20, 20, 20), worlds=WORLDS)
    assert not near.estimated
    assert "Your chance to win the race: " in near.reason
