"""``twentynine host``: a table server.  One process holds many tables; each table keeps the
only engine (:class:`~twentynine.game.Game`) of its game, and each player connects over a
WebSocket (aiohttp) and speaks the JSON protocol of docs/protocol.md.

The server decides everything.  A client sends actions; the engine checks them; a refusal
goes back to that client alone with the engine's reason.  After every change each seated
client gets its own seat's view and its own filtered events, never anything else.  Seats
without a player, and seats whose player left, are played by bots, seeded per decision
from the game's seed, the seat and the number of actions, so a restarted server replays the
same moves.  Each table's record is written atomically after every action; ``--resume``
reads them all back.
"""

from __future__ import annotations

import asyncio
import base64
import contextlib
import gc
import hmac
import json
import logging
import os
import secrets
import tempfile
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from aiohttp import WSMsgType, web

from ..actions import NEXT_DEAL, Action, ActionError
from ..bots import BOTS, decide, make_bot
from ..deal import IllegalActionError, Phase
from ..events import Event, event_for_seat
from ..game import Game
from ..records import SCHEMA, RecordError, replay_game
from ..rules import Rules
from ..views import public_fields
from .journal import ROTATE_BYTES, Journal, extend_actions, journal_paths, parse_lines
from .protocol import (
    MAX_MESSAGE,
    VERSION,
    ProtocolError,
    encode_event,
    encode_view,
    message,
    normal_code,
    parse_message,
    rules_data,
)
from .wire import ACTION_TEXT, compact_json, encode_own, encode_public

LOG = logging.getLogger("twentynine.server")

RECONNECT_SECONDS = 300.0
"""How long a dropped player's seat waits for them (their token brings them back)."""
AWAY_DEFAULT_CLOCK = 25.0
"""Seconds a dropped player's turn waits before its bot moves, when the table has no clock."""
FLOOD_COUNT = 20
"""At most this many messages from one client in any one second."""
HELLO_SECONDS = 10.0
"""A new connection must say hello within this time."""
SEAT_NAMES = ("south", "east", "north", "west")
"""Seat names in the protocol: engine seat 0 is south, 2 north; 1 and 3 are east and west
(whichever way play goes, the protocol's names are fixed)."""
BOT_SEED_MIX = 0x9E3779B1


def _inner(data: dict[str, Any]) -> str:
    """A JSON object's text without its braces (objects here are never empty)."""
    return compact_json(data)[1:-1]


def game_record_header(game: Game) -> dict[str, Any]:
    """A game record's fields but its actions (as :func:`~twentynine.records.game_record`
    writes them: a test holds the two together)."""
    return {"schema": SCHEMA, "kind": "game", "rules": rules_data(game.rules),
            "seed": game.seed, "first_dealer": game.first_dealer}


def new_code() -> str:
    """A join code: 80 random bits as 16 letters and digits in four groups.

    >>> from twentynine.net.protocol import is_code
    >>> c = new_code()
    >>> len(c), c.count("-"), normal_code(c.lower()) == normal_code(c), is_code(c)
    (19, 3, True, True)
    """
    raw = base64.b32encode(secrets.token_bytes(10)).decode()
    return "-".join(raw[i:i + 4] for i in range(0, 16, 4))


def bot_seed(game_seed: int, seat: int, n_actions: int) -> int:
    """The seed of one bot decision: the same game, seat and moment give the same move.

    >>> bot_seed(7, 1, 30) == bot_seed(7, 1, 30) != bot_seed(7, 2, 30)
    True
    """
    return (game_seed * 1_000_003 + seat * BOT_SEED_MIX + n_actions * 7_919) & (2**63 - 1)


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that a crash leaves the old file or the new one: a
    temporary file, flushed and fsynced, then renamed over the old one."""
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


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
    """One of the four seats: a player, or none (a bot plays it); ``incoming`` takes the
    seat over from the bot when the next deal starts."""

    player: Player | None = None
    incoming: Player | None = None
    ready: bool = False
    """The player has seen the deal's result and wants the next deal."""


@dataclass
class Settings:
    """A host's table settings."""

    rules: Rules = field(default_factory=Rules)
    bots: str = "medium"
    clock: float | None = None
    """Seconds per move (the server plays for a player whose time ran out), or None."""
    away: str = "bot"
    """``bot``: a dropped player's bot moves after the move clock; ``wait``: the table waits
    for them (up to :data:`RECONNECT_SECONDS`)."""
    bot_delay: float = 0.8
    """Seconds between a bot's moves, so people can follow them."""


class Connection:
    """One client's WebSocket: its seat once it said hello, and its message rate."""

    def __init__(self, ws: web.WebSocketResponse, peer: str) -> None:
        self.ws = ws
        self.peer = peer
        self.table: Table | None = None
        self.seat: int | None = None
        self.player: Player | None = None
        self.times: deque[float] = deque(maxlen=FLOOD_COUNT)
        self.sent_actions = -1
        """The number of game actions this client's last state showed."""
        self.last_view: tuple[dict[str, Any], dict[str, Any]] | None = None
        """The view (encoded: the seat's own fields, the shared ones) this client was last
        sent, or None: later states send the changes to it."""
        self._order = asyncio.Lock()

    def flooding(self, now: float) -> bool:
        """Record one message; True when it is more than FLOOD_COUNT in a second."""
        full = len(self.times) == FLOOD_COUNT
        first = self.times[0] if full else 0.0
        self.times.append(now)
        return full and now - first < 1.0

    async def send(self, text: str) -> None:
        async with self._order:  # in the order the messages were made: changes build on
            if not self.ws.closed:  # the view before them
                with contextlib.suppress(ConnectionError, RuntimeError):
                    await self.ws.send_str(text)

    async def error(self, code: str, text: str, ref: Any = None, close: bool = False) -> None:
        fields: dict[str, Any] = {"code": code, "message": text}
        if ref is not None:
            fields["ref"] = ref
        await self.send(message("error", **fields))
        if close:
            with contextlib.suppress(ConnectionError, RuntimeError):
                await self.ws.close(code=4000 if code != "too_big" else 1009,
                                    message=code.encode())


class Table:
    """One game and its four seats."""

    def __init__(self, server: GameServer, table_id: str, code: str, game: Game,
                 settings: Settings, events: list[Event] | None = None,
                 names: list[str | None] | None = None) -> None:
        self.server = server
        self.id = table_id
        self.code = code
        self.game = game
        self.settings = settings
        self.events: list[Event] = events if events is not None else game.opening_events()
        """The events since the current deal began (those of a resumed table: from the
        start of the game), as the engine emitted them; each client gets its own filter."""
        self.deal_start = 0
        """Index in :attr:`events` where the current deal's events begin."""
        self._mark_deal_start()
        self.seats = [Seat() for _ in range(4)]
        self.names: list[str | None] = list(names) if names else [None] * 4
        """Who sat where (kept in the record so a resumed table shows the same names)."""
        self.turn_started = time.monotonic()
        self._task: asyncio.Task[None] | None = None
        self._lock = asyncio.Lock()
        self._wake = asyncio.Event()
        self._saving: asyncio.Future[None] | None = None
        self._action_texts: list[str] = []
        self._private: list[tuple[object, tuple[object, ...], dict[str, Any]] | None] = \
            [None] * 4
        """Each seat's own view fields, with the deal and the key they were made from."""
        self._last_common: dict[str, Any] | None = None
        """The views' shared fields at the last broadcast (changes are found against it)."""
        self._tricks_cache: list[Any] = []
        """The deal's finished tricks, encoded (see :func:`~.wire.encode_public`)."""
        self._roster_cache: tuple[tuple[object, ...], str] | None = None
        """:meth:`roster`'s JSON, with who sat where when it was made."""
        self.save_problem: str | None = None
        self.closed = False
        self._saved_n = -1
        """How many actions are on disk (record or journal); -1: no record written yet."""
        self._record_dirty = False
        """The seats changed since the record was written."""

    # ------------------------------------------------------------ records
    @property
    def record_path(self) -> Path:
        return self.server.tables_dir / f"{self.id}.json"

    def _game_record(self) -> dict[str, Any]:
        """The game's record (:func:`~twentynine.records.game_record`), its action texts
        kept between calls: the server writes it after every action of long games."""
        log = self.game.log
        texts = self._action_texts
        if len(texts) > len(log):
            texts.clear()
        texts.extend(ACTION_TEXT[c] for c in log[len(texts):])
        return {**game_record_header(self.game), "actions": texts}

    def record(self) -> dict[str, Any]:
        return {"table": self.id, "code": self.code, "bots": self.settings.bots,
                "clock": self.settings.clock, "away": self.settings.away,
                "names": self.names, "game": self._game_record(),
                "players": [{"name": seat.player.name, "token": seat.player.token}
                            if seat.player is not None else None for seat in self.seats]}

    async def save(self) -> None:
        """Put the table's new action on disk before anyone hears of it: as a line of the
        server's journal (one fsync shared with every table's actions of the moment), or
        as the whole record when the game ends, the seats changed, or the table has no
        record yet.  A failure is logged and told to the players, and the game
        goes on."""
        g = self.game
        journal = self.server.journal_for_append()
        n = len(g.log)
        whole = (journal is None or g.is_over or self._record_dirty or self._saved_n < 0
                 or n - self._saved_n != 1)
        if whole:
            await self.write_record()
            return
        assert journal is not None
        self._saving = journal.submit(journal.line(self.id, n - 1, ACTION_TEXT[g.log[-1]]))
        try:
            await asyncio.shield(self._saving)
            self._saved_n = n
        except OSError as exc:
            LOG.error("table %s: could not write to the journal: %s", self.id, exc)
            self.save_problem = f"the server could not save this table: {exc}"
        self.server.maybe_rotate()

    async def write_record(self) -> None:
        """Write the whole record (atomically, in a thread: the fsync would stall every
        table)."""
        n = len(self.game.log)
        self._record_dirty = False
        text = compact_json(self.record())
        self._saving = asyncio.ensure_future(asyncio.to_thread(
            self._write, self.record_path, text, self.game.is_over))
        try:
            # shielded: a stopping server still finishes the write it started
            await asyncio.shield(self._saving)
            self._saved_n = n
        except OSError as exc:
            self._record_dirty = True
            LOG.error("table %s: could not save its record: %s", self.id, exc)
            self.save_problem = f"the server could not save this table: {exc}"

    async def seats_changed(self) -> None:
        """Someone took, left or came back to a seat: the record says who sits where."""
        self._record_dirty = True
        if self.game.is_over:
            return
        async with self._lock:
            await self.write_record()

    def _write(self, path: Path, text: str, finished: bool) -> None:
        write_atomic(path, text)
        if finished:
            done = path.parent / "finished"
            done.mkdir(exist_ok=True)
            os.replace(path, done / path.name)

    def _mark_deal_start(self) -> None:
        from ..events import DealStarted

        for i in range(len(self.events) - 1, -1, -1):
            if isinstance(self.events[i], DealStarted):
                self.deal_start = i
                return
        self.deal_start = 0

    # ------------------------------------------------------------ seats
    def roster(self) -> list[dict[str, Any]]:
        out = []
        for s, seat in enumerate(self.seats):
            p = seat.player
            if p is None:
                kind = "bot"
            elif p.conn is None:
                kind = "away"
            else:
                kind = "human"
            out.append({"seat": s, "name": p.name if p else f"{self.settings.bots} bot",
                        "kind": kind,
                        "incoming": seat.incoming.name if seat.incoming else None})
        return out

    def humans(self) -> list[int]:
        """Seats with a connected player."""
        return [s for s, seat in enumerate(self.seats)
                if seat.player is not None and seat.player.conn is not None]

    def controlled_by_bot(self, seat: int, now: float) -> bool:
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
        if self.settings.away == "wait":
            return False
        limit = self.settings.clock or AWAY_DEFAULT_CLOCK
        return now - max(self.turn_started, p.away_since) >= limit

    def release_expired(self, now: float) -> None:
        """Players gone longer than the reconnect time lose their seat to the bot."""
        for s, seat in enumerate(self.seats):
            p = seat.player
            if p is not None and p.conn is None and p.away_since is not None \
                    and now - p.away_since >= RECONNECT_SECONDS:
                LOG.info("table %s: %s's seat %d goes to the bot", self.id, p.name, s)
                seat.player = None
                self._record_dirty = True

    # ------------------------------------------------------------ sending
    def _private_key(self, seat: int) -> tuple[object, ...]:
        """Everything the seat's own view fields (:data:`~.protocol.PRIVATE_VIEW_FIELDS`)
        are made from (as :func:`~twentynine.views.make_view` reads the deal): while it is
        unchanged, so are they.  A test holds this against the engine's views."""
        d = self.game.deal
        return (d.number, d.phase_code, d.hands[seat], d.turn == seat, d.shown, d.bidder,
                d.trump_card, d.trump_suit, d.no_trump)

    def views_now(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The encoded views of the four seats now: the fields they share (encoded once),
        and each seat's own fields; a seat's own fields are made again only when what they
        come from changed (most actions change one or two seats')."""
        d = self.game.deal
        shared = encode_public(public_fields(d), self._tricks_cache)
        own: list[dict[str, Any]] = []
        for s in range(4):
            key = self._private_key(s)
            cached = self._private[s]
            # the seat to move always gets its own fields anew: its legal actions
            # depend on more than the key (a pair declared, a trump asked for)
            if s != d.turn and cached is not None and cached[0] is d and cached[1] == key:
                mine = cached[2]
            else:
                mine = encode_own(d, s)
            self._private[s] = (d, key, mine)
            own.append(mine)
        return shared, own

    def _broadcast_parts(self, shared: dict[str, Any]) -> None:
        """Fill ``shared`` (one dict per broadcast) with what is the same for every seat:
        the views' shared fields and their changes since the last broadcast (each found
        and encoded once), and the message's closing fields."""
        g = self.game
        common, own_fields = self.views_now()
        before = self._last_common
        changes = {k: v for k, v in common.items() if before is None or before.get(k) != v}
        shared["views"] = (common, own_fields)
        shared["before"] = before
        shared["changes"] = _inner(changes) if changes else ""
        self._last_common = common
        shared["rest"] = _inner({
            "actions": len(g.log), "scores": list(g.scores), "game_over": g.is_over,
            "winner": g.winner, "turn": g.turn, "clock": self.clock_left()}) + \
            f',"seats":{self._roster_text()}'

    def _roster_text(self) -> str:
        """:meth:`roster` as JSON, made again only when who sits where changed (it is in
        every state)."""
        key = tuple((seat.player, seat.player.conn is None if seat.player else None,
                     seat.player.name if seat.player else None, seat.incoming,
                     seat.incoming.name if seat.incoming else None) for seat in self.seats)
        if self._roster_cache is None or self._roster_cache[0] != key:
            self._roster_cache = (key, compact_json(self.roster()))
        return self._roster_cache[1]

    def state_for(self, seat: int, events: list[Event], ref: Any = None,
                  shared: dict[str, Any] | None = None, conn: Connection | None = None
                  ) -> str:
        """The ``state`` message for ``seat``: its own view and its own filtered events.

        ``shared`` (one dict per broadcast) keeps what is the same for every seat (the
        views, the changes to them, the scores, the roster), so that it is made and encoded
        once for the four seats.  With ``conn`` whose last view is known, the message
        carries only the view's fields that changed since (``view_changes``); the
        connection keeps what it was sent.
        """
        g = self.game
        if shared is None:
            shared = {}
        if "views" not in shared:
            self._broadcast_parts(shared)
        common, own_fields = shared["views"]
        own = own_fields[seat]
        # an event every seat sees alike (most) is encoded once per broadcast, and when
        # all of them are, their list too
        mine_events = [event_for_seat(e, seat) for e in events]
        if all(m is e for m, e in zip(mine_events, events, strict=True)):
            events_text = shared.get("events_text")
            if events_text is None:
                events_text = shared["events_text"] = ",".join(
                    compact_json(encode_event(e)) for e in events)
        else:
            events_text = ",".join(compact_json(encode_event(m)) for m in mine_events)
        next_deal = (g.phase is Phase.DEAL_OVER and not self.seats[seat].ready
                     and self.seats[seat].player is not None)
        head = (f'"v":{VERSION},"type":"state","seat":{seat},'
                f'"next_deal":{"true" if next_deal else "false"}')
        if ref is not None:
            head += f',"ref":{ref if type(ref) is int else compact_json(ref)}'
        sent = conn.last_view if conn is not None else None
        if sent is not None:
            sent_own, sent_common = sent
            # a seat's own fields that did not change are the very dict it was sent
            mine = {} if own is sent_own else {k: v for k, v in own.items()
                                               if sent_own.get(k) != v}
            if sent_common is shared["before"]:  # the usual case: the changes made once
                theirs = shared["changes"]
            else:
                theirs = _inner({k: v for k, v in common.items()
                                 if k not in sent_common or sent_common[k] != v})
            if mine:
                theirs = f"{_inner(mine)},{theirs}" if theirs else _inner(mine)
            view_text = f'"view_changes":{{{theirs}}}'
        else:
            view_text = f'"view":{compact_json({**own, **common})}'
        if conn is not None:
            conn.last_view = (own, common)
        return f'{{{head},{view_text},"events":[{events_text}],{shared["rest"]}}}'

    def clock_left(self) -> float | None:
        if self.settings.clock is None or self.game.is_over:
            return None
        return round(max(0.0, self.settings.clock - (time.monotonic() - self.turn_started)), 2)

    async def broadcast(self, events: list[Event], ref_for: tuple[int, Any] | None = None
                        ) -> None:
        """Send each seated client its state (and each waiting one what it may see).  The
        messages are all made first, then sent one after the other: a send only waits
        when a client's buffer is full, and creating a task per send cost more than the
        send itself."""
        out: list[tuple[Connection, str]] = []
        shared: dict[str, Any] = {}
        for s, seat in enumerate(self.seats):
            for p in (seat.player, seat.incoming):
                if p is None or p.conn is None:
                    continue
                if p is seat.incoming:
                    out.append((p.conn, self.waiting_for(s)))
                    continue
                ref = ref_for[1] if ref_for is not None and ref_for[0] == s else None
                out.append((p.conn, self.state_for(s, events, ref, shared, p.conn)))
        for conn, text in out:
            await conn.send(text)

    def waiting_for(self, seat: int) -> str:
        """What a player waiting to take a bot's seat sees: the seats, and the deal as
        anyone may see it (``view``: the seat's view without its hand, its trump unless it
        is shown, or its legal actions), so their table can follow the bot's play."""
        g = self.game
        view = encode_view(g.view(seat), with_rules=False)
        view.update(hand=[], legal_actions=[])
        if not view["trump_shown"]:
            view.update(trump_suit=None, trump_card=None, no_trumps=False)
        return message("waiting", seat=seat, seats=self.roster(), actions=len(g.log),
                       scores=list(g.scores), view=view, turn=g.turn, game_over=g.is_over,
                       winner=g.winner, clock=self.clock_left(), events=[],
                       next_deal=False)

    # ------------------------------------------------------------ acting
    async def act(self, seat: int, action: Action, ref: Any = None) -> str | None:
        """Apply ``action`` for ``seat``; the engine's reason if it refuses."""
        async with self._lock:
            g = self.game
            if self.closed:
                return "the server is stopping: your seat is kept for when it is back"
            if g.is_over:
                return "the game is over"
            if action == NEXT_DEAL:
                if g.phase is not Phase.DEAL_OVER:
                    return "the deal is not over yet"
                self.seats[seat].ready = True
                await self._maybe_next_deal(ready=seat)
                return None
            if g.turn != seat:
                return "it is not your turn"
            try:
                events = g.apply(action, seat)
            except IllegalActionError as exc:
                return str(exc)
            await self._after(events, (seat, ref))
            return None

    async def _after(self, events: list[Event], ref_for: tuple[int, Any] | None) -> None:
        self.events.extend(events)
        from ..events import DealStarted

        if any(isinstance(e, DealStarted) for e in events):
            self._mark_deal_start()
        self.turn_started = time.monotonic()
        await self.save()
        if self.save_problem is not None:
            problem, self.save_problem = self.save_problem, None
            note = message("notice", text=problem.capitalize())
            for seat in self.seats:
                if seat.player is not None and seat.player.conn is not None:
                    await seat.player.conn.send(note)
        if self.game.phase is Phase.DEAL_OVER:
            for seat in self.seats:
                seat.ready = False
        await self.broadcast(events, ref_for)
        if self._step_may_act():
            self._wake.set()

    def _step_may_act(self) -> bool:
        """Whether the table's own task (:meth:`_step`) could have anything to do now.  Not
        while every seat has a connected player, none is waiting to take a seat, no clock
        runs and the deal goes on: then only a message can change anything (and waking the
        task after each action cost as much as the action's journal line)."""
        if self.settings.clock is not None or self.game.phase is Phase.DEAL_OVER:
            return True
        return any(seat.incoming is not None or seat.player is None
                   or seat.player.conn is None for seat in self.seats)

    async def _maybe_next_deal(self, force: bool = False, ready: int | None = None) -> None:
        """Deal again once every connected player has seen the result (or ``force``).
        Until then only the seat that said it is ``ready`` hears of it (its ``next_deal``
        is now false): nothing changed for the others."""
        g = self.game
        if g.phase is not Phase.DEAL_OVER:
            return
        waiting = [s for s in self.humans() if not self.seats[s].ready]
        if waiting and not force:
            p = self.seats[ready].player if ready is not None else None
            if ready is None or p is None or p.conn is None:
                await self.broadcast([])
            else:
                await p.conn.send(self.state_for(ready, [], conn=p.conn))
            return
        for seat in self.seats:  # seats change hands between deals
            if seat.incoming is not None:
                seat.player, seat.incoming = seat.incoming, None
            seat.ready = False
        events = g.apply(NEXT_DEAL, g.turn)
        # the finished deals' events are no longer sent to anyone (a client that joins
        # gets the current deal's; the record keeps every action): a long game's tables
        # would otherwise hold them all, and the collector walk them
        self.events.clear()
        self.deal_start = 0
        await self._after(events, None)

    # ------------------------------------------------------------ the table's clock
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        self.closed = True
        self._wake.set()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self._saving is not None:
            with contextlib.suppress(Exception):
                await self._saving  # the last record is on disk before we return

    def wake(self) -> None:
        self._wake.set()

    async def _run(self) -> None:
        """Move for bots, enforce the move clock, deal again between deals."""
        while not self.closed and not self.game.is_over:
            self._wake.clear()
            try:
                delay = await self._step()
            except Exception:  # a bug must not stop the table: log it, try again soon
                LOG.exception("table %s", self.id)
                delay = 1.0
            if delay is None:
                await self._wake.wait()
            else:
                with contextlib.suppress(TimeoutError):
                    await asyncio.wait_for(self._wake.wait(), timeout=max(0.0, delay))

    async def _step(self) -> float | None:
        """Do what is due now; the seconds until something else may be due (None: only a
        message can change anything)."""
        now = time.monotonic()
        self.release_expired(now)
        g = self.game
        occupied = any(seat.player is not None or seat.incoming is not None
                       for seat in self.seats)
        if not occupied:
            return None  # nobody at the table: it waits, spending nothing
        if g.phase is Phase.DEAL_OVER:
            if not self.humans():
                if any(s.incoming for s in self.seats) or any(
                        s.player is not None for s in self.seats):
                    # players away: deal on only after their wait (or the clock)
                    limit = self.settings.clock or AWAY_DEFAULT_CLOCK
                    due = self.turn_started + limit
                    if now < due:
                        return due - now
                async with self._lock:
                    await self._maybe_next_deal(force=True)
                return 0
            if self.settings.clock is not None:
                due = self.turn_started + self.settings.clock
                if now >= due:
                    async with self._lock:
                        await self._maybe_next_deal(force=True)
                    return 0
                return due - now
            return None
        seat = g.turn
        if self.controlled_by_bot(seat, now):
            due = self.turn_started + self.settings.bot_delay
            if now < due:
                return due - now
            await self._bot_move(seat)
            return 0
        p = self.seats[seat].player
        assert p is not None
        if p.conn is None:
            # away: their bot moves when the wait ends
            if self.settings.away == "wait":
                return max(0.0, p.away_since + RECONNECT_SECONDS - now) if p.away_since else 1
            limit = self.settings.clock or AWAY_DEFAULT_CLOCK
            return max(0.0, max(self.turn_started, p.away_since or now) + limit - now)
        if self.settings.clock is not None:
            due = self.turn_started + self.settings.clock
            if now >= due:
                await self._bot_move(seat, timed_out=True)
                return 0
            return due - now
        return None

    async def _bot_move(self, seat: int, timed_out: bool = False) -> None:
        g = self.game
        n = len(g.log)
        view = g.view(seat)
        # a new bot for each decision, seeded by the moment: a resumed table decides alike
        bot = make_bot(self.settings.bots, seed=bot_seed(g.seed, seat, n))
        decision = await asyncio.to_thread(decide, bot, view, None, 2.0)
        async with self._lock:
            if len(g.log) != n or g.turn != seat or g.is_over:
                return  # someone moved meanwhile
            if timed_out:
                p = self.seats[seat].player
                if p is not None and p.conn is not None:
                    await p.conn.send(message("notice", text="Time is up: a move was made "
                                              f"for you ({decision.action})"))
            p = self.seats[seat].player
            if p is not None and p.conn is None:
                p.away_moves.append(str(decision.action))
            events = g.apply(decision.action, seat)
            await self._after(events, None)


class GameServer:
    """The tables of one server process, and the WebSocket endpoint players join."""

    def __init__(self, tables_dir: Path, settings: Settings | None = None) -> None:
        self.tables_dir = Path(tables_dir)
        self.tables_dir.mkdir(parents=True, exist_ok=True)
        self.settings = settings or Settings()
        self.tables: dict[str, Table] = {}
        """By normalised join code."""
        self.connections: set[Connection] = set()
        self.problems: list[str] = []
        """Records that could not be resumed (each set aside, with why)."""
        self._runner: web.AppRunner | None = None
        self.port = 0
        self.journal: Journal | None = None
        self._old_journals: list[Path] = []
        """Journals read on resume: removed once every table is written whole again."""
        self._journal_damaged = False
        self._rotating: asyncio.Task[None] | None = None
        self._journaling = False
        """Appends go to the journal only while serving (before, records are written)."""
        self._entries: dict[str, list[tuple[int, str]]] = {}
        """The journals' actions by table, read on resume."""
        self._own_journals: list[Path] = []
        """The journals this server opened (a clean stop removes only these)."""

    # ------------------------------------------------------------ the journal
    def journal_for_append(self) -> Journal | None:
        """The open journal (opened at the first action), or None before serving."""
        if not self._journaling:
            return None
        if self.journal is None:
            known = journal_paths(self.tables_dir)
            last = known[-1].name[len("journal-"):-len(".jsonl")] if known else "0"
            self.journal = Journal(self.tables_dir, int(last) + 1)
            self._own_journals.append(self.journal.path)
        return self.journal

    def maybe_rotate(self) -> None:
        """A long journal is closed: a new one takes the appends, every table is written
        whole, and the old one is removed."""
        j = self.journal
        if j is None or j.size < ROTATE_BYTES or self._rotating is not None:
            return
        self.journal = Journal(self.tables_dir, j.number + 1)
        self._own_journals.append(self.journal.path)
        self._rotating = asyncio.get_running_loop().create_task(self._rotate(j))

    async def _rotate(self, old: Journal) -> None:
        try:
            await old.drain()
            await self._write_all_records()
            old.close()
            with contextlib.suppress(OSError):
                old.path.unlink()
        finally:
            self._rotating = None

    async def _write_all_records(self) -> None:
        for t in list(self.tables.values()):
            if not t.game.is_over:
                async with t._lock:
                    await t.write_record()

    # ------------------------------------------------------------ tables
    def new_table(self, seed: int | None = None, settings: Settings | None = None) -> Table:
        st = settings or self.settings
        seed = secrets.randbelow(1_000_000) if seed is None else seed
        code = new_code()
        table_id = f"table-{secrets.token_hex(4)}"
        t = Table(self, table_id, code, Game(seed, st.rules), st)
        self.tables[normal_code(code)] = t
        return t

    def resume(self) -> list[Table]:
        """Every table recorded in the tables folder, replayed; a damaged record is renamed
        aside (``.damaged``) and reported in :attr:`problems`."""
        out = []
        self._old_journals = journal_paths(self.tables_dir)
        self._entries = {}
        for jp in self._old_journals:
            try:
                entries, bad = parse_lines(jp.read_text(encoding="utf-8",
                                                        errors="replace").splitlines())
            except OSError as exc:
                entries, bad = {}, [0]
                self.problems.append(f"{jp.name} could not be read ({exc})")
            for k, v in entries.items():
                self._entries.setdefault(k, []).extend(v)
            if bad:
                self._journal_damaged = True
                self.problems.append(
                    f"{jp.name}: line(s) {', '.join(map(str, bad[:5]))} could not be read "
                    "(an action never confirmed, cut off by a stop); the rest is resumed "
                    f"and the journal is kept as {jp.name}.damaged")
        for path in sorted(self.tables_dir.glob("*.json")):
            try:
                t = self._load(path)
            except (RecordError, OSError, ValueError, KeyError, TypeError) as exc:
                aside = path.with_name(path.name + ".damaged")
                with contextlib.suppress(OSError):
                    os.replace(path, aside)
                self.problems.append(f"{path.name} could not be resumed ({exc}); "
                                     f"it is kept as {aside.name}")
                continue
            self.tables[normal_code(t.code)] = t
            out.append(t)
        return out

    def _load(self, path: Path) -> Table:
        data = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(data, dict) or not isinstance(data.get("game"), dict):
            raise RecordError("not a table record")
        later = self._entries.get(str(data.get("table")))
        if later and isinstance(data["game"].get("actions"), list):
            data["game"]["actions"] = extend_actions(data["game"]["actions"], later)
        game, events = replay_game(data["game"])
        bots = data.get("bots", self.settings.bots)
        clock = data.get("clock")
        away = data.get("away", "bot")
        if bots not in BOTS or away not in ("bot", "wait") or not (
                clock is None or isinstance(clock, (int, float))):
            raise RecordError("the table's settings are invalid")
        st = Settings(rules=game.rules, bots=bots, clock=clock, away=away,
                      bot_delay=self.settings.bot_delay)
        code, table_id = data.get("code"), data.get("table")
        if not isinstance(code, str) or len(normal_code(code)) < 16 \
                or not isinstance(table_id, str) or f"{table_id}.json" != path.name:
            raise RecordError("the table's code or id is missing")
        names = data.get("names")
        if not (isinstance(names, list) and len(names) == 4):
            names = None
        table = Table(self, table_id, code, game, st, events, names)
        players = data.get("players")
        if isinstance(players, list) and len(players) == 4:
            now = time.monotonic()
            for seat, p in zip(table.seats, players, strict=True):
                if isinstance(p, dict) and isinstance(p.get("name"), str) \
                        and isinstance(p.get("token"), str):
                    # seated before the restart: the seat waits for them as if they dropped
                    seat.player = Player(p["name"], p["token"], None, now)
        return table

    def saved_record(self, table_id: str) -> dict[str, Any]:
        """A table's record as a restarted server would find it on disk now."""
        return saved_record(self.tables_dir, table_id)

    def find(self, code: str) -> Table | None:
        want = normal_code(code)
        for key, t in self.tables.items():
            if hmac.compare_digest(key, want):
                return t
        return None

    # ------------------------------------------------------------ serving
    def app(self) -> web.Application:
        app = web.Application()
        app.add_routes([web.get("/", self.handle_index), web.get("/ws", self.handle_ws)])
        return app

    async def start(self, host: str = "127.0.0.1", port: int = 0) -> int:
        """Listen (port 0: any free port) and start every table; the port listened on."""
        self._runner = web.AppRunner(self.app(), handle_signals=False, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, host, port)
        await site.start()
        server = site._server
        sockets = getattr(server, "sockets", None) or []
        self.port = sockets[0].getsockname()[1] if sockets else port
        if self._old_journals:  # resumed: every table whole again, then the journals go
            for t in self.tables.values():
                await t.write_record()
            for jp in self._old_journals:
                with contextlib.suppress(OSError):
                    if self._journal_damaged:
                        os.replace(jp, jp.with_name(jp.name + ".damaged"))
                    else:
                        jp.unlink()
            self._old_journals = []
        self._journaling = True
        for t in self.tables.values():
            t.start()
        return self.port

    async def stop(self) -> None:
        """Stop every table, write each whole (the journal is then removed) and close."""
        self._journaling = False
        for t in self.tables.values():
            await t.stop()
        if self._rotating is not None:
            with contextlib.suppress(Exception):
                await self._rotating
        if self.journal is not None:
            await self.journal.drain()
            problems = 0
            for t in self.tables.values():
                if not t.game.is_over:
                    await t.write_record()
                    problems += t.save_problem is not None
            self.journal.close()
            if not problems:
                for jp in self._own_journals:  # another run's journal (tables not
                    with contextlib.suppress(OSError):  # resumed here) is kept
                        jp.unlink()
                self._own_journals = []
            self.journal = None
        async def close(c: Connection) -> None:
            with contextlib.suppress(Exception):
                await asyncio.wait_for(c.ws.close(code=1001, message=b"server stopping"), 2)

        await asyncio.gather(*(close(c) for c in list(self.connections)))
        if self._runner is not None:
            await self._runner.cleanup()

    async def handle_index(self, request: web.Request) -> web.Response:
        return web.Response(text=f"twentynine table server (protocol version {VERSION}): "
                                 "join with twentynine join HOST:PORT --code CODE\n")

    async def handle_ws(self, request: web.Request) -> web.WebSocketResponse:
        # aiohttp refuses outright (close 1009) past 4 x the limit; up to there the size is
        # checked here, so the client gets a clear error first
        ws = web.WebSocketResponse(max_msg_size=4 * MAX_MESSAGE, heartbeat=20)
        await ws.prepare(request)
        conn = Connection(ws, str(request.remote))
        self.connections.add(conn)
        try:
            await self._serve(conn)
        finally:
            self.connections.discard(conn)
            await self._gone(conn)
        return ws

    async def _serve(self, conn: Connection) -> None:
        ws = conn.ws
        hello_deadline = time.monotonic() + HELLO_SECONDS
        while not ws.closed:
            timeout = None if conn.table else max(0.01, hello_deadline - time.monotonic())
            try:
                msg = await ws.receive(timeout=timeout)
            except TimeoutError:
                await conn.error("timeout", "say hello (with the table's code) first",
                                 close=True)
                return
            if msg.type in (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED):
                return
            if msg.type == WSMsgType.ERROR:
                return
            if conn.flooding(time.monotonic()):
                await conn.error("flood", f"more than {FLOOD_COUNT} messages in a second: "
                                          "goodbye", close=True)
                return
            if msg.type == WSMsgType.BINARY:
                await conn.error("malformed", "messages are JSON text, not binary")
                continue
            if msg.type != WSMsgType.TEXT:
                continue
            text = msg.data
            if len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
                await conn.error("too_big", f"a message may be at most {MAX_MESSAGE} bytes",
                                 close=True)
                return
            try:
                data = parse_message(text)
                await self._handle(conn, data)
            except ProtocolError as exc:
                close = exc.code in ("version", "bad_code", "seat_taken")
                await conn.error(exc.code, str(exc), close=close)
                if close:
                    return

    async def _handle(self, conn: Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        ref = data.get("ref")
        if ref is not None and not isinstance(ref, (int, str)):
            raise ProtocolError("malformed", "ref must be a number or a string")
        if kind == "ping":
            await conn.send(message("pong", ref=ref))
            return
        if kind == "hello":
            if conn.table is not None:
                raise ProtocolError("malformed", "you are already seated")
            await self._hello(conn, data)
            return
        if conn.table is None or conn.seat is None or conn.player is None:
            raise ProtocolError("malformed", "say hello (with the table's code) first")
        table = conn.table
        if kind == "action":
            text = data.get("action")
            if not isinstance(text, str) or len(text) > 40:
                raise ProtocolError("malformed", "an action is text such as \"play JH\"")
            try:
                action = Action.parse(text)
            except ActionError as exc:
                raise ProtocolError("malformed", str(exc)) from None
            if table.seats[conn.seat].player is not conn.player:
                await conn.error("not_seated", "you take this seat when the next deal "
                                               "starts", ref)
                return
            reason = await table.act(conn.seat, action, ref)
            if reason is not None:
                await conn.error("illegal", reason, ref)
            return
        if kind == "state":
            if table.seats[conn.seat].player is conn.player:
                conn.last_view = None  # a full view: the client starts again from it
                await conn.send(table.state_for(conn.seat, table.events[table.deal_start:],
                                                ref, conn=conn))
            else:
                await conn.send(table.waiting_for(conn.seat))
            return
        if kind == "leave":
            await self._leave(conn)
            return
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")

    async def _hello(self, conn: Connection, data: dict[str, Any]) -> None:
        code, name, want, token = (data.get("code"), data.get("name"), data.get("seat"),
                                   data.get("token"))
        if not isinstance(code, str) or len(code) > 64:
            raise ProtocolError("bad_code", "hello needs the table's code")
        table = self.find(code)
        if table is None:
            raise ProtocolError("bad_code", "no table has that code")
        if name is None:
            name = "player"
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 24:
            raise ProtocolError("malformed", "a name is 1 to 24 characters")
        name = " ".join(name.split())
        if isinstance(want, str) and want.lower() in SEAT_NAMES:
            want = SEAT_NAMES.index(want.lower())
        if want is not None and (not isinstance(want, int) or isinstance(want, bool)
                                 or not 0 <= want <= 3):
            raise ProtocolError("malformed", "a seat is south, east, north or west (or 0-3)")
        if token is not None and not isinstance(token, str):
            raise ProtocolError("malformed", "a token is text")
        now = time.monotonic()
        table.release_expired(now)
        # coming back: the token of a seated (or incoming) player
        if token:
            for s, seat in enumerate(table.seats):
                for p in (seat.player, seat.incoming):
                    if p is not None and hmac.compare_digest(p.token, token):
                        if want is not None and want != s:
                            raise ProtocolError("seat_taken", "that token is for another seat")
                        if p.conn is not None:
                            old = p.conn
                            p.conn = None
                            await old.error("replaced", "you joined again elsewhere",
                                            close=True)
                        await self._seat(conn, table, s, p, rejoined=True)
                        return
            raise ProtocolError("bad_code", "that token is not (or no longer) for a seat "
                                            "at this table")
        # coming back without the token (a new terminal): the join code and the same name
        # reclaim a seat held for a player who dropped
        for s, seat in enumerate(table.seats):
            p = seat.player
            if p is not None and p.conn is None and p.name.casefold() == name.casefold() \
                    and want in (None, s):
                await self._seat(conn, table, s, p, rejoined=True)
                return
        if want is None:
            free = [s for s in (0, 2, 1, 3) if table.seats[s].player is None
                    and table.seats[s].incoming is None]
            if not free:
                raise ProtocolError("seat_taken", "every seat is taken")
            want = free[0]
        seat = table.seats[want]
        if seat.player is not None or seat.incoming is not None:
            who = (seat.player or seat.incoming)
            assert who is not None
            raise ProtocolError("seat_taken", f"{SEAT_NAMES[want]} is taken by {who.name}")
        player = Player(name=name, token=secrets.token_urlsafe(18))
        g = table.game
        fresh = not g.log or g.phase in (Phase.DEAL_OVER, Phase.GAME_OVER)
        if fresh:
            seat.player = player
        else:
            seat.incoming = player  # the bot finishes this deal
        table.names[want] = name
        await self._seat(conn, table, want, player, rejoined=False)

    async def _seat(self, conn: Connection, table: Table, seat: int, player: Player,
                    rejoined: bool) -> None:
        conn.table, conn.seat, conn.player = table, seat, player
        player.conn = conn
        player.away_since = None
        incoming = table.seats[seat].incoming is player
        await conn.send(message(
            "welcome", table=table.id, seat=seat, seat_name=SEAT_NAMES[seat],
            token=player.token, name=player.name, rules=table.game.rules.to_dict(),
            bots=table.settings.bots, clock=table.settings.clock,
            away=table.settings.away, rejoined=rejoined, waiting=incoming,
            seats=table.roster()))
        LOG.info("table %s: %s %s seat %d", table.id, player.name,
                 "rejoined" if rejoined else "took", seat)
        if incoming:
            await conn.send(table.waiting_for(seat))
        else:
            conn.last_view = None
            await conn.send(table.state_for(seat, table.events[table.deal_start:],
                                            conn=conn))
        if rejoined and player.away_moves:  # after the state: it is news about it
            moves, player.away_moves = player.away_moves, []
            await conn.send(message("notice", text="While you were away a bot played for "
                                    f"you: {', '.join(moves)}"))
        await table.broadcast([])  # everyone sees the new roster
        if not rejoined:
            await table.seats_changed()  # a restarted server knows them by their token
        table.wake()

    async def _leave(self, conn: Connection) -> None:
        table, player = conn.table, conn.player
        if table is None or player is None or conn.seat is None:
            return
        seat = table.seats[conn.seat]
        if seat.player is player:
            seat.player = None
        if seat.incoming is player:
            seat.incoming = None
        player.conn = None
        conn.table = conn.player = None
        table.wake()
        await table.broadcast([])
        await table.seats_changed()
        await conn.send(message("bye", reason="you left the table; a bot plays your seat"))
        with contextlib.suppress(ConnectionError, RuntimeError):
            await conn.ws.close()  # waits for the client's answer: the table goes on

    async def _gone(self, conn: Connection) -> None:
        """A connection closed: its player is away (the seat waits for them)."""
        table, player = conn.table, conn.player
        if table is None or player is None or player.conn is not conn:
            return
        player.conn = None
        player.away_since = time.monotonic()
        seat = table.seats[conn.seat] if conn.seat is not None else None
        if seat is not None and seat.incoming is player:
            seat.incoming = None  # never took the seat: nothing to hold
        await table.broadcast([])
        table.wake()



def saved_record(tables_dir: Path, table_id: str) -> dict[str, Any]:
    """A table's record as a restarted server would find it on disk now: its record file
    with the journals' later actions added (tests and tools read it while a host runs)."""
    path = tables_dir / f"{table_id}.json"
    if not path.exists():
        path = tables_dir / "finished" / f"{table_id}.json"
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    for jp in journal_paths(tables_dir):
        entries, _ = parse_lines(jp.read_text(encoding="utf-8").splitlines())
        data["game"]["actions"] = extend_actions(data["game"]["actions"],
                                                 entries.get(table_id, []))
    return data


def default_tables_dir() -> Path:
    """Where a host keeps its tables' records: ``tables/`` in the data folder."""
    from ..tui.save import data_dir

    return data_dir() / "tables"


def advertised_host(host: str) -> str:
    """The address to print in the join command: for a server on every interface, this
    machine's first non-loopback IPv4 address (from ``hostname -I``; nothing is sent)."""
    if host not in ("0.0.0.0", "::", ""):
        return host
    import socket
    import subprocess

    candidates: list[str] = []
    with contextlib.suppress(OSError, subprocess.SubprocessError):
        out = subprocess.run(["hostname", "-I"], capture_output=True, text=True, timeout=2)
        candidates += out.stdout.split()
    with contextlib.suppress(OSError):
        candidates.append(socket.gethostbyname(socket.gethostname()))
    for a in candidates:
        if a.count(".") == 3 and not a.startswith("127."):
            return a
    return "THIS-MACHINES-ADDRESS"


async def host_main(settings: Settings, host: str, port: int, tables_dir: Path,
                    resume: bool, count: int, seed: int | None,
                    out: Callable[[str], None] | None = None,
                    started: Callable[[GameServer], None] | None = None) -> int:
    """Run ``twentynine host`` until SIGINT or SIGTERM."""
    import signal

    if out is None:
        def out(text: str) -> None:
            print(text, flush=True)
    server = GameServer(tables_dir, settings)
    if resume:
        tables = server.resume()
        for p in server.problems:
            out(f"twentynine: {p}")
        if not tables:
            out("There were no tables to resume: starting a new one.")
    else:
        waiting = sorted(tables_dir.glob("*.json")) if tables_dir.exists() else []
        if waiting:
            out(f"{len(waiting)} unfinished table(s) are saved in {tables_dir}: "
                "twentynine host --resume continues them (they are kept).")
        tables = []
    if not tables:
        tables = [server.new_table(None if seed is None else seed + i) for i in range(count)]
        for t in tables:
            await t.save()
    try:
        bound = await server.start(host, port)
    except OSError as exc:
        out(f"twentynine: error: cannot listen on {host}:{port}: {exc.strerror or exc}")
        return 1
    # the objects made so far live as long as the server: the cyclic collector need not
    # walk them again; and it runs after 10,000 new objects, not 700 (an action makes
    # some hundreds, nearly all freed at once by their count): 8% more actions a second
    # and a shorter tail under load (benchmarks/server_load.py)
    gc.collect()
    gc.freeze()
    gc.set_threshold(10_000, 10, 10)
    shown = advertised_host(host)
    for t in tables:
        r = t.game.rules
        out(f"Table {t.id} ({t.settings.bots} bots, min bid {r.min_bid}"
            + (f", {t.settings.clock:g} s clock" if t.settings.clock else "") + ")")
        out(f"  join code: {t.code}")
        out(f"  join with: twentynine join {shown}:{bound} --code {t.code} --name NAME")
    out(f"Listening on {host}:{bound}" + (" (this machine only)" if host.startswith("127.")
                                          or host == "localhost" else "")
        + f"; records in {tables_dir}.  Ctrl+C stops (the tables are kept for --resume).")
    if started is not None:
        started(server)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in (signal.SIGINT, signal.SIGTERM):
        with contextlib.suppress(NotImplementedError, RuntimeError):
            loop.add_signal_handler(sig, stop.set)
    try:
        await stop.wait()
    finally:
        await server.stop()
    out("Stopped; every table is saved.")
    return 0
