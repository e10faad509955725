"""Forced path edges: the solver's look-ahead on what is left of the board.

When the path ends at v and the cells ``unv`` are still to visit, the rest of the path
is a Hamiltonian path of ``unv ∪ {v}`` from v. Add a virtual end cell ``n`` joined to
every cell that may be last: the rest is then a path from v to ``n`` in which every
unvisited cell has exactly two path neighbours. From that:

* a cell with exactly two usable neighbours is joined to both (``two_neighbours``);
* a cell already joined to two is not joined to any other;
* joined cells form chains; an edge between the two ends of one chain would close a
  loop, so it is not used (``no_loop``), and a chain from v to the end that leaves
  cells out is impossible;
* along a chain the steps are consecutive, so a chain through v, the end or a clue cell
  fixes (up to direction) the step of every cell on it, and each must be a step the
  cell may take.

Each rule only removes what no solution can use, so cutting a branch where they meet a
contradiction never loses a solution. These are the logic module's ``two_neighbours``
and ``no_loop`` techniques, rewritten over bitmasks for speed and recomputed from
scratch at a node (cheaper than undoing them on backtrack).

>>> line = [0b0010, 0b0101, 0b1010, 0b0100]  # a - b - c - d
>>> feasible_after(line, 0, 1, 0b1110, 0b1110, 0b1000, [0, 1, 2, 4, 8, 0], {})
True
>>> feasible_after(line, 1, 1, 0b1101, 0b1101, 0b1000, [0, 2, 1, 4, 8, 0], {})  # b first: a is cut off
False
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence


def feasible_after(
    adjmask: Sequence[int],
    v: int,
    k: int,
    unv: int,
    thin: int,
    endmask: int,
    may: Sequence[int],
    clue: Mapping[int, int],
) -> bool:
    """False when the path ending at v (step k) can no longer be completed over ``unv``.

    ``thin``: the unvisited cells with at most two neighbours in ``unv ∪ {v}`` (the
    caller keeps that count as the path grows; only they can force anything at first).
    ``endmask``: the cells that may be last; ``may[t]``: the cells that may take step t;
    ``clue``: cell → step for the clue cells (implied ones included).
    """
    forced = _forced(adjmask, v, unv, thin, endmask)
    if forced is None:
        return False
    return _chains_fit(forced, len(adjmask), v, k, may, clue)


def _forced(adjmask: Sequence[int], v: int, unv: int, thin: int, endmask: int) -> list[int] | None:
    """Forced neighbours per cell (index n: the virtual end), or None on a contradiction."""
    n = len(adjmask)
    end = n
    region = unv | (1 << v)
    endbit = 1 << end
    ends = endmask & unv
    avail = [-1] * (n + 1)  # -1: not computed yet (a cell nothing has touched)
    avail[v] = adjmask[v] & unv
    avail[end] = ends
    forced = [0] * (n + 1)
    need = [2] * (n + 1)
    need[v] = need[end] = 1
    other = list(range(n + 1))  # a chain end → the chain's other end
    size = [1] * (n + 1)
    total = unv.bit_count() + 2

    def usable(u: int) -> int:
        a = avail[u]
        if a < 0:
            a = adjmask[u] & region
            if (ends >> u) & 1:
                a |= endbit
            avail[u] = a
        return a

    queue = [v, end]
    while thin:
        bit = thin & -thin
        queue.append(bit.bit_length() - 1)
        thin ^= bit
    queued = set(queue)
    while queue:
        u = queue.pop()
        queued.discard(u)
        a = avail[u]
        if a < 0:
            a = usable(u)
        f = forced[u]
        r = need[u]
        ca = a.bit_count()
        cf = f.bit_count()
        if ca < r or cf > r:
            return None
        if cf == r:
            if a != f:  # joined to all it can be: drop its other edges
                rest = a & ~f
                avail[u] = f
                while rest:
                    low = rest & -rest
                    w = low.bit_length() - 1
                    rest ^= low
                    avail[w] = usable(w) & ~(1 << u)
                    if w not in queued:
                        queue.append(w)
                        queued.add(w)
            continue
        if ca != r:
            continue
        rest = a & ~f  # exactly its usable neighbours: join them all
        while rest:
            low = rest & -rest
            w = low.bit_length() - 1
            rest ^= low
            x, y = other[u], other[w]
            if x == w:
                return None  # a loop
            joined = size[x] + size[y]
            other[x], other[y] = y, x
            size[x] = size[y] = joined
            forced[u] |= 1 << w
            forced[w] |= 1 << u
            if w not in queued:
                queue.append(w)
                queued.add(w)
            if joined == total:
                continue
            if (x == v and y == end) or (x == end and y == v):
                return None  # v joined to the end, cells left over
            if (usable(x) >> y) & 1 and not (forced[x] >> y) & 1:
                avail[x] &= ~(1 << y)  # no loop: the chain's ends stay apart
                avail[y] = usable(y) & ~(1 << x)
                for z in (x, y):
                    if z not in queued:
                        queue.append(z)
                        queued.add(z)
        if u not in queued:
            queue.append(u)
            queued.add(u)
    return forced


def _chains_fit(
    forced: list[int], n: int, v: int, k: int, may: Sequence[int], clue: Mapping[int, int]
) -> bool:
    """Every chain through v, the end or a clue cell can take consecutive allowed steps."""
    end = n
    done: set[int] = set()
    anchors = [v, end, *(c for c, s in clue.items() if s > k)]
    for a in anchors:
        if a in done or not forced[a]:
            continue
        chain = _chain(forced, a)
        done.update(chain)
        known = [
            (i, k if c == v else n + 1 if c == end else clue[c])
            for i, c in enumerate(chain)
            if c in (v, end) or c in clue
        ]
        i0, s0 = known[0]
        if not any(_steps_fit(chain, s0 - i0 * d, d, n, v, k, may) for d in (1, -1)):
            return False
    return True


def _chain(forced: list[int], a: int) -> list[int]:
    """The chain of joined cells through a, from one end to the other."""
    halves: list[list[int]] = []
    nbrs = forced[a]
    while nbrs:
        low = nbrs & -nbrs
        nbrs ^= low
        prev, cur = a, low.bit_length() - 1
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


def _steps_fit(
    chain: list[int], base: int, d: int, n: int, v: int, k: int, may: Sequence[int]
) -> bool:
    """Can chain[i] take step base + i·d for every i?"""
    t = base
    for c in chain:
        if c == n:
            if t != n + 1:
                return False
        elif c == v:
            if t != k:
                return False
        elif not (k < t <= n and (may[t] >> c) & 1):
            return False
        t += d
    return True
