"""The weekly ramp of the dailies: each mode declares its week (``Mode.daily_ramp``,
core/ramp: generator options and score bands per weekday); this module names no mode.
A mode that declares nothing gets its generator's defaults and the shared bands."""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.mode import GradeResult, Mode
from puzzlesmith.core.ramp import miss, needs_lookahead, within_week_limits


def options_for(mode: Mode[Any], weekday: int) -> Any:
    """The generator options of ``mode``'s daily on ``weekday`` (0 = Monday … 6 = Sunday)."""
    return mode.daily_options(weekday)


def lookahead_of(mode: Mode[Any], graded: GradeResult) -> list[str]:
    """The lookahead techniques a graded candidate needs (a daily needs none)."""
    used = [t for t, n in graded.techniques.items() if n]
    return needs_lookahead(used, mode.lookahead_techniques)


def fit(mode: Mode[Any], weekday: int, score: float) -> tuple[int, float]:
    """How well a candidate's score suits the day, smaller better: in the band (0, 0);
    outside it but within the week's limits (1, distance); past them (2, distance)."""
    off = miss(score, mode.daily_band(weekday))
    if off == 0:
        return (0, 0.0)
    return (1 if within_week_limits(weekday, score) else 2, off)
