"""Twenty-Five at the terminal, driven by the keys through Textual's Pilot at 80x24: whole
games at 4 and 9 players, a rob through the chooser, a refused card's reason, resume,
the nine seats on one screen, and no hidden card ever drawn."""

from __future__ import annotations

import asyncio
import difflib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from rich.text import Text
from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Static
from tui_support import play_until, screen_text, wait_calmly, wait_for

from twentynine.tui.twentyfive_app import TwentyFiveApp
from twentynine.tui.twentyfive_dialogs import RaceOverScreen, RobScreen
from twentynine.tui.twentyfive_screen import RaceScreen
from twentynine.tui.twentyfive_widgets import order_line, seat_name
from twentynine.tui.widgets import EventLog
from twentynine.twentyfive import HouseRules, Move, MoveKind, Race, Stage
from twentynine.twentyfive.race_table import RaceTable

SIZE = (80, 24)


def race_app(*args: Any, **kw: Any) -> TwentyFiveApp:
    """A Twenty-Five table that reviews no finished deal in the background (a thread of
    about half a second of CPU a deal, beside the table; the coach's own tests,
    tests/test_tui_twentyfive_coach.py, check the reviews)."""
    app = TwentyFiveApp(*args, **kw)
    app.background_reviews = False
    return app


def make(tmp_path: Path, players: int, seed: int, **kw: object) -> TwentyFiveApp:
    return race_app(HouseRules(players=players), seed=seed, bots="random",
                    data_dir=tmp_path, bot_delay=0.0, **kw)


def local(app: TwentyFiveApp) -> RaceTable:
    """The app's own table (these tests play at a local table: the whole truth is there
    for the checks)."""
    table = app.screen_table
    assert isinstance(table, RaceTable)
    return table


def settled(app: TwentyFiveApp) -> bool:
    """The player is to act: their turn, between deals, or the game-over screen."""
    if isinstance(app.screen, RaceOverScreen):
        return True
    if not isinstance(app.screen, RaceScreen) or app.screen.thinking:
        return False
    t = app.screen.table
    return t.bot_seat() is None


def engine_race(seed: int, stop: Callable[[Race], bool],
                rules: HouseRules | None = None) -> Race:
    """A game played by the engine alone (each seat's first legal move) from the seed's
    first deal until ``stop(race)`` holds: a moment of a deal reached without a table
    (every bot move at a table is drawn, most of a Pilot test's time)."""
    return play_until(Race(seed, rules or HouseRules(players=4)), stop)


def at(tmp_path: Path, race: Race) -> TwentyFiveApp:
    """A table (random bots, no pause between their moves) playing on from ``race``,
    saving under ``tmp_path`` as a new table would."""
    table = RaceTable(race=race, bots="random", save_file=tmp_path / "twentyfive-save.json")
    return race_app(table=table, data_dir=tmp_path, bot_delay=0.0)


def your_card_turn(race: Race) -> bool:
    """Seat 0 is to play a card."""
    return race.turn == 0 and race.stage is Stage.PLAY


def hidden_cards_shown(app: TwentyFiveApp, drawn: str | None = None) -> list[str]:
    """Labels of cards in another seat's hand that the screen shows (the trump panel's
    order of the trumps names cards, not their holders: it is left out); ``drawn``: the
    screen's text if already drawn."""
    lines = (drawn if drawn is not None else screen_text(app)).splitlines()
    if isinstance(app.screen, RaceScreen):  # blank the trump panel out
        box = app.screen.query_one("#rt-trump").region
        for y in range(box.y, min(box.bottom, len(lines))):
            row = lines[y].ljust(box.right)
            lines[y] = row[:box.x] + " " * box.width + row[box.right:]
    text = "\n".join(lines)
    table = local(app)
    race = table.race
    view = table.view()
    shown = []
    for seat in range(1, table.rules.players):
        for card in race.hand(seat):
            if seat == view.robber and card == view.turned:
                continue  # everyone saw the robber take it
            for token in text.replace(",", " ").split():
                if token == card.label:
                    shown.append(card.label)
    return shown


async def play_one_card(pilot: Pilot[int], app: TwentyFiveApp) -> None:
    """Choose a legal card by its number and play it with Enter."""
    view = app.screen_table.view()
    legal = [m.card for m in view.legal_actions if m.kind is MoveKind.PLAY]
    index = view.hand.index(legal[-1])
    await pilot.press(str(index + 1), "enter")


async def play_game(pilot: Pilot[int], app: TwentyFiveApp) -> str:
    for _ in range(400):
        await wait_for(pilot, lambda: settled(app))
        if isinstance(app.screen, RaceOverScreen):
            return screen_text(app)
        view = app.screen_table.view()
        drawn = screen_text(app)  # one drawing for both checks while it is up to date
        assert hidden_cards_shown(app, drawn) == []
        offer = "⏎ next deal" if view.stage is Stage.DEAL_OVER else "⏎ play"
        if offer not in drawn.rstrip().splitlines()[-1]:
            await wait_for(pilot, lambda o=offer: o in footer_line(app), limit=50)  # type: ignore[misc]
        if view.stage is Stage.DEAL_OVER:
            await pilot.press("enter")
        else:
            await play_one_card(pilot, app)
    raise AssertionError("the game did not end")


def save_late_in_the_game(tmp_path: Path, players: int, seed: int, lead: int = 15,
                          rules: HouseRules | None = None, deal: int = 0) -> None:
    """Save (for ``make(..., resume=True)``) a game at the start of the first deal in
    which someone has ``lead`` points or more, the deals before it played at the table
    object alone (the player's last legal card, random bots): the keys, the screens and
    the deals' ends of those deals are what the rest of this file checks.  ``rules``:
    other house rules than ``players`` each for themselves; ``deal``: not before the
    deal of that number (the race's last, for a test of its end alone)."""
    table = RaceTable(rules or HouseRules(players=players), seed=seed, bots="random",
                      save_file=tmp_path / "twentyfive-save.json")
    while True:
        table.run_bots()
        assert not table.race.is_over, "the game ended before the lead was reached"
        if table.view().stage is Stage.DEAL_OVER:
            table.apply(table.legal_actions()[0])  # the next deal
            if max(table.race.scores) >= lead and table.view().number >= deal:
                return
        else:
            table.apply(table.legal_actions()[-1])


@pytest.mark.parametrize("players", [4, 9])
def test_a_whole_game_through_the_keys(players: int, tmp_path: Path) -> None:
    """The game's last deals through the keys, from a game saved late in the race, to
    the game-over screen, its words, the scores and the statistics: at 4 players the
    last two deals (a deal's end and the next through Enter), at 9 the last deal alone
    (nine seats' moves are drawn at every card of the player's)."""
    save_late_in_the_game(tmp_path, players, seed=players + 20,
                          deal=4 if players == 9 else 0)
    app = make(tmp_path, players, seed=players + 20, resume=True)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            text = await play_game(pilot, app)
            race = local(app).race
            assert "won" in text and "reaching 25" in text
            assert f"({players} players, each for themselves)" in text
            over = app.screen.query_one("#over-text", Static).content
            flat = over.plain if isinstance(over, Text) else str(over)
            line = flat.split("highest first: ")[1].split("\n")[0]
            scores = [int(part.split()[-1]) for part in line.split(" · ")]
            last = race.view(0).tricks[-1]
            won = dict(last.cards)[last.winner].label
            assert f"took it with the {won}" in " ".join(flat.split())
            assert scores == sorted(scores, reverse=True) and len(scores) == players
            race = local(app).race
            assert race.is_over and max(race.scores) >= 25
            await pilot.press("q")
    asyncio.run(body())
    assert not (tmp_path / "twentyfive-save.json").exists()
    stats = (tmp_path / "twentyfive-stats.json").read_text()
    assert f'"{players} players, each for themselves"' in stats


def rob_seed() -> int:
    """A seed whose first deal lets seat 0 (who leads) rob."""
    for seed in range(500):
        if Race(seed).view(0).can_rob:
            return seed
    raise AssertionError("no seed lets seat 0 rob")


def test_a_rob_through_the_chooser(tmp_path: Path) -> None:
    """The rob offered on the footer (help and quit kept whole at 80 columns), the
    chooser (the turned card, the weakest card offered first, centred over the dimmed
    table, as every Twenty-Five dialog is, sharing its style), the rob itself, and r
    after it naming the robber."""
    from twentynine.tui.twentyfive_dialogs import weakest

    seed = rob_seed()
    app = make(tmp_path, 4, seed=seed)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await wait_for(pilot, lambda: " r rob" in footer_line(app), limit=50)
            line = footer_line(app)
            assert line.endswith("? help  q quit") or line.endswith("? help q quit"), line
            assert "⏎ play" in line
            before = app.screen_table.view()
            assert "r robs" in screen_text(app)
            await pilot.press("r")
            await wait_for(pilot, lambda: isinstance(app.screen, RobScreen))
            await pilot.pause()
            text = screen_text(app)
            assert f"Rob the {before.turned.label}" in text
            chosen = weakest(before.trump, list(before.hand))
            assert f"To lay down: the {chosen.label}" in text
            box = app.screen.query_one(".rt-dialog").region
            width, height = SIZE
            assert box.width < width and box.height < height - 1
            assert abs(box.x - (width - box.right)) <= 1
            assert abs(box.y - (height - 1 - box.bottom)) <= 1  # above the footer
            await pilot.press("2", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
            after = app.screen_table.view()
            assert after.robber == 0 and after.laid_down == before.hand[1]
            assert before.turned in after.hand and before.hand[1] not in after.hand
            assert "You robbed" in screen_text(app)
            flat = " ".join(screen_text(app).split())
            assert "robbed by you" in flat and "robbed by You" not in flat
            assert f"You laid down the {before.hand[1].label}" in flat
            assert after.turn == 0  # then a card, in the same turn
            assert ("Rob: the turned card has already been robbed (by you)"
                    in await press_r(pilot, app))
    asyncio.run(body())


def test_a_refused_card_says_why(tmp_path: Path) -> None:
    def holds_a_card_it_may_not_play(race: Race) -> bool:
        if not your_card_turn(race):
            return False
        playable = {m.card for m in race.legal_actions()}
        return any(c not in playable for c in race.view(0).hand)

    app = at(tmp_path, engine_race(7, holds_a_card_it_may_not_play))

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            view = app.screen_table.view()
            playable = {m.card for m in view.legal_actions}
            wrong = [c for c in view.hand if c not in playable]
            why = local(app).explain(Move.play(wrong[0]))
            assert why
            await pilot.press(str(view.hand.index(wrong[0]) + 1), "enter")
            await pilot.pause()
            assert app.screen_table.view().hand == view.hand  # nothing played
            flat = " ".join(screen_text(app).split())
            assert why[:40] in flat.lower() or why[:40] in flat
    asyncio.run(body())


def test_resume_after_quitting_mid_deal_gives_the_same_position(tmp_path: Path) -> None:
    app = make(tmp_path, 5, seed=4)
    seen: dict[str, object] = {}

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await play_one_card(pilot, app)  # a trick and a card of the next one
            await wait_for(pilot, lambda: settled(app))
            await pilot.press("1")  # the chosen card is the first, as a new table's is
            seen["view"] = app.screen_table.view()
            seen["text"] = screen_text(app)
            await pilot.press("q", "y")  # save and quit
            await wait_for(pilot, lambda: not app.is_running)
    asyncio.run(body())
    again = race_app(resume=True, data_dir=tmp_path, bot_delay=0.0)

    async def body2() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(again))
            assert again.screen_table.view() == seen["view"]
            for _ in range(20):
                await pilot.pause()
            diff = list(difflib.unified_diff(str(seen["text"]).splitlines(),
                                             screen_text(again).splitlines(), lineterm=""))
            assert not diff, "\n".join(diff)
    asyncio.run(body2())


def test_a_damaged_save_is_reported(tmp_path: Path) -> None:
    (tmp_path / "twentyfive-save.json").write_text("{ not json")
    app = race_app(resume=True, data_dir=tmp_path, bot_delay=0.0, bots="random")

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            text = " ".join(screen_text(app).split())
            assert "could not be read" in text
    asyncio.run(body())
    assert any(p.name.startswith("twentyfive-save.json.damaged-")
               for p in tmp_path.iterdir())


def test_nine_players_fit_80x24(tmp_path: Path) -> None:
    """The nine seats with their scores, tricks and cards played, the hand, the trump
    panel with the whole order of the trumps, and the log wrapping a long line."""
    # a trick of the first deal taken and the next one begun, played by the engine
    app = at(tmp_path, engine_race(3, lambda race: your_card_turn(race)
                                   and bool(race.view(0).tricks) and bool(race.view(0).trick),
                                   HouseRules(players=9)))

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            panel = screen.query_one("#rt-trump")
            flat = " ".join(screen_text(app).split())
            order = order_line(app.screen_table.view().trump).plain
            assert panel.region.right <= SIZE[0]
            # the panel wraps the order; every card of it is on the screen in order
            tail = flat.split("Trumps, best first:")[1].split()
            assert all(c in tail for c in order.split(": ")[1].split())
            log = screen.query_one("#rt-log")
            long = ("A line far longer than the log is wide, to be wrapped and "
                    "not cut: its last word is here.")
            screen.query_one(EventLog).write(Text(long))
            await pilot.pause()
            await pilot.pause()
            drawn = log_lines(app)
            assert all(len(line) <= log.scrollable_content_region.width for line in drawn)
            assert " ".join(" ".join(drawn).split()).endswith(long)
            view = app.screen_table.view()
            assert view.trick and any(view.tricks_won)
            text = screen_text(app)
            rows = {ln.split()[1]: ln for ln in text.splitlines()
                    if ln[:3].strip().lstrip("▶").isdigit()}
            for seat in range(9):
                row = next(r for r in text.splitlines()
                           if f" {seat + 1} {seat_name(seat)} " in r.replace("▶", " "))
                assert str(view.scores[seat]) in row.split()
                assert str(view.tricks_won[seat]) in row.split()
            for seat, card in view.trick:
                row = next(r for r in text.splitlines()
                           if f" {seat + 1} {seat_name(seat)} " in r.replace("▶", " "))
                assert card.label in row
            assert rows is not None
            assert all(c.label in text for c in view.hand)
    asyncio.run(body())


def test_readme_lists_the_twentyfive_keys() -> None:
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text()
    section = readme[readme.index("### Twenty-Five"):]
    section = section[:section.index("\n## ")]
    names = {"question_mark": "?", "enter": "Enter", "left": "←", "right": "→",
             "ctrl+c": "ctrl+c", "pageup": "PgUp", "pagedown": "PgDn", "home": "Home",
             "end": "End"}
    for b in RaceScreen.BINDINGS:
        key = b.key if isinstance(b, Binding) else b[0]
        shown = names.get(key, key)
        if key.isdigit():
            shown = "`1`-`5`"
        assert f"`{shown}`" in section or shown in section, key


def log_lines(app: TwentyFiveApp) -> list[str]:
    """The deal's log as drawn (every line, scrolled out of sight or not)."""
    log = app.screen.query_one(EventLog)
    return [strip.text.rstrip() for strip in log.lines]


def footer_line(app: TwentyFiveApp) -> str:
    return screen_text(app).rstrip().splitlines()[-1]


def test_the_card_keys_name_the_cards_held_and_q_asks_before_quitting(
        tmp_path: Path) -> None:
    """The footer's card keys name the cards held; l with no trick played yet says so;
    q (and ctrl+c) ask before quitting, and quitting saves the game played so far."""
    from twentynine.tui.screens import QuitScreen

    app = make(tmp_path, 4, seed=3)
    save = tmp_path / "twentyfive-save.json"

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            assert "1-5 card" in footer_line(app)
            await pilot.press("l")  # the last trick: none yet, said on the status line
            await pilot.pause()
            assert isinstance(app.screen, RaceScreen)
            assert "no trick has been played yet" in screen_text(app)
            await play_one_card(pilot, app)
            await wait_for(pilot, lambda: settled(app)
                           and app.screen_table.view().turn == 0)
            assert len(app.screen_table.view().hand) == 4
            assert "1-4 card" in footer_line(app)
            assert "1-5" not in screen_text(app)
            await pilot.press("q")
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
            text = " ".join(screen_text(app).split())
            assert "saved" in text and "--game twentyfive --resume" in text
            await pilot.press("n")  # keep playing
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
            assert app.is_running
            await pilot.press("ctrl+c")  # asks too
            await wait_for(pilot, lambda: isinstance(app.screen, QuitScreen))
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
            save.unlink()
            await pilot.press("q", "y")
            await wait_for(pilot, lambda: not app.is_running)
    asyncio.run(body())
    assert save.exists()  # saved on the way out
    again = race_app(resume=True, data_dir=tmp_path, bot_delay=0.0)
    assert local(again).race.moves  # the game played so far


def test_l_shows_the_last_trick(tmp_path: Path) -> None:
    from twentynine.tui.twentyfive_dialogs import RaceTricksScreen

    # two tricks of the first deal played by the engine (l before any trick: in
    # test_the_card_keys_name_the_cards_held)
    app = at(tmp_path, engine_race(
        3, lambda race: your_card_turn(race) and len(race.view(0).tricks) == 2))

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            view = app.screen_table.view()
            assert view.number == 1
            await pilot.press("l")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceTricksScreen))
            last = view.tricks[-1]
            text = screen_text(app)
            assert f"Trick {len(view.tricks)} of deal 1" in text
            from twentynine.tui.twentyfive_widgets import known_gone, played_note
            from twentynine.twentyfive.pack import mask_of

            led = last.cards[0][1]
            played = mask_of(c for done in view.tricks[:-1] for _, c in done.cards)
            for seat, card in last.cards:
                note = played_note(view.trump, led if seat != last.leader else None, card,
                                   gone=known_gone(view, seat, played))
                played |= mask_of([card])
                assert any(seat_name(seat) in ln and card.label in ln and note in ln
                           for ln in text.splitlines())
            won = dict(last.cards)[last.winner]
            assert f"{seat_name(last.winner)} won it with the {won.label}" in text
            await pilot.press("left")  # the trick before
            await pilot.pause()
            assert f"Trick {len(view.tricks) - 1} of deal 1" in screen_text(app)
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
    asyncio.run(body())


def test_how_a_trick_was_won_in_words() -> None:
    from twentynine.tui.twentyfive_widgets import how_won
    from twentynine.twentyfive import parse_card
    from twentynine.twentyfive.seat_view import TrickDone

    def trick(text: str, winner: int) -> TrickDone:
        cards = tuple((s, parse_card(c)) for s, c in enumerate(text.split()))
        return TrickDone(0, cards, winner)

    # clubs trump: a spade lead with no club in it goes to the king of spades
    assert how_won(3, trick("10S KS 4D", 1)) == "the highest spade (no trump was played)"
    # diamonds trump: the ace of hearts is a trump, never a heart, and wins here
    assert how_won(2, trick("KH AH 9S", 1)) == "the highest trump"


def first_turn_without_the_ace(players: int, **kw: object) -> int:
    """A seed whose first deal has seat 0 lead without the ace of trumps (the turned
    card not the ace either)."""
    from twentynine.twentyfive.pack import ace_of_trumps

    for seed in range(500):
        view = Race(seed, HouseRules(players=players, **kw)).view(0)  # type: ignore[arg-type]
        ace = ace_of_trumps(view.trump)
        if ace not in view.hand and view.turned != ace:
            return seed
    raise AssertionError("no such seed")


async def press_r(pilot: Pilot[int], app: TwentyFiveApp) -> str:
    await pilot.press("r")
    await pilot.pause()
    assert isinstance(app.screen, RaceScreen)  # no chooser opened
    return " ".join(screen_text(app).split())


def test_r_says_why_you_may_not_rob(tmp_path: Path) -> None:
    from twentynine.twentyfive.pack import ace_of_trumps

    app = make(tmp_path, 4, seed=first_turn_without_the_ace(4))

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            view = app.screen_table.view()
            assert " r rob" not in footer_line(app)  # not offered
            ace = ace_of_trumps(view.trump).label
            assert (f"Rob: only the player holding the ace of trumps ({ace}) may rob "
                    "the turned card." in await press_r(pilot, app))
            await play_one_card(pilot, app)
            await wait_for(pilot, lambda: settled(app))
            assert ("Rob: you may rob only on your first turn, before you play your "
                    "first card" in await press_r(pilot, app))
    asyncio.run(body())


def test_r_at_a_table_without_robbing(tmp_path: Path) -> None:
    app = race_app(HouseRules(players=4, rob=False), seed=rob_seed(), bots="random",
                   data_dir=tmp_path, bot_delay=0.0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            assert "Rob: robbing is off at this table" in await press_r(pilot, app)
    asyncio.run(body())


def test_settings_through_the_keys(tmp_path: Path) -> None:
    from twentynine.tui.twentyfive_dialogs import RaceSettingsScreen
    from twentynine.twentyfive.race_table import load_settings, settings_path

    app = make(tmp_path, 4, seed=3)
    path = settings_path(tmp_path)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await pilot.press("o")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceSettingsScreen))
            assert "Settings for new games of Twenty-Five" in screen_text(app)
            await pilot.press("right", "escape")  # Esc keeps nothing
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
            assert not path.exists()
            # 5 players (one step up from 4), teams of two: refused, an odd number
            await pilot.press("o", "right", "down", "right")
            await pilot.pause()
            assert "◀ pairs ▶" in screen_text(app)
            await pilot.press("enter")
            await pilot.pause()
            assert isinstance(app.screen, RaceSettingsScreen)
            assert "Not saved" in " ".join(screen_text(app).split())
            assert not path.exists()
            # back to none: 5 players each for themselves, robbing off, saved
            await pilot.press("left", "down", "down", "right", "enter")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
            rules, _, problem = load_settings(path)
            assert problem is None and rules is not None
            assert (rules.players, rules.teams, rules.rob) == (5, "none", False)
            assert app.screen_table.rules.players == 4  # the game in play keeps its own
    asyncio.run(body())


def test_six_in_threes_at_the_table(tmp_path: Path) -> None:
    """Teammates marked (a team letter on every seat, your team named), the race line
    and the log by team, and the game to its end: the race's last deal, resumed from a
    save the engine's table made (the deals before it are the other tests' subject)."""
    rules = HouseRules(players=6, teams="threes")
    save_late_in_the_game(tmp_path, 6, seed=14, lead=0, deal=2, rules=rules)
    app = make(tmp_path, 6, seed=14, resume=True)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            assert app.screen_table.rules == rules
            text = screen_text(app)
            for seat in range(6):
                row = next(r for r in text.splitlines()
                           if f" {seat + 1} {seat_name(seat)} " in r.replace("▶", " "))
                assert "AB"[rules.side_of(seat)] in row.split()[5:], row
            flat = " ".join(text.split())
            assert "Your team A: you, Brian and Dara" in flat
            a, b = app.screen_table.view().scores
            assert f"Team A (you) {a} · Team B {b}" in flat
            while not app.screen_table.view().tricks:
                await play_one_card(pilot, app)
                await wait_for(pilot, lambda: settled(app))
            view = app.screen_table.view()
            a, b = view.scores
            assert f"Team A (you) {a} · Team B {b}" in screen_text(app)
            last = view.tricks[-1]
            team = "your team" if rules.side_of(last.winner) == 0 else "Team B"
            assert f"{team} now has {view.scores[rules.side_of(last.winner)]}" in " ".join(
                " ".join(log_lines(app)).split())
            over = await play_game(pilot, app)
            flat = " ".join(over.split())
            assert "Your team (you, Brian and Dara) won" in flat or (
                "Team B (Aoife, Ciara and Eoin) won" in flat)
    asyncio.run(body())


def test_the_race_line_names_everyone_ahead() -> None:
    import dataclasses

    from twentynine.tui.twentyfive_widgets import score_bar

    view = Race(1, HouseRules(players=5)).view(0)

    def bar(*scores: int) -> str:
        return score_bar(dataclasses.replace(view, scores=scores)).plain.split(": ", 1)[1]

    assert bar(0, 0, 0, 0, 0) == "nobody has scored yet"
    assert bar(0, 5, 0, 5, 0) == "Aoife and Ciara are ahead with 5 · you 0"
    assert bar(10, 5, 0, 0, 0) == "You are ahead with 10, next best 5"
    assert bar(10, 10, 0, 0, 5) == "You and Aoife are ahead with 10"
    assert bar(0, 0, 15, 0, 0) == "Brian is ahead with 15 · you 0"
    assert bar(15, 15, 15, 15, 15) == "all level at 15"
    assert bar(15, 15, 15, 15, 10) == "You and 3 others are ahead with 15"
    assert bar(10, 15, 15, 15, 10) == "3 players are ahead with 15 · you 10"
    # a long race and two long names: the game's name gives way, nothing is cut
    long = dataclasses.replace(view, number=12, rules=HouseRules(players=9, target=100),
                               scores=(90, 0, 0, 0, 0, 0, 95, 95, 0))
    assert score_bar(long).plain == ("Deal 12 · race to 100: Fiona and Gráinne are ahead "
                                     "with 95 · you 90")


def test_a_taken_trick_stays_up_before_the_next_lead(tmp_path: Path) -> None:
    from twentynine.tui.twentyfive_screen import TRICK_PAUSE, think_delay

    table = local(make(tmp_path, 4, seed=3))
    assert think_delay(table.view(), 0.5) == 0.5  # no trick taken yet
    while not table.view().tricks:
        table.apply(table.legal_actions()[0])
        table.run_bots()
    view = table.view()
    if not view.trick:  # the next trick not led yet: its leader waits longer
        assert think_delay(view, 0.5) == 0.5 * TRICK_PAUSE > 0.5


def test_the_hand_marks_trumps_and_holding_back_only_with_a_choice() -> None:
    import dataclasses

    from twentynine.tui.twentyfive_widgets import hand_lines
    from twentynine.twentyfive import parse_card, parse_cards

    base = Race(1, HouseRules(players=4)).view(0)
    # diamonds trump; Aoife led the 3♦ (a trump); you hold the J♦ and the A♥ (top
    # trumps above the 3♦: either may be held back) and the 9♠
    view = dataclasses.replace(base, trump=2, turn=0, leader=1, stage=Stage.PLAY,
                               hand=tuple(parse_cards("JD AH 9S")),
                               trick=((1, parse_card("3D")),))
    legal = parse_cards("JD AH 9S")  # every top trump held back: any card goes
    notes = hand_lines(view, 0, legal).plain.splitlines()[2].split()
    assert notes == ["hold", "hold", "ok"]
    # the same trumps but nothing else in hand: they must be played, no "hold"
    only = dataclasses.replace(view, hand=tuple(parse_cards("JD AH")))
    notes = hand_lines(only, 0, parse_cards("JD AH")).plain.splitlines()[2].split()
    assert notes == ["trump", "trump"]
    # between turns the trumps are named
    idle = dataclasses.replace(view, turn=2)
    assert hand_lines(idle, 0, []).plain.splitlines()[2].split() == ["trump", "trump"]


def test_what_a_played_card_shows_everyone() -> None:
    from twentynine.tui.twentyfive_widgets import played_note
    from twentynine.twentyfive import parse_card as c

    clubs, diamonds = 3, 2
    assert played_note(clubs, None, c("KD")) == ""  # the lead itself
    assert played_note(clubs, c("10S"), c("2S")) == ""  # follows
    assert played_note(clubs, c("10S"), c("3C")) == "trumped"
    assert played_note(clubs, c("10S"), c("KD")) == "no spades"
    assert played_note(clubs, c("9C"), c("KD")) == "no trump, or one held back"
    assert played_note(clubs, c("9C"), c("AH")) == ""  # the A♥ is a trump
    # the 5 of trumps led: every trump must follow it, nothing was held back
    assert played_note(clubs, c("5C"), c("KD")) == "no trump"
    # the J led: only the 5 may stay back
    assert played_note(clubs, c("JC"), c("KD")) == "no trump, or one held back"
    # reneging off: every trump follows
    assert played_note(clubs, c("9C"), c("KD"), renege=False) == "no trump"
    # diamonds trump: the A♥ never follows hearts, it trumps them
    assert played_note(diamonds, c("KH"), c("AH")) == "trumped"
    assert played_note(diamonds, c("AH"), c("KH")) == "no trump, or one held back"


def test_the_log_says_you_deal() -> None:
    from twentynine.tui.twentyfive_widgets import event_line
    from twentynine.twentyfive.happenings import DealStarted

    view = Race(1, HouseRules(players=4)).view(0)
    line = event_line(view, DealStarted(2, 0, (0, 0, 0, 0)))
    assert line is not None and line.plain == "Deal 2: You deal."
    line = event_line(view, DealStarted(3, 1, (0, 0, 0, 0)))
    assert line is not None and line.plain == "Deal 3: Aoife deals."


def test_the_rules_page_names_this_table_and_its_keys(tmp_path: Path) -> None:
    from twentynine.tui.twentyfive_dialogs import RaceRulesScreen

    app = race_app(HouseRules(players=6, teams="threes", rob=False), seed=1,
                   bots="random", data_dir=tmp_path, bot_delay=0.0)

    async def body() -> None:
        async with app.run_test(size=(100, 30)) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await pilot.press("question_mark")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceRulesScreen))
            flat = " ".join(screen_text(app).split())
            assert "6 players, teams of three, no robbing." in flat
            for words in ("r robs the turned card", "l shows the deal's tricks",
                          "PgUp and PgDn page through the log", "q quits (it asks first"):
                assert words in flat
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
    asyncio.run(body())


def test_the_rob_chooser_offers_the_weakest_card_first() -> None:
    from twentynine.tui.twentyfive_dialogs import weakest
    from twentynine.twentyfive import parse_cards

    spades, diamonds = 0, 2
    # spades trump: the A♠, 5♠, K♠ are trumps; of the diamonds the 3♦ is lower
    assert weakest(spades, parse_cards("AS 5S KS 3D 8D")).label == "3♦"
    # diamonds trump: the A♦ and the A♥ are trumps; of the spades (a black plain suit
    # runs K, Q, J, A, 2 ... 10) the 10♠ is the lowest
    assert weakest(diamonds, parse_cards("AD AH 2S 10S")).label == "10♠"
    # all trumps: the lowest trump
    assert weakest(diamonds, parse_cards("5D JD 2D AH")).label == "2♦"


def test_the_orders_of_the_cards_are_shown() -> None:
    """RULINGS-25 rules 3, 4 and 6, written out: the table shows them because they are
    not the orders a new player expects (in black the 2 beats the 3)."""
    spades, hearts, diamonds = 0, 1, 2
    assert order_line(spades).plain == (
        "Trumps, best first: 5♠ J♠ A♥ A♠ K♠ Q♠ 2♠ 3♠ 4♠ 6♠ 7♠ 8♠ 9♠ 10♠")
    assert order_line(hearts).plain == (
        "Trumps, best first: 5♥ J♥ A♥ K♥ Q♥ 10♥ 9♥ 8♥ 7♥ 6♥ 4♥ 3♥ 2♥")
    assert order_line(hearts, spades).plain == (
        "Spades (not trump), best first: K♠ Q♠ J♠ A♠ 2♠ 3♠ 4♠ 5♠ 6♠ 7♠ 8♠ 9♠ 10♠")
    assert order_line(spades, diamonds).plain == (
        "Diamonds (not trump), best first: K♦ Q♦ J♦ 10♦ 9♦ 8♦ 7♦ 6♦ 5♦ 4♦ 3♦ 2♦ A♦")
    assert order_line(spades, hearts).plain == (
        "Hearts (not trump), best first: K♥ Q♥ J♥ 10♥ 9♥ 8♥ 7♥ 6♥ 5♥ 4♥ 3♥ 2♥")


def test_enter_while_a_bot_is_to_move_says_whose_turn(tmp_path: Path) -> None:
    app = race_app(HouseRules(players=3), seed=3, bots="random", data_dir=tmp_path,
                   bot_delay=0.5)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            # the bots take their time (half a second a move): looked at now and then
            await wait_calmly(pilot, lambda: settled(app))
            await play_one_card(pilot, app)
            await pilot.pause()
            turn = app.screen_table.view().turn
            if turn == 0:  # the bots were quicker than the test: nothing to see
                return
            assert "⏎" not in footer_line(app)  # Enter does nothing to offer now
            await pilot.press("enter")
            await pilot.pause()
            if app.screen_table.view().turn == turn:
                assert f"Wait: it is {seat_name(turn or 0)}'s turn." in screen_text(app)
            await wait_calmly(pilot, lambda: settled(app))
    asyncio.run(body())


def test_the_team_line_names_your_partner() -> None:
    from twentynine.tui.twentyfive_widgets import seats_table

    pairs = Race(1, HouseRules(players=4, teams="pairs")).view(0)
    assert "Your team A: you and Brian" in seats_table(pairs).plain
    threes = Race(1, HouseRules(players=9, teams="threes")).view(0)
    assert "Your team A: you, Ciara and Fiona" in seats_table(threes).plain


def test_a_card_key_that_cannot_act_says_why(tmp_path: Path) -> None:
    """With one card left (the deal played this far by the engine), then once the deal
    is over."""
    app = at(tmp_path, engine_race(
        5, lambda race: your_card_turn(race) and len(race.view(0).hand) == 1))

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            assert len(app.screen_table.view().hand) == 1
            await pilot.press("5")
            await pilot.pause()
            assert "You hold 1 card: no card 5." in screen_text(app)
            await play_one_card(pilot, app)
            await wait_for(pilot, lambda: settled(app))
            assert app.screen_table.view().stage is Stage.DEAL_OVER
            await pilot.press("2")
            await pilot.pause()
            assert "The deal is over: Enter deals the next one." in screen_text(app)
            assert app.screen_table.view().stage is Stage.DEAL_OVER  # nothing dealt
    asyncio.run(body())


def test_a_first_game_opens_with_a_word_on_the_rules(tmp_path: Path) -> None:
    """The tip on the rules opens the log until a game is finished; then the statistics
    (t) count the finished games by their rules."""
    from twentynine.tui.twentyfive_app import FIRST_GAME_TIP
    from twentynine.tui.twentyfive_coach import RaceCoachStatsScreen
    from twentynine.twentyfive.race_stats import record_game, stats_path

    async def first_line(app: TwentyFiveApp) -> str:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await pilot.pause()
            return " ".join(" ".join(log_lines(app)).split())

    tip = " ".join(FIRST_GAME_TIP.split())
    assert asyncio.run(first_line(make(tmp_path, 4, seed=3))).startswith(tip)
    # two games finished: no tip, and the statistics through the keys
    record_game(stats_path(tmp_path), HouseRules(players=6, teams="threes"), True)
    record_game(stats_path(tmp_path), HouseRules(players=4), False)
    app = make(tmp_path, 4, seed=3)

    async def no_tip_and_the_statistics() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await pilot.pause()
            assert tip not in " ".join(" ".join(log_lines(app)).split())
            await pilot.press("t")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceCoachStatsScreen))
            text = screen_text(app)
            assert "Games 2 · won 1" in text
            assert "6 players, teams of three: 1 played, 1 won" in text
            assert "4 players, each for themselves: 1 played, 0 won" in text
            assert "no deal kept yet" in text  # the coach's figures: none yet
            await pilot.press("escape")
            await wait_for(pilot, lambda: isinstance(app.screen, RaceScreen))
    asyncio.run(no_tip_and_the_statistics())


def hold_back_position() -> Race:
    """A game (4 players) advanced by the engine to seat 0's turn with a top trump it may
    hold back and another card it may play instead."""
    for seed in range(200):
        g = Race(seed, HouseRules(players=4))
        while g.stage is not Stage.GAME_OVER:
            view = g.view(0)
            if g.turn == 0 and g.stage is Stage.PLAY and view.may_hold_back:
                cards = {m.card for m in view.legal_actions if m.kind is MoveKind.PLAY}
                if cards - set(view.may_hold_back):
                    return g
            g.apply(g.legal_actions()[0])
    raise AssertionError("no such position")


def test_the_status_line_says_a_top_trump_may_be_held_back_at_80x24(
        tmp_path: Path) -> None:
    race = hold_back_position()
    held = race.view(0).may_hold_back
    app = race_app(table=RaceTable(race=race, bots="random"), data_dir=tmp_path,
                   bot_delay=0.0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            await pilot.pause()
            status = app.screen.query_one("#rt-status")
            flat = " ".join(screen_text(app).splitlines()[status.region.y].split())
            assert flat.startswith("Your turn")
            for card in held:
                assert card.label in flat
            assert "held back" in flat
    asyncio.run(body())


def test_your_turn_starts_on_a_card_you_may_play(tmp_path: Path) -> None:
    """At the start of your turn the cursor is on a playable card (as at the Twenty-Nine
    table), so that Enter plays instead of being refused."""
    g = Race(1, HouseRules(players=4))
    while not (g.turn == 0 and g.stage is Stage.PLAY
               and g.view(0).hand[0] not in {m.card for m in g.legal_actions()}):
        g.apply(g.legal_actions()[0])  # the engine plays on (the game lasts long enough)
    view = g.view(0)
    app = race_app(table=RaceTable(race=g, bots="random"), data_dir=tmp_path,
                   bot_delay=0.0)

    async def body() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            screen = app.screen
            assert isinstance(screen, RaceScreen)
            assert view.hand[screen.selected] in screen.legal_cards()
            await pilot.press("enter")
            await wait_for(pilot, lambda: len(app.screen_table.view().hand) < len(view.hand))
    asyncio.run(body())


def test_a_card_under_a_trump_lead_claims_no_hold_back_once_the_top_trumps_are_out(
        ) -> None:
    """"Or one held back" is said only while a top trump above the card led may still be
    in that player's hand: not once everyone has seen it played, nor when it is the
    turned card someone else robbed (or nobody did)."""
    import dataclasses

    from twentynine.tui.twentyfive_widgets import LogWriter, played_note, trick_story
    from twentynine.twentyfive import parse_card as c
    from twentynine.twentyfive.happenings import CardPlayed
    from twentynine.twentyfive.pack import mask_of
    from twentynine.twentyfive.seat_view import TrickDone

    diamonds = 2
    # the J♦ led: only the 5♦ could stay back; once it is gone, nothing could
    assert played_note(diamonds, c("JD"), c("6S")) == "no trump, or one held back"
    assert played_note(diamonds, c("JD"), c("6S"), gone=mask_of([c("5D")])) == "no trump"
    # the 8♦ led: the J♦ and the A♥ may still be held back when only the 5♦ is out
    assert (played_note(diamonds, c("8D"), c("6S"), gone=mask_of([c("5D")]))
            == "no trump, or one held back")

    base = Race(1, HouseRules(players=4)).view(0)
    view = dataclasses.replace(base, trump=diamonds, turned=c("2D"), robber=None)
    # in the log: the 5♦ fell in an earlier trick of the deal, then the J♦ is led
    writer = LogWriter()
    for seat, card in ((1, "5D"), (2, "3S"), (3, "4S"), (0, "9S")):
        writer.line(view, CardPlayed(seat=seat, card=c(card)))
    writer.led = None  # a new trick
    writer.line(view, CardPlayed(seat=1, card=c("JD")))
    line = writer.line(view, CardPlayed(seat=2, card=c("6S")))
    assert line is not None and line.plain.endswith("(no trump)")
    # the J♦ turned and not robbed: it is in nobody's hand
    turned = dataclasses.replace(view, turned=c("JD"))
    writer = LogWriter()
    writer.line(turned, CardPlayed(seat=1, card=c("AH")))
    line = writer.line(turned, CardPlayed(seat=2, card=c("6S")))
    assert line is not None and line.plain.endswith("(no trump, or one held back)")
    # (the 5♦ may still be out there above the A♥); with the 5♦ turned too: nothing
    writer = LogWriter()
    writer.line(dataclasses.replace(view, turned=c("5D")), CardPlayed(seat=1, card=c("JD")))
    line = writer.line(dataclasses.replace(view, turned=c("5D")),
                       CardPlayed(seat=2, card=c("6S")))
    assert line is not None and line.plain.endswith("(no trump)")
    # the tricks screen tells it the same way
    done = (TrickDone(1, ((1, c("5D")), (2, c("3S")), (3, c("4S")), (0, c("9S"))), 1),
            TrickDone(1, ((1, c("JD")), (2, c("6S")), (3, c("7S")), (0, c("8S"))), 1))
    story = trick_story(dataclasses.replace(view, tricks=done), done[1], 2).plain
    assert "no trump, or one held back" not in story and "no trump" in story


def test_a_new_game_warns_of_the_saved_one_and_replaces_it_only_at_your_first_move(
        tmp_path: Path) -> None:
    save = tmp_path / "twentyfive-save.json"
    old = RaceTable(HouseRules(players=5), seed=3, bots="random", save_file=save)
    old.apply(old.legal_actions()[0])
    old.run_bots()
    saved = save.read_text()
    app = make(tmp_path, 4, seed=1)

    async def quit_at_once() -> None:
        async with app.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(app))
            flat = " ".join(screen_text(app).split())
            assert "An unfinished game is saved" in flat and "--resume" in flat
            await pilot.press("q")
            await pilot.pause()
            flat = " ".join(screen_text(app).split())
            assert "your earlier game stays saved" in flat  # not "will be saved"
            await pilot.press("y")
            await wait_for(pilot, lambda: not app.is_running)
    asyncio.run(quit_at_once())
    assert save.read_text() == saved  # quitting before a move keeps the old game

    again = make(tmp_path, 4, seed=1)

    async def play_a_card() -> None:
        async with again.run_test(size=SIZE) as pilot:
            await wait_for(pilot, lambda: settled(again))
            await play_one_card(pilot, again)
            await wait_for(pilot, lambda: save.read_text() != saved)
    asyncio.run(play_a_card())
    resumed, _ = RaceTable.resume(save)
    assert resumed is not None and resumed.rules.players == 4  # the new game now


def test_resume_with_option_flags_says_the_saved_options_are_kept(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """``--resume`` with option flags continues the saved game as it was, and says so
    (silence read as "my flags were taken"); without flags, or with the saved game's own
    options, nothing is said."""
    from twentynine.cli import program as cli
    from twentynine.controller import saves
    from twentynine.tui.wording import RULES_KEPT

    monkeypatch.setenv(saves.ENV_DIR, str(tmp_path))
    monkeypatch.setattr(cli, "needs_terminal", lambda command: None)  # as in a terminal
    old = RaceTable(HouseRules(players=5), seed=3, bots="random",
                    save_file=tmp_path / "twentyfive-save.json")
    old.apply(old.legal_actions()[0])
    seen: list[TwentyFiveApp] = []
    monkeypatch.setattr(TwentyFiveApp, "run", lambda self, **kw: seen.append(self))
    cli.main(["play", "--game", "twentyfive", "--resume", "--players", "6", "--teams",
              "threes"])
    app = seen[-1]
    assert app.table is not None and app.table.rules == HouseRules(players=5)
    assert RULES_KEPT in app.notices
    cli.main(["play", "--game", "twentyfive", "--resume"])
    assert RULES_KEPT not in seen[-1].notices
    cli.main(["play", "--game", "twentyfive", "--resume", "--players", "5"])
    assert RULES_KEPT not in seen[-1].notices
