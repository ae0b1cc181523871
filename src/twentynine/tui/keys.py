"""The table's keys: their bindings, when each applies, how long each stays in a footer
short of room, and what a key says when it does not apply.

The moves of the moment (cards, bids, the calls, Enter) are bound on the table screen
(:data:`TABLE_BINDINGS`); the keys that also work over a dialog (help, quit, the hint,
take-back, the last trick, the log, settings, statistics) and the last-resort refusals are
bound on the app (:data:`APP_BINDINGS`), after them: a gameplay key whose own binding does
not apply now falls through to ``refused`` and the status line says why.  Whether a
gameplay key applies is :func:`gameplay_allowed`, a plain function of the human's view and
legal actions; why it does not is :func:`why_not`.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from textual.binding import Binding, BindingType

from ..controller.table_like import TableLike
from ..engine.actions import (
    DOUBLE,
    NO_TRUMPS,
    PAIR,
    PASS,
    REDEAL,
    REDOUBLE,
    SHOW_TRUMP,
    SINGLE_HAND,
    Action,
)
from ..engine.deal import Phase
from ..engine.rules import Rules
from ..engine.scoring import CARD_POINTS_IN_ALL, pair_may_come
from ..engine.views import SeatView
from .footer import ALWAYS
from .turn import marker_trump
from .wording import seat_name

DIGITS = "0123456789"

EXTRA_BUTTONS: tuple[tuple[Action, str, str], ...] = (
    (PASS, "Pass", "p"),
    (REDEAL, "Redeal", "e"),
    (NO_TRUMPS, "No trumps", "n"),
    (DOUBLE, "Double", "d"),
    (REDOUBLE, "Redouble", "d"),
    (SINGLE_HAND, "Single hand", "h"),
    (SHOW_TRUMP, "Ask for trump", "s"),
    (PAIR, "Pair", "a"),
)
"""Actions that are not a card, a bid or a suit: a button each (and a key), enabled only
when the engine lists the action as legal."""

KEY_NAMES: dict[str, tuple[str, Action | None]] = {
    "p": ("Pass", PASS),
    "s": ("Ask for trump", SHOW_TRUMP),
    "a": ("Pair", PAIR),
    "r": ("Pair", PAIR),
    "n": ("No trumps", NO_TRUMPS),
    "d": ("Double", DOUBLE),
    "h": ("Single hand", SINGLE_HAND),
    "e": ("Redeal", REDEAL),
    "enter": ("Enter", None),
    "left": ("←", None),
    "right": ("→", None),
    "up": ("↑", None),
    "down": ("↓", None),
}
"""The gameplay keys that say why when they do not apply: a name, and the engine action
whose refusal explains it (None: the table explains)."""

FOOTER_RANKS: dict[str, int] = {
    "confirm": 90, "confirm_bid": 90, "confirm_trump": 90, "confirm_suit": 90,
    "pass_bid": 85, "show_trump": 85, "pair": 85, "simple": 85, "finish": 80,
    "move": 70, "card": 65, "suit": 65, "bid_digit": 60, "step": 55,
    "hint": 50, "take_back": 45, "toggle_class": 40, "last_trick": 30, "settings": 20,
    "stats": 10, "rules": ALWAYS, "request_quit": ALWAYS,
}
"""How long a key stays in the footer when it is short of room (higher stays longer):
the moves of the moment, then the hint, take-back, the log ...  Help and quit always
stay; a key left out still works and ``?`` lists it."""

GAMEPLAY = frozenset({"move", "step", "card", "bid_digit", "suit", "confirm", "confirm_bid",
                      "confirm_trump", "confirm_suit", "pass_bid", "show_trump", "pair",
                      "simple"})
"""The table screen's actions: they apply only on the human's turn."""


def _digit_bindings() -> list[Binding]:
    out: list[Binding] = []
    for d in range(1, 9):
        out.append(Binding(str(d), f"card({d})", "card", key_display="1-8", show=d == 1))
    for d in range(10):
        out.append(Binding(DIGITS[d], f"bid_digit({d})", "type bid", key_display="0-9",
                           show=d == 1))
    for d in range(1, 5):
        out.append(Binding(str(d), f"suit({d})", "suit", key_display="1-4", show=d == 1))
    return out


def _refusal_bindings() -> list[Binding]:
    """Last-resort bindings: a gameplay key whose own binding does not apply now lands
    here and the status line says why (instead of the key doing nothing)."""
    keys = [*KEY_NAMES, *DIGITS]
    return [Binding(k, f"refused('{k}')", "", show=False) for k in keys]


TABLE_BINDINGS: list[BindingType] = [
    Binding("left", "move(-1)", "choose", key_display="←→"),
    Binding("right", "move(1)", "choose", show=False),
    Binding("up", "step(1)", "raise", key_display="↑↓"),
    Binding("down", "step(-1)", "lower", show=False),
    *_digit_bindings(),
    Binding("enter", "confirm", "play", key_display="⏎"),
    Binding("enter", "confirm_bid", "bid", key_display="⏎"),
    Binding("enter", "confirm_trump", "lay trump", key_display="⏎"),
    Binding("enter", "confirm_suit", "choose trump", key_display="⏎"),
    Binding("p", "pass_bid", "pass"),
    Binding("s", "show_trump", "ask for trump"),
    Binding("a", "pair", "pair"),
    Binding("r", "pair", "pair", show=False),
    Binding("n", "simple('no trumps')", "no trumps"),
    Binding("d", "simple('double')", "double"),
    Binding("d", "simple('redouble')", "redouble"),
    Binding("h", "simple('single hand')", "single hand"),
    Binding("e", "simple('redeal')", "redeal"),
    Binding("f", "finish", "finish deal"),
    Binding("pageup", "log_scroll('up')", "log", show=False),
    Binding("pagedown", "log_scroll('down')", "log", show=False),
    Binding("home", "log_scroll('home')", "log", show=False),
    Binding("end", "log_scroll('end')", "log", show=False),
]
"""The moves of the moment, bound on the table screen (and the log's paging keys)."""

APP_BINDINGS: list[BindingType] = [
    Binding("u", "take_back", "take back"),
    Binding("l", "last_trick", "tricks"),
    Binding("v", "toggle_class('#main', '-log')", "log"),
    Binding("o", "settings", "settings"),
    Binding("question_mark", "rules", "help", key_display="?"),
    Binding("q", "request_quit", "quit"),
    Binding("i", "hint", "hint"),
    Binding("t", "stats", "stats"),
    Binding("ctrl+c", "request_quit", "quit", show=False, priority=True),
    # at a shared table take-back is off (hidden); the key lands here and says why
    Binding("u", "host_decides", "", show=False),
    # before the first trick of a deal there is no last trick: l says so
    Binding("l", "no_last_trick", "", show=False),
    # until the deal's result is decided there is nothing to finish: f says why
    Binding("f", "not_decided", "", show=False),
    *_refusal_bindings(),
]
"""The keys that work over a dialog too, then the refusals, bound on the app."""


def parse_binding(action: str) -> tuple[str, tuple[object, ...]]:
    """A binding's action string as (name, parameters): ``"card(3)"`` -> ``("card",
    (3,))``.

    >>> parse_binding("simple('double')"), parse_binding("confirm")
    (('simple', ('double',)), ('confirm', ()))
    """
    name, _, rest = action.partition("(")
    if not rest:
        return name, ()
    arg = rest.rstrip(")").strip("'")
    return name, ((int(arg),) if arg.lstrip("-").isdigit() else (arg,))


def footer_rank(binding: Binding, take_back_allowed: bool) -> int | None:
    """How long ``binding`` stays in a footer short of room (see :data:`FOOTER_RANKS`),
    or None to leave it out: take-back when it is off in the settings (the key still says
    so)."""
    name = binding.action.partition("(")[0]
    if name == "take_back" and not take_back_allowed:
        return None
    return FOOTER_RANKS.get(name.removeprefix("app."), 50)


def still_possible(v: SeatView, action: Action) -> bool:
    """Whether ``action`` (pass, ask for trump, the pair) may still become legal for the
    seat of ``v`` in this deal, as far as the seat can tell: the table keeps the button
    of a call that waits for its moment and hides one that can no longer come.

    Passing in the auction is for good; trump is shown once (and never on request when
    the rules show it by themselves); the pair is declared once, with the king and queen
    of trump in one hand, so a hand without a king and queen of one suit (of the trump
    suit, once the seat knows it) never holds it."""
    if action in v.legal_actions:
        return True
    if action is PASS:
        return v.phase is Phase.AUCTION and (v.seat, None) not in v.bids
    if v.phase is not Phase.PLAY or v.single_hand is not None:
        return False
    if action is SHOW_TRUMP:
        return not v.trump_shown and v.rules.ask != "auto"
    return action is PAIR and pair_may_come(v)


def gameplay_allowed(action: str, parameters: tuple[object, ...], v: SeatView,
                     legal: Sequence[Action]) -> bool:
    """Whether the table screen's ``action`` applies now, given the human's view and legal
    actions (empty while it is not their turn or a dialog is open)."""
    if not legal:
        return False
    phase = v.phase
    marker = marker_trump(v)
    cards = phase is Phase.PLAY or (phase is Phase.TRUMP and not marker)
    if action == "simple":
        try:
            return Action.parse(str(parameters[0])) in legal
        except (ValueError, IndexError):
            return False
    if action == "pass_bid":
        return PASS in legal
    if action == "show_trump":
        return SHOW_TRUMP in legal
    if action == "pair":
        return PAIR in legal
    if action in ("move", "card"):
        if action == "card" and parameters:
            n = parameters[0]
            if isinstance(n, int) and n > len(v.hand):
                return False
        return cards or (action == "move" and (phase is Phase.AUCTION or marker))
    if action in ("step", "bid_digit", "confirm_bid"):  # not when only a pass is left
        return phase is Phase.AUCTION and any(a.bid is not None for a in legal)
    if action in ("suit", "confirm_suit"):
        return marker
    if action == "confirm_trump":
        return phase is Phase.TRUMP and not marker
    if action == "confirm":
        return phase is Phase.PLAY
    return True


def busy_reason(name: str, table: TableLike, *, dialog: bool, gathering: bool) -> str | None:
    """Why nothing named ``name`` can be done at the table now, or None (it is the human's
    turn).  ``dialog``: a dialog is open; ``gathering``: a finished trick is still up."""
    if dialog:
        return f"{name}: close the dialog first"
    if table.is_over:
        return f"{name}: the game is over"
    if gathering:  # the last trick too: its summary comes when it is gathered
        return f"{name}: wait, the trick is being gathered"
    if table.deal_over:
        return f"{name}: the deal is over"
    if table.turn != table.seat:
        who = seat_name(table.rules, table.turn)
        return f"{name}: it is not your turn ({who} is to move)"
    return None


def finish_refusal(table: TableLike, *, dialog: bool) -> str:
    """Why ``f`` cannot finish the deal now, in a player's words: the result can still
    change (with the points that say so), or there is no deal in play."""
    if dialog:
        return "Finish: close the dialog first"
    if table.is_over or table.deal_over:
        return "Finish: the deal is over"
    if table.shared:
        return "Finish: not at a shared table, where every seat plays its own cards"
    v = table.view()
    if v.phase is not Phase.PLAY or v.bidder is None or v.target is None:
        return "Finish: only a deal in play whose result is decided can be finished at once"
    if v.single_hand is not None:
        return "Finish: a single hand is played to its end"
    team = v.bidder & 1
    who = "you and North" if team == 0 else "East and West"
    left = CARD_POINTS_IN_ALL + (1 if v.rules.last_trick_point else 0) - sum(v.points)
    return (f"Finish: the result can still change ({who} have {v.points[team]} of "
            f"{v.target}, {left} points still to win)")


def why_not(key: str, table: TableLike, busy: Callable[[str], str | None]) -> str:
    """Why ``key`` does nothing now, in a player's words (``busy``: :func:`busy_reason`
    for the table as it is).  ``r`` is the pair's second key at the table and the review's
    key on the deal summary: a refused ``r`` says both (a player after the review got only
    "Pair: the auction is still going on")."""
    why = _why_not(key, table, busy)
    # no " · " or parentheses: the status line's fitting would drop them at 80 columns
    return f"{why}; r reviews a deal only from its summary" if key == "r" else why


def rule_off(action: Action, rules: Rules) -> str | None:
    """What a player is told when ``action`` is off in ``rules`` altogether (not only not
    now), with the flag that turns it on; None while the rules allow it.

    >>> rule_off(NO_TRUMPS, Rules())
    'No trumps is off in these rules (--no-trumps turns it on)'
    >>> rule_off(NO_TRUMPS, Rules(no_trumps=True)) is None
    True
    """
    if action is NO_TRUMPS and not rules.no_trumps:
        return "No trumps is off in these rules (--no-trumps turns it on)"
    if action in (DOUBLE, REDOUBLE) and not rules.double:
        return "Doubling is off in these rules (--double turns it on)"
    if action is SINGLE_HAND and not rules.single_hand:
        return "Single hand is off in these rules (--single-hand turns it on)"
    if action is REDEAL and not rules.redeal:
        return "Redeal is off in these rules (--redeal turns it on)"
    if action is PAIR and not rules.pair:
        return "The pair is off in these rules (--pair turns it on)"
    if action is SHOW_TRUMP and rules.ask == "auto":
        return ("Asking for trump is off in these rules: trump shows by itself when someone "
                "cannot follow (--ask optional turns asking on)")
    return None


def _why_not(key: str, table: TableLike, busy: Callable[[str], str | None]) -> str:
    name, act = KEY_NAMES.get(key, (key, None))
    off = rule_off(act, table.rules) if act is not None else None
    if off is not None:  # whatever the moment: the rule never applies in this game
        return off
    problem = busy(name)
    if problem is not None:
        return problem
    v = table.view()
    if act is not None:
        if act is DOUBLE and v.multiplier == 2:
            act = REDOUBLE
        why = table.explain(act)
        if why is not None:
            return f"{name}: {why[:1].lower()}{why[1:]}"
    if key.isdigit():
        n = int(key)
        if marker_trump(v):
            return f"{key}: choose a suit with 1 to 4"
        size = len(v.hand)
        if n > size or n == 0:
            return f"{key}: you have {size} card{'s' if size != 1 else ''}"
    if v.phase is Phase.AUCTION and not any(a.bid is not None for a in v.legal_actions):
        return f"{name}: no higher bid is left: p passes"
    if v.phase is Phase.DOUBLING:
        word = "redouble" if REDOUBLE in v.legal_actions else "double"
        return f"{name}: answer first: d to {word}, p to pass"
    if v.phase is Phase.SINGLE_HAND:
        return f"{name}: answer first: h for a single hand, p to pass"
    return f"{name}: nothing to choose now"

