"""The coach's hint: hard's own choice, from the view only, in every phase, with reasons."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

import pytest

from twentynine import Rules
from twentynine.bots import COACH_BOT, make_bot
from twentynine.bots.config import HARD, SearchConfig
from twentynine.bots.medium import MediumBot
from twentynine.bots.worlds import WorldSampler
from twentynine.coach.hint import (
    PICK_WINDOW,
    POINTS_NOISE,
    STRONGEST,
    Hint,
    NoHint,
    action_words,
    figure_key,
    hint,
    hint_bot,
    shown_chance,
    shown_points,
    view_seed,
)
from twentynine.engine.actions import (
    DOUBLE_CODE,
    PAIR_CODE,
    PASS_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    Action,
)
from twentynine.engine.deal import Deal, Phase
from twentynine.engine.views import SeatView

Wanted = Callable[[SeatView], bool]


def find_view(wanted: Wanted, rules: Rules | None = None, seeds: range = range(200)
              ) -> tuple[Deal, SeatView]:
    """The first decision (easy bots playing every seat) whose view matches ``wanted``."""
    for seed in seeds:
        d = Deal.from_seed(seed, rules=rules)
        bots = [make_bot("easy", seed=seed * 4 + s) for s in range(4)]
        while not d.is_over:
            v = d.view(d.turn)
            if wanted(v) and len(v.legal_actions) > 1:
                return d, v
            d.apply(bots[d.turn].choose(v, v.legal_actions))
    raise AssertionError("no such decision in the seeds tried")


def codes(v: SeatView) -> set[int]:
    return {a.code for a in v.legal_actions}


def quick_bot() -> MediumBot:
    """Medium's search, for the tests of what the hint says around its figures (whose side
    the chance is, the words): hard's own search is the first tests'."""
    bot = make_bot("medium", seed=1, time_budget=60.0)
    assert isinstance(bot, MediumBot)
    return bot


PHASES: dict[str, tuple[Wanted, Rules | None]] = {
    "bid": (lambda v: v.phase is Phase.AUCTION, None),
    "trump": (lambda v: v.phase is Phase.TRUMP, None),
    "card": (lambda v: v.phase is Phase.PLAY and len(v.tricks) == 2, None),
    # the calls in card play in the exact endgame of hard's last five tricks (a tenth of
    # the CPU of its 800-world search, which "card" checks)
    "show trump": (lambda v: SHOW_CODE in codes(v) and len(v.tricks) >= 3, None),
    "pair": (lambda v: PAIR_CODE in codes(v) and len(v.tricks) >= 3, None),
    "double": (lambda v: DOUBLE_CODE in codes(v), Rules(double=True)),
    "single hand": (lambda v: SINGLE_HAND_CODE in codes(v), Rules(single_hand=True)),
    "marker trump": (lambda v: v.phase is Phase.TRUMP, Rules.preset("pagat")),
}


CLOCK = 120.0

FEWER_WORLDS = HARD.replace(samples=100, bid_samples=64, exact_samples=20)
"""Hard's settings over an eighth of its worlds: for the tests of what the hint does with
hard's search (whose choice, from what, with which seed and clock), not of how strong
that search is; hard's own settings are the hint's (test_the_hint_bot_is_hard_with_its_
own_settings), and its 800-world card search is checked whole once ("card" below)."""


@pytest.fixture
def fewer_worlds(monkeypatch: pytest.MonkeyPatch) -> SearchConfig:
    """Hard (its class: inference, common random numbers, the exact endgame) searches
    over :data:`FEWER_WORLDS`, wherever it is made."""
    from twentynine.bots.hard import HardBot

    monkeypatch.setattr(HardBot, "default_config", FEWER_WORLDS)
    return FEWER_WORLDS


def test_the_hint_bot_is_hard_with_its_own_settings() -> None:
    """Not a copy of hard's numbers: the bot the table would make, whatever hard becomes,
    with the review's safety clock (its sample counts bound it)."""
    from twentynine.coach.hint import FULL_CLOCK
    from twentynine.coach.review import REPLAY_TIME_CAP

    assert STRONGEST == COACH_BOT == "hard"
    ours, table = hint_bot(7), make_bot("hard", seed=7)
    assert type(ours) is type(table)
    assert isinstance(ours, MediumBot) and isinstance(table, MediumBot)
    assert table.config == HARD
    assert ours.config == HARD.replace(time_budget=FULL_CLOCK) and FULL_CLOCK == REPLAY_TIME_CAP
    assert ours.rng.random() == table.rng.random()  # the same seed
    # only the safety clock may be replaced
    capped = hint_bot(7, time_cap=CLOCK)
    assert isinstance(capped, MediumBot)
    assert capped.config == HARD.replace(time_budget=CLOCK)


Searched = tuple[MediumBot, object, SeatView, Action]
"""A search watched: the bot, its random generator's state as it began, the view, the
choice."""


def watch_searches(monkeypatch: pytest.MonkeyPatch) -> list[Searched]:
    """Every search of a bot of hard's class from now on, as it is made."""
    searches: list[Searched] = []
    cls = type(make_bot("hard", seed=0))
    assert issubclass(cls, MediumBot)
    choose = cls.choose

    def watched(self: MediumBot, view: SeatView, legal: Sequence[Action]) -> Action:
        state = self.rng.getstate()
        action = choose(self, view, legal)
        searches.append((self, state, view, action))
        return action

    monkeypatch.setattr(cls, "choose", watched)
    return searches


@pytest.mark.parametrize("phase", list(PHASES))
def test_the_hint_is_hards_own_choice_for_the_same_view_and_seed(
        phase: str, monkeypatch: pytest.MonkeyPatch) -> None:
    if phase != "card":  # hard over fewer worlds: its full card search is "card"'s
        monkeypatch.setattr(type(make_bot("hard", seed=0)), "default_config", FEWER_WORLDS)
    wanted, rules = PHASES[phase]
    _, view = find_view(wanted, rules)
    # a generous clock, so a busy machine cannot cut the search short: the sample counts
    # (hard's own) bound it
    searches = watch_searches(monkeypatch)
    h = hint(view, time_cap=CLOCK)
    # the search the hint gives is made by a bot that is hard as the table makes it for
    # this view's seed: the same class, settings and random state as it begins (so it
    # chooses as that bot would; searching again with it doubled the test's CPU)
    bot, state, seen, searched = searches[0]
    table = make_bot("hard", seed=view_seed(view), time_budget=CLOCK)
    assert type(bot) is type(table) and isinstance(table, MediumBot)
    assert bot.config == table.config and state == table.rng.getstate()
    assert seen == view
    assert (h.search_action or h.action) == searched
    # every legal action is listed once, the suggestion first, with a reason naming it
    assert sorted(o.action.code for o in h.options) == sorted(codes(view))
    assert h.options[0].action == h.action
    assert h.reason
    if h.phase in ("play", "trump choice"):
        # where the hint's pick is not hard's, it is hard's as good or better on the
        # figures shown: hard decides by game points, the hint by the figures it shows
        assert_best_on_figures(h)
    elif h.phase == "auction":
        # the best row of the bid table as printed, the pass row's figure among them
        rows = [float(f"{o.worth:.2f}") for o in h.options if o.worth is not None]
        assert h.options[0].worth is not None and \
            float(f"{h.options[0].worth:.2f}") == max(rows), h
    else:
        assert h.search_action is None


def assert_best_on_figures(h: Hint) -> None:
    """The pick is the best option on the figures shown (within the stated noise) and the
    table below it is ordered by them."""
    best = h.options[0]
    top = max(shown_chance(o) for o in h.options)
    assert shown_chance(best) >= top - PICK_WINDOW, h
    for o in h.options[1:]:
        assert not (shown_chance(o) >= shown_chance(best) and
                    shown_points(o) > shown_points(best) + POINTS_NOISE + 1e-9), h
    rest = [figure_key(o) for o in h.options[1:]]
    assert rest == sorted(rest, reverse=True), h


@pytest.mark.parametrize("phase", ["auction", "play"])
def test_the_hint_uses_the_view_only(phase: str, fewer_worlds: SearchConfig) -> None:
    """Other hidden cards behind the same view give the same hint."""
    if phase == "auction":
        real, view = find_view(lambda v: v.phase is Phase.AUCTION and len(v.bids) >= 1)
    else:
        # the fifth trick: the same exact endgame (hard's count of deals) as the fourth,
        # at a quarter of its CPU
        real, view = find_view(lambda v: v.phase is Phase.PLAY and len(v.tricks) == 4)
    sampler = WorldSampler(view)
    rng = random.Random(5)
    others = [s for s in range(4) if s != view.seat]
    swapped = None
    for _ in range(50):
        w = sampler.sample(rng)
        if any(w.hands[s] != real.hands[s] for s in others):
            swapped = w
            break
    assert swapped is not None
    assert swapped.hands[view.seat] == real.hands[view.seat]
    assert swapped.view(view.seat) == view  # nothing the seat sees has changed
    assert hint(swapped.view(view.seat), time_cap=CLOCK) == hint(view, time_cap=CLOCK)


def test_bid_hint_gives_each_trump_and_the_chance_of_each_bid(
        fewer_worlds: SearchConfig) -> None:
    _, view = find_view(lambda v: v.phase is Phase.AUCTION and PASS_CODE in codes(v))
    h = hint(view)
    assert h.trumps and all(0 <= pts <= view.rules.total_points for _, pts in h.trumps)
    chances = [b.chance for b in h.bids]
    assert chances == sorted(chances, reverse=True)  # a higher bid is never easier
    assert all(0.0 <= c <= 1.0 for c in chances)
    legal_bids = {a.bid for a in view.legal_actions if a.bid is not None}
    assert legal_bids <= {b.bid for b in h.bids}
    assert h.worlds > 0


def test_card_hint_explains_with_the_trick_and_the_points() -> None:
    _, view = find_view(lambda v: v.phase is Phase.PLAY and len(v.trick) == 2
                        and len(v.legal_actions) >= 2)
    h = hint(view, bot=quick_bot())
    best = h.options[0]
    assert best.trick_win is not None and 0.0 <= best.trick_win <= 1.0
    assert best.card_points is not None
    assert action_words(h.action) in h.reason


def test_no_hint_when_it_is_not_the_seats_turn() -> None:
    d = Deal.from_seed(1)
    with pytest.raises(NoHint):
        hint(d.view((d.turn + 1) & 3))


def test_a_trump_card_that_makes_the_bid_more_often_is_not_ranked_below() -> None:
    """"J♦ 33% ... 7♠ 39%": the card shown making the bid more often comes first, however
    the search's game points rank the two (the hint's pick is the best on its figures)."""
    from twentynine.coach.hint import Option, _ordered, best_on_figures
    from twentynine.coach.hint_words import _trump_reason
    from twentynine.engine.cards import Card

    _deal, view = find_view(lambda v: v.phase is Phase.TRUMP)
    jd, sp = (Action.trump_card(Card.parse(c)) for c in ("J♦", "7♠"))
    best = Option(jd, "J♦ face down", -0.25, 14.7, made=0.33, ours=0.33)
    likelier = Option(sp, "7♠ face down", -0.27, 14.1, made=0.39, ours=0.39)
    pick, equal = best_on_figures(view, [best, likelier], jd)
    assert pick == sp and equal == ()
    ordered = _ordered([best, likelier], pick, equal, by_figures=True)
    text = _trump_reason(view, ordered, equal)
    assert text.startswith("Choose 7♠ face down: your side makes its") and "39%" in text
    assert "With J♦ face down: 33% (though 0.6 card points more)." in text, text
    far = Option(sp, "7♠ face down", -0.40, 14.1, made=0.39, ours=0.39)
    assert best_on_figures(view, [best, far], jd) == (sp, ())
    # at the same chance (a point apart as printed), the card points decide
    near = Option(sp, "7♠ face down", -0.40, 14.1, made=0.34, ours=0.34)
    assert best_on_figures(view, [best, near], jd)[0] == jd
    # two points apart, the chance does
    nearer = Option(sp, "7♠ face down", -0.40, 14.1, made=0.35, ours=0.35)
    assert best_on_figures(view, [best, nearer], jd)[0] == sp


def test_near_ties_go_to_the_chance_then_card_points_then_the_plainer_card() -> None:
    """All options alike in the search: the one with more card points (9♦ 13.2 over 8♣
    12.8); at the same points too, the plainer card; and the hint says they are equal."""
    from twentynine.coach.hint import Option, best_on_figures
    from twentynine.engine.cards import Card

    _deal, view = find_view(lambda v: v.phase is Phase.PLAY and len(v.trick) == 1)

    def card(c: str, worth: float, cp: float, ours: float) -> Option:
        a = Action.play(Card.parse(c))
        return Option(a, Card.parse(c).label, worth, cp, 0.9, 2.0, 1 - ours, ours)

    eight, nine = card("8C", -1.0, 12.8, 0.0), card("9D", -1.0, 13.2, 0.0)
    assert best_on_figures(view, [eight, nine], eight.action) == (nine.action, ())
    seven, jack = card("7S", 0.40, 14.0, 0.24), card("JH", 0.38, 14.0, 0.95)
    assert best_on_figures(view, [seven, jack], seven.action)[0] == jack.action
    # the same chance and points: the plainer card (fewer points), the other one equal
    a, b = card("AS", 0.1, 14.0, 0.5), card("7S", 0.1, 14.1, 0.5)
    pick, equal = best_on_figures(view, [a, b], a.action)
    assert pick == b.action and [o.action for o in equal] == [a.action]
    # never one another option beats on both figures shown, whatever the search says
    lo, hi = card("7S", 0.5, 14.0, 0.50), card("8S", 0.1, 14.4, 0.52)
    assert best_on_figures(view, [lo, hi], lo.action)[0] == hi.action


def test_a_defenders_hint_speaks_of_beating_the_contract_not_of_game_points() -> None:
    """Defenders' score cannot fall: their hint gives the chance to beat the contract and
    card points, never "-1.00 game points a deal"."""
    _, view = find_view(lambda v: v.phase is Phase.PLAY and v.bidder is not None
                        and (v.bidder & 1) != v.team and len(v.tricks) == 1)
    h = hint(view, worlds=16, bot=quick_bot())
    assert h.defending
    assert "beat" in h.reason and f"their {view.target or view.high_bid}" in h.reason
    assert "game points a deal" not in h.reason and "Expected: " not in h.reason
    best = h.options[0]
    assert best.ours is not None and best.made is not None
    assert abs(best.ours - (1 - best.made)) < 1e-9


def test_the_bidding_sides_hint_gives_the_chance_to_make_it() -> None:
    _, view = find_view(lambda v: v.phase is Phase.PLAY and v.bidder is not None
                        and (v.bidder & 1) == v.team and len(v.tricks) == 1)
    h = hint(view, worlds=16, bot=quick_bot())
    assert not h.defending
    best = h.options[0]
    assert best.ours == best.made
    assert "to make its" in h.reason or "any more" in h.reason or \
        "whatever happens" in h.reason


def test_a_bid_hints_points_match_the_points_by_trump() -> None:
    """"Your side takes 15.2" beside "♠ 15.3 · ♥ 15.2": the trump named is the one likeliest
    to make the bid, and where another takes more points on average (first in the points
    by trump) the reason names it with that very figure and says it makes the bid less
    often."""
    import re

    seen = 0
    for seed in range(40):
        d = Deal.from_seed(seed)
        view = d.view(d.turn)
        h = hint(view, bot=make_bot("medium", seed=1, time_budget=60.0), worlds=8)
        m = re.match(r"(?:.*\) )?Bid (\d+): with (.+?) as trump you make \d+ in (\d+)%",
                     h.reason.replace("You must bid (no pass here). ", ""))
        if m is None:
            continue
        seen += 1
        label, chance = m.group(2), int(m.group(3))
        by_trump = dict(h.trumps)
        richer = [(lb, p) for lb, p in h.trumps if p > by_trump[label] + 0.05]
        if richer:
            lb, p = max(richer, key=lambda x: x[1])
            said = re.search(rf"\({re.escape(lb)} takes more, {p:.1f}, but makes \d+ in "
                             rf"(\d+)%\.\)", h.reason)
            assert said is not None, (h.reason, h.trumps)
            assert int(said.group(1)) <= chance
        else:
            assert "takes more" not in h.reason, h.reason
        if seen >= 3:
            return
    assert seen, "no bid hint in the seeds tried"


def test_a_card_that_takes_the_trick_more_often_is_set_aside_in_the_players_figures() -> None:
    """"J♥ takes this trick more often (100%), but over the whole deal the search rates it
    0.83 game points lower" was the search's reason, not a player's: where the measured
    chance on the contract or the card points show why, the hint says those; the game
    points only where neither does."""
    from twentynine.coach.hint import Option, _ordered
    from twentynine.coach.hint_words import _play_reason

    _deal, view = find_view(lambda v: v.phase is Phase.PLAY and v.bidder is not None
                            and (v.bidder & 1) == v.team
                            and sum(a.card is not None for a in v.legal_actions) >= 2)
    target = view.target or view.high_bid
    cards = [a for a in view.legal_actions if a.card is not None]
    chosen, other = cards[0], cards[1]
    assert chosen.card is not None and other.card is not None
    chosen_label, other_label = chosen.card.label, other.card.label

    def reason(best_fig: tuple[float, float], other_fig: tuple[float, float],
               win: float = 0.30) -> str:
        best = Option(chosen, chosen_label, 0.40, best_fig[1], win, 2.0,
                      best_fig[0], best_fig[0])
        alt = Option(other, other_label, -0.43, other_fig[1], 0.95, 2.0,
                     other_fig[0], other_fig[0])
        return _play_reason(view, _ordered([best, alt], chosen, by_figures=True))

    head = f"{other.card.label} takes this trick more often (95%), but"
    text = reason((0.82, 21.9), (0.64, 19.8))
    assert f"{head} with it: 64% to make its {target}, 2.1 card points fewer." in text, text
    assert "game points" not in text
    text = reason((0.82, 21.9), (0.81, 20.4))  # the same chance: the card points say it
    assert f"{head} with it: 1.5 card points fewer by the end of the deal." in text, text
    assert "game points" not in text
    text = reason((0.82, 21.9), (0.82, 21.8))  # alike on both: the search alone sees it
    assert f"{head} over the whole deal the search rates it 0.83 game points lower." in text
    # the chosen card loses the trick, another takes it: not "whatever you play"
    text = reason((0.82, 21.9), (0.64, 19.8), win=0.02)
    assert "whatever you play" not in text and f"{head} with it: 64%" in text, text


def test_a_defenders_card_set_aside_speaks_of_beating_the_contract() -> None:
    from twentynine.coach.hint import Option, _ordered
    from twentynine.coach.hint_words import _play_reason

    _deal, view = find_view(lambda v: v.phase is Phase.PLAY and v.bidder is not None
                            and (v.bidder & 1) != v.team
                            and sum(a.card is not None for a in v.legal_actions) >= 2)
    target = view.target or view.high_bid
    chosen, other = [a for a in view.legal_actions if a.card is not None][:2]
    assert chosen.card is not None and other.card is not None
    best = Option(chosen, chosen.card.label, 0.2, 9.0, 0.2, 1.0, 0.6, 0.4)
    alt = Option(other, other.card.label, -0.2, 9.0, 0.9, 1.0, 0.8, 0.2)
    text = _play_reason(view, _ordered([best, alt], chosen, by_figures=True))
    assert (f"{other.card.label} takes this trick more often (90%), but with it: 20% to "
            f"beat their {target}.") in text, text


def test_the_hint_at_the_table_is_the_reviews_hint_of_the_position(
        monkeypatch: pytest.MonkeyPatch, fewer_worlds: SearchConfig) -> None:
    """"2 deals simulated", "34 deals simulated": on a busy machine hard's own clock
    (0.35 s) stopped the exact endgame early, the hint said "over 99%" from two deals, or
    Q♣ at 84% from 34, and the review, searching the same view with the same seed to
    hard's sample counts, marked the very card suggested a mistake (Q♣ 76%, Q♥ 83%). The
    hint searches as the review does: one set of figures for the position.  (Both safety
    clocks, one value, are lifted here: on a machine loaded many times over even 4 s cut
    the bid's search at 475 of its 500 deals.)  The two differ only in the clock they
    hand :func:`hint_bot`, whatever the phase: a card of the exact endgame, whose count
    of deals a cut clock shows."""
    from twentynine.coach import hint as hint_module
    from twentynine.coach import review as review_module
    from twentynine.coach.review import strongest_hint

    assert hint_module.FULL_CLOCK == review_module.REPLAY_TIME_CAP
    monkeypatch.setattr(hint_module, "FULL_CLOCK", CLOCK)
    monkeypatch.setattr(review_module, "REPLAY_TIME_CAP", CLOCK)

    _, view = find_view(lambda v: v.phase is Phase.PLAY and len(v.tricks) == 4)
    h = hint(view)
    assert h == strongest_hint(view)
    assert h.worlds == fewer_worlds.exact_samples  # the exact endgame, to its count
