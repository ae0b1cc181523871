"""The phone web client, for real: a table server on a loopback port in this process (its
own event loop in a thread), the page loaded by Debian's Chromium through Playwright at a
phone's size (touch, 390 x 844) and a desktop's (1280 x 800).

The phone plays a whole deal by taps alone against bots; a second page opens the join
link at the desktop size and plays by keys; every WebSocket frame each page received is
searched for cards its seat may not know (the wall), and every request the pages made
is checked to go to 127.0.0.1.  ``TWENTYNINE_SCREENSHOTS=DIR`` keeps what each page
looked like in the middle of a trick.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import re
import subprocess
import sys
import threading
import urllib.error
import urllib.request
from collections.abc import Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import urlsplit

import pytest
from contrast_support import low_contrast_text
from qr_support import QRReadError, read_qr
from test_server_wall import cards_in, known_cards, leaks

from twentynine.engine.rules import Rules
from twentynine.net.qr import join_link, qr_matrix, qr_text, text_matrix
from twentynine.net.server import GameServer, Settings, Table
from twentynine.net.webclient import FILES, routes

T = TypeVar("T")
PHONE: dict[str, Any] = {"viewport": {"width": 390, "height": 844}, "is_mobile": True,
                         "has_touch": True, "device_scale_factor": 2}
DESKTOP: dict[str, Any] = {"viewport": {"width": 1280, "height": 800}}
MOVE = "#actions button, #hand .card.playable, #summary:not([hidden]) #summary-next:not([hidden])"
"""What a page shows when it is the player's move (or a deal's result to close)."""
WAIT = 20_000
"""Milliseconds a page may take to show what a step waits for (generous: a loaded CI)."""


class LiveServer:
    """A :class:`GameServer` with the web client's routes, run by an event loop in a
    thread of its own (Playwright's sync API holds the test's thread)."""

    def __init__(self, tables_dir: Path, settings: Settings, seed: int) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()
        self.server = GameServer(tables_dir, settings)
        self.server.routes.extend(routes())
        self.table: Table = self.call(self._start(seed))
        self.port = self.server.port

    async def _start(self, seed: int) -> Table:
        table = self.server.new_table(seed=seed)
        await self.server.start("127.0.0.1", 0)
        return table

    def call(self, coro: Awaitable[T], timeout: float = 30) -> T:
        async def wrapped() -> T:
            return await coro

        return asyncio.run_coroutine_threadsafe(wrapped(), self.loop).result(timeout)

    def snapshot(self) -> tuple[int, Rules, list[str]]:
        """The game's seed, rules and every action so far (read in the server's loop)."""
        async def read() -> tuple[int, Rules, list[str]]:
            g = self.table.game
            return g.seed, g.rules, [str(a) for a in g.actions]

        return self.call(read())

    def close(self) -> None:
        self.call(self.server.stop())
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(10)
        self.loop.close()

    @property
    def link(self) -> str:
        return join_link("127.0.0.1", self.port, self.table.code)


@pytest.fixture
def live(tmp_path: Path) -> Iterator[LiveServer]:
    srv = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0), seed=4)
    try:
        yield srv
    finally:
        srv.close()


class Watched:
    """A page with every WebSocket frame it received and every URL it asked for."""

    def __init__(self, page: Any) -> None:
        self.page = page
        self.frames: list[dict[str, Any]] = []
        self.requests: list[str] = []
        self.errors: list[str] = []
        page.on("request", lambda r: self.requests.append(r.url))
        page.on("websocket", self._socket)
        page.on("pageerror", lambda e: self.errors.append(str(e)))

    def _socket(self, ws: Any) -> None:
        self.requests.append(ws.url)
        ws.on("framereceived", lambda payload: self.frames.append(json.loads(payload)))

    @property
    def seat(self) -> int:
        return int(next(f for f in self.frames if f["type"] == "welcome")["seat"])

    def text(self, selector: str) -> str:
        return str(self.page.inner_text(selector))


def open_page(browser: Any, profile: dict[str, Any], link: str) -> Watched:
    page = browser.new_context(**{"reduced_motion": "reduce", **profile}).new_page()
    page.set_default_timeout(WAIT)
    w = Watched(page)
    page.goto(link)
    page.wait_for_selector("#name")
    # these tests tap every card themselves: no card played for the player
    page.evaluate("() => localStorage.setItem('twentynine.autoplay', '0')")
    return w


def tap_move(w: Watched, tried_illegal: list[str], next_deal: bool = True) -> str:
    """Make one move on the phone by a tap: pass in the auction (or the only bid), lay the
    first card that may be trump, play the first playable card.  Once, a card the rules
    refuse is tapped first, and the page must show the server's reason.  What was done."""
    page = w.page
    if page.locator("#summary:not([hidden]) #summary-next:not([hidden])").count():
        if not next_deal:
            return "the deal's result"  # left open for the test to read
        page.tap("#summary-next")
        return "next deal"
    playable = page.locator("#hand .card.playable")
    if playable.count():
        refused = page.locator("#hand .card:not(.playable)")
        if not tried_illegal and refused.count() and page.locator(
                "#hand .card.playable[aria-label$=', playable']").count():
            card = refused.first.get_attribute("data-card")
            errors_before = sum(f["type"] == "error" for f in w.frames)
            refused.first.tap()
            page.wait_for_selector("#status.error")
            error = [f for f in w.frames if f["type"] == "error"][errors_before]
            assert error["code"] == "illegal", error
            reason = error["message"]
            assert w.text("#status") == f"⚠ {reason[0].upper()}{reason[1:]}"
            tried_illegal.append(f"{card}: {reason}")
            playable = page.locator("#hand .card.playable")
        card = playable.first.get_attribute("data-card")
        playable.first.tap()
        return f"card {card}"
    buttons = page.locator("#actions button")
    pass_button = page.locator("#actions button[data-action='pass']")
    if pass_button.count():
        pass_button.tap()
        return "pass"
    action = buttons.first.get_attribute("data-action")
    buttons.first.tap()
    return str(action)


def key_move(w: Watched) -> str:
    """Make one move on the desktop page by keys only: ``p`` to pass, a digit and Enter
    for a card, Enter on the deal's result."""
    page = w.page
    if page.locator("#summary:not([hidden]) #summary-next:not([hidden])").count():
        page.keyboard.press("Enter")
        return "next deal"
    cards = page.locator("#hand .card")
    for i in range(cards.count()):
        if "playable" in (cards.nth(i).get_attribute("class") or ""):
            page.keyboard.press(str(i + 1))
            page.keyboard.press("Enter")
            return f"card {i + 1}"
    if page.locator("#actions button[data-action='pass']").count():
        page.keyboard.press("p")
        return "pass"
    if page.locator("#actions button.bid").count():
        page.keyboard.press("ArrowUp")
        page.keyboard.press("Enter")
        return "bid"
    page.locator("#actions button").first.click()
    return "click"


def drive(pages: list[tuple[Watched, Callable[[Watched], str]]], done: Callable[[], bool],
          limit: float = 45.0) -> list[str]:
    """Move for whichever page has a move to make until ``done()``: bots and the server
    answer in between.  Returns what each page did."""
    import time

    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    moves: list[str] = []
    deadline = time.monotonic() + limit
    while not done():
        assert time.monotonic() < deadline, f"stuck after {moves[-8:]}"
        acted = False
        for w, move in pages:
            if not done() and w.page.locator(MOVE).count():
                # the page hides its choices once a move is sent, until the answer
                moves.append(move(w))
                acted = True
        if not acted:
            # the next state is on its way: wait in the first page until it shows a move,
            # a tenth of a second at most when another page may have one (a poll of every
            # page from here each 15 ms was most of the CPU of a game played by two pages)
            with contextlib.suppress(PlaywrightTimeout):
                pages[0][0].page.wait_for_selector(MOVE, timeout=100 if pages[1:] else 500)
    return moves


def cards_played(w: Watched) -> int:
    """How many cards the page's own seat has played, as its frames tell."""
    return sum(e.get("event") == "CardPlayed" and e.get("seat") == w.seat
               for f in w.frames if f["type"] == "state" for e in f.get("events", []))


def scored(w: Watched) -> int:
    return sum(e.get("event") == "DealScored" for f in w.frames if f["type"] == "state"
               for e in f.get("events", []))


def wait_frames(w: Watched, ready: Callable[[list[dict[str, Any]]], bool], kind: str,
                timeout_ms: int = WAIT) -> list[dict[str, Any]]:
    """Wait (polling: the page's policy forbids the evaluated scripts of
    ``wait_for_function``) until the page's frames satisfy ``ready``; its ``kind`` ones."""
    waited = 0
    while not ready(w.frames):
        assert waited < timeout_ms, f"no such frames after {timeout_ms} ms"
        w.page.wait_for_timeout(50)
        waited += 50
    return [f for f in w.frames if f["type"] == kind]


def mid_trick(w: Watched) -> bool:
    """The page's player is to play into a trick others have begun (a telling picture)."""
    return bool(w.page.locator("#trick .face").count() >= 2
                and w.page.locator("#hand .card.playable").count()
                and w.page.locator("#summary").is_hidden())


def screenshot(w: Watched, name: str) -> None:
    where = os.environ.get("TWENTYNINE_SCREENSHOTS")
    if where:
        w.page.screenshot(path=str(Path(where) / name))


def test_a_deal_by_taps_a_friend_by_the_link_and_the_wall(live: LiveServer,
                                                         browser: Any) -> None:
    phone = open_page(browser, PHONE, live.link)
    # a first-time player: the name box has the focus, the code came in the link
    assert phone.page.evaluate("() => document.activeElement.id") == "name"
    assert phone.page.locator("#code-row").is_hidden()
    phone.page.fill("#name", "Asha")
    phone.page.tap("#sit")
    phone.page.wait_for_selector("#hand .card")
    assert phone.seat == 0
    assert phone.page.evaluate("() => document.activeElement.id") == "app"  # keys work

    tried: list[str] = []
    shot: list[bool] = []
    second_deal: list[bool] = []

    def phone_move(w: Watched) -> str:
        if not shot and mid_trick(w):
            screenshot(w, "phone_390.png")
            shot.append(True)
        return tap_move(w, tried, next_deal=bool(second_deal))

    # three cards by taps, then a friend opens the same link at a desktop mid-deal, types
    # a name at once (the box has the focus) and waits for the next deal to take the seat
    moves = drive([(phone, phone_move)],
                  lambda: cards_played(phone) >= 3)
    friend = open_page(browser, DESKTOP, live.link)
    friend.page.keyboard.type("Bo")
    friend.page.keyboard.press("Enter")
    friend.page.wait_for_selector("#table:not([hidden])")
    assert friend.seat == 2  # the first free seat: partner of the phone
    friend.page.wait_for_selector("#status:has-text('You take this seat when the next deal')")
    assert friend.page.locator("#hand .card").count() == 0
    # the seat's bot plays this deal: its moves are not shown as the friend's own
    assert friend.text("#seat-bottom").startswith("▶ Bot") or friend.text(
        "#seat-bottom").startswith("Bot (you from the next deal)")
    assert "You" not in friend.page.eval_on_selector_all(
        "#trick .played-by", "els => els.map(e => e.textContent)")
    phone.page.wait_for_selector("#seat-top:has-text('Bo sits here next deal')")

    moves += drive([(phone, phone_move), (friend, key_move)],
                   lambda: phone.page.locator("#summary:not([hidden])").count() > 0)
    assert scored(phone) == 1
    assert sum(m.startswith("card") for m in moves) == 8, moves
    assert tried, "no card was refused: choose a seed where one is"
    # the deal's result, in words, with the button to the next deal
    assert "Card points" in phone.text("#summary-lines")
    assert phone.page.locator("#summary-next").is_visible()
    assert friend.page.locator("#summary").is_hidden()  # not theirs: they were not seated

    friend_shot: list[bool] = []
    second_deal.append(True)

    def friend_move(w: Watched) -> str:
        if not friend_shot and mid_trick(w):
            screenshot(w, "phone_1280.png")
            friend_shot.append(True)
        return key_move(w)

    moves2 = drive([(phone, phone_move), (friend, friend_move)],
                   lambda: scored(friend) >= 1 and scored(phone) >= 2)
    assert any(m.startswith("card") for m in moves2)

    # the wall: no page received a card its seat could not know at that moment
    seed, rules, actions = live.snapshot()
    known = known_cards(seed, rules, actions)
    for w in (phone, friend):
        assert leaks(w.frames, w.seat, known) == []
        assert len(cards_in(w.frames)) >= 8
        assert w.errors == []
        hosts = {urlsplit(u).hostname for u in w.requests}
        assert hosts == {"127.0.0.1"}, w.requests
    # while the friend waited for the seat its bot held, only what every seat may know:
    # the cards played, the trump once shown (what all four seats know alike)
    public = [[set.intersection(*row)] * 4 for row in known]
    waited = [f for f in friend.frames if f["type"] == "waiting"]
    assert waited and leaks(waited, friend.seat, public) == []
    assert any(cards_in(f) for f in waited)  # the check has something to look at


def test_contrast_labels_and_touch_targets(live: LiveServer, browser: Any) -> None:
    phone = open_page(browser, PHONE, live.link)
    phone.page.fill("#name", "Asha")
    phone.page.tap("#sit")
    phone.page.wait_for_selector("#actions button")
    page = phone.page
    assert page.title() == "● Your turn · Twenty-Nine"  # seen on a tab in the background
    # every card says its name; every button is big enough for a thumb
    labels = page.eval_on_selector_all(
        "#hand .card", "els => els.map(e => e.getAttribute('aria-label'))")
    assert labels and all(re.fullmatch(r"(jack|nine|ace|ten|king|queen|eight|seven) of "
                                       r"(spades|hearts|diamonds|clubs)(, .*)?", x)
                          for x in labels), labels
    symbols = page.eval_on_selector_all("#hand .card .suit", "els => els.map(e => e.textContent)")
    assert symbols and set(symbols) <= set("♠♥♦♣")
    sizes = page.eval_on_selector_all(
        "#actions button, #hand .card",
        "els => els.map(e => { const r = e.getBoundingClientRect(); "
        "return [e.textContent, r.width, r.height]; })")
    small = [s for s in sizes if s[1] < 44 or s[2] < 44]
    assert not small, small
    # text against what is behind it: every visible leaf of text, 4.5:1 at least
    pairs = page.eval_on_selector_all("#table *", """els => els.filter(e =>
        e.children.length === 0 && e.textContent.trim() && e.offsetParent !== null).map(e => {
          const fg = getComputedStyle(e).color;
          let n = e, bg = 'rgba(0, 0, 0, 0)';
          while (n && (bg === 'rgba(0, 0, 0, 0)' || bg.endsWith(', 0)'))) {
            bg = getComputedStyle(n).backgroundColor; n = n.parentElement; }
          return [e.textContent.trim().slice(0, 20), fg, bg];
        })""")
    assert len(pairs) > 10

    low = low_contrast_text(
        pairs, page.eval_on_selector("body", "e => getComputedStyle(e).backgroundColor"))
    assert not low, low

    # help in the table's own rules, and leaving: the seat goes to a bot, the page says so
    page.tap("#help-open")
    assert "(16 to 28)" in phone.text("#help-rules")
    page.tap("#leave")
    page.tap("#leave-yes")
    page.wait_for_selector("#join:not([hidden])")
    assert phone.text("#join-error").startswith("You left the table")
    bye = wait_frames(phone, lambda fs: any(f["type"] == "bye" for f in fs), "bye")
    assert bye and bye[0]["reason"]

    async def seated() -> bool:
        return live.table.seats[phone.seat].player is not None

    assert live.call(seated()) is False  # the server gave the seat back to its bot


def test_the_page_and_its_files_are_served_strictly(live: LiveServer) -> None:
    base = f"http://127.0.0.1:{live.port}"
    with urllib.request.urlopen(base + "/") as r:
        page = r.read().decode()
        assert r.headers["Content-Type"] == "text/html; charset=utf-8"
        csp = r.headers["Content-Security-Policy"]
    assert '<meta name="viewport" content="width=device-width, initial-scale=1">' in page
    assert "default-src 'none'" in csp and "script-src 'self'" in csp
    assert f"connect-src 'self' ws://127.0.0.1:{live.port} wss://127.0.0.1:{live.port}" in csp
    assert "unsafe" not in csp
    # nothing from elsewhere: every address the files name is on this server
    for name, kind in FILES.items():
        with urllib.request.urlopen(f"{base}/static/{name}") as r:
            assert r.headers["Content-Type"] == kind
            body = r.read().decode()
        assert not re.search(r"(?<![\w/])(https?:)?//[\w.-]+\.\w", body.replace(
            "http://www.w3.org/2000/svg", "")), name
    for bad in ("/static/nothing.js", "/static/..%2Fqr.py", "/static/__init__.py"):
        with pytest.raises(urllib.error.HTTPError) as exc:
            urllib.request.urlopen(base + bad)
        assert exc.value.code == 404


def test_host_prints_the_link_and_a_qr_code_that_reads_as_the_link(tmp_path: Path) -> None:
    """The QR code the host prints is read back from its block characters by the
    standard's rules (tests/qr_support.py, written for this: no pure-Python QR reader
    small enough to add was found on PyPI), and it reads as the printed link."""
    proc = subprocess.Popen(
        [sys.executable, "-m", "twentynine", "host", "--host", "127.0.0.1", "--port", "0",
         "--bots", "random", "--dir", str(tmp_path / "tables")],
        stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
        env=dict(os.environ, TWENTYNINE_DATA_DIR=str(tmp_path)))
    lines: list[str] = []
    try:
        assert proc.stdout is not None
        for line in proc.stdout:
            lines.append(line.rstrip("\n"))
            if line.startswith("Ctrl+C"):
                break
        out = "\n".join(lines)
        link = re.search(r"http://127\.0\.0\.1:\d+/#code=[A-Z2-7]{16}", out)
        assert link, out
        block = [ln for ln in lines if ln and set(ln) <= set("█▀▄ ")]
        assert read_qr(text_matrix("\n".join(block))) == link.group(0)
        with urllib.request.urlopen(link.group(0)) as r:  # the link opens the page
            assert b'id="join-form"' in r.read()
    finally:
        proc.terminate()
        proc.wait(10)


def test_the_clock_runs_out_and_a_reload_comes_back_to_the_seat(tmp_path: Path,
                                                              browser: Any) -> None:
    srv = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0, clock=1.5),
                     seed=4)
    try:
        phone = open_page(browser, PHONE, srv.link)
        phone.page.fill("#name", "Asha")
        phone.page.tap("#sit")
        phone.page.wait_for_selector("#hand .card")
        phone.page.wait_for_selector("#clock-row")  # visible: a clock runs
        # whose clock runs, in seconds (the 1.5 s may already have passed to the next seat)
        assert re.fullmatch(r"(Your move|Left|Right|Partner): \d s", phone.text("#clock-text"))
        # the player does nothing: the server moves for them and the page says so
        phone.page.wait_for_selector("#notice:not([hidden])")
        assert phone.text("#notice").startswith("Time is up: ")
        assert "for you" in phone.text("#notice") and "the hint's choice" in phone.text("#notice")
        token = next(f for f in phone.frames if f["type"] == "welcome")["token"]
        # a reload (or a phone that slept) sits down again at once with the kept token
        phone.page.reload()
        phone.page.wait_for_selector("#table:not([hidden]) #hand .card")
        welcomes = [f for f in phone.frames if f["type"] == "welcome"]
        assert len(welcomes) == 2 and welcomes[1]["rejoined"] is True
        assert welcomes[1]["seat"] == welcomes[0]["seat"] and welcomes[1]["token"] == token
        assert phone.page.locator("#join").is_hidden()

        # the network drops (the server's end of the socket closes): the page reconnects
        async def drop() -> None:
            for c in list(srv.server.connections):
                await c.ws.close()

        srv.call(drop())
        welcomes = wait_frames(phone, lambda fs: len([f for f in fs if f["type"] == "welcome"])
                               >= 3, "welcome")
        assert welcomes[2]["rejoined"] is True and welcomes[2]["token"] == token
        phone.page.wait_for_selector("#table:not([hidden]) #hand .card")
    finally:
        srv.close()


def test_a_desktop_bids_by_keys_and_hears_why_a_key_is_refused(live: LiveServer,
                                                               browser: Any) -> None:
    desk = open_page(browser, DESKTOP, live.link)
    desk.page.keyboard.type("Cy")  # the name box has the focus on load
    desk.page.keyboard.press("Enter")
    desk.page.wait_for_selector("#actions button.bid")  # South speaks first
    page = desk.page
    # a key for a call that is not legal now is sent all the same: the engine says why
    errors = len([f for f in desk.frames if f["type"] == "error"])
    page.keyboard.press("s")
    reason = wait_frames(desk, lambda fs: len([f for f in fs if f["type"] == "error"])
                         > errors, "error")[-1]["message"]
    page.wait_for_selector("#status.error")
    assert desk.text("#status") == f"⚠ {reason[0].upper()}{reason[1:]}"
    # up, up: the second legal bid is chosen (and shown chosen), Enter bids it
    page.keyboard.press("ArrowUp")
    page.keyboard.press("ArrowUp")
    chosen = page.locator("#actions button.bid.chosen")
    assert chosen.count() == 1
    bid = int(chosen.inner_text())
    first = int(page.locator("#actions button.bid").first.inner_text())
    assert bid == first + 1
    page.keyboard.press("Enter")
    made = wait_frames(desk, lambda fs: any(
        e.get("event") == "BidMade" and e.get("seat") == 0
        for f in fs if f["type"] == "state" for e in f["events"]), "state")
    bids = [e["bid"] for f in made for e in f["events"]
            if e.get("event") == "BidMade" and e.get("seat") == 0]
    assert bids == [bid]


def test_the_qr_reader_reads_what_segno_draws_and_notices_damage() -> None:
    """The reader the host's test relies on: right on codes of several versions and
    levels, and not fooled by a damaged one."""
    import segno

    for text in ("http://192.168.100.200:2929/#code=ABCDEFGHIJKLMNOP", "HELLO WORLD", "2929"):
        for level in "lmqh":
            code = segno.make(text, error=level, micro=False, boost_error=False)
            modules = [[bool(x) for x in row] for row in code.matrix_iter(border=2)]
            assert read_qr(modules) == text, code.designator
    link = join_link("10.0.0.7", 2929, "ABCDEFGHIJKLMNOP")
    modules = text_matrix(qr_text(link))
    assert modules[:len(qr_matrix(link))] == qr_matrix(link)
    modules[2 + 8][2 + 2] = not modules[2 + 8][2 + 2]  # one format module flipped
    with pytest.raises(QRReadError):
        read_qr(modules)
    modules = text_matrix(qr_text(link))
    n = len(qr_matrix(link)) - 2  # the code's far edge, inside its quiet zone
    for r in range(n - 4, n):  # a smudge at the bottom right, where the data begins
        for c in (n - 2, n - 1):
            modules[r][c] = not modules[r][c]
    try:
        damaged = read_qr(modules)
    except (QRReadError, UnicodeDecodeError):
        damaged = None
    assert damaged != link


@pytest.mark.early
def test_new_game_at_game_over_starts_the_next_game_at_the_same_table(tmp_path: Path,
                                                                      browser: Any) -> None:
    """A one-deal game played out by a phone and a desktop; at game over both show the
    result with a "New game" button (a touch target, Enter or n on a keyboard); the phone
    taps it and both pages are dealt game 2 at the same table, in the same seats; at its
    end the desktop's n starts game 3."""
    srv = LiveServer(tmp_path / "tables", Settings(rules=Rules(game_to=1), bots="random",
                                                   bot_delay=0.0), seed=4)
    try:
        phone = open_page(browser, PHONE, srv.link)
        phone.page.fill("#name", "Asha")
        phone.page.tap("#sit")
        desk = open_page(browser, DESKTOP, srv.link)
        desk.page.keyboard.type("Bo")
        desk.page.keyboard.press("Enter")
        for w in (phone, desk):
            w.page.wait_for_selector("#hand .card")
        over = "#summary:not([hidden]) #summary-next:has-text('New game')"

        def at_game_over() -> bool:
            return all(w.page.locator(over).count() for w in (phone, desk))

        def until_over(move: Callable[[Watched], str]) -> Callable[[Watched], str]:
            def wrapped(w: Watched) -> str:
                if w.page.locator(over).count():  # over here: wait for the other page
                    w.page.wait_for_timeout(15)
                    return "game over"
                return move(w)

            return wrapped

        # a refused tap is tried once, by the list of such tries being empty: not here
        drive([(phone, until_over(lambda w: tap_move(w, ["skipped"]))),
               (desk, until_over(key_move))], at_game_over, limit=90)
        for w, name in ((phone, "phone_gameover_390.png"), (desk, "phone_gameover_1280.png")):
            assert "won the game" in w.text("#summary-title")
            # and why, as the table says it: a game to 1, so a side at -1 or +1
            assert re.search(r"Why\s+(We|They) (fell to -1|reached \+1|took all eight tricks)",
                             w.text("#summary-lines")), w.text("#summary-lines")
            box = w.page.locator("#summary-next").bounding_box()
            assert box["height"] >= 44 and box["width"] >= 44
            assert w.page.locator("#summary-next").get_attribute("aria-keyshortcuts") \
                == "Enter n"
            assert "same seats" in w.text("#summary-wait")
            assert w.text("#score-key").lower() == "game"
            screenshot(w, name)
        assert desk.page.evaluate("() => document.activeElement.id") == "summary-next"
        phone.page.tap("#summary-next")
        for w in (phone, desk):
            w.page.wait_for_selector("#summary", state="hidden")
            w.page.wait_for_selector("#hand .card")
            assert w.text("#score-key").lower() == "game 2"
            assert "Us 0 · Them 0" in w.text("#score")
            states = [f for f in w.frames if f["type"] == "state"]
            assert states[-1]["game"] == 2 and not states[-1]["game_over"]
            assert w.errors == []
        asked = [f for f in phone.frames if f["type"] == "state" and f.get("game") == 2]
        assert "view" in asked[0]  # the new game's first state is whole
        assert (phone.seat, desk.seat) == (0, 2)
        assert srv.call(_number(srv.table)) == 2
        # game 2 played out; on the desktop the key n starts game 3
        drive([(phone, until_over(lambda w: tap_move(w, ["skipped"]))),
               (desk, until_over(key_move))], at_game_over, limit=90)
        desk.page.keyboard.press("n")
        for w in (phone, desk):
            w.page.wait_for_selector("#summary", state="hidden")
            w.page.wait_for_selector("#hand .card")
            assert w.text("#score-key").lower() == "game 3"
            assert w.errors == []
        assert srv.call(_number(srv.table)) == 3
    finally:
        srv.close()


async def _number(table: Table) -> int:
    return table.number
