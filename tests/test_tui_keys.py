"""The table with the keyboard alone: Pass stays (disabled) while you may still pass,
asking for trump and the pair show only while legal; a key that does not apply says why, in
full, even at 80 columns."""

from __future__ import annotations

import random
from typing import Any

import pytest
from textual.pilot import Pilot
from tui_support import screen_text, settle

from twentynine.engine.actions import PAIR, PASS, SHOW_TRUMP, Action
from twentynine.engine.deal import Phase
from twentynine.engine.game import Game
from twentynine.engine.rules import PRESETS, Rules
from twentynine.tui.app import TwentyNineApp
from twentynine.tui.keys import still_possible
from twentynine.tui.screens import SummaryScreen

CALLS = (PASS, SHOW_TRUMP, PAIR)


@pytest.mark.parametrize("variant", sorted(PRESETS))
def test_a_call_that_is_no_longer_possible_never_comes_back(variant: str) -> None:
    """Over whole deals of random play, from every seat's view: whenever a call is legal
    it is ``still_possible``; once it is not (in the auction for a pass, in the play for
    the others), it is never legal again for that seat in that part of the deal.  And the
    rule does hide something: each call goes in some deal."""
    rules = PRESETS[variant]
    rng = random.Random(4161)
    gone_seen = {a: 0 for a in CALLS}
    # 20 deals of each variant (some 700 moves, each seen from the four seats): every
    # call is seen to go (asserted below), and once gone, checked at every later view of
    # its seat in that part of the deal
    for seed in range(20):
        game = Game(4161 + seed, rules)
        gone: set[tuple[int, Action]] = set()  # (seat, call) that went
        number = game.deal.number
        for _step in range(200):
            if game.is_over or game.deal.number != number or game.phase is Phase.DEAL_OVER:
                break
            for seat in range(4):
                v = game.view(seat)
                for a in CALLS:
                    if v.phase is not (Phase.AUCTION if a is PASS else Phase.PLAY):
                        continue
                    if a in v.legal_actions:
                        assert still_possible(v, a), (variant, seed, seat, a)
                        assert (seat, a) not in gone, (variant, seed, seat, a)
                    elif not still_possible(v, a):
                        gone.add((seat, a))
            game.apply(rng.choice(game.legal_actions()))
        for _seat, a in gone:
            gone_seen[a] += 1
    for a in CALLS:
        if a is PAIR and not rules.pair:
            continue
        assert gone_seen[a] > 0, (variant, a)


def _button(app: TwentyNineApp, action: Action) -> Any:
    return app.query_one(f"#btn-{action.code}")


def status(app: TwentyNineApp) -> str:
    return " ".join(str(app.query_one("#status").render()).split())


def test_the_action_row_drops_calls_that_are_over(table: Any) -> None:
    """At 80x24, a deal with the keyboard, until every kind of moment below has been seen
    (the trump shown among them): Pass stays while you may still pass and goes once you
    passed; ask for trump and the pair are on the row only while they are
    legal (not while leading or following suit).  And a key that does not apply says
    why in full at 80 columns: ``l`` before any trick says there is none yet (it did
    nothing); at the first lead, ``s``'s refusal, longer than the line, takes a second
    line instead of being cut, and the line is one row again after it."""

    async def body(pilot: Pilot[Any], app: TwentyNineApp) -> dict[str, int]:
        assert app.table.view().phase is Phase.AUCTION
        await pilot.press("l")
        await pilot.pause()
        assert "Last trick: no trick has been played yet" in status(app)
        seen = {"pass shown": 0, "pass gone": 0, "ask waits": 0, "ask gone": 0,
                "pair gone": 0, "first lead": 0}
        # until every kind of moment has been seen (the rest of the deal repeats them)
        while not isinstance(app.screen, SummaryScreen) and not all(seen.values()):
            v = app.table.view()
            legal = list(v.legal_actions) if app.table.turn == app.table.seat else []
            ask, pas, pair = (_button(app, SHOW_TRUMP), _button(app, PASS),
                              _button(app, PAIR))
            if v.phase is Phase.AUCTION:
                passed = (v.seat, None) in v.bids
                assert pas.display == (not passed), v.bids
                seen["pass gone" if passed else "pass shown"] += 1
            if v.phase is Phase.PLAY:
                # ask and pair show only while they apply (leading or following suit,
                # asking does not: its key says why)
                assert ask.display == (SHOW_TRUMP in legal)
                if not ask.display and not v.trump_shown:
                    seen["ask waits"] += 1
                seen["ask gone"] += v.trump_shown
                assert pair.display == (PAIR in legal)
                seen["pair gone"] += not pair.display
                shown = screen_text(app)
                assert ("Ask for trump (s)" in shown) == ask.display
                assert ("Pair (a)" in shown) == pair.display
            if legal and v.phase is Phase.PLAY and not v.trick and not v.tricks:
                # the first lead: asking for trump makes no sense yet, and says why
                await pilot.press("s")
                await pilot.pause()
                await pilot.pause()
                why = app.table.explain(SHOW_TRUMP)
                assert why is not None and len("Ask for trump: " + why) > 78
                why = why[:1].lower() + why[1:]
                assert f"Ask for trump: {why}" in status(app), status(app)
                line = app.query_one("#status")
                assert line.size.height == 2
                assert why[-12:] in " ".join(screen_text(app).split())  # drawn whole, not cut
                await pilot.press("enter")  # a card is led: the next message fits, one row again
                await settle(pilot, app)
                assert len(status(app)) < 76, status(app)
                assert line.size.height == 1
                seen["first lead"] += 1
                continue
            if legal:
                # pass at once (to watch the auction go on), then the first legal card
                a = PASS if PASS in legal else legal[0]
                app.table_screen.flow.apply_human(a)
                after = app.table.view()
                if a is PASS and after.phase is Phase.AUCTION:  # the bots still to speak
                    assert not pas.display
                    seen["pass gone"] += 1
            await settle(pilot, app)
        return seen

    seen = table(body, size=(80, 24), seed=4161, rules=Rules())
    assert all(n > 0 for n in seen.values()), seen  # seed 4161: South leads the first trick


def _why(key: str, table: Any) -> str:
    from twentynine.tui.keys import busy_reason, why_not
    return why_not(key, table,
                   lambda name: busy_reason(name, table, dialog=False, gathering=False))


def test_a_key_for_a_rule_that_is_off_says_the_rule_is_off() -> None:
    """``n`` under standard rules said "No trumps: the cards are being played" (as if it
    waited for its moment): every key of a rule these rules leave out says so and names
    the flag that turns it on, at any moment; with the rule on, the key says why not now."""
    from twentynine.controller.local_table import TableController

    off = {"n": "No trumps is off in these rules (--no-trumps turns it on)",
           "d": "Doubling is off in these rules (--double turns it on)",
           "h": "Single hand is off in these rules (--single-hand turns it on)",
           "e": "Redeal is off in these rules (--redeal turns it on)"}
    t = TableController(Rules(), seed=3, bots="random")
    for _ in range(40):  # the auction, then the play (South's turns and the bots')
        for key, words in off.items():
            assert _why(key, t) == words, (key, t.view().phase)
        legal = t.legal_actions()
        if legal:
            t.apply(PASS if PASS in legal else legal[0])
        elif (turn := t.bot_turn()) is not None:
            t.apply_bot(turn, turn.view.legal_actions[0])
    assert t.view().phase is Phase.PLAY
    no_pair = TableController(Rules(pair=False), seed=3, bots="random")
    assert _why("a", no_pair) == "The pair is off in these rules (--pair turns it on)"
    assert _why("r", no_pair).startswith("The pair is off in these rules")
    auto = TableController(Rules(ask="auto"), seed=3, bots="random")
    assert _why("s", auto).startswith("Asking for trump is off in these rules")
    on = TableController(Rules(no_trumps=True, double=True, single_hand=True, redeal=True),
                         seed=3, bots="random")
    for key in (*off, "a", "s"):
        assert "off in these rules" not in _why(key, on), key
