"""The model's score of a rated level (its first rating), graded once per process."""

from __future__ import annotations

from datetime import date
from functools import cache
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.catalog import level_of


@cache
def shipped_score(mode_id: str, level_id: str) -> float:
    """``mode.grade(level).score`` of a shipped level (core/score, through the mode)."""
    m = registry.get(mode_id)
    return float(m.grade(level_of(m, level_id)).score)


_daily: dict[tuple[str, str], float] = {}


def daily_score(mode: Mode[Any], day: date, level: Any) -> float:
    """The score of a mode's daily on ``day`` (``level`` is its parsed level)."""
    key = (mode.id, day.isoformat())
    hit = _daily.get(key)
    if hit is None:
        hit = _daily[key] = float(mode.grade(level).score)
    return hit


def daily_key(day: date) -> str:
    """A daily's level key in the rating tables."""
    return f"daily-{day.isoformat()}"
