"""Raster frames of a Cows board for clips: region colours, ✕ marks, cows, conflicts."""

from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from puzzlesmith.cows.board import Level, board_of, rc_id
from puzzlesmith.cows.render import region_colours

INK = (35, 36, 58)
CONFLICT = (214, 59, 59)
COW_BODY = (255, 255, 255)
COW_SPOT = (60, 44, 36)
MUZZLE = (240, 170, 170)


def _rgb(hex_colour: str) -> tuple[int, int, int]:
    h = hex_colour.lstrip("#")
    return (int(h[0:2], 16), int(h[2:4], 16), int(h[4:6], 16))


def draw_cows_frame(level: Level, state: dict[str, Any], unit: int) -> Image.Image:
    """The board as the client shows it: a cow is a white head with a dark spot and a muzzle."""
    b = board_of(level)
    n = b.n
    pad = max(2, unit // 4)
    side = n * unit + 2 * pad
    img = Image.new("RGB", (side, side), (255, 255, 255))
    d = ImageDraw.Draw(img)
    colours = [_rgb(c) for c in region_colours(b)]
    grid: list[str] = state["grid"]
    bad = {c for p in state.get("conflicts", []) for c in p["cells"]}
    for i in range(n * n):
        r, c = divmod(i, n)
        x0, y0 = pad + c * unit, pad + r * unit
        d.rectangle(
            [x0, y0, x0 + unit, y0 + unit], fill=colours[b.region_of[i]], outline=(255, 255, 255)
        )
        sym = grid[r][c]
        m = unit * 0.28
        if sym == "x":
            w = max(1, unit // 12)
            d.line([x0 + m, y0 + m, x0 + unit - m, y0 + unit - m], fill=INK, width=w)
            d.line([x0 + unit - m, y0 + m, x0 + m, y0 + unit - m], fill=INK, width=w)
        elif sym == "C":
            cx, cy, rr = x0 + unit / 2, y0 + unit / 2, unit * 0.34
            ring = CONFLICT if rc_id(r, c) in bad else INK
            d.ellipse(
                [cx - rr, cy - rr, cx + rr, cy + rr],
                fill=COW_BODY,
                outline=ring,
                width=max(1, unit // 14),
            )
            d.ellipse([cx - rr * 0.7, cy - rr * 0.6, cx, cy], fill=COW_SPOT)
            d.ellipse([cx - rr * 0.55, cy + rr * 0.15, cx + rr * 0.55, cy + rr * 0.75], fill=MUZZLE)
        if rc_id(r, c) in bad:
            d.rectangle(
                [x0 + 1, y0 + 1, x0 + unit - 1, y0 + unit - 1],
                outline=CONFLICT,
                width=max(2, unit // 10),
            )
    thick = max(2, unit // 12)
    for i in range(n * n):  # region borders, as thick ink lines
        r, c = divmod(i, n)
        x0, y0 = pad + c * unit, pad + r * unit
        if c + 1 < n and b.region_of[i] != b.region_of[i + 1]:
            d.line([x0 + unit, y0, x0 + unit, y0 + unit], fill=INK, width=thick)
        if r + 1 < n and b.region_of[i] != b.region_of[i + n]:
            d.line([x0, y0 + unit, x0 + unit, y0 + unit], fill=INK, width=thick)
    d.rectangle([pad, pad, pad + n * unit, pad + n * unit], outline=INK, width=thick)
    return img
