"""The house-rules summary in plain words: every setting that differs from the standard
game appears in words a player understands, in the side panel (once: the log under it
does not repeat them); the standard game says in the log that it is standard."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console
from textual.widgets import RichLog
from tui_support import make_app, screen_text, settle

from twentynine.engine.rules import PRESETS, SETTINGS, Rules, RulesError, with_setting
from twentynine.engine.words import STANDARD_SUMMARY, house_rules, rules_line, rules_summary


def _other_values(field: str) -> list[Rules]:
    """The rules with ``field`` set to each value other than the standard one (where the
    value fits with the standard game's other settings)."""
    st = next(s for s in SETTINGS if s.field == field)
    out = []
    for text in st.choices:
        try:
            r = with_setting(Rules(), field, text)
        except RulesError:
            continue
        if getattr(r, field) != getattr(Rules(), field):
            out.append(r)
    return out


FLAG_WORDS = {s.flag.lstrip("-") for s in SETTINGS} | {s.field for s in SETTINGS}


@pytest.mark.parametrize("field", [s.field for s in SETTINGS])
def test_each_setting_is_told_in_plain_words(field: str) -> None:
    variants = _other_values(field)
    assert variants
    phrases = set()
    for rules in variants:
        words = house_rules(rules)
        assert len(words) == 1, words  # exactly this setting, nothing else
        phrase = words[0]
        # plain words: no flag or field names, no on/off switch jargon, short enough for
        # one line of the side panel at 80 columns
        assert not any(w in phrase.lower() for w in FLAG_WORDS if "-" in w or "_" in w)
        assert "--" not in phrase and "_" not in phrase
        assert not re.search(r"\b(on|off)\b", phrase), phrase
        assert len(phrase) <= 26, phrase
        assert phrase[0].isupper() or phrase[0].isdigit()
        # the value chosen is in the words where it is a number
        value = getattr(rules, field)
        if isinstance(value, int) and not isinstance(value, bool):
            assert str(value) in phrase
        phrases.add(phrase)
        assert rules_line(rules).startswith("House rules: ")
        assert rules_summary(rules) == words
    if field == "ask":
        assert len(phrases) == 2  # compulsory and automatic are told apart


def test_the_standard_game_says_it_is_standard() -> None:
    assert house_rules(Rules()) == []
    assert rules_summary(Rules()) == [STANDARD_SUMMARY] == ["Standard rules"]
    assert rules_line(Rules()) == "Standard rules."


def test_every_phrase_is_distinct() -> None:
    seen: dict[str, str] = {}
    for st in SETTINGS:
        for rules in _other_values(st.field):
            for phrase in house_rules(rules):
                assert seen.setdefault(phrase, st.field) == st.field, phrase


def test_pagat_in_plain_words() -> None:
    assert house_rules(PRESETS["pagat"]) == [
        "Bids start at 15",
        "No point for last trick",
        "Trump by marker, no card",
        "Can't follow: you must ask",
        "Asker need not trump",
        "Unshown trump: no score",
        "Play goes clockwise",
    ]
    assert rules_line(PRESETS["app"]) == (
        "House rules: no point for last trick; trump turns up by itself; "
        "bids may be matched.")


def test_the_side_panel_and_the_log_use_the_plain_words(tmp_path: Path) -> None:
    rules = Rules(min_bid=15, double=True, ask="compulsory", asker_must_trump=False)

    async def run() -> None:
        app = make_app(tmp_path, seed=2, rules=rules)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            info = str(app.query_one("#info").render())
            assert "House rules" in info
            for phrase in ("Bids start at 15", "Defenders may double",
                           "Can't follow: you must ask", "Asker need not trump"):
                assert phrase in info
            assert "asker-must-trump" not in info and "min-bid" not in info
            log = " ".join(s.text.strip() for s in app.query_one("#log", RichLog).lines)
            # the log, right under the side panel's list, does not say it all again
            assert "House rules" not in log and "min-bid" not in log, log
            assert log.lstrip("─ ").startswith("Deal 1:"), log  # (under a rule)

    asyncio.run(run())


TOURNAMENT = Rules(trump_indicator="marker", pair=False, last_trick_point=False)
HOUSE_CASES = {"28pt": PRESETS["28pt"].replace(min_bid=15), "pagat": PRESETS["pagat"],
               "tournament": TOURNAMENT}


@pytest.mark.parametrize(("size", "name"), [
    # 80x24 and 100x30: the side panel's own defects (120x40's, the log writing the rules
    # again, is the log's content at any size: the plain-words test checks it)
    *[(size, name) for size in ((80, 24), (100, 30)) for name in ("28pt", "pagat")],
    ((80, 24), "tournament")])
def test_each_house_rule_is_on_the_table_once(tmp_path: Path, size: tuple[int, int],
                                              name: str) -> None:
    """`play --variant 28pt --min-bid 15`, pagat and the tournament rules: the side panel
    lists the house rules, or sums them up in a line or two, through a long auction and
    into the play (at 80x24 the auction once pushed them out, "? lists them"); the log
    under it does not repeat them (at 100x30 only the end of its long line showed: "play
    goes clockwise.")."""
    rules = HOUSE_CASES[name]

    async def run() -> None:
        app = make_app(tmp_path, seed=3702, rules=rules)
        async with app.run_test(size=size) as pilot:
            await settle(pilot, app)
            await pilot.pause()
            shown = [_once(app, rules)]
            # through a long auction (the human outbids each time, 7 calls) to the first
            # card: the list gives way to the summary, never cut
            t = app.table
            while not t.view().trick:
                legal = t.legal_actions()
                app.table_screen.flow.apply_human(
                    next((a for a in legal if a.bid is not None), legal[0]))
                await settle(pilot, app)
                await pilot.pause()
                shown.append(_once(app, rules))
            assert len(t.view().bids) >= 7
            if rules == TOURNAMENT:  # two lines say all three where one cannot
                assert "Rules  28 points, trump marker, no pair" in shown, shown

    asyncio.run(run())


def test_the_log_says_the_game_is_standard(tmp_path: Path) -> None:
    async def run() -> None:
        app = make_app(tmp_path, seed=2)
        async with app.run_test(size=(100, 30)) as pilot:
            await settle(pilot, app)
            log = " ".join(s.text.strip() for s in app.query_one("#log", RichLog).lines)
            assert "Standard rules." in log

    asyncio.run(run())



def _once(app: Any, rules: Rules) -> str:
    """The side column lists each house rule once under "House rules", or sums them up
    after "Rules" (the variant's name, or short words on a line or a few); the side panel
    is never cut.  Returns the summary ("House rules" for the list)."""
    info = app.query_one("#info")
    side = info.parent.region
    drawn = str(info.render()).rstrip("\n").split("\n")  # a trailing blank row may go
    assert len(drawn) <= side.height, (side, drawn)
    rows = screen_text(app).splitlines()[side.y:side.bottom]
    text = " ".join(" ".join(r[side.x:side.right] for r in rows).lower().split())
    listed = text.count("house rules")
    assert listed <= 1, text
    shown = info._shown
    if listed and shown is not None:  # under the underlined heading, plain (they were not)
        head = shown.plain.find("House rules")
        for phrase in house_rules(rules):
            at = shown.plain.find(phrase[:10], head + 12)
            assert not shown.get_style_at_offset(Console(), at).underline, phrase
    for phrase in house_rules(rules):
        assert text.count(phrase.lower()) == listed, (phrase, text)
    if not listed:
        cells = [r[side.x:side.right].strip(" ▏") for r in rows]
        at = [i for i, r in enumerate(cells) if r.startswith("Rules ")]
        assert len(at) == 1, rows
        brief = " ".join(cells[at[0]:at[0] + 2]).removeprefix("Rules").strip()
        if rules == PRESETS["pagat"]:  # the name, or the short words over a few lines
            assert brief.startswith(("pagat · see ?", "bids from 15, 28 points")), brief
        elif rules == TOURNAMENT:  # the short words on two lines, or how many
            assert brief.startswith(("28 points, trump marker, no pair",
                                     "3 changes · see ?")), brief
        else:
            assert "bids from 15" in brief and ("28 points" in brief or "28pt" in brief), brief
        return f"Rules  {brief}"
    return "House rules"


@pytest.mark.parametrize("calls", [11, 14])
def test_the_rules_stay_in_sight_through_any_auction_at_80x24(tmp_path: Path,
                                                             calls: int) -> None:
    """At 80x24 an auction of 11 calls or more beside the contract's 8 rows in play left
    no row for the house rules (even the one-line "Rules  pagat · see ?").  A long
    auction now shows its last calls under "… n earlier calls", and the rules stay."""
    from twentynine.engine.actions import PASS
    from twentynine.engine.deal import Phase
    from twentynine.engine.game import Game
    from twentynine.engine.records import dumps, game_record

    rules = HOUSE_CASES["pagat"]
    g = Game(3702, rules)
    while len(g.view(0).bids) < calls:  # everyone outbids: the longest auctions
        legal = g.legal_actions()
        g.apply(min((a for a in legal if a.bid is not None), key=lambda a: a.bid or 0))
    while not (g.view(0).phase is Phase.PLAY and g.turn == 0):  # then all pass
        legal = g.legal_actions()
        g.apply(PASS if PASS in legal else legal[0])
    (tmp_path / "save.json").write_text(dumps(game_record(g)))

    async def run() -> None:
        app = make_app(tmp_path, seed=3702, rules=rules, resume=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot, app)
            await pilot.pause()
            v = app.table.view()
            assert len(v.bids) >= calls and v.target is not None
            assert _once(app, rules).startswith("Rules")  # in sight, once, never cut
            side = str(app.query_one("#info").render())
            # the last calls are the ones shown: the winning bid among them
            calls_shown = side.split("earlier calls", 1)[1].split("Rules")[0]
            assert f" {v.high_bid} " in f" {calls_shown} ", side

    asyncio.run(run())
