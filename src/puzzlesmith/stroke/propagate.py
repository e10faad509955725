"""Forced path edges, kept as the path grows: the solver's look-ahead.

Add a virtual last cell ``n`` joined to every cell that may take step N: a solution is
then a path from the start s to ``n`` through every cell, in which s and ``n`` have one
path neighbour and every other cell two. The path drawn so far is a chain of joined
cells from s to its end. From that:

* a cell with exactly as many usable neighbours as it needs is joined to all of them
  (``two_neighbours``);
* a cell joined to all it needs drops its other edges;
* joined cells form chains; an edge between the two ends of one chain would close a
  loop, so it is dropped (``no_loop``), and a chain from s to the last cell that leaves
  cells out is impossible;
* along a chain the steps are consecutive, so a chain through the path's end, the last
  cell or a clue cell fixes (up to direction) the step of each cell on it, and each must
  be a step the cell may take (``fits``).

Each rule removes only what no solution can use, so a contradiction proves the path so
far has no completion. These are the logic module's ``two_neighbours`` and ``no_loop``
techniques over bitmasks. A step of the path is one more joined edge: ``extend`` copies
the parent's state (lists of n + 1 ints) and propagates only from what changed, so
backtracking needs no undo. ``probe`` goes one level deeper (failed-literal probing,
as SAT solvers and CP-SAT's presolve do): an edge whose join alone leads to a
contradiction is dropped.

>>> line = [0b0010, 0b0101, 0b1010, 0b0100]  # a - b - c - d, d last
>>> root = start(line, 0, 0b1000)
>>> bin(root.forced[1])  # b has two neighbours: joined to a and c
'0b101'
>>> start(line, 1, 0b1000) is None  # from b, a is cut off
True
>>> grid = [0xA, 0x15, 0x22, 0x51, 0xAA, 0x114, 0x88, 0x150, 0xA0]  # 3 × 3, row by row
>>> every, may = 0x1FF, [0] + [0x1FF] * 9 + [0]
>>> side = start(grid, 1, every)  # from the middle of a side: no rule fires ...
>>> side is not None and probe(side, 1, 1, 1, may, {}) is None  # ... but probing refutes it
True
"""

from __future__ import annotations


class Links:
    """Usable and forced neighbours per cell (index n: the virtual last cell) and chains.

    Shared between a node and its children when nothing changes, so never mutated once
    ``start`` or ``extend`` returned it.
    """

    __slots__ = ("avail", "forced", "other", "s", "size")

    def __init__(
        self, avail: list[int], forced: list[int], other: list[int], size: list[int], s: int
    ) -> None:
        self.avail = avail  # neighbours a cell may still be joined to
        self.forced = forced  # neighbours it is joined to
        self.other = other  # a chain's end → its other end
        self.size = size  # a chain's end → the chain's number of cells
        self.s = s  # the first cell

    def copy(self) -> Links:
        return Links(self.avail[:], self.forced[:], self.other[:], self.size[:], self.s)


def start(adjmask: list[int], s: int, endmask: int) -> Links | None:
    """The state for the path [s]; None when it cannot be completed.

    ``endmask``: the cells that may be last.
    """
    n = len(adjmask)
    endbit = 1 << n
    ends = endmask & ~(1 << s) if n > 1 else endmask
    avail = [m | endbit if (ends >> u) & 1 else m for u, m in enumerate(adjmask)]
    avail.append(ends)
    links = Links(avail, [0] * (n + 1), list(range(n + 1)), [1] * (n + 1), s)
    queue = [s, n, *(u for u in range(n) if avail[u].bit_count() <= 2)]
    return links if _settle(links, queue) else None


def extend(links: Links, v: int, w: int) -> Links | None:
    """The state after the path steps from its end v onto w; None on a contradiction."""
    if (links.forced[v] >> w) & 1:
        return links  # already known: nothing new
    child = links.copy()
    queue: list[int] = []
    if not _join(child, v, w, queue):
        return None
    return child if _settle(child, queue) else None


def _join(links: Links, u: int, w: int, queue: list[int]) -> bool:
    """Join chain ends u and w; False when that closes a loop or ends the path early."""
    other, size = links.other, links.size
    end = len(other) - 1
    x, y = other[u], other[w]
    if x == w:
        return False  # a loop
    joined = size[x] + size[y]
    other[x], other[y] = y, x
    size[x] = size[y] = joined
    links.forced[u] |= 1 << w
    links.forced[w] |= 1 << u
    queue += (u, w)
    if joined == end + 1:
        return True  # every cell on one path
    if (x == end and y == links.s) or (y == end and x == links.s):
        return False  # the first cell joined to the last, cells left over
    avail = links.avail
    if (avail[x] >> y) & 1 and not (links.forced[x] >> y) & 1:
        avail[x] &= ~(1 << y)  # no loop: the chain's ends stay apart
        avail[y] &= ~(1 << x)
        queue += (x, y)
    return True


def _settle(links: Links, queue: list[int]) -> bool:
    """Apply the degree rules until nothing changes; False on a contradiction."""
    avail, forced = links.avail, links.forced
    end = len(avail) - 1
    s = links.s
    while queue:
        u = queue.pop()
        a = avail[u]
        f = forced[u]
        need = 1 if u in (s, end) else 2
        ca = a.bit_count()
        cf = f.bit_count()
        if ca < need or cf > need:
            return False
        if cf == need:
            if a != f:  # joined to all it needs: drop its other edges
                rest = a & ~f
                avail[u] = f
                while rest:
                    bit = rest & -rest
                    w = bit.bit_length() - 1
                    rest ^= bit
                    avail[w] &= ~(1 << u)
                    queue.append(w)
        elif ca == need:  # exactly its usable neighbours: join them all
            rest = a & ~f
            while rest:
                bit = rest & -rest
                w = bit.bit_length() - 1
                rest ^= bit
                if not _join(links, u, w, queue):
                    return False
    return True


def fits(links: Links, v: int, w: int, k: int, may: list[int], clue: dict[int, int]) -> bool:
    """Can the chains through w (the path's end, step k, reached from v), the last cell
    and every clue cell still to come take consecutive steps each cell may take?

    ``may[t]``: the cells that may take step t; ``clue``: cell → step.
    """
    forced = links.forced
    n = len(forced) - 1
    # the forced continuation of the path beyond w
    t, prev, cur = k, v, w
    done = {w}
    while True:
        nxt = forced[cur] & ~(1 << prev)
        if not nxt:
            break
        prev, cur = cur, nxt.bit_length() - 1
        t += 1
        if cur == n:
            return t == n + 1
        if t > n or not (may[t] >> cur) & 1:
            return False
        done.add(cur)
    # every other chain holds only cells still to visit (and perhaps the last cell)
    for a in (n, *(c for c, step in clue.items() if step > k)):
        if a in done or not forced[a]:
            continue
        chain = _chain(forced, a)
        done.update(chain)
        i0, s0 = next(
            (i, n + 1 if c == n else clue[c]) for i, c in enumerate(chain) if c == n or c in clue
        )
        if not any(_steps_fit(chain, s0 - i0 * d, d, k, may) for d in (1, -1)):
            return False
    return True


def _chain(forced: list[int], a: int) -> list[int]:
    """The chain of joined cells through a, from one end to the other."""
    halves: list[list[int]] = []
    nbrs = forced[a]
    while nbrs:
        bit = nbrs & -nbrs
        nbrs ^= bit
        prev, cur = a, bit.bit_length() - 1
        half = [cur]
        while True:
            nxt = forced[cur] & ~(1 << prev)
            if not nxt:
                break
            prev, cur = cur, nxt.bit_length() - 1
            half.append(cur)
        halves.append(half)
    if len(halves) == 1:
        return [a, *halves[0]]
    return [*halves[0][::-1], a, *halves[1]]


def _steps_fit(chain: list[int], base: int, d: int, k: int, may: list[int]) -> bool:
    """Can chain[i] take step base + i·d for every i (the virtual last cell: N + 1)?"""
    n = len(may) - 2
    t = base
    for c in chain:
        if c == n:
            if t != n + 1:
                return False
        elif not (k < t <= n and (may[t] >> c) & 1):
            return False
        t += d
    return True


def probe(
    links: Links, v: int, w: int, k: int, may: list[int], clue: dict[int, int]
) -> Links | None:
    """Failed-edge probing: join each undecided edge on a copy and drop the edges whose
    join contradicts the degree rules, until none is dropped; then check the chains.

    The state after the path stepped from v onto w (step k); returns a state with fewer
    usable edges, the same one when nothing was dropped, or None when no completion is
    left. Cells with the fewest undecided edges go first (their contradictions come
    soonest). Costs a join per undecided edge, so the solver calls it only at nodes
    whose subtree already grew large.
    """
    avail, forced = links.avail, links.forced
    cells = sorted(
        (u for u in range(len(avail)) if avail[u] != forced[u]),
        key=lambda u: (avail[u] & ~forced[u]).bit_count(),
    )
    out = links
    while True:
        dropped = False
        tried = [0] * len(avail)  # each edge once per round, from its likelier end
        for u in cells:
            rest = out.avail[u] & ~out.forced[u] & ~tried[u]
            while rest:
                bit = rest & -rest
                x = bit.bit_length() - 1
                rest ^= bit
                if not (out.avail[u] & ~out.forced[u]) & bit:
                    continue  # decided meanwhile (dropped, or joined by the rules)
                tried[x] |= 1 << u
                trial = out.copy()
                queue: list[int] = []
                if _join(trial, u, x, queue) and _settle(trial, queue):
                    continue
                if out is links:
                    out = links.copy()
                out.avail[u] &= ~bit
                out.avail[x] &= ~(1 << u)
                if not _settle(out, [u, x]):
                    return None
                dropped = True
        if not dropped:
            break
    if out is not links and not fits(out, v, w, k, may, clue):
        return None
    return out
