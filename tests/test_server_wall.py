"""The wall holds over the wire: four clients play two deals, and every message each one
receives is searched for cards that seat could not know at that moment (another seat's
hand, the bidder's face-down trump before it is shown)."""

from __future__ import annotations

import asyncio
import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from net_support import Player, four_players, run, serving

from twentynine.engine.cards import CARDS, mask_cards
from twentynine.engine.game import Game
from twentynine.engine.rules import Rules

CARD = re.compile(r"(?<![A-Za-z0-9])([J9ATKQ87][SHDC])(?![A-Za-z0-9])")
LABEL = re.compile(r"(?<![A-Za-z0-9])(10|[J9AKQ87])([♠♥♦♣])")
"""A card as a line of news writes it: ``10♥``, ``J♠`` (the events' ``words``)."""
SECRET_KEYS = {"token", "code", "table"}
"""Random strings that are not cards (a token may happen to hold 'KH')."""


def cards_in(data: Any) -> set[str]:
    """Every card anywhere in a message, by name (``TH``) or as words write it (``10♥``)."""
    out: set[str] = set()
    if isinstance(data, str):
        out.update(CARD.findall(data))
        out.update(("T" if rank == "10" else rank) + "SHDC"["♠♥♦♣".index(suit)]
                   for rank, suit in LABEL.findall(data))
    elif isinstance(data, list):
        for d in data:
            out |= cards_in(d)
    elif isinstance(data, dict):
        for k, d in data.items():
            if k not in SECRET_KEYS:
                out |= cards_in(d)
    return out


def known_cards(seed: int, rules: Rules, actions: list[str]) -> list[list[set[str]]]:
    """known[m][seat]: the cards ``seat`` may know after m actions, from a replay of the
    engine itself: its own hand (and its own face-down trump), the cards played this deal,
    the trump once shown."""
    g = Game(seed, rules)
    out = []

    def now() -> list[set[str]]:
        d = g.deal
        row = []
        for seat in range(4):
            mask = d.hands[seat] | d.played
            if d.trump_card >= 0 and (d.shown or d.bidder == seat):
                mask |= 1 << d.trump_card
            row.append({CARDS[c].name for c in mask_cards(mask)})
        return row

    out.append(now())
    for a in actions:
        g.apply(a)
        out.append(now())
    return out


def leaks(messages: list[dict[str, Any]], seat: int, known: list[list[set[str]]],
          cards: Callable[[dict[str, Any]], set[str]] | None = None,
          step: str = "action") -> list[str]:
    """What the messages show ``seat`` that it may not know (empty: the wall held):
    ``cards`` reads the cards a message names (this game's :func:`cards_in` unless
    another game's is given), ``step`` is what the record counts."""
    cards = cards or cards_in
    found = []
    last = 0
    for msg in messages:
        n = msg.get("actions")
        if not isinstance(n, int):
            n = last
        allowed: set[str] = set()
        for m in range(min(last, n), n + 1):
            allowed |= known[m][seat]
        extra = cards(msg) - allowed
        if extra:
            found.append(f"{msg['type']} at {step} {n}: {sorted(extra)}")
        last = n
    return found


def test_no_client_receives_a_card_it_may_not_know(tmp_path: Path) -> None:
    async def main() -> tuple[int, Rules, list[str], list[Player]]:
        async with serving(tmp_path, seed=21) as (server, [table]):
            players = await four_players(server, table)
            await asyncio.gather(*(p.play(lambda p: p.deals_scored >= 2) for p in players))
            for p in players:
                await p.conn.close()
            return table.game.seed, table.game.rules, [str(a) for a in table.game.actions], \
                players

    seed, rules, actions, players = run(main())
    known = known_cards(seed, rules, actions)
    trump_hidden_seen = 0
    for p in players:
        assert leaks(p.messages, p.conn.seat, known) == []
        # the check has teeth: each client did see cards, and its own hand is not everyone's
        assert len(cards_in(p.messages)) >= 8
        trump_hidden_seen += any(st.view.face_down and st.view.trump_card is None
                                 for st in p.states)
    assert trump_hidden_seen >= 1  # somebody played while another seat's trump lay hidden


def test_the_leak_check_finds_a_leak() -> None:
    seed, rules = 21, Rules()
    known = known_cards(seed, rules, [])
    g = Game(seed, rules)
    other = CARDS[mask_cards(g.deal.hands[1])[0]].name
    msg = {"type": "state", "actions": 0, "view": {"hand": [other]}}
    assert leaks([msg], 0, known) == [f"state at action 0: ['{other}']"]
    assert leaks([msg], 1, known) == []
    # in a line of news too
    label = CARDS[mask_cards(g.deal.hands[1])[0]].label
    said = {"type": "state", "actions": 0, "events": [{"words": f"{{1}} laid {label} face down"}]}
    assert leaks([said], 0, known) == [f"state at action 0: ['{other}']"]
