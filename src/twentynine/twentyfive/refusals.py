"""Why a move is not allowed, in a player's words, naming the rule.

:func:`why_not` reads a deal's state (:class:`~.round_state.Round`) and says what is wrong
with a move code for the seat to move, or returns ``""`` when the move is legal.  It
says only what that seat may know: never who holds the ace of trumps.

>>> from twentynine.twentyfive.pack import mask_of, parse_cards
>>> from twentynine.twentyfive.round_state import Round
>>> r = Round(3, [0, 1, 2], 25, True, True, 2, int(parse_cards("KD")[0]))
>>> r.start([mask_of(parse_cards(h)) for h in ("9D 2S 3S 4S 6S", "3D JD 7C 8C 9C",
...                                            "2C 3C 4C 5C 6C")], [0, 0, 0])
>>> r.step(int(parse_cards("9D")[0]))
>>> why_not(r, int(parse_cards("7C")[0]))
'you must play a trump: the 9♦ was led and you hold the 3♦; your J♦ may be held back, \
the 3♦ may not'
"""

from __future__ import annotations

from .pack import ACE_OF_HEARTS, CARDS, ace_of_trumps, cards_in, hold_back_mask, text_of
from .round_state import PLAYING, ROB_BASE, Round

SUIT_WORDS = ("spade", "heart", "diamond", "club")


def _the(mask: int) -> str:
    """``the 3♦`` or ``the 3♦ and 4♦`` or ``the 3♦, 4♦ and 6♦``."""
    labels = [c.label for c in cards_in(mask)]
    if len(labels) == 1:
        return "the " + labels[0]
    return "the " + ", ".join(labels[:-1]) + " and " + labels[-1]


def why_not(r: Round, code: int) -> str:
    """What is wrong with move ``code`` for the seat to move (``""`` if it is legal)."""
    if r.state != PLAYING:
        return "the deal is over"
    if code >= ROB_BASE:
        return _why_not_rob(r, code - ROB_BASE)
    hand = r.hands[r.turn]
    card = CARDS[code]
    if not hand >> code & 1:
        if code == r.turned and r.robber >= 0:
            return f"you do not hold the {card}: it was robbed by another player"
        return f"you do not hold the {card}"
    if r.legal_bits() >> code & 1:
        return ""
    led = CARDS[r.trick[0]]
    t = r.trump
    trumps = hand & r.suit_cards(t)
    if r.led_suit == t:
        held = trumps & r.hold_back(led)
        must = trumps & ~held
        why = f"you must play a trump: the {led} was led"
        if led == ACE_OF_HEARTS:
            why += " (the A♥ is always a trump)"
        why += f" and you hold {_the(must)}"
        if held:
            mine = text_of(cards_in(held))
            why += f"; your {mine} may be held back, {_the(must)} may not"
        elif trumps & hold_back_mask(t, led):
            why += " (holding back a top trump is off at this table)"
        return why
    suit = SUIT_WORDS[r.led_suit]
    follow = hand & r.suit_cards(r.led_suit)
    return (f"you must follow suit or play a trump: the {led} was led and you hold "
            f"{_the(follow)}; the {card} is neither a {suit} nor a trump")


def _why_not_rob(r: Round, lay: int) -> str:
    ace = ace_of_trumps(r.trump)
    if not r.rob:
        return "robbing is off at this table: the turned card only names the trump"
    if r.robber >= 0:
        return "the turned card has already been robbed"
    if r.trick_no > 0 or r.turn in _played_this_deal(r):
        return "you may rob only on your first turn, before you play your first card"
    if r.rob_seat != r.turn:
        if r.turned == ace:
            return (f"only the dealer may rob: the turned card is the ace of trumps "
                    f"({ace})")
        return f"only the player holding the ace of trumps ({ace}) may rob the turned card"
    if not r.hands[r.turn] >> lay & 1:
        if lay == r.turned:
            return ("lay down one of your own cards: the turned card goes into your hand")
        return f"you do not hold the {CARDS[lay]} to lay down"
    return ""


def _played_this_deal(r: Round) -> set[int]:
    """The seats that have played a card in this deal."""
    seats = set()
    leader = r.leader if r.trick_no == 0 else -1
    if leader >= 0:
        for k in range(len(r.trick)):
            seats.add((leader + k) % r.players)
    return seats
