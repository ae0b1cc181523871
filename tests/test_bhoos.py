"""The Bhoos SmartBots protocol: views to requests and back, our bots served over JSON lines
and HTTP, and external bots in the arena, including ones that crash, hang or cheat.

The external bots here are real processes: ``twentynine bot --protocol bhoos`` itself, and
small Python scripts that break the protocol in one way each.
"""

from __future__ import annotations

import functools
import json
import random
import subprocess
import sys
import threading
import urllib.request
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from twentynine.bots import make_bot
from twentynine.bots.bhoos import (
    PROTOCOL_RULES,
    ProtocolError,
    action_for,
    answer,
    answer_for,
    make_http_server,
    parse_card,
    request_for,
    rules_fit,
    view_for,
)
from twentynine.bots.external import ExternalBot
from twentynine.cli.arena import play_boards
from twentynine.cli.program import main
from twentynine.engine.actions import SHOW_TRUMP, Action
from twentynine.engine.cards import CARDS
from twentynine.engine.deal import Deal, Phase
from twentynine.engine.rules import Rules

SERVER = f"{sys.executable} -m twentynine bot --protocol bhoos"


def _script(tmp_path: Path, name: str, body: str, startup: float = 0.0) -> str:
    """A bot process: the Python ``body`` runs once per request line ``req``, after
    ``startup`` seconds of starting up."""
    path = tmp_path / f"{name}.py"
    path.write_text(
        f"import json, sys, time\ntime.sleep({startup})\n"
        "for n, line in enumerate(sys.stdin):\n"
        "    req = json.loads(line)\n"
        "    if req['type'] == 'hi':\n"
        "        print(json.dumps({'value': 'hello'}), flush=True)\n"
        "        continue\n"
        + "".join(f"    {ln}\n" for ln in body.splitlines()))
    return f"{sys.executable} {path}"


def _positions(seed: int, moves: int) -> Deal:
    """A deal under the protocol's rules after ``moves`` random legal actions."""
    rng = random.Random(seed)
    d = Deal.from_seed(seed, dealer=seed % 4, rules=PROTOCOL_RULES)
    for _ in range(moves):
        if d.is_over:
            break
        d.apply(rng.choice(d.legal_actions()))
    return d


# ------------------------------------------------------------------ the format both ways
@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), moves=st.integers(0, 45))
def test_a_request_rebuilds_the_view_and_the_legal_actions_of_the_seat(seed: int,
                                                                        moves: int) -> None:
    d = _positions(seed, moves)
    if d.is_over:
        return
    view = d.view(d.turn)
    kind, body = request_for(view)
    body = json.loads(json.dumps(body))  # what crosses the wire
    back, legal = view_for(kind, body)
    assert legal == d.legal_actions()
    assert back.hand == view.hand and back.phase == view.phase and back.seat == view.seat
    assert back.trick == view.trick and back.tricks == view.tricks
    assert back.points == view.points and back.tricks_won == view.tricks_won
    assert back.hand_sizes == view.hand_sizes
    assert (back.high_bid, back.bidder) == (view.high_bid, view.bidder)
    assert back.trump_suit == view.trump_suit and back.trump_shown == view.trump_shown
    # the hidden trump never leaks into the request of a seat that may not see it
    if view.trump_suit is None and kind == "play":
        assert body["trumpSuit"] is False


def test_cards_are_spelled_with_the_ace_as_one() -> None:
    assert [parse_card(t).name for t in ("1H", "TS", "JC", "7d")] == ["AH", "TS", "JC", "7D"]
    for bad in ("AH1", "ZZ", 17, None, "1X"):
        with pytest.raises(ProtocolError):
            parse_card(bad)


def test_answers_mean_the_actions_the_protocol_says() -> None:
    d = Deal.from_seed(5, rules=PROTOCOL_RULES)
    legal = d.legal_actions()
    assert action_for("bid", {"bid": 0}, legal)[0].kind.value == "pass"
    assert action_for("bid", {"bid": 17}, legal)[0] == Action.make_bid(17)
    assert action_for("chooseTrump", {"suit": "H"}, legal)[0] == Action.trump_suit("H")
    assert action_for("play", {"card": "1S"}, legal)[0] == Action.play("AS")
    assert action_for("play", {"revealTrump": True, "card": "7S"}, [SHOW_TRUMP]) == (
        SHOW_TRUMP, CARDS[7])
    for kind, bad in (("bid", {"bid": "16"}), ("bid", []), ("chooseTrump", {"suit": "X"}),
                      ("play", {}), ("play", {"card": "QQ"})):
        with pytest.raises(ProtocolError):
            action_for(kind, bad, legal)
    for a in legal:
        assert action_for("bid", answer_for(a), legal)[0] == a


def test_the_dealer_forced_to_bid_bids_the_minimum_whatever_it_answers() -> None:
    d = Deal.from_seed(2, rules=PROTOCOL_RULES)
    for _ in range(3):
        d.apply("pass")
    assert action_for("bid", {"bid": 0}, d.legal_actions())[0] == Action.make_bid(16)


@pytest.mark.parametrize("kind, body, words", [
    ("fly", {}, "unknown question"),
    ("bid", [], "JSON object"),
    ("bid", {"playerIds": ["A1"], "playerId": "A1", "cards": [], "bidHistory": []},
     "four players"),
    ("bid", {"playerIds": ["A1", "B1", "A2", "B2"], "playerId": "C9", "cards": [],
             "bidHistory": []}, "not one of the players"),
    ("bid", {"playerIds": ["A1", "B1", "A2", "B2"], "playerId": "A1",
             "cards": ["1H", "JH"], "bidHistory": []}, "first four cards"),
    ("play", {"playerIds": ["A1", "B1", "A2", "B2"], "playerId": "A1",
              "cards": ["1H"], "bidHistory": [], "handsHistory": [], "played": []},
     "bidHistory"),
])
def test_a_malformed_request_is_refused_with_a_clear_error(kind: str, body: Any,
                                                           words: str) -> None:
    with pytest.raises(ProtocolError, match=words):
        view_for(kind, body)


def test_the_protocol_rules_are_fixed() -> None:
    assert rules_fit(PROTOCOL_RULES)
    assert rules_fit(PROTOCOL_RULES.replace(direction="clockwise", game_to=12))
    assert not rules_fit(Rules())
    assert not rules_fit(PROTOCOL_RULES.replace(double=True))


# ------------------------------------------------------------------ serving our bots
def test_our_bot_answers_the_same_question_the_same_way() -> None:
    d = _positions(11, 9)
    kind, body = request_for(d.view(d.turn))

    def factory(seed: int) -> Any:
        return make_bot("medium", seed=seed, samples=8)

    a, b = answer(factory, kind, body), answer(factory, kind, body)
    assert a == b
    assert action_for(kind, a, d.legal_actions())[0] in d.legal_actions()


def test_twentynine_bot_serves_json_lines_and_survives_a_bad_line() -> None:
    d = _positions(4, 0)
    kind, body = request_for(d.view(d.turn))
    lines = ['{"type": "hi"}', "not json", '{"type": "fly"}',
             json.dumps({"type": kind, **body})]
    res = subprocess.run([sys.executable, "-m", "twentynine", "bot", "--protocol", "bhoos",
                          "--level", "easy"], input="\n".join(lines) + "\n",
                         capture_output=True, text=True, timeout=60)
    assert res.returncode == 0, res.stderr
    out = [json.loads(x) for x in res.stdout.splitlines()]
    assert out[0] == {"value": "hello"}
    assert "error" in out[1] and "unknown question" in out[2]["error"]
    assert action_for(kind, out[3], d.legal_actions())[0] in d.legal_actions()


def test_twentynine_bot_serves_http_on_localhost() -> None:
    server = make_http_server(lambda seed: make_bot("easy", seed=seed), 0)
    port = server.server_address[1]
    t = threading.Thread(target=server.serve_forever, daemon=True)
    t.start()
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/hi", timeout=10) as r:
            assert json.load(r) == {"value": "hello"}
        d = _positions(8, 4)
        kind, body = request_for(d.view(d.turn))
        req = urllib.request.Request(f"http://127.0.0.1:{port}/{kind}",
                                     data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
        with urllib.request.urlopen(req, timeout=30) as r:
            reply = json.load(r)
        assert action_for(kind, reply, d.legal_actions())[0] in d.legal_actions()
        bad = urllib.request.Request(f"http://127.0.0.1:{port}/play", data=b"{}",
                                     method="POST")
        with pytest.raises(urllib.error.HTTPError) as err:
            urllib.request.urlopen(bad, timeout=10)
        assert err.value.code == 400
    finally:
        server.shutdown()
        server.server_close()


# ------------------------------------------------------------------ external bots in the arena
def test_an_external_bot_plays_whole_deals_as_our_own_would() -> None:
    """``easy`` has no randomness: served through the protocol it must make exactly the
    decisions it makes in-process, deal after deal."""
    direct = play_boards("easy", "easy", boards=3, seed=5, rules=PROTOCOL_RULES)
    via = play_boards("easy", f"cmd:{SERVER} --level easy", boards=3, seed=5,
                      rules=PROTOCOL_RULES)
    assert via.faults == 0
    assert [r.actions for b in via.boards for r in b.rooms] == \
        [r.actions for b in direct.boards for r in b.rooms]


@pytest.mark.parametrize("name, body, fault", [
    ("crashes", "sys.exit(3)", "exited with status 3"),
    ("hangs", "time.sleep(30)", "no answer within"),
    ("cheats", "print(json.dumps({'card': '7S', 'bid': 99, 'suit': 'X'}), flush=True)",
     "illegal action"),
    ("babbles", "print('hello there', flush=True)", "not JSON"),
])
def test_a_broken_external_bot_is_a_counted_fault_never_a_crash(
        tmp_path: Path, name: str, body: str, fault: str) -> None:
    cmd = _script(tmp_path, name, body)
    spec = functools.partial(ExternalBot, cmd, timeout=0.5)
    res = play_boards("easy", spec, boards=1, seed=3, rules=PROTOCOL_RULES)
    faults = res.fault_list("B")
    assert faults and res.fault_list("A") == []
    assert any(fault in f for f in faults), faults[:3]
    if name != "cheats":  # a process out of step is restarted, but not for ever
        assert "not started again" in faults[-1], faults[-3:]
    for b in res.boards:
        for r in b.rooms:
            assert len([a for a in r.actions if a < 32]) == 32  # every card was played


def test_a_missing_program_is_a_fault_too() -> None:
    res = play_boards("easy", "cmd:/nonexistent/bot --fast", boards=1, seed=1,
                      rules=PROTOCOL_RULES)
    assert res.fault_list("B") and "cannot start" in res.fault_list("B")[0]


def test_the_arena_refuses_other_rules_for_an_external_bot(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as err:
        main(["arena", "--a", "easy", "--b", f"cmd:{SERVER}", "--boards", "1", "--quiet"])
    assert err.value.code == 2
    msg = capsys.readouterr().err.strip()
    assert len(msg.splitlines()) == 1 and "--indicator marker --pair off" in msg


def test_the_arena_refuses_an_empty_command(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as err:
        main(["arena", "--b", "cmd:  ", "--quiet"])
    assert err.value.code == 2


def test_phase_of_a_view_without_a_question_is_refused() -> None:
    d = _positions(1, 200)
    assert d.is_over
    with pytest.raises(ProtocolError):
        request_for(d.view(0))
    assert d.view(0).phase is Phase.DEAL_OVER


def test_a_bot_that_hangs_once_is_restarted_and_plays_on(tmp_path: Path) -> None:
    """One slow answer (the process killed) costs one fault: the restarted process, slow to
    start, is warmed up before its next question and answers the rest of the run."""
    flag = tmp_path / "slept"
    body = (f"import os\n"
            f"if req['type'] == 'play' and not os.path.exists({str(flag)!r}):\n"
            f"    open({str(flag)!r}, 'w').close()\n"
            f"    time.sleep(30)\n"
            f"if req['type'] == 'bid':\n"
            f"    print(json.dumps({{'bid': 0}}), flush=True)\n"
            f"elif req['type'] == 'chooseTrump':\n"
            f"    print(json.dumps({{'suit': 'S'}}), flush=True)\n"
            f"else:\n"
            f"    led = req['played'][0][1] if req['played'] else None\n"
            f"    same = [c for c in req['cards'] if c[1] == led]\n"
            f"    print(json.dumps({{'card': (same or req['cards'])[0]}}), flush=True)\n")
    cmd = _script(tmp_path, "sleepy", body, startup=0.8)
    spec = functools.partial(ExternalBot, cmd, timeout=0.5)
    res = play_boards("easy", spec, boards=2, seed=4, rules=PROTOCOL_RULES)
    faults = res.fault_list("B")
    assert len(faults) == 1 and "no answer within" in faults[0], faults
