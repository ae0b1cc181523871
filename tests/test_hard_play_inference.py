"""``play_infer``: card play's worlds weighted by the cards the other seats played.

Each card a seat other than the viewer played counts against a world by its surprise
(:func:`~twentynine.bots.play_model.play_surprise`): how much worse, under a cheap model of
play, it was than the seat's most natural card had it held that world's hand.  Constructed
positions check the direction of each kind of evidence; seeded self-play positions check
the weights and that ``hard`` plays with them at half strength.  Seeded and fast; nothing
here is timed.
"""

from __future__ import annotations

import math
import random

from engine_support import TOURNAMENT, mask

from twentynine.bots import make_bot
from twentynine.bots.config import HARD, MEDIUM
from twentynine.bots.hard import HardBot
from twentynine.bots.play_model import (
    PLAY_FEATURES,
    PLAY_WEIGHTS,
    SURPRISE_CAP,
    _card_utility,
    card_features,
    play_surprise,
)
from twentynine.bots.worlds import WorldSampler
from twentynine.engine.cards import SUIT_MASKS, Card
from twentynine.engine.deal import DEAL_OVER, PLAY, Deal
from twentynine.engine.rules import Rules

m = mask


def i(card: str) -> int:
    return Card.parse(card).index


H = Card.parse("JH").suit
S = Card.parse("JS").suit


def test_feeding_the_partners_trick_says_the_seat_had_no_richer_card() -> None:
    # last hand, partner's ace of hearts wins: a seat that threw the ten more likely held
    # nothing richer than a nine it kept back
    gone = m("AH", "KH", "QH")
    kept_nine = play_surprise(m("10H", "9H"), i("10H"), 3, H, -1, i("AH"), True, 1, gone)
    kept_seven = play_surprise(m("10H", "7H"), i("10H"), 3, H, -1, i("AH"), True, 1, gone)
    assert kept_nine > kept_seven
    # a zero thrown on it is likelier from a seat with only zeros than from one with a nine
    with_nine = play_surprise(m("9H", "7H"), i("7H"), 3, H, -1, i("AH"), True, 1, gone)
    zeros = play_surprise(m("8H", "7H"), i("7H"), 3, H, -1, i("AH"), True, 1, gone)
    assert with_nine > zeros


def test_second_hand_low_is_unlikely_from_a_seat_holding_the_master() -> None:
    # an opponent led the king of spades; the seat played the seven
    gone = m("KS")
    held_master = play_surprise(m("JS", "7S"), i("7S"), 1, S, -1, i("KS"), False, 0, gone)
    no_master = play_surprise(m("QS", "7S"), i("7S"), 1, S, -1, i("KS"), False, 0, gone)
    assert held_master > no_master


def test_a_defender_that_did_not_ruff_probably_holds_no_trump() -> None:
    # trump hearts (shown); an opponent's jack of spades wins 3 points; the seat discarded
    gone = m("JS")
    with_trump = play_surprise(m("7H", "8D"), i("8D"), 1, S, H, i("JS"), False, 3, gone)
    without = play_surprise(m("7C", "8D"), i("8D"), 1, S, H, i("JS"), False, 3, gone)
    assert with_trump > without + 0.5
    # with trump still hidden the seat could not know it: no evidence either way
    hidden = play_surprise(m("7H", "8D"), i("8D"), 1, S, -1, i("JS"), False, 3, gone)
    assert hidden == without


def test_a_low_lead_says_the_seat_had_no_master_worth_cashing() -> None:
    # the seven of clubs led: likelier from a seat without the (master) jack of diamonds
    gone = 0
    held_jack = play_surprise(m("7C", "JD"), i("7C"), 0, 0, -1, -1, False, 0, gone)
    no_jack = play_surprise(m("7C", "8D"), i("7C"), 0, 0, -1, -1, False, 0, gone)
    assert held_jack > no_jack


def test_one_legal_card_says_nothing_and_the_surprise_is_capped() -> None:
    assert play_surprise(m("7H", "JS", "9S"), i("7H"), 1, H, -1, i("KH"), False, 3,
                         m("KH")) == 0
    worst = max(play_surprise(m(a, b), i(b), 3, H, -1, i("AH"), True, 1, m("AH"))
                for a in ("JH", "9H") for b in ("7H", "8H"))
    assert 0 < worst <= SURPRISE_CAP


def test_the_fast_utility_is_the_weighted_features() -> None:
    rng = random.Random(3)
    for _ in range(3000):
        hand = rng.getrandbits(32) | 1 << rng.randrange(32)
        cards = [c for c in range(32) if hand >> c & 1]
        x = rng.choice(cards)
        outside = rng.getrandbits(32) & ~hand
        args = (x, hand, rng.randrange(4), rng.randrange(4), rng.randrange(-1, 4),
                rng.randrange(32), rng.random() < 0.5, rng.randrange(12), outside,
                rng.random() < 0.5)
        f = card_features(*args)
        assert len(f) == len(PLAY_FEATURES) == len(PLAY_WEIGHTS)
        assert math.isclose(_card_utility(*args),
                            sum(w * v for w, v in zip(PLAY_WEIGHTS, f, strict=True)),
                            abs_tol=1e-9)


def _positions(n: int, rules: Rules, seed: int) -> list[Deal]:
    """Card-play positions from the third trick on, from seeded ``easy`` deals."""
    out: list[Deal] = []
    rng = random.Random(seed)
    while len(out) < n:
        d = Deal.from_rng(rng, rng.randrange(4), rules)
        easy = [make_bot("easy", seed=s) for s in range(4)]
        stop = rng.randrange(2, 7)
        while d.phase_code != DEAL_OVER:
            if d.phase_code == PLAY and d.trick_no == stop and len(d.legal_codes()) > 1:
                out.append(d.clone())
                break
            view = d.view(d.turn)
            d.apply(easy[d.turn].choose(view, view.legal_actions), d.turn)
    return out


def test_the_weights_follow_the_plays_and_are_off_by_default() -> None:
    marked = 0
    for d in _positions(6, Rules(), 3) + _positions(6, TOURNAMENT, 4):
        view = d.view(d.turn)
        plain = WorldSampler(view, infer=True, scale=0.5)
        off = WorldSampler(view, infer=True, scale=0.5, play_infer=0.0)
        told = WorldSampler(view, infer=True, scale=0.5, play_infer=0.7)
        rng = random.Random(1)
        for _ in range(30):
            w = plain.sample(rng)
            assert off.weight(w) == plain.weight(w)
            plw = told.play_log_weight(w)
            assert plw <= 0.0
            assert told.weight(w) == math.exp(math.log(plain.weight(w)) + 0.7 * plw) or \
                math.isclose(told.weight(w), plain.weight(w) * math.exp(0.7 * plw))
            marked += plw < 0
        # the true deal's own hands are a world too: the view's plays came from them
        assert told.play_log_weight(d) <= 0.0
    assert marked


def test_the_viewers_own_cards_and_the_asker_are_not_evidence() -> None:
    for d in _positions(8, TOURNAMENT, 9):
        view = d.view(d.turn)
        told = WorldSampler(view, infer=True, play_infer=1.0)
        seats = {r[0] for r in told._plays}
        assert view.seat not in seats
        cards = sum(len(t.cards) for t in view.tricks) + len(view.trick)
        assert len(told._plays) <= cards - sum(
            1 for t in view.tricks for s, _ in t.cards if s == view.seat) - sum(
            1 for s, _ in view.trick if s == view.seat)


def _quiet_ruff_positions(n: int) -> list[tuple[int, int, Deal]]:
    """(seat, trick, position): with trump shown, ``seat`` could not follow and discarded a
    card that is not a trump while an opponent was winning 2 points or more in ``trick``;
    the position is the next trick's start, with another seat to move."""
    out: list[tuple[int, int, Deal]] = []
    rng = random.Random(6)
    while len(out) < n:
        d = Deal.from_rng(rng, rng.randrange(4), Rules())
        easy = [make_bot("easy", seed=s) for s in range(4)]
        quiet = -1
        at = -1
        while d.phase_code != DEAL_OVER:
            if quiet >= 0 and d.phase_code == PLAY and not d.trick and d.turn != quiet \
                    and len(d.legal_codes()) > 1:
                out.append((quiet, at, d.clone()))
                break
            seat = d.turn
            trick = list(d.trick)
            view = d.view(seat)
            a = easy[seat].choose(view, view.legal_actions)
            if quiet < 0 and d.phase_code == PLAY and d.shown and trick and \
                    a.card is not None and a.card.suit != trick[0] >> 3 and \
                    a.card.suit != d.trump_suit:
                led = trick[0] >> 3
                best = min(range(len(trick)), key=lambda k: (
                    trick[k] >> 3 != d.trump_suit, trick[k] >> 3 != led, trick[k]))
                if ((d.leader + best) & 1) != (seat & 1) and \
                        sum(Card(c).points for c in trick) >= 2:
                    quiet, at = seat, d.trick_no
            d.apply(a, seat)
    return out


def test_a_seat_that_kept_its_trump_off_the_opponents_trick_is_believed_to_have_none(
) -> None:
    with_trump: list[float] = []
    without: list[float] = []
    for quiet, at, d in _quiet_ruff_positions(6):
        view = d.view(d.turn)
        plain = WorldSampler(view, infer=True, scale=0.5)
        told = WorldSampler(view, infer=True, scale=0.5, play_infer=1.0)
        since = 0  # the cards the quiet seat played from that trick on
        for t in view.tricks[at:]:
            for s, c in t.cards:
                if s == quiet:
                    since |= 1 << c.index
        tm = SUIT_MASKS[d.trump_suit]
        rng = random.Random(at)
        for _ in range(80):
            w = plain.sample(rng)
            r = told.weight(w) / plain.weight(w)
            (with_trump if (w.hands[quiet] | since) & tm else without).append(r)
    assert with_trump and without
    assert sum(with_trump) / len(with_trump) < sum(without) / len(without)


def test_hard_with_play_inference_values_the_cards_differently_and_by_default_at_half(
) -> None:
    # hard's own settings are play_infer=0.5 (the same settings make the same decisions)
    assert HardBot(seed=1, samples=40).config == \
        HardBot(seed=1, samples=40, play_infer=0.5).config != \
        HardBot(seed=1, samples=40, play_infer=0.0).config
    differ = None
    for k, d in enumerate(_positions(6, Rules(), 12) + _positions(6, TOURNAMENT, 13)):
        view = d.view(d.turn)
        # the clock lifted: the sample counts bound every search, also on a loaded machine
        base = HardBot(seed=k, samples=40, time_budget=100.0)
        told = HardBot(seed=k, samples=40, time_budget=100.0, play_infer=0.0)
        picks = [b.choose(view, view.legal_actions) for b in (base, told)]
        assert all(p in view.legal_actions for p in picks)
        assert base.estimates is not None and told.estimates is not None
        if base.estimates.values != told.estimates.values:
            differ = k
            break
    assert differ is not None, "play inference changed no card's value"
    assert HARD.play_infer == 0.5 and MEDIUM.play_infer == 0.0
