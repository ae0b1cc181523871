"""What the settings screen offers, in a player's words: every row's name, its values and a
one-line explanation of the value shown; and how a choice is kept as the player's default.

Two kinds of rows: the table's preferences (:class:`~.prefs.Preferences`: the bots, their
speed, the clock, automatic play, the bell, take-back), which apply at once, and the rules
(:class:`~twentynine.engine.rules.Rules`), which apply to a game that has not begun, else from
the next game.  The rows hold no state: they read and change a :class:`Choice`.

>>> c = Choice(Rules(), Preferences())
>>> row = row_for("ask")
>>> row.label(c), row.explain(c)
('may ask', 'If you cannot follow suit you may ask to see trump, or just play on.')
>>> row.label(row.change(c, 1))
'must ask'
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, fields
from pathlib import Path

from ..bots import LEVEL_WORDS
from ..controller import saves
from ..engine.rules import PRESETS, SETTINGS, Rules, RulesError, setting_text, with_setting
from .prefs import BOT_NAMES, SPEED_NAMES, Preferences, load_prefs, save_prefs

TIMER_CHOICES: tuple[float | None, ...] = (None, 10.0, 15.0, 20.0, 25.0, 30.0, 45.0, 60.0,
                                           90.0, 120.0)
"""The move clock's values offered on the screen (seconds; None is no clock)."""


@dataclass(frozen=True, slots=True)
class Choice:
    """What the screen shows: the rules and the table preferences."""

    rules: Rules
    prefs: Preferences


class SettingError(ValueError):
    """A value that does not fit with the other settings (the rules say why)."""


@dataclass(frozen=True, slots=True)
class Row:
    """One line of the settings screen."""

    key: str
    """A Rules or Preferences field, or ``preset``."""
    kind: str
    """``table`` (a preference) or ``rules``."""
    name: str
    """The row's name in plain words."""
    values: Callable[[Choice], tuple[str, ...]]
    """The values in order, as text (a Rules setting's text, or a preference's)."""
    current: Callable[[Choice], str]
    setter: Callable[[Choice, str], Choice]
    """The choice with this row set to a value (raises SettingError if it does not fit)."""
    words: dict[str, str] = field(default_factory=dict)
    """How a value is shown, where its text is not plain enough."""
    explanations: dict[str, str] = field(default_factory=dict)
    """One line per value (``*`` for any value), explaining what the value shown means."""

    def label(self, choice: Choice) -> str:
        """The current value as the player reads it."""
        value = self.current(choice)
        return self.words.get(value, value)

    def explain(self, choice: Choice) -> str:
        """One line saying what the current value means."""
        value = self.current(choice)
        text = self.explanations.get(value) or self.explanations["*"]
        return text.replace("{n}", value)

    def change(self, choice: Choice, delta: int) -> Choice:
        """The next (``delta`` 1) or previous (-1) value that fits with the other settings;
        raises SettingError when none does."""
        values = self.values(choice)
        current = self.current(choice)
        i = values.index(current) if current in values else -1 if delta > 0 else 0
        reason = ""
        for k in range(1, len(values) + 1):
            candidate = values[(i + delta * k) % len(values)]
            if candidate == current:
                continue
            try:
                return self.setter(choice, candidate)
            except SettingError as exc:
                reason = reason or str(exc)
        raise SettingError(reason or "this setting has no other value with the others")

    def differs(self, choice: Choice) -> bool:
        """The value is not the standard game's (rules) or the default (table)."""
        base = Choice(Rules(), Preferences())
        return self.key != "preset" and self.current(choice) != self.current(base)


def _rule_row(key: str, name: str, explanations: dict[str, str],
              words: dict[str, str] | None = None) -> Row:
    setting = next(st for st in SETTINGS if st.field == key)

    def values(c: Choice) -> tuple[str, ...]:
        if key == "max_bid":  # only up to the deal's total points
            return tuple(v for v in setting.choices if int(v) <= c.rules.total_points)
        return setting.choices

    def setter(c: Choice, text: str) -> Choice:
        try:
            return Choice(with_setting(c.rules, key, text), c.prefs)
        except RulesError as exc:
            raise SettingError(str(exc)) from None

    return Row(key, "rules", name, values, lambda c: setting_text(c.rules, key), setter,
               words or {}, explanations)


def _pref_text(value: object) -> str:
    if isinstance(value, bool):
        return "on" if value else "off"
    if value is None:
        return "off"
    if isinstance(value, float):
        return f"{value:g}"
    return str(value)


def _pref_row(key: str, name: str, values: tuple[str, ...], explanations: dict[str, str],
              words: dict[str, str] | None = None) -> Row:
    def current(c: Choice) -> str:
        return _pref_text(getattr(c.prefs, key))

    def all_values(c: Choice) -> tuple[str, ...]:
        now = current(c)
        if now in values:
            return values
        # a value from the command line that the screen does not offer: kept in order
        if key == "timer":
            nums = sorted({float(v) for v in values if v != "off"} | {float(now)})
            return ("off", *(f"{n:g}" for n in nums))
        return (*values, now)  # pragma: no cover - only the clock takes free values

    def setter(c: Choice, text: str) -> Choice:
        value: object
        if key == "timer":
            value = None if text == "off" else float(text)
        elif isinstance(getattr(c.prefs, key), bool):
            value = text == "on"
        else:
            value = text
        return Choice(c.rules, c.prefs.replace(**{key: value}))

    return Row(key, "table", name, all_values, current, setter, words or {}, explanations)


def _preset_name(c: Choice) -> str:
    return next((name for name, r in PRESETS.items() if r == c.rules), "own")


def _set_preset(c: Choice, name: str) -> Choice:
    return Choice(PRESETS[name], c.prefs)


ON_OFF = ("on", "off")

TABLE_ROWS: tuple[Row, ...] = (
    _pref_row("bots", "Computer players' strength", BOT_NAMES, LEVEL_WORDS),
    _pref_row("speed", "Speed of their moves", SPEED_NAMES, {
        "slow": "A long pause after each move, time to follow every card.",
        "normal": "A comfortable pause after each move and each trick.",
        "fast": "A short pause after each move; a trick stays a second.",
        "instant": "Their moves appear at once; a finished trick stays a moment.",
    }),
    _pref_row("timer", "Move clock", tuple(_pref_text(t) for t in TIMER_CHOICES), {
        "off": "No clock: take as long as you like.",
        "*": "{n} seconds for each of your moves; then the hint's move is made.",
    }, {"off": "off", **{_pref_text(t): f"{_pref_text(t)} s" for t in TIMER_CHOICES if t}}),
    _pref_row("auto_play", "Play a forced card for me", ON_OFF, {
        "on": "When only one card is legal, it is played for you after a short pause.",
        "off": "You play every card yourself, even the only legal one.",
    }),
    _pref_row("bell", "Bell on my turn", ON_OFF, {
        "on": "The terminal rings its bell when it is your turn.",
        "off": "No sound when it is your turn.",
    }),
    _pref_row("take_back", "Take-back", ON_OFF, {
        "on": "You may take back your last decision within a deal.",
        "off": "Every decision is final.",
    }),
)
"""The table's preferences: they apply at once."""

RULE_ROWS: tuple[Row, ...] = (
    Row("preset", "rules", "Start from a rule set", lambda c: tuple(PRESETS), _preset_name,
        _set_preset, {"own": "your own", "28pt": "28 points"}, {
            "standard": "The standard game: 29 points, bids 16 to 28, asking optional.",
            "28pt": "The standard game without the point for the last trick.",
            "app": "As phone apps play: 28 points, trump turns up, bids may be matched.",
            "pagat": "Pagat's rules: bids from 15, 28 points, a trump marker, clockwise.",
            "own": "Your own mix of the settings below.",
        }),
    *(_rule_row(st.field, st.name, st.means, st.shown) for st in SETTINGS),
)
"""The rules, in the order players read them (the same order as the flags)."""

ROWS: tuple[Row, ...] = TABLE_ROWS + RULE_ROWS


def row_for(key: str) -> Row:
    """The row of a Rules or Preferences field (or ``preset``)."""
    return next(r for r in ROWS if r.key == key)


def changed_fields(before: object, after: object) -> dict[str, object]:
    """The fields of two Rules (or two Preferences) that differ, with the new values."""
    return {f.name: getattr(after, f.name) for f in fields(after)  # type: ignore[arg-type]
            if getattr(before, f.name) != getattr(after, f.name)}


def save_choice(before: Choice, after: Choice, settings_file: Path, prefs_file: Path
                ) -> list[str]:
    """Keep what the player changed on the screen as their default: the changed rules
    (through the saved default rules) and the changed preferences (through prefs.json).
    What came from the command line for this run only and was left alone is not
    saved.  Returns the problems, in plain words (empty when all went well)."""
    problems: list[str] = []
    rules_changes = changed_fields(before.rules, after.rules)
    if rules_changes:
        saved, _problem = saves.load_default_rules(settings_file)
        try:
            rules = (saved or Rules()).replace(**rules_changes)
        except RulesError:  # the changes do not fit the saved default: keep what is shown
            rules = after.rules
        try:
            saves.save_default_rules(rules, settings_file)
        except OSError as exc:
            problems.append(f"Could not save the rules as your default: {exc}")
    pref_changes = changed_fields(before.prefs, after.prefs)
    if pref_changes:
        saved_prefs, _message = load_prefs(prefs_file)
        try:
            save_prefs(saved_prefs.replace(**pref_changes), prefs_file)
        except OSError as exc:
            problems.append(f"Could not save the table settings: {exc}")
    return problems
