"""The coach's commands: ``twentynine stats``, ``history``, ``review`` and ``export``.

Output goes through rich (tables, a sparkline); a bad value or a bad record file exits
2 with one line and writes nothing; a history from a newer version is left alone.
"""

from __future__ import annotations

import argparse
import os
import sys
from pathlib import Path
from typing import Any

from rich.console import Console, Group
from rich.table import Table
from rich.text import Text

from ..records import RecordError, dumps, loads, replay_deal
from ..rules import PRESETS, Rules, RulesError
from ..tui.text import positions
from .history import DealRow, History, open_history
from .stats import Stats, compute_stats, sparkline

COMMANDS = ("stats", "history", "review", "export")


def add_commands(sub: Any) -> None:
    """Add the coach's subcommands to the ``twentynine`` parser's subparsers."""
    stats = sub.add_parser("stats", help="your statistics from the history of your games")
    stats.add_argument("--trend", type=int, default=10, metavar="GAMES",
                       help="games in the mistakes trend (default: 10)")
    hist = sub.add_parser("history", help="list your past games and deals")
    hist.add_argument("--games", type=int, default=20, metavar="N",
                      help="how many of the latest games (default: 20)")
    review = sub.add_parser("review", help="review a deal: --last, a DEAL_ID or a FILE.json")
    review.add_argument("target", nargs="?", metavar="DEAL_ID|FILE.json",
                        help="a deal id from `twentynine history`, or a deal record file")
    review.add_argument("--last", action="store_true", help="the last deal you played")
    review.add_argument("--seat", type=int, choices=range(4), default=None,
                        help="whose decisions to grade in a record file (default: 0)")
    review.add_argument("--text", action="store_true",
                        help="print the review instead of opening the review screen")
    export = sub.add_parser("export", help="write a stored deal's JSON record")
    export.add_argument("deal_id", metavar="DEAL_ID")
    export.add_argument("-o", "--output", default=None, metavar="FILE",
                        help="write to FILE (default: print it)")


def _fail(message: str) -> int:
    print(f"twentynine: error: {message}", file=sys.stderr)
    return 2


def _open(console: Console) -> History | None:
    opened = open_history()
    if opened.message:
        console.print(opened.message, style="yellow", highlight=False)
    return opened.history


def rules_name(rules: dict[str, Any]) -> str:
    """The preset a rules dict matches, else ``custom``."""
    try:
        r = Rules.from_dict(rules)
    except (RulesError, TypeError, ValueError):
        return "?"
    for name, preset in PRESETS.items():
        if preset == r:
            return name
    return "custom"


def run(opts: argparse.Namespace) -> int:
    """Run one of :data:`COMMANDS`; the exit status."""
    console = Console(highlight=False)
    if opts.command == "review":
        return _review(opts, console)
    history = _open(console)
    if history is None:
        return 1
    try:
        if opts.command == "stats":
            if opts.trend < 1:
                return _fail("--trend must be 1 or more")
            st = compute_stats(history.games(), history.deals(), opts.trend)
            console.print(stats_renderable(st))
            return 0
        if opts.command == "history":
            console.print(history_table(history, opts.games))
            return 0
        return _export(opts, history, console)
    finally:
        history.close()


# --------------------------------------------------------------------------- stats
def _rate(made: int, n: int) -> str:
    return f"{made}/{n} ({100 * made / n:.0f}%)" if n else "-"


def count(n: int, word: str) -> str:
    """``1 hint``, ``2 hints``.

    >>> count(1, "take-back"), count(0, "mistake"), count(3, "reviewed deal")
    ('1 take-back', '0 mistakes', '3 reviewed deals')
    """
    return f"{n} {word}{'' if n == 1 else 's'}"


def _bar(rate: float) -> str:
    """A rate from 0 to 1 as ten cells, each a tenth.

    >>> _bar(0.5)
    '█████░░░░░'
    """
    full = round(10 * rate)
    return "█" * full + "░" * (10 - full)


def stats_renderable(st: Stats, title: str | None = "Your statistics") -> Group:
    """The statistics as rich tables (the table's statistics screen shows the same under
    its own title, so it passes ``title=None``)."""
    t = Table(title=title, show_header=False, title_justify="left")
    t.add_column("what", style="bold")
    t.add_column("value")
    t.add_row("Games", f"{st.games_played} played: {st.games_won} won, {st.games_lost} lost"
              + (f" ({st.games_unfinished} unfinished)" if st.games_unfinished else ""))
    t.add_row("Deals", str(st.deals))
    t.add_row("As bidder", _rate(st.bidder_made, st.bidder_contracts) + " contracts made"
              if st.bidder_contracts else "none yet")
    t.add_row("Partner bid", _rate(st.partner_made, st.partner_contracts) +
              " contracts made" if st.partner_contracts else "none yet")
    t.add_row("As defender", _rate(st.defeated, st.defended) + " contracts defeated"
              if st.defended else "none yet")
    t.add_row("Card points", "-" if st.average_card_points is None else
              f"{st.average_card_points:.1f} a deal (your side)")
    t.add_row("Pairs", f"{st.pairs} declared by your side, {st.pairs_against} against")
    t.add_row("Hints", f"{st.hints} (in {count(st.deals_with_hints, 'deal')})")
    t.add_row("Take-backs",
              f"{st.take_backs} (in {count(st.games_with_take_backs, 'game')})")
    t.add_row("Mistakes", "no deal reviewed yet" if st.mistakes_per_deal is None else
              f"{st.mistakes_per_deal:.2f} a deal ({st.mistakes} in "
              f"{count(st.reviewed_deals, 'reviewed deal')})")
    parts: list[Any] = [t]
    if st.bidder_contracts:  # before the first, "As bidder: none yet" says it all
        bands = Table(title="Your contracts by bid", title_justify="left")
        bands.add_column("bid")
        bands.add_column("contracts", justify="right")
        bands.add_column("made", justify="right")
        # the rate and its bar under one heading: the bar draws the rate (█ a tenth)
        bands.add_column("success (█ = 10%)")
        for b in st.as_bidder:
            rate = b.rate
            bands.add_row(b.band, str(b.contracts), str(b.made),
                          "   -" if rate is None else f"{100 * rate:3.0f}% " + _bar(rate))
        parts.append(bands)
    if len(st.trend) >= 2:  # a trend of one game is no trend ("1.00 → 1.00")
        values = [p.mistakes_per_deal for p in st.trend]
        line = Text("Mistakes a deal, last games: ", style="bold")
        line.append(sparkline(values), style="cyan")
        line.append(f"  ({values[0]:.2f} → {values[-1]:.2f}, oldest to latest)")
        parts.append(line)
    return Group(*parts)


# --------------------------------------------------------------------------- history
def _result(d: DealRow) -> str:
    if d.thrown_in:
        return "thrown in"
    us, them = d.game_points
    score = f"{us - them:+d}"
    if d.bidder is None or d.bid is None:
        return score
    who = "you" if d.bidder == d.seat else positions(Rules.from_dict(
        d.record["rules"]))[(d.bidder - d.seat) & 3].capitalize()
    made = "made" if d.made else "failed"
    return f"{score} ({who} bid {d.bid}, {made}; {d.card_points[0]}-{d.card_points[1]})"


def history_table(history: History, games: int = 20) -> Table:
    """The latest games and their deals."""
    t = Table(title="Your games", title_justify="left")
    t.add_column("deal id", justify="right")
    t.add_column("date")
    t.add_column("rules")
    t.add_column("deal", justify="right")
    t.add_column("result")
    t.add_column("notes")
    rows = history.games()[-games:]
    for g in rows:
        if g.won is None:
            outcome = "unfinished"
        else:
            score = f" {g.score[0]:+d} to {g.score[1]:+d}" if g.score else ""
            outcome = ("won" if g.won else "lost") + score
        notes = []
        if g.hints:
            notes.append(count(g.hints, "hint"))
        if g.take_backs:
            notes.append(count(g.take_backs, "take-back"))
        t.add_row("", g.started, rules_name(g.rules), "", Text(f"game: {outcome}",
                                                              style="bold"),
                  ", ".join(notes))
        for d in history.deals(g.id):
            extra = []
            if d.mistakes is not None:
                extra.append(count(d.mistakes, "mistake"))
            if d.hints:
                extra.append(count(d.hints, "hint"))
            if d.take_backs:
                extra.append(count(d.take_backs, "take-back"))
            t.add_row(str(d.id), d.played[11:16], "", str(d.number), _result(d),
                      ", ".join(extra))
    if not rows:
        t.caption = "No game yet: finished deals are kept here as you play."
    return t


# --------------------------------------------------------------------------- export
def _deal_id(text: str) -> int | None:
    try:
        n = int(text)
    except ValueError:
        return None
    return n if n >= 1 else None


def _export(opts: argparse.Namespace, history: History, console: Console) -> int:
    n = _deal_id(opts.deal_id)
    row = history.deal(n) if n is not None else None
    if row is None:
        return _fail(f"no deal {opts.deal_id!r} in the history (see `twentynine history`)")
    text = dumps(row.record) + "\n"
    if opts.output is None:
        sys.stdout.write(text)
        return 0
    out = Path(opts.output)
    tmp = out.with_name(out.name + ".tmp")
    try:
        with open(tmp, "w", encoding="utf-8") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, out)
    except OSError as exc:
        return _fail(f"cannot write {out}: {exc}")
    console.print(f"Deal {n} written to {out}")
    return 0


# --------------------------------------------------------------------------- review
def read_record_file(path: Path) -> dict[str, Any]:
    """A deal record from a file, checked by replaying it (raises RecordError, saying what
    is wrong, in one line)."""
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(f"cannot read {path}: {exc}") from None
    try:
        record = loads(text)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    try:
        deal, _ = replay_deal(record)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"{path}: the record does not replay: {exc}") from None
    if deal.outcome is None:
        raise RecordError(f"{path}: the deal is not finished, so there is nothing to review")
    return record


def _review(opts: argparse.Namespace, console: Console) -> int:
    row: DealRow | None = None
    history: History | None = None
    record: dict[str, Any]
    seat = opts.seat if opts.seat is not None else 0
    if opts.last == (opts.target is not None):
        return _fail("review needs one of --last, a DEAL_ID or a FILE.json")
    if opts.target is not None and _deal_id(opts.target) is None:
        try:
            record = read_record_file(Path(opts.target))
        except RecordError as exc:
            return _fail(str(exc).replace("\n", " "))
    else:
        history = _open(console)
        if history is None:
            return 1
        row = history.last_deal() if opts.last else history.deal(_deal_id(opts.target) or 0)
        if row is None:
            history.close()
            what = "no deal in the history yet" if opts.last else \
                f"no deal {opts.target!r} in the history (see `twentynine history`)"
            return _fail(what)
        record = row.record
        seat = row.seat
    try:
        if opts.text:
            return _print_review(console, record, seat, history, row)
        from ..tui.coach import run_review

        return run_review(record, seat, history, row)
    finally:
        if history is not None:
            history.close()


def _print_review(console: Console, record: dict[str, Any], seat: int,
                  history: History | None, row: DealRow | None) -> int:
    from .review import cached_review, review_deal

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rreviewing your decisions: {done}/{total}")
        sys.stderr.flush()

    if history is not None and row is not None:
        rev = cached_review(history, row, progress=progress)
    else:
        rev = review_deal(record, seat, progress=progress)
    sys.stderr.write("\n")
    t = Table(title="Your decisions, graded from what you could see then",
              title_justify="left",
              caption="game, card: the game points and card points the search estimates "
                      "the choice gave up (✗: a mistake). "
                      "Double dummy: the exact verdict with every hand seen (from trick 5) "
                      "- what was best with the cards as they lay, not what you could know.",
              caption_justify="left")
    t.add_column("when", no_wrap=True)
    t.add_column("you")
    t.add_column("search")
    t.add_column("game", justify="right", no_wrap=True)
    t.add_column("card", justify="right", no_wrap=True)
    t.add_column("double dummy", justify="right")
    for g in rev.grades:
        when = ("✗ " if g.mistake else "  ") + (f"trick {g.trick}" if g.trick else g.phase)
        dd = "-" if g.dd_loss is None else (
            "best" if g.dd_loss < 0.005 else f"-{g.dd_loss:.2f} ({g.dd_best})")
        card = "-" if g.card_loss is None else (
            "0" if abs(g.card_loss) < 0.05 else f"{-g.card_loss:+.1f}")
        t.add_row(when, g.taken, g.best, f"{-g.loss:.2f}" if g.loss >= 0.005 else "0",
                  card, dd, style="bold red" if g.mistake else None)
    console.print(t)
    for g in rev.mistakes:
        console.print(f"• {g.reason}")
    you, hard = rev.you, rev.hard
    console.print(f"You: {you.game_points:+d}, {you.card_points} points; "
                  f"hard in your seat: {hard.game_points:+d}, {hard.card_points} points "
                  f"({rev.replay_note}).")
    return 0

