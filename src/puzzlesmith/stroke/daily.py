"""Number Stroke's week of dailies (core/ramp): N about 12–30 over the week and the
generator's grade rising with it, easy on Monday, medium Tuesday to Thursday, hard from
Friday (hard by thinking: the generator never keeps a level that needs lookahead).

Hard levels score about 248–258 whatever their size (the step model lifts a level by its
thinking, not its cell count), so Friday to Sunday are told apart by their score bands:
Friday takes the lighter hard levels, Sunday the heavier (or an expert one). Expert levels
take N 30–40 and several CPU seconds each, too slow for a daily built on first request.
"""

from __future__ import annotations

from puzzlesmith.core.ramp import DailyRamp


def _day(n: str, big: str, grade: str) -> dict[str, object]:
    return {"n": n, "big": big, "grade": grade, "attempts": 4000}


RAMP = DailyRamp(
    options=(
        _day("12-14", "1-2", "easy-medium"),
        _day("14-17", "1-2", "medium"),
        _day("16-19", "1-3", "medium"),
        _day("21-25", "2-3", "medium"),
        _day("17-21", "1-3", "hard"),
        _day("21-25", "2-3", "hard"),
        _day("24-28", "2-4", "hard-expert"),
    ),
    bands=(
        (0.0, 100.0),
        (100.0, 138.0),
        (138.0, 145.0),
        (145.0, 200.0),
        (200.0, 251.0),
        (251.0, 255.0),
        (255.0, 400.0),
    ),
)
