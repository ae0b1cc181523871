"""What a hint is made of: each option's figures, the suggestion, and how the figures
rank as the hint prints them (the chance in whole percent, card points to a tenth, game
points a deal to a hundredth).

The search that fills them is :mod:`.hint`, the words that explain them
:mod:`.hint_words`; both read these, and nothing here reads either.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ..engine.actions import Action
from ..engine.views import SeatView

NEAR_TIE = 0.05
"""Game points a deal within which the search cannot tell two options apart: among
options alike on the figures shown, the plainer card goes first unless the search rates
it this much lower (:func:`~.hint.best_on_figures`)."""
CHANCE_NOISE = 0.03
"""Contract chances closer than this are the same chance."""
CHANCE_POINTS = round(100 * CHANCE_NOISE)
""":data:`CHANCE_NOISE` in the whole percent the hint prints."""
POINTS_NOISE = 0.3
"""Expected card points closer than this are the same points."""
PICK_WINDOW = 1
"""Chances as printed (whole percent) at most this far below the best are the best chance
for the pick: the card points decide between them."""


class NoHint(ValueError):
    """A hint was asked for a seat that has no decision to make."""


@dataclass(frozen=True, slots=True)
class Option:
    """One legal action and what it is worth to the player's side."""

    action: Action
    words: str
    """The action in plain words: ``J♣``, ``bid 17``, ``ask for trump``."""
    worth: float | None
    """Expected game points a deal for your side (won minus lost, with a small card-point
    tie-break), as the search estimated it; None where nothing was simulated."""
    card_points: float | None = None
    """Expected card points of your side at the end of the deal."""
    trick_win: float | None = None
    """Card play: the chance your side takes the current trick."""
    trick_points: float | None = None
    """Card play: the points the current trick carries on average."""
    made: float | None = None
    """The chance the contract is made (by whichever side bid)."""
    ours: float | None = None
    """The chance your side gets its way on the contract: makes it if your side bid, beats
    it if the other side did (None where nothing was simulated, or no contract yet)."""
    trick_own: float | None = None
    """Card play: the chance this very card (not partner's) takes the current trick."""


@dataclass(frozen=True, slots=True)
class BidChance:
    """One bid in the auction: the chance of making it with your best trump, and its
    expected game points for your side."""

    bid: int
    chance: float
    worth: float


@dataclass(frozen=True, slots=True)
class Hint:
    """The suggestion for one decision."""

    seat: int
    phase: str
    action: Action
    """The suggestion: in card play and the trump choice the best option on the figures
    shown (:func:`~.hint.best_on_figures`), in the auction the best row of the bid table
    (:func:`~.hint.best_row`), elsewhere the strongest bot's choice for this view and seed (that
    choice is always ``search_action or action``)."""
    reason: str
    options: tuple[Option, ...]
    """Every legal action: the suggestion first, then the others best first."""
    worlds: int
    """How many deals consistent with the view the figures shown come from (in card play
    and the trump choice, the worlds the bot's search valued)."""
    trumps: tuple[tuple[str, float], ...] = ()
    """Auction: the points your side takes on average as bidder with each trump."""
    bids: tuple[BidChance, ...] = ()
    """Auction: every bid you may make, with its chance and worth."""
    support: int = 0
    """Auction: the highest legal bid your cards support: its game points a deal as
    bidder above the pass row's (as printed), 0 if none."""
    seed: int = 0
    seconds: float = field(default=0.0, compare=False)
    search_action: Action | None = None
    """The strongest bot's own choice where the hint's pick, the best option on the figures
    it shows, is another (None: the suggestion is that choice)."""
    equal: tuple[str, ...] = ()
    """Other options as good as the suggestion by every figure (within the search's
    noise, the same chance on the contract and the same card points)."""
    defending: bool = False
    """The other side holds the contract: the chance shown is the chance to beat it."""
    standing: str = ""
    """Auction: the contract a pass leaves standing, whose worth the pass row shows
    (``West's 17``, ``partner's 16``, ``no contract yet``)."""

    def option(self, action: Action) -> Option | None:
        """The option for ``action``, if it is legal."""
        for o in self.options:
            if o.action == action:
                return o
        return None


def percent(x: float | None) -> str:
    """A chance in whole percent: ``38%`` (``?``: none)."""
    return "?" if x is None else f"{100 * x:.0f}%"


def game_points(x: float) -> str:
    """Game points a deal as the bid table prints them: ``+0.11``, ``-0.27``, and ``0.00``
    for what rounds to nothing (never ``-0.00``)."""
    text = f"{x:+.2f}"
    return "0.00" if text in ("+0.00", "-0.00") else text


def shown_chance(o: Option) -> int:
    """The chance on the contract as the hint prints it, in whole percent (-1: none)."""
    return -1 if o.ours is None else int(f"{100 * o.ours:.0f}")


def shown_points(o: Option) -> float:
    """Your side's card points as the hint prints them, to a tenth (-1: none)."""
    return -1.0 if o.card_points is None else float(f"{o.card_points:.1f}")


def figure_key(o: Option) -> tuple[int, float, float]:
    """How the figures shown rank an option (larger: better): the chance on the contract,
    then card points, then the search's worth."""
    return (shown_chance(o), shown_points(o), -9.0 if o.worth is None else o.worth)


def plainness(view: SeatView, o: Option) -> tuple[int, int, int]:
    """How plain an option is (smaller: plainer): a card before a call, a card that is not
    a known trump before one that is, fewer points, a lower rank."""
    card = o.action.card
    if card is None:
        return (3, 0, 0)
    trump = view.trump_suit if view.trump_suit is not None and view.trump_suit >= 0 \
        else None
    return (int(card.suit == trump), card.points, -card.rank)


def shown_worth(o: Option) -> float:
    """A bid table row's figure as the hint prints it: game points a deal, to a
    hundredth (-9: none)."""
    return -9.0 if o.worth is None else float(f"{o.worth:.2f}")


__all__ = [
    "CHANCE_NOISE", "CHANCE_POINTS", "NEAR_TIE", "PICK_WINDOW", "POINTS_NOISE", "BidChance",
    "Hint", "NoHint", "Option", "figure_key", "game_points", "percent", "plainness",
    "shown_chance", "shown_points", "shown_worth",
]
