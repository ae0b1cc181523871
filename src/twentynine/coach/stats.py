"""Statistics over the history, as plain data (the table's screen and ``twentynine stats``
render the same :class:`Stats`).

Everything is counted from the player's seat: "as bidder" means contracts the player
bid; "as defender", contracts the other side bid; card points and pairs are the player's
side's.  Deals thrown in (a redeal) count as deals but not as contracts.

>>> sparkline([0, 1, 2, 3])
'▁▃▆█'
>>> band(16), band(19), band(22), band(25)
('15-17', '18-19', '20-22', '23+')
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from .history import DealRow, GameRow

BANDS = ("15-17", "18-19", "20-22", "23+")
"""The bid bands of the bidder's record."""
TREND_GAMES = 10
"""How many recent games the mistakes trend covers."""

_BARS = "▁▂▃▄▅▆▇█"


def band(bid: int) -> str:
    """The bid band of ``bid``."""
    if bid <= 17:
        return BANDS[0]
    if bid <= 19:
        return BANDS[1]
    if bid <= 22:
        return BANDS[2]
    return BANDS[3]


def sparkline(values: Sequence[float]) -> str:
    """One bar character per value, scaled from the lowest to the highest."""
    if not values:
        return ""
    lo, hi = min(values), max(values)
    span = hi - lo
    out = []
    for v in values:
        i = 0 if span == 0 else round((v - lo) / span * (len(_BARS) - 1))
        out.append(_BARS[i])
    return "".join(out)


@dataclass(frozen=True, slots=True)
class BandStat:
    """The player's contracts in one bid band."""

    band: str
    contracts: int
    made: int

    @property
    def rate(self) -> float | None:
        """The share made (None with no contract)."""
        return self.made / self.contracts if self.contracts else None


@dataclass(frozen=True, slots=True)
class TrendPoint:
    """Mistakes per reviewed deal in one game."""

    game_id: str
    started: str
    reviewed: int
    mistakes_per_deal: float


@dataclass(frozen=True, slots=True)
class Stats:
    """The statistics of a history."""

    games_played: int
    """Finished games."""
    games_won: int
    games_lost: int
    games_unfinished: int
    deals: int
    as_bidder: tuple[BandStat, ...]
    defended: int
    """Contracts the other side bid."""
    defeated: int
    """Of those, the ones your side beat."""
    average_card_points: float | None
    """Your side's card points per played deal."""
    pairs: int
    """Pairs your side declared."""
    pairs_against: int
    hints: int
    """Hints over every deal, the deals in play (not finished) included."""
    deals_with_hints: int
    take_backs: int
    """Take-backs over every deal, the deals in play included."""
    games_with_take_backs: int
    reviewed_deals: int
    mistakes: int
    trend: tuple[TrendPoint, ...]
    """The last :data:`TREND_GAMES` games with a review, oldest first."""
    partner_contracts: int = 0
    """Contracts your partner bid (your side's, not yours: apart from :attr:`as_bidder`)."""
    partner_made: int = 0

    @property
    def bidder_contracts(self) -> int:
        """The player's contracts over all bands."""
        return sum(b.contracts for b in self.as_bidder)

    @property
    def bidder_made(self) -> int:
        """The player's contracts made."""
        return sum(b.made for b in self.as_bidder)

    @property
    def mistakes_per_deal(self) -> float | None:
        """Mistakes per reviewed deal (None with no review)."""
        return self.mistakes / self.reviewed_deals if self.reviewed_deals else None


def compute_stats(games: Sequence[GameRow], deals: Sequence[DealRow],
                  trend_games: int = TREND_GAMES) -> Stats:
    """The statistics of ``games`` and their ``deals``."""
    finished = [g for g in games if g.won is not None]
    won = sum(1 for g in finished if g.won)
    counts = {b: [0, 0] for b in BANDS}
    defended = defeated = pairs = pairs_against = partner = partner_made = 0
    points: list[int] = []
    hints = hint_deals = take_backs = 0
    reviewed = mistakes = 0
    tb_games: set[str] = set()
    per_game: dict[str, list[int]] = {}
    for d in deals:
        hints += d.hints
        hint_deals += d.hints > 0
        take_backs += d.take_backs
        if d.take_backs:
            tb_games.add(d.game_id)
        if d.mistakes is not None:
            reviewed += 1
            mistakes += d.mistakes
            per_game.setdefault(d.game_id, []).append(d.mistakes)
        if d.thrown_in:
            continue
        points.append(d.card_points[0])
        if d.pair_us is True:
            pairs += 1
        elif d.pair_us is False:
            pairs_against += 1
        if d.bidder is None or d.made is None or d.bid is None:
            continue
        if d.bidder == d.seat:
            c = counts[band(d.bid)]
            c[0] += 1
            c[1] += d.made
        elif (d.bidder & 1) != (d.seat & 1):
            defended += 1
            defeated += not d.made
        else:
            partner += 1
            partner_made += d.made
    for g in games:  # the deals in play: their counts are not in a deal's row yet
        hints += g.open_hints
        hint_deals += g.open_hints > 0
        take_backs += g.open_take_backs
        if g.take_backs:
            tb_games.add(g.id)
    order = {g.id: (g.started, i) for i, g in enumerate(games)}
    trend_ids = sorted(per_game, key=lambda gid: order.get(gid, ("", len(order))))
    trend = tuple(
        TrendPoint(gid, order[gid][0] if gid in order else "", len(per_game[gid]),
                   sum(per_game[gid]) / len(per_game[gid]))
        for gid in trend_ids[-trend_games:])
    return Stats(
        games_played=len(finished), games_won=won, games_lost=len(finished) - won,
        games_unfinished=len(games) - len(finished), deals=len(deals),
        as_bidder=tuple(BandStat(b, c[0], c[1]) for b, c in counts.items()),
        defended=defended, defeated=defeated,
        average_card_points=sum(points) / len(points) if points else None,
        pairs=pairs, pairs_against=pairs_against, hints=hints, deals_with_hints=hint_deals,
        take_backs=take_backs, games_with_take_backs=len(tb_games), reviewed_deals=reviewed,
        mistakes=mistakes, trend=trend, partner_contracts=partner, partner_made=partner_made)


__all__ = ["BANDS", "BandStat", "Stats", "TrendPoint", "band", "compute_stats", "sparkline"]
