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

from puzzlesmith.core import words
from puzzlesmith.core.rng import rng_for
from puzzlesmith.cows.board import Board, Level, board_of, build_board
from puzzlesmith.cows.generate import (  # the generator's planting and repair moves
    _make_unique,
    _random_move,
    grow_regions,
    plant_solution,
    to_level,
)
from puzzlesmith.cows.logic import FINDERS, Deduction, Position
from puzzlesmith.cows.solver import solve_board

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
    "big-hall",
    "squeeze",
)


def idea_words(idea: str) -> tuple[str, str]:
    """An idea's name in Chinese and English (``cw.idea.<idea>``); an unknown idea as is."""
    key = f"cw.idea.{idea}"
    if not words.has(key, "zh"):
        return idea, idea
    return words.say(key, "zh"), words.say(key, "en")


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


def progress(level: Level, ideas: Collection[str], max_steps: int = 2000) -> int:
    """How many cows the logic solver, allowed only ``ideas``, places (-1: it found the
    givens contradict each other)."""
    b = board_of(level)
    p = Position(b)
    finders = [_basic(ideas)] + [FINDERS[t] for t in IDEAS[5:] if t in ideas]
    for _ in range(max_steps):
        if p.cows.bit_count() == b.n:
            break
        d = next((d for f in finders if (d := f(p)) is not None), None)
        if d is None:
            break
        if d.place & p.excl or d.exclude & p.cows:
            return -1
        p.apply(d)
    return int(p.cows.bit_count())


def solves_with(level: Level, ideas: Collection[str], max_steps: int = 2000) -> bool:
    """Whether the logic solver, allowed only ``ideas``, places every cow."""
    return progress(level, ideas, max_steps) == level.size


def needed_ideas(level: Level) -> list[str]:
    """The ideas the level cannot do without: up to its key idea, each one whose removal
    (the others kept) leaves the solver stuck. The key idea is always among them."""
    key = key_idea(level)
    if key is None:
        return []
    known = IDEAS[: IDEAS.index(key) + 1]
    return [i for i in known if not solves_with(level, [k for k in known if k != i])]


def key_idea(level: Level) -> str | None:
    """The first idea (teaching order) the level cannot be solved without."""
    for k in range(1, len(IDEAS) + 1):
        if solves_with(level, IDEAS[:k]):
            return IDEAS[k - 1]
    return None


def _distance(level: Level, idea: str) -> tuple[bool, int]:
    """(hinges on ``idea``, how far from it): the solver allowed the ideas up to ``idea``
    should place every cow and the solver without ``idea`` should not; cows the first
    misses count double, cows the second places count once (a gradient for the search)."""
    k = IDEAS.index(idea)
    n = level.size
    with_it = max(progress(level, IDEAS[: k + 1]), 0)
    without = max(progress(level, IDEAS[:k]), 0) if k else 0
    return with_it == n and without < n, 2 * (n - with_it) + without


def find_board(size: int, idea: str, seed: int, tries: int = 40, rounds: int = 300) -> Level | None:
    """A unique board whose key idea is ``idea``, by local repair (bounded: ``tries``
    fresh plantings, ``rounds`` moves each), or None. Same arguments, same board.

    Like :mod:`puzzlesmith.cows.generate`: plant the cows, grow a region round each, break
    rival solutions, then move one boundary cell at a time, keeping a move when the board
    gets no farther from hinging on ``idea``.
    """
    if idea not in IDEAS:
        raise ValueError(f"unknown idea {idea!r}; use one of {', '.join(IDEAS)}")
    for t in range(tries):
        rng = rng_for(seed, "cows-teach", size, idea, t)
        cols = plant_solution(size, rng)
        owner = grow_regions(size, cols, rng, 4.0 if IDEAS.index(idea) < 7 else 0.0)
        cows = {r * size + c for r, c in enumerate(cols)}
        _make_unique(size, owner, cols, cows, rng, 8 * size)
        done, best = _distance(to_level(f"teach-{idea}", size, owner), idea)
        for _ in range(rounds):
            if done:
                level = to_level(f"teach-{idea}", size, owner)
                if solve_board(build_board(level), 2).count == 1:
                    return level
                break
            moved = _random_move(size, owner, cows, rng, None)
            if moved is None:
                continue
            j, old, new = moved
            owner[j] = new
            hit, d = _distance(to_level(f"teach-{idea}", size, owner), idea)
            # mostly downhill; now and then a step up, so a plateau does not trap the search
            if hit or d <= best or rng.random() < 0.03:
                done, best = hit, d
            else:
                owner[j] = old
    return None
