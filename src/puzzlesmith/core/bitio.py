"""Bits to base64url text and back: the packing under every level code.

A code's payload is a stream of small unsigned integers of known widths, written
most significant bit first and cut into 6-bit base64url characters (the last one
padded with zero bits). The reader is strict — running out of bits means the code
was truncated, leftover non-zero bits mean it was not made by this writer — so a
damaged payload is reported instead of decoded into a wrong level.

>>> w = BitWriter()
>>> w.uint(5, 3); w.varuint(300); w.flag(True)
>>> text = w.text()
>>> r = BitReader(text)
>>> r.uint(3, "a"), r.varuint("b"), r.flag("c")
(5, 300, True)
>>> r.end()
"""

from __future__ import annotations

from puzzlesmith.core.errors import PuzzlesmithError

#: RFC 4648 §5 (base64url): safe in a URL path, a query, a chat message or a QR code.
ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
VALUE = {ch: i for i, ch in enumerate(ALPHABET)}

#: bits per group of :meth:`BitWriter.varuint` (plus one "more follows" bit)
VAR_GROUP = 4


class CodeError(PuzzlesmithError, ValueError):
    """A level code that cannot be read: one line saying what is wrong and where."""

    code = "bad-code"


def shown(ch: str) -> str:
    """A character for a message: quoted when visible ASCII, else its code point.

    >>> shown("!"), shown(chr(10)), shown("长")
    ('"!"', 'U+000A', 'U+957F')
    """
    return f'"{ch}"' if "!" <= ch <= "~" else f"U+{ord(ch):04X}"


def width_for(count: int) -> int:
    """Bits needed to write any of ``count`` values (0 when there is only one).

    >>> [width_for(k) for k in (0, 1, 2, 3, 4, 5, 64, 65)]
    [0, 0, 1, 2, 2, 3, 6, 7]
    """
    return max(count - 1, 0).bit_length()


class BitWriter:
    """Accumulates fields; :meth:`text` gives the base64url characters."""

    def __init__(self) -> None:
        self._value = 0
        self._bits = 0

    def uint(self, value: int, width: int) -> None:
        """``value`` in exactly ``width`` bits (width 0 writes nothing: a value with no choice)."""
        if value < 0 or value >> width:
            raise ValueError(f"{value} does not fit in {width} bits")
        self._value = (self._value << width) | value
        self._bits += width

    def flag(self, on: bool) -> None:
        self.uint(1 if on else 0, 1)

    def varuint(self, value: int) -> None:
        """A number of unknown size: 4-bit groups, low group first, each after a "more" bit.

        Small numbers (0..15) cost 5 bits, 0..255 cost 10.
        """
        if value < 0:
            raise ValueError(f"{value} is negative")
        while True:
            group, value = value & ((1 << VAR_GROUP) - 1), value >> VAR_GROUP
            self.flag(value > 0)
            self.uint(group, VAR_GROUP)
            if not value:
                return

    def varint(self, value: int) -> None:
        """A signed number, zigzag-mapped (0, -1, 1, -2, ... → 0, 1, 2, 3, ...)."""
        self.varuint(value * 2 if value >= 0 else -value * 2 - 1)

    def text(self) -> str:
        pad = -self._bits % 6
        value, bits = self._value << pad, self._bits + pad
        return "".join(ALPHABET[(value >> (bits - 6 - k)) & 63] for k in range(0, bits, 6))


class BitReader:
    """Reads the fields back in order; every shortfall is a :class:`CodeError`."""

    def __init__(self, text: str, what: str = "payload") -> None:
        self.what = what
        for k, ch in enumerate(text):
            if ch not in VALUE:
                raise CodeError(
                    f"{what}: character {shown(ch)} at position {k + 1} is not base64url"
                )
        self._value = 0
        for ch in text:
            self._value = (self._value << 6) | VALUE[ch]
        self._left = 6 * len(text)

    def uint(self, width: int, field: str) -> int:
        if width > self._left:
            raise CodeError(f"{self.what} ends early while reading {field} (truncated code?)")
        self._left -= width
        return (self._value >> self._left) & ((1 << width) - 1)

    def flag(self, field: str) -> bool:
        return self.uint(1, field) == 1

    def varuint(self, field: str, limit: int = 1 << 20) -> int:
        """The number :meth:`BitWriter.varuint` wrote; above ``limit`` is refused (a bad code)."""
        value, shift = 0, 0
        while True:
            more = self.flag(field)
            value |= self.uint(VAR_GROUP, field) << shift
            shift += VAR_GROUP
            if value > limit:
                raise CodeError(f"{self.what}: {field} {value} is out of range (at most {limit})")
            if not more:
                return value

    def varint(self, field: str, limit: int = 1 << 20) -> int:
        z = self.varuint(field, 2 * limit + 1)
        return z // 2 if z % 2 == 0 else -(z + 1) // 2

    def end(self) -> None:
        """Only the zero padding of the last character may remain."""
        if self._left >= 6:
            raise CodeError(
                f"{self.what}: {self._left // 6} character(s) left over after the level"
            )
        if self._value & ((1 << self._left) - 1):
            raise CodeError(f"{self.what}: non-zero padding in the last character")


def write_marks(out: BitWriter, marks: list[tuple[int, int]], n: int, width: int) -> None:
    """Values on some of ``n`` cells (clues): a count, then (cell index, value) pairs in order.

    Counts and indices take the fewest bits that hold ``n``; values take ``width`` bits.
    """
    out.uint(len(marks), width_for(n + 1))
    for i, value in marks:
        out.uint(i, width_for(n))
        out.uint(value, width)


def read_marks(bits: BitReader, n: int, width: int, what: str) -> dict[int, int]:
    """What :func:`write_marks` wrote (cell index → value); ``what`` names them in messages.

    >>> w = BitWriter(); write_marks(w, [(0, 2), (3, 1)], 5, 3)
    >>> read_marks(BitReader(w.text()), 5, 3, "number clue")
    {0: 2, 3: 1}
    """
    count = bits.uint(width_for(n + 1), f"the count of {what}s")
    if count > n:
        raise CodeError(f"{bits.what}: {count} {what}s on {n} cells")
    marks: dict[int, int] = {}
    for _ in range(count):
        i = bits.uint(width_for(n), f"a {what}'s cell")
        if i >= n:
            raise CodeError(f"{bits.what}: a {what}'s cell is #{i + 1} of {n}")
        if i in marks:
            raise CodeError(f"{bits.what}: cell #{i + 1} has two {what}s")
        marks[i] = bits.uint(width, f"a {what}'s value")
    return marks
