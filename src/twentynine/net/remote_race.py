"""A seat at a hosted table of Twenty-Five: the terminal's Twenty-Five screen plays through
:class:`RemoteRace` (``twentynine join`` at a table hosted with ``--game twentyfive``).

It answers the screen's questions (:class:`~twentynine.twentyfive.race_table.RaceTableLike`)
from the last state the server sent for this seat, decoded back into the engine's own
values (:func:`decode_race_view`, :func:`decode_race_event`); moves go to the server,
which decides, plays the bots and keeps the record.  Seats keep their server numbers: the
screen names them (:attr:`RemoteRace.names`) "You" for ours, the players' names for
theirs, ``Seat N`` for a bot's, as the phone page does.

>>> from twentynine.twentyfive import HouseRules, Race
>>> from twentynine.net.card_games import TWENTYFIVE
>>> g = Race(seed=2, rules=HouseRules(players=6, teams="threes"))
>>> v = g.view(0)
>>> decode_race_view(TWENTYFIVE.encode_view(v), v.rules) == v
True
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable, Sequence
from typing import Any

from ..controller.table_like import Refusal
from ..twentyfive import happenings as ev
from ..twentyfive.house_rules import HouseRules
from ..twentyfive.moves import NEXT_DEAL, Move, MoveError, MoveKind
from ..twentyfive.pack import Card, CardError, parse_card
from ..twentyfive.race import IllegalMoveError
from ..twentyfive.race_table import no_rob_reason
from ..twentyfive.seat_view import PlayerView, Stage, TrickDone
from .client import Connection, JoinError
from .protocol import ProtocolError
from .remote import SeatLink, connect_seat

_EVENTS: dict[str, type[Any]] = {cls.__name__: cls for cls in (
    ev.DealStarted, ev.CardsDealt, ev.TrumpTurned, ev.Robbed, ev.CardPlayed, ev.TrickWon,
    ev.DealOver, ev.RaceWon)}


def _card(data: Any) -> Card:
    if not isinstance(data, str):
        raise ProtocolError("malformed", f"expected a card, not {data!r}")
    try:
        return parse_card(data)
    except CardError as exc:
        raise ProtocolError("malformed", str(exc)) from None


def _cards_of(data: Any) -> tuple[tuple[int, Card], ...]:
    return tuple((int(s), _card(c)) for s, c in data)


def decode_race_view(data: dict[str, Any], rules: HouseRules) -> PlayerView:
    """A seat's view back from the server's JSON (``TwentyFive.encode_view``)."""
    try:
        laid = data.get("laid_down")
        return PlayerView(
            seat=int(data["seat"]), rules=rules, number=int(data["number"]),
            dealer=int(data["dealer"]), stage=Stage(data["stage"]),
            turn=None if data["turn"] is None else int(data["turn"]),
            hand=tuple(_card(c) for c in data["hand"]),
            hand_sizes=tuple(int(n) for n in data["hand_sizes"]),
            turned=_card(data["turned"]), trump=int(data["trump"]),
            robber=None if data["robber"] is None else int(data["robber"]),
            laid_down=None if laid is None else _card(laid),
            leader=int(data["leader"]), trick=_cards_of(data["trick"]),
            tricks=tuple(TrickDone(int(t["leader"]), _cards_of(t["cards"]), int(t["winner"]))
                         for t in data["tricks"]),
            tricks_won=tuple(int(n) for n in data["tricks_won"]),
            scores=tuple(int(n) for n in data["scores"]),
            winner=None if data["winner"] is None else int(data["winner"]),
            legal_actions=tuple(Move.parse(m) for m in data["legal_actions"]))
    except (KeyError, TypeError, ValueError, MoveError) as exc:
        raise ProtocolError("malformed", f"a bad view: {exc}") from None


def decode_race_event(data: Any) -> ev.Event:
    """An event back from the server's JSON (its ``words`` are the page's; the terminal
    writes its own lines from the event)."""
    if not isinstance(data, dict) or data.get("event") not in _EVENTS:
        raise ProtocolError("malformed", f"not an event: {data!r}")
    cls = _EVENTS[data["event"]]
    try:
        if cls is ev.DealStarted:
            return ev.DealStarted(int(data["number"]), int(data["dealer"]),
                                  tuple(data["scores"]))
        if cls is ev.CardsDealt:
            cards = data["cards"]
            return ev.CardsDealt(int(data["seat"]),
                                 None if cards is None else tuple(_card(c) for c in cards))
        if cls is ev.TrumpTurned:
            return ev.TrumpTurned(_card(data["card"]), int(data["trump"]))
        if cls is ev.Robbed:
            laid = data["laid_down"]
            return ev.Robbed(int(data["seat"]), _card(data["taken"]),
                             None if laid is None else _card(laid))
        if cls is ev.CardPlayed:
            return ev.CardPlayed(int(data["seat"]), _card(data["card"]))
        if cls is ev.TrickWon:
            return ev.TrickWon(int(data["number"]), int(data["seat"]), int(data["side"]),
                               _cards_of(data["cards"]), tuple(data["scores"]))
        if cls is ev.DealOver:
            return ev.DealOver(int(data["number"]), tuple(data["tricks"]),
                               tuple(data["scores"]))
        return ev.RaceWon(int(data["side"]), tuple(data["seats"]), tuple(data["scores"]),
                          int(data["deal"]), int(data["trick"]))
    except (KeyError, TypeError, ValueError) as exc:
        raise ProtocolError("malformed", f"a bad event: {exc}") from None


class RemoteRace(SeatLink):
    """One seat at a hosted table of Twenty-Five."""

    shared = True
    save_error: str | None = None

    def __init__(self, conn: Connection, host: str, port: int, code: str, name: str) -> None:
        super().__init__(conn, host, port, code, name)
        self.rules: HouseRules = conn.rules
        self.bots = str(conn.welcome.get("bots", ""))
        self.seats: list[dict[str, Any]] = list(conn.welcome.get("seats", []))
        self.waiting = bool(conn.welcome.get("waiting"))
        self.game_number = int(conn.welcome.get("game", 1))
        self._view: PlayerView | None = None
        self._history: list[ev.Event] = []
        self._count = 0
        self._next_deal = False
        self._over = False

    @classmethod
    async def join(cls, host: str, port: int, code: str, name: str,
                   seat: int | str | None = None, token: str | None = None) -> RemoteRace:
        """Sit down (back in our seat with ``token``, while the server holds it)."""
        conn = await connect_seat(host, port, code, name, seat, token)
        if conn.card_game != "twentyfive":
            await conn.close()
            raise JoinError("that table plays Twenty-Nine")
        table = cls(conn, host, port, code, name)
        await table.first_state()
        return table

    async def first_state(self, timeout: float = 10) -> None:
        """Read until the first state (or, waiting for our seat, the deal as anyone sees
        it) has come."""
        while self._view is None:
            self._handle(await self.conn.receive(timeout))
        if self.waiting:
            self.notice = ("You take this seat when the next deal starts; its bot "
                           "finishes this one.")

    # ------------------------------------------------------------------ the server's news
    def _on_game_message(self, kind: object, msg: dict[str, Any]) -> None:
        if kind in ("state", "waiting"):
            self._on_state(msg, waiting=kind == "waiting")

    def _on_state(self, msg: dict[str, Any], waiting: bool) -> None:
        view = msg.get("view")
        if not isinstance(view, dict):
            return
        events = [decode_race_event(e) for e in msg.get("events", [])]
        began = self._view is not None and int(msg.get("game", 1)) != self.game_number
        self.game_number = int(msg.get("game", 1))
        first = self._view is None or self._resync or began or (self.waiting and not waiting)
        self._resync = False
        self.waiting = waiting
        self._view = decode_race_view(view, self.rules)
        self.seats = list(msg.get("seats", self.seats))
        self._next_deal = bool(msg.get("next_deal"))
        self._over = bool(msg.get("game_over"))
        actions = int(msg.get("actions", 0))
        if actions != self._count or msg.get("ref") is not None:
            self._pending = False
        self._count = actions
        if first:
            self._history = list(events)
        else:
            self._history += events
        self._told(events)

    # ------------------------------------------------------------------ the screen's table
    def names(self, seat: int) -> str:
        """What this table calls ``seat``: "You", a player's name, or ``Seat N`` for a
        bot's (as the phone page at the same table calls it)."""
        if seat == self.server_seat and not self.waiting:
            return "You"
        entry = next((d for d in self.seats if isinstance(d, dict) and d.get("seat") == seat),
                     None)
        if entry is not None and entry.get("kind") != "bot" and entry.get("name"):
            return str(entry["name"])
        return f"Seat {seat + 1}"

    @property
    def history(self) -> Sequence[ev.Event]:
        return self._history

    @property
    def is_over(self) -> bool:
        return self._over

    def view(self) -> PlayerView:
        if self._view is None:
            raise RuntimeError("no state from the server yet")
        return self._view

    def legal_actions(self) -> list[Move]:
        """Our moves now: nothing while a move is awaited from the server; the next deal
        once the deal is over and the server waits for us."""
        if self._view is None or self._pending or self.waiting or self._over:
            return []
        if self._view.stage is Stage.DEAL_OVER:
            return [NEXT_DEAL] if self._next_deal else []
        return list(self._view.legal_actions)

    def apply(self, action: Move) -> list[ev.Event]:
        """Send ``action``; the server's answer (the events, or its reason) comes later."""
        problem = None
        if self._pending:
            problem = "waiting for the server to answer your last move"
        elif self.waiting:
            problem = "you take this seat when the next deal starts"
        elif self._over:
            problem = "the game is over"
        elif action.kind is MoveKind.NEXT_DEAL:
            if not self._next_deal:
                problem = "waiting for the others to be ready for the next deal"
        elif self._view is None or self._view.turn != self.server_seat:
            problem = "it is not your turn"
        if problem is not None:
            raise IllegalMoveError(problem)
        self._pending = True
        self._sending = asyncio.get_running_loop().create_task(self._send(str(action)))
        return []

    async def _send(self, action: str) -> None:
        try:
            await self.conn.act(action, ref=self._count, at=self._count)
        except (ConnectionError, RuntimeError) as exc:
            self._pending = False
            self._tell(Refusal(f"Not sent: {exc}"))

    def new_game(self) -> None:
        """Ask the server for the table's next game (same seats, new cards)."""
        if not self._over or self._pending:
            return
        self._pending = True
        self._sending = asyncio.get_running_loop().create_task(
            self.conn.new_game(self.game_number, ref=self._count))

    def add_listener(self, fn: Callable[[Sequence[ev.Event]], None]) -> None:
        self._listeners.append(fn)

    def bot_seat(self) -> int | None:
        return None  # the server plays the bots

    def think(self, seat: int) -> Move:
        raise RuntimeError("the server plays the bots at a hosted table")

    def play_bot(self, seat: int, move: Move) -> list[ev.Event]:
        raise RuntimeError("the server plays the bots at a hosted table")

    def why_no_rob(self) -> str | None:
        """Why this seat may not rob now, from its view (the server has the engine)."""
        return no_rob_reason(self.view())

    def save(self) -> bool:
        return True  # the server records every move
