"""Test support: an independent OR-Tools CP-SAT model of Number Stroke, and random boards.

The path is a circuit through a dummy depot node: depot → first cell, last cell →
depot (AddCircuit); a step variable per cell increases by one along every used arc;
clues fix steps and parities constrain them. Solutions are enumerated up to a limit.
"""

from __future__ import annotations

import importlib.util
import random
import sys
from collections.abc import Mapping, Sequence
from types import ModuleType

from ortools.sat.python import cp_model

from puzzlesmith.stroke.board import Cell, Level, board_of, parse_level


class _Collector(cp_model.CpSolverSolutionCallback):
    def __init__(self, steps: list[cp_model.IntVar], limit: int) -> None:
        super().__init__()
        self.steps = steps
        self.limit = limit
        self.paths: list[list[int]] = []

    def on_solution_callback(self) -> None:
        order = sorted(range(len(self.steps)), key=lambda i: self.Value(self.steps[i]))
        self.paths.append(order)
        if len(self.paths) >= self.limit:
            self.StopSearch()


def cpsat_paths(
    adjmask: Sequence[int],
    clue: Mapping[int, int],
    parity: Mapping[int, int],
    limit: int = 2,
    *,
    time_limit: float = 60.0,
) -> list[list[int]]:
    """Up to ``limit`` solution paths (cell indices in step order)."""
    n = len(adjmask)
    model = cp_model.CpModel()
    step = [model.NewIntVar(1, n, f"s{i}") for i in range(n)]
    depot = n
    arcs: list[tuple[int, int, cp_model.IntVar]] = []
    for i in range(n):
        first = model.NewBoolVar(f"first{i}")
        last = model.NewBoolVar(f"last{i}")
        arcs.append((depot, i, first))
        arcs.append((i, depot, last))
        model.Add(step[i] == 1).OnlyEnforceIf(first)
        model.Add(step[i] == n).OnlyEnforceIf(last)
        for j in range(n):
            if (adjmask[i] >> j) & 1:
                lit = model.NewBoolVar(f"a{i}_{j}")
                arcs.append((i, j, lit))
                model.Add(step[j] == step[i] + 1).OnlyEnforceIf(lit)
    model.AddCircuit(arcs)
    model.AddAllDifferent(step)
    for i, c in clue.items():
        model.Add(step[i] == c)
    for i, p in parity.items():
        half = model.NewIntVar(0, n, f"h{i}")
        model.Add(step[i] == 2 * half + p)
    solver = cp_model.CpSolver()
    solver.parameters.enumerate_all_solutions = True
    solver.parameters.num_workers = 1
    solver.parameters.max_time_in_seconds = time_limit
    collector = _Collector(step, limit)
    solver.Solve(model, collector)
    return collector.paths


# ---- seeded random boards ------------------------------------------------------------------

_PIECES: list[tuple[tuple[int, int], ...]] = [
    ((0, 0),),
    ((0, 0),),
    ((0, 0),),
    ((0, 0), (1, 0)),
    ((0, 0), (0, 1)),
    ((0, 0), (1, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)),
    ((0, 0), (0, 1), (1, 1)),
    ((0, 0), (1, 0), (2, 0), (1, 1)),
    ((0, 0), (1, 0), (1, 1), (2, 1)),
    ((1, 0), (0, 1), (1, 1)),
]


def units_of(cell: dict[str, object]) -> list[tuple[int, int]]:
    shape = cell["shape"]
    assert isinstance(shape, list)
    return [(int(o[0]), int(o[1])) for o in shape]


def random_level(rng: random.Random, width: int, height: int, *, holes: float = 0.08) -> Level:
    """A connected polyomino board on a width×height grid (largest part kept), no clues."""
    from puzzlesmith.core.checks import components
    from puzzlesmith.stroke.board import CATALOGUE, RECTANGLES, normalize

    free = {(x, y) for y in range(height) for x in range(width)}
    cells: list[dict[str, object]] = []
    for y in range(height):
        for x in range(width):
            if (x, y) not in free:
                continue
            if rng.random() < holes:
                free.discard((x, y))
                continue
            options = [p for p in _PIECES if all((x + dx, y + dy) in free for dx, dy in p)]
            # pieces are anchored at their first unit in row-major order
            piece = rng.choice(options or [((0, 0),)])
            units = [(x + dx, y + dy) for dx, dy in piece]
            if not all(u in free for u in units):
                units = [(x, y)]
            for u in units:
                free.discard(u)
            ox, oy = min(u[0] for u in units), min(u[1] for u in units)
            offs = normalize(units)
            w = max(dx for dx, _ in offs) + 1
            h = max(dy for _, dy in offs) + 1
            cell: dict[str, object] = {"id": f"c{len(cells)}", "x": ox, "y": oy, "w": w, "h": h}
            if (w, h) not in RECTANGLES or len(offs) != w * h:
                assert offs in CATALOGUE
                cell["shape"] = [list(o) for o in offs]
            cells.append(cell)
    if not cells:  # a tiny grid drawn all holes: draw again
        return random_level(rng, width, height, holes=holes)
    raw_level = Level(
        "r",
        tuple(
            Cell(
                str(c["id"]),
                int(str(c["x"])),
                int(str(c["y"])),
                int(str(c["w"])),
                int(str(c["h"])),
                normalize(units_of(c)) if "shape" in c else None,
            )
            for c in cells
        ),
    )
    adj = board_of(raw_level).adj
    keep = max(components(adj), key=len)
    kept = [cells[i] for i in keep]
    level = parse_level({"id": "r", "cells": kept})[0]
    assert level is not None
    return level


def with_clues(level: Level, clue: dict[str, int], parity: dict[str, str]) -> Level:
    cells = []
    for c in level.cells:
        raw = c.to_json()
        raw.pop("clue", None)
        raw.pop("parity", None)
        if c.id in clue:
            raw["clue"] = clue[c.id]
        elif c.id in parity:
            raw["parity"] = parity[c.id]
        cells.append(raw)
    out = parse_level({"id": level.id, "cells": cells})[0]
    assert out is not None
    return out


def random_puzzle(rng: random.Random, width: int, height: int) -> Level:
    """A random board with a few clues: usually taken from one of its paths, sometimes random."""
    from puzzlesmith.stroke.solver import search

    level = random_level(rng, width, height)
    b = board_of(level)
    n = b.n
    k = rng.randint(0, min(4, n))
    paths, _ = search(b.adjmask, {}, {}, 1, node_budget=20000) if rng.random() < 0.8 else ([], True)
    if paths:
        path = paths[0]
        if rng.random() < 0.5:
            path = path[::-1]
        steps = rng.sample(range(1, n + 1), k)
        clue = {b.ids[path[s - 1]]: s for s in steps}
        rest = [i for i in range(n) if b.ids[i] not in clue]
        parity = {}
        for i in rng.sample(rest, min(len(rest), rng.randint(0, 2))):
            step = path.index(i) + 1
            parity[b.ids[i]] = "odd" if step % 2 else "even"
    else:
        cells = rng.sample(range(n), k)
        clue = {b.ids[c]: s for c, s in zip(cells, rng.sample(range(1, n + 1), k), strict=True)}
        parity = {}
    return with_clues(level, clue, parity)


def from_source(module: str) -> ModuleType:
    """``module`` run from its .py file as Python, whether or not a compiled build is loaded
    (kept in ``sys.modules`` as ``<module>_pure``).

    Compiled (mypyc), calls between the compiled modules are C calls that a monkeypatched
    name does not reach, and pytest collects no doctests from them.
    """
    from puzzlesmith import _native

    name = module + "_pure"
    if name not in sys.modules:
        spec = importlib.util.spec_from_file_location(name, _native.source_of(module))
        assert spec is not None and spec.loader is not None
        loaded = importlib.util.module_from_spec(spec)
        sys.modules[name] = loaded  # (dataclasses look their module up by name)
        spec.loader.exec_module(loaded)
    return sys.modules[name]


def family_from_source(modules: Sequence[str]) -> list[ModuleType]:
    """``modules`` run from their .py files as Python, each importing the others' sources
    (kept as ``<module>_family``): the compiled logic engine is several modules, and its
    table run from source over compiled techniques would compare the build with itself.

    ``modules`` in import order (as ``_native.MODULES`` lists them); the compiled ones
    stay in ``sys.modules`` under their own names for everything else.
    """
    from puzzlesmith import _native

    if modules[-1] + "_family" not in sys.modules:
        saved = {m: sys.modules.pop(m) for m in modules if m in sys.modules}
        loaded: dict[str, ModuleType] = {}
        try:
            for m in modules:
                spec = importlib.util.spec_from_file_location(m, _native.source_of(m))
                assert spec is not None and spec.loader is not None
                loaded[m] = sys.modules[m] = importlib.util.module_from_spec(spec)
                spec.loader.exec_module(loaded[m])
        finally:
            for m in modules:
                sys.modules.pop(m, None)
            sys.modules.update(saved)
        for m, module in loaded.items():
            sys.modules[m + "_family"] = module
    return [sys.modules[m + "_family"] for m in modules]


def pure_solver() -> ModuleType:
    """The solver as Python: what a spy needs, and the reference the compiled build must
    match exactly (tests/stroke/test_native.py)."""
    return from_source("puzzlesmith.stroke.solver")
