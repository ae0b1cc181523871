"""Turning the table: a remote player's seat becomes seat 0 on their screen.

The table's UI draws seat 0 at the bottom (South, "You"), seat 2 opposite, and team 0 as
"Us".  A player who sits at seat 1 on the server sees the same picture when every seat in
what the server sends is turned by -1 (seat 1 -> 0, 2 -> 1, ...) and, because that moves
seat parity, the two teams' numbers swap.  These functions do that on the protocol's JSON
data (docs/protocol.md), before decoding; play order, partners and who is on which side are
unchanged, so everything the UI derives stays right.

>>> rotate_event({"event": "CardPlayed", "seat": 2, "card": "JH"}, 1)
{'event': 'CardPlayed', 'seat': 1, 'card': 'JH'}
>>> rotate_event({"event": "GameOver", "winner": 1, "scores": [-6, 6]}, 1)
{'event': 'GameOver', 'winner': 0, 'scores': [6, -6]}
>>> rotate_event({"event": "GameOver", "winner": 1, "scores": [-6, 6]}, 2)
{'event': 'GameOver', 'winner': 1, 'scores': [-6, 6]}
"""

from __future__ import annotations

from typing import Any

EVENT_SEATS = {
    "DealStarted": ("dealer",), "CardsDealt": ("seat",), "BidMade": ("seat",),
    "Passed": ("seat",), "AuctionWon": ("seat",), "TrumpChosen": ("seat",),
    "Doubled": ("seat",), "Declined": ("seat",), "SingleHandAnnounced": ("seat",),
    "ThrownIn": ("seat",), "TrumpShown": ("seat", "bidder"), "CardPlayed": ("seat",),
    "TrickWon": ("seat",), "PairDeclared": ("seat",), "DealScored": (), "GameOver": (),
}
"""Per event, its fields that hold a seat."""
EVENT_TEAM_PAIRS = {"DealStarted": ("scores",), "DealScored": ("scores",),
                    "GameOver": ("scores",)}
EVENT_TEAMS = {"GameOver": ("winner",)}

VIEW_SEATS = ("seat", "dealer", "turn", "bidder", "asker", "leader", "pair_seat",
              "single_hand", "sitting_out")
VIEW_TEAM_PAIRS = ("scores", "points", "tricks_won")
OUTCOME_SEATS = ("bidder", "single_hand")
OUTCOME_TEAM_PAIRS = ("card_points", "tricks", "game_points")
OUTCOME_TEAMS = ("pair_team", "all_tricks_team")


def rot_seat(seat: Any, k: int) -> Any:
    """Seat ``seat`` as seen from seat ``k`` (None and -1, "nobody", stay)."""
    if isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat <= 3:
        return (seat - k) & 3
    return seat


def rot_team(team: Any, k: int) -> Any:
    if k & 1 and isinstance(team, int) and not isinstance(team, bool) and team in (0, 1):
        return 1 - team
    return team


def rot_pair(pair: Any, k: int) -> Any:
    if k & 1 and isinstance(pair, list) and len(pair) == 2:
        return [pair[1], pair[0]]
    return pair


def _seat_cards(items: Any, k: int) -> Any:
    """[[seat, card], ...] turned."""
    if not isinstance(items, list):
        return items
    return [[rot_seat(x[0], k), *x[1:]] if isinstance(x, list) and x else x for x in items]


def rotate_outcome(data: Any, k: int) -> Any:
    if not isinstance(data, dict):
        return data
    out = dict(data)
    for f in OUTCOME_SEATS:
        if f in out:
            out[f] = rot_seat(out[f], k)
    for f in OUTCOME_TEAM_PAIRS:
        if f in out:
            out[f] = rot_pair(out[f], k)
    for f in OUTCOME_TEAMS:
        if f in out:
            out[f] = rot_team(out[f], k)
    return out


def rotate_event(data: Any, k: int) -> Any:
    """An event's data as seen with seat ``k`` turned to seat 0."""
    if not isinstance(data, dict) or k & 3 == 0:
        return data
    name = data.get("event")
    out = dict(data)
    for f in EVENT_SEATS.get(name, ()):  # type: ignore[arg-type]
        if f in out:
            out[f] = rot_seat(out[f], k)
    for f in EVENT_TEAM_PAIRS.get(name, ()):  # type: ignore[arg-type]
        if f in out:
            out[f] = rot_pair(out[f], k)
    for f in EVENT_TEAMS.get(name, ()):  # type: ignore[arg-type]
        if f in out:
            out[f] = rot_team(out[f], k)
    if name == "TrickWon":
        out["cards"] = _seat_cards(out.get("cards"), k)
    if name == "DealScored":
        out["outcome"] = rotate_outcome(out.get("outcome"), k)
    return out


def rotate_view(data: Any, k: int) -> Any:
    """A view's data as seen with seat ``k`` turned to seat 0."""
    if not isinstance(data, dict) or k & 3 == 0:
        return data
    out = dict(data)
    for f in VIEW_SEATS:
        if f in out:
            out[f] = rot_seat(out[f], k)
    for f in VIEW_TEAM_PAIRS:
        if f in out:
            out[f] = rot_pair(out[f], k)
    if isinstance(out.get("hand_sizes"), list) and len(out["hand_sizes"]) == 4:
        sizes = out["hand_sizes"]
        out["hand_sizes"] = [sizes[(i + k) & 3] for i in range(4)]
    if isinstance(out.get("bids"), list):
        out["bids"] = _seat_cards(out["bids"], k)
    out["trick"] = _seat_cards(out.get("trick"), k)
    if isinstance(out.get("tricks"), list):
        out["tricks"] = [
            {**t, "leader": rot_seat(t.get("leader"), k), "winner": rot_seat(t.get("winner"), k),
             "cards": _seat_cards(t.get("cards"), k)} if isinstance(t, dict) else t
            for t in out["tricks"]]
    out["outcome"] = rotate_outcome(out.get("outcome"), k)
    return out
