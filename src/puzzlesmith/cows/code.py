"""Cows level codes: the board size and its region borders, like puzz.link's star battle.

Payload: ``N - 4`` in 5 bits, then one bit per pair of side-by-side cells (row by row,
N·(N-1) bits: "a border runs between (r, c) and (r, c+1)"), then one per pair of
stacked cells (N·(N-1) bits: "between (r, c) and (r+1, c)"). A 9×9 board is
5 + 144 bits = 25 characters.

Regions are 4-connected, so borders alone give them back: the decoder floods the
cells and letters the regions in reading order of their first cell (A, B, C, ...).
Round-trips are exact up to that canonical lettering (:func:`canonical_regions`);
every shipped pack is already lettered that way.

>>> from puzzlesmith.core.bitio import BitReader, BitWriter
>>> from puzzlesmith.cows.board import Level
>>> w = BitWriter(); CODEC.write(Level("t", ("AABB", "CABD", "CCBD", "CCDD")), w)
>>> len(w.text()), CODEC.read(BitReader(w.text()))
(5, {'regions': ['AABB', 'CABD', 'CCBD', 'CCDD']})
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.bitio import BitReader, BitWriter, CodeError
from puzzlesmith.core.codes import LevelCodec
from puzzlesmith.cows.board import LETTERS, MIN_SIZE

SIZE_BITS = 5


def _pairs(n: int) -> list[tuple[int, int]]:
    """Neighbouring cell pairs in payload order: side-by-side first, then stacked."""
    across = [(r * n + c, r * n + c + 1) for r in range(n) for c in range(n - 1)]
    down = [(r * n + c, (r + 1) * n + c) for r in range(n - 1) for c in range(n)]
    return across + down


def canonical_regions(rows: tuple[str, ...] | list[str]) -> tuple[str, ...]:
    """The same partition lettered A, B, C... in reading order of each region's first cell.

    >>> canonical_regions(["BBA", "BCA", "CCA"])
    ('AAB', 'ACB', 'CCB')
    """
    rename: dict[str, str] = {}
    for row in rows:
        for ch in row:
            if ch not in rename:
                rename[ch] = LETTERS[len(rename)] if len(rename) < len(LETTERS) else "?"
    return tuple("".join(rename[ch] for ch in row) for row in rows)


class CowsCodec(LevelCodec):
    tag = "C"
    version = 0

    def write(self, level: Any, out: BitWriter) -> None:
        rows: tuple[str, ...] = level.regions
        n = len(rows)
        out.uint(n - MIN_SIZE, SIZE_BITS)
        flat = "".join(rows)
        for a, b in _pairs(n):
            out.flag(flat[a] != flat[b])

    def read(self, bits: BitReader) -> dict[str, Any]:
        n = bits.uint(SIZE_BITS, "board size") + MIN_SIZE
        border = [bits.flag("region borders") for _ in range(2 * n * (n - 1))]
        parent = list(range(n * n))

        def root(i: int) -> int:
            while parent[i] != i:
                parent[i] = parent[parent[i]]
                i = parent[i]
            return i

        pairs = _pairs(n)
        for (a, b), wall in zip(pairs, border, strict=True):
            if not wall:
                parent[root(a)] = root(b)
        for (a, b), wall in zip(pairs, border, strict=True):
            if wall and root(a) == root(b):
                r, c = divmod(a, n)
                raise CodeError(
                    f"level code (cows board): a border at row {r + 1} column {c + 1} "
                    "runs inside one region"
                )
        letter: dict[int, str] = {}
        for i in range(n * n):
            if root(i) not in letter:
                if len(letter) == len(LETTERS):
                    raise CodeError(f"level code (cows board): more than {len(LETTERS)} regions")
                letter[root(i)] = LETTERS[len(letter)]
        return {"regions": ["".join(letter[root(r * n + c)] for c in range(n)) for r in range(n)]}


CODEC = CowsCodec()
