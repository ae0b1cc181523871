"""What the phone page asks the table server besides playing: a look at a table before
sitting down (``look``: its rules and who sits where, for the join form) and, for a
seated player, the QR code of the table's link (``invite``: the page draws it, so a
friend at the table can scan it from the player's phone).

Both are answered over the same WebSocket as the game (docs/protocol.md): the join code
stays out of every request line, and a wrong code in a ``look`` counts as a wrong guess,
as in a ``hello``.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from .protocol import ProtocolError, message, normal_code
from .qr import qr_matrix

if TYPE_CHECKING:
    from .hosted_table import Table

_LINK = re.compile(r"https?://(?:[A-Za-z0-9.-]{1,253}|\[[0-9A-Fa-f:.]{2,45}\])"
                   r"(?::[0-9]{1,5})?/#code=([A-Z2-7]{16})")
"""A join link as the page makes it from its own address: a host (a name or an address,
and a port) and the table's code in the fragment."""


def look_message(table: Table, ref: Any = None) -> str:
    """What anyone with the code may know before sitting down: the rules, the bots'
    level, the move clock, which game and its score, and who sits where.

    A seat whose ``kind`` is ``bot`` with no ``incoming`` player is free (a player who
    takes it mid-deal plays from the next deal)."""
    g, kind = table.game, table.kind
    return message("table", rules=kind.rules_data(g.rules), bots=table.settings.bots,
                   clock=table.settings.clock, game=table.number,
                   scores=list(g.scores), started=kind.count(g) > 0,
                   seats=table.roster.listing(), rules_words=kind.rules_words(g.rules),
                   **kind.welcome_extra(g.rules), ref=ref)


def invite_message(table: Table, link: Any, ref: Any = None) -> str:
    """The QR code of ``link`` (the table's join link at the address the page was opened
    from), as rows of ``0`` (light) and ``1`` (dark) with a quiet zone: the page draws
    it.  Only this table's own link is drawn (its code in the fragment)."""
    if not isinstance(link, str) or len(link) > 300:
        raise ProtocolError("malformed", "invite needs the table's link")
    found = _LINK.fullmatch(link)
    if found is None or found.group(1) != normal_code(table.code):
        raise ProtocolError("malformed", "that is not this table's link")
    rows = ["".join("1" if m else "0" for m in row) for row in qr_matrix(link)]
    return message("invite", link=link, qr=rows, ref=ref)
