"""Rebuild a deal from what a seat knows plus a guess at what it does not: the bots' worlds.

A search bot guesses the hidden cards (the other hands, and the card a robber laid down),
then needs the deal as it would stand with those cards: :func:`rebuild_round` deals the
guessed hands as they were before the first trick (each seat's hand now plus the cards it
played; the robber's with the card it laid down instead of the turned card) and replays
the deal's public moves through :class:`~.round_state.Round`, the rob on the robber's first
turn.  The result plays on like the real deal would (``step``, ``playout``).

What a guess must respect to be a possible world (the bot's business): the seat's own
hand; every card played or turned is nobody's; the robber held the ace of trumps (the
dealer, when the turned card was the ace) and holds the turned card until it plays it; a
seat that did not follow a plain suit when it could not have (neither following nor
trumping) holds none of it; a seat that answered a trump lead with a plain card holds no
trump but top trumps above the card led.

>>> from twentynine.twentyfive.race import Race
>>> g = Race(seed=8)
>>> for _ in range(6):
...     _ = g.apply(g.legal_actions()[0])
>>> v = g.view(g.turn)
>>> r = rebuild_round(v, g.round.hands, g.round.laid)
>>> r.hands == g.round.hands and r.trick == g.round.trick and r.turn == g.round.turn
True
"""

from __future__ import annotations

from collections.abc import Sequence

from .round_state import ROB_BASE, TRICK_POINTS, Round
from .seat_view import PlayerView


class WorldError(ValueError):
    """Guessed hands that cannot be the deal the view shows."""


def start_scores(view: PlayerView) -> list[int]:
    """The sides' scores when the view's deal began."""
    scores = list(view.scores)
    for t in view.tricks:
        scores[view.rules.side_of(t.winner)] -= TRICK_POINTS
    return scores


def public_moves(view: PlayerView) -> list[tuple[int, int]]:
    """The deal's moves so far as (seat, code), the rob (its card laid down unknown: -1
    as the card) on the robber's first turn."""
    out: list[tuple[int, int]] = []
    plays = [pair for t in view.tricks for pair in t.cards] + list(view.trick)
    robbed = view.robber is None
    for k, (seat, card) in enumerate(plays):
        if not robbed and seat == view.robber and k < view.rules.players:
            out.append((seat, -1))
            robbed = True
        out.append((seat, int(card)))
    if not robbed:  # the robber robbed and has not played yet: it is its turn
        out.append((view.robber if view.robber is not None else -1, -1))
    return out


def rebuild_round(view: PlayerView, hands: Sequence[int], laid: int = -1) -> Round:
    """The deal of ``view`` with ``hands`` (every seat's hand now, as masks; the view's
    own must be its hand) and ``laid`` (the card the robber laid down, if a seat robbed;
    the view's own when it robbed itself), ready to play on."""
    rules = view.rules
    n = rules.players
    if len(hands) != n:
        raise WorldError(f"a world has {n} hands, not {len(hands)}")
    own = sum(1 << int(c) for c in view.hand)
    if hands[view.seat] != own:
        raise WorldError("a world must give the seat its own hand")
    if view.laid_down is not None:
        laid = int(view.laid_down)
    moves = public_moves(view)
    dealt = list(hands)
    for seat, code in moves:
        if code >= 0:
            dealt[seat] |= 1 << code
    turned = int(view.turned)
    if view.robber is not None:
        if laid < 0:
            raise WorldError("a world where a seat robbed needs the card it laid down")
        dealt[view.robber] = (dealt[view.robber] & ~(1 << turned)) | (1 << laid)
    r = Round(n, rules.side_list(), rules.target, rules.rob, rules.renege, view.dealer,
              turned)
    r.start(dealt, start_scores(view))
    for seat, code in moves:
        if r.turn != seat:
            raise WorldError("the view's moves do not follow the order of play")
        r.step(ROB_BASE + laid if code < 0 else code)
    if r.hands != list(hands):
        raise WorldError("the world's hands do not give the view's deal")
    return r
