"""Today's dailies are played through the daily routes only, where hints are counted.

A daily's level carries no solution, but the same board sent as a level code would get a
view with its solution and free hints from ``/api/codes/{code}``; so would a board one
harmless change away (a clue the path satisfies, a wall it never crosses, a cell moved to
a neighbouring region). The code routes (view, check, hint, breakdown) and community
publishing call :func:`not_todays_daily` on the level they decoded, which refuses with
403 ``daily-level`` any level that today's daily solution of its mode solves, turned or
mirrored or not (daily/sameness.py).
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.daily.service import Dailies
from puzzlesmith.server.errors import ApiError


def not_todays_daily(
    dailies: Dailies | None, mode: Mode[Any], level: Any, where: str = "code"
) -> tuple[Mode[Any], Any]:
    """``(mode, level)`` unchanged, or 403 when today's daily solution solves the level.

    ``dailies`` are the app's when its store is open (``state.dailies_if_open``), else
    None: a server whose store is not open has served no daily (``puzzlesmith play`` and a
    deployment with a store open it at start)."""
    if dailies is None or mode.generate_options is None:
        return mode, level
    if dailies.is_todays(mode, level):
        raise ApiError(
            "daily-level",
            f"{where}: today's daily solution solves this level; play it as the daily"
            " (its hints count there)",
        )
    return mode, level


def raw_not_todays_daily(dailies: Dailies | None, mode: Mode[Any], raw: Any) -> None:
    """:func:`not_todays_daily` for a level as sent (publish, the editor's suggestions); a
    level that does not load is let through: the check refuses it with its own line."""
    level, _ = mode.parse_level(raw, "draft")
    if level is not None:
        not_todays_daily(dailies, mode, level, "level")
