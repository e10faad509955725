"""Number Stroke boards: polyomino cells on a unit grid, parsed strictly (seed 001 §2–3, §8.2).

A cell is one node of the path however many unit squares it covers; two cells are
adjacent iff they share at least one unit edge (corners and holes do not connect).

>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 2, "h": 2, "clue": 1},
...     {"id": "b", "x": 2, "y": 1, "w": 1, "h": 1},
...     {"id": "c", "x": 2, "y": 2, "w": 1, "h": 1}]})[0]
>>> b = board_of(lv)
>>> [b.ids[j] for j in b.adj[b.index["a"]]], b.n
(['b'], 3)
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache
from typing import Any, Literal

from puzzlesmith.core.pack import check_fields, is_type, level_json
from puzzlesmith.core.problems import Problem
from puzzlesmith.paths.board import (
    GraphBoard,
    cell_count_problem,
    cell_json,
    duplicate_id_problems,
    graph_fields,
    graph_problems,
    level_head,
    level_texts,
)

Parity = Literal["odd", "even"]
Unit = tuple[int, int]

#: Plain rectangles allowed without a ``shape`` (w, h).
RECTANGLES: frozenset[tuple[int, int]] = frozenset({(1, 1), (1, 2), (2, 1), (2, 2), (3, 3)})

_BASE_SHAPES: dict[str, tuple[Unit, ...]] = {
    "I2": ((0, 0), (1, 0)),
    "I3": ((0, 0), (1, 0), (2, 0)),
    "L3": ((0, 0), (0, 1), (1, 1)),
    "I4": ((0, 0), (1, 0), (2, 0), (3, 0)),
    "L4": ((0, 0), (0, 1), (0, 2), (1, 2)),
    "S4": ((1, 0), (2, 0), (0, 1), (1, 1)),
    "T4": ((0, 0), (1, 0), (2, 0), (1, 1)),
    "O4": ((0, 0), (1, 0), (0, 1), (1, 1)),
}


def normalize(units: Iterable[Unit]) -> tuple[Unit, ...]:
    """Translate to the origin and sort, so equal shapes compare equal."""
    us = list(units)
    mx = min(x for x, _ in us)
    my = min(y for _, y in us)
    return tuple(sorted((x - mx, y - my) for x, y in us))


def symmetries(units: Iterable[Unit]) -> set[tuple[Unit, ...]]:
    """The 8 rotations and mirrors of a shape, normalized."""
    us = list(units)
    out: set[tuple[Unit, ...]] = set()
    for fx in (1, -1):
        for swap in (False, True):
            for fy in (1, -1):
                out.add(normalize(((fx * y, fy * x) if swap else (fx * x, fy * y)) for x, y in us))
    return out


def _catalogue() -> dict[tuple[Unit, ...], str]:
    cat: dict[tuple[Unit, ...], str] = {}
    for name, base in _BASE_SHAPES.items():
        for form in symmetries(base):
            cat[form] = name
    return cat


#: Every allowed shape form (all rotations and mirrors) → its catalogue name.
CATALOGUE: dict[tuple[Unit, ...], str] = _catalogue()


def cell_name(k: int) -> str:
    """The k-th cell's id in generated and decoded levels: a..z, A..Z, then c52, c53, ...

    >>> cell_name(0), cell_name(27), cell_name(60)
    ('a', 'B', 'c60')
    """
    if k < 26:
        return chr(ord("a") + k)
    if k < 52:
        return chr(ord("A") + k - 26)
    return f"c{k}"


@dataclass(frozen=True)
class Cell:
    id: str
    x: int
    y: int
    w: int
    h: int
    shape: tuple[Unit, ...] | None = None
    clue: int | None = None
    parity: Parity | None = None

    @property
    def offsets(self) -> tuple[Unit, ...]:
        if self.shape is not None:
            return self.shape
        return tuple((dx, dy) for dy in range(self.h) for dx in range(self.w))

    @property
    def units(self) -> tuple[Unit, ...]:
        """The unit squares the cell covers, in board coordinates."""
        return tuple((self.x + dx, self.y + dy) for dx, dy in self.offsets)

    @property
    def big(self) -> bool:
        return len(self.offsets) > 1

    def to_json(self) -> dict[str, Any]:
        return cell_json(
            {"id": self.id, "x": self.x, "y": self.y, "w": self.w, "h": self.h},
            shape=None if self.shape is None else [list(u) for u in self.shape],
            clue=self.clue,
            parity=self.parity,
        )


@dataclass(frozen=True)
class Level:
    id: str
    cells: tuple[Cell, ...]
    teach: str | None = None
    caption: str | None = None

    def to_json(self) -> dict[str, Any]:
        return level_json(
            self.id, self.teach, self.caption, cells=[c.to_json() for c in self.cells]
        )

    def with_cells(self, cells: Iterable[Cell]) -> Level:
        return Level(self.id, tuple(cells), self.teach, self.caption)


@dataclass(frozen=True, kw_only=True)
class Board(GraphBoard[Level]):
    """The cell graph of a level, indexed 0..n-1 in file order; what solvers and clients use."""

    def cell(self, i: int) -> Cell:
        return self.level.cells[i]


@cache
def board_of(level: Level) -> Board:
    """The (cached) graph of a parsed level."""
    cells = level.cells
    owner: dict[Unit, int] = {}
    for i, c in enumerate(cells):
        for u in c.units:
            owner[u] = i
    nbrs: list[set[int]] = [set() for _ in cells]
    for (x, y), i in owner.items():
        for v in ((x + 1, y), (x, y + 1)):
            j = owner.get(v)
            if j is not None and j != i:
                nbrs[i].add(j)
                nbrs[j].add(i)
    clue = {i: c.clue for i, c in enumerate(cells) if c.clue is not None}
    parity = {i: (1 if c.parity == "odd" else 0) for i, c in enumerate(cells) if c.parity}
    return Board(level=level, parity=parity, **graph_fields([c.id for c in cells], nbrs, clue))


# ---- parsing ---------------------------------------------------------------------------

_CELL_REQUIRED = {"id": str, "x": int, "y": int, "w": int, "h": int}
_CELL_OPTIONAL = {"shape": list, "clue": int, "parity": str}
_LEVEL_REQUIRED = {"id": str, "cells": list}
_LEVEL_OPTIONAL = {"teach": str, "caption": str}


def parse_level(raw: object, lid: str | None = None) -> tuple[Level | None, list[Problem]]:
    """Check every hard rule for one level; the Level when it is sound enough to build."""
    lid, raw_cells, problems = level_head(raw, lid, _LEVEL_REQUIRED, _LEVEL_OPTIONAL)
    if raw_cells is None or not isinstance(raw, dict):
        return None, problems
    count = cell_count_problem(raw_cells, lid)
    if count is not None:
        return None, [*problems, count]
    cells: list[Cell] = []
    for k, rc in enumerate(raw_cells):
        cell, cell_problems = _parse_cell(rc, k, lid)
        problems.extend(cell_problems)
        if cell is not None:
            cells.append(cell)
    if len(cells) != len(raw_cells):
        return None, problems
    problems.extend(_board_problems(cells, lid))
    if any(p.severity == "error" for p in problems):
        return None, problems
    return Level(cells=tuple(cells), **level_texts(raw)), problems


def _parse_cell(raw: object, k: int, lid: str | None) -> tuple[Cell | None, list[Problem]]:
    """One cell: its fields, then its shape (or rectangle), then its clue or parity."""
    name = raw.get("id") if isinstance(raw, dict) else None
    where = f"cell {name}" if isinstance(name, str) else f"cell #{k + 1}"
    problems = check_fields(
        raw, where=where, required=_CELL_REQUIRED, optional=_CELL_OPTIONAL, level=lid
    )
    if problems or not isinstance(raw, dict):
        return None, problems

    def bad(code: str, msg: str) -> Problem:
        return Problem(code, msg, level=lid, where=where, cells=(str(name),))

    w, h = raw["w"], raw["h"]
    shape: tuple[Unit, ...] | None = None
    if "shape" in raw:
        found = _parse_shape(raw["shape"], w, h)
        if isinstance(found, tuple):
            shape = found
        else:
            problems.append(bad(*found))
    elif (w, h) not in RECTANGLES:
        problems.append(
            bad("rect-size", f"{w}×{h} is not an allowed rectangle (1×1, 1×2, 2×1, 2×2, 3×3)")
        )
    parity = raw.get("parity")
    if parity is not None and parity not in ("odd", "even"):
        problems.append(bad("parity-value", f"parity must be 'odd' or 'even', got {parity!r}"))
    if "clue" in raw and "parity" in raw:
        problems.append(bad("clue-and-parity", "a cell holds a number clue or a parity, not both"))
    if problems:
        return None, problems
    return Cell(str(name), raw["x"], raw["y"], w, h, shape, raw.get("clue"), parity), problems


def _parse_shape(offs: list[Any], w: int, h: int) -> tuple[Unit, ...] | list[str]:
    """A shaped cell's unit offsets, or ``[code, message]`` saying what is wrong with them:
    pairs of integers, non-negative, distinct, a catalogue piece, filling its w×h box."""
    if not all(
        isinstance(o, list) and len(o) == 2 and all(is_type(v, int) for v in o) for o in offs
    ):
        return ["json-type", "shape must be a list of [dx, dy] integer pairs"]
    units = [(int(o[0]), int(o[1])) for o in offs]
    if any(dx < 0 or dy < 0 for dx, dy in units):
        return ["shape-offsets", "shape offsets must be non-negative"]
    if len(set(units)) != len(units):
        return ["shape-offsets", "shape has a repeated offset"]
    if not 2 <= len(units) <= 4 or normalize(units) not in CATALOGUE:
        return ["shape-catalogue", f"shape {units} is not an I/L/S/T/O piece of 2–4 squares"]
    bw = max(dx for dx, _ in units) + 1
    bh = max(dy for _, dy in units) + 1
    if min(dx for dx, _ in units) or min(dy for _, dy in units) or (w, h) != (bw, bh):
        return ["shape-bbox", f"w×h is {w}×{h} but the shape's bounding box is {bw}×{bh}"]
    return tuple(units)


def _board_problems(cells: list[Cell], lid: str | None) -> list[Problem]:
    problems = duplicate_id_problems(cells, lid)
    owner: dict[Unit, Cell] = {}
    for c in cells:
        for u in c.units:
            if u in owner:
                o = owner[u]
                problems.append(
                    Problem(
                        "cell-overlap",
                        f"overlaps cell {o.id} at {u}",
                        level=lid,
                        where=f"cell {c.id}",
                        cells=(c.id, o.id),
                    )
                )
            else:
                owner[u] = c
    return graph_problems(
        cells, problems, lid, lambda: board_of(Level(lid or "?", tuple(cells))).adj
    )
