"""Reading a QR code back from its modules, for the tests: the host's terminal shows a code,
and the test reads what a phone's camera would read from it, by the standard's rules
(ISO/IEC 18004), without the library that drew it.

Only what a clean, printed code needs: versions 1 to 6, the format information, the
mask, the zigzag placement of the codewords, the blocks' interleaving, and the numeric,
alphanumeric and byte segments.  No error correction is needed (nothing is smudged on a
terminal), so the error-correction codewords are skipped, not checked.
"""

from __future__ import annotations

from collections.abc import Callable

Matrix = list[list[bool]]

_LEVEL_BITS = {"L": 1, "M": 0, "Q": 3, "H": 2}
_ECC_PER_BLOCK = {"L": (7, 10, 15, 20, 26, 18), "M": (10, 16, 26, 18, 24, 16),
                  "Q": (13, 22, 18, 26, 18, 24), "H": (17, 28, 22, 16, 22, 28)}
_BLOCKS = {"L": (1, 1, 1, 1, 1, 2), "M": (1, 1, 1, 2, 2, 4),
           "Q": (1, 1, 2, 2, 4, 4), "H": (1, 1, 2, 4, 4, 4)}
_CODEWORDS = (26, 44, 70, 100, 134, 172)
"""All codewords (data and error correction) of versions 1-6."""
_ALNUM = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZ $%*+-./:"
_MASKS: tuple[Callable[[int, int], bool], ...] = (
    lambda r, c: (r + c) % 2 == 0,
    lambda r, c: r % 2 == 0,
    lambda r, c: c % 3 == 0,
    lambda r, c: (r + c) % 3 == 0,
    lambda r, c: (r // 2 + c // 3) % 2 == 0,
    lambda r, c: (r * c) % 2 + (r * c) % 3 == 0,
    lambda r, c: ((r * c) % 2 + (r * c) % 3) % 2 == 0,
    lambda r, c: ((r + c) % 2 + (r * c) % 3) % 2 == 0,
)


class QRReadError(ValueError):
    """The modules are not a QR code this reader can read."""


def _format_word(level: str, mask: int) -> int:
    """The 15 format bits for an error-correction level and a mask (BCH code, masked)."""
    data = _LEVEL_BITS[level] << 3 | mask
    rem = data
    for _ in range(10):
        rem = (rem << 1) ^ ((rem >> 9) * 0x537)
    return (data << 10 | rem) ^ 0x5412


def _trim(matrix: Matrix) -> Matrix:
    """The code without its quiet zone (the light rows and columns around it)."""
    rows = [i for i, row in enumerate(matrix) if any(row)]
    cols = [j for j in range(len(matrix[0])) if any(row[j] for row in matrix)]
    if not rows or not cols:
        raise QRReadError("no dark module at all")
    return [row[cols[0]:cols[-1] + 1] for row in matrix[rows[0]:rows[-1] + 1]]


def _is_function(r: int, c: int, n: int, version: int) -> bool:
    """Whether the module at row ``r``, column ``c`` is a pattern, not data."""
    if (r < 9 and c < 9) or (r < 9 and c >= n - 8) or (r >= n - 8 and c < 9):
        return True  # the finders, their separators and the format information
    if r == 6 or c == 6:
        return True  # the timing patterns
    return version >= 2 and abs(r - (n - 7)) <= 2 and abs(c - (n - 7)) <= 2


def read_qr(matrix: Matrix) -> str:
    """The text a QR code holds, read from its modules (True: dark)."""
    m = _trim(matrix)
    n = len(m)
    version = (n - 17) // 4
    if n != 17 + 4 * version or not 1 <= version <= 6 or any(len(row) != n for row in m):
        raise QRReadError(f"a {n} x {len(m[0])} code is not of versions 1 to 6")
    # the format: 15 bits beside the top-left finder
    places = [(i, 8) for i in range(6)] + [(7, 8), (8, 8), (8, 7)] + [
        (8, 14 - i) for i in range(9, 15)]
    word = sum(m[r][c] << i for i, (r, c) in enumerate(places))
    found = [(lv, mk) for lv in _LEVEL_BITS for mk in range(8) if _format_word(lv, mk) == word]
    if not found:
        raise QRReadError("the format information is not readable")
    level, mask_no = found[0]
    mask = _MASKS[mask_no]
    # the codewords, in the zigzag from the bottom right, two columns at a time
    bits: list[int] = []
    right = n - 1
    while right >= 1:
        if right == 6:
            right = 5
        upward = ((right + 1) & 2) == 0
        for vert in range(n):
            r = n - 1 - vert if upward else vert
            for c in (right, right - 1):
                if not _is_function(r, c, n, version):
                    bits.append(int(m[r][c] ^ mask(r, c)))
        right -= 2
    total = _CODEWORDS[version - 1]
    words = [int("".join(map(str, bits[8 * i:8 * i + 8])), 2) for i in range(total)]
    # the data codewords, interleaved block by block (short blocks first)
    blocks = _BLOCKS[level][version - 1]
    ecc = _ECC_PER_BLOCK[level][version - 1]
    short_len = total // blocks
    shorts = blocks - total % blocks
    sizes = [short_len - ecc + (b >= shorts) for b in range(blocks)]
    data: list[list[int]] = [[] for _ in range(blocks)]
    it = iter(words)
    for i in range(max(sizes)):
        for b in range(blocks):
            if i < sizes[b]:
                data[b].append(next(it))
    stream = "".join(f"{w:08b}" for block in data for w in block)
    return _segments(stream)


def _segments(stream: str) -> str:
    out: list[str] = []
    pos = 0

    def take(k: int) -> int:
        nonlocal pos
        if pos + k > len(stream):
            raise QRReadError("the data ends inside a segment")
        value = int(stream[pos:pos + k], 2)
        pos += k
        return value

    while pos + 4 <= len(stream):
        mode = take(4)
        if mode == 0:
            break  # the terminator
        if mode == 0b0100:
            count = take(8)
            out.append(bytes(take(8) for _ in range(count)).decode("utf-8"))
        elif mode == 0b0010:
            count = take(9)
            chars = []
            for _ in range(count // 2):
                pair = take(11)
                chars += [_ALNUM[pair // 45], _ALNUM[pair % 45]]
            if count % 2:
                chars.append(_ALNUM[take(6)])
            out.append("".join(chars))
        elif mode == 0b0001:
            count = take(10)
            digits = ""
            while count >= 3:
                digits += f"{take(10):03d}"
                count -= 3
            if count == 2:
                digits += f"{take(7):02d}"
            elif count == 1:
                digits += str(take(4))
            out.append(digits)
        else:
            raise QRReadError(f"a segment of mode {mode:04b} is not read here")
    return "".join(out)
