"""The remote table: one seat at a real table server on 127.0.0.1, seen turned so that it
is seat 0 (what the terminal table needs), playing a deal through the Table interface."""

from __future__ import annotations

import asyncio
import json
import random
from collections.abc import Sequence
from pathlib import Path

from hypothesis import given
from hypothesis import strategies as st
from net_support import run, serving

from twentynine.controller.table_like import (
    Listener,
    News,
    Notice,
    Refusal,
    RosterChange,
    TableLike,
)
from twentynine.engine.events import DealScored, Event
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules
from twentynine.net.protocol import decode_event, decode_view, encode_event, encode_view
from twentynine.net.remote import RemoteTable
from twentynine.net.rotate import rotate_event, rotate_view


@given(seed=st.integers(0, 10**6), steps=st.integers(0, 90), k=st.integers(0, 3),
       preset=st.sampled_from(["standard", "pagat", "app"]))
def test_a_turned_view_is_the_same_table_seen_from_seat_0(seed: int, steps: int, k: int,
                                                          preset: str) -> None:
    g = Game(seed, Rules.preset(preset))
    rng = random.Random(seed)
    events: list[Event] = []
    for _ in range(steps):
        if g.is_over:
            break
        events = g.apply(rng.choice(g.legal_actions()))
    v = g.view(k)
    t = decode_view(json.loads(json.dumps(rotate_view(encode_view(v), k))))

    def back(s: int | None) -> int | None:
        return None if s is None else (s + k) & 3

    assert t.seat == 0 and t.hand == v.hand and t.legal_actions == v.legal_actions
    assert back(t.turn) == v.turn and back(t.dealer) == v.dealer and back(t.bidder) == v.bidder
    assert t.hand_sizes[0] == len(t.hand) and [back(s) for s, _ in t.trick] == \
        [s for s, _ in v.trick]
    assert t.scores[0] == v.scores[v.team] and t.points[0] == v.points[v.team]
    assert t.tricks_won[1] == v.tricks_won[1 - v.team]
    if t.outcome is not None and v.outcome is not None:
        assert t.outcome.game_points[0] == v.outcome.game_points[v.team]
        assert back(t.outcome.bidder) == v.outcome.bidder or v.outcome.bidder < 0
    # turning back restores the original
    assert rotate_view(rotate_view(encode_view(v), k), (4 - k) & 3) == encode_view(v)
    for e in events:
        data = encode_event(e)
        assert rotate_event(rotate_event(data, k), (4 - k) & 3) == data
        decode_event(rotate_event(data, k))  # still a valid event


def test_a_remote_seat_plays_a_deal_through_the_table_interface(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Ed", "east")
            assert remote.server_seat == 1 and remote.seat == 0
            assert isinstance(remote, TableLike) and remote.shared
            # the same cards as the server's view of east
            assert remote.view().hand == table.game.view(1).hand
            got: list[Event] = []
            done = asyncio.Event()

            def on_events(events: Sequence[Event]) -> None:
                got.extend(events)
                if any(isinstance(e, DealScored) for e in got):
                    done.set()
                    return
                legal = remote.legal_actions()
                if legal:
                    remote.apply(legal[0])

            remote.add_listener(on_events)
            news: list[News] = []
            remote.add_news(news.append)
            remote.start()
            on_events([])
            await asyncio.wait_for(done.wait(), 30)
            assert not [n for n in news if isinstance(n, Refusal)]
            scored = next(e for e in got if isinstance(e, DealScored))
            # "Us" at the remote table is east's team, team 1 on the server
            assert list(scored.scores) == list(table.game.scores)[::-1]
            assert remote.deal_over and remote.view().phase.value == "deal over"
            await remote.close()

    run(main())


def test_a_remote_seat_reconnects_by_itself_after_a_drop(tmp_path: Path) -> None:
    async def main() -> None:
        from twentynine.net.server import Settings

        st = Settings(bots="random", bot_delay=0.0, away="wait")
        async with serving(tmp_path, st) as (server, [table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Di", "north")
            news: list[News] = []
            remote.add_news(news.append)
            remote.start()
            n = len(table.game.log)
            # the server drops our connection (a network fault)
            conn = next(c for c in server.connections if c.player and c.player.name == "Di")
            await conn.ws.close()
            for _ in range(600):  # 30 s: a bound for a loaded machine
                if Notice("Reconnected.") in news:
                    break
                await asyncio.sleep(0.05)
            # typed news: the loss as an alarm, then the way back
            assert Notice("Reconnected.") in news, news
            lost = [n for n in news if isinstance(n, Notice) and n.alarm]
            assert lost and lost[0].text.startswith("Connection lost"), news
            assert table.seats[2].player is not None and table.seats[2].player.conn is not None
            # the same seat, the same game: play on to the end of the deal
            done = asyncio.Event()

            def on_events(events: object) -> None:
                if remote.deal_over:
                    done.set()
                elif remote.legal_actions():
                    remote.apply(remote.legal_actions()[0])

            remote.add_listener(on_events)
            on_events([])
            await asyncio.wait_for(done.wait(), 30)
            assert len(table.game.log) > n
            await remote.close()

    run(main())


def test_the_remote_table_says_who_comes_and_goes(tmp_path: Path) -> None:
    from twentynine.net.client import Connection

    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Al", "south")
            news: list[News] = []
            remote.add_news(news.append)
            remote.start()
            other = await Connection.join("127.0.0.1", server.port, table.code, "Bo", "north")
            sat = RosterChange("Bo sits North", (2,))
            left = RosterChange("North (Bo) left: a bot plays there", (2,))
            for _ in range(600):
                if sat in news:
                    break
                await asyncio.sleep(0.05)
            await other.send("leave")
            for _ in range(600):
                if left in news:
                    break
                await asyncio.sleep(0.05)
            # typed: who changed (north, seat 2 as this player sees it) and in words
            assert sat in news and left in news, news
            assert all(isinstance(n, RosterChange) for n in news), news
            await other.close()
            await remote.close()

    run(main())


def test_four_terminal_clients_play_a_whole_deal(tmp_path: Path) -> None:
    """The four seats are four terminal clients' tables (what ``twentynine join`` plays
    through), no bot at all: they play a whole deal, each on its turn, none refused, and
    each sees the same result from its own side (its team as "Us")."""
    async def main() -> None:
        async with serving(tmp_path) as (server, [table]):
            remotes = [await RemoteTable.join("127.0.0.1", server.port, table.code, name,
                                              seat)
                       for name, seat in (("Asha", "south"), ("Bo", "east"),
                                          ("Cy", "north"), ("Di", "west"))]
            assert [r.server_seat for r in remotes] == [0, 1, 2, 3]
            scored: list[DealScored | None] = [None] * 4
            refusals: list[News] = []
            done = asyncio.Event()

            def listener(i: int) -> Listener:
                r = remotes[i]

                def on_events(events: Sequence[Event]) -> None:
                    for e in events:
                        if isinstance(e, DealScored):
                            scored[i] = e
                    if all(s is not None for s in scored):
                        done.set()
                        return
                    legal = r.legal_actions()
                    if legal and scored[i] is None and not r.pending:
                        r.apply(legal[-1])

                return on_events

            for i, r in enumerate(remotes):
                r.add_listener(listener(i))
                r.add_news(lambda n: refusals.append(n) if isinstance(n, Refusal) else None)
                r.start()
            for i in range(4):
                listener(i)([])
            await asyncio.wait_for(done.wait(), 60)
            assert refusals == []
            assert table.game.deals_played == 1 and table.game.deal.number == 1
            final = list(table.game.scores)
            for i, s in enumerate(scored):
                assert s is not None
                assert list(s.scores) == (final if i % 2 == 0 else final[::-1])
            for r in remotes:
                await r.close()

    run(main(), timeout=90)
