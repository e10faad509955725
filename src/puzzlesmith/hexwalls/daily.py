"""Hex Walls' week of dailies (core/ramp): more hexes and walls, a turning wall from
Thursday, clues on the first three days; easy on Monday, medium to Thursday, hard from
Friday by thinking (the generator never keeps a level that needs lookahead).

Hard levels score about 245–270 whatever their size, so Friday to Sunday are told apart by
their score bands: Friday the lighter hard levels, Sunday the heavier (or an expert one).
A hard board takes a turning wall (without one the generator rarely finds hard thinking)
and a few CPU seconds a candidate, so the late-week boards stay at 14–16 hexes.
"""

from __future__ import annotations

from puzzlesmith.core.ramp import DailyRamp


def _day(cells: int, walls: int, turners: int, clues: int, grade: str) -> dict[str, object]:
    # clues_max pinned: the generator's by-grade clue spread would change every daily
    return {
        "cells": cells,
        "walls": walls,
        "turners": turners,
        "clues": clues,
        "clues_max": clues,
        "grade": grade,
    }


RAMP = DailyRamp(
    options=(
        _day(10, 3, 0, 1, "easy"),
        _day(12, 4, 0, 1, "easy-medium"),
        _day(14, 4, 0, 1, "easy-medium"),
        _day(15, 4, 1, 0, "medium"),
        _day(14, 4, 1, 0, "hard"),
        _day(16, 5, 1, 0, "hard-expert"),
        _day(16, 5, 1, 0, "hard-expert"),
    ),
    bands=(
        (0.0, 100.0),
        (100.0, 135.0),
        (135.0, 145.0),
        (145.0, 200.0),
        (200.0, 255.0),
        (255.0, 300.0),
        (262.0, 400.0),
    ),
)
