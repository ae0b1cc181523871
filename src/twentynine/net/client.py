"""The client side of the table server's protocol: connect, say hello, send actions, read
the server's messages back as views and events.

:class:`Connection` is the plain asyncio client (the tests and the load benchmark use it);
the terminal table uses it through :mod:`twentynine.net.remote`.
"""

from __future__ import annotations

import asyncio
import json
from dataclasses import dataclass
from typing import Any

import aiohttp

from ..engine.events import Event
from ..engine.rules import Rules
from ..engine.views import SeatView
from .card_games import game_named
from .protocol import VERSION, ProtocolError, decode_event, decode_view, message

CLIENT_MAX_MESSAGE = 4 * 1024 * 1024
"""What a client accepts from the server (a state with a long deal's events is ~20 KiB)."""


class JoinError(Exception):
    """The server refused to seat us (wrong code, seat taken, ...), or is not there."""


def parse_address(text: str, default_port: int = 2929) -> tuple[str, int]:
    """``HOST:PORT`` (or ``HOST``) as a host and a port.

    >>> parse_address("192.168.1.5:2930"), parse_address("localhost")
    (('192.168.1.5', 2930), ('localhost', 2929))
    >>> parse_address("[::1]:80")
    ('::1', 80)
    """
    t = text.strip()
    if t.startswith("["):
        host, _, rest = t[1:].partition("]")
        port_text = rest.lstrip(":")
    elif t.count(":") == 1:
        host, port_text = t.split(":")
    else:
        host, port_text = t, ""
    if not host:
        raise ValueError(f"{text!r} has no host")
    if not port_text:
        return host, default_port
    if not port_text.isdigit() or not 1 <= int(port_text) <= 65535:
        raise ValueError(f"{text!r}: the port must be a number from 1 to 65535")
    return host, int(port_text)


@dataclass
class State:
    """One ``state`` message, decoded."""

    seat: int
    actions: int
    view: SeatView
    events: list[Event]
    scores: tuple[int, int]
    game_over: bool
    winner: int | None
    turn: int
    next_deal: bool
    clock: float | None
    seats: list[dict[str, Any]]
    ref: Any = None
    game: int = 1
    """Which game this is at the table (the players start the next one at game over)."""


def decode_state(data: dict[str, Any], rules: Rules | None = None) -> State:
    """A ``state`` message's fields as values (``rules``: the table's, from the welcome)."""
    try:
        sc = data["scores"]
        return State(seat=int(data["seat"]), actions=int(data["actions"]),
                     view=decode_view(data["view"], rules),
                     events=[decode_event(e) for e in data["events"]],
                     scores=(int(sc[0]), int(sc[1])), game_over=bool(data["game_over"]),
                     winner=data.get("winner"), turn=int(data["turn"]),
                     next_deal=bool(data.get("next_deal")), clock=data.get("clock"),
                     seats=list(data.get("seats", [])), ref=data.get("ref"),
                     game=int(data.get("game", 1)))
    except (KeyError, TypeError, IndexError, ValueError) as exc:
        raise ProtocolError("malformed", f"a bad state message: {exc}") from None


class Connection:
    """One player's connection to a table server."""

    def __init__(self, session: aiohttp.ClientSession, ws: aiohttp.ClientWebSocketResponse,
                 welcome: dict[str, Any]) -> None:
        self.session = session
        self.ws = ws
        self.welcome = welcome
        self.seat: int = int(welcome["seat"])
        self.card_game = str(welcome.get("card_game", "twentynine"))
        """Which game the table plays (a welcome that names none is Twenty-Nine's)."""
        self.rules: Any = game_named(self.card_game).rules_from(welcome["rules"])
        self.token: str = str(welcome["token"])
        self.view_data: dict[str, Any] | None = None
        """The last view the server sent (encoded): a state's ``view_changes`` apply to it."""

    @classmethod
    async def join(cls, host: str, port: int, code: str, name: str = "player",
                   seat: int | str | None = None, token: str | None = None,
                   timeout: float = 10.0) -> Connection:
        """Connect and take a seat; :class:`JoinError` with the server's reason if refused."""
        session = aiohttp.ClientSession()
        try:
            ws = await session.ws_connect(f"http://{host}:{port}/ws",
                                          max_msg_size=CLIENT_MAX_MESSAGE, heartbeat=20,
                                          timeout=aiohttp.ClientWSTimeout(ws_close=5))
        except aiohttp.WSServerHandshakeError as exc:
            await session.close()
            if exc.status == 421:
                raise JoinError(f"the table server at {host}:{port} answers only to its "
                                "machine's addresses and names: join by the address the "
                                "host printed") from None
            raise JoinError(f"cannot reach a table server at {host}:{port}: {exc}") from None
        except (aiohttp.ClientError, OSError) as exc:
            await session.close()
            raise JoinError(f"cannot reach a table server at {host}:{port}: {exc}") from None
        hello: dict[str, Any] = {"code": code, "name": name}
        if seat is not None:
            hello["seat"] = seat
        if token is not None:
            hello["token"] = token
        await ws.send_str(message("hello", **hello))
        try:
            reply = await asyncio.wait_for(_receive(ws), timeout)
        except (TimeoutError, ConnectionError) as exc:
            await ws.close()
            await session.close()
            raise JoinError(f"the server did not answer: {exc or 'timeout'}") from None
        if reply.get("type") != "welcome":
            await ws.close()
            await session.close()
            raise JoinError(str(reply.get("message", reply)))
        return cls(session, ws, reply)

    async def send(self, type_: str, **fields: Any) -> None:
        await self.ws.send_str(message(type_, **fields))

    async def act(self, action: str, ref: Any = None, at: int | None = None) -> None:
        """Send one action in its text form (``play JH``, ``bid 17``, ``next deal``);
        ``at``, the number of actions of the state it was chosen in, makes the server
        refuse it (``stale``) if the table has moved on by the time it arrives."""
        fields: dict[str, Any] = {"action": action}
        if ref is not None:
            fields["ref"] = ref
        if at is not None:
            fields["at"] = at
        await self.send("action", **fields)

    async def new_game(self, after: int | None = None, ref: Any = None) -> None:
        """Ask for the table's next game (once the game ``after`` is over)."""
        fields: dict[str, Any] = {}
        if after is not None:
            fields["game"] = after
        if ref is not None:
            fields["ref"] = ref
        await self.send("new_game", **fields)

    async def receive(self, timeout: float | None = None) -> dict[str, Any]:
        """The next message as a dict; ConnectionError once the connection is closed.  A
        state comes back whole: its ``view_changes`` applied to the view before it."""
        data = await asyncio.wait_for(_receive(self.ws), timeout)
        if data.get("type") == "state":
            self.view_data = whole_view(data, self.view_data)
        return data

    async def close(self) -> None:
        await self.ws.close()
        await self.session.close()


def whole_view(state: dict[str, Any], before: dict[str, Any] | None) -> dict[str, Any]:
    """A state message's whole view, kept in the message as ``view``: the view it carries,
    or the fields it says changed (``view_changes``) over the view ``before`` it.

    >>> msg = {"type": "state", "view_changes": {"turn": 2}}
    >>> whole_view(msg, {"turn": 1, "hand": ["JH"]}), msg
    ({'turn': 2, 'hand': ['JH']}, {'type': 'state', 'view': {'turn': 2, 'hand': ['JH']}})
    """
    changes = state.pop("view_changes", None)
    if changes is not None:
        if before is None or not isinstance(changes, dict):
            raise ProtocolError("malformed", "view changes without a view before them")
        state["view"] = {**before, **changes}
    view = state.get("view")
    if not isinstance(view, dict):
        raise ProtocolError("malformed", "a state without a view")
    return view


async def _receive(ws: aiohttp.ClientWebSocketResponse) -> dict[str, Any]:
    msg = await ws.receive()
    if msg.type == aiohttp.WSMsgType.TEXT:
        data = json.loads(msg.data)
        if not isinstance(data, dict) or data.get("v") != VERSION:
            raise ProtocolError("version", f"the server speaks another protocol: {data!r}")
        return data
    if msg.type in (aiohttp.WSMsgType.CLOSE, aiohttp.WSMsgType.CLOSING,
                    aiohttp.WSMsgType.CLOSED, aiohttp.WSMsgType.ERROR):
        raise ConnectionError(f"the connection closed ({ws.close_code}: {msg.extra or ''})")
    raise ProtocolError("malformed", f"unexpected {msg.type!r} from the server")
