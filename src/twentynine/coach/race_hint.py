"""A hint at the Twenty-Five table: the strongest bot's choice from the seat's view, every
legal move's figures, and reasons the player can check from the table.

Every legal move (each card, each rob with the card it lays down) is valued by the
search of the ``hard`` bot (:mod:`twentynine.twentyfive.search_players`): guesses at the
hidden cards that agree with everything the seat has seen (its worlds), each move played
out to the end of the deal in each world by the bot's own playout policy, every move
meeting the same worlds and the same random stream in each.  Two figures come out for
every move, in the same terms:

* **race**: the chance your side (you, or your team) wins the race: 1 in a world where
  it reaches the target first in this deal, 0 where another side does, and where the deal
  ends short of the target, the chance the scores then give (the bot's own estimate,
  :func:`~twentynine.twentyfive.world_sampler.race_value`);
* **trick**: the chance your side takes the trick on the table.

The search runs a fixed number of worlds (:data:`HINT_WORLDS`) from a seed made from the
view itself (:func:`race_seed`): the same view always gets the same hint, on a fast or a
busy machine (a busy one takes longer; it never searches less).  The pick is the move
with the best race figure as printed (whole percent); of moves printed alike, the one
the search values most.  Moves whose race figure is within the noise of the pick's (two
standard errors of their difference, over the same worlds) are named as good as it.

The words (:func:`race_reason`) name only cards the seat can see: its own hand, the cards
played, the turned card (unless another seat robbed it), its own laid-down card.

>>> from twentynine.twentyfive.race import Race
>>> g = Race(seed=4)
>>> h = race_hint(g.view(g.turn), worlds=20)
>>> h.move in g.view(g.turn).legal_actions and h.options[0].move == h.move
True
"""

from __future__ import annotations

import hashlib
import math
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

from ..twentyfive.bot_registry import make_player
from ..twentyfive.moves import Move, MoveKind
from ..twentyfive.pack import (
    Card,
    effective_suit,
    is_trump,
    power,
    trump_order,
)
from ..twentyfive.round_state import PLAYING, TRICK_POINTS
from ..twentyfive.search_players import SearchPlayer, knowledge, sample_world
from ..twentyfive.seat_view import PlayerView, Stage
from ..twentyfive.world_sampler import Rng, greedy_playout, policy_code, race_value

STRONGEST = "hard"
"""The bot whose search the hint runs (its playout policy and noise)."""
HINT_WORLDS = 400
"""Worlds a hint searches: the race figures of two moves then differ by less than about
two points between seeds in most positions (see docs/coach.md)."""
NOISE_SE = 2.0
"""Moves within this many standard errors of the pick (on their difference in race
chance, over the same worlds) are as good as it."""

Names = Callable[[int], str]
"""A seat's name as the table shows it (``You``, ``Aoife``)."""


class NoRaceHint(ValueError):
    """A hint was asked for a seat that has no move to make."""


@dataclass(frozen=True, slots=True)
class RaceOption:
    """One legal move and what it is worth to the player's side."""

    move: Move
    words: str
    """The move in a few words: ``9♦``, ``rob, lay down 3♣``."""
    race: float
    """The chance your side wins the race (0 to 1)."""
    trick: float
    """The chance your side takes the trick on the table (0 to 1)."""

    @property
    def race_shown(self) -> int:
        """The race chance as printed, in whole percent."""
        return shown(self.race)

    @property
    def trick_shown(self) -> int:
        """The trick chance as printed, in whole percent."""
        return shown(self.trick)


@dataclass(frozen=True, slots=True)
class RaceHint:
    """The suggestion for one decision."""

    seat: int
    move: Move
    """The suggestion: the best race figure as printed (the search's choice)."""
    reason: str
    options: tuple[RaceOption, ...]
    """Every legal move: the suggestion first, then the others, best race figure first."""
    worlds: int
    """How many worlds the figures come from."""
    equal: tuple[str, ...] = ()
    """Other moves as good as the suggestion within the noise (:data:`NOISE_SE`)."""
    team: bool = False
    """The race figure is the team's (a game in teams)."""
    estimated: bool = True
    """Some race figures rest on the estimate from the scores (a world whose deal ended
    short of the target); False when every world decided the race in this deal."""
    seed: int = 0
    seconds: float = field(default=0.0, compare=False)

    def option(self, move: Move) -> RaceOption | None:
        """The option for ``move``, if it is legal."""
        for o in self.options:
            if o.move == move:
                return o
        return None


def shown(x: float) -> int:
    """A chance in whole percent, as the hint prints it."""
    return int(f"{100 * x:.0f}")


def race_seed(view: PlayerView) -> int:
    """A seed from everything the view shows: the same view, the same hint."""
    return int.from_bytes(hashlib.sha256(repr(view).encode("utf-8")).digest()[:4], "big")


def move_words(move: Move) -> str:
    """``9♦``, ``rob, lay down 3♣``."""
    assert move.card is not None
    if move.kind is MoveKind.ROB:
        return f"rob, lay down {move.card.label}"
    return move.card.label


def default_names(view: PlayerView) -> Names:
    """``You`` for the view's seat, ``seat 3`` for the others."""
    return lambda s: "You" if s == view.seat else f"seat {s}"


# --------------------------------------------------------------------------- measuring


@dataclass
class Measured:
    """Every move's race value and trick result in every world searched."""

    race: list[list[float]]
    trick: list[int]
    worlds: int


def measure(view: PlayerView, moves: Sequence[Move], worlds: int, seed: int,
            noise: int) -> Measured:
    """Play every move in ``worlds`` worlds consistent with ``view`` (the same worlds and
    the same random stream for every move), each to the end of the deal by the search
    bot's playout policy (a random card with chance ``noise`` / 256)."""
    know = knowledge(view)
    rng = Rng(seed)
    codes = [m.code for m in moves]
    side = view.side
    race: list[list[float]] = [[] for _ in codes]
    trick = [0] * len(codes)
    done = tries = 0
    while done < worlds and tries < 4 * worlds:
        tries += 1
        world = sample_world(view, know, rng)
        if world is None:
            continue
        stream = rng.next()
        t0 = len(world.winners)
        for i, code in enumerate(codes):
            r = world.clone()
            r.step(code)
            prng = Rng(stream)
            while r.state == PLAYING and len(r.winners) == t0:
                r.step(policy_code(r, prng, noise))
            if len(r.winners) > t0 and r.sides[r.winners[t0]] == side:
                trick[i] += 1
            greedy_playout(r, prng, noise)
            race[i].append(race_value(r, side))
        done += 1
    return Measured(race, trick, done)


def _within_noise(a: list[float], b: list[float]) -> bool:
    """Whether the mean of ``a`` minus that of ``b`` (paired, world by world) is within
    :data:`NOISE_SE` standard errors of nothing."""
    n = len(a)
    if n < 2:
        return True
    d = [x - y for x, y in zip(a, b, strict=True)]
    mean = sum(d) / n
    var = sum((x - mean) ** 2 for x in d) / (n - 1)
    se = math.sqrt(var / n)
    return abs(mean) <= NOISE_SE * se + 1e-12


def as_good(options: Sequence[RaceOption], race: Sequence[list[float]], best: int,
            rest: Sequence[int]) -> tuple[str, ...]:
    """The words of the moves of ``rest`` (indices into ``options``, world by world race
    results in ``race``) as good as ``options[best]``: within the noise of it, or printed
    with its own race figure (two equal figures and a hint that prefers one of them would
    contradict themselves).

    >>> from twentynine.twentyfive.pack import parse_card
    >>> opt = lambda c, r: RaceOption(Move.play(parse_card(c)), c, r, 0.5)
    >>> sure = [1.0] * 200 + [0.0] * 200       # 50%
    >>> a_bit_less = [0.0] * 6 + sure[6:]      # 48.5%, 6 worlds worse, none better
    >>> as_good([opt("3♣", 0.5), opt("4♣", 0.485)], [sure, a_bit_less], 0, [1])
    ()
    >>> as_good([opt("3♣", 0.504), opt("4♣", 0.496)], [sure, a_bit_less], 0, [1])
    ('4♣',)
    """
    return tuple(options[i].words for i in rest
                 if options[i].race_shown == options[best].race_shown
                 or _within_noise(race[best], race[i]))


# --------------------------------------------------------------------------- the hint


def race_hint(view: PlayerView, *, worlds: int = HINT_WORLDS, seed: int | None = None,
              names: Names | None = None) -> RaceHint:
    """The hint for ``view``'s seat, which must be the seat to move.  Raises
    :class:`NoRaceHint` if it has nothing to decide."""
    legal = list(view.legal_actions)
    if view.stage is not Stage.PLAY or not legal:
        raise NoRaceHint("there is nothing to hint: it is not your turn")
    t0 = time.perf_counter()
    if seed is None:
        seed = race_seed(view)
    bot = make_player(STRONGEST, seed=seed)
    noise = bot.noise if isinstance(bot, SearchPlayer) else 8
    got = measure(view, legal, worlds, seed, noise)
    n = max(got.worlds, 1)
    options = [RaceOption(m, move_words(m), sum(got.race[i]) / n, got.trick[i] / n)
               for i, m in enumerate(legal)]
    # the pick: the best race figure as printed, then the search's own value
    best = max(range(len(options)),
               key=lambda i: (options[i].race_shown, options[i].race, -i))
    pick = options[best]
    rest = sorted((i for i in range(len(options)) if i != best),
                  key=lambda i: (-options[i].race_shown, -options[i].trick_shown, i))
    ordered = (pick, *(options[i] for i in rest))
    equal = as_good(options, got.race, best, rest)
    team = view.rules.teams != "none"
    estimated = any(0.0 < x < 1.0 for row in got.race for x in row)
    reason = race_reason(view, ordered, equal, got.worlds,
                         names or default_names(view), estimated)
    return RaceHint(view.seat, pick.move, reason, ordered, got.worlds, equal, team,
                    estimated, seed, time.perf_counter() - t0)


# --------------------------------------------------------------------------- the words


def card_list_words(cards: Sequence[Card], article: str = "the ") -> str:
    """``the 5♥``, ``the 5♥ and J♥``, ``the 5♥, J♥ and A♥`` (or with another article)."""
    return article + list_words([c.label for c in cards])


def list_words(words: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    if len(words) == 1:
        return words[0]
    return f"{', '.join(words[:-1])} and {words[-1]}"


def turned_is_out(view: PlayerView) -> bool:
    """Whether the turned card is out of play for everyone (not robbed, and nobody may
    rob it any more): the seat may name it as out."""
    return view.robber is None and (not view.rules.rob or len(view.tricks) >= 1)


def out_cards(view: PlayerView) -> set[int]:
    """Cards the seat knows are out of play in this deal: played, its own laid-down
    card, the turned card once nobody may rob it."""
    out = {int(c) for c in view.played}
    if view.laid_down is not None:
        out.add(int(view.laid_down))
    if turned_is_out(view):
        out.add(int(view.turned))
    return out


def best_trump_fact(view: PlayerView, card: Card) -> str:
    """``the 5♥ and J♥ are out: your A♥ is the best trump left`` when every higher trump
    is out (and none is in the seat's own hand); else nothing."""
    t = view.trump
    if not is_trump(t, card):
        return ""
    order = trump_order(t)
    higher = order[:order.index(card)]
    out = out_cards(view)
    on_table = {int(c) for _, c in view.trick}
    if any(int(c) not in out or int(c) in on_table for c in higher):
        return ""  # a higher trump is still to come, or is on the table beating it
    if not higher:
        return f"your {card.label} is the best trump: nothing can beat it"
    verb = "is" if len(higher) == 1 else "are"
    return f"{card_list_words(higher)} {verb} out: your {card.label} is the best trump left"


def trick_leader(view: PlayerView) -> tuple[int, Card] | None:
    """Who is winning the trick on the table, and with what card (None: nothing led)."""
    if not view.trick:
        return None
    t = view.trump
    led_suit = effective_suit(t, view.trick[0][1])
    best_seat, best = view.trick[0]
    for seat, card in view.trick[1:]:
        s = effective_suit(t, card)
        if s in (t, led_suit) and power(t, card) > power(t, best):
            best_seat, best = seat, card
    return best_seat, best


def side_words(view: PlayerView, side: int, names: Names) -> tuple[str, str]:
    """A side as the table names it, and its verb: (``Aoife``, ``needs``), (``you``,
    ``need``), (``Aoife and Eoin``, ``need``), (``your team``, ``needs``)."""
    rules = view.rules
    if side == view.side:
        return ("your team", "needs") if rules.teams != "none" else ("you", "need")
    seats = rules.team(side)
    if len(seats) == 1:
        return names(seats[0]), "needs"
    who = [names(s) for s in seats]
    return f"{', '.join(who[:-1])} and {who[-1]}", "need"


def pick_facts(view: PlayerView, options: Sequence[RaceOption], names: Names
               ) -> list[str]:
    """Why the pick (``options[0]``), in facts a player can check from the table (or
    from the hint's own figures): the best trump left, robbing, holding back, the trick
    on the table, a side one trick from the target."""
    pick = options[0]
    move = pick.move
    card = move.card
    assert card is not None
    facts: list[str] = []
    t = view.trump
    # robbing, or not
    if move.kind is MoveKind.ROB:
        turned = view.turned
        if power(t, turned) > power(t, card):
            facts.append(f"the turned {turned.label} is better than your {card.label}")
    else:
        robs = [o for o in options if o.move.kind is MoveKind.ROB]
        if robs:
            top = max(robs, key=lambda o: (o.race_shown, o.race))
            facts.append(f"keep your hand: robbing does no better here (at best "
                         f"{top.race_shown}%, laying down the {top.move.card.label})"
                         if top.move.card is not None else "keep your hand")
    # the best trump left
    if move.kind is MoveKind.PLAY:
        fact = best_trump_fact(view, card)
        if fact:
            facts.append(fact)
    # holding back a top trump
    held = view.may_hold_back
    led = view.led
    if held and led is not None and move.kind is MoveKind.PLAY:
        if card in held:
            others = [c for c in held if c != card]
            facts.append(f"you may hold back your {card.label} on the {led.label} led, but "
                         f"playing it does better")
            if others:
                facts.append(f"your {card_list_words(others, '')} may be held back too")
        else:
            verb = "may" if len(held) == 1 else "may all"
            facts.append(f"your {card_list_words(held, '')} {verb} be held back: the "
                         f"{led.label} led is a lower trump")
    if len(options) == 1:
        facts.append("it is your only legal card")
    # the trick on the table
    lead_now = trick_leader(view)
    if lead_now is not None and move.kind is MoveKind.PLAY:
        wseat, wcard = lead_now
        ours = view.rules.side_of(wseat) == view.side
        beats = _beats(view, card, wcard)
        cards = [o.move.card for o in options
                 if o.move.kind is MoveKind.PLAY and o.move.card is not None]
        if not ours and len(cards) > 1 and not any(_beats(view, c, wcard) for c in cards):
            fact = f"none of your cards beats {names(wseat)}'s {wcard.label}"
            after = [s for s in still_to_play(view) if view.rules.side_of(s) == view.side]
            if after:
                fact += (f"; your {mate_word(view, len(after))} "
                         f"{list_words([names(s) for s in after])} "
                         f"{'plays' if len(after) == 1 else 'play'} after you")
            facts.append(fact)
        if ours and not beats and wseat != view.seat:
            facts.append(f"your {mate_word(view)} {names(wseat)} is winning this trick with "
                         f"the {wcard.label}")
        elif not ours and beats and len(view.trick) == view.rules.players - 1 and \
                not any("best trump" in f for f in facts):
            facts.append(f"your {card.label} beats {names(wseat)}'s {wcard.label} and "
                         f"you play last: the trick is yours")
    # the race: sides one trick from the target (yours, then the others together)
    near = [side for side in range(view.rules.sides)
            if view.rules.target - view.scores[side] <= TRICK_POINTS]
    if view.side in near:
        who, verb = side_words(view, view.side, names)
        line = f"{who} {verb} one trick to win"
        if pick.trick_shown >= 50:
            line += f": this takes it in {pick.trick_shown}%"
        elif max(o.trick_shown for o in options) < 10:
            line += ", but not this one: none of your cards is likely to take it"
        facts.append(line)
    rivals = [side for side in near if side != view.side]
    if rivals:
        words = [side_words(view, side, names) for side in rivals]
        if len(rivals) == 1:
            line = f"{words[0][0]} {words[0][1]} one trick to win"
        else:
            line = f"{list_words([w for w, _ in words])} each need one trick to win"
        if pick.trick_shown >= 50:
            line += ": take this one"
        facts.append(line)
    return facts


def still_to_play(view: PlayerView) -> list[int]:
    """The seats still to play to the trick after the view's seat, in order."""
    n = view.rules.players
    return [(view.seat + k) % n for k in range(1, n - len(view.trick))]


def mate_word(view: PlayerView, many: int = 1) -> str:
    """``partner`` in teams of two, ``teammate`` in teams of three (``teammates``)."""
    word = "partner" if view.rules.teams == "pairs" else "teammate"
    return word + ("s" if many > 1 else "")


def race_reason(view: PlayerView, options: Sequence[RaceOption], equal: Sequence[str],
                worlds: int, names: Names, estimated: bool = True) -> str:
    """Why the pick (``options[0]``), in sentences a player can check from the table
    (:func:`pick_facts`), then the figures: its race and trick chances, the next best
    move's (or those as good), a move that takes the trick more often."""
    pick = options[0]
    card = pick.move.card
    assert card is not None
    t = view.trump
    if pick.move.kind is MoveKind.ROB:
        lead = f"Rob the turned {view.turned.label}, laying down your {card.label}"
    else:
        lead = f"Play {card.label}"
    facts = pick_facts(view, options, names)
    whose = "your team's" if view.rules.teams != "none" else "your"
    text = lead + (": " + "; ".join(facts) if facts else "") + ". "
    how = " (estimated beyond this deal)" if estimated else ""
    text += (f"{whose[0].upper()}{whose[1:]} chance to win the race{how}: "
             f"{pick.race_shown}%"
             f", to take this trick: {pick.trick_shown}%")
    rest = list(options[1:])
    if equal:
        same = [o for o in rest if o.words in equal]
        text += f". As good within the noise of {worlds} deals: {options_words(same, pick)}"
    elif rest:
        nxt = rest[0]
        text += f". Next best, {options_words([nxt], pick)}: {nxt.race_shown}%"
    takers = [o for o in rest if o.words not in equal
              and o.trick_shown >= pick.trick_shown + 10]
    if takers:
        tk = max(takers, key=lambda o: (o.trick_shown, o.race_shown))
        spent = (": it spends a trump" if tk.move.kind is MoveKind.PLAY and tk.move.card
                 is not None and is_trump(t, tk.move.card) else "")
        text += (f". {subject(tk)} takes this trick more often ({tk.trick_shown}%) but "
                 f"wins the race less often ({tk.race_shown}%){spent}")
    return text + "."


def options_words(opts: Sequence[RaceOption], pick: RaceOption | None = None) -> str:
    """Moves in a sentence, the cards then the robs together: ``3♣, 4♣``, ``robbing,
    laying down the J♣ or K♣``; after a rob as the pick, ``laying down the J♣ instead``.

    >>> from twentynine.twentyfive.pack import parse_card
    >>> rob = lambda c: RaceOption(Move.rob(parse_card(c)), "", 0.5, 0.5)
    >>> card = lambda c: RaceOption(Move.play(parse_card(c)), c, 0.5, 0.5)
    >>> options_words([card("3♣"), rob("J♣"), rob("K♣")])
    '3♣; robbing, laying down the J♣ or K♣'
    >>> options_words([rob("J♣"), rob("K♣")], rob("6♠"))
    'laying down the J♣ or K♣ instead'
    """
    cards = [o.words for o in opts if o.move.kind is not MoveKind.ROB]
    robs = [o.move.card.label for o in opts
            if o.move.kind is MoveKind.ROB and o.move.card is not None]
    parts = [", ".join(cards)] if cards else []
    if robs:
        laid = (f"laying down the {', '.join(robs[:-1])} or {robs[-1]}" if len(robs) > 1
                else f"laying down the {robs[0]}")
        if pick is not None and pick.move.kind is MoveKind.ROB:
            parts.append(f"{laid} instead")
        else:
            parts.append(f"robbing, {laid}")
    return "; ".join(parts)


def subject(o: RaceOption) -> str:
    """A move as the subject of a sentence: ``The 3♠``, ``Robbing, laying down the 3♠``."""
    assert o.move.card is not None
    if o.move.kind is MoveKind.ROB:
        return f"Robbing, laying down the {o.move.card.label},"
    return f"The {o.move.card.label}"


def _beats(view: PlayerView, card: Card, best: Card) -> bool:
    """Whether ``card`` would now beat ``best``, the card winning the trick."""
    t = view.trump
    led = view.led
    assert led is not None
    led_suit = effective_suit(t, led)
    s = effective_suit(t, card)
    return s in (t, led_suit) and power(t, card) > power(t, best)


def named_cards(text: str) -> list[str]:
    """Every card label in ``text`` (``10♥``, ``A♠``): for checking that a hint names no
    hidden card."""
    import re

    return re.findall(r"(?:10|[2-9AJQK])[♠♥♦♣]", text)


def visible_cards(view: PlayerView) -> set[str]:
    """The labels of every card the seat may name: its hand, the cards played, its own
    laid-down card, the turned card unless another seat robbed it (and still holds it)."""
    seen = {c.label for c in view.hand} | {c.label for c in view.played}
    if view.laid_down is not None:
        seen.add(view.laid_down.label)
    if view.robber is None or view.robber == view.seat:
        seen.add(view.turned.label)
    return seen


__all__ = [
    "HINT_WORLDS",
    "NOISE_SE",
    "STRONGEST",
    "Names",
    "NoRaceHint",
    "RaceHint",
    "RaceOption",
    "best_trump_fact",
    "card_list_words",
    "default_names",
    "list_words",
    "mate_word",
    "measure",
    "move_words",
    "named_cards",
    "options_words",
    "out_cards",
    "pick_facts",
    "race_hint",
    "race_reason",
    "race_seed",
    "shown",
    "side_words",
    "still_to_play",
    "trick_leader",
    "turned_is_out",
    "visible_cards",
]
