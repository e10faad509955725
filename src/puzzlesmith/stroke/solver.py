"""Exact Number Stroke solver: counts Hamiltonian paths that honour number and parity clues.

A depth-first search over bitmasks (bit i = cell i). ``count == 1`` is a proof: the
search for a second solution ran to the end. Pruning, each checked after every step:

* the unvisited cells stay connected to the path's end (one BFS from the end, which
  also gives graph distances inside the unvisited region);
* every future clue ``c`` is reachable from the end within ``c - step`` moves;
* at most one unvisited cell has degree ≤ 1 (counting the end as a neighbour): such a
  cell can only be the last one, so it must agree with clue ``N`` and its parity;
* a step never lands on a clue cell of another step, nor on a parity cell of the
  wrong parity;
* on bipartite boards (all plain square grids) the two colours must alternate: the
  start colour is fixed by every clue, and the unvisited cells must hold as many cells
  of each colour as an alternating walk can cover.

>>> from puzzlesmith.stroke.board import parse_level, board_of
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
...     {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
...     {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1}]})[0]
>>> solve(board_of(lv)).contract("t")
{'level': 't', 'count': 1, 'complete': True, 'solutions': [['a', 'b', 'c']]}
"""

from __future__ import annotations

from collections.abc import Mapping

from puzzlesmith.core.mode import SolveResult
from puzzlesmith.stroke.board import Board


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


def _bits(mask: int) -> list[int]:
    out: list[int] = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def _two_colouring(adjmask: tuple[int, ...] | list[int]) -> list[int] | None:
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
            for j in _bits(adjmask[i]):
                if colour[j] < 0:
                    colour[j] = colour[i] ^ 1
                    stack.append(j)
                elif colour[j] == colour[i]:
                    return None
    return colour


def search(
    adjmask: tuple[int, ...] | list[int],
    clue: Mapping[int, int],
    parity: Mapping[int, int],
    limit: int = 2,
    *,
    node_budget: int | None = None,
) -> tuple[list[list[int]], bool]:
    """Up to ``limit`` solution paths (cell indices) and whether the search finished.

    ``clue`` maps cell → step (1-based), ``parity`` cell → 1 odd / 0 even. With a
    ``node_budget`` the search may stop early (``complete`` False).
    """
    n = len(adjmask)
    if n == 0 or limit <= 0:
        return [], n == 0 or limit <= 0
    full = (1 << n) - 1
    adj = [_bits(m) for m in adjmask]
    cell_at = [-1] * (n + 2)  # step → cell holding that clue
    for cell, step in clue.items():
        if not 1 <= step <= n:
            return [], True
        cell_at[step] = cell
    clue_mask = 0
    for cell in clue:
        clue_mask |= 1 << cell
    # parity masks: cells that may take an odd step / an even step
    no_odd = no_even = 0
    for cell, p in parity.items():
        if p == 1:
            no_even |= 1 << cell
        else:
            no_odd |= 1 << cell
    # allowed[k & 1] = cells that a plain (non-clue) step k may enter
    allowed = (full & ~clue_mask & ~no_even, full & ~clue_mask & ~no_odd)
    clue_steps = sorted(clue.values())
    last_clue_cell = cell_at[n]
    colour = _two_colouring(adjmask)
    col1 = 0
    if colour is not None:
        for i, c in enumerate(colour):
            if c:
                col1 |= 1 << i

    solutions: list[list[int]] = []
    path: list[int] = []
    deg = [0] * n
    budget = [node_budget if node_budget is not None else -1]
    aborted = [False]

    def final_ok(d: int) -> bool:
        """May cell d be the last cell (step n)?"""
        if d in clue:
            return clue[d] == n
        if last_clue_cell >= 0:
            return False
        p = parity.get(d)
        return p is None or p == (n & 1)

    def feasible(v: int, k: int, unv: int, dead: int) -> bool:
        """After stepping onto v at step k with ``unv`` unvisited: can this still finish?"""
        if dead:
            if dead & (dead - 1):
                return False
            d = dead.bit_length() - 1
            if not final_ok(d):
                return False
            if not (adjmask[d] & unv) and unv != dead:
                return False
        if colour is not None:
            ones = (unv & col1).bit_count()
            zeros = unv.bit_count() - ones
            # the walk over unv starts on the colour opposite to v and alternates
            diff = (zeros - ones) if colour[v] else (ones - zeros)
            if diff not in (0, 1):
                return False
        # BFS from v through unv: connectivity and clue distances
        pending = [s for s in clue_steps if s > k]
        pi = 0
        reached = 0
        frontier = 1 << v
        depth = 0
        while frontier:
            depth += 1
            # the next pending clue must be reached within s - k moves
            while pi < len(pending) and pending[pi] - k < depth:
                if not (reached >> cell_at[pending[pi]]) & 1:
                    return False
                pi += 1
            nxt = 0
            f = frontier
            while f:
                low = f & -f
                nxt |= adjmask[low.bit_length() - 1]
                f ^= low
            nxt &= unv & ~reached
            reached |= nxt
            frontier = nxt
        if reached != unv:
            return False
        while pi < len(pending):
            s = pending[pi]
            if not (reached >> cell_at[s]) & 1:
                return False
            pi += 1
        return True

    def dfs(v: int, k: int, unv: int, dead: int) -> bool:
        """v is the end at step k. Returns True to stop the whole search."""
        if not unv:
            solutions.append(list(path))
            return len(solutions) >= limit
        if budget[0] >= 0:
            budget[0] -= 1
            if budget[0] < 0:
                aborted[0] = True
                return True
        nk = k + 1
        forced = cell_at[nk]
        if forced >= 0:
            cands = [forced] if (adjmask[v] >> forced) & 1 and (unv >> forced) & 1 else []
        else:
            cands = _bits(adjmask[v] & unv & allowed[nk & 1])
            if len(cands) > 1:
                cands.sort(key=deg.__getitem__)
        for w in cands:
            bw = 1 << w
            nunv = unv & ~bw
            # v stops being the end: its unvisited neighbours lose one degree
            touched = adj[v]
            ndead = dead & ~bw
            for u in touched:
                if (nunv >> u) & 1:
                    deg[u] -= 1
                    if deg[u] <= 1:
                        ndead |= 1 << u
            if not nunv or feasible(w, nk, nunv, ndead):
                path.append(w)
                stop = dfs(w, nk, nunv, ndead)
                path.pop()
            else:
                stop = False
            for u in touched:
                if (nunv >> u) & 1:
                    deg[u] += 1
            if stop:
                return True
        return False

    starts = [cell_at[1]] if cell_at[1] >= 0 else _bits(allowed[1])
    if colour is not None:
        # step s lands on colour start ^ ((s - 1) & 1): clues and parities fix the start colour
        need: set[int] = set()
        for cell, s in clue.items():
            need.add(colour[cell] ^ ((s - 1) & 1))
        for cell, p in parity.items():
            need.add(colour[cell] ^ (p ^ 1))
        if len(need) > 1:
            return [], True
        if need:
            c0 = need.pop()
            starts = [s for s in starts if colour[s] == c0]
    base_deg = [m.bit_count() for m in adjmask]
    starts.sort(key=base_deg.__getitem__)
    for s in starts:
        unv = full & ~(1 << s)
        for u in range(n):
            deg[u] = base_deg[u]  # every other cell is unvisited or the end
        dead = 0
        for u in range(n):
            if u != s and deg[u] <= 1:
                dead |= 1 << u
        if unv and not feasible(s, 1, unv, dead):
            continue
        path.append(s)
        stop = dfs(s, 1, unv, dead)
        path.pop()
        if stop:
            break
    return solutions, not aborted[0]
