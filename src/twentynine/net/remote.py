"""A table whose engine is on a server: the terminal table plays one seat through it.

:class:`RemoteTable` is a :class:`~twentynine.controller.table_like.TableLike`: it offers
the table UI the same questions and actions as the local controller, answered from the
last state the server sent for this seat. Actions go to the server, which decides; the
events and the new view come back in a later message, and the table's listeners are told
then (``add_listener``). The server's other words come as typed news (``add_news``): a
refused move (:class:`~twentynine.controller.table_like.Refusal`), who came, went or
dropped (:class:`~twentynine.controller.table_like.RosterChange`), its notices and the
connection's fate (:class:`~twentynine.controller.table_like.Notice`). The server plays
the bots, so ``bot_turn`` is always None here.

Everything the server sends is turned (:mod:`.rotate`) so that this seat is seat 0: the UI
draws "You" at the bottom and "Us" as your team, whichever seat you hold.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from collections.abc import Callable, Sequence
from typing import Any

from ..bots import Decision
from ..controller.table_like import Listener, News, NewsListener, Notice, Refusal, RosterChange
from ..engine.actions import NEXT_DEAL, Action, ActionKind
from ..engine.deal import IllegalActionError, Phase
from ..engine.events import Event
from ..engine.rules import Rules
from ..engine.views import SeatView
from .client import Connection, JoinError, State, decode_state
from .protocol import ProtocolError
from .rotate import rotate_event, rotate_view

LOG = logging.getLogger("twentynine.remote")
RECONNECT_TRIES = 20
"""How often a dropped connection is tried again (each a second or two apart)."""

def roster_news(rules: Rules, old: list[dict[str, Any]], new: list[dict[str, Any]],
                me: int) -> str:
    """Who came, went or dropped, by where they sit as seen from seat ``me``
    (:func:`roster_changes` in one line).

    >>> a = [{"seat": 1, "name": "Bo", "kind": "human"}]
    >>> roster_news(Rules(), a, [{"seat": 1, "name": "Bo", "kind": "away"}], 0)
    'East (Bo) dropped out: the seat is held for them'
    >>> roster_news(Rules(), a, [{"seat": 1, "name": "easy bot", "kind": "bot"}], 3)
    'North (Bo) left: a bot plays there'
    >>> bot = [{"seat": 2, "name": "easy bot", "kind": "bot", "incoming": None}]
    >>> b = [{**bot[0], "incoming": "Web"}]
    >>> roster_news(Rules(), bot, b, 0), roster_news(Rules(), b, bot, 0)
    ('Web takes North at the next deal', 'Web left before taking North')
    """
    return " · ".join(text for _seat, text in roster_changes(rules, old, new, me))


def roster_changes(rules: Rules, old: list[dict[str, Any]], new: list[dict[str, Any]],
                   me: int) -> list[tuple[int, str]]:
    """Each seat whose player came, went or dropped, as seen from seat ``me`` (the seat
    turned so that ``me`` is 0), with the change in words."""
    from ..coach.phrases import positions

    where = positions(rules)
    was = {d.get("seat"): d for d in old if isinstance(d, dict)}
    out = []
    for d in new:
        if not isinstance(d, dict) or not isinstance(d.get("seat"), int) or d["seat"] == me:
            continue
        s, kind, name = d["seat"], d.get("kind"), d.get("name")
        before = was.get(s, {})
        mine = (s - me) & 3
        seat = where[mine].capitalize()
        if kind == before.get("kind") and name == before.get("name"):
            if d.get("incoming") and d.get("incoming") != before.get("incoming"):
                out.append((mine, f"{d['incoming']} takes {seat} at the next deal"))
            elif before.get("incoming") and not d.get("incoming"):
                out.append((mine, f"{before['incoming']} left before taking {seat}"))
            continue
        if kind == "human" and before.get("kind") == "away" and name == before.get("name"):
            out.append((mine, f"{seat} ({name}) is back"))
        elif kind == "human":
            out.append((mine, f"{name} sits {seat}"))
        elif kind == "away":
            out.append((mine, f"{seat} ({name}) dropped out: the seat is held for them"))
        elif kind == "bot" and before.get("kind") in ("human", "away"):
            out.append((mine, f"{seat} ({before.get('name')}) left: a bot plays there"))
    return out


def roster_line(rules: Rules, seats: list[dict[str, Any]], me: int) -> str:
    """Who sits where, as seen from seat ``me``.

    >>> roster_line(Rules(), [{"seat": 0, "name": "Asha", "kind": "human"},
    ...     {"seat": 2, "name": "easy bot", "kind": "bot"}], 0)
    'North: easy bot'
    """
    from ..coach.phrases import positions

    where = positions(rules)
    out = []
    for d in sorted((d for d in seats if isinstance(d, dict) and isinstance(d.get("seat"), int)
                     and d["seat"] != me), key=lambda d: [2, 1, 3].index((d["seat"] - me) & 3)):
        away = " (away)" if d.get("kind") == "away" else ""
        out.append(f"{where[(d['seat'] - me) & 3].capitalize()}: {d.get('name')}{away}")
    return " · ".join(out)


class HostDecides:
    """What a seat at a table server leaves to the host, as a
    :class:`~twentynine.controller.table_like.TableLike` answers it: the bots, the seed, the rules,
    take-back and saving are the server's."""

    hints_used = 0
    take_backs_used = 0
    take_back_allowed = False
    save_error: str | None = None

    @property
    def shared(self) -> bool:
        return True

    @property
    def seed(self) -> int:
        return 0  # the server's secret: it would tell the cards

    def bot_turn(self) -> None:
        return None  # the server plays the bots

    def decided(self) -> bool:
        return False  # the host's server plays the deal out, with its other players

    def finish_turn(self) -> None:
        return None

    def think(self, turn: object) -> Decision:
        raise RuntimeError("the server plays the bots at a remote table")

    def apply_bot(self, turn: object, action: Action) -> list[Event] | None:
        return None

    def take_back_problem(self) -> str | None:
        return "There is no take-back at a shared table"

    def take_back(self) -> None:
        raise IllegalActionError("There is no take-back at a shared table")

    def save(self) -> bool:
        return True  # the server records every action

    def set_bots(self, name: str) -> None:
        """The host's bots play the other seats: a choice here changes nothing."""

    def note_hint(self) -> None:
        """Hints given at a shared table are not counted."""


async def connect_seat(host: str, port: int, code: str, name: str,
                       seat: int | str | None = None, token: str | None = None
                       ) -> Connection:
    """A seat at a hosted table: with ``token`` (kept from an earlier join) back in that
    seat, if the server still holds it for us; otherwise a free seat (``seat``, if
    asked)."""
    if token:
        with contextlib.suppress(JoinError):
            return await Connection.join(host, port, code, name, seat, token=token)
    return await Connection.join(host, port, code, name, seat)


class SeatLink:
    """One seat's link to a table server, whatever the game: the connection, reading the
    server's messages in the background (handed to the UI's own loop, see
    :meth:`set_dispatch`), coming back with the seat's token after a drop, and the
    listeners told of new events and of news.  A game's remote table handles each
    message (:meth:`_handle`)."""

    def __init__(self, conn: Connection, host: str, port: int, code: str, name: str) -> None:
        self.conn = conn
        self.host, self.port, self.code, self.name = host, port, code, name
        self.server_seat = conn.seat
        """Our seat's number on the server."""
        self._resync = False
        self._pending = False
        """An action was sent and the server has not answered it yet."""
        self._dispatch: Callable[[Callable[[], None]], None] | None = None
        self._inbox: list[dict[str, Any]] = []
        self._held: list[Any] | None = None
        self._listeners: list[Callable[[Sequence[Any]], None]] = []
        self._news: list[NewsListener] = []
        self.closed = False
        self.notice = ""
        self._task: asyncio.Task[None] | None = None
        self._sending: asyncio.Task[None] | None = None

    def _handle(self, msg: dict[str, Any]) -> None:
        """One message from the server: the news every game's table tells alike (a
        refusal, a notice, the server's goodbye) here, the game's own messages (its
        states) in :meth:`_on_game_message`."""
        kind = msg.get("type")
        if kind == "error":
            self._pending = False
            text = str(msg.get("message", "refused"))
            self._tell(Refusal(text[:1].upper() + text[1:]))
        elif kind == "notice":
            self._tell(Notice(str(msg.get("text", ""))))
        elif kind == "bye":
            self.closed = True
            self._tell(Notice(str(msg.get("reason", "You left the table"))))
        else:
            self._on_game_message(kind, msg)

    def _on_game_message(self, kind: object, msg: dict[str, Any]) -> None:
        """A message of the game's own (``state``, ``waiting``): each game's table."""
        raise NotImplementedError

    def start(self) -> None:
        """Read the server's messages in the background (in the running event loop)."""
        self._task = asyncio.get_running_loop().create_task(self._reader())

    async def close(self) -> None:
        self.closed = True
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await self._task
        with contextlib.suppress(Exception):
            await self.conn.close()

    # ------------------------------------------------------------------ reading messages
    async def _reader(self) -> None:
        while not self.closed:
            try:
                msg = await self.conn.receive()
            except (ConnectionError, ProtocolError) as exc:
                if self.closed:
                    return
                self._tell(Notice(f"Connection lost ({exc}); reconnecting…", alarm=True))
                if not await self._reconnect():
                    self._tell(Notice("Could not reconnect: the server is gone. Quit with q.",
                                      alarm=True))
                    return
                continue
            if self._dispatch is None:
                self._handle(msg)
                continue
            # messages that come while the UI is busy are handled together, and the UI
            # hears of them once (a redraw per message would fall behind fast bots)
            self._inbox.append(msg)
            self._dispatch(self._flush)  # a later flush finds nothing left: no harm

    def _flush(self) -> None:
        inbox, self._inbox = self._inbox, []
        if not inbox:
            return
        self._held = []
        try:
            for msg in inbox:
                self._handle(msg)
        finally:
            held, self._held = self._held, None
        if held is not None and (held or inbox):
            for fn in list(self._listeners):
                fn(held)

    def set_dispatch(self, fn: Callable[[Callable[[], None]], None]) -> None:
        """Handle each message through ``fn`` (the UI's "call this in your own loop"), so
        that the new state and its news reach the UI together, in the UI's context."""
        self._dispatch = fn

    async def _reconnect(self) -> bool:
        with contextlib.suppress(Exception):
            await self.conn.close()
        for i in range(RECONNECT_TRIES):
            await asyncio.sleep(min(0.5 * (i + 1), 2.0))
            try:
                self.conn = await Connection.join(self.host, self.port, self.code, self.name,
                                                  self.server_seat, token=self.conn.token)
            except JoinError as exc:
                if "token" in str(exc) or "code" in str(exc):
                    self._tell(Notice(f"The server refused us: {exc}", alarm=True))
                    return False
                continue
            self._resync = True  # the next state replaces what we had
            self._pending = False
            self._tell(Notice("Reconnected."))
            return True
        return False

    def _tell(self, news: News) -> None:
        if isinstance(news, Notice):
            self.notice = news.text
        for fn in list(self._news):
            fn(news)

    def _told(self, events: Sequence[Any]) -> None:
        """Tell the listeners of ``events`` (held until a batch of messages is done)."""
        if self._held is not None:
            self._held.extend(events)
            return
        for fn in list(self._listeners):
            fn(events)

    @property
    def pending(self) -> bool:
        """An action was sent and the server has not answered it yet."""
        return self._pending

    def add_news(self, fn: NewsListener) -> None:
        """Call ``fn`` with the table's news: the server's refusals, who comes and goes,
        its notices and the connection's fate (lost, back)."""
        self._news.append(fn)


class RemoteTable(HostDecides, SeatLink):
    """One seat at a table server, seen as seat 0."""

    def __init__(self, conn: Connection, host: str, port: int, code: str, name: str) -> None:
        SeatLink.__init__(self, conn, host, port, code, name)
        self._rules = Rules.from_dict(conn.welcome["rules"])
        self._events: list[Event] = []
        self._state: State | None = None
        self._count = 0
        self.waiting: bool = bool(conn.welcome.get("waiting"))
        """We wait for the next deal to take our seat from its bot."""
        self.seats: list[dict[str, Any]] = list(conn.welcome.get("seats", []))
        self.game_number = int(conn.welcome.get("game", 1))
        """Which game this is at the table (any player there starts the next one at game
        over: :meth:`new_game`)."""

    @classmethod
    async def join(cls, host: str, port: int, code: str, name: str,
                   seat: int | str | None = None, token: str | None = None) -> RemoteTable:
        """Sit down at a hosted table: with ``token`` (kept from an earlier join) back in
        that seat, if the server still holds it for us; otherwise in a free seat."""
        conn = await connect_seat(host, port, code, name, seat, token)
        table = cls(conn, host, port, code, name)
        await table.first_state()
        return table

    async def first_state(self, timeout: float = 10) -> None:
        """Read until the first state has come (while we wait for our seat: the deal as
        anyone sees it, from the ``waiting`` message)."""
        while self._state is None:
            self._handle(await self.conn.receive(timeout))
        if self.waiting:
            self.notice = ("You take this seat when the next deal starts; its bot finishes "
                           "this one.")

    def _on_game_message(self, kind: object, msg: dict[str, Any]) -> None:
        if kind == "state":
            self._on_state(msg)
        elif kind == "waiting":
            self.waiting = True
            self.seats = list(msg.get("seats", []))
            if isinstance(msg.get("view"), dict):
                self._watch(msg)

    def _watch(self, msg: dict[str, Any]) -> None:
        """While we wait for our seat: the deal as anyone sees it (no cards of ours, never
        our turn); the first real state replaces it."""
        self._state = self._decode(msg)
        self._events = []
        self._resync = True
        self._count = self._state.actions
        if self._held is not None:
            return
        for fn in list(self._listeners):
            fn([])

    def _decode(self, msg: dict[str, Any]) -> State:
        k = self.server_seat
        data = dict(msg)
        data["view"] = rotate_view(msg["view"], k)
        data["events"] = [rotate_event(e, k) for e in msg["events"]]
        data["seat"] = 0
        data["turn"] = (int(msg["turn"]) - k) & 3
        if k & 1 and isinstance(msg.get("scores"), list):
            data["scores"] = msg["scores"][::-1]
        if k & 1 and msg.get("winner") in (0, 1):
            data["winner"] = 1 - msg["winner"]
        return decode_state(data, self._rules)

    def _on_state(self, msg: dict[str, Any]) -> None:
        state = self._decode(msg)
        # the table's next game began: its events replace the last game's, and are news
        began = self._state is not None and state.game != self.game_number
        self.game_number = state.game
        first = self._state is None or self._resync or began
        self._resync = False
        if first:
            # on joining (or coming back) the server sends the current deal's events: the
            # table shows them from the start; after a wait for the seat they are news
            self._events = list(state.events)
            new: list[Event] = list(state.events) if self.waiting else []
            if began:
                new = list(state.events)
        else:
            new = state.events
            self._events.extend(new)
        self.waiting = False
        self._state = state
        changes = roster_changes(self._rules, self.seats, state.seats, self.server_seat)
        self.seats = state.seats
        if changes:
            self._tell(RosterChange(" · ".join(text for _s, text in changes),
                                    tuple(s for s, _text in changes)))
        if state.actions != self._count or state.ref is not None:
            self._pending = False
        self._count = state.actions
        if self._held is not None:
            self._held.extend(new)  # told once, when the batch is done
            return
        for fn in list(self._listeners):
            fn(new)

    @property
    def state(self) -> State:
        if self._state is None:
            raise RuntimeError("no state from the server yet")
        return self._state

    # ------------------------------------------------------------------ TableLike
    @property
    def seat(self) -> int:
        return 0

    @property
    def rules(self) -> Rules:
        return self._rules

    @property
    def events(self) -> Sequence[Event]:
        return self._events

    @property
    def actions(self) -> Sequence[Action]:
        """As many entries as the game has had actions, each ``next deal``: the server does
        not send the actions themselves (the bidder's is the secret trump card), and the
        table only asks whether the game has begun."""
        return [NEXT_DEAL] * self._count

    @property
    def scores(self) -> tuple[int, int]:
        return self.state.scores

    @property
    def turn(self) -> int:
        return self.state.turn

    @property
    def is_over(self) -> bool:
        return self.state.game_over

    @property
    def winner(self) -> int | None:
        return self.state.winner

    @property
    def deal_over(self) -> bool:
        return not self.state.game_over and self.state.view.phase is Phase.DEAL_OVER

    @property
    def position(self) -> tuple[int, int]:
        """The game's number at the table and its number of actions."""
        return (self.game_number, self._count)

    def view(self) -> SeatView:
        return self.state.view

    def legal_actions(self) -> list[Action]:
        if self._state is None or self._pending or self.waiting:
            return []
        st = self.state
        if st.game_over or st.turn != 0:
            return []
        return list(st.view.legal_actions)

    def explain(self, action: Action) -> str | None:
        if self._state is None or self.waiting:
            return "You are not seated yet"
        if self.is_over:
            return "The game is over"
        if self.deal_over:
            return "The deal is over"
        if self.turn != 0:
            return "It is not your turn"
        if action in self.state.view.legal_actions:
            return None
        return "That is not allowed now (the server will say why)"

    def forced_action(self) -> Action | None:
        legal = self.legal_actions()
        if len(legal) == 1 and legal[0].kind is ActionKind.PLAY:
            return legal[0]
        return None

    def apply(self, action: Action) -> list[Event]:
        """Send ``action``; the server's answer comes to the listeners.  Refused here only
        when it is plainly not ours to send (not our turn, an answer still awaited)."""
        problem = None
        if self._pending:
            problem = "Waiting for the server to answer your last move"
        elif self._state is None or self.waiting or self.turn != 0 or self.is_over \
                or self.deal_over:
            problem = self.explain(action) or "It is not your turn"
        if problem is not None:
            self._tell(Refusal(problem))
            raise IllegalActionError(problem)
        self._send(str(action))
        return []

    def _send(self, action: str) -> None:
        self._pending = True
        self._sending = asyncio.get_running_loop().create_task(self._send_async(action))

    async def _send_async(self, action: str) -> None:
        try:
            await self.conn.act(action, ref=self._count, at=self._count)
        except (ConnectionError, RuntimeError) as exc:
            self._pending = False
            self._tell(Refusal(f"Not sent: {exc}"))

    def new_game(self, seed: int, rules: Rules | None = None) -> None:
        """Ask the server for the table's next game (the game must be over): the same
        seats and rules, cards dealt by the server (``seed`` and ``rules`` are the host's
        to choose, and ignored).  Its first state reaches the listeners as the news of a
        new game (:attr:`position` tells it)."""
        if self._state is None or not self.is_over:
            raise IllegalActionError("The game is not over")
        if self._pending:
            raise IllegalActionError("Waiting for the server to answer your last move")
        self._pending = True
        self._sending = asyncio.get_running_loop().create_task(
            self._ask_new_game(self.game_number))

    async def _ask_new_game(self, after: int) -> None:
        try:
            await self.conn.new_game(after, ref=self._count)
        except (ConnectionError, RuntimeError) as exc:
            self._pending = False
            self._tell(Refusal(f"Not sent: {exc}"))

    def next_deal(self) -> list[Event]:
        """Tell the server we have seen the result; it deals when everyone has."""
        if self._state is not None and self.state.next_deal and not self._pending:
            self._send("next deal")
        return []

    @property
    def leave_text(self) -> tuple[str, str]:
        """What the quit dialog says at this table, and its yes button: the server keeps
        the game and holds the seat; ``join`` again brings the player back."""
        from .roster import AWAY_DEFAULT_CLOCK, RECONNECT_SECONDS

        minutes = round(RECONNECT_SECONDS / 60)
        welcome = self.conn.welcome
        if welcome.get("away") == "wait":
            meanwhile = "the table waits for you"
        else:
            clock = welcome.get("clock") or AWAY_DEFAULT_CLOCK
            meanwhile = f"a bot moves for you when your turn has waited {clock:g} seconds"
        return (f"The host's server keeps the game and holds your seat for {minutes} "
                f"minutes ({meanwhile}): twentynine join {self.host}:{self.port} --code "
                f"{self.code} --name {self.name} brings you back. After that a bot plays "
                "it.", "Leave")

    def add_listener(self, fn: Listener) -> None:
        self._listeners.append(fn)
