"""Number Stroke solved like a person: named deductions, a trace, and a grade.

The deduction engine itself is geometry-free (:mod:`puzzlesmith.paths.techniques`);
this module turns a level into its cell graph and the engine's findings into a
:class:`~puzzlesmith.core.mode.GradeResult`. ``solved`` is True only when the level was
finished by the named techniques, a single bounded contradiction counting as logic
("if I go here, cell X is stranded"); anything needing open-ended search is *stuck*.

The grades are the path kit's (:mod:`puzzlesmith.paths.grades`), shared with Hex Walls.

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
from puzzlesmith.paths.grades import branch_points, grade_of, score_of
from puzzlesmith.paths.techniques import (
    DEPTH_BUDGETS,
    TECHNIQUES,
    Deduction,
    PathGraph,
    deduce,
)
from puzzlesmith.stroke.board import Board, Level, board_of


def graph_of(board: Board) -> PathGraph:
    """The geometry-free graph the deduction engine works on."""
    return PathGraph(board.ids, board.adjmask, dict(board.clue), dict(board.parity))


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
    name = grade_of(d) if not d.impossible else "invalid"
    forks = 0
    if d.solution is not None:
        forks = branch_points(board.adjmask, d.solution, 1 in board.clue.values())
    details["branch_points"] = forks
    return GradeResult(
        solved=d.solved,
        grade=name,
        steps=d.steps,
        techniques=d.techniques,
        details=details,
        score=score_of(name, d.techniques, forks, d.steps),
    )
