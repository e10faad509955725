"""Number Stroke solved like a person: named deductions, a trace, and a grade.

The deduction engine itself is geometry-free (:mod:`puzzlesmith.paths.techniques`);
this module turns a level into its cell graph and the engine's findings into a
:class:`~puzzlesmith.core.mode.GradeResult`. ``solved`` is True only when the level was
finished by the named techniques, a single bounded contradiction counting as logic
("if I go here, cell X is stranded"); anything needing open-ended search is *stuck*.

Grades, from the hardest thing needed:

- ``easy``: ends, forced neighbours, cells next to known steps (and singles);
- ``medium``: also counting moves, avoiding loops, parity colouring, cut cells, or a
  single very short contradiction (depth ≤ 3);
- ``hard``: one or two contradictions of depth ≤ 8;
- ``expert``: longer contradictions, or more than two of them.

>>> from puzzlesmith.stroke.board import parse_level
>>> lv = parse_level({"id": "t", "cells": [
...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
...     {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
...     {"id": "c", "x": 1, "y": 1, "w": 1, "h": 1}]})[0]
>>> r = grade(lv)
>>> r.solved, r.grade, r.details["solution"]
(True, 'easy', ['a', 'b', 'c'])
"""

from __future__ import annotations

from collections.abc import Collection

from puzzlesmith.core.mode import GradeResult
from puzzlesmith.stroke.board import Board, Level, board_of
from puzzlesmith.paths.techniques import (
    DEPTH_BUDGETS,
    TECHNIQUES,
    Deduction,
    PathGraph,
    deduce,
)

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


def graph_of(board: Board) -> PathGraph:
    """The geometry-free graph the deduction engine works on."""
    return PathGraph(board.ids, board.adjmask, dict(board.clue), dict(board.parity))


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


def deduce_level(
    level: Level,
    techniques: Collection[str] = TECHNIQUES,
    depth_budgets: tuple[int, ...] = DEPTH_BUDGETS,
) -> Deduction:
    return deduce(graph_of(board_of(level)), techniques, depth_budgets)


def grade(level: Level, techniques: Collection[str] = TECHNIQUES) -> GradeResult:
    """Solve by logic only; the steps say why, the grade says how hard."""
    board = board_of(level)
    d = deduce(graph_of(board), techniques)
    details: dict[str, object] = {
        "max_depth": d.max_depth,
        "impossible": d.impossible,
        "solution": [board.ids[i] for i in d.solution] if d.solution is not None else None,
    }
    if not d.solved:
        details["open"] = {
            board.ids[i]: [s for s in range(1, board.n + 1) if (c >> s) & 1]
            for i, c in enumerate(d.candidates)
            if c & (c - 1)
        }
    return GradeResult(
        solved=d.solved,
        grade=grade_of(d) if not d.impossible else "invalid",
        steps=d.steps,
        techniques=d.techniques,
        details=details,
    )
