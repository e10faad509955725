"""A level's view: everything the client needs to play it offline."""

from __future__ import annotations

from fastapi import APIRouter, Request, Response

from puzzlesmith.server.cache import cached_json
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
async def get_level(mode: str, level_id: str, request: Request) -> Response:
    """``mode.view(level)``; hidden levels (rule samples) are reachable by id.

    A shipped level's view is built once (the largest takes ~60 ms: its solution and
    grade) and then answered from its kept bytes with an ETag, like the pack lists."""
    m = mode_of(mode)
    lv = level_of(m, level_id)
    return cached_json(request, f"view:{m.id}:{lv.id}", lambda: m.view(lv))
