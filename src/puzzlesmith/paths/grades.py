"""The grades of the path puzzles: what the hardest deduction needed says about a level.

Both path modes grade on one scale so a Number Stroke "hard" and a Hex Walls "hard"
ask the same of a player:

- ``easy``: ends, forced neighbours, cells next to known steps (and singles);
- ``medium``: also counting moves, avoiding loops, parity colouring, cut cells,
  turning-wall timing, not splitting the cells left;
- ``hard``: a dead end read off a placement, or :data:`HARD_THINKING` of thinking;
- ``expert``: :data:`EXPERT_THINKING` of thinking — or any lookahead (``contradiction``,
  ``trial``: assume a placement and follow it), which nothing shipped may need.

The thinking is core/score.py's step model over the trace (each step's cost, how far it
reaches back, routine steps sublinear); :func:`score_of` places the whole effort inside
the grade's band. docs/difficulty.md has the model and its calibration.
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Mapping, Sequence

from puzzlesmith.core.bits import bits
from puzzlesmith.core.mode import LogicStep
from puzzlesmith.core.score import BRANCH_COST, Effort, band_score, step_effort
from puzzlesmith.paths.techniques import LOOKAHEAD, Deduction, StepEdge

GRADES: tuple[str, ...] = ("easy", "medium", "hard", "expert")

#: the grade each technique lifts a level to (contradiction depends on depth and count)
_WEIGHT: dict[str, int] = {
    "single": 0,
    "ends": 0,
    "two_neighbours": 0,
    "clue_neighbours": 0,
    "no_loop": 1,
    "distance": 1,
    "parity": 1,
    "connectivity": 1,
    "dead_end": 2,
    "turner_timing": 1,
    "no_split": 1,
}

#: what an "easy" level may need: the techniques that do not lift the grade
EASY_TECHNIQUES: tuple[str, ...] = tuple(t for t, w in _WEIGHT.items() if w == 0)

#: the thinking (core/score.py's step model) that makes a level hard, and expert
HARD_THINKING = 20.0
EXPERT_THINKING = 40.0


def grade_of(d: Deduction) -> str:
    """The grade of a deduction (stuck levels still get the grade of what was needed).

    >>> from puzzlesmith.paths.techniques import Deduction
    >>> grade_of(Deduction(True, False, [0], [], {"distance": 2}, 0, [2]))
    'medium'
    """
    return GRADES[grade_band(d.techniques, effort_of(d.steps))]


def effort_of(steps: Sequence[LogicStep]) -> Effort:
    """The step model's effort (core/score.py) of a path solve's trace."""
    return step_effort([(s.technique, s.cells) for s in steps], COSTS, LOOKAHEAD)


def grade_band(counts: Mapping[str, int], effort: Effort) -> int:
    """The grade band of a solve: its hardest idea, lifted by how much thinking it took.

    Lookahead is the top band whatever else the level asks (nothing shipped may need it);
    otherwise the techniques set the floor (easy ones 0, counting/parity/connectivity 1,
    a dead end read off a placement 2) and the thinking lifts it: :data:`HARD_THINKING`
    makes a level hard, :data:`EXPERT_THINKING` expert.
    """
    if any(counts.get(t, 0) for t in LOOKAHEAD):
        return len(GRADES) - 1
    level = max((_WEIGHT.get(t, 0) for t, k in counts.items() if k), default=0)
    if level == 0:
        return 0
    if effort.thinking >= EXPERT_THINKING:
        return 3
    if effort.thinking >= HARD_THINKING:
        return max(level, 2)
    return level


def grade_index(name: str) -> int:
    """Position of a grade name in :data:`GRADES` (ValueError names the valid ones)."""
    try:
        return GRADES.index(name)
    except ValueError:
        raise ValueError(f"unknown grade {name!r}; use one of {', '.join(GRADES)}") from None


def harder(name: str, index: int) -> str:
    """The harder of a grade name and a grade index (a second engine's verdict).

    >>> harder("medium", 2), harder("hard", 0)
    ('hard', 'hard')
    """
    return GRADES[max(grade_index(name), index)]


#: what one use of a technique costs a person (core/score.py sums them); the engines'
#: extra deductions (Hex Walls' timing and trials) are priced with the same scale
COSTS: dict[str, float] = {
    "single": 1.0,
    "ends": 1.0,
    "two_neighbours": 1.0,
    "clue_neighbours": 1.0,
    "no_loop": 2.0,
    "distance": 3.0,
    "parity": 3.0,
    "connectivity": 3.0,
    "dead_end": 4.0,
    "contradiction": 12.0,
    "turner_timing": 3.0,
    "no_split": 3.0,
    "trial": 12.0,
}


def branch_points(
    adj: Sequence[int],
    path: Sequence[int],
    started: bool,
    step_edge: StepEdge | None = None,
) -> int:
    """The forks a player meets walking the solution: steps taken from a cell that had two
    or more unvisited neighbours open at that moment (plus one when no start is given).

    >>> branch_points([0b010, 0b101, 0b010], [0, 1, 2], started=True)
    0
    >>> branch_points([0b110, 0b101, 0b011], [0, 1, 2], started=True)
    1
    """
    seen = 0
    forks = 0 if started else 1
    for s, (a, b) in enumerate(itertools.pairwise(path), start=1):
        seen |= 1 << a
        free = adj[a] & ~seen & ~(1 << b)
        if step_edge is not None:
            free = sum(1 << j for j in bits(free) if step_edge(a, j, s))
        forks += free != 0
    return forks


def score_of(
    grade: str, counts: Mapping[str, int], forks: int, steps: Sequence[LogicStep] = ()
) -> float:
    """The finer score of a path level: its grade's band plus the effort inside it (the
    step model over ``steps``; the solution's forks add tedium, not thinking)."""
    band = GRADES.index(grade) if grade in GRADES else len(GRADES) - 1
    if steps:
        effort = effort_of(steps).total
    else:  # counts only: every use at its cost, as if each followed on from the last
        effort = sum(COSTS.get(t, 1.0) * k for t, k in counts.items())
    return band_score(band, effort + BRANCH_COST * math.sqrt(forks))
