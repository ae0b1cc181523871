"""``twentynine join HOST:PORT --code CODE``: the terminal table, seated at a hosted table.

The usual :class:`~twentynine.tui.app.TwentyNineApp` plays through a
:class:`~twentynine.net.remote.RemoteTable` (at a table of Twenty-Five, the
:class:`~twentynine.tui.twentyfive_app.TwentyFiveApp` through a
:class:`~twentynine.net.remote_race.RemoteRace`): the server decides, the app draws.
"""

from __future__ import annotations

import asyncio
import getpass
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING

from ..controller.table_like import RosterChange
from .client import JoinError
from .remote import RemoteTable, connect_seat, roster_line
from .remote_race import RemoteRace

if TYPE_CHECKING:
    from ..tui.app import TwentyNineApp
    from ..tui.twentyfive_app import TwentyFiveApp


def default_name() -> str:
    """The login name, as a player's name (``player`` when there is none)."""
    try:
        name = getpass.getuser()
    except (KeyError, OSError):
        name = ""
    name = " ".join(name.split())[:24]
    return name or "player"


def make_app(remote: RemoteTable, speed: str | None = None) -> TwentyNineApp:
    """The table app playing through ``remote`` (which must be started to hear the
    server): the table's news (refusals, who comes and goes, notices) reaches it through
    the table (``add_news``), as a local table's does."""
    from ..tui.app import TwentyNineApp

    clock = remote.conn.welcome.get("clock")
    app = TwentyNineApp(remote.rules, table=remote, speed=speed,
                        timer=float(clock) if isinstance(clock, (int, float)) else None)
    where = f"{remote.host}:{remote.port}"
    app.status_notice = remote.notice or f"Seated at {where} as {remote.name}"
    others = roster_line(remote.rules, remote.seats, remote.server_seat)
    app.table_news(RosterChange(f"At the table: {others}", (1, 2, 3)))  # shown once up

    def in_app(fn: Callable[[], None]) -> None:
        # the server's messages are handled in the app's message loop, so a new state and
        # its news reach the table together (before the app runs: at once)
        if not (app.is_running and app.call_later(fn)):
            fn()

    remote.set_dispatch(in_app)
    return app


def make_race_app(remote: RemoteRace) -> TwentyFiveApp:
    """Twenty-Five's table app playing through ``remote``: the server's messages are
    handled in the app's loop, its refusals and notices shown on the status line."""
    from ..tui.twentyfive_app import TwentyFiveApp

    notices = [f"Seated at {remote.host}:{remote.port} as {remote.name}"
               + (f": {remote.notice}" if remote.notice else "")]
    app = TwentyFiveApp(remote.rules, table=remote, notices=notices)

    def in_app(fn: Callable[[], None]) -> None:
        if not (app.is_running and app.call_later(fn)):
            fn()

    remote.set_dispatch(in_app)
    remote.add_news(app.table_news)
    return app


async def join_and_play(host: str, port: int, code: str, name: str | None,
                        seat: str | None, speed: str | None) -> int:
    from ..common.storage import data_dir
    from .tokens import TokenFile

    tokens = TokenFile(data_dir() / "seats.json")
    who = name or default_name()
    remote: RemoteTable | RemoteRace
    try:
        conn = await connect_seat(host, port, code, who, seat,
                                  token=tokens.get(host, port, code))
        if conn.card_game == "twentyfive":
            remote = RemoteRace(conn, host, port, code, who)
        else:
            remote = RemoteTable(conn, host, port, code, who)
        await remote.first_state()
    except JoinError as exc:
        print(f"twentynine: {exc}", file=sys.stderr)
        return 1
    if tokens.problem:
        print(f"twentynine: {tokens.problem}", file=sys.stderr)
    tokens.put(host, port, code, remote.conn.token)
    app = make_app(remote, speed) if isinstance(remote, RemoteTable) else \
        make_race_app(remote)
    remote.start()
    try:
        await app.run_async()
    finally:
        await remote.close()
    return 0


def run_join(host: str, port: int, code: str, name: str | None, seat: str | None,
             speed: str | None) -> int:
    """Join and play until the player quits; 1 (with the reason) if the server refuses."""
    return asyncio.run(join_and_play(host, port, code, name, seat, speed))
