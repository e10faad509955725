"""Today's dailies are played through the daily routes only, where hints are counted.

A daily's level carries no solution, but the same board sent as a level code would get a
view with its solution and free hints from ``/api/codes/{code}``; those routes call
:func:`not_todays_daily` on the level they decoded, which refuses today's daily of any
mode (turned or mirrored too) with 403 ``daily-level``.
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.errors import ApiError


def not_todays_daily(cfg: Any, mode: Mode[Any], level: Any) -> tuple[Mode[Any], Any]:
    """``(mode, level)`` unchanged, or 403 when the level is one of today's dailies.

    ``cfg`` is ``app.state.daily``; a server whose store is not open has served no daily
    (``puzzlesmith play`` and a deployment with a store open it at start)."""
    if cfg is None or not getattr(cfg, "is_open", False) or mode.generate_options is None:
        return mode, level
    if cfg.open().runs.dailies.is_todays(mode, level):
        raise ApiError(
            403,
            "daily-level",
            "code: this level is today's daily; play it as the daily (its hints count there)",
        )
    return mode, level
