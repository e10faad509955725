"""Whether today's daily solution also solves another board: the back door the guard shuts.

A board one harmless change away from today's (Number Stroke plus a parity clue the path
satisfies, Hex Walls plus a wall the path never crosses, Cows with a cell moved to a
neighbouring region) is not today's board, but its solution is today's, and a level
code's view, hints and checks would hand it over. So the question asked of any level is
not "is this today's board" but "does today's solution, turned or mirrored onto this
board, solve it": the daily's cells (or cows) are mapped through each symmetry of the
grid (8 for squares, 12 for hexes) onto the other board's frame and played there.

Nothing is solved for the asked level: the daily's solution is computed once (per
process and day) and a board whose cells cannot hold it (another shape, another size)
is answered by comparing point sets, before any move is played.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.symmetry import HEX, SQUARE, Point
from puzzlesmith.cows.board import Level as CowsLevel
from puzzlesmith.cows.mode import solution_of as cows_solution
from puzzlesmith.paths.mode import PathMode

Transform = Callable[[int, int], Point]
#: a cell's place on the grid: the points it covers, moved to the board's origin
Shape = frozenset[Point]


def _normalised(cells: dict[str, list[Point]]) -> dict[str, Shape]:
    pts = [p for ps in cells.values() for p in ps]
    if not pts:
        return {}
    dx, dy = min(x for x, _ in pts), min(y for _, y in pts)
    return {cid: frozenset((x - dx, y - dy) for x, y in ps) for cid, ps in cells.items()}


def cell_points(level: Any) -> tuple[dict[str, list[Point]], Sequence[Transform]] | None:
    """A path level's cells as grid points (a Number Stroke cell's unit squares, a Hex
    Walls cell's hex) and its grid's symmetries; None for a level of another kind."""
    cells = getattr(level, "cells", None)
    if not cells:
        return None
    first = cells[0]
    if hasattr(first, "units"):
        return {c.id: list(c.units) for c in cells}, SQUARE
    if hasattr(first, "q") and hasattr(first, "r"):
        return {c.id: [(c.q, c.r)] for c in cells}, HEX
    return None


@dataclass(frozen=True)
class PathPrint:
    """Today's path as shapes in order, once per transform (the daily side, computed once)."""

    ways: tuple[tuple[Shape, ...], ...]  # per transform: the path's cells, moved and normalised


@dataclass(frozen=True)
class CowsPrint:
    size: int
    ways: tuple[frozenset[Point], ...]  # per transform: the cows as (column, row)


Print = PathPrint | CowsPrint


def fingerprint(mode: Mode[Any], daily: Any) -> Print | None:
    """Today's solution in every orientation; None when the daily has none to compare."""
    if isinstance(mode, PathMode):
        geo = cell_points(daily)
        path = mode.solution_of(daily)
        if geo is None or path is None:
            return None
        cells, transforms = geo
        ways = []
        for t in transforms:
            moved = _normalised({cid: [t(x, y) for x, y in pts] for cid, pts in cells.items()})
            ways.append(tuple(moved[cid] for cid in path))
        return PathPrint(tuple(ways))
    if isinstance(daily, CowsLevel):
        sol = cows_solution(daily)
        if sol is None:
            return None
        n = daily.size
        cows_ways = []
        for t in SQUARE:
            pts = [t(c, r) for r, c in enumerate(sol)]
            # a square turned about the origin: moving its corner back to (0, 0)
            corner = [t(x, y) for x in (0, n - 1) for y in (0, n - 1)]
            dx, dy = min(x for x, _ in corner), min(y for _, y in corner)
            cows_ways.append(frozenset((x - dx, y - dy) for x, y in pts))
        return CowsPrint(n, tuple(cows_ways))
    return None


def solved_by(mode: Mode[Any], level: Any, fp: Print | None) -> bool:
    """Whether today's solution (``fp``), in some orientation, solves ``level``."""
    if fp is None:
        return False
    if isinstance(fp, CowsPrint):
        return _cows_solved_by(level, fp)
    if not isinstance(mode, PathMode):
        return False
    geo = cell_points(level)
    if geo is None or len(geo[0]) != len(fp.ways[0]):
        return False
    at = {shape: cid for cid, shape in _normalised(geo[0]).items()}
    for way in set(fp.ways):
        if not all(shape in at for shape in way):
            continue  # the board's cells are not today's in this orientation: no play
        path = [at[shape] for shape in way]
        for order in (path, path[::-1]):  # today's path walked backwards gives it away too
            if _clears(mode, level, order):
                return True
    return False


def _clears(mode: PathMode[Any], level: Any, path: list[str]) -> bool:
    moves = [f"start {path[0]}", *(f"add {c}" for c in path[1:])]
    try:
        state = mode.play(level, moves)
    except IllegalMoveError:  # a wall, a turner, a clue in the way: not this board's path
        return False
    return state.cleared()


def _cows_solved_by(level: Any, fp: CowsPrint) -> bool:
    """The cows' rows, columns and no-touching hold in every orientation; only the
    regions can differ, so today's cows solve the board when each region holds one."""
    if not isinstance(level, CowsLevel) or level.size != fp.size:
        return False
    regions = level.regions
    names = {ch for row in regions for ch in row}
    if len(names) != fp.size:
        return False
    return any(len({regions[r][c] for c, r in cows}) == fp.size for cows in set(fp.ways))
