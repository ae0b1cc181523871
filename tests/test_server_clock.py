"""The move clock is the server's: a connected player who lets it run out has a move made
for them (and is told so), the states count the clock down, and a table set to wait for a
dropped player (``away="wait"``) does not move for them."""

from __future__ import annotations

import asyncio
import time
from pathlib import Path

from net_support import Player, run, serving

from twentynine.net.client import Connection
from twentynine.net.server import Settings


def test_the_server_moves_for_a_player_whose_clock_ran_out(tmp_path: Path) -> None:
    async def main() -> None:
        st = Settings(bots="random", bot_delay=0.0, clock=0.6)
        async with serving(tmp_path, st) as (server, [table]):
            south = Player(await Connection.join("127.0.0.1", server.port, table.code,
                                                 "Slow", "south"), seed=1)
            start = time.monotonic()
            # south never moves: the server must, each time its clock runs out
            await south.play(lambda p: any(m.get("type") == "notice" and "Time is up"
                                           in str(m.get("text")) for m in p.messages),
                             act=False)
            waited = time.monotonic() - start
            assert waited >= 0.5  # not before the clock ran out
            notice = next(m for m in south.messages if m.get("type") == "notice")
            # the hint's choice from south's view, named
            assert notice["text"].startswith(("Time is up: the hint's choice was made for "
                                              "you: ", "Time is up: the ")), notice
            assert "the hint's choice" in notice["text"]
            assert table.game.actions, "the game went on"
            clocks = [s.clock for s in south.states if s.turn == 0 and s.clock is not None]
            assert clocks and all(0 <= c <= 0.6 for c in clocks)
            await south.conn.close()

    run(main(), timeout=60)


def test_a_table_that_waits_does_not_move_for_a_dropped_player(tmp_path: Path) -> None:
    async def main() -> None:
        st = Settings(bots="random", bot_delay=0.0, away="wait")
        async with serving(tmp_path, st) as (server, [table]):
            south = Player(await Connection.join("127.0.0.1", server.port, table.code,
                                                 "Gone", "south"), seed=1)
            await south.play(lambda p: len(p.states) > 0 and p.last.turn == 0
                             and bool(p.last.view.legal_actions), act=True)
            # it is south's turn; south drops: the table waits (no bot moves for them)
            before = len(table.game.log)
            await south.conn.close()
            await asyncio.sleep(1.5)
            assert len(table.game.log) == before
            assert table.roster.listing()[0]["kind"] == "away"

    run(main(), timeout=60)


def test_a_returning_player_is_told_what_a_bot_played_for_them(tmp_path: Path) -> None:
    from twentynine.engine.events import CardPlayed, Passed

    async def main() -> None:
        st = Settings(bots="random", bot_delay=0.0, away="bot", clock=0.3)
        async with serving(tmp_path, st) as (server, [table]):
            conn = await Connection.join("127.0.0.1", server.port, table.code, "Back",
                                         "south")
            token = conn.token
            await conn.close()  # gone at once: the bot moves for south after the clock

            def south_moved() -> bool:
                return any(isinstance(e, (CardPlayed, Passed)) and e.seat == 0
                           for e in table.events)

            for _ in range(100):
                if south_moved():
                    break
                await asyncio.sleep(0.1)
            assert south_moved()
            back = Player(await Connection.join("127.0.0.1", server.port, table.code,
                                                "Back", "south", token=token), seed=1)
            assert back.conn.welcome["rejoined"] is True
            await back.play(lambda p: any(m.get("type") == "notice" for m in p.messages),
                            act=False)
            notice = next(m for m in back.messages if m.get("type") == "notice")
            assert notice["text"].startswith("While you were away a bot played for you: ")
            await back.conn.close()

    run(main(), timeout=60)
