"""The search bots' settings: one frozen :class:`SearchConfig`, with :data:`MEDIUM` and
:data:`HARD` as its two values.

``medium`` and ``hard`` are one search (:class:`~.medium.MediumBot`) at two settings; a
new level of that search is one more value here and a three-line subclass.  Any field
can be changed for one bot, to measure it or to keep a test quick::

    make_bot("hard", seed=1, samples=40)        # HARD with 40 worlds a card
    MediumBot(seed=1, time_budget=60.0)         # MEDIUM with a generous clock

A name that is not a field, or a value out of range, raises :class:`SettingError`.

>>> HARD.replace(samples=40).samples, HARD.samples
(40, 800)
>>> HARD.replace(sample=40)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
twentynine.bots.config.SettingError: unknown search setting 'sample'; the settings are: ...
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace


class SettingError(ValueError):
    """A search setting that does not exist, or a value it cannot take."""


FLOOR_WORLDS = 32
"""However busy the machine, a search looks at this many worlds (or all it was asked
for, if fewer) before its clock may stop it: a choice made on one or two sampled deals
is a guess, and a hint's figures from them would be false.  The clock
(``time_budget``) caps the rest."""


@dataclass(frozen=True, slots=True)
class SearchConfig:
    """How a search bot bids and plays: its worlds, its inference, its endgame and its
    clock.  The search is bounded by the sample counts, so the same seed gives the same
    decisions; ``time_budget`` is only a safety cap for a machine too busy to finish them."""

    time_budget: float
    """Seconds a decision may take at most (the auction, trump and calls, and card play)."""
    samples: int
    """Worlds sampled for each card-play decision; every legal action is rolled out in each."""
    bid_samples: int
    """Worlds sampled for the auction, the trump choice and the calls (doubling, single hand)."""
    bid_threshold: float
    """Open the bidding (or raise the partner's bid) when a contract is worth more than this
    many game points in the simulation."""
    compete_threshold: float = -0.25
    """The same bar once an opponent holds the bid: letting them play costs something too."""
    partner_margin: int = 2
    """Overcall the partner only when the best simulated bid is this many levels higher."""
    infer: bool = False
    """Weight each world by how likely the other seats' bids and the bidder's trump choice
    were in it (and, in card play, by the cards they played: ``no_ask``, ``play_infer``)."""
    infer_scale: float = 1.0
    """How strongly the auction's evidence tilts the worlds (1: as designed)."""
    oversample: int = 1
    """With ``infer``: the auction's worlds are drawn from this many times as many, each kept
    with the probability of its weight."""
    no_ask: float = 0.0
    """With ``infer``: how strongly a seat that discarded while trump was hidden, without
    asking for it, is taken to hold no trump."""
    marker_tilt: float = 0.5
    """With a marker: how strongly card play believes the hidden trump is the bidder's long
    suit (log-weight per card)."""
    play_infer: float = 0.0
    """With ``infer``: how strongly the cards the other seats played weight card play's
    worlds (a model of play fitted to ``hard``'s own games; 0: not at all)."""
    crn: bool = False
    """Common random numbers: every candidate action meets the same random stream in a
    world, so the comparison between actions sees less noise."""
    margin_weight: float = 0.15
    """Card play's worth: game points plus this weight x the card-point margin / 29."""
    exact_tricks: int = 0
    """With this many tricks left or fewer, each world is solved exactly (0: never)."""
    exact_samples: int = 0
    """Worlds solved exactly for each card at most (0: ``samples``)."""
    exact_binary: bool = False
    """The exact endgame counts game points only and asks only whether the bidding team
    reaches its target (a null-window search: several times fewer nodes)."""

    def __post_init__(self) -> None:
        if not self.time_budget > 0:
            raise SettingError(f"time_budget must be above 0 seconds, not {self.time_budget}")
        for name in ("samples", "bid_samples", "oversample"):
            if getattr(self, name) < 1:
                raise SettingError(f"{name} must be at least 1, not {getattr(self, name)}")
        if not 0 <= self.exact_tricks <= 8:
            raise SettingError(f"exact_tricks must be 0 to 8, not {self.exact_tricks}")
        if self.exact_samples < 0:
            raise SettingError(f"exact_samples must be 0 or more, not {self.exact_samples}")

    def replace(self, **changes: float) -> SearchConfig:
        """This configuration with some fields changed (checked by name and value)."""
        names = [f.name for f in fields(self)]
        for name in changes:
            if name not in names:
                raise SettingError(f"unknown search setting {name!r}; the settings are: "
                                   + ", ".join(names))
        return replace(self, **changes)  # type: ignore[arg-type]


MEDIUM = SearchConfig(time_budget=0.5, samples=48, bid_samples=64, bid_threshold=0.0)
"""``medium``: flat Monte Carlo over 48 worlds a card (64 in the auction), no inference,
no exact endgame; about 30 ms a decision compiled."""

HARD = SearchConfig(
    time_budget=0.35, samples=800, bid_samples=500, bid_threshold=-0.1,
    infer=True, infer_scale=0.5, oversample=3, no_ask=1.0, marker_tilt=1.5,
    play_infer=0.5, crn=True, margin_weight=0.01,
    exact_tricks=5, exact_samples=80, exact_binary=True,
)
"""``hard``: 800 worlds a card with common random numbers, weighted by the auction, the
trump choice and the cards played; the last five tricks solved exactly in 80 worlds on
game points only; 500 worlds in the auction, opening at -0.1 game points.  What these
values measure against others, and what was tried instead: docs/bots.md."""
