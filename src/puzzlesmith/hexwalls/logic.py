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

from collections.abc import Iterator
from dataclasses import replace
from typing import Any, Protocol

from puzzlesmith.core.bits import bits, flood
from puzzlesmith.core.budget import capped, spend, tick, within
from puzzlesmith.core.mode import JSON, GradeResult, LogicStep
from puzzlesmith.core.words import both
from puzzlesmith.hexwalls.board import Board, Level, board_of
from puzzlesmith.hexwalls.solver import solve
from puzzlesmith.paths.explain import as_sentence, because, clause
from puzzlesmith.paths.grades import (
    GRADES,
    branch_points,
    effort_of,
    grade_band,
    grade_of,
    score_of,
)
from puzzlesmith.paths.techniques import REASONING, Deduction
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


def _reverse(outs: list[int]) -> list[int]:
    """The edges of a bitmask graph turned round."""
    ins = [0] * len(outs)
    for i, m in enumerate(outs):
        for j in bits(m):
            ins[j] |= 1 << i
    return ins


def _phase_outs(g: PathGraph) -> list[list[int]]:
    """outs[p][i]: the cells j with ``is_open(i, j, k)`` for k % 3 == p."""
    n = g.n
    return [
        [sum(1 << j for j in bits(g.openmask[i]) if g.is_open(i, j, p)) for i in range(n)]
        for p in range(3)
    ]


class Reasoner:
    """Step domains plus the deductions; each ``try_*`` makes at most one deduction."""

    def __init__(
        self,
        g: PathGraph,
        domains: list[int] | None = None,
        *,
        quiet: bool = False,
    ) -> None:
        self.g = g
        n = g.n
        self.full = (1 << n) - 1
        self.outs = _phase_outs(g)
        #: ins[p][j]: the cells i with j in outs[p][i]
        self.ins = [_reverse(o) for o in self.outs]
        if domains is not None:
            self.d = list(domains)
        else:
            self.d = [0] + [self.full] * n  # d[k] for k in 1..n
        self.steps: list[LogicStep] = []
        #: a trial probe: apply every deduction a pass finds and record none (only whether
        #: a contradiction follows matters; the fixpoint is the same in any order)
        self.quiet = quiet

    # -- helpers ------------------------------------------------------------------------
    def name(self, cells: int | list[int]) -> tuple[str, ...]:
        cs = bits(cells) if isinstance(cells, int) else cells
        return tuple(self.g.ids[i] for i in cs)

    def record(self, technique: str, cells: int | list[int], reason: str) -> None:
        if self.quiet:
            return
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
        n, d = self.g.n, self.d
        progress = False
        for k in range(1, n + 1):
            m = d[k]
            if m and not m & (m - 1):
                hit = [s for s in range(1, n + 1) if s != k and d[s] & m]
                if hit:
                    for s in hit:
                        d[s] &= ~m
                    self.record(
                        "step_single",
                        m,
                        f"step {k} can only be {self.name(m)[0]}; it is no other step",
                    )
                    if not self.quiet:
                        return True
                    progress = True
        return progress

    def try_cell_single(self) -> bool:
        n, d = self.g.n, self.d
        ones = twos = fixed = 0
        for k in range(1, n + 1):
            m = d[k]
            twos |= ones & m
            ones |= m
            if m and not m & (m - 1):
                fixed |= m
        # cells that fit exactly one step, whose step is not yet theirs alone (lowest first)
        todo = ones & ~twos & ~fixed
        for i in bits(todo):
            b = 1 << i
            k = next((k for k in range(1, n + 1) if d[k] & b), 0)
            if not k:  # a cell fixed earlier in this pass took its only step
                raise Contradiction(f"{self.g.ids[i]} fits no step")
            d[k] = b
            self.record("cell_single", [i], f"{self.g.ids[i]} fits only step {k}: it is step {k}")
            if not self.quiet:
                return True
        return bool(todo)

    def _into(self, step: int, phase: int) -> tuple[int, int]:
        """Cells with a way to a cell of ``d[step]`` at moves of ``phase``: (at least one,
        at least two such cells), by counting bits over the cells of the step."""
        ins = self.ins[phase]
        ones = twos = 0
        cells = bits(self.d[step])
        spend(len(cells))
        for y in cells:
            m = ins[y]
            twos |= ones & m
            ones |= m
        return ones, twos

    def _unsupported(self, k: int) -> int:
        """Cells of step k with no open way from step k-1 or on to step k+1 (in the middle
        the way in and the way out must be two different cells)."""
        n, d, full = self.g.n, self.d, self.full
        in1, in2 = self._into(k - 1, (k - 1) % 3) if k > 1 else (full, full)
        out1, out2 = self._into(k + 1, k % 3) if k < n else (full, full)
        bad = d[k] & ~(in1 & out1)
        # one way in and one way out: both the same cell is no way through
        if 1 < k < n:
            o_in, o_out = self.outs[(k - 1) % 3], self.outs[k % 3]
            for x in bits(d[k] & in1 & ~in2 & out1 & ~out2):
                if d[k - 1] & o_in[x] == d[k + 1] & o_out[x]:
                    bad |= 1 << x
        return bad

    def try_reach(self) -> bool:
        n = self.g.n
        om = self.g.openmask
        progress = False
        for k in range(1, n + 1):
            bad = self._unsupported(k)
            if not bad:
                continue
            progress = True
            if self.quiet:
                self.d[k] &= ~bad
                continue
            low = bad & -bad
            x = low.bit_length() - 1
            self.d[k] &= ~low
            p = self.d[k - 1] & om[x] if k > 1 else -1
            q = self.d[k + 1] & om[x] if k < n else -1
            if p != 0 and q != 0 and not (p > 0 and q > 0 and p == q and not p & (p - 1)):
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
        return progress

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
        progress = False
        for x in bits(self.d[k + 1]):
            rem = self.full & ~visited & ~(1 << x)
            reach = flood(om, 1 << x, rem)
            live = rem | (1 << x)
            ends = sum(1 for i in bits(rem) if (om[i] & live).bit_count() <= 1)
            if reach & rem != rem or ends > 1:
                self.d[k + 1] &= ~(1 << x)
                progress = True
                if self.quiet:
                    continue
                why = (
                    "cuts the unvisited cells apart"
                    if reach & rem != rem
                    else "leaves two dead ends"
                )
                self.record("no_split", [x], f"{self.g.ids[x]} as step {k + 1} {why}")
                return True
        return progress

    SIMPLE = ("try_step_single", "try_cell_single", "try_reach", "try_no_split")

    def propagate(self) -> None:
        """Apply the simple deductions until none applies (raises Contradiction).

        Quiet (a trial probe), each pass runs every technique to the end instead of
        starting again after the first deduction: the same fixpoint in a handful of
        passes, where one deduction a pass rescanned the board some hundred times.
        """
        while True:
            tick()  # the caller's work budget (core.budget)
            self.check()
            if self.quiet:
                progress = False
                for t in self.SIMPLE:
                    progress = getattr(self, t)() or progress
            else:
                progress = any(getattr(self, t)() for t in self.SIMPLE)
            if not progress:
                self.check()
                return

    def probe(self) -> Reasoner:
        """A quiet copy of this state for one "what if" (the move tables shared)."""
        r = Reasoner.__new__(Reasoner)
        r.__dict__.update(self.__dict__)
        r.d = list(self.d)
        r.steps = []
        r.quiet = True
        return r

    def try_trial(self) -> bool:
        n = self.g.n
        for k in range(1, n + 1):
            if not self.d[k] & (self.d[k] - 1):
                continue
            for x in bits(self.d[k]):
                probe = self.probe()
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


#: exact-solver nodes spent looking for a second solution before the time-aware engine
#: runs (an open 37-hex board shows two in under 10,000; the look takes milliseconds)
AMBIGUITY_NODES = 20_000

#: the time-aware engine's own cap, in units of its work (cells looked at): a trial
#: sweep over an open board of 127 hexes would take minutes; ~1 s here at load 8
LOGIC_WORK = 3_000_000


def several_solutions(level: Level) -> GradeResult | None:
    """The grader's early refusal: when the exact solver finds two solutions within
    :data:`AMBIGUITY_NODES`, no chain of sound deductions can finish the level, so the
    answer is "unsolved" without the expensive "what if" sweep."""
    found = within(AMBIGUITY_NODES, lambda: solve(board_of(level), 2))
    if found is None or found.count < 2:
        return None
    a, b = found.solutions[:2]
    differ = tuple(x for x, y in zip(a, b, strict=True) if x != y)
    step = LogicStep(
        "several_solutions",
        differ,
        "the level has two or more solutions (they differ at "
        f"{' '.join(differ[:4])}{' …' if len(differ) > 4 else ''}), so logic cannot finish it",
    )
    return GradeResult(
        False, "unsolved", [step], {"several_solutions": 1}, {"several_solutions": True}
    )


def _domains(n: int, cand: list[int]) -> list[int]:
    """Step → cells (index 0 unused) from cell → steps."""
    return [0] + [sum(1 << i for i, c in enumerate(cand) if c >> k & 1) for k in range(1, n + 1)]


def _alternate(
    board: Board, g: StrokeGraph, d: Deduction, steps: list[LogicStep], lookahead: bool
) -> list[int] | None:
    """The two engines in turn, each continuing from what the other showed, while either
    finds something (no lookahead); only where both stall does ``trial`` run. Appends the
    steps made to ``steps``; the solution path when solved."""
    n = board.n
    while True:
        r = deduce(board, _domains(n, d.candidates), allow_trial=False)
        steps += r.steps
        if r.solved() or any(s.technique == "no_solution" for s in r.steps):
            break
        cand = [sum(1 << k for k in range(1, n + 1) if r.d[k] >> i & 1) for i in range(n)]
        if cand == d.candidates:
            if lookahead:  # both stalled: only "what if" is left
                r = deduce(board, r.d, allow_trial=True)
                steps += r.steps
            break
        d = stroke_deduce(g, REASONING, start=replace(d, candidates=cand))
        steps += d.steps
        if d.impossible or d.solved:
            return d.solution
    if r.solved() and not any(s.technique == "no_solution" for s in r.steps):
        return [r.d[k].bit_length() - 1 for k in range(1, n + 1)]
    return None


def grade(level: Level, lookahead: bool = True) -> GradeResult:
    """Number Stroke's deductions first; where they stall, the time-aware ones here.

    The grade is the path kit's over both engines' steps (paths/grades.py):
    ``turner_timing`` and ``no_split`` count as medium, any ``trial`` (lookahead) as
    expert.
    A level the exact solver shows to have two solutions is refused before the time-aware
    engine (see :func:`several_solutions`); that engine runs under :data:`LOGIC_WORK`
    (``BudgetExceeded``, CLI exit 3, when it runs out). ``lookahead=False`` stops where
    only a "what if" would go on (a generator rejecting such levels needs no more).
    """
    board = board_of(level)
    g = stroke_graph(board)
    d = stroke_deduce(g, REASONING)
    first_solved = d.solved
    steps = list(d.steps)
    label = grade_of(d)
    solved = d.solved
    path = d.solution
    if d.impossible:
        return GradeResult(False, "invalid", steps, dict(d.techniques), {"impossible": True})
    if not solved:
        refused = several_solutions(level)
        if refused is not None:
            refused.steps[:0] = steps
            refused.techniques = {**d.techniques, **refused.techniques}
            return refused
        with capped(LOGIC_WORK):
            path = _alternate(board, g, d, steps, lookahead)
        solved = path is not None and not any(s.technique == "no_solution" for s in steps)
    techniques: dict[str, int] = {}
    for st in steps:
        techniques[st.technique] = techniques.get(st.technique, 0) + 1
    if not first_solved:
        label = GRADES[grade_band(techniques, effort_of(steps))]
    forks = branch_points(g.adj, path, 1 in board.clue.values(), g.step_edge) if path else 0
    name = label if solved else "unsolved"
    return GradeResult(
        solved=solved,
        grade=name,
        steps=steps,
        techniques=techniques,
        details={
            "stroke_engine_solved": first_solved,
            "max_depth": d.max_depth,
            "branch_points": forks,
        },
        score=score_of(name, techniques, forks, steps),
    )


# ---- 为什么 / Why on Hex Walls -------------------------------------------------------------
#: every technique of :class:`Reasoner` (``deduce`` records these)
HEX_TECHNIQUES = (
    "clue",
    "step_single",
    "cell_single",
    "reach",
    "turner_timing",
    "no_split",
    "trial",
)
#: the package whose words (``hx.why.*``) Hex Walls' Why says
_WORDS = "puzzlesmith.hexwalls"
#: technique → (zh, en): the Why's clause (paths/explain.py says the step and its cell
#: first); {cells} names the cell the deduction is about, {reads} the cells it rests on.
#: The sentences are the catalogue's (hexwalls/words), taken once when this module loads.
HEX_WORDS: dict[str, tuple[str, str]] = {
    "clue": both("hx.why.clause.clue", _WORDS),
    "step_single": both("hx.why.clause.step_single", _WORDS),
    "cell_single": both("hx.why.clause.cell_single", _WORDS),
    "reach": both("hx.why.clause.reach", _WORDS),
    "turner_timing": both("hx.why.clause.turner_timing", _WORDS),
    "no_split": both("hx.why.clause.no_split", _WORDS),
    "trial": both("hx.why.clause.trial", _WORDS),
}
#: an exclusion that leaves one cell for the next step, as the Why says it: the excluded
#: cell ringed (read, {reads}), the step's last cell lit (concluded); {steps} is that step
HEX_PINNED: dict[str, tuple[str, str]] = {
    "reach": both("hx.why.pinned.reach", _WORDS),
    "turner_timing": both("hx.why.pinned.turner_timing", _WORDS),
    "no_split": both("hx.why.pinned.no_split", _WORDS),
    "trial": both("hx.why.pinned.trial", _WORDS),
}
#: technique → (zh, en): its short name
HEX_NAMES: dict[str, tuple[str, str]] = {
    "clue": both("hx.why.name.clue", _WORDS),
    "step_single": both("hx.why.name.step_single", _WORDS),
    "cell_single": both("hx.why.name.cell_single", _WORDS),
    "reach": both("hx.why.name.reach", _WORDS),
    "turner_timing": both("hx.why.name.turner_timing", _WORDS),
    "no_split": both("hx.why.name.no_split", _WORDS),
    "trial": both("hx.why.name.trial", _WORDS),
}
#: deductions tried before the Why gives up
HEX_MAX_ROUNDS = 400


def hex_why(
    board: Board,
    solution: list[str],
    given: dict[int, int],
    step: int,
) -> dict[str, Any] | None:
    """The Hex Walls engine's deduction that fixes step ``step`` (1-based) to its cell of
    the solution, from the player's sound position (``given``: cell → step, the clues,
    revealed numbers and the correct start of the path), as the Why hint shows it:
    the cells it concludes, the cells it read, one sentence. None when it cannot."""
    ids = board.ids
    r = _reasoner(board, given)
    nxt = ids.index(solution[step - 1])
    want = 1 << nxt
    try:
        for made in range(HEX_MAX_ROUNDS):
            if r.d[step] == want:
                return None  # fixed without a deduction: the path engine's answer stands
            r.check()
            before, logged = list(r.d), len(r.steps)
            if not any(getattr(r, t)() for t in _ORDER):
                return None
            if r.d[step] == want:
                return {**_hex_answer(r, before, r.steps[logged], nxt, step), "after": made}
    except Contradiction:
        return None
    return None


_ORDER = (*Reasoner.SIMPLE, "try_trial")


def _reasoner(board: Board, given: dict[int, int]) -> Reasoner:
    """The engine with ``given`` (cell → step) as its clues."""
    r = Reasoner(board)
    fixed = sum(1 << i for i in given)
    for k in range(1, board.n + 1):
        r.d[k] &= ~fixed
    for i, k in given.items():
        r.d[k] = 1 << i
    return r


def hex_deductions(board: Board, given: dict[int, int], first: str | None = None) -> Iterator[JSON]:
    """The engine's deductions from a sound position in the order it makes them, each as
    the Why would show it (the Why shows the one that fixes the next step); ``first``: a
    technique tried before the others (a walk over every technique)."""
    lead = f"try_{'reach' if first == 'turner_timing' else first}"  # reach records both
    order = _ORDER if first is None else (lead, *(t for t in _ORDER if t != lead))
    r = _reasoner(board, given)
    try:
        for _ in range(HEX_MAX_ROUNDS):
            if r.solved():
                return
            r.check()
            before, logged = list(r.d), len(r.steps)
            if not any(getattr(r, t)() for t in order):
                return
            yield _hex_answer(r, before, r.steps[logged], None, 0)
    except Contradiction:
        return


def _hex_reads(r: Reasoner, before: list[int], t: str, x: int, steps: list[int]) -> set[int]:
    """The cells a deduction on cell ``x`` rests on: the open neighbours that could hold
    the steps around (reach, turner timing), or the path's end (no split)."""
    g, n = r.g, r.g.n
    reads: set[int] = set()
    if t in ("reach", "turner_timing"):
        for k in steps:
            around = (before[k - 1] if k > 1 else 0) | (before[k + 1] if k < n else 0)
            reads |= set(bits(g.openmask[x] & around))
    elif t == "no_split":
        pre = r.prefix() or []
        reads |= set(pre[-1:])
    return reads


def _hex_answer(
    r: Reasoner, before: list[int], done: LogicStep, nxt: int | None, step: int
) -> JSON:
    """The Why of the deduction ``done`` made on ``before`` (which pinned ``nxt`` at step
    ``step``, when given)."""
    g, n = r.g, r.g.n
    ids = g.ids
    removed = [(k, i) for k in range(1, n + 1) for i in bits(before[k] & ~r.d[k])]
    cells = sorted({i for _, i in removed} | ({nxt} if nxt is not None else set()))
    x = ids.index(done.cells[0]) if done.cells else cells[0]
    t = done.technique
    if t in ("step_single", "cell_single"):
        steps = [k for k in range(1, n + 1) if r.d[k] == 1 << x]
    else:
        steps = sorted({k for k, i in removed if i == x})
    reads = _hex_reads(r, before, t, x, steps)
    words, said, subject = HEX_WORDS[t], steps, [ids[x]]
    if nxt is not None and x != nxt and t in HEX_PINNED:  # x ruled out: nxt is left
        reads.add(x)
        cells = [nxt]
        words, said, subject = HEX_PINNED[t], [step], [ids[nxt]]
    reads -= set(cells)
    why = clause(words, subject, [ids[i] for i in sorted(reads)], said)
    zh, en = as_sentence(why) if nxt is None else because(step, ids[nxt], why)
    concludes = [
        {
            "cell": ids[i],
            "steps": [step] if i == nxt else [k for k in range(1, n + 1) if r.d[k] >> i & 1],
        }
        for i in cells
    ]
    return {
        "kind": "why",
        "verdict": "step",
        "technique": t,
        "name_zh": HEX_NAMES[t][0],
        "name_en": HEX_NAMES[t][1],
        "after": 0,
        "cells": [ids[i] for i in cells],
        "reads": [ids[i] for i in sorted(reads)],
        "concludes": concludes,
        "reason_zh": zh,
        "reason_en": en,
    }
