"""The search options that make ``hard`` stronger: beliefs from a discard made without
asking for trump (``no_ask``) and common random numbers in the rollouts (``crn``).

Seeded and fast; nothing here is timed.
"""

from __future__ import annotations

import math
import random

from twentynine.bots import make_bot
from twentynine.bots.search import StreamRand, rollout
from twentynine.bots.worlds import WorldSampler
from twentynine.cards import SUIT_MASKS
from twentynine.deal import DEAL_OVER, PLAY, Deal
from twentynine.rules import Rules

TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)


def _quiet_discard_views(n: int) -> list[tuple[int, Deal]]:
    """(quiet seat, position) pairs: trump still hidden, a seat that is neither the bidder
    nor the viewer (the seat to move) has discarded off the led suit without asking while
    an opponent was winning the trick."""
    out: list[tuple[int, Deal]] = []
    rng = random.Random(5)
    while len(out) < n:
        d = Deal.from_rng(rng, rng.randrange(4), TOURNAMENT)
        easy = [make_bot("easy", seed=s) for s in range(4)]
        quiet = -1
        while d.phase_code != DEAL_OVER:
            if d.phase_code == PLAY and not d.shown and quiet >= 0 and d.turn != quiet:
                out.append((quiet, d.clone()))
                break
            seat = d.turn
            trick = list(d.trick)
            action = easy[seat].choose(d.view(seat), d.view(seat).legal_actions)
            if d.phase_code == PLAY and trick and action.card is not None \
                    and action.card.index >> 3 != trick[0] >> 3 and seat != d.bidder:
                led = trick[0] >> 3
                best = min(range(len(trick)), key=lambda i: (trick[i] >> 3 != led, trick[i]))
                if ((d.leader + best) & 1) != (seat & 1):
                    quiet = seat
            d.apply(action, seat)
    return out


def test_a_seat_that_discarded_without_asking_is_believed_to_hold_no_trump() -> None:
    seen_with, seen_without = 0, 0
    for quiet, d in _quiet_discard_views(6):
        view = d.view(d.turn)
        plain = WorldSampler(view, infer=True, scale=0.5)
        told = WorldSampler(view, infer=True, scale=0.5, no_ask=1.0)
        rng = random.Random(1)
        for _ in range(60):
            w = plain.sample(rng)
            ratio = told.weight(w) / plain.weight(w)
            holds = bool(w.hands[quiet] & SUIT_MASKS[w.trump_suit])
            if holds:
                seen_with += 1
                assert ratio < math.exp(-0.5 * 0.4) + 1e-9  # at least the weakest evidence
            else:
                seen_without += 1
                # a world giving it no trump now may still be marked down for a trump it
                # has played since; none is marked up
                assert ratio <= 1.0 + 1e-9
    assert seen_with and seen_without


def test_without_the_option_the_weights_are_unchanged() -> None:
    for _, d in _quiet_discard_views(2):
        view = d.view(d.turn)
        a = WorldSampler(view, infer=True, scale=0.5)
        b = WorldSampler(view, infer=True, scale=0.5, no_ask=0.0)
        rng = random.Random(2)
        for _ in range(20):
            w = a.sample(rng)
            assert a.weight(w) == b.weight(w)


def test_the_stream_is_seeded_and_uniform() -> None:
    a, b = StreamRand(12345), StreamRand(12345)
    xs = [a() for _ in range(20000)]
    assert xs == [b() for _ in range(20000)]
    assert all(0.0 <= x < 1.0 for x in xs)
    assert abs(sum(xs) / len(xs) - 0.5) < 0.01
    assert xs[:50] != [StreamRand(54321)() for _ in range(50)]
    assert StreamRand(0)() != 0.0  # a zero seed does not stick at zero


def test_one_stream_replays_one_rollout() -> None:
    d = Deal.from_seed(3)
    d.step(d.legal_codes()[0])
    a, b = d.clone(), d.clone()
    rollout(a, StreamRand(7))
    rollout(b, StreamRand(7))
    assert a.points == b.points and a.outcome == b.outcome


def test_hard_with_the_options_plays_legal_moves_and_repeats_itself() -> None:
    for rules in (Rules(), TOURNAMENT):
        runs = []
        for _ in range(2):
            d = Deal.from_seed(11, 1, rules)
            bots = [make_bot("hard", seed=s, samples=24, bid_samples=24, crn=True,
                             no_ask=1.0) for s in range(4)]
            moves = []
            while d.phase_code != DEAL_OVER:
                view = d.view(d.turn)
                a = bots[d.turn].choose(view, view.legal_actions)
                assert a in view.legal_actions
                moves.append(a.code)
                d.apply(a, d.turn)
            runs.append(moves)
        assert runs[0] == runs[1]
