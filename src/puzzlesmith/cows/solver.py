"""Exact solution counting with bitmasks (seed 002 §2.2, done properly).

Candidates are one int bitmask over the N² cells. A cow removes its ``attack`` mask
(row, column, region, 8 neighbours). Each node first places every forced cow (a
row, column or region with a single candidate), then branches on the open house
with the fewest candidates — the most-constrained-first rule that makes the search
tiny on real puzzles. A house with no candidate left ends the branch.

>>> from puzzlesmith.cows.board import parse_level
>>> lv = parse_level({"id": "t", "regions": ["AABB", "ACBB", "CCDD", "CCDD"]})[0]
>>> r = solve(lv, 5)
>>> r.count, r.complete, r.solutions
(2, True, [[1, 3, 0, 2], [2, 0, 3, 1]])
"""

from __future__ import annotations

from puzzlesmith.core.budget import tick
from puzzlesmith.core.mode import SolveResult
from puzzlesmith.cows.board import Board, Level, board_of


class _Search:
    def __init__(self, board: Board, limit: int) -> None:
        self.b = board
        self.limit = limit
        self.found: list[list[int]] = []
        self.nodes = 0

    def run(self, free: int, open_units: int, cows: list[int]) -> None:
        b = self.b
        units, attack, houses = b.units, b.attack, b.houses
        cows = list(cows)
        self.nodes += 1
        tick()  # the caller's work budget (core.budget)
        while True:
            best_u = -1
            best_k = 1 << 30
            forced = -1
            ou = open_units
            while ou:
                low = ou & -ou
                u = low.bit_length() - 1
                ou ^= low
                m = units[u] & free
                if not m:
                    return
                k = m.bit_count()
                if k == 1:
                    forced = m.bit_length() - 1
                    break
                if k < best_k:
                    best_k, best_u = k, u
            if forced < 0:
                break
            free &= ~attack[forced] & ~(1 << forced)
            r, c, g = houses[forced]
            open_units &= ~((1 << r) | (1 << c) | (1 << g))
            cows.append(forced)
        if not open_units:
            n = b.n
            cols = [0] * n
            for i in cows:
                cols[i // n] = i % n
            self.found.append(cols)
            return
        m = units[best_u] & free
        while m:
            low = m & -m
            i = low.bit_length() - 1
            m ^= low
            r, c, g = houses[i]
            cows.append(i)
            self.run(
                free & ~attack[i] & ~low,
                open_units & ~((1 << r) | (1 << c) | (1 << g)),
                cows,
            )
            cows.pop()
            if len(self.found) >= self.limit:
                return
            free &= ~low  # the other branches do not use this cell


def solve_board(board: Board, limit: int = 2) -> SolveResult:
    """Solutions (one column per row, row order) up to ``limit``."""
    s = _Search(board, limit)
    s.run(board.full, (1 << (3 * board.n)) - 1, [])
    complete = len(s.found) < limit
    return SolveResult(count=len(s.found), complete=complete, solutions=s.found[:limit])


def solve(level: Level, limit: int = 2) -> SolveResult:
    return solve_board(board_of(level), limit)


def solve_rows_plain(level: Level, limit: int = 2) -> int:
    """The baseline the benchmark compares against: row by row, bitmasks, no ordering.

    >>> from puzzlesmith.cows.board import parse_level
    >>> solve_rows_plain(parse_level({"id": "t", "regions": ["AABB", "ACBB", "CCDD", "CCDD"]})[0], 5)
    2
    """
    b = board_of(level)
    n = b.n
    reg = b.region_of
    count = 0

    def rec(r: int, cols: int, regs: int, prev: int) -> None:
        nonlocal count
        if r == n:
            count += 1
            return
        for c in range(n):
            if cols >> c & 1 or (prev >= 0 and abs(c - prev) <= 1):
                continue
            g = reg[r * n + c]
            if regs >> g & 1:
                continue
            rec(r + 1, cols | 1 << c, regs | 1 << g, c)
            if count >= limit:
                return

    rec(0, 0, 0, -1)
    return min(count, limit)
