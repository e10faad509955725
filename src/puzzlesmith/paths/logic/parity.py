"""The ``parity`` technique: where the usable graph is two-colourable steps alternate
colours, over the whole board before any step is known, else stretch by stretch.
"""

from __future__ import annotations

from puzzlesmith.core.bits import bits
from puzzlesmith.core.budget import spend
from puzzlesmith.paths.logic.engine import Contradiction, Engine, range_mask


def colour(e: Engine, src: int, region: int) -> dict[int, int] | None:
    """Two-colouring of src's part of region (usable edges); None if an odd cycle."""
    spend(region.bit_count())
    col = {src: 0}
    stack = [src]
    nb = e.nb
    while stack:
        x = stack.pop()
        for y in bits(nb[x] & region):
            if y not in col:
                col[y] = col[x] ^ 1
                stack.append(y)
            elif col[y] == col[x]:
                return None
    return col


def t_parity(e: Engine) -> bool:
    """Odd and even steps from a two-colouring: of the board, or of one stretch's area.

    >>> from puzzlesmith.paths.techniques import PathGraph, engine
    >>> line = PathGraph(("a", "b", "c"), (0b010, 0b101, 0b010), {})
    >>> e = engine(line, [])
    >>> t_parity(e), e.cand  # a and c odd (steps 1, 3), b even (step 2)
    (True, [10, 4, 10])
    """
    if not e.placed:
        return _parity_board(e)
    return any(_parity_stretch(e, a, p, b, q) for a, p, b, q in e.intervals())


def _parity_board(e: Engine) -> bool:
    """No step known yet: a two-colourable board's colours take odd and even steps."""
    cand, n = e.cand, e.n
    col = colour(e, 0, (1 << n) - 1)
    if col is None or len(col) < n:
        return False
    size = [0, 0]
    for c in col.values():
        size[c] += 1
    if abs(size[0] - size[1]) > 1:
        raise Contradiction(
            f"colouring the cells like a chessboard gives {size[0]} and {size[1]}: "
            "a path alternating colours cannot visit them all"
        )
    if size[0] != size[1]:
        odd_colour = 0 if size[0] > size[1] else 1
    else:
        known = [
            (i, 1 if cand[i] & e.even == 0 else 0)
            for i in range(n)
            if cand[i] & e.even == 0 or cand[i] & e.odd == 0
        ]
        if not known:
            return False
        i, odd = known[0]
        odd_colour = col[i] if odd else col[i] ^ 1
    hit = [i for i in range(n) if e.restrict(i, e.odd if col[i] == odd_colour else e.even)]
    if not hit:
        return False
    e.record(
        "parity",
        tuple(hit),
        f"colour the cells like a chessboard ({size[0]} and {size[1]}): every move "
        "changes colour, so one colour takes the odd steps and the other the even",
    )
    return True


def _parity_stretch(e: Engine, a: int, p: int | None, b: int, q: int | None) -> bool:
    """Between known steps a and b, a two-coloured open area fixes odd/even steps."""
    src = p if p is not None else q
    assert src is not None
    srcstep = a if p is not None else b
    inner = range_mask(a + 1, b - 1)
    region = e.open_region(a, b)
    for end in (p, q):
        if end is not None:
            region |= 1 << end
    col = colour(e, src, region)
    if col is None:
        return False
    if p is not None and q is not None and q in col and col[q] != (b - a) % 2:
        raise Contradiction(
            f"{e.nm(p)} ({a}) and {e.nm(q)} ({b}) are on "
            f"{'the same' if col[q] == 0 else 'different'} colours of a two-coloured "
            f"area, but {b - a} moves apart",
            (p, q),
        )
    hit = []
    for x, cx in col.items():
        if x in (p, q):
            continue
        want = e.odd if (srcstep + cx) % 2 else e.even
        if e.restrict(x, ~inner | want):
            hit.append(x)
    if not hit:
        return False
    e.record(
        "parity",
        (src, *hit),
        f"the area open for steps {a + 1}–{b - 1} can be coloured like a "
        f"chessboard and every move changes colour; counting from "
        f"{e.nm(src)} (step {srcstep}), {e.nms(sum(1 << i for i in hit))} "
        "have fixed odd/even steps",
    )
    return True
