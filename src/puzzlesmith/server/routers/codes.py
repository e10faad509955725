"""Levels that travel as level codes: the view of a code's level, and its checks and hints.

The code itself names the level, so a shared link needs no server-side storage:
``GET /api/codes/{code}`` decodes it, ``POST /api/codes/{code}/check|hint`` replay moves
on it. A bad code answers 400 (unreadable) or 422 (its board breaks a load rule) with
the one-line message the CLI prints.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from puzzlesmith.server.daily.guard import not_todays_daily
from puzzlesmith.server.heavy import run_heavy
from puzzlesmith.server.payloads import CodeOut, Hint, State
from puzzlesmith.server.plays import hint_level, level_of_code, replay_level
from puzzlesmith.server.schemas import HintBody, MovesBody, error_responses

router = APIRouter(prefix="/api/codes", tags=["codes"])

_ERRORS = error_responses(400, 422)
_DAILY_ERRORS = error_responses(400, 403, 422)


@router.get(
    "/{code}", responses=_DAILY_ERRORS, response_model=CodeOut, response_model_exclude_unset=True
)
async def get_code(code: str, request: Request) -> dict[str, Any]:
    """``{"mode": mode id, "level": view}`` — everything the client needs to play it.

    Any level can arrive in a code, so the work (the view solves it) runs in the heavy
    pool under its deadline (503 ``gave-up`` for a level too open to solve)."""
    return await run_heavy(request, _view_of_code, code, getattr(request.app.state, "daily", None))


def _view_of_code(code: str, daily: Any = None) -> dict[str, Any]:
    m, lv = not_todays_daily(daily, *level_of_code(code))
    return {"mode": m.id, "level": m.view(lv)}


@router.post(
    "/{code}/check", responses=_ERRORS, response_model=State, response_model_exclude_unset=True
)
async def check_code(code: str, body: MovesBody, request: Request) -> dict[str, Any]:
    """Replay the moves on the code's level with the Python rules."""
    return await run_heavy(request, lambda: replay_level(*level_of_code(code), body))


@router.post(
    "/{code}/hint", responses=_DAILY_ERRORS, response_model=Hint, response_model_exclude_unset=True
)
async def hint_code(code: str, body: HintBody, request: Request) -> dict[str, Any]:
    """A hint on the code's level for the position the moves reach."""
    daily = getattr(request.app.state, "daily", None)
    return await run_heavy(
        request, lambda: hint_level(*not_todays_daily(daily, *level_of_code(code)), body)
    )
