"""The history of Twenty-Five games, apart from Twenty-Nine's: every finished deal with the
game's record, the hints asked, its review once made; and the statistics drawn from it.

One JSON file, ``twentyfive-history.json`` in the player's data directory
(:func:`twentynine.common.storage.data_dir`), written whole or not at all
(:func:`~twentynine.common.storage.write_atomic`).  A file that cannot be read is set
aside (:func:`~twentynine.common.storage.set_aside`) and a fresh one started; the reason
is kept in :attr:`RaceHistory.problem` for the table to show.  Games and wins by kind of
table stay in :mod:`twentynine.twentyfive.race_stats` (the table counts each finished
game there); this history adds what the coach knows of each deal.

Each game holds its record as far as its last stored deal (the moves as text: a deal is
replayed from it for the review), the hints of the deal in play (``open_hints``, written
at each hint, so a quit keeps them), and per deal: its number, how many tricks it had
and how many your side took, whether you robbed (or could), the top trumps you held back
(and could have), its hints and its review.

>>> import tempfile
>>> from pathlib import Path
>>> h = RaceHistory(Path(tempfile.mkdtemp()) / "h.json")
>>> h.note_hint("g1", {"rules": {}, "seed": 1, "first_dealer": 3, "moves": []}, "easy")
>>> h.game("g1").open_hints
1
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from ..common.storage import damage_words, data_dir, set_aside, write_atomic
from ..twentyfive.house_rules import HouseRules
from ..twentyfive.race_stats import table_name
from .race_review import REVIEW_VERSION, RaceReview, replay_deal

HISTORY_NAME = "twentyfive-history.json"
VERSION = 1


def race_history_path(explicit: Path | str | None = None) -> Path:
    """Where the Twenty-Five history lives."""
    return data_dir(explicit) / HISTORY_NAME


@dataclass
class DealEntry:
    """One finished deal of a game."""

    number: int
    tricks: int
    """Tricks played (fewer than five when the race was won in the deal)."""
    tricks_us: int
    """Of those, taken by your side."""
    could_rob: bool
    robbed: bool
    could_hold: int
    """Your decisions where a top trump of your hand could be held back."""
    held: int
    """Of those, the ones where you held it back."""
    hints: int
    review: dict[str, Any] | None = None

    @property
    def mistakes(self) -> int | None:
        """Mistakes the review found (None: not reviewed yet, or by an older grading:
        it is made again before it counts)."""
        if self.review is None or self.review.get("version") != REVIEW_VERSION:
            return None
        return sum(bool(g.get("mistake")) for g in self.review.get("grades", []))


@dataclass
class GameEntry:
    """One game."""

    id: str
    started: str
    record: dict[str, Any]
    bots: str
    open_hints: int = 0
    finished: bool = False
    won: bool | None = None
    deals: list[DealEntry] = field(default_factory=list)

    @property
    def rules(self) -> HouseRules:
        return HouseRules.from_dict(self.record.get("rules"))


class RaceHistory:
    """The history file, loaded; every change is written at once."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.problem: str | None = None
        self.games: list[GameEntry] = []
        self._load()

    # ------------------------------------------------------------- the file
    def _load(self) -> None:
        if not self.path.exists():
            return
        try:
            data = json.loads(self.path.read_text(encoding="utf-8"))
            if data.get("version") != VERSION:
                raise ValueError(f"version {data.get('version')!r} is not {VERSION}")
            self.games = [_game(g) for g in data["games"]]
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as exc:
            self.games = []
            reason = damage_words(exc)
            try:
                target = set_aside(self.path)
            except OSError:
                self.problem = f"The Twenty-Five history could not be read ({reason})"
                return
            self.problem = (f"The Twenty-Five history could not be read ({reason}); the "
                            f"file was moved to {target}")

    def save(self) -> None:
        """Write the file (a failure is kept in :attr:`problem`)."""
        data = {"version": VERSION, "games": [_game_dict(g) for g in self.games]}
        try:
            write_atomic(self.path, json.dumps(data, ensure_ascii=False))
        except OSError as exc:
            self.problem = f"The Twenty-Five history could not be saved: {damage_words(exc)}"

    # ------------------------------------------------------------- games
    def game(self, game_id: str) -> GameEntry | None:
        return next((g for g in self.games if g.id == game_id), None)

    def _game(self, game_id: str, record: dict[str, Any], bots: str) -> GameEntry:
        g = self.game(game_id)
        if g is None:
            g = GameEntry(game_id, time.strftime("%Y-%m-%d %H:%M"), record, bots)
            self.games.append(g)
        return g

    def find(self, record: dict[str, Any]) -> str | None:
        """The unfinished game this record continues (the same options, seed and first
        dealer, its stored moves the start of the record's), the latest if several."""
        moves = record.get("moves", [])
        for g in reversed(self.games):
            r = g.record
            if g.finished or any(r.get(k) != record.get(k)
                                 for k in ("rules", "seed", "first_dealer", "deals")):
                continue
            kept = r.get("moves", [])
            if moves[:len(kept)] == kept:
                return g.id
        return None

    def note_hint(self, game_id: str, record: dict[str, Any], bots: str) -> None:
        """A hint asked in the deal in play."""
        g = self._game(game_id, record, bots)
        g.open_hints += 1
        self.save()

    def record_deal(self, game_id: str, record: dict[str, Any], bots: str, number: int,
                    seat: int = 0) -> DealEntry:
        """Store deal ``number``, just finished, with the game's record so far (replayed
        here: a record that does not replay raises ReplayError and nothing is kept)."""
        g = self._game(game_id, record, bots)
        found = next((d for d in g.deals if d.number == number), None)
        if found is not None:
            return found
        decisions, end = replay_deal(record, number, seat)
        rules = end.rules
        side = rules.side_of(seat)
        view = end.view(seat)
        tricks = len(view.tricks)
        us = sum(1 for t in view.tricks if rules.side_of(t.winner) == side)
        could_rob = any(d.view.can_rob for d in decisions)
        robbed = any(d.move.kind.value == "rob" for d in decisions)
        hold = [d for d in decisions if d.view.may_hold_back and d.move.card is not None]
        held = sum(1 for d in hold if d.move.card not in d.view.may_hold_back)
        entry = DealEntry(number, tricks, us, could_rob, robbed, len(hold), held,
                          g.open_hints)
        g.deals.append(entry)
        g.open_hints = 0
        g.record = record
        self.save()
        return entry

    def finish_game(self, game_id: str, won: bool) -> None:
        g = self.game(game_id)
        if g is not None and not g.finished:
            g.finished = True
            g.won = won
            self.save()

    def keep_review(self, game_id: str, review: RaceReview) -> None:
        g = self.game(game_id)
        if g is None:
            return
        for d in g.deals:
            if d.number == review.number:
                d.review = review.to_dict()
                self.save()
                return

    def review_of(self, game_id: str, number: int) -> RaceReview | None:
        """The kept review of a deal, if it is current."""
        g = self.game(game_id)
        d = None if g is None else next((x for x in g.deals if x.number == number), None)
        if d is None or d.review is None:
            return None
        try:
            r = RaceReview.from_dict(d.review)
        except (KeyError, TypeError, ValueError):
            return None
        return r if r.version == RaceReview.__dataclass_fields__["version"].default \
            else None


def _game(data: dict[str, Any]) -> GameEntry:
    deals = [DealEntry(**d) for d in data["deals"]]
    won = data.get("won")
    return GameEntry(str(data["id"]), str(data["started"]), dict(data["record"]),
                     str(data["bots"]), int(data["open_hints"]), bool(data["finished"]),
                     None if won is None else bool(won), deals)


def _game_dict(g: GameEntry) -> dict[str, Any]:
    return {"id": g.id, "started": g.started, "record": g.record, "bots": g.bots,
            "open_hints": g.open_hints, "finished": g.finished, "won": g.won,
            "deals": [vars(d) for d in g.deals]}


# --------------------------------------------------------------------------- statistics


@dataclass(frozen=True)
class TableFigures:
    """The coach's figures over some games."""

    games: int = 0
    finished: int = 0
    won: int = 0
    deals: int = 0
    tricks: int = 0
    """Tricks your side took."""
    could_rob: int = 0
    robs: int = 0
    could_hold: int = 0
    held: int = 0
    hints: int = 0
    reviewed: int = 0
    mistakes: int = 0

    @property
    def tricks_a_deal(self) -> float | None:
        return self.tricks / self.deals if self.deals else None


@dataclass(frozen=True)
class RaceCoachStats:
    """Every game's figures, and by kind of table (``4 players, each for themselves``)."""

    total: TableFigures
    tables: dict[str, TableFigures]


def _figures(games: list[GameEntry]) -> TableFigures:
    deals = [d for g in games for d in g.deals]
    reviewed = [d for d in deals if d.mistakes is not None]
    return TableFigures(
        games=len(games), finished=sum(g.finished for g in games),
        won=sum(bool(g.won) for g in games), deals=len(deals),
        tricks=sum(d.tricks_us for d in deals),
        could_rob=sum(d.could_rob for d in deals), robs=sum(d.robbed for d in deals),
        could_hold=sum(d.could_hold for d in deals), held=sum(d.held for d in deals),
        hints=sum(d.hints for d in deals) + sum(g.open_hints for g in games),
        reviewed=len(reviewed), mistakes=sum(d.mistakes or 0 for d in reviewed))


def coach_stats(history: RaceHistory) -> RaceCoachStats:
    """The statistics of the history."""
    by: dict[str, list[GameEntry]] = {}
    for g in history.games:
        try:
            name = table_name(g.rules)
        except (ValueError, TypeError):
            continue
        by.setdefault(name, []).append(g)
    return RaceCoachStats(_figures(history.games),
                          {k: _figures(v) for k, v in sorted(by.items())})


__all__ = ["HISTORY_NAME", "DealEntry", "GameEntry", "RaceCoachStats", "RaceHistory",
           "TableFigures", "coach_stats", "race_history_path"]
