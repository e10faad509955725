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
from puzzlesmith.cows.board import Board, Level, board_of, geometry


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


def solutions_of_regions(n: int, owner: list[int], limit: int) -> list[list[int]]:
    """The first ``limit`` solutions of the board whose cell ``i`` lies in region
    ``owner[i]`` (regions 0..n-1): exactly what :func:`solve_board` returns, in its order.

    The generator's uniqueness loop asks this thousands of times per board. It builds only
    the 3N house masks (rows and columns are the size's, cached; the regions are one pass
    over ``owner``) and reads a cell's attack as its row, column and 8 neighbours (cached)
    and its region, instead of building a :class:`Board` per question.

    >>> solutions_of_regions(4, [0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], 5)
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    """
    rows, cols, near = geometry(n)
    units = [*rows, *cols, *([0] * n)]
    for i in range(n * n):
        units[2 * n + owner[i]] |= 1 << i
    s = _Regions(n, owner, units, near, limit)
    s.run((1 << (n * n)) - 1, (1 << (3 * n)) - 1, [])
    return s.found[:limit]


class _Regions:
    """:class:`_Search` over house masks: the same nodes in the same order, so the same
    solutions; a cow on ``i`` removes ``near[i]`` (row, column, neighbours, itself) and its
    region's mask."""

    def __init__(
        self, n: int, owner: list[int], units: list[int], near: tuple[int, ...], limit: int
    ) -> None:
        self.n = n
        self.owner = owner
        self.units = units
        self.near = near
        self.limit = limit
        self.found: list[list[int]] = []

    def run(self, free: int, open_units: int, cows: list[int]) -> None:
        n = self.n
        units, near, owner = self.units, self.near, self.owner
        cows = list(cows)
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
            g = 2 * n + owner[forced]
            free &= ~(near[forced] | units[g])
            open_units &= ~((1 << (forced // n)) | (1 << (n + forced % n)) | (1 << g))
            cows.append(forced)
        if not open_units:
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
            g = 2 * n + owner[i]
            cows.append(i)
            self.run(
                free & ~(near[i] | units[g]),
                open_units & ~((1 << (i // n)) | (1 << (n + i % n)) | (1 << g)),
                cows,
            )
            cows.pop()
            if len(self.found) >= self.limit:
                return
            free &= ~low  # the other branches do not use this cell


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
