"""Number Stroke level codes: painted unit squares, how they merge into cells, clues.

Payload, in order:

1. origin: a flag "the board starts at (0, 0)", else x and y as signed varints;
2. bounding box: ``w - 1`` and ``h - 1`` as varints;
3. a bitmap of the painted unit squares, row by row (w·h bits);
4. merges: for each painted square in reading order, one bit "same cell as the square
   to its left" when that square is painted, then one "same cell as the square above";
5. cells are the merged groups, numbered in reading order of their top-left square;
   for each cell whose squares fill a rectangle that is also a catalogue piece
   (1×2, 2×1, 2×2) one bit "written as a ``shape``" (a pack file may say either);
6. number clues: a count, then (cell index, step − 1) pairs, in cell order;
7. parity clues: a count, then (cell index, odd?) pairs, in cell order
   (both by :func:`~puzzlesmith.core.bitio.write_marks`).

Indices and steps take the fewest bits that hold every cell (``width_for(n)``).
A 20-square board with 3 clues takes about 20 characters.

Round-trips are exact up to canonical cell order and ids (reading order, a, b, c...,
as the generator writes them) and shape offsets in :func:`~puzzlesmith.stroke.board.normalize`
order; the solution is the same path over the same squares.
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.bitio import (
    BitReader,
    BitWriter,
    CodeError,
    read_marks,
    width_for,
    write_marks,
)
from puzzlesmith.core.codes import LevelCodec
from puzzlesmith.stroke.board import CATALOGUE, RECTANGLES, Cell, Level, Unit, cell_name, normalize

#: largest bounding box side a code may describe (bigger is a damaged code)
MAX_SIDE = 256


def top_left(units: tuple[Unit, ...] | list[Unit]) -> tuple[int, int]:
    """A cell's first square in reading order, as (y, x) for sorting."""
    return min((y, x) for x, y in units)


def _ambiguous(units: list[Unit]) -> bool:
    """Squares a pack may write either as a plain rectangle or as a catalogue ``shape``."""
    xs = [x for x, _ in units]
    ys = [y for _, y in units]
    w, h = max(xs) - min(xs) + 1, max(ys) - min(ys) + 1
    return w * h == len(units) and (w, h) in RECTANGLES and normalize(units) in CATALOGUE


def canonical_cells(level: Level) -> list[Cell]:
    """The level's cells in code order (reading order of their top-left square)."""
    return sorted(level.cells, key=lambda c: top_left(c.units))


class StrokeCodec(LevelCodec):
    tag = "S"
    version = 0

    def write(self, level: Any, out: BitWriter) -> None:
        cells = canonical_cells(level)
        owner: dict[Unit, int] = {u: i for i, c in enumerate(cells) for u in c.units}
        xs = [x for x, _ in owner]
        ys = [y for _, y in owner]
        x0, y0 = min(xs), min(ys)
        w, h = max(xs) - x0 + 1, max(ys) - y0 + 1
        out.flag((x0, y0) == (0, 0))
        if (x0, y0) != (0, 0):
            out.varint(x0)
            out.varint(y0)
        out.varuint(w - 1)
        out.varuint(h - 1)
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                out.flag((x, y) in owner)
        for y in range(y0, y0 + h):
            for x in range(x0, x0 + w):
                if (x, y) not in owner:
                    continue
                for v in ((x - 1, y), (x, y - 1)):
                    if v in owner:
                        out.flag(owner[v] == owner[(x, y)])
        for c in cells:
            if _ambiguous(list(c.units)):
                out.flag(c.shape is not None)
        n = len(cells)
        numbers = [(i, c.clue - 1) for i, c in enumerate(cells) if c.clue is not None]
        write_marks(out, numbers, n, width_for(n))
        parities = [(i, int(c.parity == "odd")) for i, c in enumerate(cells) if c.parity]
        write_marks(out, parities, n, 1)

    def read(self, bits: BitReader) -> dict[str, Any]:
        x0 = y0 = 0
        if not bits.flag("origin"):
            x0 = bits.varint("origin x", MAX_SIDE)
            y0 = bits.varint("origin y", MAX_SIDE)
        w = bits.varuint("board width", MAX_SIDE - 1) + 1
        h = bits.varuint("board height", MAX_SIDE - 1) + 1
        painted = [
            (x, y)
            for y in range(y0, y0 + h)
            for x in range(x0, x0 + w)
            if bits.flag("painted squares")
        ]
        if not painted:
            raise CodeError("level code (stroke board): no painted squares")
        parent: dict[Unit, Unit] = {u: u for u in painted}

        def root(u: Unit) -> Unit:
            while parent[u] != u:
                parent[u] = parent[parent[u]]
                u = parent[u]
            return u

        for x, y in painted:
            for v in ((x - 1, y), (x, y - 1)):
                if v in parent and bits.flag("cell merges"):
                    parent[root(v)] = root((x, y))
        groups: dict[Unit, list[Unit]] = {}
        for u in painted:
            groups.setdefault(root(u), []).append(u)
        cells = sorted(groups.values(), key=top_left)
        n = len(cells)
        raw_cells: list[dict[str, Any]] = []
        for k, units in enumerate(cells):
            cx, cy = min(x for x, _ in units), min(y for _, y in units)
            cw = max(x for x, _ in units) - cx + 1
            ch = max(y for _, y in units) - cy + 1
            cell: dict[str, Any] = {"id": cell_name(k), "x": cx, "y": cy, "w": cw, "h": ch}
            rect = cw * ch == len(units) and (cw, ch) in RECTANGLES
            shaped = bits.flag("cell shapes") if _ambiguous(units) else not rect
            if shaped:
                cell["shape"] = [list(u) for u in normalize(units)]
            raw_cells.append(cell)
        for i, step in read_marks(bits, n, width_for(n), "number clue").items():
            raw_cells[i]["clue"] = step + 1
        for i, odd in read_marks(bits, n, 1, "parity clue").items():
            raw_cells[i]["parity"] = "odd" if odd else "even"
        return {"cells": raw_cells}


CODEC = StrokeCodec()
