"""The coach's commands on the command line: ``twentynine stats``, ``history``, ``review``
and ``export``.  A front end like the table: it prints what :mod:`twentynine.coach`
computes, and opens the review screen of :mod:`twentynine.tui.coach`.

Output goes through rich (tables, a sparkline); a bad value or a bad record file exits
2 with one line and writes nothing; a history from a newer version is left alone.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..coach.history import DealRow, History, open_history
from ..coach.phrases import count, positions, signed
from ..coach.stats import compute_stats
from ..common.storage import damage_words, write_atomic
from ..engine.records import RecordError, dumps, loads, replay_deal
from ..engine.rules import PRESETS, Rules, RulesError
from ..tui.stats_table import stats_renderable

COMMANDS = ("stats", "history", "review", "export")


def add_commands(sub: Any) -> None:
    """Add the coach's subcommands to the ``twentynine`` parser's subparsers."""
    stats = sub.add_parser("stats", help="your statistics from the history of your games")
    stats.add_argument("--trend", type=int, default=10, metavar="GAMES",
                       help="games in the mistakes trend (default: 10)")
    hist = sub.add_parser("history", help="list your past games and deals")
    hist.add_argument("--games", type=int, default=20, metavar="N",
                      help="how many of the latest games (default: 20)")
    for p in (stats, hist):
        p.add_argument("--no-review", action="store_true",
                       help="do not review the deals not yet reviewed first (their "
                            "mistakes are then not counted)")
    review = sub.add_parser("review", help="review a deal: --last, a DEAL_ID or a FILE.json; "
                                           "--pending: every deal not yet reviewed")
    review.add_argument("target", nargs="?", metavar="DEAL_ID|FILE.json",
                        help="a deal id from `twentynine history`, or a deal record file")
    review.add_argument("--last", action="store_true", help="the last deal you played")
    review.add_argument("--seat", type=int, choices=range(4), default=None,
                        help="whose decisions to grade in a record file (default: 0)")
    review.add_argument("--text", action="store_true",
                        help="print the review instead of opening the review screen")
    review.add_argument("--pending", action="store_true",
                        help="review every deal of the history not yet reviewed, one at a "
                             "time, and keep the reviews")
    # what the table starts after each deal: low priority, silent, one at a time
    review.add_argument("--background", action="store_true", help=argparse.SUPPRESS)
    export = sub.add_parser("export", help="write a stored deal's JSON record")
    export.add_argument("deal_id", metavar="DEAL_ID")
    export.add_argument("-o", "--output", default=None, metavar="FILE",
                        help="write to FILE (default: print it)")
    for p in (stats, hist, review, export):
        p.add_argument("--game", choices=("twentynine", "twentyfive"), default="twentynine",
                       help="whose history: twentyfive's is kept apart (a deal id is then "
                            "GAME.DEAL, as `history --game twentyfive` lists it; its "
                            "review is printed)")


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
    if getattr(opts, "game", "twentynine") == "twentyfive":
        from .race_commands import run as run_twentyfive

        return run_twentyfive(opts)
    console = Console(highlight=False)
    if opts.command == "review":
        return _review(opts, console)
    history = _open(console)
    if history is None:
        return 1
    try:
        if opts.command == "stats" and opts.trend < 1:
            return _fail("--trend must be 1 or more")
        if opts.command in ("stats", "history"):
            _catch_up(history, console, review=not opts.no_review)
        if opts.command == "stats":
            st = compute_stats(history.games(), history.deals(), opts.trend)
            console.print(stats_renderable(st))
            return 0
        if opts.command == "history":
            console.print(history_table(history, opts.games))
            return 0
        return _export(opts, history, console)
    finally:
        history.close()


# --------------------------------------------------------------------------- pending
def _pending_words(rows: list[DealRow]) -> str:
    """``2 deals not yet reviewed``; deals whose review an older grading made (their
    mistakes are counted by that grading until they are graded again) said apart."""
    older = sum(r.mistakes is not None for r in rows)
    new = len(rows) - older
    parts = [f"{count(new, 'deal')} not yet reviewed"] if new else []
    if older:
        parts.append(f"{count(older, 'deal')} reviewed by an older grading")
    return " and ".join(parts)


def _catch_up(history: History, console: Console, *, review: bool = True) -> None:
    """The deals not yet reviewed (a table quit or killed before its background review
    finished): reviewed now, with a progress line, so their mistakes count; Ctrl-C stops
    and leaves the rest for later."""
    from ..coach.review import REVIEW_VERSION

    rows = history.unreviewed(REVIEW_VERSION)
    if not rows:
        return
    said = _pending_words(rows)
    if not review:
        counted = ("only the older grading's mistakes are counted"
                   if any(r.mistakes is not None for r in rows) else
                   "their mistakes are not counted")
        console.print(f"{said}: {counted} (`twentynine review --pending` reviews them).")
        return
    console.print(f"{said}: reviewing {'it' if len(rows) == 1 else 'them'} now "
                  f"(Ctrl-C stops; the rest are then not counted).")
    try:
        _review_pending(history)
    except KeyboardInterrupt:
        sys.stderr.write("\n")
        left = history.unreviewed(REVIEW_VERSION)
        console.print(f"Stopped: {_pending_words(left) or 'none left'}.")


def _review_pending(history: History) -> int:
    """Review every deal not yet reviewed, with a progress line on stderr; how many."""
    from ..coach.pending import review_pending

    shown = False

    def progress(n: int, total: int, row: DealRow, k: int, of: int) -> None:
        nonlocal shown
        shown = True
        sys.stderr.write(f"\rreviewing deal {n} of {total} (id {row.id}): "
                         f"{k}/{of} decisions \x1b[K")
        sys.stderr.flush()

    failed: set[int] = set()
    done = review_pending(history, progress=progress, failed=failed)
    if shown:
        sys.stderr.write("\n")
    if failed:
        ids = ", ".join(str(i) for i in sorted(failed))
        print(f"{count(len(failed), 'deal')} could not be reviewed (id {ids}): the stored "
              f"record does not replay.", file=sys.stderr)
    return done


def _pending(opts: argparse.Namespace, console: Console) -> int:
    """``review --pending``: every deal without a current review, reviewed and kept;
    ``--background``: as the table starts it, at a low priority and silent, and only if
    no other background reviewer is running."""
    from ..coach.pending import lower_priority, run_background
    from ..coach.review import REVIEW_VERSION

    if opts.target is not None or opts.last:
        return _fail("review --pending takes no DEAL_ID, FILE.json or --last")
    if opts.background:
        lower_priority()
        opened = open_history()
        if opened.history is None:
            return 1
        try:
            run_background(opened.history)
        finally:
            opened.history.close()
        return 0
    history = _open(console)
    if history is None:
        return 1
    try:
        rows = history.unreviewed(REVIEW_VERSION)
        if not rows:
            console.print("Every deal in the history is reviewed.")
            return 0
        console.print(f"{_pending_words(rows)}.")
        done = _review_pending(history)
        console.print(f"{count(done, 'deal')} reviewed and kept.")
        return 0
    finally:
        history.close()


# --------------------------------------------------------------------------- history
def _result(d: DealRow) -> str:
    """A deal's result as the deal's summary and its review give it: each side's game
    points (``your side 0, the other side +1``), then the contract and the card points."""
    if d.thrown_in:
        return "thrown in"
    us, them = d.game_points
    score = f"your side {signed(us)}, the other side {signed(them)}"
    if d.bidder is None or d.bid is None:
        return score
    who = "you" if d.bidder == d.seat else positions(Rules.from_dict(
        d.record["rules"]))[(d.bidder - d.seat) & 3].capitalize()
    made = "made" if d.made else "missed"
    return (f"{score} ({who} bid {d.bid}, {made}; card points {d.card_points[0]} to "
            f"{d.card_points[1]})")


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
            score = f" {signed(g.score[0])} to {signed(g.score[1])}" if g.score else ""
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
    try:  # the player's own file, not a private one: it keeps the usual permissions
        write_atomic(out, text, private=False)
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
        raise RecordError(f"cannot read {path}: {damage_words(exc)}") from None
    try:
        record = loads(text)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    try:
        deal, _ = replay_deal(record)
    except RecordError as exc:
        raise RecordError(f"{path}: {exc}") from None
    except (ValueError, TypeError, KeyError) as exc:
        raise RecordError(f"{path}: the record does not replay: {damage_words(exc)}") \
            from None
    if deal.outcome is None:
        raise RecordError(f"{path}: the deal is not finished, so there is nothing to review")
    return record


def _review(opts: argparse.Namespace, console: Console) -> int:
    row: DealRow | None = None
    history: History | None = None
    record: dict[str, Any]
    seat = opts.seat if opts.seat is not None else 0
    if opts.pending or opts.background:
        return _pending(opts, console)
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
    from ..coach.review import RULE_WORDS, cached_review, review_deal

    def progress(done: int, total: int) -> None:
        sys.stderr.write(f"\rreviewing your decisions: {done}/{total}")
        sys.stderr.flush()

    if history is not None and row is not None:
        rev = cached_review(history, row, progress=progress)
    else:
        rev = review_deal(record, seat, progress=progress)
    sys.stderr.write("\n")
    deal, _ = replay_deal(record)
    title = f"Deal {deal.number}" + (f" (id {row.id}, played {row.played})" if row else "")
    out = deal.outcome
    if out is not None and out.bidder >= 0 and out.thrown_in is None:
        bidder = ("you" if out.bidder == seat else
                  positions(deal.rules)[(out.bidder - seat) & 3].capitalize())
        title += (f": {bidder} bid {out.bid}, {'made' if out.made else 'missed'} "
                  f"({out.card_points[out.bidder & 1]} points)")
    console.print(title, style="bold")
    t = Table(title="Your decisions, graded from what you could see then",
              title_justify="left",
              caption="chance, card pts, game pts: what each choice cost against the "
                      "search's, in the figures the hint shows (the chance to make or beat "
                      "the contract, in points, then card points; the search's game points "
                      "a deal only where they decide: those two alike, a bid, a double). "
                      + RULE_WORDS + ". Double dummy: the exact verdict with every hand "
                      "seen (from trick 5) - what was best with the cards as they lay, not "
                      "what you could know.",
              caption_justify="left")
    t.add_column("when", no_wrap=True)
    t.add_column("you")
    t.add_column("search")
    t.add_column("chance", justify="right", no_wrap=True)
    t.add_column("card pts", justify="right", no_wrap=True)
    t.add_column("game pts", justify="right", no_wrap=True)
    t.add_column("double dummy", justify="right")
    for g in rev.grades:
        when = (f"{g.mark} " if g.mark != "✓" else "  ") + (f"trick {g.trick}" if g.trick
                                                             else g.phase)
        if g.by_table:  # not the player's decision: no grade, no cost
            t.add_row(when, g.taken, g.best, "-", "-", "-", "-", style="dim")
            continue
        dd = "-" if g.dd_loss is None else (
            "best" if g.dd_loss < 0.005 else f"{g.dd_loss:.2f} ({g.dd_best} best)")
        chance = "-" if g.chance_loss is None else (
            "0" if g.chance_loss < 0.005 else f"{100 * g.chance_loss:.0f} pts")
        card = "-" if g.card_loss is None else (
            "0" if g.card_loss < 0.05 else f"{g.card_loss:.1f}")
        # the search's game points are a cost only where the rule weighs them
        game = ("-" if g.by not in ("game points", "same", "") else
                f"{g.loss:.2f}" if g.loss >= 0.005 else "0")
        t.add_row(when, g.taken, g.best, chance, card, game, dd,
                  style="bold red" if g.mistake else None)
    console.print(t)
    for g in rev.grades:
        if g.mistake:
            console.print(f"✗ {g.reason}")
    you, hard = rev.you, rev.hard
    console.print(f"You: {you.words()}. Hard in your seat: {hard.words()} "
                  f"({rev.replay_note}).")
    return 0

