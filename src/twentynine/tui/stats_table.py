"""The player's statistics drawn as rich tables: the same picture for ``twentynine stats``
on the command line and the statistics screen of the table."""

from __future__ import annotations

from typing import Any

from rich.console import Group
from rich.table import Table
from rich.text import Text

from ..coach.phrases import count
from ..coach.stats import Stats, sparkline


def _rate(made: int, n: int) -> str:
    return f"{made}/{n} ({100 * made / n:.0f}%)" if n else "-"


def _bar(rate: float) -> str:
    """A rate from 0 to 1 as ten cells, each a tenth.

    >>> _bar(0.5)
    '█████░░░░░'
    """
    full = round(10 * rate)
    return "█" * full + "░" * (10 - full)


def stats_renderable(st: Stats, title: str | None = "Your statistics") -> Group:
    """The statistics as rich tables (the table's statistics screen shows the same under
    its own title, so it passes ``title=None``)."""
    t = Table(title=title, show_header=False, title_justify="left")
    t.add_column("what", style="bold")
    t.add_column("value")
    t.add_row("Games", f"{st.games_played} played: {st.games_won} won, {st.games_lost} lost"
              + (f" ({st.games_unfinished} unfinished)" if st.games_unfinished else ""))
    t.add_row("Deals", str(st.deals))
    t.add_row("As bidder", _rate(st.bidder_made, st.bidder_contracts) + " contracts made"
              if st.bidder_contracts else "none yet")
    t.add_row("Partner bid", _rate(st.partner_made, st.partner_contracts) +
              " contracts made" if st.partner_contracts else "none yet")
    t.add_row("As defender", _rate(st.defeated, st.defended) + " contracts defeated"
              if st.defended else "none yet")
    t.add_row("Card points", "-" if st.average_card_points is None else
              f"{st.average_card_points:.1f} a deal (your side)")
    t.add_row("Pairs", f"{st.pairs} declared by your side, {st.pairs_against} against")
    t.add_row("Hints", f"{st.hints} (in {count(st.deals_with_hints, 'deal')})")
    t.add_row("Take-backs",
              f"{st.take_backs} (in {count(st.games_with_take_backs, 'game')})")
    t.add_row("Mistakes", "no deal reviewed yet" if st.mistakes_per_deal is None else
              f"{st.mistakes_per_deal:.2f} a deal ({st.mistakes} in "
              f"{count(st.reviewed_deals, 'reviewed deal')})")
    parts: list[Any] = [t]
    if st.bidder_contracts:  # before the first, "As bidder: none yet" says it all
        bands = Table(title="Your contracts by bid", title_justify="left")
        bands.add_column("bid")
        bands.add_column("contracts", justify="right")
        bands.add_column("made", justify="right")
        # the rate and its bar under one heading: the bar draws the rate (█ a tenth)
        bands.add_column("success (█ = 10%)")
        for b in st.as_bidder:
            rate = b.rate
            bands.add_row(b.band, str(b.contracts), str(b.made),
                          "   -" if rate is None else f"{100 * rate:3.0f}% " + _bar(rate))
        parts.append(bands)
    if len(st.trend) >= 2:  # a trend of one game is no trend ("1.00 → 1.00")
        values = [p.mistakes_per_deal for p in st.trend]
        line = Text("Mistakes a deal, last games: ", style="bold")
        line.append(sparkline(values), style="cyan")
        line.append(f"  ({values[0]:.2f} → {values[-1]:.2f}, oldest to latest)")
        parts.append(line)
    return Group(*parts)
