"""Hex Walls' week of dailies (core/ramp): more hexes and walls, turners from Thursday,
clues on the first three days; the score band picks (no lookahead)."""

from __future__ import annotations

from puzzlesmith.core.ramp import DailyRamp


def _day(cells: int, walls: int, turners: int, clues: int) -> dict[str, object]:
    # "easy-medium": today's grader reaches hard only through contradictions (lookahead,
    # never in a daily); widen it once hard levels need no lookahead
    grade = "easy" if cells < 12 else "easy-medium"
    return {"cells": cells, "walls": walls, "turners": turners, "clues": clues, "grade": grade}


RAMP = DailyRamp(
    options=(
        _day(10, 3, 0, 1),
        _day(12, 4, 0, 1),
        _day(14, 4, 0, 1),
        _day(15, 4, 1, 0),
        _day(16, 5, 1, 0),
        _day(18, 5, 1, 0),
        _day(20, 6, 1, 0),
    )
)
