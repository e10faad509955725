"""The techniques that read the known steps: who may stand next to them and how far away.

- ``clue_neighbours``: the cells at steps s−1 and s+1 touch the cell at step s (through
  a turning wall only at a moment it is open);
- ``distance``: between known steps a and b every cell used lies within the right
  number of moves of both, and the stretch holds exactly b−a−1 cells.
"""

from __future__ import annotations

from puzzlesmith.core.bits import bits
from puzzlesmith.core.budget import spend
from puzzlesmith.paths.logic.engine import Contradiction, Engine, range_mask


def t_clue_neighbours(e: Engine) -> bool:
    """Steps s−1 and s+1 stand next to the cell at step s (through an open wall).

    >>> from puzzlesmith.paths.techniques import PathGraph, engine
    >>> e = engine(PathGraph(("a", "b", "c"), (0b010, 0b101, 0b010), {0: 1}), [])
    >>> t_clue_neighbours(e), e.log[-1].reason
    (True, 'step 2 must touch a (step 1); of its neighbours only b can be step 2')
    """
    n, cand = e.n, e.cand
    se = e.g.step_edge
    for s, p in sorted(e.where().items()):
        for t in (s - 1, s + 1):
            if not 1 <= t <= n:
                continue
            bit = 1 << t
            allowed = e.nb[p]
            if se is not None:
                allowed = sum(
                    1 << j for j in bits(allowed) if (se(p, j, s) if t == s + 1 else se(j, p, t))
                )
            holders = sum(1 << i for i in range(n) if cand[i] & bit)
            inside = holders & allowed
            if inside == 0:
                raise Contradiction(
                    f"step {t} must be next to {e.nm(p)} (step {s}) but no neighbour can take it",
                    (p,),
                )
            outside = holders & ~allowed
            if outside:
                for i in bits(outside):
                    cand[i] &= ~bit
                    if cand[i] == 0:
                        raise Contradiction(f"{e.nm(i)} has no possible step left", (i,))
                if inside.bit_count() == 1:
                    j = inside.bit_length() - 1
                    cand[j] = bit
                    e.record(
                        "clue_neighbours",
                        (p, j),
                        f"step {t} must touch {e.nm(p)} (step {s}); of its neighbours only "
                        f"{e.nm(j)} can be step {t}",
                    )
                else:
                    e.record(
                        "clue_neighbours",
                        (p, *bits(outside)),
                        f"step {t} must touch {e.nm(p)} (step {s}), so it is not {e.nms(outside)}",
                    )
                return True
            if inside.bit_count() == 1 and cand[inside.bit_length() - 1] != bit:
                j = inside.bit_length() - 1
                cand[j] = bit
                e.record(
                    "clue_neighbours",
                    (p, j),
                    f"step {t} must touch {e.nm(p)} (step {s}); only {e.nm(j)} can be step {t}",
                )
                return True
    return False


def bfs(e: Engine, src: int, region: int) -> dict[int, int]:
    """Distances from src over usable edges, moving only inside region."""
    spend(region.bit_count())
    dist = {src: 0}
    seen = (1 << src) | 0
    frontier = [src]
    d = 0
    nb = e.nb
    while frontier:
        d += 1
        reach = 0
        for x in frontier:
            reach |= nb[x]
        reach &= region & ~seen
        seen |= reach
        frontier = bits(reach)
        for x in frontier:
            dist[x] = d
    return dist


def t_distance(e: Engine) -> bool:
    """Each stretch between known steps: its cell count, then the moves to its ends."""
    for a, p, b, q in e.intervals():
        region = e.open_region(a, b)
        if _distance_count(e, a, p, b, q, region) or _distance_moves(e, a, p, b, q, region):
            return True
    return False


def _distance_count(e: Engine, a: int, p: int | None, b: int, q: int | None, region: int) -> bool:
    """The stretch holds exactly b−a−1 cells: as many cells that can go nowhere else
    fill it, and the rest cannot take its steps."""
    cand, inner, size = e.cand, range_mask(a + 1, b - 1), b - a - 1
    must = [i for i in bits(region) if cand[i] & ~inner == 0]
    what = e.stretch_name(a, p, b, q)
    if len(must) > size:
        raise Contradiction(f"{len(must)} cells must fit into {what}", tuple(must))
    if len(must) < size:
        return False
    extra = region & ~sum(1 << i for i in must)
    if not extra:
        return False
    for i in bits(extra):
        e.restrict(i, ~inner)
    e.record(
        "distance",
        tuple(must) + tuple(bits(extra)),
        f"{what} must be filled by {e.nms(sum(1 << i for i in must))} "
        f"exactly, so {e.nms(extra)} cannot take any of them",
    )
    return True


def _distance_moves(e: Engine, a: int, p: int | None, b: int, q: int | None, region: int) -> bool:
    """Every cell used lies within the right number of moves of both known ends."""
    cand, n, inner = e.cand, e.n, range_mask(a + 1, b - 1)
    dp = bfs(e, p, region | (1 << q if q is not None else 0)) if p is not None else None
    dq = bfs(e, q, region | (1 << p if p is not None else 0)) if q is not None else None
    if p is not None and q is not None and dp is not None and dp.get(q, n + 1) > b - a:
        raise Contradiction(
            f"{e.nm(p)} (step {a}) and {e.nm(q)} (step {b}) are more than {b - a} moves apart",
            (p, q),
        )
    changed = []
    for x in bits(region):
        lo = a + dp.get(x, n + 1) if dp is not None else a + 1
        hi = b - dq.get(x, n + 1) if dq is not None else b - 1
        keep = ~inner | range_mask(max(lo, a + 1), min(hi, b - 1))
        if cand[x] & ~keep:
            e.restrict(x, keep, f"{e.nm(x)} is too far from the known steps to fit anywhere")
            changed.append(x)
    if not changed:
        return False
    ends = [c for c in (p, q) if c is not None]
    e.record(
        "distance",
        tuple(ends) + tuple(changed),
        f"counting moves from {' and '.join(e.nm(c) for c in ends)}: "
        f"{e.nms(sum(1 << i for i in changed))} "
        f"{'is' if len(changed) == 1 else 'are'} too far away for some of "
        f"{e.stretch_name(a, p, b, q)}",
    )
    return True
