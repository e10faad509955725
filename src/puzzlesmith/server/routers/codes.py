"""Levels that travel as level codes: the view of a code's level, and its checks and hints.

The code itself names the level, so a shared link needs no server-side storage:
``GET /api/codes/{code}`` decodes it, ``POST /api/codes/{code}/check|hint`` replay moves
on it. A bad code answers 400 (unreadable) or 422 (its board breaks a load rule) with
the one-line message the CLI prints.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from fastapi import APIRouter, Request
from starlette.concurrency import run_in_threadpool

from puzzlesmith.core.budget import Budget, BudgetExceeded
from puzzlesmith.server import heavy
from puzzlesmith.server.bounds import CODE_NODES, CODE_VIEWS_KEPT
from puzzlesmith.server.daily.guard import not_todays_daily
from puzzlesmith.server.daily.service import Dailies
from puzzlesmith.server.deps import TodaysDailies
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.heavy import run_heavy
from puzzlesmith.server.payloads import CodeOut, Hint, State
from puzzlesmith.server.plays import hint_level, level_of_code, replay_level
from puzzlesmith.server.schemas import HintBody, MovesBody, error_responses

router = APIRouter(prefix="/api/codes", tags=["codes"])

_ERRORS = error_responses(400, 403, 422, 429, 503)  # 403: today's daily (play it there)

#: code → its answer (a view, or the refusal of a board too open for :data:`CODE_NODES`),
#: so a shared link is solved once and a looped open board costs one budget, not one each
_views: OrderedDict[str, dict[str, Any] | str] = OrderedDict()


@router.get("/{code}", responses=_ERRORS, response_model=CodeOut, response_model_exclude_unset=True)
async def get_code(code: str, request: Request, daily: TodaysDailies) -> dict[str, Any]:
    """``{"mode": mode id, "level": view}`` — everything the client needs to play it.

    Any level can arrive in a code, so the work (the view solves it) runs in the heavy
    lane under a node budget: a board too open to solve in :data:`CODE_NODES` nodes (a
    second or less, whatever the load) answers 503 ``gave-up`` then, and at once after.
    Today's daily is refused (403 ``daily-level``), cached view or not."""
    known = _views.get(code)
    if known is None:
        spent = Budget(seconds=heavy.DEADLINE, nodes=CODE_NODES)
        try:
            known = await run_heavy(request, _view_of_code, code, daily, work_budget=spent)
        except BudgetExceeded as exc:
            if spent.nodes <= CODE_NODES:
                raise  # the deadline or a hang-up: depends on the moment, not kept
            known = str(exc)
    else:
        await run_in_threadpool(not_todays_daily, daily, *level_of_code(code))
    _views[code] = known
    _views.move_to_end(code)
    while len(_views) > CODE_VIEWS_KEPT:
        _views.popitem(last=False)
    if isinstance(known, str):
        raise ApiError("gave-up", known)
    return known


def _view_of_code(code: str, daily: Dailies | None = None) -> dict[str, Any] | str:
    m, lv = not_todays_daily(daily, *level_of_code(code))
    known = _views.get(code)  # answered while this request waited for its turn
    if known is not None:
        return known
    return {"mode": m.id, "level": m.view(lv)}


@router.post(
    "/{code}/check", responses=_ERRORS, response_model=State, response_model_exclude_unset=True
)
async def check_code(
    code: str, body: MovesBody, request: Request, daily: TodaysDailies
) -> dict[str, Any]:
    """Replay the moves on the code's level with the Python rules (today's daily is
    refused: a check tells right from wrong moves, which is a hint)."""
    return await run_heavy(
        request,
        lambda: replay_level(*not_todays_daily(daily, *level_of_code(code)), body),
        nodes=CODE_NODES,
    )


@router.post(
    "/{code}/hint", responses=_ERRORS, response_model=Hint, response_model_exclude_unset=True
)
async def hint_code(
    code: str, body: HintBody, request: Request, daily: TodaysDailies
) -> dict[str, Any]:
    """A hint on the code's level for the position the moves reach."""
    return await run_heavy(
        request,
        lambda: hint_level(*not_todays_daily(daily, *level_of_code(code)), body),
        nodes=CODE_NODES,
    )
