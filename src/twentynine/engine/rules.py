"""The rules a game is played under, as one frozen value.

Every rule that varies between tables is a field here, so the engine reads its
rules from one place and a variant is just another value.

>>> Rules.preset("28pt").total_points
28
>>> Rules.preset("standard").replace(min_bid=15).min_bid
15
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, fields
from typing import Any, Literal, get_args, get_type_hints

from ..common.house_reference import Entry

TrumpIndicator = Literal["card", "marker"]
TrumpChoice = Literal["chosen", "seventh"]
AskRule = Literal["optional", "compulsory", "auto"]
UnshownTrump = Literal["show_last", "dead"]
Direction = Literal["anticlockwise", "clockwise"]


class RulesError(ValueError):
    """A rules value that makes no sense."""


@dataclass(frozen=True, slots=True)
class Rules:
    """The settings of one game of Twenty-Nine.  Defaults are the standard game."""

    min_bid: int = 16
    """Lowest bid; the dealer's forced bid and the pair's floor."""
    max_bid: int = 28
    """Highest bid; the pair's ceiling."""
    last_trick_point: bool = True
    """The winner of the eighth trick adds 1 point (29 in all)."""
    trump_indicator: TrumpIndicator = "card"
    """``card``: one of the bidder's four cards lies face down; ``marker``: a suit marker, the
    bidder keeps all eight cards."""
    trump_choice: TrumpChoice = "chosen"
    """``chosen``: the bidder picks trump from their first four; ``seventh``: the bidder's
    seventh card (the first of the second four) sets trump, seen by the bidder only."""
    ask: AskRule = "optional"
    """``optional``: a player who cannot follow may ask for trump; ``compulsory``: the first
    player who cannot follow must ask; ``auto``: trump is shown as soon as anyone cannot
    follow."""
    asker_must_trump: bool = True
    """The player who asked must play a trump in that trick if they hold one."""
    unshown_trump: UnshownTrump = "show_last"
    """Trump still hidden at the eighth trick: shown then, or the deal is dead at the end."""
    pair: bool = True
    """The king and queen of trump may be declared as a pair."""
    match_bids: bool = False
    """A player who spoke earlier in the auction may match (hold) a later player's bid."""
    no_trumps: bool = False
    """The bidder may declare that there is no trump suit."""
    double: bool = False
    """After the trump choice a defender may double (deal worth 2), then the bidders may
    redouble (worth 4)."""
    single_hand: bool = False
    """With all eight cards, before the first lead, a player may announce winning every trick
    alone: no trumps, partner sits out, 3 game points won or lost."""
    redeal: bool = False
    """A player whose first four cards hold no points may ask for a new deal."""
    pointless_hand_redeal: bool = False
    """A deal in which any player's eight cards hold no points is thrown in."""
    big_bids: bool = False
    """A bid of 21 or more is worth 2 game points, won or lost."""
    half_loss: bool = False
    """A bidding team taking less than half its bid loses 2 game points."""
    all_tricks: bool = False
    """A team taking all eight tricks wins the game at once."""
    direction: Direction = "anticlockwise"
    """Only where seats sit on screen; the engine's seat order is the same either way."""
    game_to: int = 6
    """A team reaching +game_to wins; one falling to -game_to loses."""

    def __post_init__(self) -> None:
        for f in fields(self):
            value, default = getattr(self, f.name), f.default
            if type(value) is not type(default):
                raise RulesError(f"the setting {f.name} must be {_kind(f.name)}, "
                                 f"not {value!r}")
        if not 14 <= self.min_bid <= 16:
            raise RulesError(f"the minimum bid must be 14, 15 or 16, not {self.min_bid}")
        top = self.total_points
        if not self.min_bid <= self.max_bid <= top:
            raise RulesError(
                f"the maximum bid must be between {self.min_bid} and {top}, not {self.max_bid}"
            )
        if self.trump_indicator not in ("card", "marker"):
            raise RulesError(f"unknown trump indicator {self.trump_indicator!r}")
        if self.trump_choice not in ("chosen", "seventh"):
            raise RulesError(f"unknown trump choice {self.trump_choice!r}")
        if self.ask not in ("optional", "compulsory", "auto"):
            raise RulesError(f"unknown asking rule {self.ask!r}")
        if self.unshown_trump not in ("show_last", "dead"):
            raise RulesError(f"unknown rule for an unshown trump {self.unshown_trump!r}")
        if self.direction not in ("anticlockwise", "clockwise"):
            raise RulesError(f"unknown direction {self.direction!r}")
        if not 1 <= self.game_to <= 99:
            raise RulesError(f"a game must be played to between 1 and 99, not {self.game_to}")

    @property
    def total_points(self) -> int:
        """Points in a deal: 28, or 29 with the last-trick point."""
        return 29 if self.last_trick_point else 28

    def replace(self, **changes: Any) -> Rules:
        """A copy with some fields changed (validated)."""
        _check_types(changes)
        return dataclasses.replace(self, **changes)

    def __reduce__(self) -> tuple[type[Rules], tuple[Any, ...]]:
        # explicit: pickles rebuild the value through the checked constructor
        return (Rules, tuple(getattr(self, f.name) for f in fields(self)))

    def __copy__(self) -> Rules:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Rules:
        return self

    @classmethod
    def preset(cls, name: str) -> Rules:
        """The rules of a named variant: ``standard``, ``28pt``, ``app`` or ``pagat``."""
        try:
            return PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise RulesError(f"unknown variant {name!r}: choose one of {known}") from None

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON-ready fields."""
        return {f.name: getattr(self, f.name) for f in fields(self)}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Rules:
        """Read fields written by :meth:`to_dict`; unknown fields are an error."""
        _check_types(data)
        try:
            return cls(**data)
        except TypeError as exc:  # wrong types, e.g. a string for min_bid
            raise RulesError(f"bad rule settings: {exc}") from None

    def differences(self) -> dict[str, Any]:
        """The fields that differ from the standard game."""
        std = Rules()
        return {k: v for k, v in self.to_dict().items() if getattr(std, k) != v}


def _kind(name: str) -> str:
    """What a value of the setting ``name`` must be, in words for its error message.

    >>> _kind("double"), _kind("min_bid"), _kind("ask")
    ('True or False', 'a whole number', "one of 'optional', 'compulsory', 'auto'")
    """
    default = getattr(Rules(), name)
    if isinstance(default, bool):
        return "True or False"
    if isinstance(default, int):
        return "a whole number"
    choices = get_args(get_type_hints(Rules)[name])
    return "one of " + ", ".join(repr(c) for c in choices) if choices else "text"


def _check_types(changes: dict[str, Any]) -> None:
    """Unknown settings and values of the wrong type, refused with a RulesError (before
    ``dataclasses.replace`` or the constructor could refuse an unknown name with a bare
    TypeError)."""
    std = Rules()
    names = {f.name for f in fields(Rules)}
    unknown = sorted(k for k in changes if k not in names)
    if unknown:
        raise RulesError(f"unknown rule settings: {', '.join(unknown)}")
    for k, v in changes.items():
        default = getattr(std, k)
        if type(v) is not type(default):
            raise RulesError(f"the setting {k} must be {_kind(k)}, not {v!r}")


@dataclass(frozen=True, slots=True)
class Setting:
    """One rule setting, named and explained in this one place: its flag, its row on the
    settings screen, what each value means, and the phrases the table uses when it differs
    from the standard game.  The command line's flags, ``twentynine rules``, the settings
    screen's rows, the table's house rules and the reference of every setting (the rules
    page's last part, ``twentynine rules --examples``) are all built from :data:`SETTINGS`.

    In ``means``, ``house`` and ``short``, a value's text picks its line, ``*`` stands for
    any other value, and ``{n}`` in a line is the value's text."""

    field: str
    """The :class:`Rules` field."""
    flag: str
    """The command line's flag."""
    choices: tuple[str, ...]
    """The values a player may pick, as text (``on``/``off`` for switches)."""
    help: str
    """What the setting does, for ``--help`` and ``twentynine rules``."""
    name: str
    """The settings screen's row."""
    means: dict[str, str]
    """What each value means, one line each (the settings screen)."""
    house: dict[str, str]
    """The table's phrase for a value other than the standard game's (the house rules)."""
    short: dict[str, str]
    """The same in a word or two, for a summary on one line."""
    example: str
    """The setting at the table, in a sentence or two: the rules page (``?``) and
    ``twentynine rules --examples`` show it after :attr:`help`."""
    shown: dict[str, str] = dataclasses.field(default_factory=dict)
    """How a value is shown on the settings screen, where its text is not plain enough."""

    def reference(self) -> Entry:
        """This setting in the reference of every setting (``common.house_reference``).

        >>> SETTING["max_bid"].reference().usage
        '--max-bid N'
        """
        many = len(self.choices) > 3 and self.choices[0].isdigit()
        return Entry(f"{self.flag} {'N' if many else '|'.join(self.choices)}", self.name,
                     f"{self.choices[0]} to {self.choices[-1]}" if many
                     else ", ".join(self.choices),
                     setting_text(Rules(), self.field), self.help, self.example)

    def says(self, lines: dict[str, str], rules: Rules) -> str:
        """The line of ``lines`` (``means``, ``house`` or ``short``) for this setting's
        value in ``rules``.

        >>> SETTING["game_to"].says(SETTING["game_to"].house, Rules(game_to=3))
        'Game to +3 or -3'
        """
        value = setting_text(rules, self.field)
        text = lines.get(value) or lines["*"]
        return text.replace("{n}", value)


SETTINGS: tuple[Setting, ...] = (
    Setting("min_bid", "--min-bid", ("14", "15", "16"),
            "Lowest bid. The dealer's forced bid and the pair's floor.",
            name='Lowest bid',
            means={'*': 'Bids start at {n}; the dealer must bid at least that if all pass.'},
            house={'*': 'Bids start at {n}'},
            short={'*': 'bids from {n}'},
            example='with `--min-bid 15`, if the first three pass the dealer '
                    "must bid at least 15; a bid of 17 with the bidders' pair "
                    'needs 15, not 13.'),
    Setting("max_bid", "--max-bid", tuple(str(n) for n in range(16, 30)),
            "Highest bid (up to 29 with the last-trick point). The pair's ceiling.",
            name='Highest bid',
            means={'*': 'Nobody may bid more than {n}; a pair never raises a target above it.'},
            house={'*': 'Bids go up to {n}'},
            short={'*': 'bids to {n}'},
            example='`--max-bid 29` allows a bid of 29 in the 29-point game; a'
                    " bid of 27 against the defenders' pair then needs 29."),
    Setting("last_trick_point", "--last-trick", ("on", "off"),
            "The winner of the eighth trick scores 1 extra point: 29 in all, else 28.",
            name='Point for the last trick',
            means={
                'on': 'The winner of the eighth trick gets 1 extra point: 29 in all.',
                'off': 'No extra point for the last trick: 28 in all.',
            },
            house={'*': 'No point for last trick'},
            short={'*': '28 points'},
            example='off (as in `28pt`), a bid of 28 needs every point card.'),
    Setting("trump_indicator", "--indicator", ("card", "marker"),
            "card: the bidder lays one of their cards face down; marker: the bidder keeps all "
            "eight cards and a marker shows the suit.",
            name='How trump is hidden',
            means={
                'card': 'The bidder lays one of their cards face down; its suit is trump.',
                'marker': 'A marker stands for the suit; the bidder keeps all eight cards.',
            },
            house={'*': 'Trump by marker, no card'},
            short={'*': 'trump marker'},
            example="with `card` the face-down card comes back to the bidder's"
                    ' hand when trump is shown; with a marker, a bidder '
                    'holding J♥ 9♥ can choose hearts and still play both.',
            shown={'card': 'face-down card', 'marker': 'suit marker'}),
    Setting("trump_choice", "--trump-card", ("chosen", "seventh"),
            "chosen: the bidder picks trump from their first four; seventh: the bidder's "
            "seventh card (the first of the second four) sets trump.",
            name='Who picks trump',
            means={
                'chosen': 'The bidder picks trump from their first four cards.',
                'seventh': "The bidder's seventh card sets trump; only the bidder sees it.",
            },
            house={'*': '7th card sets the trump'},
            short={'*': '7th card trump'},
            example='with `seventh` you win the bid at 17 holding four spades;'
                    ' your seventh card is the 8♦, so diamonds are trump, face'
                    ' down in front of you.',
            shown={'chosen': 'the bidder', 'seventh': 'the 7th card'}),
    Setting("ask", "--ask", ("optional", "compulsory", "auto"),
            "Who asks for trump: anyone unable to follow may (optional), the first unable to "
            "follow must (compulsory), or it is shown as soon as anyone cannot follow (auto).",
            name='Asking for trump',
            means={
                'optional': 'If you cannot follow suit you may ask to see trump, or just play on.',
                'compulsory': 'The first player who cannot follow suit must ask to see trump.',
                'auto': 'Trump turns up by itself as soon as someone cannot follow suit.',
            },
            house={'auto': 'Trump turns up by itself', '*': "Can't follow: you must ask"},
            short={'auto': 'trump shows itself', '*': 'must ask'},
            example='under `auto`, spades are led and West has none; the trump'
                    " (hearts) is shown at once, which counts as West's "
                    'asking, and West, holding the 7♥, must play it.',
            shown={'optional': 'may ask', 'compulsory': 'must ask', 'auto': 'turns up'}),
    Setting("asker_must_trump", "--asker-must-trump", ("on", "off"),
            "The player who asked must play a trump in that trick if they hold one.",
            name='Whoever asks must trump',
            means={
                'on': 'Whoever asked must play a trump in that trick if they hold one.',
                'off': 'Whoever asked may still play any card in that trick.',
            },
            house={'*': 'Asker need not trump'},
            short={'*': "asker needn't trump"},
            example='off (as in Pagat), you may ask, see that trump is clubs, '
                    'and still throw the 7♦.'),
    Setting("unshown_trump", "--unshown", ("show_last", "dead"),
            "Trump never asked for: shown before the last trick, or the deal is dead.",
            name='Trump nobody asked for',
            means={
                'show_last': 'It is shown as the eighth trick begins.',
                'dead': 'The deal ends with no score: it is dead.',
            },
            house={'*': 'Unshown trump: no score'},
            short={'*': 'unshown trump: void'},
            example='with `dead`, everybody follows suit in all eight tricks '
                    'of a Pagat deal: nobody scores, and a face-down card was '
                    "simply the bidder's last card.",
            shown={'show_last': 'shown at trick 8', 'dead': 'deal is dead'}),
    Setting("pair", "--pair", ("on", "off"),
            "King and queen of trump in one hand may be declared: the target moves by 4.",
            name='The pair (king and queen)',
            means={
                'on': 'King and queen of trump in one hand move the target by 4.',
                'off': 'King and queen of trump are just two cards.',
            },
            house={'*': 'No pair (king and queen)'},
            short={'*': 'no pair'},
            example='off, holding K♠ Q♠ with spades trump changes nothing.'),
    Setting("match_bids", "--match-bids", ("on", "off"),
            "A player who spoke earlier may match a later player's bid instead of raising.",
            name='Matching bids',
            means={
                'on': 'An earlier bidder may equal a later bid to take it over.',
                'off': 'Every bid must be higher than the one before.',
            },
            house={'*': 'Bids may be matched'},
            short={'*': 'bids matched'},
            example='you bid 16, East bids 17; on your next turn you may say '
                    '17 and hold the contract; East must bid 18 or pass.'),
    Setting("no_trumps", "--no-trumps", ("on", "off"),
            "The bidder may declare that there is no trump suit.",
            name='No-trump deals',
            means={
                'on': 'The bidder may choose to play with no trump suit.',
                'off': 'Every deal has a trump suit.',
            },
            house={'*': 'No trumps allowed'},
            short={'*': 'no trumps'},
            example='holding J♠ J♥ J♦ 9♣ you declare no trumps rather than '
                    'trust one suit; every trick then goes to the highest card'
                    ' of the suit led, and there is no pair. With a face-down '
                    'card the declaration is open (there is no card to hide); '
                    'with a marker it stays secret until someone asks.'),
    Setting("double", "--double", ("on", "off"),
            "Before the second four cards a defender may double (deal worth 2), then the "
            "bidder may redouble (worth 4).",
            name='Doubling',
            means={
                'on': 'A defender may double (deal worth 2), the bidders redouble (4).',
                'off': 'Nobody may double: a deal is worth its usual points.',
            },
            house={'*': 'Defenders may double'},
            short={'*': 'doubling'},
            example='after the trump is chosen, the defender after the bidder '
                    'and then the other defender may double; bid 20, doubled '
                    'and redoubled, made: +4; missed: -4.'),
    Setting("single_hand", "--single-hand", ("on", "off"),
            "Before the first lead a player may announce taking every trick alone: no trumps, "
            "partner sits out, 3 game points won or lost.",
            name='Single hand',
            means={
                'on': 'A player may try to take all eight tricks alone, for 3 points.',
                'off': 'Nobody may play alone.',
            },
            house={'*': 'Single hand: all 8 alone'},
            short={'*': 'single hand'},
            example='each player in turn from the leader may announce before '
                    'the first lead; holding J and 9 of all four suits, you '
                    'announce, lead, and your partner lays down their cards; '
                    'the tricks have three cards, and you take all eight: +3 '
                    '(the first trick lost ends the deal: -3).'),
    Setting("redeal", "--redeal", ("on", "off"),
            "A player whose first four cards hold no points may ask for a new deal.",
            name='Redeal a pointless four',
            means={
                'on': 'With no point card in your first four you may ask for a new deal.',
                'off': 'You play the four cards you were dealt.',
            },
            house={'*': 'No point card in 4: redeal'},
            short={'*': 'redeal on 4'},
            example='you hold K♠ Q♥ 8♦ 7♣ (no J, 9, A or 10) and, before your '
                    'first bid or pass, ask for a new deal; the same dealer '
                    'deals again.'),
    Setting("pointless_hand_redeal", "--pointless-redeal", ("on", "off"),
            "A deal where anyone's eight cards hold no points is thrown in.",
            name='Redeal a pointless eight',
            means={
                'on': "If anyone's eight cards hold no point card, the deal starts again.",
                'off': 'A hand of eight cards with no point card is played as it is.',
            },
            house={'*': 'No point card in 8: redeal'},
            short={'*': 'redeal on 8'},
            example='once all eight cards are out, West holds K♠ Q♠ 8♥ 7♥ K♦ '
                    'Q♦ 8♣ 7♣, not one point card: the deal is thrown in and '
                    'the same dealer deals again.'),
    Setting("big_bids", "--big-bids", ("on", "off"),
            "A bid of 21 or more is worth 2 game points, won or lost.",
            name='Big bids count double',
            means={
                'on': 'A bid of 21 or more wins or loses 2 game points.',
                'off': 'Every bid wins or loses 1 game point (unless doubled).',
            },
            house={'*': 'Bids of 21 or more score 2'},
            short={'*': '21+ scores 2'},
            example='bid 22 and take 23: +2.'),
    Setting("half_loss", "--half-loss", ("on", "off"),
            "A bidding team taking less than half its bid loses 2 game points.",
            name='Heavy loss under half',
            means={
                'on': 'A bidding team taking less than half its bid loses 2 game points.',
                'off': 'A missed bid loses 1 game point however badly it failed.',
            },
            house={'*': 'Under half the bid loses 2'},
            short={'*': 'half loss 2'},
            example='bid 20 and take 9: -2 (with 10 it would be -1); together '
                    'with big bids the loss is still 2, not 4.'),
    Setting("all_tricks", "--all-tricks", ("on", "off"),
            "A team that takes all eight tricks wins the game at once.",
            name='All eight tricks win',
            means={
                'on': 'A team that takes all eight tricks wins the whole game at once.',
                'off': 'Taking all eight tricks scores like any other deal.',
            },
            house={'*': 'All 8 tricks win the game'},
            short={'*': '8 tricks win'},
            example='at -3 to +4, your team sweeps all eight tricks: you win '
                    'the game.'),
    Setting("game_to", "--game-to", tuple(str(n) for n in range(1, 100)),
            "Game points a team needs to win (and loses at the same number below zero).",
            name='Game length',
            means={'*': 'A team reaching +{n} wins the game; one falling to -{n} loses it.'},
            house={'*': 'Game to +{n} or -{n}'},
            short={'*': 'game to {n}'},
            example='`--game-to 3` for a short game.',
            shown={str(n): f"to {n}" for n in range(1, 100)}),
    Setting("direction", "--direction", ("anticlockwise", "clockwise"),
            "Which way play goes round the table on screen.",
            name='Direction of play',
            means={
                'anticlockwise': 'Play passes to your right: East plays after you.',
                'clockwise': 'Play passes to your left: West plays after you.',
            },
            house={'*': 'Play goes clockwise'},
            short={'*': 'clockwise'},
            example='clockwise (as in Pagat), West plays after you and East '
                    'before you; only the seats on screen change, not who bids'
                    ' or leads first.'),
)
"""Every rule setting, in the order players read them."""

SETTING: dict[str, Setting] = {st.field: st for st in SETTINGS}
"""The settings by :class:`Rules` field."""


def setting_text(rules: Rules, name: str) -> str:
    """A setting's value as a player reads it: ``on``/``off`` for switches."""
    value = getattr(rules, name)
    if isinstance(value, bool):
        return "on" if value else "off"
    return str(value)


def setting_value(name: str, text: str) -> object:
    """The value of setting ``name`` from its text form, not yet checked against the other
    settings (raises RulesError)."""
    current = getattr(Rules(), name)
    value: object
    if isinstance(current, bool):
        if text not in ("on", "off"):
            raise RulesError(f"{name.replace('_', ' ')} must be on or off, not {text!r}")
        value = text == "on"
    elif isinstance(current, int):
        try:
            value = int(text)
        except ValueError:
            raise RulesError(f"{name.replace('_', ' ')} must be a whole number, "
                             f"not {text!r}") from None
    else:
        value = text
    return value


def with_setting(rules: Rules, name: str, text: str) -> Rules:
    """``rules`` with one setting changed from its text form (raises RulesError)."""
    return rules.replace(**{name: setting_value(name, text)})


PRESETS: dict[str, Rules] = {
    "standard": Rules(),
    "28pt": Rules(last_trick_point=False),
    "app": Rules(ask="auto", match_bids=True, last_trick_point=False),
    "pagat": Rules(
        min_bid=15,
        last_trick_point=False,
        trump_indicator="marker",
        ask="compulsory",
        asker_must_trump=False,
        unshown_trump="dead",
        direction="clockwise",
    ),
}
"""The named variants."""
