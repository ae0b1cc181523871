"""The table server's WebSocket conversation with one client: read its messages, answer
each (an error with a reason for anything wrong, as docs/protocol.md says), seat it by the
join code, bring it back by its seat's token, and hold its seat when it drops.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING, Any

from aiohttp import WSMsgType

from .connection import FLOOD_COUNT, Connection
from .invite import invite_message, look_message
from .protocol import (
    MAX_MESSAGE,
    STALE,
    ProtocolError,
    message,
    parse_message,
)
from .roster import Player, new_token

if TYPE_CHECKING:
    from .hosted_table import Table
    from .server import GameServer

LOG = logging.getLogger("twentynine.server")

MAX_REF = 2**53
"""A ``ref`` is a whole number below this (exact in JavaScript) or text of 64 characters."""

GONE = "that table is no longer here (the link is old): ask its host for a new link"
"""The answer to a code a table of this server's folder had once (not a wrong guess)."""


class Lobby:
    """The WebSocket conversations of one server's clients."""

    def __init__(self, server: GameServer) -> None:
        self.server = server

    async def serve(self, conn: Connection) -> None:
        """Read and answer ``conn``'s messages until it closes (or is closed).  A client
        that goes away, however it goes, ends here quietly: the caller holds its seat."""
        try:
            await self._serve(conn)
        except (ConnectionError, RuntimeError) as exc:
            # reset or aborted under us (aiohttp's ClientConnectionResetError is a
            # ConnectionResetError; a receive after the close is a RuntimeError)
            LOG.debug("%s went away: %s", conn.peer, exc or type(exc).__name__)
        except asyncio.CancelledError:
            task = asyncio.current_task()
            if task is not None and task.cancelling():
                raise  # the server is stopping
            LOG.debug("%s went away (cancelled)", conn.peer)

    async def _serve(self, conn: Connection) -> None:
        ws = conn.ws
        limits = self.server.limits
        hello_deadline = time.monotonic() + limits.hello_seconds
        while not ws.closed and conn.cut_off is None:
            timeout = None if conn.table else hello_deadline - time.monotonic()
            if timeout is not None and timeout <= 0:
                conn.error("timeout", "say hello (with the table's code) first", close=True)
                return
            try:
                msg = await ws.receive(timeout=timeout)
            except TimeoutError:
                continue  # the deadline is checked above
            kind = msg.type
            if kind in _CLOSED:
                return
            # every frame counts, pings and pongs included
            if conn.flooding(time.monotonic()):
                conn.error("flood", f"more than {FLOOD_COUNT} messages in a second: goodbye",
                           close=True)
                return
            if kind == WSMsgType.PING:
                await conn.pong(bytes(msg.data))  # aiohttp's reader hands a bytearray
                continue
            if kind == WSMsgType.BINARY:
                conn.error("malformed", "messages are JSON text, not binary")
                continue
            if kind != WSMsgType.TEXT:
                continue  # a pong (the heartbeat's answer)
            text = msg.data
            if len(text) * 4 > MAX_MESSAGE \
                    and len(text.encode("utf-8", "surrogatepass")) > MAX_MESSAGE:
                conn.error("too_big", f"a message may be at most {MAX_MESSAGE} bytes",
                           close=True)
                return
            data: dict[str, Any] | None = None
            try:
                data = parse_message(text)
                await self.handle(conn, data)
            except ProtocolError as exc:
                close = exc.code in ("version", "bad_code", "seat_taken", "too_many_tries")
                conn.error(exc.code, str(exc), _ref(data), close=close)
                if close:
                    return
            except (ConnectionError, asyncio.CancelledError):
                raise
            except Exception:  # a bug must not leave a client without an answer
                LOG.exception("while answering %s", conn.peer)
                conn.error("server_error", "the server could not answer that message; "
                                           "it was ignored")

    async def handle(self, conn: Connection, data: dict[str, Any]) -> None:
        kind = data["type"]
        ref = _ref(data)
        if ref is None and data.get("ref") is not None:
            raise ProtocolError("malformed", "ref must be a whole number (below 2^53) or "
                                             "text of up to 64 characters")
        if kind == "ping":
            conn.send(message("pong", ref=ref))
            return
        if kind == "hello":
            if conn.table is not None:
                raise ProtocolError("malformed", "you are already seated")
            await self.hello(conn, data)
            return
        if kind == "look":
            await self.look(conn, data, ref)
            return
        if conn.table is None or conn.seat is None or conn.player is None:
            raise ProtocolError("malformed", "say hello (with the table's code) first")
        table = conn.table
        if kind == "action":
            text = data.get("action")
            if not isinstance(text, str) or len(text) > 40:
                raise ProtocolError("malformed", "an action is text such as \"play JH\"")
            try:
                action = table.kind.parse_action(text)
            except ValueError as exc:
                raise ProtocolError("malformed", str(exc)) from None
            at = data.get("at")
            if at is not None and not (type(at) is int and 0 <= at < MAX_REF):
                raise ProtocolError("malformed", "at is the number of actions of the state "
                                                 "the move was chosen in (a whole number)")
            if table.seats[conn.seat].player is not conn.player:
                conn.error("not_seated", "you take this seat when the next deal starts", ref)
                return
            reason = await table.act(conn.seat, action, ref, at)
            if reason is not None:
                conn.error("stale" if reason == STALE else "illegal", reason, ref)
            return
        if kind == "new_game":
            after = data.get("game")
            if after is not None and not (type(after) is int and 0 < after < MAX_REF):
                raise ProtocolError("malformed", "game is the number of the game that "
                                                 "ended (a whole number from 1)")
            if table.seats[conn.seat].player is not conn.player:
                conn.error("not_seated", "only a seated player may start the next game", ref)
                return
            reason = await table.new_game(conn.seat, after, ref)
            if reason is not None:
                conn.error("illegal", reason, ref)
            return
        if kind == "state":
            if table.seats[conn.seat].player is conn.player:
                # a whole view (the client starts again from it) with the deal's events
                table.out.send_state(conn, conn.seat, table.deal_events(), ref, whole=True)
            else:
                table.out.send_waiting(conn, conn.seat)
            return
        if kind == "leave":
            await self.leave(conn)
            return
        if kind == "invite":
            conn.send(invite_message(table, data.get("link"), ref))
            return
        raise ProtocolError("unknown_type", f"unknown message type {kind!r}")

    async def _no_table(self, conn: Connection, code: str, refused: bool) -> ProtocolError:
        """No table has ``code``: a code a table of this server's folder once had (an old
        link: the table is gone) is told so at once and not counted, since it opens
        nothing and says only what whoever holds the link knows; any other is a wrong
        guess (:meth:`_wrong`)."""
        if self.server.files.was_code(code):
            return ProtocolError("bad_code", GONE)
        return await self._wrong(conn, "no table has that code", refused)

    async def _wrong(self, conn: Connection, text: str, refused: bool) -> ProtocolError:
        """A wrong code or token: counted against the source, answered late when it
        keeps coming; from a source that has used up its tries, refused (late)."""
        codes = self.server.codes
        if refused:
            await asyncio.sleep(self.server.limits.code_delay)
            return ProtocolError("too_many_tries", "too many wrong codes from your "
                                 "address: wait a minute and try again")
        delay = codes.wrong(_source(conn))
        if delay:
            await asyncio.sleep(delay)
        return ProtocolError("bad_code", text)

    def _may_sit(self, conn: Connection, table: Table, seat: int) -> None:
        """Sitting down (or coming back) too often, at one seat or from one address, is
        refused for a few seconds: each sitting tells the whole table."""
        server = self.server
        if not server.sittings_by_seat.allow((table.id, seat)) \
                or not server.sittings_by_source.allow(_source(conn)):
            raise ProtocolError("too_many_tries", "too many comings and goings: wait a "
                                "few seconds and try again")

    async def look(self, conn: Connection, data: dict[str, Any], ref: Any) -> None:
        """A look at a table before sitting down (the join form shows its rules and
        free seats): the code is checked, and counted when wrong, as in a hello; a right
        code is answered whatever wrong ones came from the same address."""
        code = data.get("code")
        if not isinstance(code, str) or len(code) > 64:
            raise ProtocolError("bad_code", "look needs the table's code")
        table = self.server.find(code)
        if table is None:
            raise await self._no_table(conn, code, self.server.codes.refused(_source(conn)))
        conn.send(look_message(table, ref))

    async def hello(self, conn: Connection, data: dict[str, Any]) -> None:
        code, name, want, token = (data.get("code"), data.get("name"), data.get("seat"),
                                   data.get("token"))
        # a good code or token is let in whatever others at the same address guessed:
        # only the wrong ones are counted and refused
        refused = self.server.codes.refused(_source(conn))
        if not isinstance(code, str) or len(code) > 64:
            raise ProtocolError("bad_code", "hello needs the table's code")
        table = self.server.find(code)
        if table is None:
            raise await self._no_table(conn, code, refused)
        if name is None:
            name = "player"
        if not isinstance(name, str) or not 1 <= len(name.strip()) <= 24 \
                or not name.isprintable():
            raise ProtocolError("malformed", "a name is 1 to 24 printable characters")
        name = " ".join(name.split())
        kind = table.kind
        if isinstance(want, str) and len(want) <= 16:
            named = kind.seat_named(want)
            want = want if named is None else named
        if want is not None and (not isinstance(want, int) or isinstance(want, bool)
                                 or not 0 <= want < len(table.seats)):
            raise ProtocolError("malformed", kind.seats_words(table.game.rules))
        if token is not None and (not isinstance(token, str) or len(token) > 64):
            raise ProtocolError("malformed", "a token is text (of up to 64 characters)")
        table.release_expired(time.monotonic())
        if token:  # coming back: only the seat's own token brings a player back to it
            held = table.roster.holder(token)
            if held is None:
                if table.roster.was_held(token):  # once good here: not a guess
                    raise ProtocolError("bad_code", "your seat is no longer held for you: "
                                        "sit down again")
                raise await self._wrong(conn, "that token is not (or no longer) for a seat "
                                              "at this table", refused)
            s, p = held
            if want is not None and want != s:
                raise ProtocolError("seat_taken", "that token is for another seat")
            self._may_sit(conn, table, s)
            roster_before = table.roster.text()
            if p.conn is not None:
                old = p.conn
                p.conn = None
                old.error("replaced", "you joined again elsewhere", close=True)
                old.table = old.player = None
                self.server.gate.unseat(old.transport)
            await self.seat(conn, table, s, p, rejoined=True, roster_before=roster_before)
            return
        if want is None:
            want = table.roster.free_seat()
            if want is None:
                raise ProtocolError("seat_taken", "every seat is taken")
        seat = table.seats[want]
        who = seat.player or seat.incoming
        if who is not None:
            held_for = " (held for them: their own client brings them back)" \
                if who.conn is None else ""
            raise ProtocolError("seat_taken", f"{kind.seat_label(want)} is taken by "
                                              f"{who.name}{held_for}")
        self._may_sit(conn, table, want)
        roster_before = table.roster.text()
        player = Player(name=name, token=new_token())
        if kind.seats_at_once(table.game):
            seat.player = player
        else:
            seat.incoming = player  # the bot finishes this deal
        table.roster.names[want] = name
        await self.seat(conn, table, want, player, rejoined=False,
                        roster_before=roster_before)

    async def seat(self, conn: Connection, table: Table, seat: int, player: Player,
                   rejoined: bool, roster_before: str | None = None) -> None:
        """Seat ``player`` on ``conn``; the others hear of it when the roster changed
        (``roster_before``: as it was before this hello began)."""
        if roster_before is None:
            roster_before = table.roster.text()
        conn.table, conn.seat, conn.player = table, seat, player
        if not rejoined and table.seats[seat].player is player:
            table.sat_down(seat)  # a move clock starts with its player, not before
        player.conn = conn
        player.away_since = None
        self.server.gate.seated(conn.transport)
        incoming = table.seats[seat].incoming is player
        kind, rules = table.kind, table.game.rules
        conn.send(message(
            "welcome", table=table.id, seat=seat, seat_name=kind.seat_label(seat),
            token=player.token, name=player.name, rules=kind.rules_data(rules),
            bots=table.settings.bots, clock=table.settings.clock,
            away=table.settings.away, rejoined=rejoined, waiting=incoming, game=table.number,
            seats=table.roster.listing(), rules_words=kind.rules_words(rules),
            **kind.welcome_extra(rules)))
        LOG.info("table %s: %s %s seat %d", table.id, player.name,
                 "rejoined" if rejoined else "took", seat)
        if incoming:
            table.out.send_waiting(conn, seat)
        else:
            table.out.send_state(conn, seat, table.deal_events(), whole=True)
        if rejoined and player.away_moves:  # after the state: it is news about it
            moves, player.away_moves = player.away_moves, []
            conn.notice(f"While you were away a bot played for you: {', '.join(moves)}")
        if table.roster.text() != roster_before:
            table.out.broadcast([])  # everyone sees the new roster
        if not rejoined:
            await table.store.seats_changed()  # a restarted server knows them by their token
        table.wake()

    async def leave(self, conn: Connection) -> None:
        table, player = conn.table, conn.player
        if table is None or player is None or conn.seat is None:
            return
        seat = table.seats[conn.seat]
        if seat.player is player:
            seat.player = None
        if seat.incoming is player:
            seat.incoming = None
        table.roster.retire(player.token)
        player.conn = None
        conn.table = conn.player = None
        self.server.gate.unseat(conn.transport)
        table.wake()
        table.out.broadcast([])
        await table.store.seats_changed()
        conn.send(message("bye", reason="you left the table; a bot plays your seat"))
        conn.close(1000, "left")

    async def gone(self, conn: Connection) -> None:
        """A connection closed: its player is away (the seat waits for them)."""
        table, player = conn.table, conn.player
        if table is None or player is None or player.conn is not conn:
            return
        player.conn = None
        player.away_since = time.monotonic()  # a waiting player's seat is held alike
        table.out.broadcast([])
        table.wake()


_CLOSED = (WSMsgType.CLOSE, WSMsgType.CLOSING, WSMsgType.CLOSED, WSMsgType.ERROR)


def _source(conn: Connection) -> str:
    """The client's address, without its port (behind a trusted proxy: the address the
    proxy forwards)."""
    return conn.source


def _ref(data: dict[str, Any] | None) -> Any:
    """A message's ``ref`` when it is one the protocol echoes (a whole number below 2^53
    or text of up to 64 characters), else None."""
    ref = data.get("ref") if data is not None else None
    if (type(ref) is int and -MAX_REF < ref < MAX_REF) or (isinstance(ref, str)
                                                           and len(ref) <= 64):
        return ref
    return None
