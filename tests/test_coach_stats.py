"""Statistics on hand-made histories."""

from __future__ import annotations

import io

from rich.console import Console

from twentynine.coach.history import DealRow, GameRow
from twentynine.coach.stats import compute_stats, sparkline
from twentynine.tui.stats_table import stats_renderable


def game(gid: str, started: str, won: bool | None, take_backs: int = 0) -> GameRow:
    return GameRow(gid, started, {}, 1, "medium", 0, None if won is None else started, won,
                   None, 0, 0, take_backs)


_next = iter(range(1, 1000))


def deal(gid: str, bidder: int | None, bid: int | None, made: bool | None, *,
         points: tuple[int, int] = (15, 14), pair_us: bool | None = None,
         thrown: bool = False, hints: int = 0, take_backs: int = 0,
         mistakes: int | None = None, seat: int = 0) -> DealRow:
    return DealRow(next(_next), gid, 1, "2026-01-01", seat, {}, bidder, bid, made, (0, 0),
                   points, pair_us, thrown, hints, take_backs, mistakes)


def test_games_deals_and_the_bidders_bands() -> None:
    games = [game("a", "1", True), game("b", "2", False), game("c", "3", None)]
    deals = [
        deal("a", 0, 16, True), deal("a", 0, 17, False), deal("a", 0, 18, True),
        deal("a", 0, 21, True), deal("b", 0, 23, False), deal("b", 0, 28, True),
        deal("b", 2, 19, True),  # partner's contract: counted apart
        deal("b", 1, 18, False), deal("b", 3, 20, True),  # the other side's
        deal("c", None, None, None, thrown=True, points=(0, 0)),
    ]
    s = compute_stats(games, deals)
    assert (s.games_played, s.games_won, s.games_lost, s.games_unfinished) == (2, 1, 1, 1)
    assert s.deals == 10
    bands = {b.band: (b.contracts, b.made) for b in s.as_bidder}
    assert bands == {"15-17": (2, 1), "18-19": (1, 1), "20-22": (1, 1), "23+": (2, 1)}
    assert s.as_bidder[0].rate == 0.5 and s.bidder_contracts == 6 and s.bidder_made == 4
    assert (s.defended, s.defeated) == (2, 1)
    assert (s.partner_contracts, s.partner_made) == (1, 1)
    assert s.average_card_points == 15.0  # the thrown-in deal is not counted


def test_seat_is_the_players_own_seat() -> None:
    # a player in seat 1: seat 1's bids are "as bidder", seats 0 and 2 defend against
    s = compute_stats([game("a", "1", None)],
                      [deal("a", 1, 16, True, seat=1), deal("a", 0, 16, False, seat=1)])
    assert s.bidder_contracts == 1 and (s.defended, s.defeated) == (1, 1)


def test_pairs_hints_take_backs_and_card_points() -> None:
    games = [game("a", "1", True), game("b", "2", True, take_backs=0)]
    deals = [deal("a", 0, 16, True, points=(20, 9), pair_us=True, hints=3),
             deal("a", 1, 16, True, points=(10, 19), pair_us=False, take_backs=2),
             deal("b", 1, 16, False, points=(12, 17), hints=1)]
    s = compute_stats(games, deals)
    assert (s.pairs, s.pairs_against) == (1, 1)
    assert (s.hints, s.deals_with_hints) == (4, 2)
    assert (s.take_backs, s.games_with_take_backs) == (2, 1)
    assert s.average_card_points == 14.0


def test_mistakes_per_deal_and_their_trend_over_the_last_games() -> None:
    games = [game(f"g{i}", f"2026-01-{i + 1:02d}", True) for i in range(12)]
    deals = []
    for i in range(12):
        deals.append(deal(f"g{i}", 0, 16, True, mistakes=12 - i))
        deals.append(deal(f"g{i}", 0, 16, True, mistakes=None))  # not reviewed
    s = compute_stats(games, deals, trend_games=10)
    assert s.reviewed_deals == 12 and s.mistakes == sum(range(1, 13))
    assert [p.game_id for p in s.trend] == [f"g{i}" for i in range(2, 12)]
    assert [p.mistakes_per_deal for p in s.trend] == [float(10 - i) for i in range(10)]
    line = sparkline([p.mistakes_per_deal for p in s.trend])
    assert len(line) == 10 and line[0] == "█" and line[-1] == "▁"


def test_an_empty_history() -> None:
    s = compute_stats([], [])
    assert s.deals == 0 and s.average_card_points is None and s.mistakes_per_deal is None
    assert s.trend == () and sparkline([]) == ""
    # the statistics screen says so in words, not "- contracts made"
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(stats_renderable(s))
    text = console.export_text()
    assert "As bidder   │ none yet" in text and "As defender │ none yet" in text, text
    assert "- contracts" not in text


def test_the_bars_of_the_contracts_by_bid_have_a_heading() -> None:
    """The column with the bars says what they are (it once had an empty heading), and
    before any contract there is no table of zeros."""
    games = [game("a", "2026-01-01", True)]
    deals = [deal("a", 0, 16, True), deal("a", 0, 17, False), deal("a", 0, 19, True)]
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(stats_renderable(compute_stats(games, deals)))
    lines = console.export_text().splitlines()
    head = next(line for line in lines if "contracts ┃" in line).split("┃")[1:-1]
    rows = [line.split("│")[1:-1] for line in lines if "█" in line and "│" in line]
    assert rows
    for cells in rows:
        bar = next(i for i, cell in enumerate(cells) if "█" in cell)
        assert "success" in head[bar] and "█ = 10%" in head[bar], head
    assert any(cells[bar].split() == ["50%", "█████░░░░░"] for cells in rows), rows
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(stats_renderable(compute_stats([], [])))
    assert "contracts by bid" not in console.export_text()


def test_your_partners_contracts_are_counted_and_a_single_game_is_no_trend() -> None:
    """A contract your partner bid and made showed nowhere ("As bidder: none yet", "As
    defender: 0/1"); and with one reviewed game the trend read "▁ (1.00 → 1.00)"."""
    games = [game("a", "2026-01-01", None)]
    deals = [deal("a", 3, 18, True, mistakes=1), deal("a", 2, 18, True)]
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(stats_renderable(compute_stats(games, deals)))
    text = console.export_text()
    assert "Partner bid │ 1/1 (100%) contracts made" in text, text
    assert "As bidder   │ none yet" in text
    assert "last games" not in text
    games.append(game("b", "2026-01-02", True))
    deals.append(deal("b", 0, 16, True, mistakes=0))
    console = Console(width=100, record=True, file=io.StringIO())
    console.print(stats_renderable(compute_stats(games, deals)))
    assert "Mistakes a deal, last games: " in console.export_text()
