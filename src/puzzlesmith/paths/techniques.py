"""Human-style deductions for a numbered Hamiltonian path on any cell graph: the table.

The engine knows nothing about polyominoes: a :class:`PathGraph` is cells, adjacency
bitmasks and clues, so the Hex Walls mode reuses it (a static wall just removes an
edge; a turning wall is a per-step edge predicate, ``step_edge``). Each named technique
narrows the engine's state and records a :class:`~puzzlesmith.core.mode.LogicStep`
whose reason a designer can follow; the rules themselves run silently after every step.

This module is the engine's front: the table of techniques in the order they are tried
(:data:`STEPS`), the engine built with it (:func:`engine`) and :func:`deduce`; every
name callers import (``LOOKAHEAD``, ``PathGraph``, ...) is importable from here. The
state and the rules are in :mod:`puzzlesmith.paths.logic.engine`, each technique family
in a module beside it, whose docstring says what its techniques read; all of them are
compiled together (``puzzlesmith._native.MODULES``). Cheapest first (stable names):

- ``single``, ``ends``, ``two_neighbours``: what leaves no choice (``logic.forcing``);
- ``clue_neighbours``: who stands next to a known step (``logic.clues``);
- ``no_loop``: a chain of joined cells is not closed into a loop (``logic.forcing``);
- ``distance``: how far from the known steps a cell may be (``logic.clues``);
- ``parity``: steps alternate colours on a two-colourable area (``logic.parity``);
- ``connectivity``: a cut cell's step from the sizes of the parts (``logic.connectivity``);
- ``dead_end``: what one placement excludes directly (``logic.lookahead``);
- ``contradiction``: one placement followed until it breaks a rule (``logic.lookahead``).

>>> line = (0b010, 0b101, 0b010)
>>> deduce(PathGraph(("a", "b", "c"), line, {1: 2})).solved  # a-b-c or c-b-a
False
>>> deduce(PathGraph(("a", "b", "c"), (0b010, 0b101, 0b010), {0: 1})).solution
[0, 1, 2]
"""

from __future__ import annotations

from collections.abc import Collection

from puzzlesmith.core.budget import capped
from puzzlesmith.core.mode import LogicStep
from puzzlesmith.core.score import LOOKAHEAD_TECHNIQUES
from puzzlesmith.paths.logic.clues import t_clue_neighbours, t_distance
from puzzlesmith.paths.logic.connectivity import t_connectivity
from puzzlesmith.paths.logic.engine import (
    DEPTH_BUDGETS,
    Contradiction,
    Deduction,
    Engine,
    PathGraph,
    StepEdge,
    Technique,
)
from puzzlesmith.paths.logic.forcing import t_ends, t_no_loop, t_single, t_two_neighbours
from puzzlesmith.paths.logic.lookahead import t_contradiction, t_dead_end
from puzzlesmith.paths.logic.parity import t_parity

__all__ = [
    "DEPTH_BUDGETS",
    "LOGIC_WORK",
    "LOOKAHEAD",
    "REASONING",
    "STEPS",
    "TECHNIQUES",
    "Contradiction",
    "Deduction",
    "Engine",
    "PathGraph",
    "StepEdge",
    "deduce",
    "engine",
]

#: name → technique, cheapest first: the order the engine tries them in (the functions
#: are imported by name, not as ``logic.forcing.t_ends``: tests/stroke/support.py swaps in
#: the whole family's sources, which a package attribute would bypass)
STEPS: dict[str, Technique] = {
    "single": t_single,
    "ends": t_ends,
    "two_neighbours": t_two_neighbours,
    "clue_neighbours": t_clue_neighbours,
    "no_loop": t_no_loop,
    "distance": t_distance,
    "parity": t_parity,
    "connectivity": t_connectivity,
    "dead_end": t_dead_end,
    "contradiction": t_contradiction,
}

TECHNIQUES: tuple[str, ...] = tuple(STEPS)

#: techniques that assume a placement and follow its consequences (a person's "what
#: if"): the grader names and counts them, and nothing shipped may need one
LOOKAHEAD: frozenset[str] = LOOKAHEAD_TECHNIQUES
#: every technique of the engine but lookahead: what a made level may need
REASONING: tuple[str, ...] = tuple(t for t in TECHNIQUES if t not in LOOKAHEAD)

#: the engine's own cap, in cells looked at (``BudgetExceeded``, CLI exit 3, beyond it):
#: a 400-cell board with 8 clues needs 4.6M (1.3 s CPU here); the shipped levels 3,300
LOGIC_WORK = 6_000_000


def engine(
    g: PathGraph,
    techniques: Collection[str],
    depth_budgets: tuple[int, ...] = DEPTH_BUDGETS,
    start: Deduction | None = None,
) -> Engine:
    """An engine that may run ``techniques`` (in the table's order), the givens applied.

    :func:`deduce` and the hints (``paths.explain``) start from this one state; ``start``
    as in :func:`deduce`.
    """
    e = Engine(g, set(techniques), STEPS, depth_budgets=depth_budgets)
    if start is not None:
        e.cand = list(start.candidates)
        if start.links:
            e.link = list(start.links)
            e.nb = [a & b for a, b in zip(start.usable, g.adj, strict=True)]
    for i, s in g.clue.items():
        e.cand[i] &= 1 << s
    for i, par in g.parity.items():
        e.cand[i] &= e.odd if par else e.even
    return e


def deduce(
    g: PathGraph,
    techniques: Collection[str] = TECHNIQUES,
    depth_budgets: tuple[int, ...] = DEPTH_BUDGETS,
    start: Deduction | None = None,
) -> Deduction:
    """Solve by named techniques only; never guesses beyond one bounded contradiction.

    ``start`` continues from an earlier run's state (narrowed further by another engine:
    Hex Walls' time-aware one), so what was shown is not shown again.
    """
    e = engine(g, techniques, depth_budgets, start)
    n = g.n
    impossible = False
    try:
        with capped(LOGIC_WORK):
            e.run()
    except Contradiction as exc:
        impossible = True
        e.log.append(LogicStep("no_solution", tuple(g.names[i] for i in exc.cells), exc.reason))
    solution: list[int] | None = None
    if not impossible and e.solved():
        at = e.where()
        solution = [at[s] for s in range(1, n + 1)]
    counts: dict[str, int] = {}
    for st in e.log:
        counts[st.technique] = counts.get(st.technique, 0) + 1
    return Deduction(
        solved=solution is not None,
        impossible=impossible,
        solution=solution,
        steps=e.log,
        techniques=counts,
        max_depth=e.max_depth,
        candidates=list(e.cand),
        links=list(e.link),
        usable=list(e.nb),
    )
