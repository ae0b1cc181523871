"""The rules a game is played under, as one frozen value.

Every rule that varies between tables is a field here, so the engine reads its
rules from one place and a variant is just another value.

>>> Rules.preset("28pt").total_points
28
>>> Rules.preset("standard").replace(min_bid=15).min_bid
15
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal

TrumpIndicator = Literal["card", "marker"]
AskRule = Literal["optional", "compulsory"]
UnshownTrump = Literal["show_last", "dead"]
Direction = Literal["anticlockwise", "clockwise"]


class RulesError(ValueError):
    """A rules value that makes no sense."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of one game of Twenty-Nine.  Defaults are the standard game."""

    min_bid: int = 16
    """Lowest bid; the dealer's forced bid and the pair's floor."""
    max_bid: int = 28
    """Highest bid; the pair's ceiling."""
    last_trick_point: bool = True
    """The winner of the eighth trick adds 1 point (29 in all)."""
    trump_indicator: TrumpIndicator = "card"
    """``card``: one of the bidder's four cards lies face down; ``marker``: a suit marker, the
    bidder keeps all eight cards."""
    ask: AskRule = "optional"
    """``optional``: a player who cannot follow may ask for trump; ``compulsory``: the first
    player who cannot follow must ask."""
    asker_must_trump: bool = True
    """The player who asked must play a trump in that trick if they hold one."""
    unshown_trump: UnshownTrump = "show_last"
    """Trump still hidden at the eighth trick: shown then, or the deal is dead at the end."""
    pair: bool = True
    """The king and queen of trump may be declared as a pair."""
    direction: Direction = "anticlockwise"
    """Only where seats sit on screen; the engine's seat order is the same either way."""
    game_to: int = 6
    """A team reaching +game_to wins; one falling to -game_to loses."""

    def __post_init__(self) -> None:
        if not 14 <= self.min_bid <= 16:
            raise RulesError(f"the minimum bid must be 14, 15 or 16, not {self.min_bid}")
        top = self.total_points
        if not self.min_bid <= self.max_bid <= top:
            raise RulesError(
                f"the maximum bid must be between {self.min_bid} and {top}, not {self.max_bid}"
            )
        if self.trump_indicator not in ("card", "marker"):
            raise RulesError(f"unknown trump indicator {self.trump_indicator!r}")
        if self.ask not in ("optional", "compulsory"):
            raise RulesError(f"unknown asking rule {self.ask!r}")
        if self.unshown_trump not in ("show_last", "dead"):
            raise RulesError(f"unknown rule for an unshown trump {self.unshown_trump!r}")
        if self.direction not in ("anticlockwise", "clockwise"):
            raise RulesError(f"unknown direction {self.direction!r}")
        if not 1 <= self.game_to <= 99:
            raise RulesError(f"a game must be played to between 1 and 99, not {self.game_to}")

    @property
    def total_points(self) -> int:
        """Points in a deal: 28, or 29 with the last-trick point."""
        return 29 if self.last_trick_point else 28

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated)."""
        return dataclasses.replace(self, **changes)

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named variant: ``standard``, ``28pt`` or ``pagat``."""
        try:
            return PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise RulesError(f"unknown variant {name!r}: choose one of {known}") from None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read fields written by :meth:`to_dict`; unknown fields are an error."""
        names = {f.name for f in fields(cls)}
        unknown = set(data) - names
        if unknown:
            raise RulesError(f"unknown rule settings: {', '.join(sorted(unknown))}")
        try:
            return cls(**data)
        except TypeError as exc:  # wrong types, e.g. a string for min_bid
            raise RulesError(f"bad rule settings: {exc}") from None

    def differences(self) -> dict[str, Any]:
        """The fields that differ from the standard game."""
        std = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(std, k) != v}


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "28pt": Rules(last_trick_point=False),
    "pagat": Rules(
        min_bid=15,
        last_trick_point=False,
        trump_indicator="marker",
        ask="compulsory",
        asker_must_trump=False,
        unshown_trump="dead",
        direction="clockwise",
    ),
}
"""The named variants."""
