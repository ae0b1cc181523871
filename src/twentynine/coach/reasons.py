"""Card-level reasons a player can check at the table.

Each reason is built from the seat's **view** (what it holds, what was played, who failed
to follow suit, whether the trump is known) and from the figures the hint measured over
deals consistent with that view (the chance the trick is won, the points it carries).
Nothing here looks at a hidden card: a player who follows the game could say the same.

>>> from twentynine.engine.cards import Card
>>> points_words(Card.parse("9D"))
'2 points'
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import CARDS, SUIT_NAMES, Card
from ..engine.views import SeatView
from .phrases import positions

SURE = 0.75
"""A trick won at least this often (over the deals consistent with the view) is called
being won."""
LOST = 0.15
"""A trick won at most this often is called lost whatever is played."""


def points_words(card: Card) -> str:
    """``2 points``, ``1 point``, ``no points``."""
    n = card.points
    return "no points" if n == 0 else f"{n} point{'s' if n != 1 else ''}"


def who(view: SeatView, seat: int) -> str:
    """``partner``, ``the bidder``, or the opponent's position (``West``)."""
    if seat == view.partner:
        return "partner"
    if seat == view.seat:
        return "you"
    if view.bidder is not None and seat == view.bidder:
        return "the bidder"
    return positions(view.rules)[(seat - view.seat) & 3].capitalize()


def trump_known(view: SeatView) -> int | None:
    """The trump suit if this seat knows it *and* it counts in play (shown), else None.
    Before it is shown there are no trumps in a trick, even for the bidder."""
    if view.trump_shown and view.trump_suit is not None and view.trump_suit >= 0:
        return view.trump_suit
    return None


def winning_now(view: SeatView) -> int | None:
    """The seat whose card leads the trick in progress, as the view shows it (None before
    the first card)."""
    if not view.trick:
        return None
    led = view.trick[0][1].suit
    trump = trump_known(view)
    best_seat, best = view.trick[0]
    for seat, card in view.trick[1:]:
        ruffs = trump is not None and card.suit == trump and best.suit != trump
        beats = card.suit == best.suit and card.rank < best.rank and \
            (card.suit == led or card.suit == trump)
        if ruffs or beats:
            best_seat, best = seat, card
    return best_seat


def voids(view: SeatView) -> dict[int, set[int]]:
    """The suits each other seat has shown it holds no more of: it did not follow when
    that suit was led (following suit is compulsory)."""
    out: dict[int, set[int]] = {}
    tricks = [t.cards for t in view.tricks] + [view.trick]
    for cards in tricks:
        if not cards:
            continue
        led = cards[0][1].suit
        for seat, card in cards[1:]:
            if card.suit != led and seat != view.seat:
                out.setdefault(seat, set()).add(led)
    return out


def trumps_out(view: SeatView) -> int | None:
    """Trumps the seat has not seen (not in its hand, not played, not its own face-down
    card): how many the others may still hold.  None if the seat does not know the
    trump."""
    t = view.trump_suit
    if t is None or t < 0:
        return None
    seen = set(view.hand) | view.played_cards()
    if view.trump_card is not None and view.face_down:
        seen.add(view.trump_card)
    return sum(1 for c in CARDS if c.suit == t and c not in seen)


def highest_left(view: SeatView, card: Card) -> bool:
    """Whether ``card`` is the highest card of its suit still to be played: every higher
    one has been played (a higher one in this hand is still to be played too: then it is
    not the highest left)."""
    gone = view.played_cards()
    return all(CARDS[card.suit * 8 + r] in gone for r in range(card.rank))


def beats(view: SeatView, card: Card, other: Card) -> bool:
    """Whether ``card``, played now, would beat ``other`` in the trick in progress, as the
    view shows it (a trump counts only once shown)."""
    trump = trump_known(view)
    led = view.trick[0][1].suit if view.trick else card.suit
    if trump is not None and card.suit == trump and other.suit != trump:
        return True
    return card.suit == other.suit and card.rank < other.rank and \
        (card.suit == led or card.suit == trump)


def takes_over(view: SeatView, card: Card) -> bool:
    """Whether ``card`` would lead the trick in progress once played (it beats the card
    leading it now; True on an empty trick)."""
    lead = winning_now(view)
    if lead is None:
        return True
    best = next(c for s, c in view.trick if s == lead)
    return beats(view, card, best)


# ----------------------------------------------------------------- the reasons
def partner_winning(view: SeatView, card: Card, trick_win: float | None) -> str | None:
    """Partner holds the trick and it is safe: give him points (never said of a card that
    would beat partner's: then it is this card that takes the trick)."""
    if winning_now(view) != view.partner or trick_win is None or trick_win < SURE:
        return None
    if takes_over(view, card):
        return None
    if card.points:
        return (f"partner is winning the trick: give him the {card.label} for "
                f"{points_words(card)}")
    return None


def void_lead(view: SeatView, card: Card) -> str | None:
    """Leading into an opponent who has shown a void in that suit, once the trump is
    shown (he may trump it): what the card gives away."""
    t = trump_known(view)
    if view.trick or t is None or card.suit == t:  # a void in trumps cannot trump a trump
        return None
    for seat, suits in sorted(voids(view).items()):
        if (seat & 1) != view.team and card.suit in suits:
            gives = (f"gives away {points_words(card)}" if card.points
                     else "lets him trump it")
            return (f"{who(view, seat)} is void in {SUIT_NAMES[card.suit]}: leading the "
                    f"{card.label} {gives}")
    return None


def draw_trumps(view: SeatView, card: Card) -> str | None:
    """The bidding side leads a trump while the others still hold some."""
    if view.trick or view.bidder is None or (view.bidder & 1) != view.team:
        return None
    t = trump_known(view)
    if t is None or card.suit != t:
        return None
    out = trumps_out(view)
    if not out:
        return None
    words = ("one is", "two are", "three are", "four are", "five are", "six are",
             "seven are")[min(out, 7) - 1]
    return f"draw trumps: {words} still out"


NEVER = 0.005
"""A share of the deals at most this small is none of them: the trick is lost "whatever
you play" only when no legal card takes it in any deal."""
EVERY = 0.995
"""A share at least this large is all of them: a card "takes the trick" only so."""


def _kept(view: SeatView | None, card: Card, others: Sequence[Card]) -> str:
    """What throwing ``card`` keeps, where another card gives away as little: a higher card
    of the same suit (and whether it is now the highest of its suit left), or a trump."""
    if view is None:
        return ""
    same = [o for o in others if o.points == card.points and o != card]
    higher = [o for o in same if o.suit == card.suit and o.rank < card.rank]
    if higher:
        top = min(higher, key=lambda o: o.rank)
        if highest_left(view, top):
            return (f" and keeps the {top.label}, the highest {_singular(top.suit)} "
                    f"left")
        return f" and keeps the higher {top.label}"
    trump = view.trump_suit if view.trump_suit is not None and view.trump_suit >= 0 \
        else None
    if trump is not None and card.suit != trump and any(o.suit == trump for o in same):
        return " and keeps your trump"
    return ""


def trick_lost(card: Card, trick_win: float | None, cheapest: bool,
               others_win: float | Sequence[float | None] | None = None,
               view: SeatView | None = None, others: Sequence[Card] = ()) -> str | None:
    """The trick is lost whatever is played (no legal card takes it in any of the deals):
    throw what costs least.  ``others_win``: the other legal options' chances of taking it
    (or the best of them); ``others``: the other legal cards, to say what the card keeps
    where another would give away as little (:func:`_kept`)."""
    if trick_win is None or trick_win > NEVER or not cheapest:
        return None
    wins = [others_win] if isinstance(others_win, (int, float)) else list(others_win or [])
    if any(w is None or w > NEVER for w in wins):
        return None
    kept = _kept(view, card, others)
    if card.points:
        return (f"the other side takes this trick whatever you play: the {card.label} "
                f"gives it only {points_words(card)}{kept}")
    return (f"the other side takes this trick whatever you play: the {card.label} gives "
            f"it nothing{kept}")


def wins_trick(view: SeatView, card: Card, trick_win: float | None,
               trick_points: float | None, trick_own: float | None = None) -> str | None:
    """The card takes the trick: what it brings.  Said only where the card itself takes it
    in every deal consistent with the view (``trick_own``; last to play, the view alone
    says it); where it is the highest of its suit left but may still be trumped, the
    chance your side takes the trick instead."""
    last = len(view.trick) == (2 if view.sitting_out is not None else 3)
    own = trick_own
    if last:
        own = 1.0 if takes_over(view, card) else 0.0
    pts = "" if trick_points is None or trick_points < 0.5 else \
        f" ({trick_points:.0f} point{'' if f'{trick_points:.0f}' == '1' else 's'} on average)"
    if last:
        pts = f" ({points_words_total(view, card)})"
    led = view.trick[0][1].suit if view.trick else card.suit
    master = highest_left(view, card) and card.suit == led
    highest = f"the {card.label} is the highest {_singular(card.suit)} left"
    if own is not None and own >= EVERY:
        if master and not last and not _no_ruff(view, card):
            # the deals never saw it trumped, but a seat still to play may: say so
            side = 100 * (trick_win if trick_win is not None else own)
            return (f"{highest}: only a trump can beat it, and your side takes the trick "
                    f"in {side:.0f}% of the deals consistent with what you know")
        if master:
            return f"{highest}: it takes the trick{pts}"
        if last:
            return f"the {card.label} takes the trick{pts}"
        return None
    if master and trick_win is not None and trick_win >= SURE and not last:
        return (f"{highest}: your side takes the trick in {100 * trick_win:.0f}% of the "
                f"deals consistent with what you know")
    return None


def _no_ruff(view: SeatView, card: Card) -> bool:
    """Whether no seat still to play can trump ``card``, as the view shows it: ``card`` is
    of the trump suit (known to this seat: its highest card left cannot be trumped), or
    the trump is shown and none is left unseen (in a hand you cannot see)."""
    mine = view.trump_suit if view.trump_suit is not None and view.trump_suit >= 0 else None
    if mine is not None and card.suit == mine:
        return True  # the highest trump left (shown or not: a seat void in it has none)
    trump = trump_known(view)
    if trump is None:
        return False  # hidden: anyone who cannot follow may ask for it and trump
    return not any(c.suit == trump for c in view.unseen_cards())


def points_words_total(view: SeatView, card: Card) -> str:
    """The points the trick in progress will hold with ``card`` in it."""
    n = sum(c.points for _, c in view.trick) + card.points
    return "no points" if n == 0 else f"{n} point{'s' if n != 1 else ''}"


def _singular(suit: int) -> str:
    return SUIT_NAMES[suit].removesuffix("s")


def card_reason(view: SeatView, card: Card, trick_win: float | None,
                trick_points: float | None, others: Sequence[Card] = (),
                others_win: float | Sequence[float | None] | None = None,
                trick_own: float | None = None) -> str | None:
    """The first reason that applies to playing ``card`` (``others``: the other legal
    cards, to tell whether it is the cheapest; ``others_win``: the chances the other
    options take the trick; ``trick_own``: the chance this card itself takes it)."""
    cheapest = all(card.points <= o.points for o in others)
    for r in (draw_trumps(view, card), partner_winning(view, card, trick_win),
              trick_lost(card, trick_win, cheapest, others_win, view, others),
              wins_trick(view, card, trick_win, trick_points, trick_own)):
        if r:
            return r
    return None


def why_not(view: SeatView, card: Card, best: Card | None, trick_win: float | None,
            best_win: float | None) -> str | None:
    """Why ``card`` was worse than ``best``, in words the player can check: a lead into a
    known void, points given to the other side's trick, points kept from partner's."""
    r = void_lead(view, card)
    if r:
        return r
    if (trick_win is not None and trick_win <= LOST and card.points and best is not None
            and best.points < card.points):
        return (f"the other side takes this trick: the {card.label} gives it "
                f"{points_words(card)}, the {best.label} {points_words(best)}")
    if (best is not None and winning_now(view) == view.partner and best_win is not None
            and best_win >= SURE and best.points > card.points):
        return (f"partner is winning the trick: the {best.label} gives him "
                f"{points_words(best)}, the {card.label} {points_words(card)}")
    if (trick_win is not None and best_win is not None and best is not None
            and trick_win < best_win - 0.1):
        return (f"your side takes the trick {100 * trick_win:.0f}% of the time with the "
                f"{card.label}, {100 * best_win:.0f}% with the {best.label}")
    return master_spent(view, card, best, trick_win, best_win)


def master_spent(view: SeatView, card: Card, best: Card | None, trick_win: float | None,
                 best_win: float | None) -> str | None:
    """The highest card of its suit still in play, spent where a lower card of the same
    suit served as well: leading trumps (the lower one draws them too), or on a trick the
    lower one does as well on.  Kept, it could take a trick of its own later."""
    if (best is None or best.suit != card.suit or best.rank <= card.rank
            or not highest_left(view, card)):
        return None
    highest = f"the {card.label} is the highest {_singular(card.suit)} left"
    drawing = draw_trumps(view, best)
    if drawing:
        left = drawing.removeprefix("draw trumps: ")
        return (f"{highest}: the {best.label} draws trumps as well ({left}) and keeps "
                f"the {card.label} to take a trick of its own later")
    if trick_win is None or best_win is None or trick_win > best_win + 0.05:
        return None
    return (f"{highest} and does no more for this trick than the {best.label} "
            f"({100 * trick_win:.0f}% against {100 * best_win:.0f}%): kept, it could take "
            f"a trick of its own later")


__all__ = [
    "EVERY",
    "LOST",
    "NEVER",
    "SURE",
    "beats",
    "card_reason",
    "draw_trumps",
    "highest_left",
    "master_spent",
    "partner_winning",
    "points_words",
    "points_words_total",
    "takes_over",
    "trick_lost",
    "trumps_out",
    "void_lead",
    "voids",
    "who",
    "why_not",
    "winning_now",
    "wins_trick",
]
