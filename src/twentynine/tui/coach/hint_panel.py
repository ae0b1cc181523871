"""The hint panel: under the trick, the coach's suggestion for the player's turn and what
the other choices are worth, searched in a worker thread while the panel says it is
thinking.  Enter is held once while it thinks, or when it suggests a call with a key of
its own."""

from __future__ import annotations

from contextlib import suppress
from typing import Any, ClassVar

from rich.console import Console, ConsoleOptions, RenderResult
from rich.text import Text
from textual import work
from textual.dom import NoScreen
from textual.message import Message
from textual.visual import VisualType
from textual.widget import Widget
from textual.widgets import Static

from ...coach.hint import Hint, Option, action_words, game_points, hint
from ...engine.actions import (
    DOUBLE_CODE,
    NO_TRUMPS_CODE,
    PAIR_CODE,
    PASS_CODE,
    REDEAL_CODE,
    REDOUBLE_CODE,
    SHOW_CODE,
    SINGLE_HAND_CODE,
    Action,
    ActionKind,
)
from ...engine.views import SeatView
from ..widgets import HandView


def option_entry(h: Hint, o: Option, pad: int = 3) -> str:
    """One option in a few characters, in the figures a player thinks in: card play, the
    chance to make (defending, to beat) the contract, your side's card points and the
    chance to take the trick; a trump card, the chance to make the bid and the card
    points; a bid, its game points as bidder (there they decide) and its chance."""
    ours = "  - " if o.ours is None else f"{100 * o.ours:3.0f}%"
    if h.phase == "play":
        pts = "  - " if o.card_points is None else f"{o.card_points:4.1f}"
        chance = "  - " if o.trick_win is None else f"{100 * o.trick_win:3.0f}%"
        return f"{o.words:<{pad}} {ours} {pts} {chance}"
    if o.action.bid is not None:
        worth = "  -  " if o.worth is None else f"{game_points(o.worth):>5}"
        made = "  - " if o.made is None else f"{100 * o.made:3.0f}%"
        return f"{o.action.bid:>2} {worth} {made}"
    if h.bids:  # pass, in the auction: the worth of the contract it leaves standing
        if o.worth is None:
            return _label(o)
        made = "" if o.made is None else f", made {100 * o.made:.0f}%"
        standing = f" ({h.standing}{made})" if h.standing else ""
        return f"{_label(o)} {game_points(o.worth)}{standing}"
    if o.ours is None and o.made is not None:
        ours = f"{100 * o.made:3.0f}%"
    pts = "" if o.card_points is None else f" {o.card_points:4.1f}"
    return f"{_label(o):<{pad}} {ours}{pts}"


def _label(o: Option) -> str:
    """An option's words in the columns: a card to lay face down is just the card (the
    legend says what it means)."""
    card = o.action.card
    if o.action.kind is ActionKind.TRUMP_CARD and card is not None:
        return card.label
    return o.words


def _legend(h: Hint, width: int = 0) -> str:
    """What the columns are.  Options the search cannot tell apart are ranked by these
    figures (the chance on the contract, then card points); the rest as the search rates
    them, best first."""
    if h.bids:
        return "bid · game pts as bidder · chance to make it"
    verb = "beat" if h.defending else "make"
    if h.phase == "play":
        first, rest = "card", f"chance to {verb} it · your card pts · you take trick"
    elif any(o.action.kind is ActionKind.TRUMP_CARD for o in h.options):
        first, rest = "card face down", "chance to make it · card pts"
    else:
        first, rest = "option", f"chance to {verb} it · card pts"
    ranked = f"{first}, best first · {rest}"
    return ranked if len(ranked) <= width else f"{first} · {rest}"


HINT_KEYS = {PASS_CODE: "p", SHOW_CODE: "s", PAIR_CODE: "a", NO_TRUMPS_CODE: "n",
             DOUBLE_CODE: "d", REDOUBLE_CODE: "d", SINGLE_HAND_CODE: "h", REDEAL_CODE: "e"}
"""The table's key for each call the hint may suggest (cards, bids and the trump are put
under the cursor, for Enter)."""


def selection_words(action: Action) -> str:
    """What Enter plays, in a few words (a card to lay face down without its suit's name:
    the status line has one row)."""
    card = action.card
    if action.kind is ActionKind.TRUMP_CARD and card is not None:
        return f"lay {card.label} face down"
    return action_words(action)


def how_to_play(action: Action) -> str:
    """How the player takes the suggested action at the table."""
    key = HINT_KEYS.get(action.code)
    if key is not None:
        return f"press {key}"
    return "Enter plays it"


class HintBody:
    """The hint laid out for the width it gets: its reason (why, and what the next best
    gives up) first, then **every** legal option in aligned columns (as many as fit) and
    the points by trump.  No line is wider than the width but the reason, which wraps: the
    reason comes first so that it is never the part cut off.  The suggestion and the
    search's figures go in the panel's frame (:meth:`head` on its top edge, :meth:`stats`
    on its bottom edge)."""

    def __init__(self, h: Hint) -> None:
        self.hint = h

    def entries(self) -> list[tuple[str, bool]]:
        """Every option as the panel writes it (in the order of :meth:`_ordered`), and
        whether it is the suggestion."""
        h = self.hint
        order = self._ordered()
        # cards share one width; a call (ask for trump, the pair, pass) is as long as it is
        pad = max([3] + [len(_label(o)) for o in order if _in_grid(o)])
        return [(option_entry(h, o, pad if _in_grid(o) else len(o.words)),
                 o.action == h.action) for o in order]

    def stats(self, width: int) -> str:
        """How many deals the search simulated and how long it took."""
        h = self.hint
        return (f"({h.worlds} deals simulated, {h.seconds:.1f} s)" if width >= 60 else
                f"({h.worlds} deals, {h.seconds:.1f} s)")

    def head(self, width: int, selection: Action | None = None) -> Text:
        """The suggestion and how to take it, in at most ``width`` cells if it can.  When
        the cursor has left the suggestion (``selection``, what Enter would play now), the
        edge says so, so that it never names a card other than the one Enter plays."""
        h = self.hint
        head = Text()
        head.append("Hint: ", style="bold")
        head.append(h.options[0].words if h.options else str(h.action), style="bold green")
        key = how_to_play(h.action)
        moved = (selection is not None and selection != h.action
                 and h.action.code not in HINT_KEYS)
        if moved and selection is not None:
            key = f"Enter plays {selection_words(selection)}, your selection"
            if len(head) + 3 + len(key) > width:
                key = f"Enter: {selection_words(selection)}"
        elif len(head) + 3 + len(key) > width and key.startswith("Enter"):
            key = "Enter"  # alone, on a narrow panel
        head.append(f" · {key}", style="bold")
        return head

    def lines(self, width: int) -> list[Text]:
        """The hint as lines of at most ``width`` cells (the reason wrapped)."""
        h = self.hint
        out = [Text(h.reason), Text(_legend(h, width), style="dim"), *self._grid(width)]
        if h.trumps:
            full = " · ".join(f"{label} {pts:.1f}" for label, pts in h.trumps)
            title = "As bidder, by trump: "
            if len(title) + len(full) > width:  # the suit symbols alone
                full = " · ".join(f"{label.split()[0]} {pts:.1f}" for label, pts in h.trumps)
            if len(title) + len(full) > width:
                title = "By trump: "
            line = Text(title, style="bold")
            line.append(full)
            out.append(line)
        return out

    def _grid(self, width: int) -> list[Text]:
        """The options in aligned columns; a call wider than a column takes several."""
        entries = self.entries()
        # the cards and bids come first in the order (:meth:`_ordered`), the calls last
        grid = [len(e) for e, _ in entries[:sum(map(_in_grid, self.hint.options))]]
        colw = max(grid or [len(e) for e, _ in entries]) + 2
        ncols = max(1, (width + 2) // colw)
        out: list[Text] = []
        line, used = Text(), 0
        for text, best in entries:
            span = min(ncols, max(1, -(-(len(text) + 2) // colw)))
            if used and used + span > ncols:
                line.rstrip()
                out.append(line)
                line, used = Text(), 0
            line.append(text.ljust(span * colw), style="bold green" if best else "")
            used += span
        line.rstrip()
        if line.plain:
            out.append(line)
        return out

    def _ordered(self) -> list[Option]:
        """Bids in order, cards as the hint ranks them; then the calls (pass, ask for
        trump, the pair), which are wider than a column."""
        h = self.hint
        bids = sorted((o for o in h.options if o.action.bid is not None),
                      key=lambda o: o.action.bid or 0)
        return (bids + [o for o in h.options if o.action.bid is None and _in_grid(o)] +
                [o for o in h.options if not _in_grid(o)])

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield from self.lines(options.max_width)


def _in_grid(o: Option) -> bool:
    """A card or a bid (the options of one width, laid in columns)."""
    return o.action.bid is not None or o.action.card is not None



class HintPanel(Static):
    """Where the table shows a hint: "thinking…" while the search runs in a worker thread
    (the table stays responsive), then the hint; hidden once the position moves on."""

    DEFAULT_CSS = """
    HintPanel { height: auto; max-height: 24; border: round $accent; padding: 0 1;
                background: $surface; overflow-y: auto;
                border-title-align: left; border-subtitle-align: right;
                border-title-color: $text; border-subtitle-color: $text-muted; }
    HintPanel.-hidden { display: none; }
    """

    class Ready(Message):
        """A hint is shown (the table counts it)."""

        def __init__(self, hint: Hint) -> None:
            super().__init__()
            self.hint = hint

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        self._stepped_aside: list[Widget] = []
        super().__init__("", *args, **kwargs)
        self.add_class("-hidden")
        self.token: object = None
        self.hint: Hint | None = None
        self.failed = False
        self._enter_held = False
        self.selection: Action | None = None
        """What Enter would play now (the table tells it: :meth:`follow`)."""

    @property
    def thinking(self) -> bool:
        """The search for the current position is still running."""
        return self.token is not None and self.hint is None and not self.failed

    GIVES_ROOM: ClassVar[tuple[str, ...]] = ("seat-north", "middle")
    """The ids of the table's parts that step aside while a hint is up, when the hint would
    not fit otherwise (a short terminal): the partner's name and the row of the trick,
    which the panel covers anyway."""

    def on_mount(self) -> None:
        self.call_after_refresh(self.fit)

    def on_resize(self) -> None:
        if self.hint is not None:
            self._frame(self.hint)  # the head as it fits the new width
        self.fit()

    def on_unmount(self) -> None:
        self._give_back()

    def update(self, content: VisualType = "", *, layout: bool = True) -> None:
        """Show ``content`` and fit the panel to it (the room it needs may change)."""
        super().update(content, layout=layout)
        if self.is_mounted:
            self.call_after_refresh(self.fit)

    def _give_back(self) -> None:
        if self._stepped_aside:
            for w in self._stepped_aside:
                w.display = True
            self._stepped_aside = []
            self._recentre()

    def _recentre(self) -> None:
        """The hand is centred under the trick: draw it again once the trick's row went
        aside or came back."""
        with suppress(NoScreen):
            for hand in self.screen.query(HandView):
                hand.refresh()

    def _room(self, parent: Widget, without: list[Widget]) -> int:
        """The rows the panel may take in ``parent`` with the parts ``without`` hidden (a
        flexible part keeps at least a row)."""
        taken = 0
        for child in parent.children:
            if child is self or child in without:
                continue
            if not child.display and child not in self._stepped_aside:
                continue
            h = child.styles.height
            taken += 1 if h is not None and h.is_fraction else child.outer_size.height
        return parent.size.height - taken

    def fit(self) -> None:
        """Never taller than the table leaves free (what the flexible part, the trick, can
        give up), so the panel is never cut; if the hint needs more, the parts named in
        :attr:`GIVES_ROOM` step aside while it is shown; what does not fit still scrolls."""
        parent = self.parent
        if not isinstance(parent, Widget) or not parent.size.height:
            return
        gutter = self.styles.gutter
        width = max(1, parent.size.width - gutter.width)
        needed = self.get_content_height(parent.size, self.app.size, width) + gutter.height
        spare = [w for w in parent.children if w.id in self.GIVES_ROOM and
                 (w.display or w in self._stepped_aside)]
        if self.has_class("-hidden") or needed <= self._room(parent, []):
            self._give_back()
        else:
            for w in spare:
                w.display = False
            if spare != self._stepped_aside:
                self._stepped_aside = spare
                self._recentre()
        room = max(4, self._room(parent, self._stepped_aside))
        if self.styles.max_height is None or self.styles.max_height.value != room:
            self.styles.max_height = room

    def follow(self, selection: Action | None) -> None:
        """The table's selection moved (or not): the top edge follows it."""
        if selection == self.selection:
            return
        self.selection = selection
        if self.hint is not None:
            self._frame(self.hint)

    def hold_enter(self, action: Action) -> str | None:
        """Whether Enter (which would play ``action``, the selection) must wait once, and
        if so the words that say why (the table writes them in its status line, the line
        that said what Enter does; the panel marks its frame, so the hint keeps every row):

        * while the hint thinks, the cursor still shows the old selection, which the
          player may take for the suggestion;
        * when the hint suggests a call that is not under the cursor (pass, ask for
          trump, the pair, double...: each has its own key), Enter would play something
          else than the suggestion.

        The first Enter is held; a second one plays the selection, as the player wants."""
        if self._enter_held:
            return None
        selection = selection_words(action)
        if self.thinking:
            self._enter_held = True
            self.update(Text(f"Hint: still thinking… (Enter again plays {selection})",
                             style="bold italic"))
            return f"Enter held: the hint is still thinking · Enter again: {selection}"
        h = self.hint
        if h is not None and h.action != action and h.action.code in HINT_KEYS:
            self._enter_held = True
            self._frame(h)
            return (f"Enter held: the hint says {action_words(h.action)} "
                    f"({HINT_KEYS[h.action.code]}) · Enter again: {selection}")
        return None

    def request(self, view: SeatView, token: object) -> None:
        """Start a hint for ``view``; ``token`` names the position (a hint that arrives
        after the position changed is dropped)."""
        if self.token == token and self.hint is not None:
            self.show_hint(self.hint)
            return
        self.token = token
        self.hint = None
        self.failed = False
        self._enter_held = False
        self.show_thinking()
        self._think(view, token)

    @work(thread=True, exclusive=True, group="hint")
    def _think(self, view: SeatView, token: object) -> None:
        try:
            h = hint(view)
        except Exception as exc:  # shown, never crashes the table
            self.app.call_from_thread(self._failed, token, f"{type(exc).__name__}: {exc}")
            return
        self.app.call_from_thread(self._arrived, token, h)

    def _arrived(self, token: object, h: Hint) -> None:
        if token != self.token:
            return  # the position moved on while the search ran
        self.hint = h
        self.show_hint(h)
        self.post_message(self.Ready(h))

    def _failed(self, token: object, message: str) -> None:
        if token == self.token:
            self.failed = True
            self.update(Text(f"No hint: {message}", style="red"))

    def show_thinking(self) -> None:
        """The search is running."""
        self.remove_class("-hidden")
        self.border_title = "Hint"
        self.border_subtitle = None
        self.update(Text("Hint: thinking… (the search runs on your view only)",
                         style="italic"))

    def show_hint(self, h: Hint) -> None:
        """The finished hint: the suggestion on the panel's top edge, the search's figures
        on its bottom edge, the reason first inside."""
        self.remove_class("-hidden")
        self._frame(h)
        self.update(HintBody(h))

    def _frame(self, h: Hint) -> None:
        body = HintBody(h)
        width = max(10, (self.size.width or 50) - 4)
        head = body.head(width, self.selection)
        if self._enter_held:  # the first Enter was held (the status line says why)
            note = " · Enter held"
            if head.cell_len + len(note) <= width:
                head.append(note, style="bold reverse")
        self.border_title = head
        self.border_subtitle = body.stats(width).strip("()")

    def hide(self) -> None:
        """Nothing to show (the turn moved on)."""
        self.token = None
        self.hint = None
        self.border_title = self.border_subtitle = None
        self.add_class("-hidden")
        self._give_back()
