"""Number Stroke's week of dailies (core/ramp): N about 12–30 over the week, the score band
picks. Today's grader reaches "hard" only through contradictions (lookahead, never in a
daily), so the generator is asked for medium levels from Wednesday: the bigger board scores
higher inside medium. Ask for "medium-hard" here once hard levels need no lookahead."""

from __future__ import annotations

from puzzlesmith.core.ramp import DailyRamp


def _day(n: str, big: str, grade: str) -> dict[str, object]:
    return {"n": n, "big": big, "grade": grade, "attempts": 4000}


RAMP = DailyRamp(
    options=(
        _day("12-14", "1-2", "easy-medium"),
        _day("14-17", "1-2", "easy-medium"),
        _day("16-19", "1-3", "medium"),
        _day("18-22", "1-3", "medium"),
        _day("21-25", "2-3", "medium"),
        _day("24-28", "2-4", "medium"),
        _day("27-30", "2-4", "medium"),
    )
)
