"""A hosted table of Twenty-Five (``host --game twentyfive``) over the real protocol: two
players and four bots play a 6-seat game in threes to its end while every message each
player receives is searched for a card its seat may not know (another hand, the stock,
a robber's laid-down card); an illegal card is refused with the engine's reason; a seat
comes back by its token alone; a restarted server resumes the game; a secret game's
record holds each deal before anyone sees it; the terminal's join plays its seat
through the Twenty-Five screen; a player out of time gets the hint's move; a friend who
sits down mid-deal waits (``waiting``: only what every seat sees) and plays from the next
deal; at game over a player starts the table's next game."""

from __future__ import annotations

import asyncio
import random
import re
from pathlib import Path
from typing import Any

import pytest
from net_support import run, serving
from test_server_wall import leaks as wall_leaks

from twentynine.net.client import Connection, JoinError
from twentynine.net.server import Settings
from twentynine.twentyfive import HouseRules, Race
from twentynine.twentyfive.pack import cards_in

RULES = HouseRules(players=6, teams="threes")
CARD = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([SHDC])(?![A-Za-z0-9])")
LABEL = re.compile(r"(?<![A-Za-z0-9])(10|[2-9AJQK])([♠♥♦♣])")
NOT_CARDS = {"token", "code", "table", "rules_words"}
"""Random strings (a token may hold "KH") and the rules' own words (they name the A♥)."""


def settings(**kw: Any) -> Settings:
    return Settings(rules=RULES, bots="random", bot_delay=0.0, **kw)


def cards_seen(data: Any) -> set[str]:
    """Every card anywhere in a message, by name (``10H``) or as words write it (``10♥``)."""
    out: set[str] = set()
    if isinstance(data, str):
        out.update(r + s for r, s in CARD.findall(data))
        out.update(r + "SHDC"["♠♥♦♣".index(s)] for r, s in LABEL.findall(data))
    elif isinstance(data, list):
        for d in data:
            out |= cards_seen(d)
    elif isinstance(data, dict):
        for k, d in data.items():
            if k not in NOT_CARDS:
                out |= cards_seen(d)
    return out


def known_cards(seed: int, rules: HouseRules, moves: list[str]) -> list[list[set[str]]]:
    """known[m][seat]: what ``seat`` may know after m moves, from a replay of the engine:
    the cards it was dealt this deal, the turned card, the cards played this deal, and
    the card it laid down itself when it robbed."""
    g = Race(seed, rules)
    out = []

    def now() -> list[set[str]]:
        hands, turned = g.dealt[-1]
        r = g.round
        row = []
        for seat in range(rules.players):
            mask = hands[seat] | (1 << turned) | r.hands[seat]
            for c in r.played:
                mask |= 1 << c
            if r.robber == seat and r.laid >= 0:
                mask |= 1 << r.laid
            row.append({c.name for c in cards_in(mask)})
        return row

    out.append(now())
    for m in moves:
        g.apply(m)
        out.append(now())
    return out


def leaks(messages: list[dict[str, Any]], seat: int, known: list[list[set[str]]]) -> list[str]:
    """The wall test's check with this game's cards, counted in moves."""
    return wall_leaks(messages, seat, known, cards=cards_seen, step="move")


class Player:
    """A client that keeps every message and plays a random legal move on its turn."""

    def __init__(self, conn: Connection, seed: int) -> None:
        self.conn = conn
        self.rng = random.Random(seed)
        self.messages: list[dict[str, Any]] = [conn.welcome]
        self.acted_at = -1
        self.errors: list[dict[str, Any]] = []

    @property
    def last(self) -> dict[str, Any]:
        return next(m for m in reversed(self.messages) if m["type"] == "state")

    async def play(self, until: Any, pick: Any = None) -> None:
        while not until(self):
            msg = await self.conn.receive(timeout=30)
            self.messages.append(msg)
            if msg["type"] == "error":
                self.errors.append(msg)
                self.acted_at = -1  # answer the same state again
                continue
            if msg["type"] != "state" or until(self):
                continue
            n = msg["actions"]
            if n == self.acted_at:
                continue
            view = msg["view"]
            if msg["next_deal"]:
                self.acted_at = n
                await self.conn.act("next deal")
            elif msg["turn"] == self.conn.seat and view["legal_actions"]:
                self.acted_at = n
                move = (pick or self.rng.choice)(view["legal_actions"])
                await asyncio.sleep(0.06)  # under the server's 20 messages a second
                await self.conn.act(move, at=n)


def over(p: Player) -> bool:
    return any(m["type"] == "state" and m["game_over"] for m in p.messages)


def test_six_in_threes_to_the_end_two_players_four_bots_and_the_wall_holds(
        tmp_path: Path) -> None:
    async def main() -> tuple[list[Player], list[str], dict[str, Any]]:
        async with serving(tmp_path, settings(), seed=8) as (server, [table]):
            ann = Player(await Connection.join("127.0.0.1", server.port, table.code, "Ann"), 1)
            bo = Player(await Connection.join("127.0.0.1", server.port, table.code, "Bo"), 2)
            await asyncio.gather(ann.play(over), bo.play(over))
            moves = [str(m) for m in table.game.moves]
            record = server.saved_record(table.id) if (tmp_path / f"{table.id}.json").exists() \
                else {}
            for p in (ann, bo):
                await p.conn.close()
            return [ann, bo], moves, record

    players, moves, _ = run(main(), 180)
    ann, bo = players
    assert ann.conn.card_game == "twentyfive" and ann.conn.welcome["sides"] == [0, 1] * 3
    assert {ann.conn.seat, bo.conn.seat} == {0, 1}  # first free: seats 1 and 2
    known = known_cards(8, RULES, moves)
    for p in players:
        assert leaks(p.messages, p.conn.seat, known) == []
        assert len(cards_seen(p.messages)) >= 15  # the check has teeth
    last = ann.last
    assert last["game_over"] and max(last["scores"]) >= 25
    won = [e for e in last["events"] if e["event"] == "RaceWon"]
    assert won and "{" in won[0]["words"] and "won the game" in won[0]["words"]
    # both played cards of their own; the bots played the rest
    played = [e for p in players for m in p.messages if m["type"] == "state"
              for e in m["events"] if e["event"] == "CardPlayed"]
    assert {e["seat"] for e in played} >= {0, 1, 2, 3, 4, 5}


def test_the_leak_check_finds_a_hand_and_a_laid_down_card() -> None:
    g = Race(8, RULES)
    known = known_cards(8, RULES, [])
    other = g.hand(3)[0].name
    assert leaks([{"type": "state", "actions": 0, "view": {"hand": [other]}}], 0, known)
    said = {"type": "state", "actions": 0,
            "events": [{"words": f"{{3}} robbed the {g.hand(3)[0].label}"}]}
    assert leaks([said], 0, known) and not leaks([said], 3, known)


def test_an_illegal_card_is_refused_with_the_rule_and_nothing_changes(tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, settings(), seed=8) as (server, [table]):
            conn = await Connection.join("127.0.0.1", server.port, table.code, "Ann", 0)
            p = Player(conn, 0)
            refused: list[str] = []

            def pick(legal: list[str]) -> str:
                hand = p.last["view"]["hand"]
                bad = [c for c in hand if f"play {c}" not in legal]
                if bad and not refused:
                    refused.append(bad[0])
                    return f"play {bad[0]}"
                return legal[0]

            await p.play(lambda q: bool(q.errors) or table.game.number > 2, pick)
            if not refused:
                pytest.skip("every card was always legal in these deals")
            error = p.errors[0]
            assert error["code"] == "illegal"
            assert "must" in error["message"] or "follow" in error["message"], error
            await conn.close()

    run(main(), 120)


def test_a_seat_comes_back_by_its_token_alone_and_the_bot_plays_meanwhile(
        tmp_path: Path) -> None:
    async def main() -> None:
        async with serving(tmp_path, settings(clock=None), seed=9) as (server, [table]):
            conn = await Connection.join("127.0.0.1", server.port, table.code, "Ann", 2)
            token = conn.token
            await conn.close()
            # the name alone does not bring anyone back to the seat held for her
            with pytest.raises(JoinError, match="seat 3 is taken by Ann"):
                await Connection.join("127.0.0.1", server.port, table.code, "Ann", 2)
            with pytest.raises(JoinError):
                await Connection.join("127.0.0.1", server.port, table.code, "Ann",
                                      token="x" * 24)
            back = await Connection.join("127.0.0.1", server.port, table.code, "Ann",
                                         token=token)
            assert back.seat == 2 and back.welcome["rejoined"]
            first = await back.receive(10)
            assert first["type"] == "state" and first["seat"] == 2 and len(
                first["view"]["hand"]) == 5
            await back.close()

    run(main(), 60)


def test_a_restarted_server_resumes_the_game_and_a_secret_deal_is_on_disk_first(
        tmp_path: Path) -> None:
    # to 45: no side can reach it in the first deal (25 points at most)
    long = Settings(rules=RULES.replace(target=45), bots="random", bot_delay=0.0)

    async def main() -> tuple[list[str], list[str], int]:
        async with serving(tmp_path, long, seed=None) as (server, [table]):
            conn = await Connection.join("127.0.0.1", server.port, table.code, "Ann", 0)
            p = Player(conn, 3)
            await p.play(lambda q: table.game.number >= 2)
            record = server.saved_record(table.id)
            # a secret game keeps its deals, not a seed, and the new deal's cards are in
            # the record already
            assert record["game"]["seed"] is None
            assert len(record["game"]["deals"]) == table.game.number
            before = [str(m) for m in table.game.moves]
            token = conn.token
            await conn.close()
        async with serving(tmp_path, long, resume=True) as (server, [table]):
            after = [str(m) for m in table.game.moves]
            back = await Connection.join("127.0.0.1", server.port, table.code, "Ann",
                                         token=token)
            st = await back.receive(10)
            await back.close()
            return before, after, st["seat"]

    before, after, seat = run(main(), 120)
    assert after[:len(before)] == before and seat == 0


def test_the_terminal_join_plays_its_seat_through_the_twentyfive_screen(
        tmp_path: Path) -> None:
    from twentynine.net.join import make_race_app
    from twentynine.net.remote_race import RemoteRace
    from twentynine.tui.twentyfive_screen import RaceScreen

    async def main() -> None:
        async with serving(tmp_path, settings(), seed=8) as (server, [table]):
            remote = await RemoteRace.join("127.0.0.1", server.port, table.code, "Tom",
                                           seat=0)
            app = make_race_app(remote)
            remote.start()
            moves = 0
            async with app.run_test(size=(100, 30)) as pilot:
                screen = app.screen
                assert isinstance(screen, RaceScreen)
                for _ in range(400):
                    await pilot.pause(0.05)
                    if moves >= 3:
                        break
                    if remote.legal_actions() and not remote.pending:
                        view = remote.view()
                        if view.turn == 0:
                            legal = [m.card for m in remote.legal_actions()
                                     if m.card is not None and m.kind.value == "play"]
                            screen.selected = list(view.hand).index(legal[0])
                        await pilot.press("enter")
                        moves += 1
                assert moves >= 3
                assert remote.names(0) == "You" and remote.names(1) != "You"
                # the server keeps a hosted game's record: the joined table records no
                # deal in the player's history, as at a joined table of Twenty-Nine
                assert screen.coach.recorder is None
                text = str(screen.query_one("#rt-seats").render())
                assert "You" in text
            await remote.close()
            assert len([m for m in table.game.moves]) > 3

    run(main(), 120)


def test_a_player_out_of_time_gets_the_hints_choice_named_as_the_hint_names_it(
        tmp_path: Path) -> None:
    from twentynine.coach.race_clock import race_clock_words
    from twentynine.coach.race_hint import race_hint

    async def main() -> tuple[list[str], str]:
        async with serving(tmp_path, settings(clock=0.6), seed=8) as (server, [table]):
            conn = await Connection.join("127.0.0.1", server.port, table.code, "Slow", 0)
            got: list[dict[str, Any]] = []
            # the player never moves: the server must, once the clock runs out
            while not any(m["type"] == "notice" for m in got):
                got.append(await conn.receive(timeout=60))
            notice = next(m for m in got if m["type"] == "notice")
            moves = [str(m) for m in table.game.moves]
            await conn.close()
            return moves, notice["text"]

    moves, said = run(main(), 120)
    # the move made for seat 1 is the hint's for the view it had then, and the notice
    # names it in the hint's words
    g = Race(8, RULES)
    for m in moves:
        if g.turn == 0:
            hinted = race_hint(g.view(0)).move
            assert m == str(hinted)
            assert said == race_clock_words(hinted)
            assert said.startswith("Time is up: the ") and "the hint's choice" in said
            break
        g.apply(m)
    else:
        raise AssertionError("seat 1 never moved")


def test_a_player_who_joins_mid_deal_waits_seeing_only_what_every_seat_sees(
        tmp_path: Path) -> None:
    async def main() -> tuple[list[dict[str, Any]], list[str], int]:
        async with serving(tmp_path, settings(), seed=8) as (server, [table]):
            ann = Player(await Connection.join("127.0.0.1", server.port, table.code,
                                               "Ann", 0), 1)
            # into the deal: a few cards played, then a friend sits at a bot's seat
            await ann.play(lambda q: len(table.game.moves) >= 3)
            bo = await Connection.join("127.0.0.1", server.port, table.code, "Bo", 3)
            assert bo.welcome["waiting"] is True and bo.seat == 3
            got: list[dict[str, Any]] = [bo.welcome]
            # Ann plays on; the friend reads until the next deal seats them
            play = asyncio.create_task(ann.play(lambda q: table.game.number >= 2))
            while got[-1]["type"] != "state":
                got.append(await bo.receive(timeout=60))
            await play
            moves = [str(m) for m in table.game.moves]
            await ann.conn.close()
            await bo.close()
            return got, moves, table.game.number

    got, moves, _ = run(main(), 120)
    waited = [m for m in got if m["type"] == "waiting"]
    assert waited, [m["type"] for m in got]
    for m in waited:
        view = m["view"]
        assert m["seat"] == 3 and view["hand"] == [] and view["legal_actions"] == []
        assert view["may_hold_back"] == [] and view["laid_down"] is None
        assert m["events"] == [] and m["next_deal"] is False and m["game"] == 1
    # while waiting: only what every seat may know (the turned card, the cards played)
    known = known_cards(8, RULES, moves)
    public = [[set.intersection(*row)] * RULES.players for row in known]
    assert leaks(waited, 3, public) == []
    assert any(cards_seen(m) for m in waited)  # the check has something to look at
    # seated at the next deal: the seat's own hand, a state like any other
    seated = got[-1]
    assert seated["type"] == "state" and seated["seat"] == 3
    assert len(seated["view"]["hand"]) == 5


def test_at_game_over_a_player_starts_the_next_game_at_the_same_table(
        tmp_path: Path) -> None:
    # to 5: the first trick a side takes ends the game
    quick = Settings(rules=RULES.replace(target=5), bots="random", bot_delay=0.0)

    async def main() -> None:
        async with serving(tmp_path, quick, seed=None) as (server, [table]):
            ann = Player(await Connection.join("127.0.0.1", server.port, table.code,
                                               "Ann", 0), 1)
            await ann.play(over)
            assert table.game.is_over and table.number == 1
            first = table.game
            last = ann.last
            assert last["game"] == 1 and last["winner"] is not None
            # at game over a seated player starts game 2, naming the game that ended
            await ann.conn.new_game(1, ref="g")
            msgs: list[dict[str, Any]] = []
            while not msgs or msgs[-1].get("ref") != "g":
                msgs.append(await ann.conn.receive(timeout=20))
            new = msgs[-1]
            assert new["type"] == "state" and new["game"] == 2 and not new["game_over"]
            assert new["scores"] == [0, 0] and "view" in new
            assert table.number == 2 and table.game is not first
            assert table.game.secret and table.game.rules == first.rules
            # the deal goes on round the table: the new game's first dealer is the next seat
            assert table.game.dealer == (first.dealer + 1) % RULES.players
            assert sorted(new["view"]["hand"]) == sorted(
                c.name for c in table.game.view(0).hand)
            assert [e["event"] for e in new["events"]][:1] == ["DealStarted"]
            # the finished game's record is kept; the new one is on disk, its own deals
            finished = tmp_path / "finished" / f"{table.id}.json"
            assert finished.exists()
            record = server.saved_record(table.id)
            assert record["game_number"] == 2 and record["card_game"] == "twentyfive"
            # the same seat, by its token, in game 2; and a second game to its end
            token = ann.conn.token
            await ann.conn.close()
            back = await Connection.join("127.0.0.1", server.port, table.code, "Ann",
                                         token=token)
            assert back.seat == 0 and back.welcome["rejoined"] and back.welcome["game"] == 2
            again = Player(back, 2)
            await again.play(lambda q: over(q) and q.last["game"] == 2)
            assert table.game.is_over and again.last["game"] == 2
            # asking for game 1's next game again changes nothing: the state of now
            await back.new_game(1, ref="late")
            while (answer := await back.receive(timeout=20)).get("ref") != "late":
                pass
            assert answer["type"] == "state" and answer["game"] == 2
            assert (tmp_path / "finished" / f"{table.id}-game2.json").exists()
            await back.close()

    run(main(), 120)
