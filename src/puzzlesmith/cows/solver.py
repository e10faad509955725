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


def solutions_of_regions(n: int, owner: list[int], limit: int) -> list[list[int]]:
    """The first ``limit`` solutions of the board whose cell ``i`` lies in region
    ``owner[i]`` (regions 0..n-1): exactly what :func:`solve_board` returns, in its order.

    The generator's uniqueness loop asks this thousands of times per board, so it builds
    no :class:`Board` and keeps no N²-bit masks: the free cells are one N-bit mask per row
    (machine-sized ints when compiled, where a 144-bit mask is a heap object per
    operation), and a house's free cells are counted from the rows. The search is
    :class:`_Search`'s, node for node: the same houses looked at in the same order, the
    same forced cows, the same branching house and cells, so the same solutions.

    >>> solutions_of_regions(4, [0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3], 5)
    [[1, 3, 0, 2], [2, 0, 3, 1]]
    """
    reg = [[0] * n for _ in range(n)]
    for i in range(n * n):
        reg[owner[i]][i // n] |= 1 << (i % n)
    rows_of = [[r for r in range(n) if reg[g][r]] for g in range(n)]
    s = _RowSearch(n, owner, reg, rows_of, limit)
    s.run([(1 << n) - 1] * n, (1 << (3 * n)) - 1, [])
    return s.found[:limit]


def _ones(m: int) -> int:
    """Set bits of a small mask (a row's free cells)."""
    k = 0
    while m:
        m &= m - 1
        k += 1
    return k


class _RowSearch:
    """:class:`_Search` on row masks: ``free[r]`` holds row r's free columns. Houses are
    numbered as there: rows 0..N-1, columns N..2N-1, regions 2N..3N-1."""

    def __init__(
        self, n: int, owner: list[int], reg: list[list[int]], rows_of: list[list[int]], limit: int
    ) -> None:
        self.n = n
        self.owner = owner
        self.reg = reg
        self.rows_of = rows_of
        self.limit = limit
        self.found: list[list[int]] = []

    def place(self, free: list[int], i: int) -> None:
        """A cow on cell ``i``: its row, column, region and 8 neighbours are no longer free."""
        n = self.n
        r = i // n
        c = i % n
        rg = self.reg[self.owner[i]]
        col = 1 << c
        for rr in range(n):
            free[rr] &= ~(col | rg[rr])
        free[r] = 0
        near = (7 << c) >> 1  # columns c-1, c, c+1
        if r > 0:
            free[r - 1] &= ~near
        if r < n - 1:
            free[r + 1] &= ~near

    def count(self, free: list[int], u: int) -> tuple[int, int]:
        """(free cells of house ``u``, the highest of them; -1 when none)."""
        n = self.n
        if u < n:
            m = free[u]
            return _ones(m), u * n + m.bit_length() - 1
        k = 0
        last = -1
        if u < 2 * n:
            c = u - n
            for r in range(n):
                if (free[r] >> c) & 1:
                    k += 1
                    last = r * n + c
            return k, last
        rg = self.reg[u - 2 * n]
        for r in self.rows_of[u - 2 * n]:
            m = free[r] & rg[r]
            if m:
                k += _ones(m)
                last = r * n + m.bit_length() - 1
        return k, last

    def cells(self, free: list[int], u: int) -> list[int]:
        """The free cells of house ``u``, lowest first."""
        n = self.n
        out: list[int] = []
        if u < n:
            m = free[u]
            while m:
                low = m & -m
                out.append(u * n + low.bit_length() - 1)
                m ^= low
        elif u < 2 * n:
            c = u - n
            out = [r * n + c for r in range(n) if (free[r] >> c) & 1]
        else:
            rg = self.reg[u - 2 * n]
            for r in self.rows_of[u - 2 * n]:
                m = free[r] & rg[r]
                while m:
                    low = m & -m
                    out.append(r * n + low.bit_length() - 1)
                    m ^= low
        return out

    def houses(self, i: int) -> int:
        n = self.n
        return (1 << (i // n)) | (1 << (n + i % n)) | (1 << (2 * n + self.owner[i]))

    def run(self, free: list[int], open_units: int, cows: list[int]) -> None:
        """``free`` is this node's own (changed in place); ``cows`` is copied."""
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
                k, last = self.count(free, u)
                if not k:
                    return
                if k == 1:
                    forced = last
                    break
                if k < best_k:
                    best_k, best_u = k, u
            if forced < 0:
                break
            self.place(free, forced)
            open_units &= ~self.houses(forced)
            cows.append(forced)
        if not open_units:
            n = self.n
            cols = [0] * n
            for i in cows:
                cols[i // n] = i % n
            self.found.append(cols)
            return
        n = self.n
        for i in self.cells(free, best_u):
            child = list(free)
            self.place(child, i)
            cows.append(i)
            self.run(child, open_units & ~self.houses(i), cows)
            cows.pop()
            if len(self.found) >= self.limit:
                return
            free[i // n] &= ~(1 << (i % n))  # the other branches do not use this cell


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
