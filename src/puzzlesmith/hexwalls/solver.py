"""Exact Hex Walls solver: depth-first Hamiltonian paths over bitmasks, counting to a limit.

Turning walls make the graph depend on time, but only through the step number:
the move k → k+1 uses ``board.phasemask[k % 3]``. The pruning (connectivity,
dead ends, distance to the next clue) uses ``openmask`` — static walls only —
which contains every phase's graph, so it never cuts a real solution.

Most boards are small (the shipped levels have 5–17 hexes) and a search there visits
tens of nodes, so the fixed cost per call and per node decides the speed, not the
pruning (issue #39: a plain depth-first search was faster on 37 small boards). Hence:
the tables a node reads are built once per call, indexed by step (the allowed cells
and the phase's moves, so a node does no clue or phase arithmetic); the clue distances
are breadth-first searches from the clued cells only (0–3 on a typical board, instead of
all pairs); and the connectivity and dead-end pruning runs only while more than
:data:`PRUNE_ABOVE` cells remain, because below that the subtree it could cut is
smaller than the flood fill that would cut it (measured: benchmarks/hex_small.py).
The pruning only cuts subtrees without a solution, so the solutions and their order
(neighbours by cell index, starts by cell index) are what the plain search finds.

>>> from puzzlesmith.hexwalls.board import parse_level, board_of
>>> lv = parse_level({"id": "t", "cells": [
...     {"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}]})[0]
>>> r = solve(board_of(lv), 5)
>>> r.count, r.complete, r.solutions
(2, True, [['0,0', '1,0', '0,1'], ['0,0', '0,1', '1,0']])
"""

from __future__ import annotations

from puzzlesmith.core.budget import tick
from puzzlesmith.core.mode import SolveResult
from puzzlesmith.hexwalls.board import Board

#: prune (flood fill and dead ends) only while more than this many cells remain unvisited
PRUNE_ABOVE = 7


def distances_from(masks: tuple[int, ...], src: int) -> list[int]:
    """Shortest path lengths from ``src`` over a bitmask graph (unreachable = a large number).

    >>> distances_from((0b010, 0b101, 0b010), 0)
    [0, 1, 2]
    """
    n = len(masks)
    far = n * 4 + 8
    d = [far] * n
    d[src] = 0
    layer = 1 << src
    seen = layer
    step = 0
    while layer:  # layer by layer over bitmasks: one union per cell, no queue
        step += 1
        nb = 0
        while layer:
            low = layer & -layer
            layer ^= low
            nb |= masks[low.bit_length() - 1]
        layer = nb & ~seen
        seen |= layer
        m = layer
        while m:
            low = m & -m
            m ^= low
            d[low.bit_length() - 1] = step
    return d


def _hopeless(cur: int, rem: int, om: tuple[int, ...]) -> bool:
    """No Hamiltonian path of ``rem`` can start next to ``cur``: some cell is out of reach
    through unvisited cells, has no way in, or two cells have one way in (both would end)."""
    reach = 1 << cur
    frontier = reach
    while frontier:
        nb = 0
        while frontier:
            low = frontier & -frontier
            frontier ^= low
            nb |= om[low.bit_length() - 1]
        frontier = nb & rem & ~reach
        reach |= frontier
    if reach & rem != rem:
        return True
    live = rem | (1 << cur)
    ends = 0
    m = rem
    while m:
        low = m & -m
        m ^= low
        deg = (om[low.bit_length() - 1] & live).bit_count()
        if deg <= 1:
            if deg == 0 or ends:
                return True
            ends = 1
    return False


class _Search:
    """One call's tables and state (attributes, not closures: cheaper to reach per node)."""

    def __init__(self, board: Board, limit: int) -> None:
        n = board.n
        self.n = n
        self.limit = limit
        self.om = board.openmask
        self.full = (1 << n) - 1
        step_cell = [-1] * (n + 2)
        for s, i in board.step_cell.items():
            if 0 < s <= n:
                step_cell[s] = i
        self.step_cell = step_cell
        clued = 0
        for i in board.clue:
            clued |= 1 << i
        self.clued = clued
        #: allow[k]: the cells that may be step k + 1 (the clued cell, or any unclued one)
        self.allow = [
            (1 << step_cell[k + 1]) if step_cell[k + 1] >= 0 else self.full & ~clued
            for k in range(n)
        ]
        phases = board.phasemask
        #: moves[k]: each cell's open moves after k landings
        self.moves = [phases[k % 3] for k in range(n)]
        #: goal[k]: the next clue strictly after step k, as (its step, distances to it), or None
        goal: list[tuple[int, list[int]] | None] = [None] * (n + 1)
        upcoming: tuple[int, list[int]] | None = None
        for k in range(n, 0, -1):
            goal[k] = upcoming
            if step_cell[k] >= 0 and k >= 2:
                upcoming = (k, distances_from(self.om, step_cell[k]))
        self.goal = goal
        self.path: list[int] = []
        self.found: list[list[int]] = []
        self.stopped = False

    def dfs(self, cur: int, visited: int, k: int) -> None:
        tick()  # the caller's work budget (core.budget)
        n = self.n
        if k == n:
            self.found.append(list(self.path))
            if len(self.found) >= self.limit:
                self.stopped = True
            return
        g = self.goal[k]
        if g is not None and g[1][cur] > g[0] - k:
            return
        if n - k > PRUNE_ABOVE and _hopeless(cur, self.full & ~visited, self.om):
            return
        cand = self.moves[k][cur] & self.allow[k] & ~visited
        path = self.path
        while cand:
            low = cand & -cand
            cand ^= low
            j = low.bit_length() - 1
            path.append(j)
            self.dfs(j, visited | low, k + 1)
            path.pop()
            if self.stopped:
                return


def solve(board: Board, limit: int = 2) -> SolveResult:
    """Solutions (cell ids in path order) up to ``limit``; ``complete`` when the search ended."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    s = _Search(board, limit)
    n = s.n
    first = s.step_cell[1]
    starts = [first] if first >= 0 else [i for i in range(n) if not s.clued >> i & 1]
    for i in starts:
        s.path.append(i)
        s.dfs(i, 1 << i, 1)
        s.path.pop()
        if s.stopped:
            break
    sols = [[board.ids[i] for i in p] for p in s.found]
    return SolveResult(count=len(sols), complete=not s.stopped, solutions=sols)


def count(board: Board, limit: int = 2) -> int:
    """How many solutions, up to ``limit``."""
    return solve(board, limit).count
