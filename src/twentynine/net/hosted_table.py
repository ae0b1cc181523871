"""One hosted table: its game (the only engine), its seats, and its own task that moves
for the bots, enforces the move clock and deals again between deals.

What the table sends is made in :mod:`.broadcast`, what it writes in :mod:`.store`, and
who sits where is :mod:`.roster`'s.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import time
from typing import TYPE_CHECKING, Any

from .broadcast import Broadcaster
from .card_games import CardGame, game_for
from .journal import journal_key
from .protocol import STALE
from .roster import AWAY_DEFAULT_CLOCK, RECONNECT_SECONDS, Roster, Seat, Settings, bot_seed
from .store import TableStore, finished_name

if TYPE_CHECKING:
    from .connection import Connection
    from .server import GameServer

LOG = logging.getLogger("twentynine.server")


class Table:
    """One game and its seats.  The game is Twenty-Nine's or Twenty-Five's (its rules
    say which); everything the table asks of it goes through :attr:`kind`."""

    def __init__(self, server: GameServer, table_id: str, code: str, game: Any,
                 settings: Settings, events: list[Any] | None = None,
                 names: list[str | None] | None = None, bot_key: int | None = None,
                 number: int = 1) -> None:
        self.server = server
        self.id = table_id
        self.code = code
        self.kind: CardGame = game_for(game.rules)
        """The game's adapter (:mod:`.card_games`)."""
        self.game: Any = game
        self.number = number
        """Which game this is at the table (1 for the first; the players start the next
        one when it is over, at the same table: :meth:`new_game`)."""
        self.settings = settings
        self.bot_key = game.seed if bot_key is None else bot_key
        """What the bots' decisions are seeded from (with the seat and the moment): the
        game's seed, or for a secret game a secret of the table's, kept in its record."""
        self.events: list[Any] = events if events is not None else game.opening_events()
        """The events since the current deal began (those of a resumed table: from the
        start of the game), as the engine emitted them; each client gets its own filter."""
        self.deal_start = 0
        """Index in :attr:`events` where the current deal's events begin."""
        self._mark_deal_start()
        rules = game.rules
        self.roster = Roster(settings.bots, names, self.kind.seat_count(rules),
                             self.kind.seat_order(rules))
        self.out = Broadcaster(self)
        self.store = TableStore(self)
        self.turn_started = time.monotonic()
        self.lock = asyncio.Lock()
        self._task: asyncio.Task[None] | None = None
        self._wake = asyncio.Event()
        self.closed = False

    @property
    def seats(self) -> list[Seat]:
        return self.roster.seats

    # what is sent and written (the tests and the handlers use these names)
    def state_for(self, seat: int, events: list[Any], ref: Any = None,
                  shared: dict[str, Any] | None = None, conn: Connection | None = None
                  ) -> str:
        return self.out.state_for(seat, events, ref, shared, conn)

    def views_now(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        return self.out.views_now()

    def deal_events(self) -> list[Any]:
        """The current deal's events (what a client joining now is sent)."""
        return self.events[self.deal_start:]

    def clock_left(self) -> float | None:
        if self.settings.clock is None or self.game.is_over:
            return None
        return round(max(0.0, self.settings.clock - (time.monotonic() - self.turn_started)), 2)

    def sat_down(self, seat: int) -> None:
        """A player took ``seat`` (not coming back to it): when it is that seat's move,
        its clock starts now, not when the move came to the seat while nobody sat there."""
        g = self.game
        if g.turn == seat and not g.is_over and not self.kind.between_deals(g):
            self.turn_started = time.monotonic()

    @property
    def journal_key(self) -> str:
        """The name the game's actions go under in the server's journal: the table's id,
        with ``#N`` for its game N after the first (so a game's lines never mix with
        the finished game's before it)."""
        return journal_key(self.id, self.number)

    @property
    def finished_name(self) -> str:
        """The file name of the game's record once it is over (in ``finished/``): the
        table's id, with ``-gameN`` for its game N after the first (a finished game's
        record is never overwritten by the next one's)."""
        return finished_name(self.id, self.number)

    def tell_all(self, text: str) -> None:
        """A ``notice`` with ``text`` to every connected player."""
        for s in self.roster.humans():
            p = self.seats[s].player
            assert p is not None and p.conn is not None
            p.conn.notice(text)

    def _mark_deal_start(self) -> None:
        for i in range(len(self.events) - 1, -1, -1):
            if self.kind.deal_started(self.events[i]):
                self.deal_start = i
                return
        self.deal_start = 0

    def release_expired(self, now: float) -> None:
        """Players gone longer than the reconnect time lose their seat to the bot."""
        for s, name in self.roster.release_expired(now):
            LOG.info("table %s: %s's seat %d goes to the bot", self.id, name, s)
            self.store.dirty = True

    # ------------------------------------------------------------ acting
    async def act(self, seat: int, action: Any, ref: Any = None,
                  at: int | None = None) -> str | None:
        """Apply ``action`` for ``seat``; the engine's reason if it refuses.  ``at``, when
        the client sends it, is the number of actions of the state it chose the move in:
        a move that arrives after the table moved on (the clock played for the seat, and
        the turn came round again) is refused, never played in a later trick."""
        async with self.lock:
            g = self.game
            if self.closed:
                return "the server is stopping: your seat is kept for when it is back"
            if g.is_over:
                return "the game is over"
            if at is not None and at != self.kind.count(g):
                return STALE
            if self.kind.is_next_deal(action):
                if not self.kind.between_deals(g):
                    return "the deal is not over yet"
                self.seats[seat].ready = True
                await self._maybe_next_deal(ready=seat)
                return None
            if g.turn != seat:
                return "it is not your turn"
            try:
                events = g.apply(action, seat)
            except self.kind.illegal as exc:
                return str(exc)
            await self._after(events, (seat, ref))
            return None

    async def _after(self, events: list[Any], ref_for: tuple[int, Any] | None) -> None:
        self.events.extend(events)
        if any(self.kind.deal_started(e) for e in events):
            self._mark_deal_start()
        self.turn_started = time.monotonic()
        await self.store.save()
        if self.store.problem is not None:
            problem, self.store.problem = self.store.problem, None
            self.tell_all(problem.capitalize())
        if self.kind.between_deals(self.game):
            for seat in self.seats:
                seat.ready = False
        self.out.broadcast(events, ref_for)
        if self._step_may_act():
            self._wake.set()

    def _step_may_act(self) -> bool:
        """Whether the table's own task (:meth:`_step`) could have anything to do now.  Not
        while every seat has a connected player, none is waiting to take a seat, no clock
        runs and the deal goes on: then only a message can change anything."""
        if self.settings.clock is not None or self.kind.between_deals(self.game):
            return True
        return not self.roster.all_present()

    async def _maybe_next_deal(self, force: bool = False, ready: int | None = None) -> None:
        """Deal again once every connected player has seen the result (or ``force``).
        Until then only the seat that said it is ``ready`` hears of it (its ``next_deal``
        is now false): nothing changed for the others."""
        g = self.game
        if not self.kind.between_deals(g):
            return
        waiting = [s for s in self.roster.humans() if not self.seats[s].ready]
        if waiting and not force:
            p = self.seats[ready].player if ready is not None else None
            if ready is None or p is None or p.conn is None:
                self.out.broadcast([])
            else:
                p.conn.send(self.state_for(ready, [], conn=p.conn))
            return
        self.roster.seat_new_players()  # seats change hands between deals
        events = g.apply(self.kind.next_deal(), g.turn)
        # the finished deals' events are no longer sent to anyone (a client that joins
        # gets the current deal's; the record keeps every action)
        self.events.clear()
        self.deal_start = 0
        await self._after(events, None)

    async def new_game(self, seat: int, after: int | None = None, ref: Any = None
                       ) -> str | None:
        """The table's next game, asked for by the player in ``seat`` once this one is
        over: the same code, seats, players (their tokens hold), rules and bots, and a new
        shuffle (from the operating system's randomness, as the first game's), recorded
        before anyone sees it.  ``after``: the game the player saw end (None: the current
        one); when the table has already gone past it (two players asked at once), the
        player is sent the state and nothing else happens.  The reason if refused."""
        async with self.lock:
            if self.closed:
                return "the server is stopping: your seat is kept for when it is back"
            if after is not None and after > self.number:
                return f"this table has not played game {after}: it is at game {self.number}"
            if after is not None and after < self.number:
                p = self.seats[seat].player
                if p is not None and p.conn is not None:  # someone asked first: it began
                    p.conn.send(self.state_for(seat, [], ref, conn=p.conn))
                return None
            if not self.game.is_over:
                return "the game is not over: the next one starts when it is"
            if self.store.saving is not None:
                with contextlib.suppress(Exception):
                    await self.store.saving  # the finished game's record is in place
            # a new shuffle from the system's randomness (a seeded table, for tests and
            # replays, stays predictable)
            self.game, self.bot_key = self.kind.next_game(self.game)
            self.number += 1
            self.events = self.game.opening_events()
            self._mark_deal_start()
            self.roster.seat_new_players()
            self.out = Broadcaster(self)
            self.store = TableStore(self)
            self.turn_started = time.monotonic()
            LOG.info("table %s: game %d begins", self.id, self.number)
            await self.store.write_record()  # the new cards are on disk before anyone sees
            if self.store.problem is not None:
                problem, self.store.problem = self.store.problem, None
                self.tell_all(problem.capitalize())
            for s in self.roster.humans():
                p = self.seats[s].player
                assert p is not None and p.conn is not None
                p.conn.last_view = None  # a new game: each client starts from a whole view
            self.out.broadcast(self.events, (seat, ref))
            if self._task is None or self._task.done():
                self.start()  # the table's task ended with the last game
            self._wake.set()
            return None

    # ------------------------------------------------------------ the table's own task
    def start(self) -> None:
        self._task = asyncio.get_running_loop().create_task(self._run(), name=f"table-{self.id}")

    async def stop(self) -> None:
        self.closed = True
        self._wake.set()
        await self.store.stop()
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
        if self.store.saving is not None:
            with contextlib.suppress(Exception):
                await self.store.saving  # the last record is on disk before we return

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
        if not self.roster.occupied():
            return None  # nobody at the table: it waits, spending nothing
        if self.kind.between_deals(g):
            return await self._between_deals(now)
        seat = g.turn
        if self.roster.bot_moves_for(seat, now, self.turn_started, self.settings):
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

    async def _between_deals(self, now: float) -> float | None:
        if not self.roster.humans():
            # players away (or waiting for a seat): deal on only after their wait
            limit = self.settings.clock or AWAY_DEFAULT_CLOCK
            due = self.turn_started + limit
            if now < due:
                return due - now
            async with self.lock:
                await self._maybe_next_deal(force=True)
            return 0
        if self.settings.clock is not None:
            due = self.turn_started + self.settings.clock
            if now >= due:
                async with self.lock:
                    await self._maybe_next_deal(force=True)
                return 0
            return due - now
        return None

    async def _bot_move(self, seat: int, timed_out: bool = False) -> None:
        g = self.game
        kind = self.kind
        n = kind.count(g)
        view = g.view(seat)
        words = ""
        if timed_out:
            # a player out of time: the hint's choice from their view, as at a local table
            action, words = await asyncio.to_thread(kind.clock_action, view,
                                                    self.settings.bots)
        else:
            # a new bot for each decision, seeded by the moment: a resumed table decides
            # alike
            action = await asyncio.to_thread(kind.bot_action, self.settings.bots,
                                             bot_seed(self.bot_key, seat, n), view)
        async with self.lock:
            if kind.count(g) != n or g.turn != seat or g.is_over:
                return  # someone moved meanwhile
            if not timed_out and not self.roster.bot_moves_for(
                    seat, time.monotonic(), self.turn_started, self.settings):
                return  # a player took (or came back to) the seat while the bot thought
            p = self.seats[seat].player
            if timed_out and p is not None and p.conn is not None:
                p.conn.notice(words)
            if p is not None and p.conn is None:
                p.away_moves.append(str(action))
            events = g.apply(action, seat)
            await self._after(events, None)

