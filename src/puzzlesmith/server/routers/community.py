"""Community levels: publish from the editor, browse, play, like, report.

``POST /api/community/{mode}`` (a player's token) re-checks the level on the server and
stores it with its author; ``GET /api/community/{mode}?sort=newest|played|likes&grade=``
lists them; each level has a code, so its link is ``#/play/<code>``.
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field
from starlette.concurrency import run_in_threadpool

from puzzlesmith.server.catalog import mode_of
from puzzlesmith.server.checkworker import Busy
from puzzlesmith.server.community.text import CAPTION_MAX, REASON_MAX, TITLE_MAX, check_text
from puzzlesmith.server.daily.guard import raw_not_todays_daily
from puzzlesmith.server.deps import (
    Checker,
    CommunityDep,
    EditorMode,
    MaybeMe,
    Me,
    SecretDep,
    StoreDep,
    TodaysDailies,
    app_limiter,
)
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.plays import level_of_code
from puzzlesmith.server.ratelimit import RateLimiter, address_key, client_address
from puzzlesmith.server.schemas import error_responses

router = APIRouter(prefix="/api/community", tags=["community"])

#: action → (how many, per how many seconds), per player (plays: per client address).
#: ``publish`` counts publishes that went through (a refused one is given back);
#: ``publish-try`` bounds the attempts, each of which costs a server-side check.
LIMITS: dict[str, tuple[int, float]] = {
    "publish": (5, 600.0),
    "publish-try": (30, 600.0),
    "like": (60, 60.0),
    "report": (10, 600.0),
    "play": (120, 60.0),
}
_ERR = error_responses(401, 403, 404, 409, 422, 429, 503)  # 403: today's daily


def limiter(request: Request, store: StoreDep) -> RateLimiter:
    """The app's community limits (tests replace ``app.state.community_limits``)."""
    return app_limiter(request, store, "community_limits", LIMITS)


Limits = Annotated[RateLimiter, Depends(limiter)]


class PublishIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    level: dict[str, Any] = Field(description="one level in the mode's level-file format")
    title: str = Field(max_length=200)
    caption: str = Field(default="", max_length=400)


class LikeIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    on: bool = True


class ReportIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    reason: str = Field(max_length=400)


@router.post("/{mode}", responses=_ERR)
async def publish(
    m: EditorMode,
    body: PublishIn,
    me: Me,
    community: CommunityDep,
    limits: Limits,
    pool: Checker,
    request: Request,
    dailies: TodaysDailies,
) -> dict[str, Any]:
    """The server's own check runs in the checkers' fair lane (the editor's share)."""
    title = check_text(body.title, "title", low=1, high=TITLE_MAX)
    caption = check_text(body.caption, "caption", low=0, high=CAPTION_MAX)
    await run_in_threadpool(raw_not_todays_daily, dailies, m, body.level)  # not today's
    await run_in_threadpool(limits.hit, me.id, "publish-try")
    await run_in_threadpool(limits.hit, me.id, "publish")
    try:
        try:
            checked = await pool.run(request, m.id, body.level, 0, publish=True)
        except Busy as exc:
            raise ApiError("busy", str(exc)) from None
        if checked is None or "error" in checked:
            raise ApiError("too-large", "level: too large to check here; use the CLI", "level")
        return await run_in_threadpool(
            community.publish, m, checked, body.level, title, caption, me
        )
    except ApiError:  # refused (duplicate, not unique, bad level, busy): not a publish
        await run_in_threadpool(limits.refund, me.id, "publish")
        raise


@router.get("/published/{code}", responses=error_responses(400, 422, 503))
def published(code: str, community: CommunityDep) -> dict[str, Any]:
    """``{"mode", "published", "id"}``: whether the board of a level code (turned or
    mirrored too) is already published, so the editor can say so instead of offering 发布."""
    m, level = level_of_code(code)
    return community.published(m, level)


@router.get("/{mode}", responses=_ERR)
def browse(
    mode: str,
    community: CommunityDep,
    sort: Literal["newest", "played", "likes"] = "newest",
    grade: Annotated[str | None, Query(max_length=32)] = None,
    limit: Annotated[int, Query(ge=1, le=100)] = 30,
    offset: Annotated[int, Query(ge=0, le=100_000)] = 0,
) -> dict[str, Any]:
    m = mode_of(mode)
    return {"mode": m.id, "levels": community.browse(m, sort, grade, limit, offset)}


@router.get("/levels/{level_id}", responses=_ERR)
def get_level(level_id: str, community: CommunityDep) -> dict[str, Any]:
    return community.one(level_id)


@router.post("/levels/{level_id}/play", responses=_ERR)
def play(
    level_id: str,
    community: CommunityDep,
    secret: SecretDep,
    limits: Limits,
    request: Request,
    me: MaybeMe,
) -> dict[str, Any]:
    """Count a play: once per player (with a token) or per client address (without)."""
    address = client_address(request)
    limits.hit(address, "play")
    who = me.id if me is not None else "addr:" + address_key(secret, address)
    return community.played(level_id, who)


@router.post("/levels/{level_id}/like", responses=_ERR)
def like(
    level_id: str, body: LikeIn, me: Me, community: CommunityDep, limits: Limits
) -> dict[str, Any]:
    limits.hit(me.id, "like")
    return community.like(level_id, me, body.on)


@router.post("/levels/{level_id}/report", responses=_ERR)
def report(
    level_id: str,
    body: ReportIn,
    me: Me,
    community: CommunityDep,
    secret: SecretDep,
    limits: Limits,
    request: Request,
) -> dict[str, Any]:
    """A report; its weight depends on the reporter, one counts per address and level."""
    reason = check_text(body.reason, "reason", low=3, high=REASON_MAX)
    limits.hit(me.id, "report")
    address = address_key(secret, client_address(request))
    return community.report(level_id, me, reason, address)
