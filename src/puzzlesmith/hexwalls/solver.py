"""Exact Hex Walls solver: depth-first Hamiltonian paths over bitmasks, counting to a limit.

Turning walls make the graph depend on time, but only through the step number:
the move k → k+1 uses ``board.phasemask[k % 3]``. The pruning (connectivity,
dead ends, distance to the next clue) uses ``openmask`` — static walls only —
which contains every phase's graph, so it never cuts a real solution.

>>> from puzzlesmith.hexwalls.board import parse_level, board_of
>>> lv = parse_level({"id": "t", "cells": [
...     {"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}]})[0]
>>> r = solve(board_of(lv), 5)
>>> r.count, r.complete, r.solutions
(2, True, [['0,0', '1,0', '0,1'], ['0,0', '0,1', '1,0']])
"""

from __future__ import annotations

from collections import deque

from puzzlesmith.core.budget import tick
from puzzlesmith.core.mode import SolveResult
from puzzlesmith.hexwalls.board import Board


def distances(masks: tuple[int, ...]) -> list[list[int]]:
    """All-pairs shortest path lengths over a bitmask graph (unreachable = a large number)."""
    n = len(masks)
    far = n * 4 + 8
    out: list[list[int]] = []
    for s in range(n):
        d = [far] * n
        d[s] = 0
        q = deque([s])
        while q:
            i = q.popleft()
            m = masks[i]
            while m:
                low = m & -m
                j = low.bit_length() - 1
                m ^= low
                if d[j] == far:
                    d[j] = d[i] + 1
                    q.append(j)
        out.append(d)
    return out


def solve(board: Board, limit: int = 2) -> SolveResult:
    """Solutions (cell ids in path order) up to ``limit``; ``complete`` when the search ended."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    n = board.n
    full = (1 << n) - 1
    pm = board.phasemask
    om = board.openmask
    step_cell = [-1] * (n + 2)
    for s, i in board.step_cell.items():
        step_cell[s] = i
    clued = sum(1 << i for i in board.clue)
    # next clue strictly after step k: (step, cell), or (0, -1)
    nxt: list[tuple[int, int]] = [(0, -1)] * (n + 1)
    upcoming = (0, -1)
    for k in range(n, -1, -1):
        nxt[k] = upcoming
        if step_cell[k] >= 0 and k >= 1:
            upcoming = (k, step_cell[k])
    dist = distances(om)
    found: list[list[int]] = []
    path: list[int] = []
    stopped = False

    def hopeless(cur: int, visited: int, k: int) -> bool:
        rem = full & ~visited
        if not rem:
            return False
        c, x = nxt[k]
        if x >= 0 and dist[cur][x] > c - k:
            return True
        # every unvisited cell must be reachable from the end through unvisited cells
        reach = 1 << cur
        frontier = reach
        while frontier:
            nb = 0
            f = frontier
            while f:
                low = f & -f
                f ^= low
                nb |= om[low.bit_length() - 1]
            nb &= rem & ~reach
            reach |= nb
            frontier = nb
        if reach & rem != rem:
            return True
        # a cell with one way in must be the last; two such cells cannot both be
        live = rem | (1 << cur)
        ends = 0
        m = rem
        while m:
            low = m & -m
            m ^= low
            deg = (om[low.bit_length() - 1] & live).bit_count()
            if deg <= 1:
                if deg == 0:
                    return True
                ends += 1
                if ends > 1:
                    return True
        return False

    def dfs(cur: int, visited: int, k: int) -> None:
        nonlocal stopped
        tick()  # the caller's work budget (core.budget)
        if k == n:
            found.append(list(path))
            if len(found) >= limit:
                stopped = True
            return
        if hopeless(cur, visited, k):
            return
        cand = pm[k % 3][cur] & ~visited
        sc = step_cell[k + 1]
        cand = cand & (1 << sc) if sc >= 0 else cand & ~clued
        while cand and not stopped:
            low = cand & -cand
            cand ^= low
            j = low.bit_length() - 1
            path.append(j)
            dfs(j, visited | low, k + 1)
            path.pop()

    starts = [step_cell[1]] if step_cell[1] >= 0 else [i for i in range(n) if not clued >> i & 1]
    for s in starts:
        if stopped:
            break
        path.append(s)
        dfs(s, 1 << s, 1)
        path.pop()
    sols = [[board.ids[i] for i in p] for p in found]
    return SolveResult(count=len(sols), complete=not stopped, solutions=sols)


def count(board: Board, limit: int = 2) -> int:
    """How many solutions, up to ``limit``."""
    return solve(board, limit).count
