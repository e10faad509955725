"""Hex Walls boards: pointy-top hexes in axial (q, r), static walls and turning walls.

Geometry is fixed once here so the solver, rules, render and client agree:
a hex's centre is ``(√3·(q + r/2), 1.5·r)`` with y pointing down (screen), an
edge is the unordered pair of the two hexes sharing it, a vertex the sorted
triple of the three hexes meeting there. A turning wall lies on one of its
vertex's three edges and turns 120° clockwise (on screen) each time a cell is
added to the path, so after ``k`` landings it is on ``cycle[(start + k) % 3]``.

>>> lv = parse_level({"id": "t", "cells": [
...     {"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}],
...     "walls": [[[1, 0], [0, 1]]]})[0]
>>> b = board_of(lv)
>>> b.ids, [b.ids[j] for j in b.adj[0]], b.is_open(1, 2, 0)
(('0,0', '1,0', '0,1'), ['1,0', '0,1'], False)
"""

from __future__ import annotations

import math
from collections.abc import Iterable
from dataclasses import dataclass, field, replace
from functools import cache
from typing import Any

from puzzlesmith.core.bounds import int_error
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

Hex = tuple[int, int]
Edge = tuple[Hex, Hex]
Vertex = tuple[Hex, Hex, Hex]

#: The six axial neighbour directions of a pointy-top hex, clockwise on screen from east.
DIRECTIONS: tuple[Hex, ...] = ((1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1))

SQRT3 = math.sqrt(3.0)


def neighbours(h: Hex) -> list[Hex]:
    """The six hexes sharing an edge with ``h``.

    >>> neighbours((0, 0))
    [(1, 0), (0, 1), (-1, 1), (-1, 0), (0, -1), (1, -1)]
    """
    return [(h[0] + dq, h[1] + dr) for dq, dr in DIRECTIONS]


def adjacent(a: Hex, b: Hex) -> bool:
    """Two hexes share an edge.

    >>> adjacent((0, 0), (1, -1)), adjacent((0, 0), (1, 1))
    (True, False)
    """
    dq, dr = b[0] - a[0], b[1] - a[1]
    return (dq, dr) in DIRECTIONS


def edge(a: Hex, b: Hex) -> Edge:
    """The edge between two hexes, as a sorted pair (the same whichever way it is named).

    >>> edge((1, 0), (0, 0)) == edge((0, 0), (1, 0))
    True
    """
    return (a, b) if a <= b else (b, a)


def vertex(a: Hex, b: Hex, c: Hex) -> Vertex:
    """A grid vertex as the sorted triple of the hexes meeting there.

    >>> vertex((0, 1), (1, 0), (0, 0))
    ((0, 0), (0, 1), (1, 0))
    """
    s = sorted((a, b, c))
    return (s[0], s[1], s[2])


def is_vertex(a: Hex, b: Hex, c: Hex) -> bool:
    """Three distinct, mutually adjacent hexes (they meet at one vertex).

    >>> is_vertex((0, 0), (1, 0), (0, 1)), is_vertex((0, 0), (1, 0), (2, 0))
    (True, False)
    """
    return adjacent(a, b) and adjacent(b, c) and adjacent(a, c)


def centre(h: Hex) -> tuple[float, float]:
    """Pixel centre of a hex of circumradius 1 (y down).

    >>> centre((0, 2))
    (1.7320508075688772, 3.0)
    """
    q, r = h
    return (SQRT3 * (q + r / 2), 1.5 * r)


def vertex_point(v: Vertex) -> tuple[float, float]:
    """Where the three hexes of ``v`` meet: the centroid of their centres."""
    cs = [centre(h) for h in v]
    return (sum(c[0] for c in cs) / 3, sum(c[1] for c in cs) / 3)


def edge_ends(e: Edge) -> tuple[tuple[float, float], tuple[float, float]]:
    """The two corner points of a shared edge (for drawing a wall on it)."""
    (ax, ay), (bx, by) = centre(e[0]), centre(e[1])
    mx, my = (ax + bx) / 2, (ay + by) / 2
    # the edge is perpendicular to the centre line, half-length 1/2 (circumradius 1)
    dx, dy = bx - ax, by - ay
    d = math.hypot(dx, dy)
    px, py = -dy / d * 0.5, dx / d * 0.5
    return ((mx - px, my - py), (mx + px, my + py))


@cache  # a pure function of the vertex; the generator asks it for every move
def turn_cycle(v: Vertex) -> tuple[Edge, Edge, Edge]:
    """The three candidate edges of a vertex in clockwise order on screen (y down).

    Each edge leaves the vertex in a direction; with y down, a growing ``atan2``
    angle is a clockwise turn, and the three directions are 120° apart, so
    sorting by angle gives the turning order.

    >>> turn_cycle(vertex((0, 0), (1, 0), (0, 1)))
    (((0, 0), (1, 0)), ((0, 1), (1, 0)), ((0, 0), (0, 1)))
    """
    vx, vy = vertex_point(v)
    a, b, c = v
    edges = [edge(a, b), edge(b, c), edge(a, c)]

    def angle(e: Edge) -> float:
        (ax, ay), (bx, by) = centre(e[0]), centre(e[1])
        return math.atan2((ay + by) / 2 - vy, (ax + bx) / 2 - vx)

    s = sorted(edges, key=angle)
    return (s[0], s[1], s[2])


def fmt_hex(h: Hex) -> str:
    return f"({h[0]}, {h[1]})"


def cell_label(cid: str) -> str:
    """A cell id as messages write it: ``q,r`` ids in brackets, so lists stay unambiguous.

    >>> cell_label("-1,0"), cell_label("a")
    ('(-1,0)', 'a')
    """
    return f"({cid})" if "," in cid else cid


@dataclass(frozen=True)
class HexCell:
    id: str
    q: int
    r: int
    clue: int | None = None

    @property
    def hex(self) -> Hex:
        return (self.q, self.r)

    def to_json(self) -> dict[str, Any]:
        return cell_json({"id": self.id, "q": self.q, "r": self.r}, clue=self.clue)


@dataclass(frozen=True)
class Turner:
    """A turning wall: its vertex and the edge it starts on."""

    pivot: Vertex
    at: Edge

    @property
    def cycle(self) -> tuple[Edge, Edge, Edge]:
        return turn_cycle(self.pivot)

    @property
    def start(self) -> int:
        return self.cycle.index(self.at)

    def edge_after(self, k: int) -> Edge:
        """The edge it stands on after ``k`` landings.

        >>> t = Turner(vertex((0, 0), (1, 0), (0, 1)), edge((0, 0), (0, 1)))
        >>> [t.edge_after(k) for k in range(4)] == [t.at, t.cycle[0], t.cycle[1], t.at]
        True
        """
        return self.cycle[(self.start + k) % 3]

    def to_json(self) -> dict[str, Any]:
        return {"pivot": [list(h) for h in self.pivot], "at": [list(h) for h in self.at]}


@dataclass(frozen=True)
class Level:
    id: str
    cells: tuple[HexCell, ...]
    walls: tuple[Edge, ...] = ()
    turners: tuple[Turner, ...] = ()
    teach: str | None = None
    caption: str | None = None

    def to_json(self) -> dict[str, Any]:
        return level_json(
            self.id,
            self.teach,
            self.caption,
            cells=[c.to_json() for c in self.cells],
            walls=[[list(a), list(b)] for a, b in self.walls],
            turners=[t.to_json() for t in self.turners],
        )

    def with_(self, **changes: Any) -> Level:
        """A modified copy (walls, turners, cells...), e.g. for necessity checks."""
        return replace(self, **changes)


@dataclass(frozen=True, kw_only=True)
class Board(GraphBoard[Level]):
    """The cell graph of a level (the path kit's :class:`GraphBoard`) plus its hex geometry."""

    hexes: tuple[Hex, ...]
    at: dict[Hex, int] = field(compare=False)
    #: adjacency with static walls removed (a superset of every phase's graph)
    openmask: tuple[int, ...]
    #: openmask minus the turners' edges after k landings, for k % 3 = 0, 1, 2
    phasemask: tuple[tuple[int, ...], tuple[int, ...], tuple[int, ...]]

    def cell(self, i: int) -> HexCell:
        return self.level.cells[i]

    def is_open(self, i: int, j: int, k: int) -> bool:
        """May the path step from cell i to cell j after k landings?"""
        return bool(self.phasemask[k % 3][i] >> j & 1)


@cache
def board_of(level: Level) -> Board:
    """The (cached) graph of a parsed level."""
    hexes = tuple(c.hex for c in level.cells)
    at = {h: i for i, h in enumerate(hexes)}
    clue = {i: c.clue for i, c in enumerate(level.cells) if c.clue is not None}
    graph = graph_fields(
        [c.id for c in level.cells],
        ([at[g] for g in neighbours(h) if g in at] for h in hexes),
        clue,
    )
    adjmask: tuple[int, ...] = graph["adjmask"]

    def cut(masks: list[int], e: Edge) -> None:
        i, j = at.get(e[0]), at.get(e[1])
        if i is not None and j is not None:
            masks[i] &= ~(1 << j)
            masks[j] &= ~(1 << i)

    open_ = list(adjmask)
    for w in level.walls:
        cut(open_, w)
    phases: list[tuple[int, ...]] = []
    for p in range(3):
        m = list(open_)
        for t in level.turners:
            cut(m, t.edge_after(p))
        phases.append(tuple(m))
    return Board(
        level=level,
        hexes=hexes,
        at=at,
        openmask=tuple(open_),
        phasemask=(phases[0], phases[1], phases[2]),
        **graph,
    )


# ---- parsing ---------------------------------------------------------------------------

_CELL_REQUIRED = {"q": int, "r": int}
_CELL_OPTIONAL = {"id": str, "clue": int}
_LEVEL_REQUIRED = {"id": str, "cells": list}
_LEVEL_OPTIONAL = {"teach": str, "caption": str, "walls": list, "turners": list}
_TURNER_REQUIRED = {"pivot": list, "at": list}


def _as_hex(v: object) -> Hex | None:
    """A ``[q, r]`` pair of coordinate-sized integers (see core.bounds), else None."""
    if (
        isinstance(v, list)
        and len(v) == 2
        and all(is_type(x, int) and int_error(x) is None for x in v)
    ):
        return (int(v[0]), int(v[1]))
    return None


def _as_hexes(v: object, k: int) -> list[Hex] | None:
    if not isinstance(v, list) or len(v) != k:
        return None
    hs = [_as_hex(x) for x in v]
    if any(h is None for h in hs):
        return None
    return [h for h in hs if h is not None]


def default_id(q: int, r: int) -> str:
    """The id of a cell that names none: ``"q,r"`` (no spaces, so move strings stay simple)."""
    return f"{q},{r}"


def parse_level(raw: object, lid: str | None = None) -> tuple[Level | None, list[Problem]]:
    """Check every hard rule for one level; the Level when it is sound enough to build.

    In named steps: the head and cell count, the cells, the static walls, the turners;
    each step adds its problems and the next one builds on what loaded."""
    lid, raw_cells, problems = level_head(raw, lid, _LEVEL_REQUIRED, _LEVEL_OPTIONAL)
    if problems or raw_cells is None or not isinstance(raw, dict):
        return None, problems
    count = cell_count_problem(raw_cells, lid)
    if count is not None:
        return None, [count]
    cells = _parse_cells(raw_cells, lid, problems)
    if cells is None:
        return None, problems
    problems.extend(_cell_problems(cells, lid))
    at = {c.hex: c for c in cells}
    taken: dict[Edge, str] = {}
    walls = _parse_walls(raw.get("walls", []), lid, at, taken, problems)
    turners = _parse_turners(raw.get("turners", []), lid, taken, problems)
    if any(p.severity == "error" for p in problems):
        return None, problems
    level = Level(
        cells=tuple(cells), walls=tuple(walls), turners=tuple(turners), **level_texts(raw)
    )
    return level, problems


def _bad(lid: str | None, code: str, msg: str, where: str, cells: Iterable[str] = ()) -> Problem:
    return Problem(code, msg, level=lid, where=where, cells=tuple(cells))


def _parse_cells(
    raw_cells: list[Any], lid: str | None, problems: list[Problem]
) -> list[HexCell] | None:
    """The cells, or None (with the problems added) when one does not load."""
    cells: list[HexCell] = []
    for k, rc in enumerate(raw_cells):
        name = rc.get("id") if isinstance(rc, dict) else None
        where = f"cell {cell_label(name)}" if isinstance(name, str) else f"cell #{k + 1}"
        cp = check_fields(
            rc, where=where, required=_CELL_REQUIRED, optional=_CELL_OPTIONAL, level=lid
        )
        if cp or not isinstance(rc, dict):
            problems.extend(cp)
            continue
        cid = rc.get("id", default_id(rc["q"], rc["r"]))
        cells.append(HexCell(cid, rc["q"], rc["r"], rc.get("clue")))
    return cells if len(cells) == len(raw_cells) else None


def _parse_walls(
    raw_walls: Iterable[object],
    lid: str | None,
    at: dict[Hex, HexCell],
    taken: dict[Edge, str],
    problems: list[Problem],
) -> list[Edge]:
    """The static walls; ``taken`` records each edge's holder for the turners."""
    walls: list[Edge] = []
    for k, rw in enumerate(raw_walls):
        wall = _parse_wall(rw, f"wall #{k + 1}", lid, at, taken)
        if isinstance(wall, Problem):
            problems.append(wall)
        else:
            taken[wall[0]] = wall[1]
            walls.append(wall[0])
    return walls


def _parse_wall(
    rw: object, where: str, lid: str | None, at: dict[Hex, HexCell], taken: dict[Edge, str]
) -> tuple[Edge, str] | Problem:
    """One wall (its edge and its name), or the problem with it."""
    pair = _as_hexes(rw, 2)
    if pair is None:
        return _bad(lid, "json-type", "a wall must be [[q1, r1], [q2, r2]]", where)
    a, b = pair
    where = f"wall {fmt_hex(a)}-{fmt_hex(b)}"
    off = [h for h in (a, b) if h not in at]
    if off:
        return _bad(
            lid, "wall-off-board", f"hex {fmt_hex(off[0])} is not a cell of the board", where
        )
    if not adjacent(a, b):
        return _bad(
            lid,
            "wall-not-adjacent",
            "a wall must lie on the shared edge of two adjacent cells",
            where,
            (at[a].id, at[b].id),
        )
    if edge(a, b) in taken:
        return _bad(lid, "wall-twice", f"this edge already holds {taken[edge(a, b)]}", where)
    return edge(a, b), where


def _parse_turners(
    raw_turners: Iterable[object], lid: str | None, taken: dict[Edge, str], problems: list[Problem]
) -> list[Turner]:
    """The turning walls: one per vertex, none starting on an edge that is taken."""
    turners: list[Turner] = []
    pivots: dict[Vertex, str] = {}
    for k, rt in enumerate(raw_turners):
        where = f"turner #{k + 1}"
        tp = check_fields(rt, where=where, required=_TURNER_REQUIRED, level=lid)
        if tp or not isinstance(rt, dict):
            problems.extend(tp)
            continue
        found = _parse_turner(rt, where, lid, pivots, taken)
        if isinstance(found, Problem):
            problems.append(found)
            continue
        turner, where = found
        pivots[turner.pivot] = where
        taken[turner.at] = where
        turners.append(turner)
    return turners


def _parse_turner(
    rt: dict[str, Any],
    where: str,
    lid: str | None,
    pivots: dict[Vertex, str],
    taken: dict[Edge, str],
) -> tuple[Turner, str] | Problem:
    """One turner (and its name), or the problem with it."""
    piv = _as_hexes(rt["pivot"], 3)
    pair = _as_hexes(rt["at"], 2)
    if piv is None:
        return _bad(lid, "json-type", "pivot must be three [q, r] pairs", where)
    if pair is None:
        return _bad(lid, "json-type", "at must be two [q, r] pairs", where)
    if not is_vertex(*piv):
        return _bad(
            lid,
            "pivot-not-vertex",
            f"pivot hexes {', '.join(map(fmt_hex, piv))} are not three mutually adjacent hexes",
            where,
        )
    v = vertex(*piv)
    where = f"turner at {', '.join(map(fmt_hex, v))}"
    if not (pair[0] != pair[1] and pair[0] in v and pair[1] in v):
        return _bad(
            lid,
            "turner-at",
            f"at {fmt_hex(pair[0])}-{fmt_hex(pair[1])} is not a pair of its pivot hexes",
            where,
        )
    if v in pivots:
        return _bad(lid, "turner-twice", f"this vertex already holds {pivots[v]}", where)
    e = edge(*pair)
    if e in taken:
        return _bad(lid, "wall-twice", f"its start edge already holds {taken[e]}", where)
    return Turner(v, e), where


def _cell_problems(cells: list[HexCell], lid: str | None) -> list[Problem]:
    problems = duplicate_id_problems(cells, lid)
    seen_hex: dict[Hex, str] = {}
    for c in cells:
        if c.hex in seen_hex:
            problems.append(
                Problem(
                    "cell-duplicate",
                    f"hex {fmt_hex(c.hex)} is also cell {cell_label(seen_hex[c.hex])}",
                    level=lid,
                    where=f"cell {cell_label(c.id)}",
                    cells=(c.id,),
                )
            )
        else:
            seen_hex[c.hex] = c.id
    return graph_problems(
        cells, problems, lid, lambda: board_of(Level(lid or "?", tuple(cells))).adj
    )
