"""Highlight clips for the web game: a played log (its text form) → an animated GIF/WebP."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter
from fastapi.responses import Response
from pydantic import BaseModel, Field

from puzzlesmith.core.clip import ClipError, make_clip
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import MoveLogError, decode
from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.plays import level_of_code
from puzzlesmith.server.schemas import error_responses

router = APIRouter(prefix="/api", tags=["clips"])

#: the text form of a log in a request (a 10,000-move log is well under this)
MAX_LOG_CHARS = 200_000  # ASCII only, so any valid body stays under the 512 KiB limit
_MEDIA = {"gif": "image/gif", "webp": "image/webp"}


class ClipBody(BaseModel):
    log: str = Field(
        max_length=MAX_LOG_CHARS,
        pattern=r"^[\x20-\x7e]*$",
        description="The move log's text form (m1~...), printable ASCII.",
    )
    format: Literal["gif", "webp"] = "gif"


_IMAGE = {
    **error_responses(400, 404, 413, 422),
    200: {"content": {"image/gif": {}, "image/webp": {}}},
}


@router.post("/modes/{mode}/levels/{level_id}/clip", responses=_IMAGE, response_class=Response)
def clip(mode: str, level_id: str, body: ClipBody) -> Response:
    """The log replayed frame by frame (bounded; a long log keeps its highlight window)."""
    m = mode_of(mode)
    return clip_response(m, level_of(m, level_id), body)


@router.post("/codes/{code}/clip", responses=_IMAGE, response_class=Response)
def clip_code(code: str, body: ClipBody) -> Response:
    """The same for a level that travels as a level code."""
    m, lv = level_of_code(code)
    return clip_response(m, lv, body)


def clip_response(m: Mode[Any], lv: Any, body: ClipBody) -> Response:
    try:
        log = decode(body.log)
    except MoveLogError as exc:
        raise ApiError(422, "invalid-log", str(exc), "log") from None
    if not log:
        raise ApiError(422, "invalid-log", "the log has no moves", "log")
    try:
        made = make_clip(m, lv, log, body.format)
    except ClipError as exc:
        raise ApiError(422, "clip-too-large", str(exc), "log") from None
    return Response(
        made.data,
        media_type=_MEDIA[made.format],
        headers={"X-Clip-Frames": str(made.frames), "X-Clip-Window": f"{made.start}-{made.end}"},
    )
