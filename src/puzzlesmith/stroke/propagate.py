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
backtracking needs no undo. A cell's masks are over its own neighbour list (bit j: its
j-th neighbour; the last one is the virtual cell), so they stay small ints, which cost no
allocation where a mask over the board would (they are most of the solver's work).
``probe`` goes one level deeper (failed-literal probing, as SAT solvers and CP-SAT's
presolve do): an edge whose join alone leads to a contradiction is dropped.

>>> line = [0b0010, 0b0101, 0b1010, 0b0100]  # a - b - c - d, d last
>>> root = start(line, 0, 0b1000)
>>> bin(root.forced_cells(1))  # b has two neighbours: joined to a and c
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

from collections.abc import Mapping

from puzzlesmith.core.bits import bits


class Graph:
    """The board's neighbour lists with the virtual last cell ``n``: ``nbr[u]`` lists u's
    neighbours by increasing index (a cell's last entry is ``n``; ``n``'s list is every
    cell), and ``rev[u][j]`` is where u sits in the list of its j-th neighbour."""

    __slots__ = ("nbr", "rev")

    def __init__(self, adjmask: list[int]) -> None:
        n = len(adjmask)
        nbr = [[*bits(m), n] for m in adjmask]
        nbr.append(list(range(n)))
        self.nbr = nbr
        self.rev = [[nbr[w].index(u) for w in lst] for u, lst in enumerate(nbr)]

    def index(self, x: int, y: int) -> int:
        """Where y sits in x's neighbour list; -1 when they are not neighbours."""
        if x == len(self.nbr) - 1:
            return y  # the virtual cell's list is every cell in order
        for j, z in enumerate(self.nbr[x]):
            if z == y:
                return j
        return -1


_GRAPHS: dict[tuple[int, ...], Graph] = {}


def _graph(adjmask: list[int]) -> Graph:
    """The board's ``Graph``, built once per board (``start`` runs once per start cell)."""
    key = tuple(adjmask)
    g = _GRAPHS.get(key)
    if g is None:
        if len(_GRAPHS) >= 16:
            _GRAPHS.clear()
        g = _GRAPHS[key] = Graph(adjmask)
    return g


class Links:
    """Usable and forced neighbours per cell (index n: the virtual last cell) and chains.

    ``avail[u]`` and ``forced[u]`` are masks over ``g.nbr[u]``. Shared between a node and
    its children when nothing changes, so never mutated once ``start`` or ``extend``
    returned it.
    """

    __slots__ = ("avail", "forced", "g", "other", "s", "size")

    def __init__(
        self,
        avail: list[int],
        forced: list[int],
        other: list[int],
        size: list[int],
        s: int,
        g: Graph,
    ) -> None:
        self.avail = avail  # neighbours a cell may still be joined to
        self.forced = forced  # neighbours it is joined to
        self.other = other  # a chain's end → its other end
        self.size = size  # a chain's end → the chain's number of cells
        self.s = s  # the first cell
        self.g = g

    def copy(self) -> Links:
        return Links(self.avail[:], self.forced[:], self.other[:], self.size[:], self.s, self.g)

    def cells(self, u: int, mask: int) -> int:
        """A mask over u's neighbour list as a mask over the cells (bit n: virtual cell)."""
        nb = self.g.nbr[u]
        out = 0
        while mask:
            low = mask & -mask
            out |= 1 << nb[low.bit_length() - 1]
            mask ^= low
        return out

    def avail_cells(self, u: int) -> int:
        return self.cells(u, self.avail[u])

    def forced_cells(self, u: int) -> int:
        return self.cells(u, self.forced[u])


def start(adjmask: list[int], s: int, endmask: int) -> Links | None:
    """The state for the path [s]; None when it cannot be completed.

    ``endmask``: the cells that may be last.
    """
    n = len(adjmask)
    g = _graph(adjmask)
    ends = endmask & ~(1 << s) if n > 1 else endmask
    avail: list[int] = []
    for u in range(n):
        last = len(g.nbr[u]) - 1  # the virtual cell's place in u's list
        avail.append((1 << last) - 1 | ((ends >> u) & 1) << last)
    avail.append(ends)
    links = Links(avail, [0] * (n + 1), list(range(n + 1)), [1] * (n + 1), s, g)
    queue = [s, n, *(u for u in range(n) if avail[u].bit_count() <= 2)]
    return links if _settle(links, queue) else None


def extend(links: Links, v: int, w: int) -> Links | None:
    """The state after the path steps from its end v onto w; None on a contradiction."""
    j = links.g.index(v, w)
    if (links.forced[v] >> j) & 1:
        return links  # already known: nothing new
    child = links.copy()
    queue: list[int] = []
    if not _join(child, v, j, queue):
        return None
    return child if _settle(child, queue) else None


def _join(links: Links, u: int, j: int, queue: list[int]) -> bool:
    """Join chain end u to its j-th neighbour w (also a chain end); False when that closes
    a loop or ends the path early."""
    g = links.g
    w = g.nbr[u][j]
    other, size = links.other, links.size
    end = len(other) - 1
    x, y = other[u], other[w]
    if x == w:
        return False  # a loop
    joined = size[x] + size[y]
    other[x], other[y] = y, x
    size[x] = size[y] = joined
    links.forced[u] |= 1 << j
    links.forced[w] |= 1 << g.rev[u][j]
    queue.append(u)
    queue.append(w)
    if joined == end + 1:
        return True  # every cell on one path
    if (x == end and y == links.s) or (y == end and x == links.s):
        return False  # the first cell joined to the last, cells left over
    i = g.index(x, y)
    if i >= 0:
        avail = links.avail
        if (avail[x] >> i) & 1 and not (links.forced[x] >> i) & 1:
            avail[x] &= ~(1 << i)  # no loop: the chain's ends stay apart
            avail[y] &= ~(1 << g.rev[x][i])
            queue.append(x)
            queue.append(y)
    return True


def _settle(links: Links, queue: list[int]) -> bool:
    """Apply the degree rules until nothing changes; False on a contradiction."""
    avail, forced = links.avail, links.forced
    nbr, rev = links.g.nbr, links.g.rev
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
                nb, rv = nbr[u], rev[u]
                while rest:
                    bit = rest & -rest
                    j = bit.bit_length() - 1
                    rest ^= bit
                    w = nb[j]
                    avail[w] &= ~(1 << rv[j])
                    queue.append(w)
        elif ca == need:  # exactly its usable neighbours: join them all
            rest = a & ~f
            while rest:
                bit = rest & -rest
                rest ^= bit
                if not _join(links, u, bit.bit_length() - 1, queue):
                    return False
    return True


def _onward(links: Links, cur: int, prev: int) -> int:
    """The cell cur is joined to besides prev (the highest, if two); -1 when none."""
    f = links.forced[cur]
    nb = links.g.nbr[cur]
    while f:
        j = f.bit_length() - 1
        x = nb[j]
        if x != prev:
            return x
        f ^= 1 << j
    return -1


def fits(links: Links, v: int, w: int, k: int, may: list[int], clue: Mapping[int, int]) -> bool:
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
        nxt = _onward(links, cur, prev)
        if nxt < 0:
            break
        prev, cur = cur, nxt
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
        chain = _chain(links, a)
        done.update(chain)
        i0, s0 = next(
            (i, n + 1 if c == n else clue[c]) for i, c in enumerate(chain) if c == n or c in clue
        )
        if not any(_steps_fit(chain, s0 - i0 * d, d, k, may) for d in (1, -1)):
            return False
    return True


def _chain(links: Links, a: int) -> list[int]:
    """The chain of joined cells through a, from one end to the other."""
    halves: list[list[int]] = []
    nb = links.g.nbr[a]
    for j in bits(links.forced[a]):
        prev, cur = a, nb[j]
        half = [cur]
        while True:
            nxt = _onward(links, cur, prev)
            if nxt < 0:
                break
            prev, cur = cur, nxt
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
    links: Links, v: int, w: int, k: int, may: list[int], clue: Mapping[int, int]
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
    nbr, rev = links.g.nbr, links.g.rev
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
                j = bit.bit_length() - 1
                rest ^= bit
                if not (out.avail[u] & ~out.forced[u]) & bit:
                    continue  # decided meanwhile (dropped, or joined by the rules)
                x = nbr[u][j]
                back = 1 << rev[u][j]
                tried[x] |= back
                trial = out.copy()
                queue: list[int] = []
                if _join(trial, u, j, queue) and _settle(trial, queue):
                    continue
                if out is links:
                    out = links.copy()
                out.avail[u] &= ~bit
                out.avail[x] &= ~back
                if not _settle(out, [u, x]):
                    return None
                dropped = True
        if not dropped:
            break
    if out is not links and not fits(out, v, w, k, may, clue):
        return None
    return out
