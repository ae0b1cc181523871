"""One contract, two tables: the same scenarios played against the local table (the
controller, its bots in this process) and against a seat at a real table server on
127.0.0.1 (the remote table), through :class:`~twentynine.controller.table_like.TableLike`
alone: the first view, a bid, an illegal action refused with a reason and nothing changed,
a take-back refused, a whole deal and the next, a move after the deal's end refused in the
same words by both, a new game after the last, other players taking the other seats (a
``RosterChange``), the table failing to save (a ``Notice``). Each scenario also says what
news the table told (:data:`~twentynine.controller.table_like.News`, through
``add_news``): the same kinds, in the same order, from both tables (a refused move is a
``Refusal`` whether the table raised it at once or a server answered it).

A driver hides only how each table reaches the player's next turn (the local one runs its
bots' turns, as the terminal's worker does; the remote one waits for the server's states)
and how a change of players or a failed save comes about (the local table's bots changed
and its save file unwritable; a friend sitting down at the server, the server telling its
players it could not save); every assertion is the same for both. A table that behaves
differently from the other fails here.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import AsyncIterator, Awaitable, Callable
from contextlib import asynccontextmanager
from pathlib import Path

import pytest
from net_support import run, serving

from twentynine.controller.local_table import TableController
from twentynine.controller.table_like import News, Notice, Refusal, RosterChange, TableLike
from twentynine.engine.actions import PASS, Action, ActionKind
from twentynine.engine.deal import Phase
from twentynine.engine.events import DealScored, Event
from twentynine.engine.rules import Rules
from twentynine.net.client import Connection
from twentynine.net.hosted_table import Table
from twentynine.net.remote import RemoteTable
from twentynine.net.roster import Settings
from twentynine.net.server import GameServer

RULES = Rules(game_to=1)
"""One deal decides a game (unless it is thrown in): the scenarios reach a game's end."""

BOUND = 30.0
"""Seconds a remote table may take to answer: a bound on a hang, never on speed."""


class Driver:
    """A table and what its listeners heard."""

    def __init__(self, table: TableLike) -> None:
        self.table = table
        self.heard: list[Event] = []
        table.add_listener(self.heard.extend)
        self.news: list[News] = []
        """The table's news so far (:meth:`TableLike.add_news`)."""
        table.add_news(self.news.append)

    async def settle(self) -> None:
        """Until the player may act, or the deal or the game is over."""
        raise NotImplementedError

    async def refusal(self) -> str | None:
        """The reason a table gave, other than by raising, for refusing the last action."""
        raise NotImplementedError

    def ready(self) -> bool:
        t = self.table
        return bool(t.legal_actions()) or t.deal_over or t.is_over

    async def act(self, action: Action) -> None:
        self.table.apply(action)
        await self.settle()

    async def someone_else_plays(self) -> None:
        """Change who plays the other seats (the local table's bots; at the server, a
        friend sits down)."""
        raise NotImplementedError

    async def table_cannot_save(self) -> None:
        """Make the table fail to write its file, and say so."""
        raise NotImplementedError

    async def news_after(self, told: int) -> list[News]:
        """The news told since there were ``told`` (waiting a little for a remote table)."""
        loop = asyncio.get_running_loop()
        end = loop.time() + BOUND
        while len(self.news) <= told:
            assert loop.time() < end, "the table told no news"
            await asyncio.sleep(0.01)
        return self.news[told:]


class LocalDriver(Driver):
    tmp: Path

    async def settle(self) -> None:
        assert isinstance(self.table, TableController)
        while (turn := self.table.bot_turn()) is not None:
            self.table.apply_bot(turn, self.table.think(turn).action)
        await asyncio.sleep(0)

    async def refusal(self) -> str | None:
        return None

    async def someone_else_plays(self) -> None:
        assert isinstance(self.table, TableController)
        self.table.set_bots("easy" if self.table.bot_name != "easy" else "random")

    async def table_cannot_save(self) -> None:
        assert isinstance(self.table, TableController)
        self.table.save_file = self.tmp / "a file, not a folder" / "save.json"
        (self.tmp / "a file, not a folder").write_text("", encoding="utf-8")
        await self.act(self.table.legal_actions()[0])  # the autosave after it fails


class RemoteDriver(Driver):
    def __init__(self, table: RemoteTable, server: GameServer, hosted: Table) -> None:
        super().__init__(table)
        self.remote = table
        self.server, self.hosted = server, hosted
        self.friends: list[Connection] = []

    async def someone_else_plays(self) -> None:
        self.friends.append(await Connection.join("127.0.0.1", self.server.port,
                                                  self.hosted.code, "Bela", "north"))

    async def table_cannot_save(self) -> None:
        # what the server does when its store could not write the table's record
        self.hosted.tell_all("The server could not save this table: disk full")

    async def settle(self) -> None:
        await self._until(lambda: not self.remote.pending and self.ready())

    async def refusal(self) -> str | None:
        await self._until(lambda: any(isinstance(n, Refusal) for n in self.news)
                          and not self.remote.pending)
        return next(n.text for n in reversed(self.news) if isinstance(n, Refusal))

    async def _until(self, condition: Callable[[], bool]) -> None:
        loop = asyncio.get_running_loop()
        end = loop.time() + BOUND
        while not condition():
            assert loop.time() < end, "the remote table did not answer"
            await asyncio.sleep(0.01)


@asynccontextmanager
async def local_table(tmp: Path) -> AsyncIterator[Driver]:
    driver = LocalDriver(TableController(RULES, seed=11, bots="random"))
    driver.tmp = tmp
    yield driver


@asynccontextmanager
async def remote_table(tmp: Path) -> AsyncIterator[Driver]:
    settings = Settings(rules=RULES, bots="random", bot_delay=0.0)
    async with serving(tmp, settings) as (server, [table]):
        remote = await RemoteTable.join("127.0.0.1", server.port, table.code, "Asha",
                                        "south")
        remote.start()
        driver = RemoteDriver(remote, server, table)
        try:
            yield driver
        finally:
            for friend in driver.friends:
                await friend.close()
            await remote.close()


TABLES = {"local": local_table, "remote": remote_table}

Scenario = Callable[[Driver], Awaitable[None]]


def play(kind: str, tmp_path: Path, scenario: Scenario) -> None:
    async def main() -> None:
        async with TABLES[kind](tmp_path) as driver:
            await driver.settle()
            await scenario(driver)

    run(main(), timeout=90)


def kinds(news: list[News]) -> list[str]:
    return [type(n).__name__ for n in news]


async def refused(d: Driver, action: Action) -> str:
    """Try ``action``, which the table must refuse: the reason, in words, raised at once
    or answered later, and told as news (one ``Refusal`` in the same words); nothing
    moved."""
    t = d.table
    before, view = t.position, t.view()
    told = len(d.news)
    try:
        t.apply(action)
    except ValueError as exc:
        reason: str | None = str(exc)
    else:
        reason = await d.refusal()
    assert reason, f"{action} was not refused"
    assert t.position == before and t.view() == view
    assert d.news[told:] == [Refusal(reason)], d.news[told:]
    return reason


async def to_deal_end(d: Driver) -> None:
    """Play the player's first legal action at each turn until the deal is over."""
    t = d.table
    for _ in range(40):
        if t.deal_over or t.is_over:
            return
        await d.act(t.legal_actions()[0])
    raise AssertionError("the deal did not end")


# --------------------------------------------------------------------------- scenarios
async def first_view(d: Driver) -> None:
    t = d.table
    v = t.view()
    assert t.seat == 0 == v.seat and v.phase is Phase.AUCTION and len(v.hand) == 4
    assert t.rules == RULES and t.scores == (0, 0) and not t.is_over and not t.deal_over
    assert t.legal_actions() == list(v.legal_actions) != []
    assert t.explain(t.legal_actions()[0]) is None
    assert kinds(d.news) == []  # nothing to tell yet: nobody came or went


async def bid(d: Driver) -> None:
    t = d.table
    bids = [a for a in t.legal_actions() if a.kind is ActionKind.BID]
    assert bids
    before = t.position
    await d.act(bids[0])
    v = t.view()
    assert (0, bids[0].bid) in v.bids and t.position > before
    assert kinds(d.news) == []


async def illegal_action(d: Driver) -> None:
    t = d.table
    card = t.view().hand[0]
    reason = await refused(d, Action.play(card))  # a card in the auction
    assert reason[0].isupper() and len(reason) > 10
    assert t.explain(Action.play(card)) is not None
    await d.act(t.legal_actions()[0])  # and the table goes on
    assert kinds(d.news) == ["Refusal"]


async def take_back(d: Driver) -> None:
    t = d.table
    problem = t.take_back_problem()  # nothing of the player's to take back yet
    assert problem
    before = t.position
    with pytest.raises(ValueError, match=re.escape(problem)):
        t.take_back()
    assert t.position == before and t.take_backs_used == 0
    assert kinds(d.news) == []  # not a move: the asker hears why, no news


async def whole_deal(d: Driver) -> None:
    t = d.table
    await to_deal_end(d)
    scored = [e for e in d.heard if isinstance(e, DealScored)]
    assert len(scored) == 1 and t.view().phase is Phase.DEAL_OVER
    assert tuple(scored[0].scores) == t.scores
    assert t.legal_actions() == []
    assert kinds(d.news) == []
    # a move after the deal's end: refused, in the same words by both tables
    reason = await refused(d, PASS)
    assert reason == ("The game is over" if t.is_over else "The deal is over")
    assert kinds(d.news) == ["Refusal"]
    if not t.is_over:  # a thrown-in deal: the game goes on
        t.next_deal()
        await d.settle()
        assert t.view().phase is Phase.AUCTION and len(t.view().hand) == 4


async def new_game(d: Driver) -> None:
    t = d.table
    for _ in range(6):
        await to_deal_end(d)
        if t.is_over:
            break
        t.next_deal()
        await d.settle()
    assert t.is_over and t.winner in (0, 1) and t.legal_actions() == []
    assert abs(t.scores[0]) >= RULES.game_to or abs(t.scores[1]) >= RULES.game_to
    game = t.position[0]
    t.new_game(seed=12)
    await d.settle()
    assert t.position[0] == game + 1 and t.scores == (0, 0) and not t.is_over
    assert t.view().phase is Phase.AUCTION and len(t.view().hand) == 4
    assert kinds(d.news) == []


async def roster_change(d: Driver) -> None:
    """Other players take the other seats: one ``RosterChange`` naming some of them (never
    the player's own), in words; the game itself does not move."""
    t = d.table
    before, view = t.position, t.view()
    await d.someone_else_plays()
    told = await d.news_after(0)
    assert kinds(told) == ["RosterChange"], told
    change = told[0]
    assert isinstance(change, RosterChange)
    assert change.text and change.seats and set(change.seats) <= {1, 2, 3}
    assert t.position == before and t.view() == view
    assert t.legal_actions() == list(view.legal_actions)


async def notice(d: Driver) -> None:
    """The table could not write its file: one ``Notice`` that says so; the game goes on
    and nothing else is told."""
    t = d.table
    await d.table_cannot_save()
    told = await d.news_after(0)
    assert kinds(told) == ["Notice"], told
    assert isinstance(told[0], Notice) and "could not save" in told[0].text.lower()
    before = t.position
    await d.act(t.legal_actions()[0])
    assert t.position > before
    assert kinds(d.news) == ["Notice"]


SCENARIOS: dict[str, Scenario] = {
    "roster change": roster_change, "notice": notice,
    "first view": first_view, "bid": bid, "illegal action": illegal_action,
    "take-back": take_back, "whole deal": whole_deal, "new game": new_game,
}


@pytest.mark.parametrize("scenario", list(SCENARIOS))
@pytest.mark.parametrize("kind", list(TABLES))
def test_both_tables_keep_the_contract(kind: str, scenario: str, tmp_path: Path) -> None:
    play(kind, tmp_path, SCENARIOS[scenario])
