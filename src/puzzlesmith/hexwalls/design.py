"""Designer aids for ``puzzlesmith hex design``: removable clues and alternative clue sets.

Same meaning as Number Stroke's ``design --minimize/--suggest`` (seed 001 §3.3):
a removable clue is one whose removal alone keeps the level unique; a suggestion
is a small clue set, taken from the level's unique solution, that makes the
board with its walls and turners unique.
"""

from __future__ import annotations

from itertools import combinations
from typing import Any

from puzzlesmith.hexwalls.board import HexCell, Level, board_of
from puzzlesmith.hexwalls.solver import count, solve


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


def suggest_clue_sets(level: Level, k: int, *, max_size: int = 4) -> list[dict[str, Any]]:
    """Up to k clue sets making the level unique: fewest clues first, then widest spacing.

    Clue 1 (a fixed start) is always offered, as in the tutorial convention; the
    other clues are steps of the current unique (or first) solution.
    """
    first = solve(board_of(level), 1)
    if not first.solutions:
        return []
    sol: list[str] = first.solutions[0]
    n = len(sol)
    out: list[dict[str, Any]] = []
    for size in range(0, max_size):
        ranked = sorted(
            combinations(range(2, n + 1), size),
            key=lambda steps: (
                -min(b - a for a, b in zip((1, *steps), (*steps, n + 1), strict=False))
            ),
        )
        for steps in ranked:
            clues = {sol[0]: 1, **{sol[s - 1]: s for s in steps}}
            if count(board_of(_with_clues(level, clues)), 2) == 1:
                out.append({"clues": clues, "size": len(clues)})
                if len(out) >= k:
                    return out
    return out
