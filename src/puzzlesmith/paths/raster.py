"""Raster frames of a path puzzle for clips: cells, path, step numbers, conflicts, walls.

The modes give their geometry in board units (cell outlines, label points, wall
segments); this draws one position of it with Pillow, in the client's colours.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw, ImageFilter, ImageFont

Point = tuple[float, float]

BG = (255, 255, 255)
INK = (35, 36, 58)
CELL = (201, 204, 216)
PATH = (91, 91, 214)
PATH_BRIGHT = (120, 110, 245)
CONFLICT = (214, 59, 59)
WHITE = (255, 255, 255)
AMBER = (232, 160, 32)
PATH_LINE = (44, 40, 140)
CELL_LINE = (223, 225, 236)  # a visited clue's outline (the client's --cell-line)


@dataclass(frozen=True)
class PathGeometry:
    """A board in units: its size, outlines and label points per cell id, static walls."""

    width: float
    height: float
    outlines: dict[str, list[list[Point]]]
    labels: dict[str, Point]
    clues: dict[str, int]
    walls: list[tuple[Point, Point]]
    margin: float = 0.5


def unit_square(x: float, y: float, own: set[tuple[Any, Any]], gap: float) -> list[Point]:
    """A unit square of a cell, inset by ``gap`` except on sides it shares with another
    unit of the same cell (``own``), so a big cell is one shape."""
    x0 = x if (x - 1, y) in own else x + gap
    x1 = x + 1 if (x + 1, y) in own else x + 1 - gap
    y0 = y if (x, y - 1) in own else y + gap
    y1 = y + 1 if (x, y + 1) in own else y + 1 - gap
    return [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]


def _font(px: int) -> Any:
    try:
        return ImageFont.load_default(size=px)
    except TypeError:  # Pillow < 10.1: the bitmap font only
        return ImageFont.load_default()


Shapes = tuple[tuple[str, tuple[tuple[Point, ...], ...]], ...]


def _rings(geo: PathGeometry, unit: int) -> dict[str, tuple[tuple[int, int], Image.Image]]:
    """Each clue cell's outline as the client draws it (a ring just inside the cell's
    shape, big cells included): (top-left, mask), made once per board and size."""
    shapes = tuple(
        (cid, tuple(tuple(tuple(p) for p in poly) for poly in geo.outlines[cid]))
        for cid in sorted(geo.clues)
    )
    return _rings_of(shapes, geo.margin, unit)


@lru_cache(maxsize=64)
def _rings_of(
    shapes: Shapes, m: float, unit: int
) -> dict[str, tuple[tuple[int, int], Image.Image]]:
    width = max(1, round(unit * 0.045))
    out: dict[str, tuple[tuple[int, int], Image.Image]] = {}
    for cid, polys in shapes:
        pts = [((x + m) * unit, (y + m) * unit) for poly in polys for x, y in poly]
        x0, y0 = int(min(p[0] for p in pts)) - 1, int(min(p[1] for p in pts)) - 1
        x1, y1 = int(max(p[0] for p in pts)) + 2, int(max(p[1] for p in pts)) + 2
        shape = Image.new("L", (x1 - x0, y1 - y0), 0)
        d = ImageDraw.Draw(shape)
        for poly in polys:
            d.polygon([((x + m) * unit - x0, (y + m) * unit - y0) for x, y in poly], fill=255)
        inner = shape.filter(ImageFilter.MinFilter(2 * width + 1))
        ring = shape.copy()
        ring.paste(0, (0, 0), inner)
        out[cid] = ((x0, y0), ring)
    return out


def draw_path_frame(
    geo: PathGeometry, state: dict[str, Any], unit: int, extra_walls: list[tuple[Point, Point]]
) -> Image.Image:
    """One frame: visited cells in the path colour with their step, conflicts red."""
    m = geo.margin
    w = max(1, round((geo.width + 2 * m) * unit))
    h = max(1, round((geo.height + 2 * m) * unit))
    img = Image.new("RGB", (w, h), BG)
    d = ImageDraw.Draw(img)

    def px(p: Point) -> tuple[float, float]:
        return ((p[0] + m) * unit, (p[1] + m) * unit)

    steps: dict[str, int] = state.get("steps", {})
    bad = {c["cell"] for c in state.get("conflicts", [])}
    start = next((cid for cid, v in geo.clues.items() if v == 1), None)
    _fill_cells(geo, d, px, steps, bad, start, bool(state.get("cleared")))
    for cid, (corner, ring) in _rings(geo, unit).items():  # clue outlines: ink, light once visited
        if cid not in bad and cid != start:
            img.paste(CELL_LINE if cid in steps else INK, corner, ring)
    path: list[str] = state.get("path", [])
    if len(path) > 1:
        d.line(
            [px(geo.labels[c]) for c in path],
            fill=PATH_LINE,
            width=max(1, unit // 14),
            joint="curve",
        )
    for a, b in geo.walls + extra_walls:
        d.line([px(a), px(b)], fill=INK, width=max(2, unit // 7))
    _label_cells(geo, d, px, unit, steps, state.get("revealed", {}), bad, start)
    return img


def _fill_cells(
    geo: PathGeometry,
    d: ImageDraw.ImageDraw,
    px: Any,
    steps: dict[str, int],
    bad: set[str],
    start: str | None,
    cleared: bool,
) -> None:
    """Each cell's polygons: red in conflict, the path colour on the path, else the cell's."""
    for cid, polys in geo.outlines.items():
        on_path = cid in steps or (cid == start and not steps)  # the 1 is drawn filled
        fill = CONFLICT if cid in bad else (PATH_BRIGHT if cleared else PATH) if on_path else CELL
        for poly in polys:
            d.polygon([px(p) for p in poly], fill=fill)


def _label_cells(
    geo: PathGeometry,
    d: ImageDraw.ImageDraw,
    px: Any,
    unit: int,
    steps: dict[str, int],
    revealed: dict[str, int],
    bad: set[str],
    start: str | None,
) -> None:
    """Steps on the path, clues and revealed numbers elsewhere (revealed ones amber)."""
    font = _font(max(8, unit // 2))
    for cid, at in geo.labels.items():
        clue = geo.clues.get(cid, revealed.get(cid))
        text = str(steps[cid]) if cid in steps else (str(clue) if clue is not None else "")
        if not text:
            continue
        filled = cid in steps or cid in bad or cid == start
        colour = WHITE if filled else (AMBER if cid in revealed else INK)
        d.text(px(at), text, fill=colour, font=font, anchor="mm")
