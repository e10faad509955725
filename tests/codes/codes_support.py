"""Random valid levels of every mode, built fast (not by the generators), for code round-trips.

Each builder takes a ``random.Random`` and returns a pack-file level body that the mode's
``parse_level`` accepts; unique solutions are not needed — a code carries any loadable
level. ``essence`` reduces a level to what a code must keep exactly (cells by their
squares/hexes, clues, walls, turners, the region partition), so levels written in
another order or with other ids compare equal when they are the same puzzle.

Also used by tests/js/codes_export_vectors.py (imported by path).
"""

from __future__ import annotations

import random
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.cows.code import canonical_regions
from puzzlesmith.hexwalls.board import DIRECTIONS, edge, is_vertex, turn_cycle, vertex
from puzzlesmith.stroke.board import CATALOGUE, RECTANGLES

STROKE, HEX, COWS = "01-number-stroke", "03-hex-walls", "04-cows"

Unit = tuple[int, int]
_SQUARE_STEPS = ((1, 0), (-1, 0), (0, 1), (0, -1))


def _grow(rng: random.Random, size: int, steps: tuple[Unit, ...]) -> list[Unit]:
    """A connected set of ``size`` grid points grown from (0, 0)."""
    got = [(0, 0)]
    seen = {(0, 0)}
    while len(got) < size:
        x, y = rng.choice(got)
        dx, dy = rng.choice(steps)
        v = (x + dx, y + dy)
        if v not in seen:
            seen.add(v)
            got.append(v)
    return got


def _clues(rng: random.Random, n: int) -> dict[int, int]:
    """Distinct steps on some cells (cell index → step)."""
    k = rng.randint(0, min(n, 5))
    return dict(zip(rng.sample(range(n), k), rng.sample(range(1, n + 1), k), strict=True))


_SHAPES = [list(form) for form in CATALOGUE] + [
    [(dx, dy) for dy in range(h) for dx in range(w)] for w, h in RECTANGLES
]


def stroke_level(rng: random.Random, squares: int | None = None) -> dict[str, Any]:
    size = squares or rng.randint(1, 40)
    ox, oy = (0, 0) if rng.random() < 0.7 else (rng.randint(-4, 4), rng.randint(-4, 4))
    painted = {(x + ox, y + oy) for x, y in _grow(rng, size, _SQUARE_STEPS)}
    free = set(painted)
    cells: list[dict[str, Any]] = []
    for u in sorted(painted, key=lambda _: rng.random()):
        if u not in free:
            continue
        units = [u]
        if rng.random() < 0.5:
            offs = rng.choice(_SHAPES)
            ax, ay = rng.choice(offs)
            cand = [(u[0] + dx - ax, u[1] + dy - ay) for dx, dy in offs]
            if all(v in free for v in cand):
                units = cand
        free.difference_update(units)
        x0, y0 = min(x for x, _ in units), min(y for _, y in units)
        w = max(x for x, _ in units) - x0 + 1
        h = max(y for _, y in units) - y0 + 1
        cell: dict[str, Any] = {"id": f"k{len(cells)}", "x": x0, "y": y0, "w": w, "h": h}
        rect = w * h == len(units) and (w, h) in RECTANGLES
        if not rect or (len(units) > 1 and rng.random() < 0.3 and _in_catalogue(units)):
            offsets = [[x - x0, y - y0] for x, y in units]
            rng.shuffle(offsets)
            cell["shape"] = offsets
        cells.append(cell)
    rng.shuffle(cells)
    for i, step in _clues(rng, len(cells)).items():
        cells[i]["clue"] = step
    for i in range(len(cells)):
        if "clue" not in cells[i] and rng.random() < 0.15:
            cells[i]["parity"] = rng.choice(["odd", "even"])
    return {"id": "r", "cells": cells}


def stroke_target(rng: random.Random) -> dict[str, Any]:
    """The level codes' Number Stroke target: a board of 20 unit squares with exactly 3 clues."""
    raw = stroke_level(rng, squares=20)
    for c in raw["cells"]:
        c.pop("clue", None)
        c.pop("parity", None)
    n = len(raw["cells"])
    for i, step in zip(rng.sample(range(n), 3), rng.sample(range(1, n + 1), 3), strict=True):
        raw["cells"][i]["clue"] = step
    return raw


def _in_catalogue(units: list[Unit]) -> bool:
    x0, y0 = min(x for x, _ in units), min(y for _, y in units)
    return tuple(sorted((x - x0, y - y0) for x, y in units)) in CATALOGUE


def hex_level(rng: random.Random) -> dict[str, Any]:
    size = rng.randint(1, 30)
    oq, or_ = rng.randint(-6, 6), rng.randint(-6, 6)
    hexes = [(q + oq, r + or_) for q, r in _grow(rng, size, DIRECTIONS)]
    rng.shuffle(hexes)
    cells: list[dict[str, Any]] = [{"q": q, "r": r} for q, r in hexes]
    for i, step in _clues(rng, len(cells)).items():
        cells[i]["clue"] = step
    present = set(hexes)
    edges = sorted({edge(a, b) for a in hexes for b in _around(a) if b in present})
    walls = [e for e in edges if rng.random() < 0.2]
    taken = set(walls)
    turners: list[dict[str, Any]] = []
    pivots: set[Any] = set()
    for _ in range(rng.randint(0, 3)):
        a = rng.choice(hexes)
        b, c = rng.sample(_around(a), 2)
        if not is_vertex(a, b, c) or vertex(a, b, c) in pivots:
            continue
        v = vertex(a, b, c)
        at = rng.choice(turn_cycle(v))
        if at in taken:
            continue
        taken.add(at)
        pivots.add(v)
        piv = [list(h) for h in v]
        rng.shuffle(piv)
        turners.append({"pivot": piv, "at": [list(h) for h in at]})
    raw_walls = [[list(b), list(a)] if rng.random() < 0.5 else [list(a), list(b)] for a, b in walls]
    return {"id": "r", "cells": cells, "walls": raw_walls, "turners": turners}


def _around(h: Unit) -> list[Unit]:
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def cows_level(rng: random.Random, n: int | None = None) -> dict[str, Any]:
    """N regions grown at random from N seed cells until they cover the board."""
    n = n or rng.randint(4, 12)
    owner: dict[Unit, int] = {}
    for k, i in enumerate(rng.sample(range(n * n), n)):
        owner[divmod(i, n)] = k
    grown = list(owner)
    while len(owner) < n * n:
        r, c = rng.choice(grown)
        dr, dc = rng.choice(_SQUARE_STEPS)
        v = (r + dr, c + dc)
        if 0 <= v[0] < n and 0 <= v[1] < n and v not in owner:
            owner[v] = owner[(r, c)]
            grown.append(v)
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    mapping = rng.sample(letters, n)
    return {
        "id": "r",
        "regions": ["".join(mapping[owner[(r, c)]] for c in range(n)) for r in range(n)],
    }


BUILDERS = {STROKE: stroke_level, HEX: hex_level, COWS: cows_level}


def random_level(mode_id: str, rng: random.Random) -> Any:
    """A parsed random level of the mode (the builder's output must load)."""
    mode = registry.get(mode_id)
    raw = BUILDERS[mode_id](rng)
    level, problems = mode.parse_level(raw, "r")
    assert level is not None, [p.line() for p in problems]
    return level


def essence(mode_id: str, level: Any) -> Any:
    """What a code must keep exactly, independent of cell order, ids and region letters."""
    if mode_id == COWS:
        return canonical_regions(level.regions)
    if mode_id == STROKE:
        return frozenset(
            (frozenset(c.units), c.clue, c.parity, c.shape is not None) for c in level.cells
        )
    return (
        frozenset((c.hex, c.clue) for c in level.cells),
        frozenset(level.walls),
        frozenset((t.pivot, t.at) for t in level.turners),
    )


def solution_essence(mode_id: str, level: Any) -> Any:
    """The level's first solution in board terms (squares / hexes / cow columns)."""
    mode = registry.get(mode_id)
    sol = mode.view(level)["solution"]
    if mode_id == COWS or sol is None:
        return sol
    if mode_id == STROKE:
        units = {c.id: frozenset(c.units) for c in level.cells}
        return [units[i] for i in sol]
    hexes = {c.id: c.hex for c in level.cells}
    return [hexes[i] for i in sol]
