"""A level's view: everything the client needs to play it offline."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter

from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.payloads import View
from puzzlesmith.server.schemas import error_responses

router = APIRouter(prefix="/api", tags=["levels"])


@router.get(
    "/modes/{mode}/levels/{level_id}",
    responses=error_responses(404),
    response_model=View,
    response_model_exclude_unset=True,
)
def get_level(mode: str, level_id: str) -> dict[str, Any]:
    """``mode.view(level)``; hidden levels (rule samples) are reachable by id."""
    m = mode_of(mode)
    return m.view(level_of(m, level_id))
