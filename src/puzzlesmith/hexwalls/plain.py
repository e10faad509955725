"""The plain depth-first Hex Walls search: the reference issue #39 measures the solver against.

It is the simplest correct solver, kept as a yardstick and an oracle, so it shares
nothing with :mod:`puzzlesmith.hexwalls.solver` but the geometry helpers: it reads the
level itself (hexes, static walls, each turner's edge via :meth:`Turner.edge_after`),
builds one neighbour list per turner phase, and walks the path cell by cell with no
pruning beyond the rules (an unvisited neighbour, open at this step, that the clues
allow). Neighbours are tried in cell order and the starts in cell order, as the solver
does, so both find the same first solutions when they stop at a limit.

>>> from puzzlesmith.hexwalls.board import parse_level
>>> lv = parse_level({"id": "t", "cells": [
...     {"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}]})[0]
>>> solve_plain(lv, 5)
(2, True, [['0,0', '1,0', '0,1'], ['0,0', '0,1', '1,0']])
"""

from __future__ import annotations

from puzzlesmith.hexwalls.board import Level, edge, neighbours


def solve_plain(level: Level, limit: int = 2) -> tuple[int, bool, list[list[str]]]:
    """``(count, complete, solutions)`` up to ``limit``, as :func:`solver.solve` answers."""
    if limit < 1:
        raise ValueError("limit must be at least 1")
    cells = level.cells
    n = len(cells)
    at = {c.hex: i for i, c in enumerate(cells)}
    walls = set(level.walls)
    # moves[p][i]: the cells reachable from i in one step after k landings, k % 3 == p
    moves: list[list[list[int]]] = []
    for p in range(3):
        turned = {t.edge_after(p) for t in level.turners}
        moves.append(
            [
                sorted(
                    at[g]
                    for g in neighbours(c.hex)
                    if g in at and edge(c.hex, g) not in walls and edge(c.hex, g) not in turned
                )
                for c in cells
            ]
        )
    step_cell = {c.clue: i for i, c in enumerate(cells) if c.clue is not None}
    clued = [c.clue is not None for c in cells]
    visited = [False] * n
    path: list[int] = []
    found: list[list[int]] = []

    def dfs(cur: int) -> bool:
        """Extend the path from ``cur``; True once ``limit`` solutions are found."""
        k = len(path)
        if k == n:
            found.append(list(path))
            return len(found) >= limit
        want = step_cell.get(k + 1)
        for j in moves[k % 3][cur]:
            if visited[j] or (j != want if want is not None else clued[j]):
                continue
            visited[j] = True
            path.append(j)
            done = dfs(j)
            path.pop()
            visited[j] = False
            if done:
                return True
        return False

    first = step_cell.get(1)
    starts = [first] if first is not None else [i for i in range(n) if not clued[i]]
    stopped = False
    for s in starts:
        visited[s] = True
        path.append(s)
        stopped = dfs(s)
        path.pop()
        visited[s] = False
        if stopped:
            break
    sols = [[cells[i].id for i in p] for p in found]
    return len(sols), not stopped, sols
