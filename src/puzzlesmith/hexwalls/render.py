"""SVG pictures of Hex Walls levels for designers (``puzzlesmith hex render``).

Hexes with their clue, static walls as thick dark edges, each turning wall drawn
on its start edge in orange with a dot on its pivot and its two other candidate
edges dashed; optionally the solution as a line with step numbers.

>>> from puzzlesmith.hexwalls.board import parse_level
>>> lv = parse_level({"id": "t", "cells": [{"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}]})[0]
>>> svg = render_svg(lv, ["0,0", "1,0"])
>>> svg.startswith("<svg") and svg.count("<polygon") == 2 and "polyline" in svg
True
"""

from __future__ import annotations

import math
from html import escape

from puzzlesmith.hexwalls.board import Edge, Level, centre, edge_ends, vertex_point

R = 30.0  # circumradius in px
PAD = 14.0


def _pt(p: tuple[float, float], ox: float, oy: float) -> str:
    return f"{p[0] * R + ox:.1f},{p[1] * R + oy:.1f}"


def corners(c: tuple[float, float]) -> list[tuple[float, float]]:
    """The six corners of the hex centred on ``c`` (pointy top, unit circumradius)."""
    return [
        (c[0] + math.cos(math.radians(60 * i - 90)), c[1] + math.sin(math.radians(60 * i - 90)))
        for i in range(6)
    ]


def edge_key(e: Edge) -> str:
    """An edge as the text ``q,r|q,r`` (the order of the replay state's ``edge``).

    >>> edge_key(((0, 0), (1, 0)))
    '0,0|1,0'
    """
    return "|".join(f"{q},{r}" for q, r in e)


def render_svg(level: Level, solution: list[str] | None = None) -> str:
    """The level as a standalone SVG document."""
    cs = {c.id: centre(c.hex) for c in level.cells}
    pts = [p for c in cs.values() for p in corners(c)]
    min_x = min(p[0] for p in pts)
    min_y = min(p[1] for p in pts)
    w = (max(p[0] for p in pts) - min_x) * R + 2 * PAD
    h = (max(p[1] for p in pts) - min_y) * R + 2 * PAD
    ox, oy = PAD - min_x * R, PAD - min_y * R
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{w:.0f}" height="{h:.0f}" '
        f'viewBox="0 0 {w:.0f} {h:.0f}" font-family="sans-serif">',
        f"<title>{escape(level.id)}</title>",
        f'<rect width="{w:.0f}" height="{h:.0f}" fill="#fbfaf6"/>',
    ]
    for c in level.cells:
        poly = " ".join(_pt(p, ox, oy) for p in corners(cs[c.id]))
        fill = "#f3e3b5" if c.clue is not None else "#ffffff"
        out.append(
            f'<polygon points="{poly}" fill="{fill}" stroke="#b8b2a4" stroke-width="1.5" '
            f'data-cell="{escape(c.id)}"/>'
        )

    def line(e: Edge, style: str) -> None:
        a, b = edge_ends(e)
        out.append(
            f'<line x1="{a[0] * R + ox:.1f}" y1="{a[1] * R + oy:.1f}" '
            f'x2="{b[0] * R + ox:.1f}" y2="{b[1] * R + oy:.1f}" {style}/>'
        )

    if solution:
        path = " ".join(_pt(cs[i], ox, oy) for i in solution if i in cs)
        out.append(
            f'<polyline points="{path}" fill="none" stroke="#4a90d9" stroke-width="6" '
            'stroke-linecap="round" stroke-linejoin="round" opacity="0.55"/>'
        )
    for e in level.walls:
        line(e, 'stroke="#2b2b2b" stroke-width="7" stroke-linecap="round"')
    for k, t in enumerate(level.turners):
        # every position is tagged (turner, edge) so a live board can show where it stands now
        tag = f'data-turner="{k}" data-edge="{{}}"'
        for e in t.cycle:
            if e != t.at:
                line(
                    e,
                    'stroke="#e08a1e" stroke-width="2" stroke-dasharray="4 4" opacity="0.7" '
                    + tag.format(edge_key(e)),
                )
        line(
            t.at,
            'stroke="#e08a1e" stroke-width="7" stroke-linecap="round" '
            + tag.format(edge_key(t.at)),
        )
        vx, vy = vertex_point(t.pivot)
        out.append(
            f'<circle cx="{vx * R + ox:.1f}" cy="{vy * R + oy:.1f}" r="5" fill="#2b2b2b" '
            'stroke="#e08a1e" stroke-width="2"/>'
        )
    steps = {cid: k for k, cid in enumerate(solution or [], 1)}
    for c in level.cells:
        x, y = cs[c.id][0] * R + ox, cs[c.id][1] * R + oy
        if c.clue is not None:
            out.append(
                f'<text x="{x:.1f}" y="{y + 7:.1f}" text-anchor="middle" font-size="20" '
                f'font-weight="bold" fill="#333">{c.clue}</text>'
            )
        elif c.id in steps:
            out.append(
                f'<text x="{x:.1f}" y="{y + 5:.1f}" text-anchor="middle" font-size="14" '
                f'fill="#2a5d8f">{steps[c.id]}</text>'
            )
    out.append("</svg>")
    return "\n".join(out) + "\n"
