"""One key per board up to the board's symmetries, so a copy turned or mirrored is caught.

A level rotated or mirrored is the same puzzle; publishing it again (or publishing a
shipped level that way) must be refused. Each mode reduces its level to points on its
grid with labels (a cell's squares and clue, a hex and its clue, a wall's two hexes ...);
these helpers try every symmetry of the grid — 8 for squares, 12 for hexes — move the
result to the origin and keep the smallest text, so equal keys mean the same board.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

Point = tuple[int, int]
#: a board as groups of grid points, each group with a label (clue, kind...)
Groups = Iterable[tuple[str, Sequence[Point]]]

SQUARE: tuple[Callable[[int, int], Point], ...] = (
    lambda x, y: (x, y),
    lambda x, y: (-y, x),
    lambda x, y: (-x, -y),
    lambda x, y: (y, -x),
    lambda x, y: (-x, y),
    lambda x, y: (y, x),
    lambda x, y: (x, -y),
    lambda x, y: (-y, -x),
)


def _hex_rotate(q: int, r: int) -> Point:
    """60° about the origin in axial coordinates (cube (x, y, z) → (-z, -x, -y))."""
    return (-r, q + r)


def _hex_transforms() -> tuple[Callable[[int, int], Point], ...]:
    out: list[Callable[[int, int], Point]] = []
    for mirror in (False, True):
        for k in range(6):

            def f(q: int, r: int, k: int = k, mirror: bool = mirror) -> Point:
                if mirror:
                    q, r = q, -q - r  # reflect: swap the cube's y and z
                for _ in range(k):
                    q, r = _hex_rotate(q, r)
                return (q, r)

            out.append(f)
    return tuple(out)


HEX = _hex_transforms()


def canonical_key(groups: Groups, transforms: Sequence[Callable[[int, int], Point]]) -> str:
    """The smallest normalised text of the board over the transforms.

    >>> a = canonical_key([("1", [(0, 0)]), ("", [(1, 0)]), ("", [(2, 0)])], SQUARE)
    >>> b = canonical_key([("", [(5, 5)]), ("", [(5, 6)]), ("1", [(5, 7)])], SQUARE)
    >>> a == b
    True
    >>> a == canonical_key([("", [(0, 0)]), ("1", [(1, 0)]), ("", [(2, 0)])], SQUARE)
    False
    """
    items = [(label, list(points)) for label, points in groups]
    best: str | None = None
    for t in transforms:
        moved = [(label, [t(x, y) for x, y in pts]) for label, pts in items]
        all_pts = [p for _, pts in moved for p in pts]
        if not all_pts:
            return ""
        dx, dy = min(x for x, _ in all_pts), min(y for _, y in all_pts)
        text = repr(
            sorted((label, sorted((x - dx, y - dy) for x, y in pts)) for label, pts in moved)
        )
        if best is None or text < best:
            best = text
    return best or ""
