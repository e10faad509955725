"""The grades of the path puzzles: what the hardest deduction needed says about a level.

Both path modes grade on one scale so a Number Stroke "hard" and a Hex Walls "hard"
ask the same of a player:

- ``easy``: ends, forced neighbours, cells next to known steps (and singles);
- ``medium``: also counting moves, avoiding loops, parity colouring, cut cells, or a
  single very short contradiction (depth ≤ 3);
- ``hard``: one or two contradictions of depth ≤ 8;
- ``expert``: longer contradictions, or more than two of them.

Inside a grade, :func:`score_of` measures the whole solve (technique costs, steps and
the solution's branch points) on the scale of :mod:`puzzlesmith.core.score`.
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence

from puzzlesmith.core.bits import bits
from puzzlesmith.core.score import band_score, work
from puzzlesmith.paths.techniques import Deduction, StepEdge

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
}

#: what an "easy" level may need: the techniques that do not lift the grade
EASY_TECHNIQUES: tuple[str, ...] = tuple(t for t, w in _WEIGHT.items() if w == 0)

#: one contradiction up to this depth is a quick look-ahead ("medium")
GLANCE_DEPTH = 3
#: contradictions up to this depth, at most two of them, grade "hard"
HARD_DEPTH = 8


def grade_of(d: Deduction) -> str:
    """The grade of a deduction (stuck levels still get the grade of what was needed).

    >>> from puzzlesmith.paths.techniques import Deduction
    >>> grade_of(Deduction(True, False, [0], [], {"distance": 2}, 0, [2]))
    'medium'
    """
    level = 0
    for name, times in d.techniques.items():
        if name == "contradiction":
            if times == 1 and d.max_depth <= GLANCE_DEPTH:
                level = max(level, 1)
            elif times <= 2 and d.max_depth <= HARD_DEPTH:
                level = max(level, 2)
            else:
                level = 3
        elif times:
            level = max(level, _WEIGHT.get(name, 0))
    return GRADES[level]


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
    "contradiction": 6.0,
    "turner_timing": 3.0,
    "no_split": 3.0,
    "trial": 8.0,
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


def score_of(grade: str, counts: Mapping[str, int], forks: int) -> float:
    """The finer score of a path level: its grade's band plus the work inside it."""
    band = GRADES.index(grade) if grade in GRADES else len(GRADES) - 1
    return band_score(band, work(COSTS, counts, forks))
