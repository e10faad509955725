"""Authoritative checks of a played position: replay and hints (no game lives here)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.heavy import run_heavy
from puzzlesmith.server.payloads import Hint, State
from puzzlesmith.server.plays import hint_level, replay_level
from puzzlesmith.server.schemas import HintBody, MovesBody, error_responses

router = APIRouter(prefix="/api", tags=["play"])

#: 400: a body that is not JSON; 429: this address's share of the heavy lane is in use;
#: 503: the lane is full or the work gave up
_ERRORS = error_responses(400, 404, 422, 429, 503)


@router.post(
    "/modes/{mode}/levels/{level_id}/check",
    responses=_ERRORS,
    response_model=State,
    response_model_exclude_unset=True,
)
async def check(mode: str, level_id: str, body: MovesBody, request: Request) -> dict[str, Any]:
    """Replay the moves with the Python rules; the state (steps, conflicts, cleared)."""
    m = mode_of(mode)
    return await run_heavy(request, replay_level, m, level_of(m, level_id), body)


@router.post(
    "/modes/{mode}/levels/{level_id}/hint",
    responses=_ERRORS,
    response_model=Hint,
    response_model_exclude_unset=True,
)
async def hint(mode: str, level_id: str, body: HintBody, request: Request) -> dict[str, Any]:
    """One hint of ``kind`` (one of the mode's ``hintKinds``) for the position reached."""
    m = mode_of(mode)
    return await run_heavy(request, hint_level, m, level_of(m, level_id), body)
