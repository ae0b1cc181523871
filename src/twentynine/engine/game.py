"""A whole game: deals until a team reaches +6 or falls to -6, the dealer moving on.

>>> g = Game(seed=3)
>>> g.phase.value, g.scores
('auction', (0, 0))
>>> while not g.is_over:
...     _ = g.apply(g.legal_actions()[0])
>>> g.winner in (0, 1)
True
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from .actions import ACTIONS, NEXT_DEAL, NEXT_DEAL_CODE, Action
from .cards import CARDS, mask_cards
from .deal import DEAL_OVER, Deal, DealError, IllegalActionError, Phase, check_seat
from .events import Event, GameOver
from .rules import Rules
from .scoring import game_winner
from .views import SeatView

DealtCards = tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""One deal's cards as dealt: each seat's first four and second four (card masks), and
each seat's seventh card (the first of its second four; -1 where not recorded)."""


class Game:
    """A game of Twenty-Nine: the current :attr:`deal` and the game score.

    A game is dealt from ``seed`` (the same seed deals the same cards: replays, tests,
    ``--seed``), or with ``secret=True`` from the operating system's randomness, each deal
    shuffled anew, so that nobody can work out a deal from any other (the table server's
    games).  A secret game keeps the cards it dealt (:attr:`dealt`): its record holds them
    instead of a seed, and ``preset`` deals them again when the record is replayed.
    """

    def __init__(self, seed: int = 0, rules: Rules | None = None, first_dealer: int = 3,
                 *, secret: bool = False, preset: Sequence[DealtCards] = ()) -> None:
        """Start a game; seat 3 deals first, so seat 0 speaks first."""
        if type(seed) is not int:
            raise DealError(f"the seed must be a whole number, not {seed!r}")
        self.secret = secret
        self.seed = 0 if secret else seed
        """The seed the deals come from (0 and unused in a secret game)."""
        self.rules = Rules() if rules is None else rules
        self.first_dealer = first_dealer
        self._rng: random.Random = random.SystemRandom() if secret else random.Random(seed)
        self._preset = list(preset)
        self.dealt: list[DealtCards] = []
        """A secret game's deals, as dealt (empty for a seeded game)."""
        self.scores: tuple[int, int] = (0, 0)
        self.winner: int | None = None
        self.deals_played = 0
        self.deal = self._deal(first_dealer, 1, (0, 0))
        self.log: list[int] = []

    def _deal(self, dealer: int, number: int, scores: tuple[int, int]) -> Deal:
        if number <= len(self._preset):
            first, second, seventh = self._preset[number - 1]
            seconds = [[c for c in ([seventh[s]] if seventh[s] >= 0 else [])]
                       + [c for c in mask_cards(second[s]) if c != seventh[s]]
                       for s in range(4)]
            deal = Deal([[CARDS[c] for c in mask_cards(m)] for m in first],
                        [[CARDS[c] for c in cs] for cs in seconds], dealer, self.rules,
                        number=number, scores=scores)
        else:
            deal = Deal.from_rng(self._rng, dealer, self.rules, number=number, scores=scores)
        if self.secret:
            self.dealt.append((tuple(deal.first), tuple(deal.second), tuple(deal.seventh)))
        return deal

    def opening_events(self) -> list[Event]:
        """The events of the first deal's start (dealer and first four cards)."""
        return self.deal.opening_events()

    @property
    def phase(self) -> Phase:
        """The current deal's phase, or game over."""
        if self.winner is not None:
            return Phase.GAME_OVER
        return self.deal.phase

    @property
    def is_over(self) -> bool:
        """True once a team has won."""
        return self.winner is not None

    @property
    def turn(self) -> int:
        """The seat to move (after a deal, the next dealer starts the next deal)."""
        if self.deal.phase_code == DEAL_OVER:
            return self._next_dealer()
        return self.deal.turn

    def legal_codes(self) -> list[int]:
        """Codes of the legal actions now."""
        if self.winner is not None:
            return []
        if self.deal.phase_code == DEAL_OVER:
            return [NEXT_DEAL_CODE]
        return self.deal.legal_codes()

    def legal_actions(self) -> list[Action]:
        """The actions the seat to move may take now (``next deal`` between deals)."""
        return [ACTIONS[c] for c in self.legal_codes()]

    def apply(self, action: Action | str, seat: int | None = None) -> list[Event]:
        """Take ``action`` and return the events it caused; illegal actions raise
        :class:`IllegalActionError` and change nothing."""
        if isinstance(action, str):
            action = Action.parse(action)
        elif not isinstance(action, Action):
            raise IllegalActionError(f"{action!r} is not an action: pass an Action, like "
                                     "Action.make_bid(17), or its text, like 'bid 17'")
        if seat is not None:
            check_seat(seat)
        if self.winner is not None:
            raise IllegalActionError("the game is over")
        if self.deal.phase_code == DEAL_OVER:
            if action != NEXT_DEAL:
                raise IllegalActionError("the deal is over: the next deal must be dealt")
            self.log.append(action.code)
            return self._next_deal()
        if action == NEXT_DEAL:
            raise IllegalActionError("the deal is not over yet")
        events = self.deal.apply(action, seat)
        self.log.append(action.code)
        if self.deal.phase_code == DEAL_OVER:
            self._after_deal(events)
        return events

    def _after_deal(self, events: list[Event]) -> None:
        self.scores = self.deal.after_scores()
        self.deals_played += 1
        w = game_winner(self.rules, self.scores, self.deal.outcome)
        if w is not None:
            self.winner = w
            events.append(GameOver(w, self.scores))

    def _next_dealer(self) -> int:
        """The dealer moves on each deal, except after a redeal: the same dealer deals again."""
        out = self.deal.outcome
        if out is not None and out.thrown_in is not None:
            return self.deal.dealer
        return (self.deal.dealer + 1) & 3

    def _next_deal(self) -> list[Event]:
        dealer = self._next_dealer()
        self.deal = self._deal(dealer, self.deal.number + 1, self.scores)
        return self.deal.opening_events()

    def view(self, seat: int) -> SeatView:
        """What ``seat`` may know now."""
        return self.deal.view(seat)

    @property
    def actions(self) -> list[Action]:
        """Every action of the game so far, ``next deal`` included."""
        return [ACTIONS[c] for c in self.log]
