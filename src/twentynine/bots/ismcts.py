"""Single-observer information-set Monte Carlo tree search (SO-ISMCTS) for card play.

The flat search of :mod:`.medium` plays every legal card in every sampled world and
finishes each deal with the rollout policy, as if each world's hands were known: in a
world where the queen of trumps sits with an opponent every later choice is made knowing
it (strategy fusion).  Here one tree is grown over many sampled worlds instead, keyed on
what the observer sees (the sequence of actions, with the trump once shown): each
iteration

1. takes one world (drawn by its inference weight from a pool of sampled worlds),
2. descends the tree from the observer's decision, each seat choosing among the actions
   legal *in that world* by UCB1 with availability counts (a child's exploration term
   counts the visits in which it was legal, not every visit of its parent),
3. adds one node, finishes the deal with the rollout policy, and
4. backs the deal's worth up every node on its path, each node's mover judging it by
   its own team's worth.

A node's statistics thus average over every world consistent with the actions that lead
to it, so no seat's choice in the tree depends on cards it cannot see.  The answer is the
most visited of the observer's actions.

>>> import random
>>> from twentynine.deal import Deal, PLAY
>>> from twentynine.bots.search import rollout
>>> d = Deal.from_seed(4)
>>> while d.phase_code != PLAY:
...     d.step(d.legal_codes()[0])
>>> codes = d.legal_codes()
>>> visits, means = search([d], [1.0], codes, 200, 0.7, random.Random(1), float("inf"),
...                        rollout, 0.15)
>>> sum(visits), len(visits) == len(codes)
(200, True)
"""

from __future__ import annotations

import math
import random
import time
from collections.abc import Callable, Sequence

from ..deal import DEAL_OVER, Deal
from .search import Rand, StreamRand, outcome_value, rollout_policy


class Node:
    """One information set of the tree: the actions that reached it (from its parent's
    key), its visits, the summed worth of those visits to team 0, and how many of its
    parent's visits it was legal in (``avail``)."""

    __slots__ = ("avail", "keys", "kids", "n", "w")

    def __init__(self) -> None:
        self.keys: list[int] = []
        """The children's edge keys (:func:`edge_key`), in the order they were added."""
        self.kids: list[Node] = []
        self.n = 0
        self.w = 0.0
        self.avail = 1


def edge_key(d: Deal, code: int) -> int:
    """The key of playing ``code`` in ``d``, from what every seat sees: the action code
    (below 128), the seat to move, and the trump once it is shown (the face-down card, or
    the suit with a marker).  Two worlds reach the same node only if the same seats made
    the same public actions, so a revealed trump splits the tree where it differs."""
    return code | _tag(d)


def _tag(d: Deal) -> int:
    """The part of an edge key that is not the action: the seat to move (bit 7 up) and
    the trump once shown (bit 9 up)."""
    obs = 0
    if d.shown:
        obs = d.trump_card + 1 if d.trump_card >= 0 else d.trump_suit + 33
    return (d.turn << 7) | (obs << 9)


def _child(keys: list[int], key: int) -> int:
    """The index of ``key`` in a node's ``keys``, or ``len(keys)`` if it has no child
    there yet."""
    j = 0
    nk = len(keys)
    while j < nk and keys[j] != key:
        j += 1
    return j


def grow_tree(worlds: Sequence[Deal], weights: Sequence[float], iterations: int, c: float,
              rng: random.Random, deadline: float, policy: Callable[[Deal, Rand], None],
              margin: float, seats: int = 15,
              others: Callable[[Deal, list[int], Rand], int] = rollout_policy) -> Node:
    """The tree of :func:`search` (its root: the observer's decision); ``others``: the
    policy of the seats outside the tree (``seats``)."""
    k = len(worlds)
    root = Node()
    if not k:
        return root
    cum: list[float] = []
    total = 0.0
    for x in weights:
        total += x
        cum.append(total)
    if total <= 0.0:
        cum = [float(i + 1) for i in range(k)]
        total = float(k)
    r = StreamRand(rng.getrandbits(32))
    path: list[Node] = []
    fresh: list[int] = []  # the legal actions of a node that have no child yet
    it = 0
    while it < iterations:
        # a world by weight (binary search of the cumulative weights)
        x = r() * total
        lo = 0
        hi = k - 1
        while lo < hi:
            mid = (lo + hi) >> 1
            if cum[mid] > x:
                hi = mid
            else:
                lo = mid + 1
        d = worlds[lo].clone()
        node = root
        path.clear()
        path.append(root)
        while d.phase_code != DEAL_OVER:
            legal = d.legal_codes()
            tag = _tag(d)
            keys = node.keys
            kids = node.kids
            nk = len(keys)
            if not (seats >> d.turn) & 1:
                code = others(d, legal, r)
                key = code | tag
                j = _child(keys, key)
                if j == nk:
                    keys.append(key)
                    kids.append(Node())
                node = kids[j]
                d.step(code)
                path.append(node)
                continue
            fresh.clear()
            best: Node | None = None
            best_code = -1
            best_score = -1e30
            for code in legal:
                key = code | tag
                j = _child(keys, key)
                if j == nk:
                    fresh.append(code)
                    continue
                kid = kids[j]
                kid.avail += 1
                if fresh:
                    continue  # a new child is added below: no need to score
                q = kid.w / kid.n
                if (key >> 7) & 1:
                    q = -q
                score = q + c * math.sqrt(math.log(kid.avail) / kid.n)
                if score > best_score:
                    best_score = score
                    best = kid
                    best_code = code
            if fresh:
                untried = len(fresh)
                pick = fresh[0] if untried == 1 else fresh[int(r() * untried)]
                child = Node()
                keys.append(pick | tag)
                kids.append(child)
                d.step(pick)
                path.append(child)
                break
            assert best is not None
            d.step(best_code)
            node = best
            path.append(node)
        if d.phase_code != DEAL_OVER:
            policy(d, r)
        v = outcome_value(d, 0, margin)
        for p in path:
            p.n += 1
            p.w += v
        it += 1
        if not it & 15 and time.perf_counter() > deadline:
            break
    return root


def search(worlds: Sequence[Deal], weights: Sequence[float], codes: Sequence[int],
           iterations: int, c: float, rng: random.Random, deadline: float,
           policy: Callable[[Deal, Rand], None], margin: float, seats: int = 15
           ) -> tuple[list[int], list[float]]:
    """Run up to ``iterations`` iterations (stopping at ``deadline``, perf_counter seconds,
    after at least one) from the observer's decision in ``worlds`` (every one a
    determinization of the observer's view, with the observer to move and ``codes``
    legal), each world drawn with probability proportional to its weight.  ``c``: the
    exploration constant; ``policy``: the rollout to finish each deal; ``margin``: the
    worth's card-margin weight (:func:`~.search.outcome_value`).  ``seats``: a bit mask of
    the seats that choose in the tree (all four by default, SO-ISMCTS); the others play
    :func:`~.search.rollout_policy` with their cards in the iteration's world, their
    actions still keying the tree (so the tree's own seats see only public actions), and
    only the tree seats' nodes count as the iteration's one new node.  Returns the visits
    of each of ``codes`` and its mean worth to team 0 in them (0.0 if never visited)."""
    root = grow_tree(worlds, weights, iterations, c, rng, deadline, policy, margin, seats)
    if not worlds:
        return [0 for _ in codes], [0.0 for _ in codes]
    out: list[int] = []
    means: list[float] = []
    w0 = worlds[0]
    for code in codes:
        j = _child(root.keys, edge_key(w0, code))
        n = 0
        q = 0.0
        if j < len(root.keys):
            n = root.kids[j].n
            q = root.kids[j].w / n if n else 0.0
        out.append(n)
        means.append(q)
    return out, means
