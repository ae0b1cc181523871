"""The first-run card: shown on the very first launch (then remembered), always the first
page of ``?``; the game's essentials and the keys on one 80x24 screen, the full rules
below it, in words that follow the rules being played."""

from __future__ import annotations

import asyncio
from functools import partial
from pathlib import Path

import pytest
from textual.binding import Binding
from tui_support import local_table, make_app, screen_text, settle, wait_for

from twentynine.cli import program as cli
from twentynine.controller import saves
from twentynine.engine.rules import PRESETS, Rules
from twentynine.engine.words import essentials
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.intro import KEYS, TITLE, intro_text
from twentynine.tui.prefs import Preferences, load_prefs, prefs_path, save_prefs
from twentynine.tui.screens import RulesScreen, RulesText
from twentynine.tui.table_screen import TableScreen

TABLE_KEYS = [*TableScreen.BINDINGS, *TwentyNineApp.BINDINGS]
"""Every key of the table: its screen's (the moves) and the app's."""

LAST_LINE = "The full rules follow"


def _card_on_screen(text: str) -> None:
    """The whole card is on the first screen: title, every heading, the keys, the pointer
    to the full rules."""
    assert TITLE in text and LAST_LINE in text
    for head in ("Cards", "Bid", "Trump", "Ask", "Pair", "Score", "Keys"):
        assert f"  {head} " in text, head
    for key, what in KEYS:  # each key with its words, whole on one line
        assert f"{key} {what}" in text, (key, what)
    for points in ("J=3", "9=2", "A=1", "10=1"):  # a card and its points never split
        assert points in text, points


def test_the_command_line_shows_it_only_until_seen(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    seen: list[TwentyNineApp] = []
    monkeypatch.setattr(TwentyNineApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play"])
    assert seen[-1].first_run
    save_prefs(Preferences(seen_intro=True, bell=True), prefs_path(tmp_path))
    cli.main(["play"])
    assert not seen[-1].first_run


def _shows_rules(app: TwentyNineApp, rules: Rules) -> bool:
    return isinstance(app.screen, RulesScreen) and app.screen.rules == rules


VARIANTS = [*PRESETS.values(), Rules(trump_choice="seventh"),
            Rules(pair=False, game_to=3, min_bid=14)]
"""Rules whose card must fit at 80x24: every preset, and the other wordings."""


def test_the_first_launch_shows_the_card_once_and_question_mark_opens_on_it(
        tmp_path: Path) -> None:
    """The very first launch opens on the card (then remembered: a later launch goes
    straight to the table and writes no preferences, as every other table test starts:
    test_tui_settings' first test checks it); ``?`` opens on the card too, the full rules
    below it.  The card of every set of rules (``VARIANTS``, each drawn by the rules page
    made for those rules, on the same table) is whole on the first 80x24 screen."""

    async def run() -> None:
        app = make_app(tmp_path, seed=3, first_run=True)
        async with app.run_test(size=(80, 24)) as pilot:
            await wait_for(pilot, lambda: isinstance(app.screen, RulesScreen))
            await pilot.pause()
            _card_on_screen(screen_text(app))
            await pilot.press("escape")
            await settle(pilot, app)
            assert not isinstance(app.screen, RulesScreen) and local_table(app).game.turn == 0
            assert load_prefs(prefs_path(tmp_path)) == (Preferences(seen_intro=True), None)
            assert app.table.rules in VARIANTS
            await pilot.press("question_mark")  # this table's rules first, then the others
            for rules in [app.table.rules, *(r for r in VARIANTS if r != app.table.rules)]:
                if rules != app.table.rules:  # in its place (the table is not drawn again)
                    await app.switch_screen(RulesScreen(rules))
                await wait_for(pilot, partial(_shows_rules, app, rules))
                await pilot.pause()
                page = app.screen
                assert isinstance(page, RulesScreen) and page.rules == rules
                text = screen_text(app)
                _card_on_screen(text)
                assert text.splitlines()[1].strip().startswith(TITLE)
                # the full rules follow below the card (first, for the standard rules)
                source = page.query_one(RulesText).source
                assert "How twentynine plays Twenty-Nine" in source
                if rules == Rules():
                    assert source.startswith("# How twentynine plays Twenty-Nine")
                if rules == app.table.rules:  # the page scrolls on past the card
                    await pilot.press("pagedown", "pagedown")
                    await pilot.pause()
                    assert TITLE not in screen_text(app)
            await pilot.press("escape")
            await wait_for(pilot, lambda: not isinstance(app.screen, RulesScreen))

    asyncio.run(run())
    assert load_prefs(prefs_path(tmp_path)) == (Preferences(seen_intro=True), None)


def test_the_card_follows_the_rules_being_played() -> None:
    std = intro_text(Rules())
    assert "(16 to 28)" in std and "29 in all" in std and "+6 wins" in std
    assert "face down" in std and "may ask" in std and "must then play a trump" in std
    assert "declare them (a)" in std
    pagat = intro_text(PRESETS["pagat"])
    assert "(15 to 28)" in pagat and "28 in all" in pagat
    assert "marker" in pagat and "keeps all eight cards" in pagat
    assert "must ask" in pagat and "may still play any card" in pagat
    assert "turns up by itself" in intro_text(PRESETS["app"])
    assert "seventh card" in intro_text(Rules(trump_choice="seventh"))
    other = intro_text(Rules(pair=False, game_to=3))
    assert "No pair" in other and "+3 wins" in other and "-3 loses" in other
    assert [h for h, _t in essentials(Rules())] == ["Cards", "Bid", "Trump", "Ask", "Pair",
                                                    "Score"]


KEY_NAMES = {"←→": ["left", "right"], "↑↓": ["up", "down"], "1-8": list("12345678"),
             "0-9": list("0123456789"), "Enter": ["enter"], "?": ["question_mark"]}


def test_every_key_on_the_card_is_a_key_of_the_table() -> None:
    bound = {b.key for b in TABLE_KEYS if isinstance(b, Binding)}
    for keys, _what in KEYS:
        for token in keys.split():
            for name in KEY_NAMES.get(token, [token]):
                assert name in bound, (token, name)


NEEDED = ("take_back", "hint", "stats", "last_trick", "toggle_class('#main', '-log')",
          "settings", "rules", "request_quit", "pass_bid", "show_trump", "pair")
"""The table's keys a new player needs from the first deal, whatever the rules: the
calls of every game, and the coach's and the table's own (the card once had no key for
the statistics)."""


def test_the_card_lists_every_key_a_new_player_needs() -> None:
    listed = {token for keys, _what in KEYS for token in keys.split()}
    for b in TABLE_KEYS:
        if isinstance(b, Binding) and b.action in NEEDED and b.show:
            assert (b.key_display or b.key) in listed, (b.key, b.action)
    assert {b.action for b in TABLE_KEYS
            if isinstance(b, Binding) and b.show} >= set(NEEDED)
