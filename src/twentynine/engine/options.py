"""The rule flags (``--variant``, ``--min-bid``, ...) and the rules they describe.

Shared by the command line and the table (which layers the flags over the player's saved
settings), so it sits below both.

>>> import argparse
>>> p = argparse.ArgumentParser()
>>> add_rules_options(p)
>>> rules_from(p.parse_args(["--variant", "28pt", "--min-bid", "15"])).min_bid
15
"""

from __future__ import annotations

import argparse

from .rules import PRESETS, SETTINGS, Rules, RulesError, setting_value


def add_rules_options(p: argparse.ArgumentParser) -> None:
    """The rule flags shared by every subcommand: a preset, then one flag per setting."""
    p.add_argument("--variant", choices=list(PRESETS), default=None,
                   help="rule preset (default: standard, or your saved settings at the table)")
    g = p.add_argument_group("rule settings (each overrides the preset)")
    for st in SETTINGS:
        metavar = "{" + ",".join(st.choices) + "}" if len(st.choices) <= 4 else "N"
        switch = st.choices == ("on", "off")
        g.add_argument(st.flag, dest=f"rule_{st.field}", default=None, metavar=metavar,
                       nargs="?" if switch else None, const="on" if switch else None,
                       help=st.help.replace("%", "%%"))


def rules_from(opts: argparse.Namespace, base: Rules | None = None) -> Rules:
    """The rules the flags describe: the preset (or ``base``), then each setting given."""
    if opts.variant is not None or base is None:
        rules = Rules.preset(opts.variant or "standard")
    else:
        rules = base
    changes: dict[str, object] = {}
    for st in SETTINGS:
        text = getattr(opts, f"rule_{st.field}", None)
        if text is None:
            continue
        if text not in st.choices:
            if len(st.choices) <= 4:
                raise RulesError(f"{st.flag} must be one of {', '.join(st.choices)}, "
                                 f"not {text!r}")
            # the range these rules allow (a 28-point game bids to 28, not 29), so the
            # message a player reads first is the one that holds for the game they asked for
            fits = [c for c in st.choices if _fits(rules, st.field, c)] or list(st.choices)
            these = "" if len(fits) == len(st.choices) else " with these rules"
            raise RulesError(f"{st.flag} must be from {fits[0]} to {fits[-1]}{these}, "
                             f"not {text!r}")
        changes[st.field] = setting_value(st.field, text)
    # all at once, so the flags' order does not matter (--last-trick on --max-bid 29 on 28pt)
    try:
        return rules.replace(**changes) if changes else rules
    except RulesError:
        for st in SETTINGS:  # a value these rules never allow, named by its flag
            text = getattr(opts, f"rule_{st.field}", None)
            if text is not None and len(st.choices) > 4 and not _fits(rules, st.field, text):
                fits = [c for c in st.choices if _fits(rules, st.field, c)]
                if fits:
                    raise RulesError(f"{st.flag} must be from {fits[0]} to {fits[-1]} "
                                     f"with these rules, not {text!r}") from None
        raise


def _fits(rules: Rules, field: str, text: str) -> bool:
    try:
        rules.replace(**{field: setting_value(field, text)})
    except RulesError:
        return False
    return True


def rule_flags_given(opts: argparse.Namespace) -> bool:
    """Whether any rule flag (a preset or a setting) was given on the command line."""
    return opts.variant is not None or any(
        getattr(opts, f"rule_{st.field}", None) is not None for st in SETTINGS)
