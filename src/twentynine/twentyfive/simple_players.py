"""Twenty-Five's simple computer players: ``random`` and ``easy`` (rules of thumb).

A player sees one seat's :class:`~.seat_view.PlayerView` and the legal moves, never the
engine; it is seeded (the same seed, the same choices).

``easy`` plays by rules of thumb:

* **robbing**: it robs whenever the turned card is better than its worst card, laying
  down that worst card (the lowest plain card, else the lowest trump);
* **winning cheaply**: it beats the trick with its cheapest winning card, and throws its
  cheapest card when it cannot win or a partner already wins;
* **holding back**: a top trump (5, J, A♥) is spent only to win a trick, and held back
  from a lower trump lead when a cheaper card will do;
* **the race**: when a trick would take a side to the target, it plays its strongest
  winning card, and it stops the leader of a game of each for themselves;
* **leading**: it leads the best trump left if it holds it, else its strongest plain card.

>>> from twentynine.twentyfive.race import Race
>>> g = Race(seed=2)
>>> bot = EasyPlayer(seed=1)
>>> v = g.view(g.turn)
>>> bot.choose(v, v.legal_actions) in v.legal_actions
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .moves import Move, MoveKind
from .pack import is_trump, power, trump_order
from .seat_view import PlayerView, Stage

TRICK_POINTS = 5


class RandomPlayer:
    """Picks a legal move uniformly at random."""

    name = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """One of ``legal``, at random."""
        return legal[self.rng.randrange(len(legal))]


def trick_winner(view: PlayerView) -> tuple[int, int] | None:
    """The seat winning the trick on the table and the power of its card, or None."""
    if not view.trick:
        return None
    t = view.trump
    led = view.trick[0][1]
    led_trump = is_trump(t, led)
    best_seat, best = view.trick[0][0], power(t, led)
    for seat, card in view.trick[1:]:
        if is_trump(t, card) or (not led_trump and card.suit == led.suit):
            p = power(t, card)
            if p > best:
                best_seat, best = seat, p
    return best_seat, best


def beats(view: PlayerView, card: int, best: int) -> bool:
    """Whether ``card`` would take the trick on the table from a card of power ``best``."""
    t = view.trump
    led = view.trick[0][1]
    if is_trump(t, card):
        return power(t, card) > best
    return not is_trump(t, led) and card // 13 == led.suit and power(t, card) > best


def keep_value(view: PlayerView, card: int) -> int:
    """How much ``card`` is worth keeping (trumps far above plain cards)."""
    p = power(view.trump, card)
    return p + 100 if p > 100 else p


class EasyPlayer(RandomPlayer):
    """Rules of thumb (the module's docstring lists them); team-aware."""

    name = "easy"

    def choose(self, view: PlayerView, legal: Sequence[Move]) -> Move:
        """The rule of thumb's move (a random legal one only as a last resort)."""
        if view.stage is not Stage.PLAY:
            return legal[0]
        robs = [m for m in legal if m.kind is MoveKind.ROB]
        if robs:
            rob = self._rob(view, robs)
            if rob is not None:
                return rob
        cards = [m for m in legal if m.kind is MoveKind.PLAY]
        if not cards:
            return legal[0]
        if not view.trick:
            return self._lead(view, cards)
        return self._follow(view, cards)

    # ----------------------------------------------------------------- robbing
    def _rob(self, view: PlayerView, robs: list[Move]) -> Move | None:
        worst = min(robs, key=lambda m: keep_value(view, int(m.card or 0)))
        if keep_value(view, view.turned) > keep_value(view, int(worst.card or 0)):
            return worst
        return None

    # ----------------------------------------------------------------- the race
    def _urgent(self, view: PlayerView) -> bool:
        """Whether this trick may end the game: a side is one trick from the target."""
        return max(view.scores) + TRICK_POINTS >= view.rules.target

    def _threat(self, view: PlayerView, seat: int) -> bool:
        """Whether ``seat`` (not on this side) wins the game with this trick, or leads a
        game of each for themselves closely enough to be everyone's problem."""
        rules = view.rules
        side = rules.side_of(seat)
        if side == view.side:
            return False
        score = view.scores[side]
        if score + TRICK_POINTS >= rules.target:
            return True
        others = [s for i, s in enumerate(view.scores) if i != side]
        return rules.sides > 2 and score >= max(others) + 2 * TRICK_POINTS

    # ----------------------------------------------------------------- leading
    def _lead(self, view: PlayerView, cards: list[Move]) -> Move:
        t = view.trump
        mine = [int(m.card or 0) for m in cards]
        trumps = sorted((c for c in mine if is_trump(t, c)), key=lambda c: -power(t, c))
        if trumps and trumps[0] == self._best_trump_left(view):
            return Move.play(trumps[0])
        plain = [c for c in mine if not is_trump(t, c)]
        if plain:
            return Move.play(max(plain, key=lambda c: power(t, c)))
        return Move.play(trumps[-1])

    def _best_trump_left(self, view: PlayerView, others: bool = False) -> int:
        """The best trump not yet played (nor lying turned up, unrobbed); with
        ``others``, the best that another seat may hold (not in this hand either)."""
        gone = {int(c) for c in view.played}
        if others:
            gone.update(int(c) for c in view.hand)
        if view.robber is None:
            gone.add(int(view.turned))
        for c in trump_order(view.trump):
            if int(c) not in gone:
                return int(c)
        return -1

    # ----------------------------------------------------------------- following
    def _follow(self, view: PlayerView, cards: list[Move]) -> Move:
        found = trick_winner(view)
        assert found is not None
        seat, best = found
        mine = [int(m.card or 0) for m in cards]
        cheap = min(mine, key=lambda c: keep_value(view, c))
        winners = sorted((c for c in mine if beats(view, c, best)),
                         key=lambda c: keep_value(view, c))
        partner_wins = view.rules.side_of(seat) == view.side
        last = len(view.trick) == view.rules.players - 1
        if partner_wins and not (self._urgent(view) and not last and winners
                                 and self._partner_may_lose(view, best)):
            return Move.play(cheap)
        if not winners:
            return Move.play(cheap)
        if self._urgent(view) or self._threat(view, seat):
            if last:
                return Move.play(winners[0])
            return Move.play(winners[-1])
        if not last and len(view.trick) < view.rules.players // 2 \
                and not is_trump(view.trump, winners[0]):
            # early in the trick a plain winner is likely trumped: keep it, play cheap
            return Move.play(cheap)
        return Move.play(winners[0])

    def _partner_may_lose(self, view: PlayerView, best: int) -> bool:
        """Whether the partner's winning card could still be beaten (not the best trump
        left)."""
        top = self._best_trump_left(view, others=True)
        return top >= 0 and power(view.trump, top) > best

