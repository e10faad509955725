"""Highlight clips for the web game: a played log (its text form) → an animated GIF/WebP.

Drawing a clip is the heaviest thing a player can ask for (a 10,000-move log was 8.5 s
and +270 MB), so it runs in its own bounded lane (:data:`heavy.CLIPS`: one at a time,
a per-address share), its frames are bounded before one is drawn
(:data:`core.clip.MAX_FRAME_PIXELS`) and its bytes are kept by (level, log, format), so
the same request asked again costs a dict lookup.
"""

from __future__ import annotations

import hashlib
from collections import OrderedDict
from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response
from pydantic import BaseModel, Field

from puzzlesmith.core.clip import Clip, ClipError, make_clip
from puzzlesmith.core.mode import Mode
from puzzlesmith.server.bounds import CLIP_CACHE_BYTES
from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.heavy import CLIPS
from puzzlesmith.server.plays import level_of_code, read_log
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
    **error_responses(400, 404, 413, 422, 429, 503),
    200: {"content": {"image/gif": {}, "image/webp": {}}},
}


class ClipCache:
    """Encoded clips by key, least recently used dropped past ``limit`` bytes."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.size = 0
        self._clips: OrderedDict[str, Clip] = OrderedDict()

    def get(self, key: str) -> Clip | None:
        made = self._clips.get(key)
        if made is not None:
            self._clips.move_to_end(key)
        return made

    def put(self, key: str, made: Clip) -> None:
        if key in self._clips or len(made.data) > self.limit:
            return
        self._clips[key] = made
        self.size += len(made.data)
        while self.size > self.limit:
            _, old = self._clips.popitem(last=False)
            self.size -= len(old.data)


CACHE = ClipCache(CLIP_CACHE_BYTES)


@router.post("/modes/{mode}/levels/{level_id}/clip", responses=_IMAGE, response_class=Response)
async def clip(mode: str, level_id: str, body: ClipBody, request: Request) -> Response:
    """The log replayed frame by frame (bounded; a long log keeps its highlight window)."""
    m = mode_of(mode)
    level_of(m, level_id)  # 404 at once, not after waiting for the lane
    return await clip_response(request, ("level", m.id, level_id), body)


@router.post("/codes/{code}/clip", responses=_IMAGE, response_class=Response)
async def clip_code(code: str, body: ClipBody, request: Request) -> Response:
    """The same for a level that travels as a level code."""
    level_of_code(code)  # a bad code is a 400/422 at once, not after waiting for the lane
    return await clip_response(request, ("code", "", code), body)


#: which level: ("level", mode id, level id) or ("code", "", level code)
LevelRef = tuple[str, str, str]
#: an ApiError as plain values (it crosses a process boundary)
Refusal = tuple[str, str, str | None]


async def clip_response(request: Request, ref: LevelRef, body: ClipBody) -> Response:
    """The clip of ``body`` on the level ``ref`` names, from the cache when made before."""
    key = hashlib.sha256("\0".join([*ref, body.format, body.log]).encode()).hexdigest()
    made = CACHE.get(key)
    if made is None:
        out = await CLIPS.run(request, make_clip_job, ref, body.log, body.format)
        if not isinstance(out, Clip):
            raise ApiError(*out)
        made = out
        CACHE.put(key, made)
    return _response(made)


def make_clip_job(ref: LevelRef, text: str, fmt: str) -> Clip | Refusal:
    """The clip, in the clip worker process (an engine error, e.g. an illegal move, is
    raised there and again here; a refusal comes back as values)."""
    try:
        return _make(ref, text, fmt)
    except ApiError as exc:
        return (exc.code, exc.message, exc.field)


def _level(ref: LevelRef) -> tuple[Mode[Any], Any]:
    kind, mode_id, name = ref
    if kind == "code":
        return level_of_code(name)
    m = mode_of(mode_id)
    return m, level_of(m, name)


def _make(ref: LevelRef, text: str, fmt: str) -> Clip:
    m, lv = _level(ref)
    log = read_log(text)
    try:
        return make_clip(m, lv, log, fmt)
    except ClipError as exc:
        raise ApiError("clip-too-large", str(exc), "log") from None


def _response(made: Clip) -> Response:
    return Response(
        made.data,
        media_type=_MEDIA[made.format],
        headers={"X-Clip-Frames": str(made.frames), "X-Clip-Window": f"{made.start}-{made.end}"},
    )
