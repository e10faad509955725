"""The ``connectivity`` technique: the usable graph stays connected, and a cell whose
removal splits it (a cut cell) is passed through at a step fixed by the sizes of the parts.
"""

from __future__ import annotations

from puzzlesmith.core.bits import bits, flood
from puzzlesmith.core.budget import spend
from puzzlesmith.paths.logic.engine import Contradiction, Engine, range_mask, steps_text


def parts(e: Engine, region: int) -> list[int]:
    """Connected parts of region (usable edges), as bitmasks."""
    spend(region.bit_count())
    out = []
    nb = e.nb
    while region:
        comp = flood(nb, region & -region, region)
        out.append(comp)
        region &= ~comp
    return out


def t_connectivity(e: Engine) -> bool:
    """The board stays in one piece; a cut cell's step follows from the parts' sizes.

    >>> from puzzlesmith.paths.techniques import PathGraph, engine
    >>> line = PathGraph(("a", "b", "c"), (0b010, 0b101, 0b010), {})
    >>> e = engine(line, [])
    >>> t_connectivity(e), e.log[-1].reason.split(": ")[-1]
    (True, 'the path must finish one part, pass b, then do the other; b is step 2')
    """
    n, cand = e.n, e.cand
    every = (1 << n) - 1
    whole = parts(e, every)
    if len(whole) > 1:
        small = min(whole, key=lambda m: m.bit_count())
        raise Contradiction(
            f"{e.nms(small)} would be cut off from the rest of the board",
            tuple(bits(small)),
        )
    for x in range(n):
        if e.nb[x].bit_count() < 2:
            continue
        split = parts(e, every & ~(1 << x))
        if len(split) == 1:
            continue
        if len(split) > 2:
            raise Contradiction(
                f"{e.nm(x)} separates {len(split)} areas; one path cannot visit them all",
                (x,),
            )
        options = []
        for first, last in ((split[0], split[1]), (split[1], split[0])):
            k = first.bit_count()
            lo, hi = range_mask(1, k), range_mask(k + 2, n)
            ok = (cand[x] >> (k + 1)) & 1 and all(cand[i] & lo for i in bits(first))
            ok = ok and all(cand[i] & hi for i in bits(last))
            if ok:
                options.append((first, last, k))
        if not options:
            raise Contradiction(
                f"{e.nm(x)} separates the board into parts of "
                f"{split[0].bit_count()} and {split[1].bit_count()} cells, and no order of "
                "visiting them fits the known steps",
                (x,),
            )
        mask_x = 0
        allow = [0] * n
        for first, last, k in options:
            mask_x |= 1 << (k + 1)
            for i in bits(first):
                allow[i] |= range_mask(1, k)
            for i in bits(last):
                allow[i] |= range_mask(k + 2, n)
        hit = []
        if e.restrict(x, mask_x):
            hit.append(x)
        for i in range(n):
            if i != x and e.restrict(i, allow[i]):
                hit.append(i)
        if hit:
            sizes = f"{split[0].bit_count()} and {split[1].bit_count()}"
            if len(options) == 1:
                k = options[0][2]
                how = (
                    f"only visiting {e.nms(options[0][0])} first fits, so {e.nm(x)} is step {k + 1}"
                )
            else:
                how = f"{e.nm(x)} is step {steps_text(mask_x)}"
            e.record(
                "connectivity",
                tuple(hit),
                f"{e.nm(x)} is the only link between two parts ({sizes} cells): the path "
                f"must finish one part, pass {e.nm(x)}, then do the other; {how}",
            )
            return True
    return False
