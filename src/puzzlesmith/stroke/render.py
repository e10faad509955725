"""SVG pictures of levels for designers: real cell outlines, holes, clues, optional solution.

Each cell is drawn as the outline of the union of its unit squares (an L piece looks
like an L, not like its bounding box); holes are simply not drawn.

>>> from puzzlesmith.stroke.board import parse_level
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
...     {"id": "L", "x": 1, "y": 0, "w": 2, "h": 2, "shape": [[0, 0], [0, 1], [1, 1]]}]})[0]
>>> outline(lv.cells[1].units)
[[(1, 0), (2, 0), (2, 1), (3, 1), (3, 2), (1, 2)]]
>>> render_svg(lv, ["a", "L"]).count("<path")
3
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from xml.sax.saxutils import escape, quoteattr

from puzzlesmith.core.words import both
from puzzlesmith.stroke.board import Cell, Level

#: a parity clue's label on the picture (Chinese, as on the board): even, odd
PARITY_LABELS = (both("ns.even", "puzzlesmith.stroke")[0], both("ns.odd", "puzzlesmith.stroke")[0])

UNIT = 48
MARGIN = 16
CELL_FILL = "#dfe1ec"
CLUE_FILL = "#c9ccdf"
INK = "#23243a"
PATH = "#6c5ce7"

Point = tuple[int, int]


def outline(units: Iterable[tuple[int, int]]) -> list[list[Point]]:
    """Closed loops (clockwise corners, collinear points merged) bounding a set of unit squares."""
    edges: dict[Point, Point] = {}
    us = set(units)
    for x, y in us:
        if (x, y - 1) not in us:
            edges[(x, y)] = (x + 1, y)
        if (x + 1, y) not in us:
            edges[(x + 1, y)] = (x + 1, y + 1)
        if (x, y + 1) not in us:
            edges[(x + 1, y + 1)] = (x, y + 1)
        if (x - 1, y) not in us:
            edges[(x, y + 1)] = (x, y)
    loops: list[list[Point]] = []
    while edges:
        start = min(edges)
        loop = [start]
        p = edges.pop(start)
        while p != start:
            loop.append(p)
            p = edges.pop(p)
        # drop corners that lie on a straight run
        n = len(loop)
        kept = [
            loop[i] for i in range(n) if not _collinear(loop[i - 1], loop[i], loop[(i + 1) % n])
        ]
        loops.append(kept)
    return loops


def _collinear(a: Point, b: Point, c: Point) -> bool:
    return (b[0] - a[0]) * (c[1] - b[1]) == (b[1] - a[1]) * (c[0] - b[0])


def anchor(cell: Cell) -> tuple[float, float]:
    """Where to write a cell's number: the centre of its unit nearest its centroid."""
    units = cell.units
    cx = sum(x for x, _ in units) / len(units) + 0.5
    cy = sum(y for _, y in units) / len(units) + 0.5
    ux, uy = min(units, key=lambda u: ((u[0] + 0.5 - cx) ** 2 + (u[1] + 0.5 - cy) ** 2, u))
    if len(units) == cell.w * cell.h:  # a rectangle: its true centre
        return cx, cy
    return ux + 0.5, uy + 0.5


def render_svg(level: Level, solution: Sequence[str] | None = None) -> str:
    """The level as a standalone SVG; with ``solution``, the path and its step numbers."""
    units = [u for c in level.cells for u in c.units]
    min_x = min(x for x, _ in units)
    min_y = min(y for _, y in units)
    width = (max(x for x, _ in units) - min_x + 1) * UNIT + 2 * MARGIN
    height = (max(y for _, y in units) - min_y + 1) * UNIT + 2 * MARGIN

    def px(v: float, lo: int) -> float:
        return round((v - lo) * UNIT + MARGIN, 2)

    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{width}" height="{height}" '
        f'viewBox="0 0 {width} {height}" font-family="sans-serif">',
        f"<title>{escape(level.id)}</title>",
        f'<rect width="{width}" height="{height}" fill="#ffffff"/>',
    ]
    steps = {cid: k for k, cid in enumerate(solution or (), 1)}
    for cell in level.cells:
        d = " ".join(
            "M " + " L ".join(f"{px(x, min_x)} {px(y, min_y)}" for x, y in loop) + " Z"
            for loop in outline(cell.units)
        )
        fill = CLUE_FILL if cell.clue is not None or cell.parity else CELL_FILL
        out.append(
            f'<path d="{d}" fill="{fill}" stroke="{INK}" stroke-width="2" '
            f'stroke-linejoin="round" data-cell={quoteattr(cell.id)}><title>{escape(cell.id)}</title></path>'
        )
    if solution:
        pts = []
        by_id = {c.id: c for c in level.cells}
        for cid in solution:
            ax, ay = anchor(by_id[cid])
            pts.append(f"{px(ax, min_x)} {px(ay, min_y)}")
        out.append(
            f'<path d="M {" L ".join(pts)}" fill="none" stroke="{PATH}" stroke-width="5" '
            'stroke-linecap="round" stroke-linejoin="round" opacity="0.55"/>'
        )
    for cell in level.cells:
        ax, ay = anchor(cell)
        x, y = px(ax, min_x), px(ay, min_y)
        if cell.clue is not None:
            out.append(_text(x, y, str(cell.clue), 20, "bold"))
        elif cell.parity is not None:
            label = PARITY_LABELS[cell.parity == "odd"]
            if cell.id in steps:
                out.append(_text(x, y - 4, str(steps[cell.id]), 16, "normal"))
                out.append(_text(x, y + 13, label, 10, "normal"))
            else:
                out.append(_text(x, y, label, 18, "bold"))
        elif cell.id in steps:
            out.append(_text(x, y, str(steps[cell.id]), 16, "normal", fill=PATH))
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _text(x: float, y: float, s: str, size: int, weight: str, fill: str = INK) -> str:
    return (
        f'<text x="{x}" y="{y}" font-size="{size}" font-weight="{weight}" fill="{fill}" '
        f'text-anchor="middle" dominant-baseline="central">{escape(s)}</text>'
    )
