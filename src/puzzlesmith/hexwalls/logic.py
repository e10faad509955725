"""Human-style grading of Hex Walls: Number Stroke's deductions, then time-aware ones for turners.

Number Stroke's engine (:mod:`puzzlesmith.paths.techniques`) is geometry-free and
takes a per-step edge predicate, so it runs on a hex board as is: static walls are
removed edges, turning walls the predicate. Its techniques reason mostly about
which cells are joined; where it stalls on turner timing, the engine below takes
over from its candidates. Its reasoning state is, for every step k, the set of cells that can still carry
it (a bitmask). Deductions are written against a small graph interface —
``n``, ``ids``, ``clue``, ``openmask`` (static walls) and ``is_open(i, j, k)``
(the move k → k+1, which is where turning walls enter) — so a board without
turners is just a graph with removed edges, as in Number Stroke:

- ``clue``        — a number fixes its step (setup).
- ``step_single`` — only one cell can carry a step; no other step may use it.
- ``cell_single`` — a cell fits only one step; that step is it.
- ``reach``       — a cell at step k needs an open way in from step k-1 and out to
                    step k+1 (two different neighbours in the middle of the path).
- ``turner_timing`` — the same, where only a turning wall's position at that
                    moment closes the way (a static-walls-only reading keeps it).
- ``no_split``    — with the path fixed up to the end, a next cell that would cut
                    the unvisited cells apart (or leave two dead ends) is wrong.
- ``trial``       — assuming a cell at a step leads, by the rules above, to a
                    contradiction (one level of "what if"; makes a level hard).

>>> from puzzlesmith.hexwalls.board import parse_level
>>> lv = parse_level({"id": "t", "cells": [{"q": 0, "r": 0, "clue": 1},
...     {"q": 1, "r": 0}, {"q": 0, "r": 1}, {"q": 1, "r": 1}], "walls": [[[1, 0], [1, 1]]]})[0]
>>> g = grade(lv)
>>> g.solved, g.grade, sorted(g.techniques)
(True, 'easy', ['ends'])
>>> r = deduce(board_of(lv))
>>> r.solved(), sorted({s.technique for s in r.steps})
(True, ['clue', 'reach', 'step_single'])
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol

from puzzlesmith.core.bits import bits
from puzzlesmith.core.budget import tick
from puzzlesmith.core.mode import GradeResult, LogicStep
from puzzlesmith.hexwalls.board import Board, Level, board_of
from puzzlesmith.paths.grades import branch_points, grade_of, harder, score_of
from puzzlesmith.paths.techniques import PathGraph as StrokeGraph
from puzzlesmith.paths.techniques import deduce as stroke_deduce


class PathGraph(Protocol):
    """What the deductions need of a board (hex boards and plain graphs alike)."""

    @property
    def n(self) -> int: ...

    @property
    def ids(self) -> tuple[str, ...]: ...

    @property
    def openmask(self) -> tuple[int, ...]: ...

    @property
    def clue(self) -> dict[int, int]: ...

    def is_open(self, i: int, j: int, k: int) -> bool: ...


class Contradiction(Exception):
    """The domains admit no path: an assumption was wrong."""


class Reasoner:
    """Step domains plus the deductions; each ``try_*`` makes at most one deduction."""

    def __init__(self, g: PathGraph, domains: list[int] | None = None) -> None:
        self.g = g
        n = g.n
        self.full = (1 << n) - 1
        # outs[p][i]: cells j with is_open(i, j, k) for k % 3 == p
        self.outs = [
            [sum(1 << j for j in range(n) if g.is_open(i, j, p)) for i in range(n)]
            for p in range(3)
        ]
        if domains is not None:
            self.d = list(domains)
        else:
            self.d = [0] + [self.full] * n  # d[k] for k in 1..n
        self.steps: list[LogicStep] = []

    # -- helpers ------------------------------------------------------------------------
    def name(self, cells: int | list[int]) -> tuple[str, ...]:
        cs = bits(cells) if isinstance(cells, int) else cells
        return tuple(self.g.ids[i] for i in cs)

    def record(self, technique: str, cells: int | list[int], reason: str) -> None:
        self.steps.append(LogicStep(technique, self.name(cells), reason))

    def check(self) -> None:
        n = self.g.n
        cover = 0
        for k in range(1, n + 1):
            if not self.d[k]:
                raise Contradiction(f"no cell can be step {k}")
            cover |= self.d[k]
        if cover != self.full:
            raise Contradiction("a cell fits no step")

    def solved(self) -> bool:
        return all(self.d[k] & (self.d[k] - 1) == 0 for k in range(1, self.g.n + 1))

    # -- deductions ---------------------------------------------------------------------
    def setup_clues(self) -> None:
        clued = 0
        for i in self.g.clue:
            clued |= 1 << i
        for k in range(1, self.g.n + 1):
            self.d[k] &= ~clued
        for i, c in sorted(self.g.clue.items(), key=lambda x: x[1]):
            self.d[c] = 1 << i
            self.record("clue", [i], f"{self.g.ids[i]} shows {c}: it is step {c}")

    def try_step_single(self) -> bool:
        n = self.g.n
        for k in range(1, n + 1):
            m = self.d[k]
            if m and not m & (m - 1):
                hit = [s for s in range(1, n + 1) if s != k and self.d[s] & m]
                if hit:
                    for s in hit:
                        self.d[s] &= ~m
                    self.record(
                        "step_single",
                        m,
                        f"step {k} can only be {self.name(m)[0]}; it is no other step",
                    )
                    return True
        return False

    def try_cell_single(self) -> bool:
        n = self.g.n
        for i in range(n):
            b = 1 << i
            ks = [k for k in range(1, n + 1) if self.d[k] & b]
            if len(ks) == 1 and self.d[ks[0]] != b:
                self.d[ks[0]] = b
                self.record(
                    "cell_single",
                    [i],
                    f"{self.g.ids[i]} fits only step {ks[0]}: it is step {ks[0]}",
                )
                return True
        return False

    def _supported(self, x: int, k: int, outs: Callable[[int, int], int]) -> bool:
        n = self.g.n
        p = self.d[k - 1] & outs(k - 1, x) if k > 1 else -1
        q = self.d[k + 1] & outs(k, x) if k < n else -1
        if p == 0 or q == 0:
            return False
        # in the middle the way in and the way out must be two different cells
        return not (p > 0 and q > 0 and p == q and not p & (p - 1))

    def try_reach(self) -> bool:
        n = self.g.n
        om = self.g.openmask

        def timed(k: int, x: int) -> int:
            return self.outs[k % 3][x]

        def static(_k: int, x: int) -> int:
            return om[x]

        for k in range(1, n + 1):
            for x in bits(self.d[k]):
                if self._supported(x, k, timed):
                    continue
                self.d[k] &= ~(1 << x)
                if self._supported(x, k, static):
                    self.record(
                        "turner_timing",
                        [x],
                        f"{self.g.ids[x]} cannot be step {k}: a turning wall stands in the way "
                        "at that moment",
                    )
                else:
                    self.record(
                        "reach",
                        [x],
                        f"{self.g.ids[x]} cannot be step {k}: no open way from step {k - 1} "
                        f"and on to step {k + 1}",
                    )
                return True
        return False

    def prefix(self) -> list[int] | None:
        """The fixed start of the path, when steps 1..k are all single cells (k >= 1)."""
        out = []
        for k in range(1, self.g.n + 1):
            m = self.d[k]
            if m & (m - 1):
                break
            out.append(m.bit_length() - 1)
        return out or None

    def try_no_split(self) -> bool:
        pre = self.prefix()
        if pre is None or len(pre) == self.g.n:
            return False
        k = len(pre)
        om = self.g.openmask
        visited = sum(1 << i for i in pre)
        for x in bits(self.d[k + 1]):
            rem = self.full & ~visited & ~(1 << x)
            reach = 1 << x
            frontier = reach
            while frontier:
                nb = 0
                for i in bits(frontier):
                    nb |= om[i]
                nb &= rem & ~reach
                reach |= nb
                frontier = nb
            live = rem | (1 << x)
            ends = sum(1 for i in bits(rem) if (om[i] & live).bit_count() <= 1)
            if reach & rem != rem or ends > 1:
                self.d[k + 1] &= ~(1 << x)
                why = (
                    "cuts the unvisited cells apart"
                    if reach & rem != rem
                    else "leaves two dead ends"
                )
                self.record("no_split", [x], f"{self.g.ids[x]} as step {k + 1} {why}")
                return True
        return False

    SIMPLE = ("try_step_single", "try_cell_single", "try_reach", "try_no_split")

    def propagate(self) -> None:
        """Apply the simple deductions until none applies (raises Contradiction)."""
        while True:
            tick()  # the caller's work budget (core.budget)
            self.check()
            if not any(getattr(self, t)() for t in self.SIMPLE):
                self.check()
                return

    def try_trial(self) -> bool:
        n = self.g.n
        for k in range(1, n + 1):
            if not self.d[k] & (self.d[k] - 1):
                continue
            for x in bits(self.d[k]):
                probe = Reasoner(self.g, self.d)
                probe.d[k] = 1 << x
                try:
                    probe.propagate()
                except Contradiction as why:
                    self.d[k] &= ~(1 << x)
                    self.record(
                        "trial",
                        [x],
                        f"if {self.g.ids[x]} were step {k}, then {why}; so it is not",
                    )
                    return True
        return False


def deduce(g: PathGraph, domains: list[int] | None = None, *, allow_trial: bool = True) -> Reasoner:
    """Run the deductions, simplest first, until solved or stuck.

    ``domains`` (step → cells bitmask, index 0 unused) continues from an earlier
    engine's state; without it the clues are set up first.
    """
    r = Reasoner(g, domains)
    if domains is None:
        r.setup_clues()
    order = [*Reasoner.SIMPLE, *(["try_trial"] if allow_trial else [])]
    try:
        while not r.solved():
            tick()
            r.check()
            if not any(getattr(r, t)() for t in order):
                break
        r.check()
    except Contradiction as why:
        r.record("no_solution", [], f"the level has no solution: {why}")
    return r


def stroke_graph(board: Board) -> StrokeGraph:
    """The board as Number Stroke's geometry-free graph: static walls are missing edges,
    turning walls a per-step edge predicate (move from step s judged after s landings)."""
    step_edge = (lambda i, j, s: board.is_open(i, j, s)) if board.level.turners else None
    return StrokeGraph(board.ids, board.openmask, dict(board.clue), {}, step_edge)


def grade(level: Level) -> GradeResult:
    """Number Stroke's deductions first; where they stall, the time-aware ones here.

    The grade is the harder of the two engines' verdicts: ``turner_timing`` and
    ``no_split`` count as medium, one or two ``trial`` steps as hard, more as expert.
    """
    board = board_of(level)
    g = stroke_graph(board)
    d = stroke_deduce(g)
    steps = list(d.steps)
    techniques = dict(d.techniques)
    label = grade_of(d)
    solved = d.solved
    path = d.solution
    if d.impossible:
        return GradeResult(False, "invalid", steps, techniques, {"impossible": True})
    if not solved:
        n = board.n
        domains = [0] + [
            sum(1 << i for i, c in enumerate(d.candidates) if c >> k & 1) for k in range(1, n + 1)
        ]
        r = deduce(board, domains)
        steps += r.steps
        for st in r.steps:
            techniques[st.technique] = techniques.get(st.technique, 0) + 1
        solved = r.solved() and "no_solution" not in techniques
        trials = techniques.get("trial", 0)
        mine = 0
        if techniques.get("turner_timing") or techniques.get("no_split"):
            mine = 1
        if trials:
            mine = 2 if trials <= 2 else 3
        label = harder(label, mine)
        if solved:
            path = [r.d[k].bit_length() - 1 for k in range(1, n + 1)]
    forks = branch_points(g.adj, path, 1 in board.clue.values(), g.step_edge) if path else 0
    name = label if solved else "unsolved"
    return GradeResult(
        solved=solved,
        grade=name,
        steps=steps,
        techniques=techniques,
        details={
            "stroke_engine_solved": d.solved,
            "max_depth": d.max_depth,
            "branch_points": forks,
        },
        score=score_of(name, techniques, forks),
    )
