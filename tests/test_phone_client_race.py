"""The phone page at the largest tables of Twenty-Five, for real (a table server on a
loopback port, Debian's Chromium through Playwright, touch): nine seats on the smallest
phone, 320 x 568, the tallest, 430 x 932, and 844 x 390 on its side.

* In play, each for themselves: every opponent's card in the trick and every score at
  once, each on top (``elementFromPoint``), the move clock's bar too, no gap between the
  seats and the hand, nothing wider than the screen; the deal's result leaves every seat
  row in sight.
* In threes: text 4.5:1 against what is behind it, 44 px targets and a name for each;
  at game over every row is still in sight, the result's "New game" starts game 2 for
  every seat; a friend who came in mid-deal waits (the page says so, and the ``waiting``
  messages show only what every seat sees) and plays from the next deal.

``TWENTYNINE_SCREENSHOTS=DIR`` keeps what the pages looked like.
"""

from __future__ import annotations

import os
import re
from pathlib import Path
from typing import Any

from contrast_support import low_contrast_text
from test_phone_client import (
    PHONE,
    WAIT,
    LiveServer,
    Watched,
)
from test_phone_page import COVERED, EDGES
from test_server_twentyfive import cards_seen, known_cards, leaks

from twentynine.net.server import Settings
from twentynine.twentyfive import HouseRules

SHOTS = os.environ.get("TWENTYNINE_SCREENSHOTS")
EVERY_SIZE = EDGES
"""The smallest phone, the tallest and sideways (the sizes between are the Twenty-Nine
page's, checked at its moves in test_phone_page): a page that fits these fits between."""

LAYOUT = """() => {
  const vw = document.documentElement.clientWidth, vh = innerHeight;
  const box = (e) => e.getBoundingClientRect();
  const shown = (e) => e && e.offsetParent !== null && box(e).height > 0;
  const rows = [...document.querySelectorAll('.race-seat')].map(box);
  const below = ['race-caption', 'race-status', 'race-actions', 'race-summary', 'race-hand']
    .map((id) => document.getElementById(id)).filter(shown).map(box);
  const wide = [...document.querySelectorAll('#race *')].filter(shown)
    .map((e) => [e.id || e.className, box(e)])
    .filter(([, r]) => r.right > vw + 0.5 || r.left < -0.5)
    .map(([n, r]) => [n, Math.round(r.left), Math.round(r.right)]);
  return {vw, vh, scrollW: document.documentElement.scrollWidth,
          scrollH: document.documentElement.scrollHeight,
          bar: Math.max(...['race-bar', 'clock-row'].map((id) => document.getElementById(id))
            .filter(shown).map((e) => box(e).bottom)),
          rows: rows.map((r) => [r.top, r.bottom]),
          next: below.length ? Math.min(...below.map((r) => r.top)) : vh, wide};
}"""
"""Where the seat rows are, what comes after them, and what is wider than the screen."""

PAIRS = """(root) => [...document.querySelectorAll(root + ' *')].filter(e =>
    [...e.childNodes].some((n) => n.nodeType === 3 && n.textContent.trim())
    && e.offsetParent !== null).map(e => {
      const fg = getComputedStyle(e).color;
      let n = e, bg = 'rgba(0, 0, 0, 0)';
      while (n && (bg === 'rgba(0, 0, 0, 0)' || bg.endsWith(', 0)'))) {
        bg = getComputedStyle(n).backgroundColor; n = n.parentElement; }
      return [e.textContent.trim().slice(0, 24), fg, bg];
    })"""
"""Each shown element with text of its own: its colour and the first colour behind it."""

TARGETS = """() => [...document.querySelectorAll('#race button, #race [role=button]')]
  .filter((e) => e.offsetParent !== null)
  .map((e) => { const r = e.getBoundingClientRect();
                return [e.id || e.className, Math.round(r.width), Math.round(r.height),
                        e.getAttribute('aria-label') || e.textContent.trim()]; })"""


def shot(w: Watched, name: str) -> None:
    if SHOTS:
        Path(SHOTS).mkdir(parents=True, exist_ok=True)
        w.page.screenshot(path=str(Path(SHOTS) / name))


def sit(browser: Any, link: str, name: str, seat: str | None = None) -> Watched:
    # cards still flying in would be measured where they fly: no motion (as a player who
    # asked for none)
    page = browser.new_context(**PHONE, reduced_motion="reduce").new_page()
    page.set_default_timeout(WAIT)
    w = Watched(page)
    page.goto(link)
    page.wait_for_selector("#table-info:not([hidden])")
    page.evaluate("() => localStorage.setItem('twentynine.autoplay', '0')")
    page.fill("#name", name)
    if seat is not None:
        page.check(f"#seat-options input[value='{seat}']")
    page.tap("#sit")
    page.wait_for_selector("#race:not([hidden]) .race-seat")
    return w


def uncovered(w: Watched, where: str, *selectors: str) -> None:
    for selector in selectors:
        assert w.page.locator(selector).count(), f"{where}: no {selector}"
        hidden = w.page.evaluate(COVERED, selector)
        assert not hidden, f"{where}: {selector} is not in sight: {hidden}"


def fits(w: Watched, where: str, seats: int) -> dict[str, Any]:
    got: dict[str, Any] = w.page.evaluate(LAYOUT)
    assert got["scrollW"] <= got["vw"], f"{where}: {got['scrollW']} px wide on {got['vw']}"
    assert got["scrollH"] <= got["vh"], f"{where}: {got['scrollH']} px tall on {got['vh']}"
    assert not got["wide"], f"{where}: wider than the screen: {got['wide']}"
    assert len(got["rows"]) == seats, where
    return got


def no_gap(w: Watched, where: str, seats: int) -> None:
    """Between the bar and the seat rows, and between the rows and what follows them
    (the trick's caption, the status, the hand), no more than a few pixels unused."""
    got = fits(w, where, seats)
    rows = got["rows"]
    unused = (min(t for t, _ in rows) - got["bar"]) + (got["next"] - max(b for _, b in rows))
    assert unused <= 40, f"{where}: {unused:.0f} px unused about the seats: {got}"


def at_every_size(w: Watched, check: Any) -> None:
    for width, height in EVERY_SIZE:
        w.page.set_viewport_size({"width": width, "height": height})
        check(f"{width}x{height}")
    w.page.set_viewport_size(PHONE["viewport"])


def my_turn(w: Watched) -> bool:
    return bool(w.page.locator("#race-hand .card.playable").count())


def summary_up(w: Watched) -> bool:
    return bool(w.page.locator("#race-summary:not([hidden])").count())


def play_one(w: Watched) -> None:
    """The page's move: the first raised card (a rob declined)."""
    w.page.locator("#race-hand .card.playable").first.tap()


def test_nine_each_for_themselves_fit_every_phone_in_play_and_at_the_deals_end(
        tmp_path: Path, browser: Any) -> None:
    rules = HouseRules(players=9)
    # a move clock (long enough never to run out here): its bar fits as well
    srv = LiveServer(tmp_path / "tables", Settings(rules=rules, bots="random",
                                                   bot_delay=0.0, clock=900), seed=5)
    try:
        # the last seat deals the first deal: its first turn is the trick's last card,
        # with the eight others' cards on the table
        w = sit(browser, srv.link, "Asha", "seat 9")
        assert w.seat == 8
        w.page.wait_for_selector("#race-hand .card.playable")
        assert w.page.locator("#race-seats .face").count() == 8
        w.page.wait_for_selector("#race #clock-row:not([hidden])")
        assert re.fullmatch(r"Your move: \d+ s", w.text("#clock-text"))
        assert w.page.get_attribute("#clock", "aria-valuemax") == "900"

        def in_play(where: str) -> None:
            shot(w, f"nine-play-{where}.png")
            no_gap(w, where, 9)
            uncovered(w, where, "#race-seats .face", "#race-seats .pts", "#race-seats .name",
                      "#race-hand .card", "#race-help-open", "#race-status", "#race-chip-race",
                      "#race-chip-trump", "#clock")
            if w.page.locator("#rob").count():
                uncovered(w, where, "#rob")

        at_every_size(w, in_play)
        # on to the deal's end (the game to 25 goes on: a deal gives 25 points at most)
        for _ in range(400):
            if summary_up(w):
                break
            if my_turn(w):
                play_one(w)
            w.page.wait_for_selector("#race-hand .card.playable, #race-summary:not([hidden])")
            w.page.wait_for_function("() => !document.querySelector('#race-status')"
                                     ".textContent.startsWith('Sent')")
        w.page.wait_for_selector("#race-summary-next:not([hidden])")
        assert w.text("#race-summary-title").startswith("Deal 1 is over")

        def at_deal_end(where: str) -> None:
            shot(w, f"nine-deal-over-{where}.png")
            fits(w, where, 9)
            uncovered(w, where, "#race-seats .pts", "#race-seats .name",
                      "#race-summary-title", "#race-summary-next", "#race-help-open")

        at_every_size(w, at_deal_end)
        # the result names the leaders and the reader, not all nine again
        lines = w.page.locator("#race-summary-lines dt").all_inner_texts()
        assert 2 <= len(lines) <= 3 and "You" in lines, lines
        assert not w.errors, w.errors
    finally:
        srv.close()


def contrast_problems(w: Watched, root: str) -> list[Any]:
    page = w.page
    pairs = page.evaluate(PAIRS, root)
    assert len(pairs) > 10, pairs
    return low_contrast_text(
        pairs, page.eval_on_selector("body", "e => getComputedStyle(e).backgroundColor"))


def targets_and_names(w: Watched, where: str) -> None:
    found = w.page.evaluate(TARGETS)
    assert found, where
    for ident, width, height, name in found:
        assert width >= 44 and height >= 44, (where, ident, width, height)
        assert name, (where, ident)


def test_nine_in_threes_contrast_targets_names_game_over_a_waiting_friend_and_game_two(
        tmp_path: Path, browser: Any) -> None:
    # to 5: the first trick a team takes ends the game
    rules = HouseRules(players=9, teams="threes", target=5)
    srv = LiveServer(tmp_path / "tables", Settings(rules=rules, bots="random",
                                                   bot_delay=0.0), seed=6)
    try:
        w = sit(browser, srv.link, "Asha", "seat 9")
        w.page.wait_for_selector("#race-hand .card.playable")
        page = w.page
        assert page.title() == "● Your turn · Twenty-Five"
        # every card and seat says what it is; every button a thumb's size, named
        labels = page.eval_on_selector_all(
            "#race-hand .card", "els => els.map(e => e.getAttribute('aria-label'))")
        assert labels and all(re.fullmatch(
            r"(lay down the )?(ace|king|queen|jack|ten|nine|eight|seven|six|five|four|three"
            r"|two) of (spades|hearts|diamonds|clubs)(, playable(, may be held back)?)?", x)
            for x in labels), labels
        rows = page.eval_on_selector_all(
            ".race-seat", "els => els.map(e => e.getAttribute('aria-label'))")
        assert len(rows) == 9 and all("score" in r and "trick" in r for r in rows), rows
        assert sum("your team" in r for r in rows) == 3, rows
        faces = page.eval_on_selector_all(
            "#race-seats .face", "els => els.map(e => e.getAttribute('aria-label'))")
        assert len(faces) == 8 and all(re.search(r": \w+ of \w+$", f) for f in faces), faces
        for chip in ("#race-chip-race", "#race-chip-trump"):
            assert page.get_attribute(chip, "aria-label")
        at_every_size(w, lambda where: targets_and_names(w, where))
        low = contrast_problems(w, "#race")
        assert not low, low
        shot(w, "threes-play.png")

        # a friend opens the link mid-deal: the free seat is theirs from the next deal
        friend = sit(browser, srv.link, "Ben", "seat 2")
        assert friend.seat == 1
        friend.page.wait_for_selector("#race-status:has-text('next deal')")
        assert not friend.page.locator("#race-hand .card.playable").count()
        shot(friend, "threes-waiting.png")

        # the first trick ends the game
        for _ in range(200):
            if summary_up(w):
                break
            if my_turn(w):
                play_one(w)
            page.wait_for_selector("#race-hand .card.playable, #race-summary:not([hidden])")
        page.wait_for_selector("#race-summary:has-text('won the game')")
        state = [f for f in w.frames if f["type"] == "state"][-1]
        assert state["game_over"] and state["game"] == 1

        def at_game_over(where: str) -> None:
            shot(w, f"threes-game-over-{where}.png")
            fits(w, where, 9)
            uncovered(w, where, "#race-seats .pts", "#race-seats .name",
                      "#race-summary-title", "#race-summary-next", "#race-help-open")

        at_every_size(w, at_game_over)
        low = contrast_problems(w, "#race")
        assert not low, low
        # the race alone: "5 of 5", not the tricks of a deal the win cut short
        assert all(re.fullmatch(r"\d+ of 5", d) for d in
                   page.locator("#race-summary-lines dd").all_inner_texts())
        next_button = page.locator("#race-summary-next")
        assert next_button.inner_text() == "New game"
        assert next_button.get_attribute("aria-keyshortcuts") == "Enter n"
        assert "same seats" in w.text("#race-summary-wait")

        # the friend's wait: only what every seat sees (no hand, no legal move)
        waited = [f for f in friend.frames if f["type"] == "waiting"]
        assert waited and all(f["view"]["hand"] == [] and f["view"]["legal_actions"] == []
                              for f in waited)
        moves = srv.call(_moves(srv))
        public = [[set.intersection(*row)] * 9 for row in known_cards(6, rules, moves)]
        assert leaks(waited, 1, public) == []
        assert any(cards_seen(f) for f in waited)

        # New game: game 2 for both, the friend seated in it with a hand of their own
        page.tap("#race-summary-next")
        for p in (w, friend):
            p.page.wait_for_selector("#race-summary", state="hidden")
            p.page.wait_for_selector("#race-hand .card")
            p.page.wait_for_function(
                "() => document.querySelectorAll('#race-hand .card').length === 5")
            states = [f for f in p.frames if f["type"] == "state"]
            assert states[-1]["game"] == 2 and not states[-1]["game_over"]
            assert not p.errors, p.errors
        assert friend.page.locator(".race-seat.me").get_attribute("aria-label").startswith(
            "You (Ben)")
        assert "Your team 0" in w.text("#race-race")
    finally:
        srv.close()


async def _moves(srv: LiveServer) -> list[str]:
    return [str(m) for m in srv.table.game.moves]
