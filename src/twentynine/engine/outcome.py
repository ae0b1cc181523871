"""How a deal ended: :class:`DealOutcome`, the one value the scoring produces.

It lives in a module of its own, outside the compiled ones (setup.py), because other code
reads its type annotations at run time (the network protocol decodes it field by field),
and mypyc-compiled classes do not keep them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True, slots=True)
class DealOutcome:
    """How a deal ended."""

    bidder: int
    """The bidder (-1 if the deal was thrown in before the auction ended)."""
    bid: int
    target: int
    pair_team: int | None
    card_points: tuple[int, int]
    tricks: tuple[int, int]
    made: bool
    """The contract was made (for a single hand: every trick was taken)."""
    dead: bool
    """Nobody scores: trump never shown under the dead-deal rule, or the deal thrown in."""
    game_points: tuple[int, int]
    """Change in each team's game score."""
    multiplier: int = 1
    """1, or 2 when doubled, 4 when redoubled."""
    single_hand: int | None = None
    """The seat that played a single hand."""
    thrown_in: str | None = None
    """Why the deal was thrown in (a redeal), else None."""
    all_tricks_team: int | None = None
    """The team that took all eight tricks, if one did."""

    @property
    def bidding_team(self) -> int:
        """The bidder's team (the single-hand player's team for a single hand)."""
        if self.single_hand is not None:
            return self.single_hand & 1
        return self.bidder & 1
