"""Unique, logic-solvable boards at a requested grade, by local repair.

1. Plant a solution: one cow per row, columns a random permutation with no two
   consecutive rows' cows touching.
2. Grow one region from each cow (random frontier growth), so the planted cows are
   a solution by construction.
3. Repair locally: move one boundary cell (never a cow's cell) into a neighbouring
   region when the donor stays 4-connected, keeping the move when the score does
   not get worse. The score comes from the logic solver: cells it leaves undecided
   with the techniques of the requested grade, and whether the grade below already
   suffices (too easy). Cells the solver is stuck on are preferred as movers, so a
   repair acts where the reasoning breaks instead of regenerating from scratch.
4. Start afresh early: a board still ambiguous after :data:`UNIQUE_SOLVES` exact solves,
   or whose score has not improved for :data:`EASY_PATIENCE` repairs, is dropped. At
   10×10 expert one fresh board in ~10 is at the grade, one repair of a too-easy board
   in ~700 (so the plateau walk was the cost: 2.4–11.6 s a level; now ~0.15 s median).

A board the logic solver finishes is unique (every deduction is sound), and the
exact solver confirms it before a level is returned.
"""

from __future__ import annotations

import random

from puzzlesmith.core import errors
from puzzlesmith.core.rng import rng_for
from puzzlesmith.cows.board import (
    LETTERS,
    Level,
    bits,
    build_board,
)
from puzzlesmith.cows.logic import GRADES, deduce
from puzzlesmith.cows.options import CowsOptions as CowsOptions
from puzzlesmith.cows.solver import solutions_of_regions, solve_board

#: fresh plantings tried before giving up on a (size, grade) that may not exist (e.g. 4×4 hard)
MAX_RESTARTS = 400


class GenerationError(errors.GenerationError):
    """No board of the requested size and grade was found."""


def plant_solution(n: int, rng: random.Random) -> list[int]:
    """Random columns, one per row, no two cows in touching rows adjacent.

    >>> cols = plant_solution(6, random.Random(1))
    >>> sorted(cols) == list(range(6)), all(abs(a - b) > 1 for a, b in zip(cols, cols[1:]))
    (True, True)
    """
    cols: list[int] = []
    used = 0

    def rec(r: int) -> bool:
        nonlocal used
        if r == n:
            return True
        choices = [c for c in range(n) if not used >> c & 1 and (not cols or abs(c - cols[-1]) > 1)]
        rng.shuffle(choices)
        for c in choices:
            cols.append(c)
            used |= 1 << c
            if rec(r + 1):
                return True
            cols.pop()
            used &= ~(1 << c)
        return False

    if not rec(0):
        raise ValueError(f"no cow placement exists for size {n}")
    return cols


def grow_regions(n: int, cols: list[int], rng: random.Random, skew: float = 4.0) -> list[int]:
    """Region index per cell, region g grown from the cow of row g.

    Each region grows at its own random rate (``random() ** skew``), so sizes vary
    from a cell or two to large blobs, as in hand-made boards: small regions give
    the reasoning its footholds.
    """
    owner = [-1] * (n * n)
    for r, c in enumerate(cols):
        owner[r * n + c] = r
    weight = [rng.random() ** skew + 0.05 for _ in range(n)]
    front = [_nbrs4(n, r * n + c) for r, c in enumerate(cols)]
    left = n * n - n
    while left:
        live = []
        total = 0.0
        for g in range(n):
            front[g] = [j for j in front[g] if owner[j] < 0]
            if front[g]:
                live.append(g)
                total += weight[g]
        x = rng.random() * total
        g = live[-1]
        for h in live:
            x -= weight[h]
            if x <= 0:
                g = h
                break
        j = front[g].pop(rng.randrange(len(front[g])))
        owner[j] = g
        left -= 1
        front[g].extend(k for k in _nbrs4(n, j) if owner[k] < 0)
    return owner


def _nbrs4(n: int, i: int) -> list[int]:
    """The 4-neighbours of cell ``i`` on an n×n board: up, down, left, right.

    >>> _nbrs4(3, 4), _nbrs4(3, 0)
    ([1, 7, 3, 5], [3, 1])
    """
    r, c = divmod(i, n)
    out = []
    if r > 0:
        out.append(i - n)
    if r < n - 1:
        out.append(i + n)
    if c > 0:
        out.append(i - 1)
    if c < n - 1:
        out.append(i + 1)
    return out


def _connected_without(n: int, owner: list[int], g: int, removed: int) -> bool:
    """Whether region ``g`` without cell ``removed`` is non-empty and 4-connected.

    A walk over ``owner`` (no N²-bit masks: compiled, those are a heap object per
    operation, and the repair loops ask this ~10,000 times per 12×12 board).

    >>> _connected_without(3, [0, 0, 0, 1, 0, 1, 1, 1, 1], 0, 1)  # r1c2 joins r1c1
    False
    >>> _connected_without(3, [0, 0, 0, 1, 0, 1, 1, 1, 1], 0, 4)
    True
    """
    size = 0
    start = -1
    for i in range(n * n):
        if owner[i] == g and i != removed:
            size += 1
            if start < 0:
                start = i
    if not size:
        return False
    seen = [False] * (n * n)
    seen[start] = True
    if 0 <= removed < n * n:
        seen[removed] = True
    stack = [start]
    reached = 1
    while stack:
        i = stack.pop()
        for k in _nbrs4(n, i):
            if not seen[k] and owner[k] == g:
                seen[k] = True
                reached += 1
                stack.append(k)
    return reached == size


def to_level(level_id: str, n: int, owner: list[int]) -> Level:
    rows = tuple("".join(LETTERS[owner[r * n + c]] for c in range(n)) for r in range(n))
    return Level(id=level_id, regions=rows)


def _score(level: Level, tier: int) -> tuple[int, int, int]:
    """(score, undecided mask, cows placed); 0 is a board solved at exactly the grade.

    The score is the cells the logic solver leaves undecided with the grade's
    techniques (never lookahead: a returned board is one a person reasons out), plus a penalty of N when easier techniques already suffice — small
    enough that a too-easy board may trade places with a nearly solved harder one.
    """
    board = build_board(level)
    run = deduce(board, max_tier=tier, lookahead=False)
    pos = run.position
    if not run.solved:
        left = pos.free.bit_count() + 1
        if solve_board(board, 2).count > 1:
            # no deduction can ever finish a board with two solutions: worse than too easy
            left += level.size
        return left, pos.free, pos.cows
    return (level.size if run.tier < tier else 0), pos.free, pos.cows


def generate_level(options: CowsOptions, seed: int, index: int, max_rounds: int = 0) -> Level:
    """Level ``index`` for ``seed``: the same options, seed and index give the same board."""
    n = options.size
    tier = GRADES.index(options.grade)
    rng = rng_for(seed, "cows", n, options.grade, index)
    level_id = f"cows-{n}-{options.grade}-{seed}-{index}"
    # even growth makes long interlocking regions (Hall sets); skewed growth easy footholds
    skew = 4.0 if tier < 2 else 0.0
    rounds = max_rounds or 12 * n
    for _ in range(MAX_RESTARTS):
        cols = plant_solution(n, rng)
        owner = grow_regions(n, cols, rng, skew)
        cow_cells = {r * n + c for r, c in enumerate(cols)}
        if not _make_unique(n, owner, cols, cow_cells, rng, 4 * rounds):
            continue
        level = to_level(level_id, n, owner)
        score, stuck, placed = _score(level, tier)
        easy = 0
        for _ in range(rounds):
            if score == 0:
                if solve_board(build_board(level), 2).count == 1:
                    return level
                break
            # solved, but too easily: repairs rarely make such a board harder (one round
            # in ~700 at 10×10 expert, where one fresh start in ~7 is at the grade), so
            # a fresh start is cheaper after a few tries
            easy += 1
            if easy > EASY_PATIENCE:
                break
            moved = _propose(n, owner, cow_cells, stuck, placed, rng)
            if moved is None:
                continue
            j, old, new = moved
            owner[j] = new
            trial = to_level(level_id, n, owner)
            s, st, pl = _score(trial, tier)
            if s < score:
                easy = 0
            if s <= score:
                level, score, stuck, placed = trial, s, st, pl
            else:
                owner[j] = old
    raise _give_up(options)


def _give_up(options: CowsOptions) -> GenerationError:
    return GenerationError(
        f"cows generate: no {options.size}×{options.size} board at grade {options.grade} "
        f"after {MAX_RESTARTS} fresh starts; try another grade or size"
    )


#: repair rounds spent on a board that is solved below the grade before a fresh start
EASY_PATIENCE = 8

#: exact solves a fresh board gets to become unique before it is dropped
UNIQUE_SOLVES = 60

#: solutions asked of the exact solver per uniqueness round: the rivals it returns are
#: broken one after another, re-solving only when every known rival is dead
RIVALS = 12


def _alive(n: int, owner: list[int], cols: list[int]) -> bool:
    """Is ``cols`` (a column per row) still a solution: one cow in every region?"""
    seen = 0
    for r, c in enumerate(cols):
        seen |= 1 << owner[r * n + c]
    return seen == (1 << n) - 1


def _make_unique(
    n: int, owner: list[int], cols: list[int], cow_cells: set[int], rng: random.Random, rounds: int
) -> bool:
    """Break every other solution: a cow of a rival solution moves to a neighbouring region.

    That region then holds two of the rival's cows and the donor none, so the rival
    dies; the planted cows never move, so the planted solution survives. One exact solve
    returns up to :data:`RIVALS` solutions, and the rivals are broken in turn (a move
    often kills several); the solver runs again only when all of them are dead. False
    when the board is still ambiguous after ``rounds`` moves or :data:`UNIQUE_SOLVES` solves
    (a fresh start is cheaper: 19 of 20 boards are unique within 50 solves at 10×10).
    """
    rivals: list[list[int]] = []
    solves = 0
    for _ in range(rounds):
        rivals = [s for s in rivals if _alive(n, owner, s)]
        if not rivals:
            if solves == UNIQUE_SOLVES:
                return False
            solves += 1
            found = solutions_of_regions(n, owner, RIVALS)
            rivals = [s for s in found if s != cols]
            if not rivals:
                return True
        rival = rng.choice(rivals)
        movers = [r * n + c for r, c in enumerate(rival) if r * n + c not in cow_cells]
        rng.shuffle(movers)
        for j in movers:
            into = sorted({owner[k] for k in _nbrs4(n, j) if owner[k] != owner[j]})
            if into and _connected_without(n, owner, owner[j], j):
                owner[j] = rng.choice(into)
                break
        else:
            moved = _random_move(n, owner, cow_cells, rng, None)
            if moved is not None:
                owner[moved[0]] = moved[2]
    return False


def _propose(
    n: int,
    owner: list[int],
    cow_cells: set[int],
    stuck: int,
    placed: int,
    rng: random.Random,
) -> tuple[int, int, int] | None:
    """A local repair: one boundary cell into a neighbouring region.

    Most often an undecided cell joins a region whose cow the solver already placed
    (that cow then excludes it); otherwise an undecided cell, otherwise any cell.
    """
    undecided = [i for i in bits(stuck) if i not in cow_cells]
    roll = rng.random()
    if undecided and roll < 0.6:
        done = {owner[i] for i in bits(placed)}
        rng.shuffle(undecided)
        for j in undecided[:12]:
            into = [owner[k] for k in _nbrs4(n, j) if owner[k] in done and owner[k] != owner[j]]
            if into and _connected_without(n, owner, owner[j], j):
                return j, owner[j], rng.choice(into)
    return _random_move(n, owner, cow_cells, rng, undecided if undecided and roll < 0.85 else None)


def _random_move(
    n: int,
    owner: list[int],
    cow_cells: set[int],
    rng: random.Random,
    candidates: list[int] | None,
) -> tuple[int, int, int] | None:
    """A boundary cell moved to a neighbouring region, keeping its old region connected."""
    for _ in range(20):
        j = rng.choice(candidates) if candidates else rng.randrange(n * n)
        if j in cow_cells:
            continue
        others = sorted({owner[k] for k in _nbrs4(n, j) if owner[k] != owner[j]})
        if not others:
            continue
        new = rng.choice(others)
        if _connected_without(n, owner, owner[j], j):
            return j, owner[j], new
    return None
