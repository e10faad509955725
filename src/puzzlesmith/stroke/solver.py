"""Exact Number Stroke solver: counts Hamiltonian paths that honour number and parity clues.

A depth-first search over bitmasks (bit i = cell i) that extends the path from its
start. ``count == 1`` is a proof: the search for a second solution ran to the end.

Before the search, each cell gets the set of steps it can take (graph distance to the
clues before and after, parity clues, colour on bipartite boards); a cell with one
possible step, or a step with one possible cell, becomes an implied clue, repeated to a
fixed point.

The path can be searched from step 1 or, steps reversed, from step N; which is fast
depends on where the clues sit, and a wrong guess can cost a thousandfold. So both
directions race, round robin with node quotas following the Luby sequence (the one with
less freedom before its first clue goes first); the first strategy to exhaust its cases
gives the answer. A direction's runs alternate: even runs carry on in its first move
order, odd runs restart with random tie-breaks (some boards need one long run, others
luck). Without a clue at the search's step 1 every possible start is tried, round robin
with growing quotas that carry over from run to run, so that one hard start does not
hide the easy solutions of another. When neither step 1 nor step N is a clue but a cell
has a single neighbour, that cell must be one end of the path: "it is step 1" and "it is
step N" are two directed single-start searches, entered in the race as a third
strategy. A start that one direction exhausts without a solution is struck from the
other direction's possible last cells (read at its next run). A state (end cell, cells
left) whose subtree held no complete path is remembered and cut when met again, from
another start, another order of the same cells or a later run. After every step:

* a step only enters a cell whose step set holds it (so never a clue cell of another
  step, nor a parity cell of the wrong parity), and a cell whose last possible step has
  passed ends the branch;
* the unvisited cells stay connected to the path's end;
* at most one unvisited cell has degree ≤ 1 (counting the end as a neighbour): it can
  only be the last cell, so it must be able to take step N;
* the clues up to the next one are within reach (BFS distance ≤ clue − step), and the
  cells that must be visited before the next clue fit on a walk of that length to it;
* on bipartite boards (plain square grids) the colours left must allow an alternating
  walk;
* on other boards (big and shaped cells make odd cycles and bottlenecks) the cut
  vertices of the unvisited region must chain up like the blocks of a path (Tarjan,
  every few steps), and since the path passes each one only after everything before
  it, each gets an exact step, which must agree with its step set and the clues;
* forced edges (``propagate``, kept from step to step): cells with two usable
  neighbours use both, chains never close into loops, and every chain through the
  path's end, the last cell or a clue cell must fit its steps; a forced next cell is
  the only move tried;
* probing, once a node's subtree has taken ``_PROBE_AFTER`` nodes: each undecided edge
  is joined on a copy, and an edge whose join contradicts the rules is dropped; this
  often refutes the whole rest of the subtree at once (the states the search used to
  spend thousands of nodes on are mostly of this kind), and otherwise leaves the
  remaining moves fewer edges.

This module and ``propagate`` are compiled with mypyc where a build exists (see
``puzzlesmith._native``), so their hot loops favour what compiles well: lists and dicts
rather than abstract types, lists of small ints rather than big-int bit tests.

>>> from puzzlesmith.stroke.board import parse_level, board_of
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
...     {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
...     {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1}]})[0]
>>> solve(board_of(lv)).contract("t")
{'level': 't', 'count': 1, 'complete': True, 'solutions': [['a', 'b', 'c']]}
"""

from __future__ import annotations

import itertools
import random
from bisect import bisect_right
from collections import deque
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field

from puzzlesmith.core.bits import bits
from puzzlesmith.core.budget import tick
from puzzlesmith.core.mode import SolveResult
from puzzlesmith.stroke.board import Board
from puzzlesmith.stroke.propagate import Links, extend, fits, probe, start


def solve(board: Board, limit: int = 2) -> SolveResult:
    """Solutions (cell ids in path order) up to ``limit``; uniqueness proven by exhaustion."""
    paths, complete = search(board.adjmask, board.clue, board.parity, limit)
    return SolveResult(
        count=len(paths),
        complete=complete,
        solutions=[[board.ids[i] for i in p] for p in paths],
    )


def count(board: Board, limit: int = 2) -> int:
    """min(number of solutions, limit)."""
    return len(search(board.adjmask, board.clue, board.parity, limit)[0])


def _two_colouring(adjmask: list[int]) -> list[int] | None:
    """Colours 0/1 when the graph is bipartite (connected or not), else None."""
    n = len(adjmask)
    colour = [-1] * n
    for s in range(n):
        if colour[s] >= 0:
            continue
        colour[s] = 0
        stack = [s]
        while stack:
            i = stack.pop()
            for j in bits(adjmask[i]):
                if colour[j] < 0:
                    colour[j] = colour[i] ^ 1
                    stack.append(j)
                elif colour[j] == colour[i]:
                    return None
    return colour


def _distances(adj: list[list[int]], src: int) -> list[int]:
    """BFS distances from ``src`` (-1 where it does not reach), layer by layer."""
    dist = [-1] * len(adj)
    dist[src] = 0
    frontier = [src]
    d = 0
    while frontier:
        d += 1
        nxt: list[int] = []
        for i in frontier:
            for j in adj[i]:
                if dist[j] < 0:
                    dist[j] = d
                    nxt.append(j)
        frontier = nxt
    return dist


def step_domains(
    adjmask: Sequence[int],
    clue: Mapping[int, int],
    parity: Mapping[int, int],
) -> tuple[dict[int, int], list[int]] | None:
    """Implied clues and, per step, the mask of cells that may take it; None if impossible.

    Sound necessary conditions only, so the solution set never changes: a cell at step t
    between clues (a, ca) and (b, cb) needs dist(a, cell) ≤ t − ca and dist(cell, b) ≤ cb − t,
    and a cell with one neighbour is an end (step 1 or N).

    >>> step_domains([0b10, 0b101, 0b10], {0: 1}, {})[0]
    {0: 1, 1: 2, 2: 3}
    """
    n = len(adjmask)
    adj = [bits(m) for m in adjmask]
    colour = _two_colouring(list(adjmask))
    # a cell with a single neighbour can only be step 1 or step N (on more than two cells)
    leaf = [n > 2 and m.bit_count() == 1 for m in adjmask]
    if any(leaf[u] and s not in (1, n) for u, s in clue.items()):
        return None
    known = dict(clue)
    par = [parity.get(u, -1) for u in range(n)]
    dist: list[list[int]] = [[] for _ in range(n)]  # filled for the known cells
    # each cell's ranges of possible steps so far: a clue only narrows the steps of the
    # cells in the segment it splits, so a round need not look at segments outside them
    # (on a board in one piece, where each clue reaches every cell)
    whole = n > 0 and min(_distances(adj, 0)) >= 0
    span = [[1, n] if whole else [] for _ in range(n)]
    while True:
        may = [0] * (n + 2)
        new = _domain_round(adj, colour, leaf, par, known, dist, span, may)
        if new is None:
            return None
        if not new:
            return known, may
        known.update(new)


def _domain_round(
    adj: list[list[int]],
    colour: list[int] | None,
    leaf: list[bool],
    par: list[int],
    known: dict[int, int],
    dist: list[list[int]],
    span: list[list[int]],
    may: list[int],
) -> dict[int, int] | None:
    """One round of :func:`step_domains`: fill ``may`` from the clues ``known`` and return
    the clues it implies (empty at the fixed point), or None when it proves no solution."""
    n = len(adj)
    for c in known:
        if not dist[c]:
            dist[c] = _distances(adj, c)
    order = sorted((s, c) for c, s in known.items())
    c0 = _start_colour(colour, order, par)
    if c0 == _CLASH:
        return None
    taken = [False] * (n + 2)
    for s, c in order:
        may[s] = 1 << c
        taken[s] = True
    # the segments between consecutive clues, as parallel lists: (step, cell) of the clue
    # before and after, step 0 or N + 1 and cell -1 where there is none
    seg_a = [0] + [s for s, _ in order]
    cell_a = [-1] + [c for _, c in order]
    seg_b = [s for s, _ in order] + [n + 1]
    cell_b = [c for _, c in order] + [-1]
    diff1 = [0] * (n + 3)
    diff2 = [0] * (n + 3)
    new: dict[int, int] = {}
    for u in range(n):
        if u in known:
            continue
        p = _cell_parity(u, colour, c0, par[u])
        if p == _CLASH:
            return None
        only = _cell_steps(
            u, p, (seg_a, cell_a, seg_b, cell_b), dist, leaf[u], span[u], taken, (may, diff1, diff2)
        )
        if only == 0:
            return None
        if only > 0:
            new[u] = only
    # sum the difference lists: step t gets the cells whose ranges cover it
    acc1 = 0
    acc2 = [0, 0]
    for t in range(1, n + 1):
        acc1 ^= diff1[t]
        acc2[t & 1] ^= diff2[t]
        if not taken[t]:
            may[t] |= acc1 | acc2[t & 1]
    if not _single_cells(n, taken, may, new):
        return None
    if len(set(new.values())) != len(new):
        return None
    return new


#: a parity or colour contradiction (no solution), where the helpers return a colour
_CLASH = -2


def _start_colour(colour: list[int] | None, order: list[tuple[int, int]], par: list[int]) -> int:
    """On a bipartite board, the colour of step 1 that the clues and parities imply (step
    t lands on colour c0 ^ ((t - 1) & 1)); -1 when free, :data:`_CLASH` when they disagree."""
    if colour is None:
        return -1
    c0 = -1
    for s, c in order:
        col = colour[c] ^ ((s - 1) & 1)
        if c0 >= 0 and col != c0:
            return _CLASH
        c0 = col
    for c, p in enumerate(par):
        if p >= 0:
            col = colour[c] ^ (p ^ 1)
            if c0 >= 0 and col != c0:
                return _CLASH
            c0 = col
    return c0


def _cell_parity(u: int, colour: list[int] | None, c0: int, par: int) -> int:
    """Cell u's step parity (1 odd, 0 even, -1 free) from its clue and the colouring."""
    if c0 < 0 or colour is None:
        return par
    cpar = ((colour[u] ^ c0) + 1) & 1  # (t - 1) & 1 == colour ^ c0
    return _CLASH if par >= 0 and par != cpar else cpar


def _cell_steps(
    u: int,
    par: int,
    segments: tuple[list[int], list[int], list[int], list[int]],
    dist: list[list[int]],
    leaf: bool,
    ranges: list[int],
    taken: list[bool],
    marks: tuple[list[int], list[int], list[int]],
) -> int:
    """Mark the steps cell u can take (within each segment's clue distances); its only
    step when there is one, 0 when none, -1 when several.

    ``marks`` = (may, diff1, diff2): a range of steps is marked in O(1) by flipping u's bit
    at its two ends in a difference list (diff2 for ranges of every other step), which
    the caller sums up; single steps go to ``may`` directly. ``ranges`` holds u's ranges
    of steps of the round before (first, last, first, last, …; empty on a board in
    pieces): a segment that meets none of them gives nothing, and it gets this round's.
    """
    seg_a, cell_a, seg_b, cell_b = segments
    may, diff1, diff2 = marks
    n = len(taken) - 2
    count = 0
    only = 0
    bit = 1 << u
    found: list[int] = []
    old = ranges if ranges else [0, n + 1]
    i = 0  # segments before i are done
    for r in range(0, len(old), 2):
        # the segments (seg_a, seg_b) that meet old[r]..old[r + 1]
        i = max(i, bisect_right(seg_b, old[r]))
        while i < len(seg_a) and seg_a[i] < old[r + 1]:
            a = cell_a[i]
            da = dist[a][u] if a >= 0 else 1
            lo = seg_a[i] + da if a >= 0 else 1
            b = cell_b[i]
            db = dist[b][u] if b >= 0 else 1
            hi = seg_b[i] - db if b >= 0 else n
            i += 1
            if lo > hi:
                continue
            stride = 1
            if par >= 0:
                if (lo & 1) != par:
                    lo += 1
                stride = 2
            if leaf or da < 0 or db < 0:
                # one neighbour (an end of the path), or a clue that does not reach u
                # (on a board in pieces): mark step by step, skipping the clues' steps
                for t in (1, n) if leaf else range(lo, hi + 1, stride):
                    if lo <= t <= hi and (t - lo) % stride == 0 and not taken[t]:
                        may[t] |= bit
                        count += 1
                        only = t
                        found += [t, t]
                continue
            # lo..hi lies strictly between two consecutive clues: none of its steps is taken
            if lo > hi:
                continue
            top = hi - (hi - lo) % stride
            if stride == 1:
                diff1[lo] ^= bit
                diff1[top + 1] ^= bit
            else:
                diff2[lo] ^= bit
                diff2[top + 2] ^= bit
            count += (top - lo) // stride + 1
            only = lo
            found += [lo, top]
    if ranges:
        ranges[:] = found
    return only if count == 1 else (0 if count == 0 else -1)


def _single_cells(n: int, taken: list[bool], may: list[int], new: dict[int, int]) -> bool:
    """A step only one cell can take is that cell's (added to ``new``); False when a step
    has no cell or a cell would need two steps."""
    for t in range(1, n + 1):
        if taken[t]:
            continue
        cells = may[t]
        if not cells:
            return False
        if not cells & (cells - 1):
            u = cells.bit_length() - 1
            if new.get(u, t) != t:
                return False
            new[u] = t
    return True


def _layers(src: int, region: int, depth: int, adjmask: list[int]) -> list[int]:
    """BFS layers from ``src`` through ``region``: layer d = cells at distance d (d ≤ depth)."""
    frontier = 1 << src
    layers = [frontier]
    seen = frontier
    for _ in range(depth):
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= adjmask[low.bit_length() - 1]
            f ^= low
        nxt &= region & ~seen
        if not nxt:
            break
        seen |= nxt
        layers.append(nxt)
        frontier = nxt
    return layers


def _connected(adjmask: list[int]) -> bool:
    """Whether the whole graph is one piece."""
    full = (1 << len(adjmask)) - 1
    return sum(_layers(0, full, len(adjmask), adjmask)) == full


def _segment_reach(la: list[int], lb: list[int], length: int) -> int:
    """Cells u with dist(a, u) + dist(u, b) ≤ length, given BFS layers from a and from b."""
    cum: list[int] = []
    acc = 0
    for layer in lb:
        acc |= layer
        cum.append(acc)
    top = len(cum) - 1
    reach = 0
    for d in range(1, min(length, len(la))):
        reach |= la[d] & cum[min(length - d, top)]
    return reach


def _leave(touched: list[int], on_path: list[bool], deg: list[int], dead: int) -> int:
    """The path's end moves on: its unvisited neighbours ``touched`` lose one degree; the
    cells of degree ≤ 1 (which only the last cell may be) added to ``dead``."""
    for u in touched:
        if not on_path[u]:
            deg[u] -= 1
            if deg[u] <= 1:
                dead |= 1 << u
    return dead


def _come_back(touched: list[int], on_path: list[bool], deg: list[int]) -> None:
    """Undo :func:`_leave` on backtracking."""
    for u in touched:
        if not on_path[u]:
            deg[u] += 1


def _reaches_clue(
    v: int, length: int, region: int, cell: int, here: int, adjmask: list[int]
) -> bool:
    """Whether the path's end v can reach the next clue's ``cell`` in ``length`` steps
    through ``region`` (BFS), visiting on the way the cells ``here`` that must come before
    it: they must fit on a walk v → cell of that length."""
    if here and here.bit_count() > length - 1:
        return False
    target = 1 << cell
    reached = 0
    frontier = 1 << v
    layers = [frontier]
    for _ in range(length):
        nxt = 0
        f = frontier
        while f:
            low = f & -f
            nxt |= adjmask[low.bit_length() - 1]
            f ^= low
        nxt &= region & ~reached
        if not nxt:
            break
        if not here and nxt & target:
            return True  # nothing else to check: the rest of the flood is not needed
        reached |= nxt
        frontier = nxt
        layers.append(nxt)
    if not reached & target:
        return False
    if here:
        lt = _layers(cell, region, length - 1, adjmask)
        if here & ~_segment_reach(layers, lt, length):
            return False
    return True


def _path_shaped(
    v: int,
    unv: int,
    adj: list[list[int]],
    timing: tuple[int, list[int], list[tuple[int, int]]],
) -> bool:
    """Can a Hamiltonian path of ``unv ∪ {v}`` start at v, as far as cut vertices tell?

    Tarjan's DFS from v: every unvisited cell must be reached; v must not be a cut vertex
    (the path could never come back); each cut vertex may separate only one part (a path
    passes it once); and the cut vertices must be nested, so the blocks form a chain that
    starts at v's block.

    ``timing`` = (N, cells that may take each step, (cell, step) of the clues to come):
    the path covers everything before a cut vertex before it passes it and never comes
    back, so a cut vertex with s cells behind it is step N − s, which its step set must
    allow, and each clue to come must lie on the right side of it.

    >>> line = [[1], [0, 2], [1, 3], [2]]  # 0 - 1 - 2 - 3, from 0: cell 2 is step 3
    >>> _path_shaped(0, 0b1110, line, (4, [0, 1, 2, 4, 8, 0], [(2, 3)]))
    True
    >>> _path_shaped(0, 0b1110, line, (4, [0, 1, 2, 4, 8, 0], [(2, 4)]))
    False
    >>> tee = [[1], [0, 2, 3], [1], [1]]  # 0 - 1 < 2, 3: cell 1 cuts off two parts
    >>> _path_shaped(0, 0b1110, tee, (4, [0, 1, 14, 14, 14, 0], []))
    False
    """
    region = unv | (1 << v)
    n = len(adj)
    # inside[y] == 49 ("1"): y in the region (made at C speed; bytes index to small ints)
    inside = format(region, f"0{n}b")[::-1].encode()
    disc = [-1] * n
    low = [0] * n
    disc[v] = 0
    # articulation point → (discovery time of its separated child, end of that subtree)
    cuts: list[tuple[int, int, int]] = []
    counter = 1
    # the DFS stack as three lists of small ints (cell, its parent, next neighbour index):
    # no iterator or tuple per cell, which the compiled solver would allocate
    sx, sp, si = [v], [-1], [0]
    root_children = 0
    while sx:
        top = len(sx) - 1
        x, parent, i = sx[top], sp[top], si[top]
        nbrs = adj[x]
        while i < len(nbrs):
            y = nbrs[i]
            i += 1
            if inside[y] != 49 or y == parent:
                continue
            dy = disc[y]
            if dy >= 0:
                if dy < low[x]:
                    low[x] = dy
                continue
            disc[y] = low[y] = counter
            counter += 1
            si[top] = i
            sx.append(y)
            sp.append(x)
            si.append(0)
            break
        else:  # x is finished
            sx.pop()
            sp.pop()
            si.pop()
            if parent < 0:
                continue
            lx = low[x]
            if lx < low[parent]:
                low[parent] = lx
            if parent == v:
                root_children += 1
                if root_children > 1:
                    return False  # v is a cut vertex
            elif lx >= disc[parent]:
                # found inner first (post-order): each part must hold the one found
                # before it, which ended already, so it must have begun inside this one;
                # else two parts hang off the chain (or one cut vertex separates two)
                dx = disc[x]
                if cuts and cuts[-1][1] < dx:
                    return False
                cuts.append((parent, dx, counter))
    if counter != region.bit_count():
        return False
    last, may, future = timing
    for cut, lo, hi in cuts:
        t = last - (hi - lo)  # hi − lo cells behind the cut vertex
        if not (may[t] >> cut) & 1:
            return False
        for u, c in future:
            if u == cut:
                if c != t:
                    return False
            elif (lo <= disc[u] < hi) != (c > t):
                return False  # behind the cut vertex iff after it
    return True


# Refuted states kept per search (≈ 100 bytes each on a 200-cell board).
_FAILED_CAP = 500_000

# First node quota per start (round robin, grows ×4) and the unit of the race's
# quotas (Luby sequence); how far a restart's random tie-breaks may reorder moves. The
# move order's keys are whole numbers (onward neighbours), so below 1 a restart only
# reorders ties: measured better than 2.5 (seeds 3–6: 139–146 s against 160 s).
_START_QUOTA = 500
_RACE_QUOTA = 2000
_JITTER = 1.0

# Nodes a subtree may take before its root's state is probed (``probe``).
_PROBE_AFTER = 300

# The cut-vertex chain (Tarjan) costs a pass over the board: every few steps.
_TARJAN_EVERY = 6


def search(
    adjmask: Sequence[int],
    clue: Mapping[int, int],
    parity: Mapping[int, int],
    limit: int = 2,
    *,
    node_budget: int | None = None,
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solution paths (cell indices) and whether the search finished.

    ``clue`` maps cell → step (1-based), ``parity`` cell → 1 odd / 0 even. With a
    ``node_budget`` the search may stop early (``complete`` False). The path is searched
    from both ends in a race (see ``_race``): which direction is fast depends on where
    the clues sit, and a wrong guess can cost a thousandfold.
    """
    n = len(adjmask)
    if n == 0 or limit <= 0:
        return [], True
    if any(not 1 <= s <= n for s in clue.values()) or len(set(clue.values())) != len(clue):
        return [], True
    # concrete containers from here on: compiled (mypyc), lists and dicts index natively
    return _search_both(list(adjmask), dict(clue), dict(parity), limit, node_budget)


def _search_both(
    adjmask: list[int],
    clue: dict[int, int],
    parity: dict[int, int],
    limit: int,
    node_budget: int | None,
) -> tuple[list[list[int]], bool]:
    n = len(adjmask)
    if not _connected(adjmask):
        return [], True  # the search keeps connectivity, it assumes it at the start
    cases = _directions(adjmask, clue, parity)
    if not cases:
        return [], True
    strategies = [[case] for case in cases]
    steps = set(clue.values())
    if n > 2 and 1 not in steps and n not in steps:
        # a cell with one neighbour can only be step 1 or step N: try both as clues, so
        # each half is one directed search instead of a search from every start
        leaves = [u for u in range(n) if adjmask[u].bit_count() == 1]
        if len(leaves) > 2:
            return [], True  # three cells with one neighbour: no path has three ends
        if leaves and leaves[0] not in cases[0].clue:  # (not already fixed by the domains)
            leaf = leaves[0]
            split: list[_Case] = []
            for step in (1, n):
                if leaf not in parity or parity[leaf] == step & 1:
                    split += _directions(adjmask, {**clue, leaf: step}, parity)[:1]
            strategies.append(split)
    return _race(adjmask, strategies, limit, node_budget)


@dataclass
class _Case:
    """One directed search: its clues (implied ones included) and the cells that may take
    each step (parity clues are in there), both in the direction searched."""

    clue: dict[int, int]
    may: list[int]
    reverse: bool
    failed: set[int] = field(default_factory=set)  # kept from one quota round to the next
    # runs so far: even runs carry on in the first order (seed 0), odd runs restart
    # with a fresh random order; both share the refuted states
    runs: int = 0
    # starts not yet exhausted, with each one's next node quota: kept across runs, so a
    # run carries on with the starts the last one did not reach
    starts: deque[tuple[int, int]] | None = None
    # the search in the other direction: a start refuted here is a last cell ruled out
    # there (its ``may[N]``), which its dead-cell, cut-vertex and forced-edge checks use
    partner: _Case | None = None

    def run(
        self, adjmask: list[int], limit: int, budget: int | None
    ) -> tuple[list[list[int]], bool]:
        seed = 0 if self.runs % 2 == 0 else self.runs
        paths, complete = _search(adjmask, self, limit, budget, seed)
        self.runs += 1
        return ([p[::-1] for p in paths] if self.reverse else paths), complete


def _directions(adjmask: list[int], clue: dict[int, int], parity: dict[int, int]) -> list[_Case]:
    """The search from step 1 and the search from step N, the likelier winner first.

    Empty when the step domains prove there is no solution; one case when there are no
    clues (the two directions then find the same paths reversed). The first is the one
    with less freedom before its first clue.
    """
    n = len(adjmask)
    dom = step_domains(adjmask, clue, parity)
    if dom is None:
        return []
    known, may = dom
    forward = _Case(dict(known), may, False)
    if not known:
        return [forward]
    rmay = [0] * (n + 2)
    for t in range(1, n + 1):
        rmay[n + 1 - t] = may[t]
    backward = _Case({c: n + 1 - s for c, s in known.items()}, rmay, True)
    forward.partner, backward.partner = backward, forward
    lo, hi = min(known.values()), max(known.values())
    return [backward, forward] if lo - 1 > n - hi else [forward, backward]


def _race(
    adjmask: list[int],
    strategies: list[list[_Case]],
    limit: int,
    node_budget: int | None,
) -> tuple[list[list[int]], bool]:
    """Run strategies round robin with growing node quotas until one is exhausted.

    Each strategy's cases together cover every solution, so the answer is final as soon
    as one strategy has exhausted all its cases (or ``limit`` distinct solutions are
    found). Each search is heavy-tailed; with Luby quotas, runs that alternate between
    carrying on and restarting in a fresh order, none costs much more than the fastest
    one, and one that finishes within its first quota costs nothing extra.
    """
    if len(strategies) == 1 and len(strategies[0]) == 1:
        return strategies[0][0].run(adjmask, limit, node_budget)
    if any(not cases for cases in strategies):
        return [], True  # a strategy with no case left proves there is no solution
    pending = [(i, case) for i, cases in enumerate(strategies) for case in cases]
    open_cases = [len(cases) for cases in strategies]
    found: dict[tuple[int, ...], list[int]] = {}
    total = node_budget if node_budget is not None else 1 << 62
    used = 0
    for round_ in itertools.count(1):
        quota = _RACE_QUOTA * _luby(round_)
        left: list[tuple[int, _Case]] = []
        for strategy, case in pending:
            q = min(quota, total - used)
            if q <= 0:
                return list(found.values())[:limit], False
            used += q
            paths, done = case.run(adjmask, limit, q)
            for p in paths:
                found.setdefault(tuple(p), p)
            if len(found) >= limit:
                return list(found.values())[:limit], True
            if done:
                open_cases[strategy] -= 1
                if not open_cases[strategy]:
                    return list(found.values()), True
            else:
                left.append((strategy, case))
        pending = left
    raise AssertionError("unreachable")


def _luby(i: int) -> int:
    """The Luby sequence 1 1 2 1 1 2 4 1 1 2 …: restart lengths within a log factor of
    the best fixed length for any run-time distribution (Luby, Sinclair, Zuckerman 1993).

    >>> [_luby(i) for i in range(1, 16)]
    [1, 1, 2, 1, 1, 2, 4, 1, 1, 2, 1, 1, 2, 4, 8]
    """
    k = i.bit_length()
    if i == (1 << k) - 1:
        return 1 << (k - 1)
    return _luby(i - (1 << (k - 1)) + 1)


def _due(may: list[int], n: int) -> list[int]:
    """due[k]: the cells whose last possible step is ≤ k (unvisited after step k: dead)."""
    last_step = [0] * n
    for t in range(1, n + 1):
        for u in bits(may[t]):
            last_step[u] = t
    due = [0] * (n + 1)
    for u in range(n):
        due[last_step[u]] |= 1 << u
    for k in range(1, n + 1):
        due[k] |= due[k - 1]
    return due


def _next_clue(clue_steps: list[int], n: int) -> list[int]:
    """next[k]: the index in ``clue_steps`` (sorted) of the first clue step after k."""
    out = [len(clue_steps)] * (n + 1)
    j = len(clue_steps)
    for k in range(n, -1, -1):
        while j > 0 and clue_steps[j - 1] > k:
            j -= 1
        out[k] = j
    return out


def _later_clues(clue_steps: list[int], cell_at: list[int]) -> list[int]:
    """later[i]: the cells of the clues after clue_steps[i]."""
    later = [0] * (len(clue_steps) + 1)
    for i in range(len(clue_steps) - 2, -1, -1):
        later[i] = later[i + 1] | 1 << cell_at[clue_steps[i + 1]]
    return later


def _clues_from(clue_steps: list[int], cell_at: list[int]) -> list[list[tuple[int, int]]]:
    """future[i]: (cell, step) of the clues from clue_steps[i] on."""
    return [[(cell_at[c], c) for c in clue_steps[i:]] for i in range(len(clue_steps) + 1)]


def _search(
    adjmask: list[int], case: _Case, limit: int, node_budget: int | None, seed: int
) -> tuple[list[list[int]], bool]:
    """One run of ``case``: depth-first search from its starts, with refuted states.

    ``seed`` 0 orders moves by fewest onward neighbours (Warnsdorff), ties by index;
    another seed perturbs that order at random, so that a restart tries other branches
    first while the refuted states it inherits keep it from repeating work. The case
    keeps the starts not yet exhausted, so its next run carries on with them.

    The subtree below "the path ends at v and covers all but ``unv``" depends on nothing
    else, so once it is exhausted without any complete path, the key ``unv | v << n`` is
    put in ``failed`` and any other prefix reaching the same state is cut at once (a free
    stretch reaches the same state in many orders and from many starts).
    """
    clue, may, failed = case.clue, case.may, case.failed
    n = len(adjmask)
    full = (1 << n) - 1
    adj = [bits(m) for m in adjmask]
    cell_at = [-1] * (n + 2)  # step → cell holding that clue
    for cell, step in clue.items():
        cell_at[step] = cell
    due = _due(may, n)
    clue_steps = sorted(clue.values())
    next_idx = _next_clue(clue_steps, n)
    later = _later_clues(clue_steps, cell_at)
    endmask = may[n]  # the cells that may be last (just the clue cell when N is a clue)
    colour = _two_colouring(adjmask)
    # the cut-vertex pass's clue lists, built only where it runs (boards that are not
    # bipartite): quadratic in the clues, and a Numbrix board's implied clues fill it
    future = _clues_from(clue_steps, cell_at) if colour is None else []
    col1 = 0 if colour is None else sum(1 << i for i, c in enumerate(colour) if c)

    solutions: list[list[int]] = []
    path: list[int] = []
    deg = [0] * n
    on_path = [False] * n  # (the same as a bit test on unv, without a big-int shift)
    seen: set[tuple[int, ...]] = set()
    nodes = [0]  # search nodes used so far
    cap = [0]  # stop (incomplete) when nodes reaches cap
    aborted = [False]
    hits = [0]  # complete paths met, repeats included: a subtree with one never "failed"

    # move order: fewest onward neighbours first; a restart (seed ≠ 0) reorders ties
    jitter = [0.0] * n
    if seed:  # (a generator costs more than a small board's whole search)
        rng = random.Random(seed)
        jitter = [rng.random() * _JITTER for _ in range(n)]
    order = (lambda w: deg[w] + jitter[w]) if seed else deg.__getitem__

    def feasible(v: int, k: int, unv: int, dead: int) -> bool:
        """After stepping onto v at step k with ``unv`` unvisited: can this still finish?"""
        if unv & due[k]:
            return False
        if dead:
            if dead & (dead - 1):
                return False
            if not dead & endmask:  # it can only be the last cell
                return False
            d = dead.bit_length() - 1
            if not (adjmask[d] & unv) and unv != dead:
                return False
        if colour is not None:
            ones = (unv & col1).bit_count()
            zeros = unv.bit_count() - ones
            # the walk over unv starts on the colour opposite to v and alternates
            diff = (zeros - ones) if colour[v] else (ones - zeros)
            if diff not in (0, 1):
                return False
        # connectivity: removing v from the unvisited region can only split it when v
        # has several unvisited neighbours; grow from one until it meets all the others
        nb = adjmask[v] & unv
        if not nb:
            return False
        if nb & (nb - 1):
            low = nb & -nb
            reached = low
            frontier = low
            while frontier and (nb & ~reached):
                nxt = 0
                f = frontier
                while f:
                    low = f & -f
                    nxt |= adjmask[low.bit_length() - 1]
                    f ^= low
                nxt &= unv & ~reached
                reached |= nxt
                frontier = nxt
            if nb & ~reached:
                return False
        ni = next_idx[k]
        if (
            colour is None
            and k % _TARJAN_EVERY == 0
            and not _path_shaped(v, unv, adj, (n, may, future[ni]))
        ):
            return False
        if ni >= len(clue_steps):
            return True
        c = clue_steps[ni]
        # a clue cell after c cannot come before it
        return _reaches_clue(v, c - k, unv & ~later[ni], cell_at[c], unv & due[c - 1], adjmask)

    def dfs(v: int, k: int, unv: int, dead: int, links: Links) -> bool:
        """v is the end at step k. Returns True to stop the whole search."""
        if not unv:
            hits[0] += 1
            key = tuple(path)
            if key not in seen:  # a start searched again with a larger quota
                seen.add(key)
                solutions.append(list(path))
            return len(solutions) >= limit
        nodes[0] += 1
        tick()  # the caller's work budget (core.budget)
        if nodes[0] >= cap[0]:
            aborted[0] = True
            return True
        hits_before = hits[0]
        probe_at = nodes[0] + _PROBE_AFTER
        nk = k + 1
        prev = path[-2] if k > 1 else v  # (v itself at the start: never a neighbour)
        ahead = links.forced_cells(v) & ~(1 << prev)
        # (a forced cell is usable: the list of usable ones is needed only without one)
        usable = ahead or links.avail_cells(v)
        cands = bits(usable & unv & may[nk])
        if not ahead and len(cands) > 1:
            cands.sort(key=order)
        touched = adj[v]
        for w in cands:
            if not (usable >> w) & 1:
                continue  # dropped by probing
            bw = 1 << w
            nunv = unv & ~bw
            on_path[w] = True
            ndead = _leave(touched, on_path, deg, dead & ~bw)
            stop = False
            if not nunv:
                path.append(w)
                stop = dfs(w, nk, nunv, ndead, links)
                path.pop()
            elif nunv | (w << n) not in failed and feasible(w, nk, nunv, ndead):
                child = extend(links, v, w)
                # (an edge already forced changes nothing: the parent's fits covered it)
                if child is links or (child is not None and fits(child, v, w, nk, may, clue)):
                    path.append(w)
                    stop = dfs(w, nk, nunv, ndead, child)
                    path.pop()
            _come_back(touched, on_path, deg)
            on_path[w] = False
            if stop:
                return True
            if nodes[0] > probe_at:
                # a large subtree: probing may refute the rest of it at once
                probe_at = 1 << 62
                probed = probe(links, prev, v, k, may, clue)
                if probed is None:
                    break
                links = probed
                usable = links.avail_cells(v)
        if hits[0] == hits_before and len(failed) < _FAILED_CAP:
            failed.add(unv | (v << n))
        return False

    base_deg = [mask.bit_count() for mask in adjmask]

    def run(s: int) -> bool:
        """Search every path from start s (until cap). True when s was exhausted."""
        aborted[0] = False
        unv = full & ~(1 << s)
        deg[:] = base_deg  # every other cell is unvisited or the end
        dead = 0
        for u in range(n):
            if u != s and deg[u] <= 1:
                dead |= 1 << u
        if unv and not feasible(s, 1, unv, dead):
            return True
        links = start(adjmask, s, endmask)
        if links is None or not fits(links, s, s, 1, may, clue):
            return True
        path.append(s)
        on_path[s] = True
        dfs(s, 1, unv, dead, links)
        on_path[s] = False
        path.pop()
        return not aborted[0]

    total = node_budget if node_budget is not None else 1 << 62
    if case.starts is None:
        first = sorted(bits(may[1]), key=base_deg.__getitem__)
        # several possible starts: round robin with growing quotas, so that one start
        # whose refutation is long does not hide easy solutions from the others
        quota = _START_QUOTA if len(first) > 1 else 1 << 62
        case.starts = deque((s, quota) for s in first)
    starts = case.starts
    while starts:
        if nodes[0] >= total:
            return solutions, False
        s, quota = starts[0]
        cap[0] = min(total, nodes[0] + quota)
        hits_before = hits[0]
        done = run(s)
        if done and hits[0] == hits_before and case.partner is not None:
            # no path starts at s, so no path of the other direction ends there (this
            # direction never starts at s again: it leaves the round robin below)
            case.partner.may[n] &= ~(1 << s)
        if len(solutions) >= limit:
            return solutions, True
        starts.popleft()
        if not done:
            if cap[0] == total:  # this run's budget ran out: carry on with s next time
                starts.appendleft((s, quota))
                return solutions, False
            starts.append((s, quota * 4))
    return solutions, True
