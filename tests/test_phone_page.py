"""The phone page on the phones people hold: one page session (Debian's Chromium through
Playwright, touch, a table server on a loopback port in this process) sits down and plays
a whole deal by taps, checking at the edges, 320 x 568, 430 x 932 and 844 x 390, that the
hand is on the screen (in the auction, choosing trump, in play, with a notice up) and that
nothing is wider than the screen, and at 390 x 844, 320 x 568 and 360 x 740 at its moves;
that the deal's result and the game's leave the last trick and the bar's "?" uncovered;
on the way, what the page says and asks: names the server would refuse, a wrong code,
the top bar in the auction, the trump confirmed, the finished trick held and the last
trick on a tap, a dead link, leaving, bringing a friend.
"""

from __future__ import annotations

import json
import re
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from qr_support import read_qr
from test_phone_client import (
    PHONE,
    WAIT,
    LiveServer,
    Watched,
    drive,
    open_page,
    tap_move,
)
from test_server_wall import known_cards, leaks

from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.rules import SETTINGS, Rules, RulesError, with_setting
from twentynine.net.qr import join_link
from twentynine.net.server import Settings

SIZES = [(320, 568), (360, 740), (390, 844), (430, 932)]
LANDSCAPE = (844, 390)
EDGES = [(320, 568), (430, 932), LANDSCAPE]
"""The smallest phone, the largest and sideways: a page that fits these fits the sizes
between (each also visited at a move of the deal, and nine seats at every size in
test_phone_client_race).  Each size checked costs the browser a layout of the page."""

FIT = """() => {
  const vw = document.documentElement.clientWidth, vh = innerHeight;
  const cards = [...document.querySelectorAll('#hand .card')].map(e => e.getBoundingClientRect());
  const wide = [...document.querySelectorAll('body *')].filter(e => e.offsetParent !== null)
    .map(e => [e.id || e.className, e.getBoundingClientRect()])
    .filter(([, r]) => r.width > 0 && (r.right > vw + 0.5 || r.left < -0.5))
    .map(([n, r]) => [n, Math.round(r.left), Math.round(r.right)]);
  return {vw, vh, scrollW: document.documentElement.scrollWidth,
          cards: cards.map(r => [r.left, r.top, r.right, r.bottom]), wide};
}"""
"""Where the hand's cards are, the viewport, and every shown element outside it."""

NOTICES = """() => {
  if (window.noticesSeen) return;
  window.noticesSeen = [];
  const note = document.querySelector('#notice');
  const keep = () => { if (note.textContent) window.noticesSeen.push(note.textContent); };
  keep();
  new MutationObserver(keep).observe(note, {childList: true, characterData: true,
                                            subtree: true, attributes: true});
}"""
"""Records every text the notice shows, however briefly (the page clears it at times)."""

BOXES = """() => {
  const box = (e) => { const r = e.getBoundingClientRect();
                       return {x: r.x, y: r.y, width: r.width, height: r.height}; };
  return {left: box(document.getElementById('seat-left')),
          right: box(document.getElementById('seat-right')),
          top: box(document.getElementById('seat-top')),
          faces: [...document.querySelectorAll('#trick .face')].map(box)};
}"""
"""The seats beside the trick and the trick's cards, at one moment."""

COVERED = """(selector) => [...document.querySelectorAll(selector)].map((e) => {
  const r = e.getBoundingClientRect();
  const inside = r.width > 0 && r.left >= -0.5 && r.top >= -0.5
    && r.right <= innerWidth + 0.5 && r.bottom <= innerHeight + 0.5;
  // the middle and two points towards opposite corners (a rounded corner is not the
  // element's own to a tap)
  const points = [[0.5, 0.5], [0.2, 0.2], [0.8, 0.8]]
    .map(([fx, fy]) => [r.left + fx * r.width, r.top + fy * r.height]);
  const hidden = points.filter(([x, y]) => { const top = document.elementFromPoint(x, y);
                                             return !top || !(e === top || e.contains(top)); });
  return inside && !hidden.length ? "" : `${e.id || e.className || e.tagName}`
    + ` at ${Math.round(r.left)},${Math.round(r.top)}-${Math.round(r.right)},`
    + `${Math.round(r.bottom)}${inside ? "" : " (off the screen)"}`
    + (hidden.length ? ` under ${((o) => o ? o.id || o.className || o.tagName : "nothing")(
      document.elementFromPoint(...hidden[0]))}` : "");
}).filter((x) => x)"""
"""What of ``selector``'s elements is off the screen or under something else (its middle
or a corner), in words; nothing when all of it is in sight and on top."""


def check_fits(w: Watched, where: str) -> dict[str, Any]:
    got: dict[str, Any] = w.page.evaluate(FIT)
    vw, vh = got["vw"], got["vh"]
    assert got["cards"], f"{where}: no hand"
    for left, top, right, bottom in got["cards"]:
        assert left >= 0 and top >= 0 and right <= vw + 0.5 and bottom <= vh + 0.5, \
            f"{where}: a card at {(left, top, right, bottom)} is off the {vw}x{vh} screen"
    assert got["scrollW"] <= vw, f"{where}: the page is {got['scrollW']} px wide on {vw}"
    assert not got["wide"], f"{where}: wider than the screen: {got['wide']}"
    return got


def check_uncovered(w: Watched, where: str, *selectors: str) -> None:
    for selector in selectors:
        assert w.page.locator(selector).count(), f"{where}: no {selector}"
        hidden = w.page.evaluate(COVERED, selector)
        assert not hidden, f"{where}: {selector} is not in sight: {hidden}"


def at_sizes(w: Watched, sizes: list[tuple[int, int]], check: Callable[[str], object]) -> None:
    for width, height in sizes:
        w.page.set_viewport_size({"width": width, "height": height})
        check(f"{width}x{height}")
    w.page.set_viewport_size({"width": 320, "height": 568})


def frames_until(w: Watched, ready: Callable[[], bool], what: str) -> None:
    """Poll the page's frames until ``ready()`` (the bound is for a hang, never speed)."""
    deadline = time.monotonic() + WAIT / 1000 * 3
    while not ready():
        assert time.monotonic() < deadline, f"never: {what}"
        w.page.wait_for_timeout(30)


def states(w: Watched) -> list[dict[str, Any]]:
    return [f for f in w.frames if f["type"] == "state"]


def view_now(w: Watched) -> dict[str, Any]:
    """The seat's view as the page has it: the last whole view with the changes since."""
    view: dict[str, Any] = {}
    for f in states(w):
        if "view" in f:
            view = dict(f["view"])
        else:
            view.update(f["view_changes"])
    return view


def events(w: Watched, name: str) -> list[dict[str, Any]]:
    return [e for f in states(w) for e in f.get("events", []) if e.get("event") == name]


def visible_in_viewport(w: Watched, selector: str) -> bool:
    box = w.page.locator(selector).bounding_box()
    size = w.page.viewport_size
    return bool(box and size and box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
                and box["x"] >= 0 and box["x"] + box["width"] <= size["width"])


def overlaps(a: dict[str, float], b: dict[str, float]) -> bool:
    return (a["x"] < b["x"] + b["width"] - 0.5 and b["x"] < a["x"] + a["width"] - 0.5
            and a["y"] < b["y"] + b["height"] - 0.5 and b["y"] < a["y"] + a["height"] - 0.5)


@pytest.mark.early
def test_a_deal_at_320_px_by_taps_on_every_phone_size(tmp_path: Path, browser: Any) -> None:
    srv = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0), seed=3)
    try:
        # cards still flying in would be measured where they fly: no motion (as a player
        # who asked for none)
        context = browser.new_context(**{**PHONE, "viewport": {"width": 320, "height": 568}},
                                      reduced_motion="reduce")
        context.grant_permissions(["clipboard-read", "clipboard-write"])
        page = context.new_page()
        page.set_default_timeout(WAIT)
        w = Watched(page)
        sent: list[str] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(str(p))))

        # a wrong code in the link: the look says so before anything is typed, with the
        # code box to type the right one in; sitting down without one asks for it
        page.goto(join_link("127.0.0.1", srv.port, "AAAA-AAAA-AAAA-AAAA"))
        page.wait_for_selector("#join-error:has-text('No table has that code')")
        assert page.locator("#code").is_visible() and page.input_value("#code") == ""
        page.fill("#name", "Asha")
        page.tap("#sit")
        assert "code" in w.text("#join-error")
        assert page.evaluate("() => document.activeElement.id") == "code"
        assert not [f for f in sent if '"hello"' in f]
        # a wrong code typed: the server's reason, and the focus back in the code box
        page.fill("#code", "BBBB-BBBB-BBBB-BBBB")
        page.tap("#sit")
        page.wait_for_selector("#join-error:has-text('No table has that code')")
        assert page.evaluate("() => document.activeElement.id") == "code"

        # the right link: the form says what game this is and which seats are free
        page.goto(srv.link)
        page.reload()  # the fragment alone changed: load the page again
        page.wait_for_selector("#table-info:not([hidden])")
        info = w.text("#table-info")
        assert "four players" in info and "reaching +6 wins" in info, info
        assert "Standard rules." in info, info
        assert "Free: South, East, North, West." in info, info
        assert page.locator("#name-hint").is_visible()
        # names the server refuses are refused here first, saying what a name may be,
        # and nothing is sent: the joiner in a combined emoji, 500 characters
        for bad in ("Asha\U0001F469\u200D\U0001F4BB", "x" * 500):
            page.fill("#name", bad)
            page.tap("#sit")
            assert "1 to 24 printable characters" in w.text("#join-error")
            assert page.evaluate("() => document.activeElement.id") == "name"
            assert page.locator("#code-row").is_hidden()
            page.wait_for_timeout(200)
            assert not [f for f in sent if '"hello"' in f and "BBBB" not in f]
        page.fill("#name", "Asha \U0001F469")  # a single emoji is printable
        page.check("input[name=seat][value=east]")
        page.tap("#sit")
        page.wait_for_selector("#actions button.bid")
        assert w.seat == 1

        # the auction, at each size: the hand on screen; the bar says what is so
        v = view_now(w)
        contract, trump = w.text("#contract"), w.text("#trump")
        assert trump == "after the bidding", trump  # not "being chosen" while bidding
        if v["high_bid"] is not None:
            assert "so far" in contract, contract  # not "X bid 17": nothing is settled
        at_sizes(w, EDGES, lambda where: check_fits(w, f"auction {where}"))
        # at 320 the lowest bids; "More…" shows the others; bid the highest
        bids = [a for a in view_now(w)["legal_actions"] if a.startswith("bid ")]
        assert len(bids) > 5, bids  # a seed where the lowest bids are not all of them
        page.wait_for_selector("#more-bids")  # drawn again when the screen changed
        assert page.locator("#actions button.bid[data-action='bid 28']").count() == 0
        page.tap("#more-bids")
        page.tap("#actions button.bid[data-action='bid 28']")
        frames_until(w, lambda: any(e["seat"] == 1 for e in events(w, "AuctionWon")),
                     "the auction won")
        # laying the trump card asks first: nothing is sent until the player confirms
        page.wait_for_selector("#hand .card.playable")
        page.locator("#hand .card.playable").first.tap()
        page.wait_for_selector("#trump-confirm")
        assert "is trump" in w.text("#trump-confirm")

        def trump_fits(where: str) -> None:
            check_fits(w, f"trump choice {where}")
            check_uncovered(w, f"trump choice {where}", "#trump-confirm", "#trump-cancel")

        at_sizes(w, EDGES, trump_fits)
        page.wait_for_selector("#trump-confirm")
        assert "face down" in str(page.get_attribute("#trump-confirm", "aria-label"))
        assert page.locator("#hand .card.chosen").count() == 1
        page.wait_for_timeout(200)
        assert not events(w, "TrumpChosen")
        page.tap("#trump-cancel")
        assert page.locator("#trump-confirm").count() == 0
        page.locator("#hand .card.playable").last.tap()
        page.tap("#trump-confirm")
        frames_until(w, lambda: bool(events(w, "TrumpChosen")), "the trump chosen")

        # play: the hand on screen at each size, with a notice up too; sideways one row
        # of eight cards and a 44 px "?"
        def play_fits(where: str) -> None:
            got = check_fits(w, f"play {where}")
            if where == "844x390":
                assert len({round(c[1]) for c in got["cards"]}) == 1, got["cards"]
                box = page.locator("#help-open").bounding_box()
                assert box and box["width"] >= 44 and box["height"] >= 44, box

        page.wait_for_selector("#hand .card.playable")
        at_sizes(w, EDGES, play_fits)
        # what the trick shows, and when (for the hold of a finished trick, below)
        page.evaluate("""() => {
          window.trickLog = [];
          const note = () => window.trickLog.push([performance.now(),
            document.getElementById('trick-caption').textContent,
            !!document.querySelector('#slot-bottom .face')]);
          new MutationObserver(note).observe(document.getElementById('trick'),
            {childList: true, subtree: true, characterData: true});
        }""")

        async def notice() -> None:
            srv.table.tell_all("Time is up: a move was made for you (the clock ran out) "
                               "and then some more words")

        srv.call(notice())
        page.wait_for_selector("#notice:not([hidden])")

        def notice_fits(where: str) -> None:
            check_fits(w, f"notice {where}")
            # over the felt, never over the bar, the choices or the hand
            check_uncovered(w, f"notice {where}", "#help-open", "#chip-points",
                            "#status", "#hand .card")

        at_sizes(w, EDGES, notice_fits)
        page.tap("#notice")

        # the deal by taps; at every move, the trick clear of the seats beside it, a
        # count of cards in words, and a line saying why "Ask for trump" or "Pair!" is
        # there; once, a finished trick stays while the next card comes (the page's clock
        # paused), and a tap on the trick shows the last one
        peeked: list[str] = []
        waited: list[bool] = []
        taps: list[float] = []  # when the player moved (the page's time): a hold's end
        explained: list[str] = []
        sizes = [(390, 844), (320, 568), (360, 740)]

        def look(n: int) -> None:
            width, height = sizes[min(n, len(sizes) - 1)]  # each size once, then 360x740
            if n < len(sizes):
                page.set_viewport_size({"width": width, "height": height})
            boxes = page.evaluate(BOXES)
            for side in ("left", "right", "top"):
                for box in boxes["faces"]:
                    assert not overlaps(boxes[side], box), (side, width, boxes)
            assert not re.search(r"\b1 cards\b", w.text("#felt"))
            # a card just played is marked to fly in; this player asked for no motion
            assert page.eval_on_selector_all(
                "#trick .face", "els => els.filter(e => getComputedStyle(e).animationName"
                " !== 'none').length") == 0
            for call in ("show trump", "pair"):
                if page.locator(f"#actions button[data-action='{call}']").count():
                    why = w.text("#actions-why")
                    assert ("show trump" if call == "show trump" and view_now(w)["bidder"] != w.seat
                            else "show your trump" if call == "show trump"
                            else "declare the pair") in why, why
                    explained.append(call)
            check_fits(w, f"deal {width}x{height}")

        page.evaluate(NOTICES)
        n = 0
        deadline = time.monotonic() + 120
        while page.locator("#summary:not([hidden])").count() == 0:
            assert time.monotonic() < deadline, "the deal never ended"
            if page.locator("#hand .card").count() == 1 and page.locator(
                    "#hand .card.playable").count() and len(
                    view_now(w)["legal_actions"]) == 1:
                # the last card is the only legal one: the page plays it for the player
                # on the last trick the deal's end may clear the notice at once: every
                # text the notice shows is recorded by the page's observer (NOTICES)
                page.wait_for_function(
                    "() => window.noticesSeen.some(t => t.includes('Played for you'))")
                page.wait_for_selector("#hand .card", state="detached")
            elif page.locator("#hand .card.playable").count() and not page.locator(
                    "#trump-confirm").count():
                look(n)
                n += 1
                v = view_now(w)
                if not waited and page.locator("#trick.done").count() and v["trick"]:
                    # once, the player lets the finished trick go by itself (other times
                    # their card ends its hold at once)
                    page.wait_for_selector("#trick:not(.done)")
                    waited.append(True)
                if not peeked and v["tricks"]:
                    page.tap("#trick")
                    caption = w.text("#trick-caption")
                    assert caption.startswith("Last trick: "), caption
                    last = v["tricks"][-1]
                    shown = page.eval_on_selector_all(
                        "#trick .face", "els => els.map(e => e.dataset.card)")
                    assert sorted(shown) == sorted(c for _, c in last["cards"])
                    page.tap("#trick")
                    assert not w.text("#trick-caption").startswith("Last trick")
                    peeked.append(caption)
                taps.append(page.evaluate("() => performance.now()"))
                page.locator("#hand .card.playable").first.tap()
            elif page.locator("#actions button").count() and not page.locator(
                    "#hand .card.playable").count():
                # (a card playable by now: the page drew the player's turn between the
                # two looks, and the next pass plays a card, as every other turn)
                taps.append(page.evaluate("() => performance.now()"))
                page.locator("#actions button").first.tap()
            else:
                # nothing to do yet: wait in the page for what it shows next (a poll of
                # the page from here every few ms was most of the browser's CPU)
                page.wait_for_selector(
                    "#hand .card.playable, #actions button, #summary:not([hidden])",
                    timeout=max(deadline - time.monotonic(), 1) * 1000)
        # each finished trick stayed at least the hold's time, unless the player's own
        # card ended it (a lower bound: a slow machine only makes it longer)
        shows = page.evaluate("() => window.trickLog")
        runs: list[tuple[float, str, bool]] = []
        for t, text, mine in shows:
            if not runs or runs[-1][1] != text:
                runs.append((t, text, mine))
        # (a look at the last trick on the way, before or after, is not a hold's end)
        held = [(b[0] - a[0], any(a[0] <= t <= b[0] for t in taps))
                for z, a, b in zip([runs[0], *runs], runs, runs[1:], strict=False)
                if re.search(r"wins? · \d+ pts?$", a[1]) and not a[1].startswith("Last")
                and not b[1].startswith("Last") and not z[1].startswith("Last")]
        assert [t for t, mine in held if not mine], runs
        assert min(t for t, mine in held if not mine) >= 1400, (held, runs, taps)
        assert peeked
        # the page's own last card, where it was the only legal one (the engine's replay
        # says: a player who cannot follow may also ask for the trump, and then the card
        # is theirs to play): on a busy machine it may be played before this loop looks
        # again, so the notice's words come from the observer, which saw every text
        forced = [t for t in page.evaluate("() => window.noticesSeen") if "Played for you" in t]
        if last_card_forced(srv, w.seat):
            page.wait_for_function(
                "() => window.noticesSeen.some(t => t.includes('Played for you'))")
            forced = [t for t in page.evaluate("() => window.noticesSeen")
                      if "Played for you" in t]
            assert forced and "your only legal card" in forced[0], forced
        else:
            assert not forced, forced
        # the deal's result leaves the last trick, who won it and the bar in sight
        at_sizes(w, EDGES, lambda where: check_uncovered(
            w, f"deal over {where}", "#trick .face", "#trick-caption", "#help-open",
            "#summary-next", "#chip-score"))
        assert re.search(r"wins? · \d+ pts?$", w.text("#trick-caption"))

        # leaving asks first, its warning on the screen; the seat stays until confirmed
        page.tap("#summary-next")
        page.wait_for_selector("#summary", state="hidden")
        page.tap("#help-open")
        for _ in range(12):  # Tab goes round the dialog, never behind it
            page.keyboard.press("Tab")
            assert page.evaluate("() => !!document.activeElement.closest('#help')")
        page.tap("#leave")
        page.wait_for_selector("#leave-confirm:not([hidden])")
        assert visible_in_viewport(w, "#leave-note")
        assert "for good" in w.text("#leave-note")

        async def seated() -> bool:
            return srv.table.seats[1].player is not None

        assert srv.call(seated())
        page.tap("#leave-stay")
        assert page.locator("#leave-confirm").is_hidden()

        # bringing a friend: the QR code on the page reads as the table's link; Share
        # (no share sheet in this browser) copies it
        page.wait_for_selector("#qr svg path")
        invite = [f for f in w.frames if f["type"] == "invite"][-1]
        assert invite["link"] == srv.link
        assert read_qr([[ch == "1" for ch in row] for row in invite["qr"]]) == srv.link
        page.tap("#share")
        page.wait_for_selector("#share-note:has-text('copied')")
        assert page.evaluate("() => navigator.clipboard.readText()") == srv.link
        page.keyboard.press("Escape")

        # a dead link (the server stops reading this socket) says so within seconds and
        # comes back to the same seat
        welcomes = len([f for f in w.frames if f["type"] == "welcome"])

        async def go_silent() -> None:
            for c in list(srv.server.connections):
                if c.transport is not None:
                    c.transport.pause_reading()

        srv.call(go_silent())
        # the notice's every text is recorded (NOTICES): on a busy machine the page may be
        # back, and its notice gone or replaced, before a look at the notice itself
        page.wait_for_function(
            "() => window.noticesSeen.some(t => t.includes('Reconnecting'))",
            timeout=3 * WAIT)
        # the status line says so too, unless (a busy machine) the page is back already
        status = w.text("#status")
        assert "Reconnecting" in status or page.locator("#summary:not([hidden])").count() \
            or len([f for f in w.frames if f["type"] == "welcome"]) > welcomes, status
        frames_until(w, lambda: len([f for f in w.frames if f["type"] == "welcome"])
                     > welcomes, "a welcome back")
        back = [f for f in w.frames if f["type"] == "welcome"][-1]
        assert back["rejoined"] is True and back["seat"] == 1

        # the wall, and nothing fetched from anywhere else
        seed, rules, actions = srv.snapshot()
        assert leaks(w.frames, w.seat, known_cards(seed, rules, actions)) == []
        assert {re.sub(r"^\w+://([^/:]+).*", r"\1", u) for u in w.requests} == {"127.0.0.1"}
        assert w.errors == []
        base = f"http://127.0.0.1:{srv.port}"
        with urllib.request.urlopen(f"{base}/static/manifest.webmanifest") as r:
            manifest = json.loads(r.read())
        assert manifest["display"] == "standalone" and manifest["icons"]
        context.close()
    finally:
        srv.close()


def last_card_forced(srv: LiveServer, seat: int) -> bool:
    """Whether ``seat``'s last card of the first deal was its only legal action, from a
    replay of the table's record by the engine."""
    seed, rules, actions = srv.snapshot()
    g = Game(seed, rules)
    forced = False
    for a in actions:
        v = g.view(seat)
        if g.deal.number > 1:
            break
        if g.turn == seat and v.phase is Phase.PLAY and len(v.hand) == 1:
            forced = len(v.legal_actions) == 1
        g.apply(a)
    return forced


@pytest.mark.early
def test_at_game_over_the_bar_help_share_and_leave_stay_a_tap_away(
        tmp_path: Path, browser: Any) -> None:
    """A game of one deal played out by taps at 320 x 568: its result leaves the last
    trick, who won it and the bar's "?" in sight at the smallest, largest and sideways
    phone; "?" opens the help
    over it (the result does not take the focus back), where Share and Leave work before
    anyone starts the next game."""
    srv = LiveServer(tmp_path / "tables", Settings(rules=Rules(game_to=1), bots="random",
                                                   bot_delay=0.0), seed=4)
    try:
        w = open_page(browser, {**PHONE, "viewport": {"width": 320, "height": 568}},
                      srv.link)
        page = w.page
        page.context.grant_permissions(["clipboard-read", "clipboard-write"])
        page.fill("#name", "Asha")
        page.tap("#sit")
        page.wait_for_selector("#hand .card")
        over = "#summary:not([hidden]) #summary-next:has-text('New game')"
        drive([(w, lambda x: tap_move(x, ["skipped"], next_deal=False))],
              lambda: page.locator(over).count() > 0, limit=90)
        at_sizes(w, EDGES, lambda where: check_uncovered(
            w, f"game over {where}", "#trick .face", "#trick-caption", "#help-open",
            "#summary-next", "#chip-score"))
        # a notice up (over the felt) stays below the help when it opens
        async def notice() -> None:
            srv.table.tell_all("Asha's partner is back at the table")

        srv.call(notice())
        page.wait_for_selector("#notice:not([hidden])")
        page.tap("#help-open")
        page.wait_for_selector("#help:not([hidden])")
        on_top = page.evaluate("""() => { const r = document.getElementById('notice')
            .getBoundingClientRect(); const e = document.elementFromPoint(
            r.left + r.width / 2, r.top + r.height / 2); return !!e.closest('#help'); }""")
        assert on_top, "the notice is drawn over the help"
        page.wait_for_timeout(300)  # a render meanwhile must leave the focus in the help
        assert page.evaluate("() => document.activeElement.id") == "help-close"
        page.locator("#share").scroll_into_view_if_needed()
        check_uncovered(w, "help at game over", "#share")
        page.tap("#share")
        page.wait_for_selector("#share-note:has-text('copied')")
        page.locator("#leave").scroll_into_view_if_needed()
        page.tap("#leave")
        page.wait_for_selector("#leave-confirm:not([hidden])")
        check_uncovered(w, "leaving at game over", "#leave-yes", "#leave-stay")
        page.tap("#leave-yes")
        page.wait_for_selector("#join:not([hidden])")
        assert [f for f in w.frames if f["type"] == "bye"]

        async def seated() -> bool:
            return srv.table.seats[w.seat].player is not None

        assert not srv.call(seated())
        assert w.errors == []
    finally:
        srv.close()


def test_the_help_opens_at_its_title_on_a_small_phone(tmp_path: Path,
                                                      browser: Any) -> None:
    """At 320 x 568 the help is taller than the screen: "?" opens it at its title and
    first rules, with the focus on its close button all the same (a focus that scrolled
    the panel would open it half way down, the title and the rules out of sight), and
    opened again after a scroll down to "Leave" it starts at its title again."""
    srv = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0), seed=4)
    try:
        w = open_page(browser, {**PHONE, "viewport": {"width": 320, "height": 568}},
                      srv.link)
        page = w.page
        page.fill("#name", "Asha")
        page.tap("#sit")
        page.wait_for_selector("#hand .card")
        for _ in range(2):
            page.tap("#help-open")
            page.wait_for_selector("#help:not([hidden])")
            page.wait_for_timeout(200)
            assert page.evaluate("() => document.activeElement.id") == "help-close"
            panel = page.evaluate("""() => { const p = document.querySelector('#help .panel');
                return [p.scrollTop, p.scrollHeight, p.clientHeight]; }""")
            assert panel[1] > panel[2], f"the help fits the screen: {panel}"
            assert panel[0] == 0, f"the help opened scrolled down: {panel}"
            check_uncovered(w, "help opened", "#help-title",
                            "#help-rules > li:first-child")
            page.locator("#leave").scroll_into_view_if_needed()
            page.tap("#leave")
            page.wait_for_selector("#leave-confirm:not([hidden])")
            page.tap("#leave-stay")
            page.tap("#help-close")
            page.wait_for_selector("#help", state="hidden")
        assert w.errors == []
    finally:
        srv.close()


def test_an_old_link_says_its_table_is_gone_and_asks_for_a_code(
        tmp_path: Path, browser: Any) -> None:
    """The link of a table the host had before it started again: the join form says the
    table is gone before anything is typed (the look, which the server does not count as
    a wrong guess for such a code), clears the old code, and the code the host gives now
    seats the player."""
    first = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0), seed=3)
    old_link = first.link
    first.close()
    srv = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0), seed=4)
    try:
        w = open_page(browser, {**PHONE, "viewport": {"width": 320, "height": 568}},
                      old_link.replace(str(first.port), str(srv.port)))
        page = w.page
        sent: list[str] = []
        page.on("websocket", lambda ws: ws.on("framesent", lambda p: sent.append(str(p))))
        page.reload()
        page.wait_for_selector("#join-error:has-text('no longer here')")
        assert page.locator("#code").is_visible() and page.input_value("#code") == ""
        assert [json.loads(f)["type"] for f in sent] == ["look"]
        page.fill("#name", "Asha")
        page.tap("#sit")
        assert "code" in w.text("#join-error")  # asked for, not sent again
        page.fill("#code", srv.table.code)
        page.tap("#sit")
        page.wait_for_selector("#hand .card")
        assert w.errors == []
    finally:
        srv.close()


def house_rules_of_every_setting() -> Rules:
    """Rules in which every setting that can differ from the standard game at once does
    (each takes its first other value the rules allow with the others)."""
    rules = Rules()
    for st in SETTINGS:
        for text in st.choices:
            try:
                changed = with_setting(rules, st.field, text)
            except RulesError:
                continue
            if getattr(changed, st.field) != getattr(Rules(), st.field):
                rules = changed
                break
    return rules


def test_the_help_says_every_house_rule_in_the_settings_own_words(
        tmp_path: Path, browser: Any) -> None:
    """A table where every rule setting differs from the standard game: the join form
    and the help (?) say each setting's own phrase from its record in
    ``rules.SETTINGS`` (a new setting is in this test by being in that list), and the
    help's pages are the terminal's: the game on one page for these rules."""
    from twentynine.engine.words import essentials, rules_line

    rules = house_rules_of_every_setting()
    assert all(getattr(rules, st.field) != getattr(Rules(), st.field) for st in SETTINGS), \
        "a setting that cannot differ alongside the others: give it a table of its own"
    srv = LiveServer(tmp_path / "tables", Settings(rules=rules, bots="random",
                                                   bot_delay=0.0), seed=3)
    try:
        w = open_page(browser, {**PHONE, "viewport": {"width": 320, "height": 568}},
                      srv.link)
        page = w.page
        page.wait_for_selector("#table-info:not([hidden])")
        assert rules_line(rules) in w.text("#table-info")
        page.fill("#name", "Asha")
        page.tap("#sit")
        page.wait_for_selector("#hand .card")
        page.tap("#help-open")
        page.wait_for_selector("#help:not([hidden])")
        shown = " ".join(w.text("#help-rules").split())
        for st in SETTINGS:
            phrase = st.says(st.house, rules)
            assert phrase in shown, f"{st.field}: {phrase!r} is not in the help: {shown}"
        for head, text in essentials(rules):
            assert f"{head}: {text}" in shown
        assert w.errors == []
    finally:
        srv.close()


def test_the_page_tells_the_news_in_the_terminals_words(tmp_path: Path,
                                                         browser: Any) -> None:
    """The deal's news on a wide page (its log) is the server's lines for the events,
    which are the terminal's (``twentynine.engine.words``), with the seats as the page names
    them: the page fills the slots as the terminal does."""
    from twentynine.engine.words import fill

    srv = LiveServer(tmp_path / "tables", Settings(bots="random", bot_delay=0.0), seed=3)
    try:
        w = open_page(browser, {"viewport": {"width": 1280, "height": 800}}, srv.link)
        page = w.page
        page.fill("#name", "Asha")
        page.check("input[name=seat][value=north]")
        page.press("#name", "Enter")
        page.wait_for_selector("#actions button, #hand .card.playable")
        me = w.seat
        places = ["You", "Right", "Partner", "Left"]  # anticlockwise, from the reader

        def name(seat: int) -> str:
            return places[(seat - me) % 4]

        said = [e["words"] for f in states(w) for e in f.get("events", []) if "words" in e]
        assert said and said[0].startswith("Deal 1: "), said
        page.wait_for_selector("#log li")
        shown = page.eval_on_selector_all("#log li", "els => els.map(e => e.textContent)")
        assert shown == [fill(x, name, me) for x in said], (shown, said)
        assert any(line.startswith(("You ", "Partner ", "Left ", "Right ")) for line in shown)
        assert w.errors == []
    finally:
        srv.close()
