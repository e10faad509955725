"""Designer aids for ``puzzlesmith hex design``: removable clues and alternative clue sets.

Same meaning as Number Stroke's ``design --minimize/--suggest`` (seed 001 §3.3):
a removable clue is one whose removal alone keeps the level unique; a suggestion
keeps the designer's clues and adds a few steps of a solution, so that the board
with its walls and turners becomes unique (the same search as Number Stroke's).
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.cluerules import SuggestRules
from puzzlesmith.hexwalls.board import HexCell, Level, board_of
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.solver import count, solve
from puzzlesmith.paths.suggest import describe, extend, plan


def _with_clues(level: Level, clues: dict[str, int]) -> Level:
    cells = tuple(HexCell(c.id, c.q, c.r, clues.get(c.id)) for c in level.cells)
    return level.with_(cells=cells)


def removable_clues(level: Level) -> list[str]:
    """Cell ids whose clue can go, one at a time, with the level still unique."""
    clues = {c.id: c.clue for c in level.cells if c.clue is not None}
    out = []
    for cid in clues:
        rest = {k: v for k, v in clues.items() if k != cid}
        if count(board_of(_with_clues(level, rest)), 2) == 1:
            out.append(cid)
    return out


def suggest_clue_sets(
    level: Level, k: int, rules: SuggestRules | None = None
) -> list[dict[str, Any]]:  # fmt: skip
    """Up to k ranked clue sets that extend the level's clues and make the board with its
    walls and turners unique (:mod:`puzzlesmith.paths.suggest`, as Number Stroke's),
    each with its grade and score."""
    clued = {c.id: c.clue for c in level.cells if c.clue is not None}
    first = solve(board_of(level), 1)
    if not first.solutions or k <= 0:
        return []
    p = plan(tuple(first.solutions[0]), clued, rules or SuggestRules(mode="hex"))

    def unique(clues: dict[str, int]) -> bool:
        return count(board_of(_with_clues(level, clues)), 2) == 1

    def graded(clues: dict[str, int]) -> tuple[str, float]:
        g = grade(_with_clues(level, clues))
        return (g.grade if g.solved else "unsolved"), g.score

    return [describe(p, steps, str, graded) for steps in extend(p, unique, k)]
