"""A level's view: everything the client needs to play it offline, and its rating now."""

from __future__ import annotations

import json

from fastapi import APIRouter, Request, Response
from starlette.concurrency import run_in_threadpool

from puzzlesmith.server.cache import Entry, entry_of
from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.deps import RatingsDep
from puzzlesmith.server.payloads import View
from puzzlesmith.server.ratings.scores import shipped_score
from puzzlesmith.server.schemas import error_responses

router = APIRouter(prefix="/api", tags=["levels"])


@router.get(
    "/modes/{mode}/levels/{level_id}",
    responses=error_responses(404),
    response_model=View,
    response_model_exclude_unset=True,
)
async def get_level(mode: str, level_id: str, request: Request, ratings: RatingsDep) -> Response:
    """``mode.view(level)``; hidden levels (rule samples) are reachable by id.

    A shipped level's view is built once (the largest takes ~60 ms: its solution and
    grade) and kept as bytes; each answer adds the level's rating (one read by key, so
    players' games show at once) and has an ETag of the whole, 304 when unchanged."""
    m = mode_of(mode)
    lv = level_of(m, level_id)
    kept = entry_of(f"view:{m.id}:{lv.id}", lambda: m.view(lv))
    rated = await run_in_threadpool(ratings.level, m.id, lv.id, lambda: shipped_score(m.id, lv.id))
    extra = json.dumps(rated, separators=(",", ":")).encode()
    return Entry(kept.body[:-1] + b',"rating":' + extra + b"}").response(request.headers)
