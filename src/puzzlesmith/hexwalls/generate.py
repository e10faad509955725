"""Hex Walls generator: blob board, author path, then walls/turners that force it, then pruning.

The walls must carry the puzzle (seed 001 §9), so the generator works like a
designer: draw a random compact board and a random Hamiltonian path (the
author's solution), give few clues, and while a second solution exists put a
static wall or a turning wall on a move that the other solution makes and the
author's path never makes at that time. Then every wall or turner that can go
with the level still unique is removed, and the result must pass every publish
check (so each wall is needed and each turner can neither go nor be replaced by
a static wall) — candidates failing that are dropped and the next attempt runs.

>>> lv = generate_level(GenerateOptions(cells=9, turners=1, walls=2), seed=3, index=0)
>>> from puzzlesmith.hexwalls.checks import check_level
>>> len(lv.cells), len(lv.turners), check_level(lv)
(9, 1, [])
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field, replace

from puzzlesmith.core.budget import BudgetExceeded
from puzzlesmith.core.errors import GenerationError
from puzzlesmith.core.rng import rng_for
from puzzlesmith.hexwalls.board import (
    Edge,
    Hex,
    HexCell,
    Level,
    Turner,
    board_of,
    edge,
    neighbours,
    vertex,
)
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.solver import solve
from puzzlesmith.paths.grades import GRADES, grade_index

#: ``--cells 0``: hexes per grade, so a batch spreads over sizes (issue #40.3; the shipped
#: packs run 5–17 hexes, expert needs room for its reasoning)
CELLS_BY_GRADE = {"easy": (8, 11), "medium": (10, 14), "hard": (12, 16), "expert": (16, 20)}
#: ``--clues-max -1``: number clues besides the start per grade (more clues, easier)
CLUES_BY_GRADE = {"easy": (0, 2), "medium": (0, 1), "hard": (0, 1), "expert": (0, 0)}
#: ``--turners -1``: turning walls per grade (the lowest grade of ``--grade`` decides, so only
#: ``--grade expert`` changes: by thinking alone, expert needs a turner's timing, issue #40)
TURNERS_BY_GRADE = {"easy": 0, "medium": 0, "hard": 0, "expert": 1}
#: ``--stuck-clues -1``: most number clues the generator may add, one at a time, from the
#: author's path where the logic engine gets stuck on a unique board (it would need
#: lookahead); the lowest grade of ``--grade`` decides. Random middle clues made about 1
#: expert board in 2,250 candidates; a clue where the reasoning stops keeps the board hard.
STUCK_CLUES_BY_GRADE = {"easy": 0, "medium": 0, "hard": 0, "expert": 2}
#: ``--attempts 0``: candidates per level by grade (an expert candidate costs about 10 ms and
#: about 1 in 3,000 makes a level; benchmarks/generate_rates.py, docs/designer-workflow.md)
ATTEMPTS_BY_GRADE = {"easy": 400, "medium": 400, "hard": 400, "expert": 4000}


@dataclass(frozen=True)
class GenerateOptions:
    cells: int = field(
        default=0,
        metadata={
            "help": "Number of hexes on the board (0: by grade, CELLS_BY_GRADE: easy 8-11, "
            "medium 10-14, hard 12-16, expert 16-20, a batch spread over the range)."
        },
    )
    cells_max: int = field(
        default=0,
        metadata={
            "help": "Largest board: each level draws its hex count from --cells to "
            "--cells-max (0: every level has --cells)."
        },
    )
    walls: int = field(default=4, metadata={"help": "Most static walls to use."})
    turners: int = field(
        default=-1,
        metadata={
            "help": "Turning walls wanted (exactly; -1: with --cells 0 by grade, TURNERS_BY_GRADE: "
            "1 for --grade expert, else 0)."
        },
    )
    clues: int = field(default=0, metadata={"help": "Number clues besides the start 1."})
    clues_max: int = field(
        default=-1,
        metadata={
            "help": "Most number clues besides the start: each level draws from --clues to "
            "--clues-max (-1: with --cells 0 by grade, CLUES_BY_GRADE: easy 0-2, medium and "
            "hard 0-1, expert 0; with a --cells given, --clues)."
        },
    )
    stuck_clues: int = field(
        default=-1,
        metadata={
            "help": "Most number clues added from the author's path where the logic engine "
            "gets stuck on a unique board, instead of dropping it (-1: with --cells 0 by "
            "grade, STUCK_CLUES_BY_GRADE: 2 for --grade expert, else 0)."
        },
    )
    end_clue: bool = field(default=False, metadata={"help": "Also give the last step N."})
    attempts: int = field(
        default=0,
        metadata={
            "help": "Candidate boards to try per level (0: 400, or with --cells 0 by grade, "
            "ATTEMPTS_BY_GRADE: 4000 for --grade expert)."
        },
    )
    grade: str = field(
        default="",
        metadata={
            "help": "Keep only levels the logic solver finishes at this grade or range "
            "(easy, medium, hard, expert; e.g. medium-hard). Empty: any grade."
        },
    )
    lookahead: bool = field(
        default=False,
        metadata={
            "help": "Also keep levels whose logic needs a 'what if' (trial): off, a made "
            "level is finished by reasoning alone (issue #34)."
        },
    )

    def __post_init__(self) -> None:
        if self.cells and not 3 <= self.cells <= 40:
            raise ValueError("--cells must be 0 (by grade) or in 3..40")
        if self.cells_max and not max(self.cells, 3) <= self.cells_max <= 40:
            raise ValueError(f"--cells-max must be 0 or in {self.cells}..40 (--cells to 40)")
        if self.walls < 0 or self.turners < -1 or self.clues < 0 or self.attempts < 0:
            raise ValueError("walls, clues, attempts must be >= 0 and turners >= -1")
        if self.stuck_clues < -1:
            raise ValueError("--stuck-clues must be -1 (by grade) or >= 0")
        if self.clues_max != -1 and self.clues_max < self.clues:
            raise ValueError(f"--clues-max must be -1 (by grade) or at least --clues {self.clues}")
        self.grade_span  # noqa: B018 (validates --grade)

    @property
    def cell_span(self) -> tuple[int, int]:
        """The hex counts a batch draws from: ``--cells``..``--cells-max``, or by grade.

        >>> GenerateOptions(grade="expert").cell_span, GenerateOptions(cells=9).cell_span
        ((16, 20), (9, 9))
        """
        if not self.cells:
            lo, hi = self.grade_span
            low = CELLS_BY_GRADE[GRADES[lo]][0]
            return low, max(self.cells_max, CELLS_BY_GRADE[GRADES[hi]][1])
        return self.cells, max(self.cells, self.cells_max)

    @property
    def clue_span(self) -> tuple[int, int]:
        """How many number clues besides the start: ``--clues``..``--clues-max``, or by grade
        when the board is left to the presets too (pinned options keep their levels).

        >>> GenerateOptions(grade="easy").clue_span, GenerateOptions(cells=9).clue_span
        ((0, 2), (0, 0))
        """
        if self.clues_max == -1:
            if self.clues or self.cells:
                return self.clues, self.clues
            lo, hi = self.grade_span
            return CLUES_BY_GRADE[GRADES[hi]][0], CLUES_BY_GRADE[GRADES[lo]][1]
        return self.clues, self.clues_max

    @property
    def turner_count(self) -> int:
        """``--turners``, or by the lowest grade of ``--grade`` when it is -1 and the board is
        left to the presets (``--cells 0``).

        >>> GenerateOptions(grade="expert").turner_count, GenerateOptions(grade="hard-expert").turner_count
        (1, 0)
        """
        if self.turners != -1:
            return self.turners
        if self.cells or not self.grade:  # a pinned board keeps its levels (the dailies')
            return 0
        return TURNERS_BY_GRADE[GRADES[self.grade_span[0]]]

    @property
    def stuck_clue_count(self) -> int:
        """``--stuck-clues``, or by the lowest grade of ``--grade`` when it is -1 and the board
        is left to the presets (``--cells 0``).

        >>> GenerateOptions(grade="expert").stuck_clue_count, GenerateOptions().stuck_clue_count
        (2, 0)
        """
        if self.stuck_clues != -1:
            return self.stuck_clues
        if self.cells or not self.grade:  # a pinned board keeps its levels
            return 0
        return STUCK_CLUES_BY_GRADE[GRADES[self.grade_span[0]]]

    @property
    def attempt_count(self) -> int:
        """``--attempts``, or (0) 400, by the lowest grade of ``--grade`` when the board is
        left to the presets (``--cells 0``).

        >>> GenerateOptions(grade="expert").attempt_count, GenerateOptions(cells=9).attempt_count
        (4000, 400)
        """
        if self.attempts:
            return self.attempts
        if self.cells or not self.grade:
            return 400
        return ATTEMPTS_BY_GRADE[GRADES[self.grade_span[0]]]

    @property
    def grade_span(self) -> tuple[int, int]:
        """The accepted grade indices, lowest and highest (every grade when ``grade`` is empty).

        >>> GenerateOptions(grade="medium-hard").grade_span, GenerateOptions().grade_span
        ((1, 2), (0, 3))
        """
        if not self.grade:
            return 0, len(GRADES) - 1
        try:
            span = [grade_index(g.strip()) for g in self.grade.split("-", 1)]
        except ValueError as exc:
            raise ValueError(f"--grade: {exc}") from None
        if span[0] > span[-1]:
            raise ValueError(f"--grade: {self.grade!r} runs backwards; use e.g. easy-hard")
        return span[0], span[-1]


def random_blob(rng: random.Random, size: int) -> list[Hex]:
    """A compact random set of hexes grown from the origin (favours hexes with more neighbours)."""
    shape: list[Hex] = [(0, 0)]
    inside = {(0, 0)}
    while len(shape) < size:
        frontier: dict[Hex, int] = {}
        for h in shape:
            for g in neighbours(h):
                if g not in inside:
                    frontier[g] = frontier.get(g, 0) + 1
        opts = sorted(frontier)
        weights = [frontier[g] ** 2 for g in opts]
        pick = rng.choices(opts, weights)[0]
        shape.append(pick)
        inside.add(pick)
    return sorted(shape, key=lambda h: (h[1], h[0]))


def random_path(rng: random.Random, hexes: list[Hex], tries: int = 60) -> list[Hex] | None:
    """A random Hamiltonian path (Warnsdorff's rule with random ties), or None."""
    cells = set(hexes)
    for _ in range(tries):
        cur = rng.choice(hexes)
        path, seen = [cur], {cur}
        while len(path) < len(hexes):
            opts = [g for g in neighbours(cur) if g in cells and g not in seen]
            if not opts:
                break

            def onward(g: Hex, seen: set[Hex] = seen) -> int:
                return sum(1 for x in neighbours(g) if x in cells and x not in seen)

            best = min(onward(g) for g in opts)
            cur = rng.choice([g for g in opts if onward(g) <= best + (rng.random() < 0.15)])
            path.append(cur)
            seen.add(cur)
        if len(path) == len(hexes):
            return path
    return None


def _vertices_of(e: Edge) -> list[tuple[Hex, Hex, Hex]]:
    """The two vertices at the ends of an edge."""
    a, b = e
    common = [g for g in neighbours(a) if g in set(neighbours(b))]
    return [vertex(a, b, c) for c in common]


def _fits(t: Turner, moves: list[Edge]) -> bool:
    """The turner never stands on a move of the path when the path makes it."""
    return all(t.edge_after(k) != e for k, e in enumerate(moves, 1))


def _moves(path: list[Hex]) -> list[Edge]:
    """moves[k-1] = the edge crossed going from step k to step k+1."""
    return [edge(a, b) for a, b in itertools.pairwise(path)]


def force_unique(
    rng: random.Random, level: Level, author: list[Hex], opts: GenerateOptions, budget: int = 40
) -> Level | None:
    """Add walls/turners until the author's path is the only solution (None if it fails)."""
    sol_moves = _moves(author)
    sol_edges = set(sol_moves)
    hexes = {c.hex for c in level.cells}
    by_id = {c.id: c.hex for c in level.cells}
    for _ in range(budget):
        res = solve(board_of(level), 2)
        if res.count == 0:
            return None
        if res.count == 1:
            return level
        alt = next(s for s in res.solutions if [by_id[i] for i in s] != author)
        alt_moves = _moves([by_id[i] for i in alt])
        candidates: list[Level] = []
        if len(level.turners) < opts.turners:
            candidates = _turner_candidates(rng, level, alt_moves, sol_moves, hexes)
        if not candidates and len(level.walls) < opts.walls + 2:  # pruning removes extras
            candidates = _wall_candidates(level, alt_moves, sol_edges)
        if not candidates:
            return None
        level = rng.choice(candidates)
    return None


def _turner_candidates(
    rng: random.Random,
    level: Level,
    alt_moves: list[Edge],
    sol_moves: list[Edge],
    hexes: set[Hex],
) -> list[Level]:
    """The level with one more turner that closes a move of the other solution at its step
    and never one of the author's path."""
    out: list[Level] = []
    used = {t.pivot for t in level.turners}
    taken = set(level.walls) | {t.at for t in level.turners}
    for k, e in enumerate(alt_moves, 1):
        if sol_moves[k - 1] == e:
            continue
        for v in _vertices_of(e):
            if v in used:
                continue
            t0 = Turner(v, edge(v[0], v[1]))
            idx = t0.cycle.index(e)
            start = t0.cycle[(idx - k) % 3]
            t = Turner(v, start)
            if start in taken or not _fits(t, sol_moves):
                continue
            if sum(h in hexes for h in v) < 3 and rng.random() < 0.7:
                continue
            out.append(level.with_(turners=(*level.turners, t)))
    return out


def _wall_candidates(level: Level, alt_moves: list[Edge], sol_edges: set[Edge]) -> list[Level]:
    """The level with one more static wall on a move only the other solution makes."""
    return [
        level.with_(walls=(*level.walls, e))
        for e in set(alt_moves) - sol_edges
        if e not in level.walls and e not in {t.at for t in level.turners}
    ]


def prune(rng: random.Random, level: Level) -> Level:
    """Drop walls and turners one at a time while the level stays unique."""
    items: list[tuple[str, int]] = [("w", i) for i in range(len(level.walls))]
    items += [("t", i) for i in range(len(level.turners))]
    rng.shuffle(items)
    # static walls go first, so turners (the point of the pack) are kept when possible
    items.sort(key=lambda it: it[0] != "w")
    walls, turners = list(level.walls), list(level.turners)
    for kind, i in items:
        if kind == "w":
            trial = level.with_(
                walls=tuple(w for w in walls if w != level.walls[i]), turners=tuple(turners)
            )
        else:
            trial = level.with_(
                walls=tuple(walls), turners=tuple(t for t in turners if t != level.turners[i])
            )
        if solve(board_of(trial), 2).count == 1:
            walls, turners = list(trial.walls), list(trial.turners)
    return level.with_(walls=tuple(walls), turners=tuple(turners))


def candidate(rng: random.Random, opts: GenerateOptions, lid: str) -> Level | None:
    """One try: board, author path, clues, forced walls, pruned; None when it does not work out."""
    hexes = random_blob(rng, opts.cells)
    author = random_path(rng, hexes)
    if author is None:
        return None
    n = len(author)
    steps = {1}
    if opts.end_clue:
        steps.add(n)
    middle = list(range(3, n - 1))
    rng.shuffle(middle)
    steps.update(middle[: opts.clues])
    step_of = {h: k for k, h in enumerate(author, 1)}
    cells = tuple(
        HexCell(f"{q},{r}", q, r, step_of[(q, r)] if step_of[(q, r)] in steps else None)
        for q, r in hexes
    )
    level = Level(lid, cells)
    forced = force_unique(rng, level, author, opts)
    if forced is None:
        return None
    level = prune(rng, forced)
    if len(level.turners) != opts.turners or len(level.walls) > opts.walls:
        return None
    if opts.walls + opts.turners > 0 and not level.walls and not level.turners:
        return None
    if check_level(level):
        return None
    if not _graded(level, opts):
        unstuck = _unstick(rng, level, author, opts)
        if unstuck is None:
            return None
        level = unstuck
    path_txt = " ".join(f"{q},{r}" for q, r in author)
    return level.with_(teach=f"generated; author path: {path_txt}")


def _with_clue(level: Level, h: Hex, step: int) -> Level:
    return level.with_(cells=tuple(replace(c, clue=step) if c.hex == h else c for c in level.cells))


def _turners_kept(level: Level, opts: GenerateOptions) -> bool:
    """After a stuck clue: the turners asked for, or (a clue may do one's work) at least one."""
    return min(opts.turners, 1) <= len(level.turners) <= opts.turners


def _unstick(
    rng: random.Random, level: Level, author: list[Hex], opts: GenerateOptions
) -> Level | None:
    """Up to ``opts.stuck_clues`` middle number clues from the author's path on a unique board
    the logic engine cannot finish without lookahead (a board it finishes is never made
    harder by a clue), each where the reasoning then goes furthest; a wall the clue makes
    unneeded is pruned (it may take a turner, never the last). The level that then grades within ``--grade`` by thinking alone
    and passes every publish check (each wall and turner needed), or None."""
    if opts.stuck_clues <= 0 or opts.lookahead or grade(level, lookahead=False).solved:
        return None
    n = len(author)
    lo, hi = opts.grade_span
    for _ in range(opts.stuck_clues):
        clued = {c.clue for c in level.cells if c.clue is not None}
        middle = [k for k in range(3, n - 1) if k not in clued]
        rng.shuffle(middle)
        best: tuple[int, Level] | None = None
        for k in middle:
            trial = _with_clue(level, author[k - 1], k)
            result = grade(trial, lookahead=False)
            if not result.solved:
                if best is None or len(result.steps) > best[0]:
                    best = (len(result.steps), trial)
                continue
            if not lo <= grade_index(result.grade) <= hi:
                continue
            if check_level(trial):  # the clue made a wall or turner unneeded
                trial = prune(rng, trial)
                if not _turners_kept(trial, opts) or check_level(trial):
                    continue
                result = grade(trial, lookahead=False)
                if not result.solved or not lo <= grade_index(result.grade) <= hi:
                    continue
            return trial
        if best is None:
            return None
        level = best[1]
    return None


def _graded(level: Level, opts: GenerateOptions) -> bool:
    """Whether the logic solver finishes the level (without lookahead unless
    ``--lookahead``) at a grade ``--grade`` accepts."""
    if not opts.grade and opts.lookahead:
        return True
    result = grade(level, lookahead=opts.lookahead)
    if not result.solved:
        return False
    if not opts.grade:
        return True
    lo, hi = opts.grade_span
    return lo <= grade_index(result.grade) <= hi


def generate_level(options: GenerateOptions, seed: int, index: int) -> Level:
    """Level ``index`` of the batch for ``seed``: deterministic per (options, seed, index)."""
    rng = rng_for(seed, "hex", index)
    lid = f"g{seed}-{index + 1}"
    # a batch spreads over the ranges, level by level (a fixed one draws nothing, so the
    # levels of explicit options, the dailies' among them, stay what they were)
    (c_lo, c_hi), (k_lo, k_hi) = options.cell_span, options.clue_span
    cells = rng.randint(c_lo, c_hi) if c_hi > c_lo else c_lo
    clues = rng.randint(k_lo, k_hi) if k_hi > k_lo else k_lo
    options = replace(
        options,
        cells=cells,
        cells_max=0,
        clues=clues,
        clues_max=-1,
        turners=options.turner_count,
        stuck_clues=options.stuck_clue_count,
        attempts=options.attempt_count,
    )
    for _ in range(options.attempts):
        try:
            level = candidate(rng, options, lid)
        except BudgetExceeded:  # a board too open for the logic engine: the next attempt
            continue
        if level is not None:
            return level
    raise GenerationError(
        f"hex generate: no level #{index + 1} met the options in {options.attempts} attempts "
        f"(seed {seed}); raise --attempts or widen --cells, --walls or --grade"
    )
