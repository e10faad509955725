"""Region colours a player cannot confuse, checked under simulated colour blindness.

Every region gets its own colour. Twelve light hues (dark ink, ✕ and cows stay
readable on all of them) are pairwise far apart for normal vision; red-green blind
players (deuteranopia, protanopia: about 1 in 12 men) see some of them merge, so the
colours are *assigned* so that regions which touch (sides or corners) stay far apart
in all three visions. Distances are CIEDE2000 in CIELAB; the simulation is Machado,
Oliveira and Fernandes (2009) at full severity, applied to linear RGB.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

PALETTE: tuple[str, ...] = (  # picked farthest-first from an sRGB grid, 64 ≤ L* ≤ 90
    "#EEDD44",  # yellow
    "#55BB88",  # green
    "#FF7744",  # orange
    "#BB99BB",  # mauve
    "#DDDDEE",  # pale grey-blue
    "#FF55FF",  # magenta
    "#BBCC77",  # sage
    "#FF9999",  # salmon
    "#AAAAAA",  # grey
    "#EEDDBB",  # cream
    "#FFAAFF",  # light pink
    "#EECCCC",  # blush
)

Vision = tuple[tuple[float, float, float], ...]

#: Machado et al. 2009, severity 1.0 (linear RGB).
VISIONS: dict[str, Vision | None] = {
    "normal": None,
    "deuteranopia": (
        (0.367322, 0.860646, -0.227968),
        (0.280085, 0.672501, 0.047413),
        (-0.011820, 0.042940, 0.968881),
    ),
    "protanopia": (
        (0.152286, 1.052583, -0.204868),
        (0.114503, 0.786281, 0.099216),
        (-0.003882, -0.048116, 1.051998),
    ),
}

Lab = tuple[float, float, float]


def _lin(c: float) -> float:
    return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4


def lab(hex_colour: str, vision: str = "normal") -> Lab:
    """CIELAB (D65) of an sRGB colour as seen with ``vision``."""
    rgb = [_lin(int(hex_colour[k : k + 2], 16) / 255) for k in (1, 3, 5)]
    m = VISIONS[vision]
    if m is not None:
        rgb = [min(1.0, max(0.0, sum(m[i][j] * rgb[j] for j in range(3)))) for i in range(3)]
    r, g, b = rgb
    x = (0.4124 * r + 0.3576 * g + 0.1805 * b) / 0.95047
    y = 0.2126 * r + 0.7152 * g + 0.0722 * b
    z = (0.0193 * r + 0.1192 * g + 0.9505 * b) / 1.08883

    def f(t: float) -> float:
        return t ** (1 / 3) if t > 216 / 24389 else (24389 / 27 * t + 16) / 116

    fx, fy, fz = f(x), f(y), f(z)
    return (116 * fy - 16, 500 * (fx - fy), 200 * (fy - fz))


def delta_e(p: Lab, q: Lab) -> float:
    """CIEDE2000 colour difference (about 2.3 is just noticeable; 10+ is clearly apart)."""
    l1, a1, b1 = p
    l2, a2, b2 = q
    c1, c2 = math.hypot(a1, b1), math.hypot(a2, b2)
    cm = (c1 + c2) / 2
    g = 0.5 * (1 - math.sqrt(cm**7 / (cm**7 + 25**7)))
    a1p, a2p = a1 * (1 + g), a2 * (1 + g)
    c1p, c2p = math.hypot(a1p, b1), math.hypot(a2p, b2)
    h1p = math.degrees(math.atan2(b1, a1p)) % 360
    h2p = math.degrees(math.atan2(b2, a2p)) % 360
    dl, dc = l2 - l1, c2p - c1p
    dh = h2p - h1p
    if c1p * c2p == 0:
        dh = 0.0
    elif dh > 180:
        dh -= 360
    elif dh < -180:
        dh += 360
    dhh = 2 * math.sqrt(c1p * c2p) * math.sin(math.radians(dh / 2))
    lm, cmp_ = (l1 + l2) / 2, (c1p + c2p) / 2
    if c1p * c2p == 0:
        hm = h1p + h2p
    elif abs(h1p - h2p) <= 180:
        hm = (h1p + h2p) / 2
    else:
        hm = (h1p + h2p + 360) / 2 if h1p + h2p < 360 else (h1p + h2p - 360) / 2
    t = (
        1
        - 0.17 * math.cos(math.radians(hm - 30))
        + 0.24 * math.cos(math.radians(2 * hm))
        + 0.32 * math.cos(math.radians(3 * hm + 6))
        - 0.20 * math.cos(math.radians(4 * hm - 63))
    )
    sl = 1 + 0.015 * (lm - 50) ** 2 / math.sqrt(20 + (lm - 50) ** 2)
    sc = 1 + 0.045 * cmp_
    sh = 1 + 0.015 * cmp_ * t
    rt = (
        -2
        * math.sqrt(cmp_**7 / (cmp_**7 + 25**7))
        * math.sin(math.radians(60 * math.exp(-(((hm - 275) / 25) ** 2))))
    )
    return math.sqrt(
        (dl / sl) ** 2 + (dc / sc) ** 2 + (dhh / sh) ** 2 + rt * (dc / sc) * (dhh / sh)
    )


def worst_difference(a: str, b: str) -> float:
    """The smallest ΔE of two colours over normal, deuteranope and protanope vision."""
    return min(delta_e(lab(a, v), lab(b, v)) for v in VISIONS)


def _table(palette: Sequence[str]) -> list[list[float]]:
    return [[worst_difference(a, b) for b in palette] for a in palette]


_WORST = _table(PALETTE)
#: Minimum worst-case ΔE between touching regions, tried from the top down.
_THRESHOLDS = (30.0, 26.0, 22.0, 18.0, 15.0, 12.0, 9.0, 0.0)


def assign(neighbours: Sequence[set[int]], palette: Sequence[str] = PALETTE) -> list[int]:
    """Palette indices, one per region, all different when there are enough colours,
    with touching regions as far apart as the search finds (highest threshold first)."""
    k = len(neighbours)
    worst = _WORST if palette is PALETTE else _table(palette)
    order = sorted(range(k), key=lambda g: (-len(neighbours[g]), g))
    for limit in _THRESHOLDS:
        colour = _search(neighbours, order, worst, limit, distinct=k <= len(palette))
        if colour is not None:
            return colour
    return [g % len(palette) for g in range(k)]  # unreachable: limit 0 always succeeds


def _search(
    neighbours: Sequence[set[int]],
    order: list[int],
    worst: list[list[float]],
    limit: float,
    *,
    distinct: bool,
    budget: int = 20000,
) -> list[int] | None:
    """Backtracking: a colour per region, touching ones at least ``limit`` apart."""
    k, size = len(order), len(worst)
    colour = [-1] * k
    left = [budget]

    def place(pos: int) -> bool:
        if pos == k:
            return True
        left[0] -= 1
        if left[0] < 0:
            return False
        g = order[pos]
        used = {c for c in colour if c >= 0} if distinct else set()
        for x in range(size):
            if x in used:
                continue
            if all(colour[h] < 0 or worst[x][colour[h]] >= limit for h in neighbours[g]):
                colour[g] = x
                if place(pos + 1):
                    return True
                colour[g] = -1
        return False

    return colour if place(0) else None
