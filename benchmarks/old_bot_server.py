"""Another install's bot behind a JSON-lines adapter, for ``benchmarks/versus_old.py``.

Run with the *other* install's Python (for example today's ``hard`` as it was at commit
0849e73, in its own virtual environment)::

    /tmp/old-hard/.venv/bin/python benchmarks/old_bot_server.py hard

Each request names the board's deal (``deal_seed``, ``dealer``, ``rules``) and the action
codes played so far; the adapter replays them in its own engine and asks its own bot for
the seat's move, handing the bot only ``deal.view(seat)``, exactly as the arena does.
One bot per ``bot_seed`` (so each seat keeps its generator for a whole room, as in the
arena); ``{"type": "forget"}`` drops them after a room.  The answer is
``{"code": ..., "ms": ..., "fault": ...}``: the move, the bot's thinking time as its own
``decide`` timed it (the replay is not counted), and any fault.

Why not the Bhoos protocol: it carries only the tournament rules (marker trump, no pair,
no last-trick point), and the old commit has no ``twentynine bot`` command.  This adapter
serves every rule set with one code path, so both rule sets are measured the same way.
"""

import json
import sys

from twentynine.bots import make_bot
from twentynine.bots.base import decide
from twentynine.deal import Deal
from twentynine.rules import Rules

LEVEL = sys.argv[1] if len(sys.argv) > 1 else "hard"
TIME_LIMIT = 2.0  # the arena's: a slower decision is a fault


def main() -> None:
    bots = {}
    for line in sys.stdin:
        req = json.loads(line)
        kind = req.get("type")
        if kind == "hi":
            reply = {"value": "hello"}
        elif kind == "forget":
            bots.clear()
            reply = {"ok": 1}
        else:
            d = Deal.from_seed(req["deal_seed"], req["dealer"], Rules.from_dict(req["rules"]))
            for c in req["codes"]:
                d.step(c)
            seat = req["seat"]
            if d.turn != seat:
                raise SystemExit(f"old_bot_server: seat {seat} asked, seat {d.turn} to move")
            bot = bots.get(req["bot_seed"])
            if bot is None:
                bot = bots[req["bot_seed"]] = make_bot(LEVEL, seed=req["bot_seed"])
            dec = decide(bot, d.view(seat), budget=TIME_LIMIT)
            reply = {"code": dec.action.code, "ms": dec.seconds * 1000, "fault": dec.fault}
        print(json.dumps(reply), flush=True)


if __name__ == "__main__":
    main()
