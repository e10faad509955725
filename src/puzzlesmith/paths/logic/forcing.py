"""The forcing techniques: what a cell's neighbours or a step's holders leave no choice
about, and the loop a join would close.

- ``single``: a step that only one cell can take;
- ``ends``: a cell with one usable neighbour is the start or the end; two known ends
  exclude steps 1 and N everywhere else; three would be a contradiction;
- ``two_neighbours``: a middle cell with exactly two usable neighbours uses both;
- ``no_loop``: a chain of joined cells cannot be closed into a loop.
"""

from __future__ import annotations

from puzzlesmith.core.bits import bits
from puzzlesmith.paths.logic.engine import Contradiction, Engine


def t_single(e: Engine) -> bool:
    """A step only one cell can still take is that cell's."""
    ones = twos = 0
    for c in e.cand:
        twos |= ones & c
        ones |= c
    progress = False
    for s in bits(ones & ~twos):
        bit = 1 << s
        for i, c in enumerate(e.cand):
            if c & bit:
                if c != bit:
                    e.cand[i] = bit
                    e.record("single", (i,), f"only {e.nm(i)} can still be step {s}, so it is")
                    progress = True
                break
    return progress


def t_ends(e: Engine) -> bool:
    """A cell with one usable neighbour is an end; two known ends keep 1 and N to themselves.

    >>> from puzzlesmith.paths.techniques import PathGraph, engine
    >>> line = PathGraph(("a", "b", "c"), (0b010, 0b101, 0b010), {})
    >>> e = engine(line, ["ends"])
    >>> t_ends(e), e.log[-1].reason
    (True, 'a has only one usable neighbour (b), so the path starts or ends at a (step 1 or 3) and passes b')
    """
    n, cand, nb, endm = e.n, e.cand, e.nb, e.endm
    if n < 3:
        return False
    for i in range(n):
        if nb[i].bit_count() == 1:
            j = nb[i].bit_length() - 1
            if cand[i] & ~endm or not (e.link[i] >> j) & 1:
                known = cand[i] & ~endm == 0
                e.restrict(
                    i,
                    endm,
                    f"{e.nm(i)} has only one usable neighbour but cannot be an end",
                )
                e.add_link(i, j)
                if known:
                    why = (
                        f"{e.nm(i)} is an end of the path and has only one usable "
                        f"neighbour, so the path passes {e.nm(j)} next to it"
                    )
                else:
                    why = (
                        f"{e.nm(i)} has only one usable neighbour ({e.nm(j)}), so the "
                        f"path starts or ends at {e.nm(i)} (step 1 or {n}) and passes "
                        f"{e.nm(j)}"
                    )
                e.record("ends", (i, j), why)
                return True
    ends = [i for i in range(n) if cand[i] & ~endm == 0]
    if len(ends) > 2:
        names = ", ".join(e.nm(i) for i in ends)
        raise Contradiction(f"{names} would all have to be ends of the path", tuple(ends))
    if len(ends) == 2:
        em = (1 << ends[0]) | (1 << ends[1])
        hit = [i for i in range(n) if not (em >> i) & 1 and cand[i] & endm]
        if hit:
            for i in hit:
                e.restrict(i, ~endm)
            e.record(
                "ends",
                tuple(ends) + tuple(hit),
                f"{e.nm(ends[0])} and {e.nm(ends[1])} are the two ends of the path, so "
                f"no other cell is step 1 or {n}",
            )
            return True
    return False


def t_two_neighbours(e: Engine) -> bool:
    """A middle cell with exactly two usable neighbours is joined to both."""
    for i in range(e.n):
        if e.cand[i] & e.endm:
            continue
        m = e.nb[i]
        if m.bit_count() == 2 and e.link[i] != m:
            a, b = bits(m)
            e.add_link(i, a)
            e.add_link(i, b)
            e.record(
                "two_neighbours",
                (i, a, b),
                f"{e.nm(i)} is not an end and has only two usable neighbours, so the path "
                f"goes {e.nm(a)} → {e.nm(i)} → {e.nm(b)} (in some direction)",
            )
            return True
    return False


def chains(e: Engine) -> list[tuple[int, int, int]]:
    """(end, other end, cells) of every chain of joined cells."""
    seen = 0
    out = []
    for i in range(e.n):
        if e.link[i].bit_count() != 1 or (seen >> i) & 1:
            continue
        prev, cur, size = -1, i, 1
        while True:
            nxt = [k for k in bits(e.link[cur]) if k != prev]
            if not nxt:
                break
            prev, cur = cur, nxt[0]
            size += 1
        seen |= (1 << i) | (1 << cur)
        out.append((i, cur, size))
    return out


def t_no_loop(e: Engine) -> bool:
    """The two ends of a chain of joined cells are not joined (unless it is the whole path)."""
    for a, b, size in chains(e):
        if size < e.n and (e.nb[a] >> b) & 1 and not (e.link[a] >> b) & 1:
            e.drop_edge(a, b)
            e.record(
                "no_loop",
                (a, b),
                f"{e.nm(a)} and {e.nm(b)} end the same chain of {size} joined cells; "
                "joining them would close a loop, so that edge is not used",
            )
            return True
    return False
