"""Cows' week of dailies (core/ramp): 7×7 on Monday to 10×10 on Sunday, the generator's
grade rising with it; the score band picks (no lookahead)."""

from __future__ import annotations

from puzzlesmith.core.ramp import DailyRamp

RAMP = DailyRamp(
    options=(
        {"size": 7, "grade": "easy"},
        {"size": 7, "grade": "medium"},
        {"size": 8, "grade": "medium"},
        {"size": 8, "grade": "medium"},
        {"size": 9, "grade": "hard"},
        {"size": 9, "grade": "hard"},
        {"size": 10, "grade": "hard"},
    )
)
