"""What a hosted table sends: each seat's own state after every change, made once for
all the seats where it is the same, and sent as the changes to what the client last had.

This is the wall between the engine and the players: a seat's message is made from that
seat's view (its game's ``view(seat)``) and the events filtered for that seat (its game's
``event_for_seat``, :mod:`.card_games`), never from the engine's state.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol

from ..engine.events import Event
from ..engine.views import public_fields
from .connection import Connection, PendingState
from .protocol import VERSION, encode_view, message
from .wire import compact_json, encode_own, encode_public

if TYPE_CHECKING:
    from .hosted_table import Table


class Views(Protocol):
    """What makes the seats' encoded views for a table's broadcasts."""

    def views_now(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The fields every seat's view shares (encoded once), and each seat's own."""

    def watching(self, seat: int) -> dict[str, Any]:
        """``seat``'s view as a player waiting to take it from its bot may see it: the
        deal as anyone sees it, without the seat's cards or legal actions."""


class DealViews:
    """Twenty-Nine's views, made from the deal: the fields the four seats share once per
    action (:func:`~twentynine.engine.views.public_fields`), a seat's own fields again only
    when what they come from changed (most actions change one or two seats')."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self._private: list[tuple[object, tuple[object, ...], dict[str, Any]] | None] = \
            [None] * 4
        """Each seat's own view fields, with the deal and the key they were made from."""
        self._tricks_cache: list[Any] = []
        """The deal's finished tricks, encoded (see :func:`~.wire.encode_public`)."""

    def _private_key(self, seat: int) -> tuple[object, ...]:
        """Everything the seat's own view fields (:data:`~.protocol.PRIVATE_VIEW_FIELDS`)
        are made from (as :func:`~twentynine.engine.views.make_view` reads the deal): while it is
        unchanged, so are they.  A test holds this against the engine's views."""
        d = self.table.game.deal
        return (d.number, d.phase_code, d.hands[seat], d.turn == seat, d.shown, d.bidder,
                d.trump_card, d.trump_suit, d.no_trump)

    def views_now(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The encoded views of the four seats now: the fields they share (encoded once),
        and each seat's own fields."""
        d = self.table.game.deal
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

    def watching(self, seat: int) -> dict[str, Any]:
        view = encode_view(self.table.game.view(seat), with_rules=False)
        view.update(hand=[], legal_actions=[])
        if not view["trump_shown"]:
            view.update(trump_suit=None, trump_card=None, no_trumps=False)
        return view


class SeatViews:
    """Any game's views through its adapter (:mod:`.card_games`): each seat's view encoded
    whole, split into the fields every seat shares and its own (the game's
    ``own_fields``)."""

    def __init__(self, table: Table) -> None:
        self.table = table

    def views_now(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        t = self.table
        kind: Any = t.kind
        own_names = kind.own_fields
        shared: dict[str, Any] | None = None
        own: list[dict[str, Any]] = []
        for s in range(len(t.roster.seats)):
            whole = kind.encode_view(t.game.view(s))
            own.append({k: v for k, v in whole.items() if k in own_names})
            if shared is None:
                shared = {k: v for k, v in whole.items() if k not in own_names}
        assert shared is not None
        return shared, own

    def watching(self, seat: int) -> dict[str, Any]:
        kind: Any = self.table.kind
        view: dict[str, Any] = kind.encode_view(self.table.game.view(seat))
        view.update({k: [] for k in ("hand", "legal_actions", "may_hold_back")})
        view["laid_down"] = None
        return view


def _inner(data: dict[str, Any]) -> str:
    """A JSON object's text without its braces (objects here are never empty)."""
    return compact_json(data)[1:-1]


class Broadcaster:
    """One table's states for its seats, with what it keeps between broadcasts."""

    def __init__(self, table: Table) -> None:
        self.table = table
        self.views: Views = table.kind.make_views(table)
        self._last_common: dict[str, Any] | None = None
        """The views' shared fields at the last broadcast (changes are found against it)."""

    def views_now(self) -> tuple[dict[str, Any], list[dict[str, Any]]]:
        """The encoded views of the seats now: the fields they share (encoded once), and
        each seat's own fields."""
        return self.views.views_now()

    def _parts(self, shared: dict[str, Any]) -> None:
        """Fill ``shared`` (one dict per broadcast) with what is the same for every seat:
        the views' shared fields and their changes since the last broadcast (each found
        and encoded once), and the message's closing fields."""
        t = self.table
        g = t.game
        common, own_fields = self.views_now()
        before = self._last_common
        changes = {k: v for k, v in common.items() if before is None or before.get(k) != v}
        shared["views"] = (common, own_fields)
        shared["before"] = before
        shared["changes"] = _inner(changes) if changes else ""
        self._last_common = common
        shared["rest"] = _inner({
            "actions": t.kind.count(g), "scores": list(g.scores), "game_over": g.is_over,
            "winner": g.winner, "turn": g.turn, "clock": t.clock_left(),
            "game": t.number}) + \
            f',"seats":{t.roster.text()}'

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
        t = self.table
        g = t.game
        if shared is None:
            shared = {}
        if "views" not in shared:
            self._parts(shared)
        common, own_fields = shared["views"]
        own = own_fields[seat]
        # an event every seat sees alike (most) is encoded once per broadcast, and when
        # all of them are, their list too
        kind = t.kind
        rules = g.rules
        mine_events = [kind.event_for_seat(e, seat) for e in events]
        if all(m is e for m, e in zip(mine_events, events, strict=True)):
            cached = shared.get("events_text")
            if cached is not None and cached[0] is events:
                events_text = cached[1]
            else:
                events_text = ",".join(compact_json(kind.encode_event(e, rules))
                                       for e in events)
                shared["events_text"] = (events, events_text)
        else:
            events_text = ",".join(compact_json(kind.encode_event(m, rules))
                                   for m in mine_events)
        st = t.roster.seats[seat]
        next_deal = kind.between_deals(g) and not st.ready and st.player is not None
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

    def broadcast(self, events: list[Event], ref_for: tuple[int, Any] | None = None
                  ) -> None:
        """Queue for each seated client its state (and for each waiting one what it may
        see).  Nothing here waits on a socket: each client has its own queue."""
        shared: dict[str, Any] = {}
        for s, seat in enumerate(self.table.roster.seats):
            for p in (seat.player, seat.incoming):
                if p is None or p.conn is None:
                    continue
                if p is seat.incoming:
                    self.send_waiting(p.conn, s)
                    continue
                ref = ref_for[1] if ref_for is not None and ref_for[0] == s else None
                self.send_state(p.conn, s, events, ref, shared)

    def send_state(self, conn: Connection, seat: int, events: list[Event], ref: Any = None,
                   shared: dict[str, Any] | None = None, whole: bool = False) -> None:
        """Queue ``seat``'s state for ``conn`` (``whole``: with the whole view, not its
        changes); a state of the seat still waiting there unsent is replaced by one that
        carries both's events (a client that reads slowly never has states pile up behind
        each other)."""
        tail = conn.pending_state()
        if tail is not None and not tail.waiting and tail.seat == seat and tail.ref is None:
            conn.last_view = None if whole else tail.before
            if not whole:
                events = tail.events + events
            tail.events = events
            tail.ref = ref
            tail.text = self.state_for(seat, events, ref, shared, conn)
            return
        before = conn.last_view
        if whole:
            conn.last_view = None
        text = self.state_for(seat, events, ref, shared, conn)
        if not conn.write_now(text):
            conn.send_state(PendingState(text, seat, before, events, ref))

    def send_waiting(self, conn: Connection, seat: int) -> None:
        """Queue what a player waiting for ``seat`` sees (replacing such a message not yet
        sent: each is whole)."""
        tail = conn.pending_state()
        if tail is not None and tail.waiting and tail.seat == seat:
            tail.text = self.waiting_for(seat)
            return
        text = self.waiting_for(seat)
        if not conn.write_now(text):
            conn.send_state(PendingState(text, seat, None, [], None, waiting=True))

    def waiting_for(self, seat: int) -> str:
        """What a player waiting to take a bot's seat sees: the seats, and the deal as
        anyone may see it (``view``: the seat's view without its hand, its trump unless it
        is shown, or its legal actions), so their table can follow the bot's play."""
        t = self.table
        g = t.game
        view = self.views.watching(seat)
        return message("waiting", seat=seat, seats=t.roster.listing(),
                       actions=t.kind.count(g),
                       scores=list(g.scores), view=view, turn=g.turn, game_over=g.is_over,
                       winner=g.winner, clock=t.clock_left(), events=[],
                       next_deal=False, game=t.number)
