"""``render --ids``: every cell's id drawn on the SVG, as the tools name it in messages.

Each mode's drawing marks its cells with ``data-cell`` (the id) on a rect, polygon or
path; the label goes inside that shape, low in its first square or hex, small enough to
leave the clue readable. Hex Walls ids are written ``(q,r)``, as in every message.
"""

from __future__ import annotations

import re
from html import escape
from typing import Any

from puzzlesmith.core.catalogue import cell_name
from puzzlesmith.core.mode import Mode

_ELEMENT = re.compile(r"<(rect|polygon|path)\b([^>]*?)\bdata-cell=\"([^\"]*)\"([^>]*)>")
_ATTR = re.compile(r'([\w-]+)="([^"]*)"')
_NUMBER = re.compile(r"-?\d+(?:\.\d+)?")


def _box(tag: str, attrs: dict[str, str]) -> tuple[float, float, float, float] | None:
    """(x, y, width, height) of the shape's first square or hex."""
    if tag == "rect":
        try:
            return tuple(float(attrs[k]) for k in ("x", "y", "width", "height"))  # type: ignore[return-value]
        except (KeyError, ValueError):
            return None
    nums = [float(v) for v in _NUMBER.findall(attrs.get("points" if tag == "polygon" else "d", ""))]
    xs, ys = nums[0::2], nums[1::2]
    if not xs or len(xs) != len(ys):
        return None
    w, h = max(xs) - min(xs), max(ys) - min(ys)
    if tag == "path":  # an outline from its top-left corner: label the first unit square
        side = min(w, h)
        return xs[0], ys[0], side, side
    return min(xs), min(ys), w, h


def draw_ids(mode: Mode[Any], svg: str) -> str:
    """The SVG with a small id label in every cell."""
    labels = []
    for m in _ELEMENT.finditer(svg):
        tag, cid = m.group(1), m.group(3)
        attrs = dict(_ATTR.findall(m.group(2) + m.group(4)))
        box = _box(tag, attrs)
        if box is None:
            continue
        x, y, w, h = box
        size = max(6.0, min(w, h) * 0.2)
        labels.append(
            f'<text x="{x + w / 2:.1f}" y="{y + h - size * 0.6:.1f}" font-size="{size:.1f}" '
            f'text-anchor="middle" fill="#1f4fa8" stroke="#ffffff" stroke-width="{size / 6:.1f}" '
            f'paint-order="stroke" data-id-of="{escape(cid)}">{escape(cell_name(mode, cid))}</text>'
        )
    if not labels:
        return svg
    layer = '<g class="ids">\n' + "\n".join(labels) + "\n</g>\n"
    end = svg.rfind("</svg>")
    return svg[:end] + layer + svg[end:]
