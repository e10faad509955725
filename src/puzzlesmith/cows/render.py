"""SVG pictures of boards, and the region colours the web client shares.

Colours come from ``cows.palette``: every region its own colour, and regions that
touch stay far apart also under simulated deuteranopia and protanopia. Every region
also carries its letter, so colour is never the only cue.
"""

from __future__ import annotations

from xml.sax.saxutils import escape

from puzzlesmith.cows.board import Board, Level, board_of, rc_id
from puzzlesmith.cows.palette import PALETTE, assign


def region_colours(board: Board) -> list[str]:
    """One palette colour per region, all different; touching regions (sides or corners)
    stay far apart for normal, deuteranope and protanope vision (``cows.palette``).

    >>> from puzzlesmith.cows.board import parse_level
    >>> lv = parse_level({"id": "t", "regions": ["AABB", "ACBB", "CCDD", "CCDD"]})[0]
    >>> len(set(region_colours(board_of(lv))))
    4
    """
    return [PALETTE[x] for x in assign(region_neighbours(board))]


def region_neighbours(board: Board) -> list[set[int]]:
    """For each region, the regions it touches by a side or a corner."""
    n = board.n
    nbrs: list[set[int]] = [set() for _ in board.letters]
    for i, g in enumerate(board.region_of):
        r, c = divmod(i, n)
        for rr, cc in ((r + 1, c), (r, c + 1), (r + 1, c + 1), (r + 1, c - 1)):
            if 0 <= rr < n and 0 <= cc < n:
                h = board.region_of[rr * n + cc]
                if h != g:
                    nbrs[g].add(h)
                    nbrs[h].add(g)
    return nbrs


def render_svg(
    level: Level,
    solution: list[int] | None = None,
    cell: int = 40,
    grid: list[str] | None = None,
) -> str:
    """The board: region colours, letters, thick region borders, optional cows; with
    ``grid`` (a position's rows, ``.`` empty ``x`` ✕ ``C`` cow) that position instead."""
    b = board_of(level)
    n = b.n
    pad = 4
    size = n * cell + 2 * pad
    fills = region_colours(b)
    out = [
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{size}" height="{size}" '
        f'viewBox="0 0 {size} {size}" font-family="sans-serif">',
        f"<title>{escape(level.id)}</title>",
    ]
    for i, g in enumerate(b.region_of):
        r, c = divmod(i, n)
        x, y = pad + c * cell, pad + r * cell
        out.append(
            f'<rect x="{x}" y="{y}" width="{cell}" height="{cell}" fill="{fills[g]}" '
            f'stroke="#777" stroke-width="0.5" data-cell="{rc_id(r, c)}"/>'
        )
        out.append(
            f'<text x="{x + 3}" y="{y + 11}" font-size="10" fill="#333">{b.letters[g]}</text>'
        )
    for i, g in enumerate(b.region_of):
        r, c = divmod(i, n)
        x, y = pad + c * cell, pad + r * cell
        if c + 1 < n and b.region_of[i + 1] != g:
            out.append(_line(x + cell, y, x + cell, y + cell))
        if r + 1 < n and b.region_of[i + n] != g:
            out.append(_line(x, y + cell, x + cell, y + cell))
    out.append(
        f'<rect x="{pad}" y="{pad}" width="{n * cell}" height="{n * cell}" fill="none" '
        f'stroke="#111" stroke-width="3"/>'
    )
    if solution is not None:
        for r, c in enumerate(solution):
            cx, cy = pad + c * cell + cell / 2, pad + r * cell + cell / 2
            out.append(_cow(cx, cy, cell))
    for r, row in enumerate(grid or ()):
        for c, ch in enumerate(row):
            cx, cy = pad + c * cell + cell / 2, pad + r * cell + cell / 2
            if ch == "C":
                out.append(_cow(cx, cy, cell))
            elif ch == "x":
                d = cell / 5
                out.append(
                    f'<path d="M{cx - d},{cy - d} L{cx + d},{cy + d} M{cx + d},{cy - d} '
                    f'L{cx - d},{cy + d}" stroke="#333" stroke-width="2.5"/>'
                )
    out.append("</svg>")
    return "\n".join(out) + "\n"


def _line(x1: float, y1: float, x2: float, y2: float) -> str:
    return f'<line x1="{x1}" y1="{y1}" x2="{x2}" y2="{y2}" stroke="#111" stroke-width="3"/>'


def _cow(cx: float, cy: float, cell: int) -> str:
    s = cell / 40
    return (
        f'<g class="cow"><ellipse cx="{cx}" cy="{cy + 2 * s}" rx="{11 * s}" ry="{9 * s}" '
        f'fill="#fff" stroke="#111" stroke-width="2"/>'
        f'<circle cx="{cx - 4 * s}" cy="{cy}" r="{2 * s}" fill="#111"/>'
        f'<circle cx="{cx + 4 * s}" cy="{cy}" r="{2 * s}" fill="#111"/>'
        f'<ellipse cx="{cx}" cy="{cy + 6 * s}" rx="{5 * s}" ry="{3 * s}" fill="#F4A6B7"/>'
        f'<path d="M{cx - 9 * s},{cy - 6 * s} l-3,-5 M{cx + 9 * s},{cy - 6 * s} l3,-5" '
        f'stroke="#111" stroke-width="2"/></g>'
    )
