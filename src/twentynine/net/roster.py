"""Who sits at a hosted table: its seats (four at Twenty-Nine, three to nine at
Twenty-Five), the people in them, and the bots that play
for empty seats and for players who dropped.

A person holds a seat by a secret token, handed to them when they sit down; only that
token brings them back to it after a drop (a name alone never gives a seat).
"""

from __future__ import annotations

import base64
import hmac
import secrets
from collections import deque
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from ..engine.rules import Rules
from .wire import compact_json

if TYPE_CHECKING:
    from .connection import Connection

RECONNECT_SECONDS = 300.0
"""How long a dropped player's seat waits for them (their token brings them back)."""
AWAY_DEFAULT_CLOCK = 25.0
"""Seconds a dropped player's turn waits before its bot moves, when the table has no clock."""
SEAT_NAMES = ("south", "east", "north", "west")
"""Seat names in the protocol: engine seat 0 is south, 2 north; 1 and 3 are east and west
(whichever way play goes, the protocol's names are fixed)."""
BOT_SEED_MIX = 0x9E3779B1
RETIRED_TOKENS = 64
"""Tokens a table remembers after their seat is gone."""


def new_code() -> str:
    """A join code: 80 random bits as 16 letters and digits in four groups.

    >>> from twentynine.net.protocol import is_code, normal_code
    >>> c = new_code()
    >>> len(c), c.count("-"), normal_code(c.lower()) == normal_code(c), is_code(c)
    (19, 3, True, True)
    """
    raw = base64.b32encode(secrets.token_bytes(10)).decode()
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


def new_token() -> str:
    """A seat's token: 144 random bits, URL-safe ASCII."""
    return secrets.token_urlsafe(18)


def bot_seed(key: int, seat: int, n_actions: int) -> int:
    """The seed of one bot decision: the same table key, seat and moment give the same
    move (so a resumed table decides alike).

    >>> bot_seed(7, 1, 30) == bot_seed(7, 1, 30) != bot_seed(7, 2, 30)
    True
    """
    return (key * 1_000_003 + seat * BOT_SEED_MIX + n_actions * 7_919) & (2**63 - 1)


@dataclass
class Settings:
    """A host's table settings."""

    rules: Any = field(default_factory=Rules)
    """The table's rules: Twenty-Nine's :class:`~twentynine.engine.rules.Rules`, or
    Twenty-Five's :class:`~twentynine.twentyfive.house_rules.HouseRules` (the game follows
    from their type: :func:`~.card_games.game_for`)."""
    bots: str = "medium"
    clock: float | None = None
    """Seconds per move (the server plays for a player whose time ran out), or None."""
    away: str = "bot"
    """``bot``: a dropped player's bot moves after the move clock; ``wait``: the table waits
    for them (up to :data:`RECONNECT_SECONDS`)."""
    bot_delay: float = 0.8
    """Seconds between a bot's moves, so people can follow them."""


@dataclass
class Player:
    """A person at a seat; ``conn`` is None while their connection is down."""

    name: str
    token: str
    conn: Connection | None = None
    away_since: float | None = None
    away_moves: list[str] = field(default_factory=list)
    """The moves a bot made for them while they were away (told when they are back)."""


@dataclass
class Seat:
    """One seat: a player, or none (a bot plays it); ``incoming`` takes the
    seat over from the bot when the next deal starts."""

    player: Player | None = None
    incoming: Player | None = None
    ready: bool = False
    """The player has seen the deal's result and wants the next deal."""


class Roster:
    """The seats of one table and the names that sat in them."""

    def __init__(self, bots: str, names: list[str | None] | None = None, count: int = 4,
                 order: tuple[int, ...] = (0, 2, 1, 3)) -> None:
        self.bots = bots
        self.seats = [Seat() for _ in range(count)]
        self.order = order
        """The order free seats are given in to a player who names none."""
        self.names: list[str | None] = list(names) if names and len(names) == count \
            else [None] * count
        """Who sat where (kept in the record so a resumed table shows the same names)."""
        self._cache: tuple[tuple[object, ...], str] | None = None
        self._retired: deque[str] = deque(maxlen=RETIRED_TOKENS)
        """Tokens that held a seat here and no longer do (the seat was given up or its
        wait ran out): a client coming back with one is told so, not counted as a
        guess."""

    def listing(self) -> list[dict[str, Any]]:
        """Each seat's name and kind (``human``, ``away`` or ``bot``), as the protocol
        sends it."""
        out = []
        for s, seat in enumerate(self.seats):
            p = seat.player
            if p is None:
                kind = "bot"
            elif p.conn is None:
                kind = "away"
            else:
                kind = "human"
            out.append({"seat": s, "name": p.name if p else f"{self.bots} bot",
                        "kind": kind,
                        "incoming": seat.incoming.name if seat.incoming else None})
        return out

    def text(self) -> str:
        """:meth:`listing` as JSON, made again only when who sits where changed (it is in
        every state)."""
        key = tuple((seat.player, seat.player.conn is None if seat.player else None,
                     seat.player.name if seat.player else None, seat.incoming,
                     seat.incoming.name if seat.incoming else None) for seat in self.seats)
        if self._cache is None or self._cache[0] != key:
            self._cache = (key, compact_json(self.listing()))
        return self._cache[1]

    def humans(self) -> list[int]:
        """Seats with a connected player."""
        return [s for s, seat in enumerate(self.seats)
                if seat.player is not None and seat.player.conn is not None]

    def occupied(self) -> bool:
        """Whether anyone sits (or waits to sit) at the table, connected or not."""
        return any(seat.player is not None or seat.incoming is not None
                   for seat in self.seats)

    def all_present(self) -> bool:
        """Every seat has a connected player and nobody waits for a seat."""
        return all(seat.incoming is None and seat.player is not None
                   and seat.player.conn is not None for seat in self.seats)

    def bot_moves_for(self, seat: int, now: float, turn_started: float,
                      settings: Settings) -> bool:
        """Whether the bot moves for ``seat`` now: no player, or a dropped player whose
        wait is over."""
        p = self.seats[seat].player
        if p is None:
            return True
        if p.conn is not None:
            return False
        assert p.away_since is not None
        if now - p.away_since >= RECONNECT_SECONDS:
            return True
        if settings.away == "wait":
            return False
        limit = settings.clock or AWAY_DEFAULT_CLOCK
        return now - max(turn_started, p.away_since) >= limit

    def release_expired(self, now: float) -> list[tuple[int, str]]:
        """Players gone longer than the reconnect time lose their seat to the bot; the
        seats (and names) released."""
        out = []
        for s, seat in enumerate(self.seats):
            for p in (seat.player, seat.incoming):
                if p is not None and p.conn is None and p.away_since is not None \
                        and now - p.away_since >= RECONNECT_SECONDS:
                    if seat.player is p:
                        seat.player = None
                    else:
                        seat.incoming = None
                    self.retire(p.token)
                    out.append((s, p.name))
        return out

    def retire(self, token: str) -> None:
        """``token``'s seat is gone: remember it was once good here."""
        self._retired.append(token)

    def was_held(self, token: str) -> bool:
        """Whether ``token`` held a seat here that is gone now (compared in constant
        time)."""
        want = token.encode()
        found = False
        for old in self._retired:
            found |= hmac.compare_digest(old.encode(), want)
        return found

    def holder(self, token: str) -> tuple[int, Player] | None:
        """The seat and player that ``token`` is for (seated or incoming), if any.  Every
        seat is compared in constant time, and text that is not ASCII matches nothing."""
        if not token.isascii():
            return None
        found: tuple[int, Player] | None = None
        want = token.encode()
        for s, seat in enumerate(self.seats):
            for p in (seat.player, seat.incoming):
                if p is not None and hmac.compare_digest(p.token.encode(), want):
                    found = (s, p)
        return found

    def free_seat(self) -> int | None:
        """The first free seat in :attr:`order` (at Twenty-Nine south, north, east,
        west)."""
        for s in self.order:
            if self.seats[s].player is None and self.seats[s].incoming is None:
                return s
        return None

    def seat_new_players(self) -> None:
        """Between deals: the players waiting for a seat take it from the bot."""
        for seat in self.seats:
            if seat.incoming is not None:
                seat.player, seat.incoming = seat.incoming, None
            seat.ready = False

    def saved(self) -> list[dict[str, str] | None]:
        """The seated players' names and tokens, for the table's private record."""
        return [{"name": seat.player.name, "token": seat.player.token}
                if seat.player is not None else None for seat in self.seats]
