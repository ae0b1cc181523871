"""The Twenty-Five coach's review and history: hand-made decisions graded with their cost
and reason (not robbing, not holding back a top trump), the review knows who won the
race, and the history keeps deals, hints and reviews across a quit and a resume, and
sets a damaged file aside."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pytest

from twentynine.coach.race_hint import RaceHint, RaceOption, default_names, move_words
from twentynine.coach.race_history import RaceHistory, coach_stats, race_history_path
from twentynine.coach.race_recorder import RaceRecorder
from twentynine.coach.race_review import RaceReview, grade, review_deal
from twentynine.twentyfive import HouseRules, Move, PlayerView, Race, Stage
from twentynine.twentyfive.pack import mask_of, parse_card, parse_cards
from twentynine.twentyfive.race_table import RaceTable, save_path
from twentynine.twentyfive.replay import race_record

pytestmark = [pytest.mark.coach, pytest.mark.twentyfive]


def race(hands: Sequence[str], turned: str, first_dealer: int | None = None) -> Race:
    """A game whose first deal is ``hands`` (kept in its record: a secret game's)."""
    rules = HouseRules(players=len(hands))
    cards = (tuple(mask_of(parse_cards(h)) for h in hands), int(parse_card(turned)))
    return Race(0, rules, first_dealer, secret=True, preset=[cards])


def test_not_robbing_is_graded_with_its_cost_and_reason() -> None:
    g = race(["AD KD QD TD 3C", "2S 3S 4S 5S 6S", "2H 3H 4H 6H 7H", "4C 5C 6C 7C 8C"],
             "JD")
    g.apply(Move.parse("play TD"))
    review = review_deal(race_record(g), 1, worlds=200)
    (only,) = review.grades
    assert (only.kind, only.taken, only.best) == ("no rob", "10♦", "rob, lay down 3♣")
    assert only.mistake and only.cost == only.best_race - only.taken_race >= 5
    assert only.line.startswith(
        f"✗ Trick 1, 10♦, not robbing: {only.cost} points of race chance below the "
        f"search's choice, robbing (laying down the 3♣) ({only.taken_race}% against "
        f"{only.best_race}%): the turned J♦ is better than your 3♣")


def test_not_holding_back_is_graded_with_its_reason() -> None:
    g = race(["JD 2S 3S 4C 5C", "9D 6S 7S 8S 9S", "5D 2H 3H 4H 6H", "7H 8H 9H TH QH"],
             "KD", first_dealer=0)
    for m in ("play 9D", "play 5D", "play 7H", "play JD"):
        g.apply(Move.parse(m))
    (only,) = review_deal(race_record(g), 1, worlds=200).grades
    assert only.kind == "not held back" and only.mistake
    assert "your J♦ may be held back: the 9♦ led is a lower trump" in only.line
    assert "the J♦ spends a trump the hint keeps for later" in only.line


def test_the_hints_choice_is_graded_as_such() -> None:
    g = race(["JD 2S 3S 4C 5C", "9D 6S 7S 8S 9S", "5D 2H 3H 4H 6H", "7H 8H 9H TH QH"],
             "KD", first_dealer=0)
    for m in ("play 9D", "play 5D", "play 7H"):
        g.apply(Move.parse(m))
    from twentynine.coach.race_hint import race_hint

    best = race_hint(g.view(0), worlds=200)
    g.apply(best.move)
    (only,) = review_deal(race_record(g), 1, worlds=200).grades
    assert only.kind == "held back" and not only.mistake and only.cost == 0
    assert only.line.startswith(f"✓ Trick 1, {best.options[0].words}, holding back your "
                                f"J♦: the search's choice too")


def hand_made_hint(view: PlayerView, races: dict[str, float], equal: tuple[str, ...] = ()
                   ) -> RaceHint:
    """A hint for ``view`` with the race figures given (every legal move's)."""
    opts = sorted((RaceOption(m, move_words(m), races[move_words(m)], 0.5)
                   for m in view.legal_actions), key=lambda o: -o.race)
    return RaceHint(view.seat, opts[0].move, "", tuple(opts), 400, equal)


@pytest.mark.parametrize(("taken", "equal", "mark", "words"), [
    ("3♠", (), "✓", "✓ Trick 1, 3♠: the search's choice too (your race chance 60%, this "
                    "trick 50%)."),
    ("4♣", ("4♣",), "✓", "✓ Trick 1, 4♣: as good as the search's choice, 3♠, within its "
                         "noise (58% against 60%)."),
    ("4♣", (), "~", "~ Trick 1, 4♣: close to the search's choice, 3♠: 2 points of race "
                    "chance below (58% against 60%), less than a mistake's 5."),
    ("2♠", (), "✗", "✗ Trick 1, 2♠: 5 points of race chance below the search's choice, 3♠ "
                    "(55% against 60%): "),
])
def test_three_marks_the_search_s_choice_close_and_a_mistake(
        taken: str, equal: tuple[str, ...], mark: str, words: str) -> None:
    """✓ the search's choice or as good within the noise, ~ lower by less than a
    mistake, ✗ 5 points or more below (the terms of Twenty-Nine's review)."""
    g = race(["2S 3S 4C 5C 6C", "9D 6S 7S 8S 9S", "5D 2H 3H 4H 6H", "7H 8H 9H TH QH"],
             "KD")
    view = g.view(0)
    races = {"3♠": 0.60, "4♣": 0.58, "2♠": 0.55, "5♣": 0.50, "6♣": 0.40}
    h = hand_made_hint(view, races, equal)
    move = next(m for m in view.legal_actions if move_words(m) == taken)
    got = grade(view, 0, move, h, default_names(view))
    assert got.mark == mark and got.line.startswith(words), got.line
    assert got.mistake == (mark == "✗") and (got.cost == 0) == (mark == "✓")


def play_to_end(table: RaceTable, moves: int | None = None) -> None:
    """Let the bots and the player (its first legal move) play on."""
    n = 0
    while not table.is_over and (moves is None or n < moves):
        table.run_bots()
        if table.is_over:
            break
        table.apply(table.legal_actions()[0])
        n += 1


def test_the_review_knows_who_won_the_race() -> None:
    table = RaceTable(HouseRules(players=3), seed=5, bots="easy")
    play_to_end(table)
    record = race_record(table.race)
    last = table.race.number
    review = review_deal(record, last, worlds=8, names=lambda s: ["You", "Aoife",
                                                                  "Brian"][s])
    winner = table.race.winner
    assert winner is not None
    who = ["You", "Aoife", "Brian"][winner]
    assert review.outcome.startswith(f"{who} won the race, reaching")
    assert RaceReview.from_dict(review.to_dict()) == review


def test_history_across_a_quit_and_a_resume(tmp_path: Path) -> None:
    save = save_path(tmp_path)
    path = race_history_path(tmp_path)
    table = RaceTable(HouseRules(players=4), seed=9, bots="easy", save_file=save)
    rec = RaceRecorder(table, RaceHistory(path))
    rec.note_hint()
    while table.stage is Stage.PLAY:  # the first deal
        table.run_bots()
        if table.stage is Stage.PLAY:
            table.apply(table.legal_actions()[0])
    assert table.stage is Stage.DEAL_OVER
    table.apply(Move.parse("next deal"))
    rec.note_hint()
    rec.note_hint()
    table.save()
    first_id = rec.game_id
    # quit; resume from the save, with the history read again
    again, message = RaceTable.resume(save)
    assert again is not None and message is None
    rec2 = RaceRecorder(again, RaceHistory(path))
    assert rec2.game_id == first_id
    play_to_end(again)
    h = RaceHistory(path)
    (game,) = h.games
    assert game.finished and game.won == (again.race.winner == 0)
    assert [d.number for d in game.deals] == list(range(1, again.race.number + 1))
    assert game.deals[0].hints == 1 and game.deals[1].hints == 2
    stats = coach_stats(h)
    assert stats.total.hints == 3 and stats.total.deals == again.race.number
    assert stats.tables["4 players, each for themselves"].games == 1


def test_a_damaged_history_is_set_aside(tmp_path: Path) -> None:
    path = race_history_path(tmp_path)
    path.write_text('{"version": 1, "games": [', encoding="utf-8")
    h = RaceHistory(path)
    assert h.problem is not None and "moved to" in h.problem
    assert h.games == [] and not path.exists()
    assert any(p.name.startswith(path.name + ".damaged-") for p in tmp_path.iterdir())


def test_a_high_card_thrown_where_neither_takes_the_trick() -> None:
    """Neither card takes the trick: the mistake says which to keep."""
    g = race(["KC TS 2D 3D 4D", "9D 6S 7S 8S 9S", "5D 2H 3H 4H 6H", "7H 8H 9H TH QH"],
             "5H")
    view = g.view(0)
    races = {"10♠": 0.60, "K♣": 0.50, "2♦": 0.45, "3♦": 0.44, "4♦": 0.43}
    opts = sorted((RaceOption(m, move_words(m), races[move_words(m)], 0.05)
                   for m in view.legal_actions), key=lambda o: -o.race)
    h = RaceHint(0, opts[0].move, "", tuple(opts), 400)
    got = grade(view, 0, Move.play(parse_card("KC")), h, default_names(view))
    assert got.mistake
    assert got.line.endswith("neither card takes this trick: keep the K♣ for a later one "
                             "and throw the 10♠.")
