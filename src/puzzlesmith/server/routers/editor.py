"""The level editor's live check: ``POST /api/modes/{mode}/check-level``.

The body carries one level in the mode's file format (``{"level": {...}}``); the
answer is :class:`puzzlesmith.core.levelcheck.LevelCheck` as JSON, the same check
``puzzlesmith <mode> check`` prints. Work is bounded twice: the mode's board size
limit, and a time budget enforced by a worker process the server can stop; a board
over either answers verdict ``too-large`` ("use the CLI"), never a timeout or a 500.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field, field_validator
from starlette.concurrency import run_in_threadpool

from puzzlesmith.core.catalogue import catalogue
from puzzlesmith.core.levelcheck import DRAFT_ID, LevelCheck
from puzzlesmith.core.problems import Problem
from puzzlesmith.server.catalog import mode_of
from puzzlesmith.server.checkworker import Busy
from puzzlesmith.server.daily.guard import raw_not_todays_daily
from puzzlesmith.server.deps import Checker, EditorMode, TodaysDailies
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.schemas import error_responses

router = APIRouter(prefix="/api/modes", tags=["editor"])

#: a level body larger than this is refused before it is parsed (the largest board is ~10 kB)
MAX_BODY_BYTES = 256 * 1024


class CheckLevelBody(BaseModel):
    """One level to check; ``suggest`` asks for that many clue sets when it is not unique."""

    model_config = ConfigDict(extra="forbid")
    level: dict[str, Any] = Field(description="one level in the mode's level-file format")
    suggest: int = Field(default=0, ge=0, le=5, description="clue sets to suggest (0 = none)")

    @field_validator("suggest", mode="before")
    @classmethod
    def _not_a_bool(cls, value: Any) -> Any:
        """The schema says integer: ``true``/``false`` are refused, not read as 1/0."""
        if isinstance(value, bool):
            raise ValueError("an integer from 0 to 5, not true or false")
        return value


#: what the editor waits before it sends a check again after "busy, retrying"
RETRY_AFTER = 1


def _too_slow(level: dict[str, Any], seconds: float) -> dict[str, Any]:
    lid = level.get("id") if isinstance(level.get("id"), str) else DRAFT_ID
    found = LevelCheck(
        str(lid),
        "too-large",
        problems=[
            Problem(
                "too-large",
                f"the check took over {seconds:g} s of CPU time here; "
                "use the CLI (puzzlesmith <mode> check)",
                where="board",
            )
        ],
    )
    return found.to_json()


@router.get("/{mode}/problem-codes", responses=error_responses(404))
def problem_codes(mode: str) -> dict[str, dict[str, str]]:
    """The mode's problem-code catalogue: ``{"zh": {code: sentence}, "en": {...}}``."""
    return catalogue(mode_of(mode).id)


@router.post(
    "/{mode}/check-level",
    responses=error_responses(400, 403, 404, 413, 422, 429, 503),  # 403: today's daily
)
async def check_level(
    m: EditorMode, body: CheckLevelBody, request: Request, pool: Checker, daily: TodaysDailies
) -> Any:
    """Verdict (none / unique / multiple / too-large), count, grade, problems, differ cells.

    ``too-large`` means the check ran out of its CPU budget; when the checkers are busy
    or starved the answer is 503 ``busy`` with ``Retry-After`` (send it again), never a
    verdict. One address has a share of the checkers (429 past it)."""
    length = request.headers.get("content-length")
    if length is not None and length.isdigit() and int(length) > MAX_BODY_BYTES:
        raise ApiError("body-too-large", f"body is over {MAX_BODY_BYTES} bytes", "level")
    if body.suggest and not m.capabilities.design:
        body.suggest = 0  # a mode without design tools: the differ cells are all it has
    if body.suggest:  # suggested clues are read off a solution: not today's daily's
        await run_in_threadpool(raw_not_todays_daily, daily, m, body.level)
    try:
        out = await pool.run(request, m.id, body.level, body.suggest)
    except Busy as exc:
        return JSONResponse(
            {"error": "busy", "message": str(exc), "retry": True},
            status_code=503,
            headers={"Retry-After": str(RETRY_AFTER)},
        )
    if out is None:
        return _too_slow(body.level, pool.seconds)
    if "error" in out:
        raise ApiError("check-failed", str(out["error"])[:300])
    return out
