"""The link a friend opens on a phone to sit at a table, and its QR code for the host's
terminal.

The join code travels in the link's fragment (``#code=...``): a browser never sends the
fragment to a server, so the code stays out of every request line and log.  The QR code
is made by ``segno`` (pure Python, no dependencies) and drawn with half-block characters,
two rows of modules to a line, so that a 33-module code fits an 80 x 24 terminal.

>>> join_link("192.168.1.5", 2929, "ABCD-EFGH-IJKL-MNOP")
'http://192.168.1.5:2929/#code=ABCDEFGHIJKLMNOP'
>>> join_link("::1", 80, "abcdefghijklmnop")
'http://[::1]:80/#code=ABCDEFGHIJKLMNOP'
"""

from __future__ import annotations

from .protocol import normal_code

QUIET = 2
"""Light modules around the code (the standard asks for 4; phone scanners read a code
with 2, and the terminal's own margin adds to it)."""

_BLOCKS = {(True, True): "█", (True, False): "▀", (False, True): "▄", (False, False): " "}
"""The character for a pair of modules, upper and lower, by which of them is drawn."""


def join_link(host: str, port: int, code: str) -> str:
    """The page's address at ``host:port`` with the table's join code in the fragment."""
    where = f"[{host}]" if ":" in host and not host.startswith("[") else host
    return f"http://{where}:{port}/#code={normal_code(code)}"


def qr_matrix(link: str) -> list[list[bool]]:
    """The QR code of ``link`` as rows of modules (True: dark), with its quiet zone."""
    import segno

    code = segno.make(link, error="m", micro=False)
    return [[bool(m) for m in row] for row in code.matrix_iter(scale=1, border=QUIET)]


def qr_text(link: str) -> str:
    """The QR code of ``link`` as lines of block characters for a terminal.

    A character is drawn where a module is *light*: a terminal's text is light on dark,
    so the code comes out dark on light as scanners expect.  (:func:`qr_lines_colour`
    adds colours that make it right on a light terminal too.)
    """
    rows = qr_matrix(link)
    if len(rows) % 2:
        rows.append([False] * len(rows[0]))  # a light row: the quiet zone goes on
    lines = []
    for top, bottom in zip(rows[::2], rows[1::2], strict=True):
        lines.append("".join(_BLOCKS[(not a, not b)] for a, b in zip(top, bottom,
                                                                    strict=True)))
    return "\n".join(lines)


def qr_lines_colour(text: str) -> str:
    """:func:`qr_text`'s lines in white on black (ANSI colours), for a terminal whose own
    colours are dark on light."""
    return "\n".join(f"\x1b[97;40m{line}\x1b[0m" for line in text.split("\n"))


def text_matrix(text: str) -> list[list[bool]]:
    """:func:`qr_text` read back as rows of modules (True: dark): the inverse of its
    drawing, for checking what a terminal shows.

    >>> link = join_link("10.0.0.2", 2929, "ABCDEFGHIJKLMNOP")
    >>> m = qr_matrix(link)
    >>> text_matrix(qr_text(link))[:len(m)] == m
    True
    """
    upper = {ch: not top for (top, _), ch in _BLOCKS.items()}
    lower = {ch: not bottom for (_, bottom), ch in _BLOCKS.items()}
    rows: list[list[bool]] = []
    for line in text.split("\n"):
        rows.append([upper[ch] for ch in line])
        rows.append([lower[ch] for ch in line])
    return rows
