"""Hex Walls level codes: hexes in their bounding parallelogram, clues, walls, turners.

Payload, in order:

1. origin: the smallest q and r as signed varints; then ``w - 1`` and ``h - 1`` (varints)
   for the parallelogram q in [q0, q0 + w), r in [r0, r0 + h);
2. a bitmap of the hexes that are cells, r-major (w·h bits); cells are numbered in that
   reading order (by r, then q);
3. number clues: a count, then (cell index, step − 1) pairs, in cell order;
4. walls: for each cell in order, one bit per neighbour that comes later in reading
   order and is a cell — east ``(1, 0)``, south-east ``(0, 1)``, south-west ``(-1, 1)``;
5. turners: a count (varint), then per turner its pivot — the pivot's first hex in
   reading order as signed varints from the origin and one bit for which of the two
   triangles below that hex it is — and the start edge's position (0..2) in the
   pivot's clockwise :func:`~puzzlesmith.hexwalls.board.turn_cycle`.

Round-trips are exact up to canonical order (cells by r then q with their default
``"q,r"`` ids, walls in payload order, turners by pivot).
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
from puzzlesmith.hexwalls.board import (
    Edge,
    Hex,
    Turner,
    default_id,
    edge,
    turn_cycle,
    vertex,
)

#: the three neighbours that come later in reading order, in payload order
FORWARD: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1))
#: the two triangles whose first hex in reading order is (0, 0): flat side up, point up
TRIANGLES: tuple[tuple[Hex, Hex], ...] = (((1, 0), (0, 1)), ((0, 1), (-1, 1)))
#: largest parallelogram side or offset a code may describe (more is a damaged code)
MAX_SIDE = 256


def reading_key(h: Hex) -> tuple[int, int]:
    return (h[1], h[0])


def _forward_edges(hexes: list[Hex]) -> list[Edge]:
    """Every edge between two cells, in payload order."""
    cells = set(hexes)
    out: list[Edge] = []
    for q, r in hexes:
        for dq, dr in FORWARD:
            if (q + dq, r + dr) in cells:
                out.append(edge((q, r), (q + dq, r + dr)))
    return out


def _add(h: Hex, d: Hex) -> Hex:
    return (h[0] + d[0], h[1] + d[1])


def canonical_turners(turners: tuple[Turner, ...]) -> tuple[Turner, ...]:
    return tuple(sorted(turners, key=lambda t: [reading_key(h) for h in t.pivot]))


class HexCodec(LevelCodec):
    tag = "H"
    version = 0

    def write(self, level: Any, out: BitWriter) -> None:
        cells = sorted(level.cells, key=lambda c: reading_key(c.hex))
        hexes = [c.hex for c in cells]
        q0, r0 = min(q for q, _ in hexes), min(r for _, r in hexes)
        w = max(q for q, _ in hexes) - q0 + 1
        h = max(r for _, r in hexes) - r0 + 1
        out.varint(q0)
        out.varint(r0)
        out.varuint(w - 1)
        out.varuint(h - 1)
        present = set(hexes)
        for r in range(r0, r0 + h):
            for q in range(q0, q0 + w):
                out.flag((q, r) in present)
        n = len(cells)
        numbers = [(i, c.clue - 1) for i, c in enumerate(cells) if c.clue is not None]
        write_marks(out, numbers, n, width_for(n))
        walls = set(level.walls)
        for e in _forward_edges(hexes):
            out.flag(e in walls)
        turners = canonical_turners(level.turners)
        out.varuint(len(turners))
        for t in turners:
            first = min(t.pivot, key=reading_key)
            rest = tuple(sorted((_sub(h, first) for h in t.pivot if h != first), key=reading_key))
            kind = next(
                k for k, tri in enumerate(TRIANGLES) if tuple(sorted(tri, key=reading_key)) == rest
            )
            out.varint(first[0] - q0)
            out.varint(first[1] - r0)
            out.flag(kind == 1)
            out.uint(t.start, 2)

    def read(self, bits: BitReader) -> dict[str, Any]:
        q0 = bits.varint("origin q", MAX_SIDE)
        r0 = bits.varint("origin r", MAX_SIDE)
        w = bits.varuint("width", MAX_SIDE - 1) + 1
        h = bits.varuint("height", MAX_SIDE - 1) + 1
        hexes = [(q, r) for r in range(r0, r0 + h) for q in range(q0, q0 + w) if bits.flag("hexes")]
        if not hexes:
            raise CodeError(f"{bits.what}: no cells")
        n = len(hexes)
        cells: list[dict[str, Any]] = [{"id": default_id(q, r), "q": q, "r": r} for q, r in hexes]
        for i, step in read_marks(bits, n, width_for(n), "number clue").items():
            cells[i]["clue"] = step + 1
        walls = [e for e in _forward_edges(hexes) if bits.flag("walls")]
        turners: list[dict[str, Any]] = []
        for _ in range(bits.varuint("the count of turners", 3 * MAX_SIDE * MAX_SIDE)):
            first = (
                q0 + bits.varint("a turner's pivot", MAX_SIDE),
                r0 + bits.varint("a turner's pivot", MAX_SIDE),
            )
            a, b = TRIANGLES[1 if bits.flag("a turner's pivot") else 0]
            pivot = vertex(first, _add(first, a), _add(first, b))
            k = bits.uint(2, "a turner's start edge")
            if k == 3:
                raise CodeError(f"{bits.what}: a turner's start edge is 3 (must be 0..2)")
            at = turn_cycle(pivot)[k]
            turners.append({"pivot": [list(x) for x in pivot], "at": [list(x) for x in at]})
        return {
            "cells": cells,
            "walls": [[list(x) for x in e] for e in walls],
            "turners": turners,
        }


def _sub(h: Hex, o: Hex) -> Hex:
    return (h[0] - o[0], h[1] - o[1])


CODEC = HexCodec()
