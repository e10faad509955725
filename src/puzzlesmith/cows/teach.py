"""The ideas a Cows level teaches: which rule or technique it cannot be solved without.

Seed 002 §4.3: the first ten levels bring in the rules one at a time. IDEAS lists
them in teaching order; ``key_idea(level)`` is the first k such that the logic solver,
allowed only the first k ideas, solves the level — the idea the level hinges on. The
rules (row, column, region, touch) are switched off inside the two basic
techniques (a cow's exclusions, a house's last free cell); the later ideas are the
grader's own techniques, used only once every rule is known.
"""

from __future__ import annotations

from collections.abc import Callable, Collection

from puzzlesmith.cows.board import Board, Level, board_of
from puzzlesmith.cows.logic import FINDERS, Deduction, Position

IDEAS: tuple[str, ...] = (
    "region-last",
    "row",
    "column",
    "region",
    "touch",
    "confinement",
    "shared-attack",
    "hall-set",
    "window-2x2",
    "contradiction",
)

NAMES: dict[str, tuple[str, str]] = {
    "row": ("每行一头牛", "one cow per row"),
    "column": ("每列一头牛", "one cow per column"),
    "region": ("每个颜色一头牛", "one cow per colour"),
    "region-last": ("颜色只剩一格", "a colour with one free cell"),
    "touch": ("牛不相邻", "cows never touch"),
    "confinement": ("区域锁定", "a colour inside one row"),
    "shared-attack": ("共同攻击", "a cell every cow of a colour touches"),
    "hall-set": ("多色共占", "two colours in two rows"),
    "window-2x2": ("2×2 窗口", "2×2 squares"),
    "contradiction": ("一步反证", "try and fail"),
}


def _neighbours(b: Board, i: int) -> int:
    n = b.n
    r, c = divmod(i, n)
    out = 0
    for rr in range(max(0, r - 1), min(n, r + 2)):
        for cc in range(max(0, c - 1), min(n, c + 2)):
            if (rr, cc) != (r, c):
                out |= 1 << (rr * n + cc)
    return out


def _basic(ideas: Collection[str]) -> Callable[[Position], Deduction | None]:
    """A cow's exclusions and a house's last free cell, under the rules in ``ideas``."""

    def step(p: Position) -> Deduction | None:
        b, free = p.board, p.free
        n = b.n
        for i in range(n * n):
            if not p.cows >> i & 1:
                continue
            row, col, reg = b.houses[i]
            hit = 0
            for on, mask in (
                ("row", b.units[row]),
                ("column", b.units[col]),
                ("region", b.units[reg]),
                ("touch", _neighbours(b, i)),
            ):
                if on in ideas:
                    hit |= mask
            hit &= free & ~(1 << i)
            if hit:
                return Deduction("cow-excludes", 0, hit, 1 << i, "", "")
        kinds = ("row" in ideas, "column" in ideas, "region-last" in ideas)
        for u in p.open_units():
            if not kinds[u // n]:
                continue
            m = b.units[u] & free
            if m and not m & (m - 1):
                return Deduction("last-free", m, 0, b.units[u], "", "")
        return None

    return step


def solves_with(level: Level, ideas: Collection[str], max_steps: int = 2000) -> bool:
    """Whether the logic solver, allowed only ``ideas``, places every cow."""
    b = board_of(level)
    p = Position(b)
    finders = [_basic(ideas)] + [FINDERS[t] for t in IDEAS[5:] if t in ideas]
    for _ in range(max_steps):
        if p.cows.bit_count() == b.n:
            return True
        d = next((d for f in finders if (d := f(p)) is not None), None)
        if d is None or d.place & p.excl or d.exclude & p.cows:
            return False
        p.apply(d)
    return False


def key_idea(level: Level) -> str | None:
    """The first idea (teaching order) the level cannot be solved without."""
    for k in range(1, len(IDEAS) + 1):
        if solves_with(level, IDEAS[:k]):
            return IDEAS[k - 1]
    return None
