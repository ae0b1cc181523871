"""The side panel beside the table: the contract (bid, bidder, target, trump), the points
of this deal and the auction, fitted to the room it has."""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text
from textual.widget import Widget

from ..engine.cards import SUIT_NAMES, SUIT_SYMBOLS
from ..engine.deal import Phase
from ..engine.scoring import SINGLE_HAND_POINTS, possible_targets
from ..engine.views import SeatView
from ..engine.words import house_rules, rules_brief, rules_short
from .theme import CORAL, GOLD, HIDDEN, INK_SOFT
from .widgets import StatePanel, TableState
from .wording import HUMAN, RED, TEAM_NAMES, points_needed, seat_name


def _line(label: str, value: Text | str, width: int = 7) -> Text:
    """``label`` (dimmed, padded to ``width``) and ``value``: one line of the panel."""
    t = Text()
    t.append(f"{label:<{width}}", style="dim")  # a span: the value is not dimmed
    t.append_text(value if isinstance(value, Text) else Text(value))
    return t


def pack_words(items: Sequence[str], width: int, sep: str = ", ") -> list[str]:
    """``items`` joined by ``sep`` into lines of at most ``width`` cells, breaking
    between items (and inside an item only at spaces, when it is wider than a line).

    >>> pack_words(["min bid 15", "no pair", "play clockwise"], 20)
    ['min bid 15, no pair,', 'play clockwise']
    """
    words: list[str] = []
    for i, item in enumerate(items):
        tail = sep.rstrip() if i < len(items) - 1 else ""
        if len(item) + len(tail) <= width:
            words.append(item + tail)
        else:
            words.extend((item + tail).split(" "))
    lines: list[str] = []
    for w in words:
        if lines and len(lines[-1]) + 1 + len(w) <= width:
            lines[-1] += " " + w
        else:
            lines.append(w)
    return lines


class SidePanel(StatePanel):
    """The contract (bid, bidder, target, trump), the points of this deal and the
    auction: every bid and pass while it runs, the winning bid after."""

    def show(self, state: TableState) -> None:
        self._state = state
        v = state.view
        rules = v.rules

        def name(seat: int) -> str:
            return seat_name(rules, seat)

        t = Text()
        t.append("Contract\n", style="bold underline")
        if v.bidder is None or v.high_bid is None:
            t.append_text(_line("Bid", Text("—", style="dim")))
        else:
            label = "High" if v.phase is Phase.AUCTION else "Bid"
            t.append_text(_line(label, Text(f"{v.high_bid} · {name(v.bidder)}", style="bold")))
            if v.multiplier > 1 and v.single_hand is None:  # a single hand's stakes are fixed
                t.append(f" x{v.multiplier}", style=f"bold {CORAL}")
        t.append("\n")
        if v.single_hand is not None:
            t.append_text(_line("Single", f"hand by {name(v.single_hand)}"))
            t.append("\n")
            t.append_text(_line("Target", Text("all 8 tricks", style="bold")))
            t.append("\n")
            t.append_text(_line("Stakes", f"{SINGLE_HAND_POINTS} game points"))
        elif v.target is not None and v.phase is not Phase.AUCTION and v.bidder is not None:
            tgt = Text(f"{v.target}", style="bold")
            tgt.append(f" for {TEAM_NAMES[v.bidder & 1]}", style="")
            t.append_text(_line("Target", tgt))
            if v.pair_seat is not None:
                t.append("\n")
                t.append_text(_line("Pair", f"declared by {name(v.pair_seat)}"))
            t.append_text(self._needed(v))
        else:
            t.append_text(_line("Target", Text("—", style="dim")))
        t.append("\n")
        t.append_text(_line("Trump", self._trump_text(v)))
        t.append("\n")
        pts = Text()
        pts.append(f"{TEAM_NAMES[0]} {v.points[0]}", style="bold")
        pts.append(" · ")
        pts.append(f"{TEAM_NAMES[1]} {v.points[1]}", style="bold")
        t.append_text(_line("Points", pts))
        t.append("\n")
        t.append_text(_line("Tricks", f"{TEAM_NAMES[0]} {v.tricks_won[0]} · "
                                      f"{TEAM_NAMES[1]} {v.tricks_won[1]}"))
        t.append("\n")
        self.set_text(self._fit(t, v))

    def _fit(self, contract: Text, v: SeatView) -> Text:
        """The contract, the auction and the house rules in the panel's rows: the richest
        form of the rules that fits, with the least squeezing.  The forms: the list under
        "House rules"; the rules in a word or two each over a few lines ("Rules  28
        points, trump" / "marker, no pair"); one line ("Rules  pagat · see ?"); at last
        none (? lists them).  The squeezing, step by step: the auction two calls a line,
        no "won by" line (the Bid line says it too), no blank line over the underlined
        "Auction", none over the rules; at last the auction's last calls only, under
        "… n earlier calls" (the briefest rules kept).  So at 80x24 a long auction no
        longer pushes the house rules out of sight, however long it is."""
        rules = v.rules
        width = self.content_region.width or 80
        parent = self.parent
        room = parent.content_region.height if isinstance(parent, Widget) else 0
        forms: list[Text] = []
        house = house_rules(rules)
        if house:
            listed = Text()  # (Text(..., style=) would underline the rules under it too)
            listed.append("House rules\n", style="bold underline")
            # one rule a line, a long one broken between words
            listed.append("\n".join(ln for item in house for ln in pack_words([item], width)),
                          style=INK_SOFT)
            forms.append(listed)
            brief = rules_brief(rules, width - 7)
            # over a few lines where one says only how many, or a variant's name: broken
            # between rules where that takes no more lines, else between words
            shorts = rules_short(rules)
            packed = min(pack_words(shorts, width - 7),
                         pack_words([", ".join(shorts)], width - 7), key=len)
            if len(packed) > 1 and (brief is None or brief.endswith("see ?")):
                lines = _line("Rules", Text(packed[0], style=INK_SOFT))
                for more in packed[1:]:
                    lines.append("\n" + " " * 7 + more, style=INK_SOFT)
                forms.append(lines)
            if brief is not None:
                forms.append(_line("Rules", Text(brief, style=INK_SOFT)))
        # (auction two calls a line, its "won by" line, a blank over it, a blank over the
        # rules)
        squeezes = [(False, True, True, True), (True, True, True, True),
                    (True, False, True, True), (True, False, False, True),
                    (True, False, False, False)]
        plans: list[tuple[Text | None, bool, bool, bool, bool, int | None]] = [
            (form, *sq, None) for form in forms for sq in squeezes]
        if forms:
            # a long auction beside a long contract (11 calls and the 8 rows of play at
            # 80x24): its last calls only, two a line under "… n earlier calls", so that
            # the rules stay in sight at least in their briefest form
            plans += [(forms[-1], *squeezes[-1], keep)
                      for keep in range(len(v.bids) - 1, 1, -1)]
        plans += [(None, *sq, None) for sq in squeezes[:4]]
        # no rules to show (the standard game) and still too long: its last calls only
        plans += [(None, *squeezes[3], keep) for keep in range(len(v.bids) - 1, 1, -1)]
        t = Text()
        for form, compact, won_by, gap, form_gap, keep in plans:
            t = contract.copy()
            if gap:
                t.append("\n")
            t.append_text(self._auction(v, compact, won_by, keep))
            if form is not None:
                t.append("\n" if form_gap else "")
                t.append_text(form)
            if not room or len(t.plain.rstrip("\n").split("\n")) <= room:
                break
        return t

    @staticmethod
    def _auction(v: SeatView, compact: bool, won_by: bool, keep: int | None = None
                 ) -> Text:
        """The auction's heading and its calls, one a line while it runs (two a line
        after it, or with ``compact``); then who won it (with ``won_by``).  With
        ``keep``, only about that many of the last calls (an even number left out, so
        that the calls keep their columns), under a line that says how many are not
        shown."""
        rules = v.rules
        t = Text()
        t.append("Auction\n", style="bold underline")
        if not v.bids:
            t.append(f"{seat_name(rules, v.turn)} to speak first\n", style="dim")
        lines = [(seat_name(rules, seat), "pass" if bid is None else str(bid))
                 for seat, bid in v.bids]
        if keep is not None and keep < len(lines):
            hidden = len(lines) - keep
            hidden += hidden % 2
            lines = lines[hidden:]
            t.append(f"… {hidden} earlier calls\n", style="dim")
        if v.phase is Phase.AUCTION and not compact:
            for who, what in lines:
                t.append(f"{who:<7}", style="dim")
                t.append(f"{what}\n", style="dim" if what == "pass" else "bold")
        else:
            for i, (who, what) in enumerate(lines):
                t.append(f"{who:<6}", style="dim")
                t.append(f"{what:<6}", style="dim" if what == "pass" else
                         "bold" if v.phase is Phase.AUCTION else "")
                t.append("\n" if i % 2 or i == len(lines) - 1 else " ")
            if v.bidder is not None and v.phase is not Phase.AUCTION and won_by:
                # mid-sentence the human is "you" (the auction's labels above say "You")
                who = "you" if v.bidder == HUMAN else seat_name(rules, v.bidder)
                t.append(f"won by {who} at {v.high_bid}\n", style="bold")
        return t


    @staticmethod
    def _needed(v: SeatView) -> Text:
        """Two lines: what the bidding team still needs to make its target and the
        defence to beat it (during play and after)."""
        if v.bidder is None or v.target is None or v.single_hand is not None \
                or v.phase not in (Phase.PLAY, Phase.DEAL_OVER, Phase.GAME_OVER):
            return Text("")
        bt = v.bidder & 1
        make, beat = points_needed(v.rules.total_points, v.target, v.points[bt],
                                   v.points[1 - bt])
        bidders, defence = TEAM_NAMES[bt], TEAM_NAMES[1 - bt]
        t = Text("\n")
        targets = possible_targets(v) if v.phase is Phase.PLAY else frozenset({v.target})
        if (make == 0 or beat == 0) and len(targets) > 1:
            # the target now is reached, but a pair still to come may move it: not yet
            # made or beaten (as the hint's "decided" and the f key say too)
            side = bidders if make == 0 else defence
            t.append_text(_line("Make" if make == 0 else "Beat",
                                Text(f"{side} have it now", style="bold")))
            t.append("\n")
            t.append_text(_line("Pair", Text(f"may move it: {min(targets)}-{max(targets)}",
                                             style="dim")))
        elif make == 0:
            t.append_text(_line("Make", Text(f"{bidders} made it", style=f"bold {GOLD}")))
            t.append("\n")
            t.append_text(_line("Beat", Text("out of reach", style="dim")))
        elif beat == 0:
            t.append_text(_line("Make", Text("out of reach", style="dim")))
            t.append("\n")
            t.append_text(_line("Beat", Text(f"{defence} beat it", style=f"bold {GOLD}")))
        else:
            t.append_text(_line("Make", Text(f"{bidders} need {make} more")))
            t.append("\n")
            t.append_text(_line("Beat", Text(f"{defence} need {beat} more")))
        return t

    @staticmethod
    def _trump_text(v: SeatView) -> Text:
        if v.single_hand is not None:
            return Text("none (single hand)", style="bold")
        if v.phase is Phase.AUCTION or v.bidder is None:
            return Text("—", style="dim")
        if v.no_trumps:
            return Text("no trumps" + ("" if v.trump_shown else " (hidden)"),
                        style="bold")
        if v.trump_suit is None:
            if v.phase is Phase.TRUMP:
                return Text("being chosen", style="dim")
            return Text("hidden ▒", style=HIDDEN)
        s = v.trump_suit
        out = Text()
        out.append(f"{SUIT_SYMBOLS[s]} {SUIT_NAMES[s]}",
                   style=f"bold {RED if s in (1, 2) else ''}".strip())
        if not v.trump_shown:
            out.append(" (hidden)", style="dim")
        else:
            out.append(" shown", style="dim")
        return out
