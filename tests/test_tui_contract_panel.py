"""The contract panel's Make and Beat lines never call a deal made or beaten while a pair
still to come could move the target (the hint's "decided" and the f key agree)."""

from __future__ import annotations

import random

from twentynine import Game
from twentynine.engine.deal import Phase
from twentynine.engine.scoring import CARD_POINTS_IN_ALL, possible_targets
from twentynine.tui.side_panel import SidePanel
from twentynine.tui.wording import TEAM_NAMES

SEEDS = [*range(40), 82]
"""Random deals enough to meet each line thousands of times ("beat it" and "have it now"
in most deals), and seed 82: of the first 120 the one whose random play has the bidders
make it before the last trick (the line is rare with random cards)."""


def test_made_or_beaten_only_when_no_pair_can_change_it() -> None:
    seen = {"made": 0, "beaten": 0, "open": 0}
    for seed in SEEDS:
        game = Game(seed=seed)
        rng = random.Random(seed)
        while game.deal.phase is not Phase.DEAL_OVER and not game.is_over:
            for seat in range(4):
                v = game.view(seat)
                if v.phase is not Phase.PLAY or v.bidder is None or v.target is None:
                    continue
                text = SidePanel._needed(v).plain
                bt = v.bidder & 1
                have = v.points[bt]
                left = (CARD_POINTS_IN_ALL + (1 if v.rules.last_trick_point else 0)
                        - v.points[0] - v.points[1])
                targets = possible_targets(v)
                if f"{TEAM_NAMES[bt]} made it" in text:
                    seen["made"] += 1
                    assert all(have >= t for t in targets), (seed, text, targets)
                if f"{TEAM_NAMES[1 - bt]} beat it" in text:
                    seen["beaten"] += 1
                    assert all(have + left < t for t in targets), (seed, text, targets)
                if "have it now" in text:
                    seen["open"] += 1
                    assert len(targets) > 1
            game.apply(rng.choice(game.legal_actions()))
    assert seen["made"] and seen["beaten"] and seen["open"], seen
