"""The Bhoos SmartBots protocol: the JSON format of Twenty-Nine bot competitions, both ways.

A bot is asked one of three questions, each a JSON object answered with a JSON object:

* ``bid``: the seat's first four ``cards``, the ``bidHistory`` (``[[playerId, bid], ...]``,
  0 a pass) and the ``bidState`` (``defenderId``/``defenderBid``: who holds the high bid and
  what it is; ``challengerId``/``challengerBid``: the seat asked and its last bid).  Answer
  ``{"bid": N}``: 0, or any number not above the high bid, is a pass; the dealer, forced to
  bid when the other three passed, bids the minimum whatever it answers.
* ``chooseTrump``: the bidder's four cards.  Answer ``{"suit": "H"}`` (a marker: the
  bidder keeps all eight cards).
* ``play``: the seat's ``cards``, the current trick (``played``, in order), the finished
  tricks (``handsHistory``: ``[[leaderId, [cards], winnerId], ...]``), ``teams`` (``players``,
  the ``bid`` on the bidding team, card points ``won``), ``trumpSuit`` (the suit, or
  ``false`` while it is hidden from this seat) and ``trumpRevealed`` (``false``, or ``hand``
  (the trick it was shown in, from 1) and ``playerId``, who asked).  Answer
  ``{"card": "JS"}`` or ``{"revealTrump": true}``: the bot is then asked again, now
  seeing the trump (a card given with ``revealTrump`` is played at once if still legal).

Every request also has ``playerId``, ``playerIds`` (``A1 B1 A2 B2``, the seats in play
order; team A is seats 0 and 2) and ``timeRemaining`` (milliseconds for this answer).
Cards are rank then suit with the ace spelled ``1`` and the ten ``T``: ``1H``, ``TS``.

The protocol plays one fixed rule set, :data:`PROTOCOL_RULES`: marker trump, no pair,
28 points, bids 16 to 28, optional asking, the asker must trump, trump shown before the
last trick.

This module turns a seat's :class:`~twentynine.engine.views.SeatView` into a request
(:func:`request_for`) and an answer back into an action (:func:`action_for`), for the
arena's external bots (``twentynine.bots.external``); and a request into a view and a
list of legal actions (:func:`view_for`), and an action into an answer
(:func:`answer_for`), for ``twentynine bot --protocol bhoos``, which serves our bots
(:func:`serve_lines` on stdin/stdout, :func:`serve_http` on 127.0.0.1).  Over stdin and
stdout each request is one line of JSON with its question in ``"type"`` (``bid``,
``chooseTrump``, ``play``, or ``hi``, answered ``{"value": "hello"}``), each answer one
line; over HTTP the question is the path (``POST /bid``, ``/chooseTrump``, ``/play``;
``GET /hi``), as in the competition's starter code.

>>> from twentynine.engine.deal import Deal
>>> d = Deal.from_seed(3, rules=PROTOCOL_RULES)
>>> kind, body = request_for(d.view(d.turn))
>>> kind, body["playerId"], len(body["cards"])
('bid', 'B1', 4)
>>> view, legal = view_for(kind, body)
>>> view.hand == d.view(d.turn).hand, legal == d.legal_actions()
(True, True)
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import sys
from collections.abc import Callable, Sequence
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import IO, Any

from ..engine.actions import (
    BID_BASE,
    PASS,
    PASS_CODE,
    SHOW_TRUMP,
    TRUMP_SUIT_BASE,
    Action,
    ActionKind,
)
from ..engine.cards import CARD_POINTS, CARDS, RANKS, SUITS, Card
from ..engine.deal import Phase
from ..engine.rules import Rules
from ..engine.views import SeatView, TrickRecord, deal_from_view

PROTOCOL_RULES = Rules(trump_indicator="marker", pair=False, last_trick_point=False)
"""The rules every Bhoos SmartBots game is played under."""

PLAYER_IDS = ("A1", "B1", "A2", "B2")
"""The protocol's names of seats 0..3."""

KINDS = ("bid", "chooseTrump", "play")


class ProtocolError(ValueError):
    """A request or answer that does not follow the protocol."""


def rules_fit(rules: Rules) -> bool:
    """Whether ``rules`` are the protocol's (where the seats sit on screen and the game's
    length aside: the protocol plays single deals)."""
    return rules.replace(direction=PROTOCOL_RULES.direction,
                         game_to=PROTOCOL_RULES.game_to) == PROTOCOL_RULES


RULES_MESSAGE = ("cmd: bots speak the Bhoos SmartBots protocol, whose rules are fixed: play "
                 "them with --indicator marker --pair off --last-trick off and no other "
                 "rule changes")


# --------------------------------------------------------------------------- cards
def card_text(card: Card) -> str:
    """A card in the protocol's spelling: the ace is ``1``.

    >>> card_text(Card.parse("AH")), card_text(Card.parse("10S"))
    ('1H', 'TS')
    """
    name = card.name
    return ("1" + name[1]) if name[0] == "A" else name


def parse_card(text: object) -> Card:
    """A card from the protocol's spelling (``1H``, ``TS``, ``JC``)."""
    if not isinstance(text, str) or len(text) != 2:
        raise ProtocolError(f"{text!r} is not a card: write rank then suit, like 1H or TS")
    rank, suit = text[0].upper(), text[1].upper()
    if rank == "1":
        rank = "A"
    if rank not in RANKS or suit not in SUITS:
        raise ProtocolError(f"{text!r} is not a card: ranks 1 K Q J T 9 8 7, suits S H D C")
    return CARDS[SUITS.index(suit) * 8 + RANKS.index(rank)]


def _seat(pid: object, ids: Sequence[str]) -> int:
    if not isinstance(pid, str) or pid not in ids:
        raise ProtocolError(f"{pid!r} is not one of the players {list(ids)}")
    return list(ids).index(pid)


# --------------------------------------------------------------------------- view -> request
def request_for(view: SeatView, time_ms: int = 1500) -> tuple[str, dict[str, Any]]:
    """The question and the request body that ask ``view.seat`` for its move."""
    ids = list(PLAYER_IDS)
    seat = view.seat
    body: dict[str, Any] = {
        "playerId": ids[seat],
        "playerIds": ids,
        "timeRemaining": time_ms,
        "cards": [card_text(c) for c in view.hand],
        "bidHistory": [[ids[s], b or 0] for s, b in view.bids],
    }
    if view.phase is Phase.AUCTION:
        mine = [b or 0 for s, b in view.bids if s == seat]
        body["bidState"] = {
            "defenderId": ids[view.bidder] if view.bidder is not None else None,
            "challengerId": ids[seat],
            "defenderBid": view.high_bid or 0,
            "challengerBid": mine[-1] if mine else 0,
        }
        return "bid", body
    if view.phase is Phase.TRUMP:
        return "chooseTrump", body
    if view.phase is not Phase.PLAY:
        raise ProtocolError(f"the protocol has no question for the {view.phase.value} phase")
    bidder_team = view.bidder & 1 if view.bidder is not None else -1
    body["teams"] = [
        {"players": [ids[t], ids[t + 2]], "bid": view.high_bid if t == bidder_team else 0,
         "won": view.points[t]}
        for t in (0, 1)
    ]
    body["played"] = [card_text(c) for _, c in view.trick]
    body["handsHistory"] = [
        [ids[t.leader], [card_text(c) for _, c in t.cards], ids[t.winner]] for t in view.tricks
    ]
    body["trumpSuit"] = SUITS[view.trump_suit] if view.trump_suit is not None else False
    body["trumpRevealed"] = False
    if view.trump_shown and view.shown_in_trick is not None:
        body["trumpRevealed"] = {"hand": view.shown_in_trick + 1,
                                 "playerId": ids[_shower(view)]}
    return "play", body


def _shower(view: SeatView) -> int:
    """Who asked for trump: the asker in this trick; in a finished trick, the first seat that
    did not follow suit (none: it was shown before the last trick, by no one: the bidder)."""
    k = view.shown_in_trick
    if k is None or k >= len(view.tricks):
        if view.asker is not None:
            return view.asker
        cards = view.trick
    else:
        cards = view.tricks[k].cards
    if cards:
        led = cards[0][1].suit
        for s, c in cards:
            if c.suit != led:
                return s
    return view.bidder if view.bidder is not None else view.seat


# --------------------------------------------------------------------------- answer -> action
def action_for(kind: str, answer: object, legal: Sequence[Action]) -> tuple[Action, Card | None]:
    """The action an answer means, and a card to play next if it also gave one with
    ``revealTrump``.  An answer that means nothing raises :class:`ProtocolError`; one that
    means an illegal move is returned as it is (the caller counts the fault)."""
    if not isinstance(answer, dict):
        raise ProtocolError(f"the answer must be a JSON object, not {answer!r}")
    if kind == "bid":
        n = answer.get("bid")
        if type(n) is not int or n < 0:
            raise ProtocolError(f"a bid answer needs a whole number 'bid', not {answer!r}")
        bids = [a.bid for a in legal if a.bid is not None]
        if n == 0 or (bids and n < min(bids)):
            if PASS in legal:
                return PASS, None
            return Action.make_bid(min(bids)), None  # the dealer's forced bid
        return (Action.make_bid(n) if n < PASS_CODE - BID_BASE else PASS), None
    if kind == "chooseTrump":
        suit = answer.get("suit")
        if not isinstance(suit, str) or suit.upper() not in SUITS or len(suit) != 1:
            raise ProtocolError(f"a trump answer needs a 'suit' of S, H, D or C, not {answer!r}")
        return Action.from_code(TRUMP_SUIT_BASE + SUITS.index(suit.upper())), None
    card = answer.get("card")
    if answer.get("revealTrump") is True and SHOW_TRUMP in legal:
        return SHOW_TRUMP, (parse_card(card) if card is not None else None)
    if card is None:
        if answer.get("revealTrump") is True:
            return SHOW_TRUMP, None  # illegal now: the caller counts it
        raise ProtocolError(f"a play answer needs a 'card' or 'revealTrump', not {answer!r}")
    return Action.play(parse_card(card)), None


# --------------------------------------------------------------------------- request -> view
def _list(body: dict[str, Any], key: str) -> list[Any]:
    v = body.get(key)
    if not isinstance(v, list):
        raise ProtocolError(f"the request's {key!r} must be a list, not {v!r}")
    return v


def view_for(kind: str, body: object) -> tuple[SeatView, list[Action]]:
    """The view of the seat asked, and its legal actions, rebuilt from a request."""
    if kind not in KINDS:
        raise ProtocolError(f"unknown question {kind!r}: the protocol asks {', '.join(KINDS)}")
    if not isinstance(body, dict):
        raise ProtocolError("a request must be a JSON object")
    ids = _list(body, "playerIds")
    if len(ids) != 4 or len(set(map(str, ids))) != 4:
        raise ProtocolError("the request's 'playerIds' must name four players")
    seat = _seat(body.get("playerId"), ids)
    hand = tuple(sorted(parse_card(c) for c in _list(body, "cards")))
    history = _list(body, "bidHistory")
    bids: list[tuple[int, int | None]] = []
    for entry in history:
        if not isinstance(entry, list) or len(entry) != 2 or type(entry[1]) is not int:
            raise ProtocolError(f"a bidHistory entry must be [playerId, bid], not {entry!r}")
        bids.append((_seat(entry[0], ids), entry[1] or None))
    first_speaker = bids[0][0] if bids else seat
    dealer = (first_speaker - 1) & 3
    high = max((b for _, b in bids if b), default=0)
    bidder = next((s for s, b in reversed(bids) if b == high), None) if high else None
    sizes = [len(hand)] * 4
    trick: tuple[tuple[int, Card], ...] = ()
    tricks: list[TrickRecord] = []
    trump_suit: int | None = None
    shown = False
    shown_in: int | None = None
    asker: int | None = None
    leader = (dealer + 1) & 3
    points = [0, 0]
    won = [0, 0]
    if kind == "bid":
        phase = Phase.AUCTION
        if len(hand) != 4:
            raise ProtocolError("a bid request holds the seat's first four cards")
    elif kind == "chooseTrump":
        phase = Phase.TRUMP
        if len(hand) != 4:
            raise ProtocolError("a trump request holds the bidder's first four cards")
        if bidder is None:
            bidder, high = seat, PROTOCOL_RULES.min_bid
        if bidder != seat:
            raise ProtocolError("only the highest bidder is asked to choose trump")
    else:
        phase = Phase.PLAY
        if bidder is None:
            raise ProtocolError("a play request needs the auction's bids in 'bidHistory'")
        for entry in _list(body, "handsHistory"):
            if not isinstance(entry, list) or len(entry) != 3 or not isinstance(entry[1], list) \
                    or len(entry[1]) != 4:
                raise ProtocolError(f"a handsHistory entry must be [leaderId, [4 cards], "
                                    f"winnerId], not {entry!r}")
            lead, win = _seat(entry[0], ids), _seat(entry[2], ids)
            cards = tuple(((lead + i) & 3, parse_card(c)) for i, c in enumerate(entry[1]))
            pts = sum(CARD_POINTS[c.index] for _, c in cards)
            tricks.append(TrickRecord(lead, cards, win, pts))
            points[win & 1] += pts
            won[win & 1] += 1
        played = _list(body, "played")
        if len(played) > 3:
            raise ProtocolError("the current trick holds at most three cards before this seat")
        leader = (seat - len(played)) & 3
        trick = tuple(((leader + i) & 3, parse_card(c)) for i, c in enumerate(played))
        n = len(tricks)
        in_trick = {s for s, _ in trick}
        sizes = [8 - n - (1 if x in in_trick else 0) for x in range(4)]
        if sizes[seat] != len(hand):
            raise ProtocolError(f"the seat should hold {sizes[seat]} cards after {n} tricks, "
                                f"not {len(hand)}")
        suit = body.get("trumpSuit")
        if isinstance(suit, str):
            if suit.upper() not in SUITS or len(suit) != 1:
                raise ProtocolError(f"'trumpSuit' must be S, H, D, C or false, not {suit!r}")
            trump_suit = SUITS.index(suit.upper())
        revealed = body.get("trumpRevealed")
        if isinstance(revealed, dict):
            shown = True
            k = revealed.get("hand")
            if type(k) is not int or not 1 <= k <= n + 1:
                raise ProtocolError(f"'trumpRevealed' needs the 'hand' it was shown in, "
                                    f"not {revealed!r}")
            shown_in = k - 1
            if k == n + 1 and k < 8:  # shown in trick 8: before the last trick, by no one
                asker = _seat(revealed.get("playerId"), ids)
            if trump_suit is None:
                raise ProtocolError("the trump is revealed but 'trumpSuit' is not given")
        elif seat != bidder and trump_suit is not None:
            trump_suit = None  # not ours to know before it is shown
    view = SeatView(
        seat=seat, rules=PROTOCOL_RULES, number=1, dealer=dealer, phase=phase, turn=seat,
        scores=(0, 0), hand=hand, hand_sizes=(sizes[0], sizes[1], sizes[2], sizes[3]),
        bids=tuple(bids), high_bid=high or None, bidder=bidder, trump_suit=trump_suit,
        trump_card=None, trump_shown=shown, face_down=False, shown_in_trick=shown_in,
        asker=asker, leader=leader, trick=trick, tricks=tuple(tricks),
        points=(points[0], points[1]), tricks_won=(won[0], won[1]),
        target=high or None, pair_seat=None, legal_actions=(), outcome=None)
    legal = _legal(view)
    return dataclasses.replace(view, legal_actions=tuple(legal)), legal


def _legal(view: SeatView) -> list[Action]:
    """The seat's legal actions, from a world filled in with any cards that fit (the other
    hands do not change what this seat may do)."""
    seen = set(view.hand) | view.played_cards()
    rest = [c for c in CARDS if c not in seen]
    hands: list[list[Card]] = []
    for s in range(4):
        if s == view.seat:
            hands.append(list(view.hand))
        else:
            hands.append(rest[:view.hand_sizes[s]])
            rest = rest[view.hand_sizes[s]:]
    second = None
    if view.phase in (Phase.AUCTION, Phase.TRUMP):
        second = [rest[4 * s: 4 * s + 4] for s in range(4)]
        if len(rest) != 16:
            raise ProtocolError("the request's cards do not add up to a deal")
    trump = view.trump_suit if view.trump_suit is not None else 0
    try:
        world = deal_from_view(view, hands, trump_suit=trump, second=second)
    except ValueError as exc:
        raise ProtocolError(f"the request does not describe a deal: {exc}") from None
    return world.legal_actions()


# --------------------------------------------------------------------------- action -> answer
def answer_for(action: Action) -> dict[str, Any]:
    """The protocol's answer for one of our actions."""
    k = action.kind
    if k is ActionKind.BID:
        return {"bid": action.bid}
    if k is ActionKind.PASS:
        return {"bid": 0}
    if k is ActionKind.TRUMP_SUIT and action.suit is not None:
        return {"suit": SUITS[action.suit]}
    if k is ActionKind.SHOW_TRUMP:
        return {"revealTrump": True}
    if k is ActionKind.PLAY and action.card is not None:
        return {"card": card_text(action.card)}
    raise ProtocolError(f"the protocol has no answer for {action}")


# --------------------------------------------------------------------------- serving our bots
BotFactory = Callable[[int], Any]
"""Makes one of our bots from a seed (``lambda seed: make_bot("hard", seed=seed)``)."""


def answer(factory: BotFactory, kind: str, body: object) -> dict[str, Any]:
    """Our bot's answer to one request.  The bot is seeded from the request itself, so the
    same question always gets the same answer."""
    if kind == "hi":
        return {"value": "hello"}
    view, legal = view_for(kind, body)
    text = json.dumps(body, sort_keys=True).encode()
    seed = int.from_bytes(hashlib.sha256(text).digest()[:8], "big")
    bot = factory(seed)
    if len(legal) == 1:
        return answer_for(legal[0])
    choice = bot.choose(view, legal)
    if choice not in legal:  # never send an illegal move: fall back, and say so on stderr
        print(f"twentynine bot: {bot.name} chose {choice}, not legal; playing {legal[0]}",
              file=sys.stderr)
        choice = legal[0]
    return answer_for(choice)


def serve_lines(factory: BotFactory, inp: IO[str], out: IO[str]) -> None:
    """Answer JSON-line requests from ``inp`` on ``out`` until ``inp`` ends.  A request that
    cannot be read is answered ``{"error": "..."}`` and serving goes on."""
    for line in inp:
        if not line.strip():
            continue
        try:
            req = json.loads(line)
            if not isinstance(req, dict):
                raise ProtocolError("a request must be a JSON object")
            kind = req.get("type")
            if not isinstance(kind, str):
                raise ProtocolError("a request needs its question in 'type' "
                                    "(bid, chooseTrump, play or hi)")
            reply = answer(factory, kind, req)
        except (ValueError, RecursionError) as exc:
            reply = {"error": str(exc)}
        out.write(json.dumps(reply) + "\n")
        out.flush()


def make_http_server(factory: BotFactory, port: int) -> ThreadingHTTPServer:
    """An HTTP server on 127.0.0.1:``port`` (0: any free port) answering ``POST /bid``,
    ``/chooseTrump``, ``/play`` and ``GET /hi``."""

    class Handler(BaseHTTPRequestHandler):
        def _send(self, status: int, obj: dict[str, Any]) -> None:
            data = json.dumps(obj).encode()
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def do_GET(self) -> None:
            if self.path.rstrip("/") == "/hi":
                self._send(200, {"value": "hello"})
            else:
                self._send(404, {"error": f"no such endpoint {self.path}"})

        def do_POST(self) -> None:
            kind = self.path.strip("/")
            if kind not in KINDS:
                self._send(404, {"error": f"no such endpoint {self.path}"})
                return
            try:
                size = int(self.headers.get("Content-Length") or 0)
                body = json.loads(self.rfile.read(size) or b"null")
                self._send(200, answer(factory, kind, body))
            except (ValueError, RecursionError) as exc:
                self._send(400, {"error": str(exc)})

        def log_message(self, format: str, *args: Any) -> None:
            pass  # quiet: a competition's server calls many times a second

    return ThreadingHTTPServer(("127.0.0.1", port), Handler)


def serve_http(factory: BotFactory, port: int) -> None:
    """Serve over HTTP until interrupted."""
    server = make_http_server(factory, port)
    print(f"twentynine bot: serving the Bhoos protocol on http://127.0.0.1:"
          f"{server.server_address[1]}", file=sys.stderr, flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()

