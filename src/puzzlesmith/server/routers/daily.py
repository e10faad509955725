"""The daily challenge: today's puzzles, signed runs the server verifies, leaderboards."""

from __future__ import annotations

import json
from datetime import date
from typing import Annotated, Any

from fastapi import APIRouter
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field

from puzzlesmith.core.mode import Mode
from puzzlesmith.server import metrics
from puzzlesmith.server.daily.service import daily_mode, daily_modes
from puzzlesmith.server.deps import Ctx, LocalDate, MaybeMe, Me, RatingsDep
from puzzlesmith.server.ratings.scores import daily_key, daily_score
from puzzlesmith.server.ratings.service import Ratings
from puzzlesmith.server.schemas import MAX_MOVE_LEN, MAX_MOVES, error_responses

#: a log's text: MAX_LOG_MOVES short moves with their delays
MAX_LOG_CHARS = 400_000

router = APIRouter(prefix="/api/daily", tags=["daily"])


class StartIn(BaseModel):
    model_config = ConfigDict(extra="forbid")
    date: str | None = Field(
        default=None, max_length=10, description="YYYY-MM-DD, today by default"
    )


class FinishIn(BaseModel):
    """The move log; anything else the client sends (a time, a rank) is ignored."""

    model_config = ConfigDict(extra="ignore")
    run: str = Field(max_length=600)
    moves: list[Annotated[str, Field(max_length=MAX_MOVE_LEN)]] = Field(max_length=MAX_MOVES)


class FinishWithLog(FinishIn):
    """``log``: the run's timed move log (core/movelog text form), every move included."""

    log: str | None = Field(default=None, max_length=MAX_LOG_CHARS)


class HintIn(FinishIn):
    kind: str = Field(min_length=1, max_length=32)


_mode = daily_mode


def _rating(ratings: Ratings, m: Mode[Any], day: date, level: Any) -> dict[str, Any]:
    """The daily's rating now (its start from the model's score before any finish)."""
    return ratings.level(m.id, daily_key(day), lambda: daily_score(m, day, level))


@router.get("", responses=error_responses(401))
def dailies(
    ctx: Ctx,
    ratings: RatingsDep,
    player: MaybeMe,
    x_local_date: LocalDate = None,
    date: str | None = None,
) -> dict[str, Any]:
    """Every mode's daily on a date (the player's today by default) and, with a token, the
    player's state."""
    day = ctx.runs.day_of(date, x_local_date)
    out = []
    for m in daily_modes():
        puzzle, level = ctx.runs.dailies.get(m, day)
        item: dict[str, Any] = {
            "mode": m.id,
            "title": {"zh": m.title_zh, "en": m.title_en},
            "number": puzzle.number,
            "grade": puzzle.grade,
            "rating": _rating(ratings, m, day, level),
            "state": "new",
        }
        if player is not None:
            item.update(ctx.runs.state_of(player, m, day))
        out.append(item)
    return {"date": day.isoformat(), "dailies": out}


@router.post("/{mode}/start", responses=error_responses(401, 403, 404, 429))
def start(
    mode: str,
    player: Me,
    ctx: Ctx,
    ratings: RatingsDep,
    x_local_date: LocalDate = None,
    body: StartIn | None = None,
) -> Response:
    """A signed run token and the level without its solution; again the same day: the same run."""
    m = _mode(mode)
    ctx.limiter.hit(player.id, "start")
    day = ctx.runs.day_of(body.date if body else None, x_local_date)
    out = ctx.runs.start(player, m, day)
    out["rating"] = _rating(ratings, m, day, ctx.runs.dailies.get(m, day)[1])
    # the level view is the bulk of the answer and the same all day: spliced in as text
    del out["level"]
    head = json.dumps(out, ensure_ascii=False)[:-1]
    text = f'{head}, "level": {ctx.runs.dailies.view_text(m, day)}}}'
    return Response(text.encode(), media_type="application/json")


@router.post("/{mode}/hint", responses=error_responses(401, 403, 404, 409, 429))
def hint(mode: str, body: HintIn, player: Me, ctx: Ctx) -> dict[str, Any]:
    """A daily's hint, answered and counted by the server."""
    m = _mode(mode)
    ctx.limiter.hit(player.id, "hint")
    return ctx.runs.hint(player, m, body.run, body.moves, body.kind)


@router.post("/{mode}/finish", responses=error_responses(401, 403, 404, 409, 429))
def finish(mode: str, body: FinishWithLog, player: Me, ctx: Ctx) -> dict[str, Any]:
    """Replay the log; record the run when it clears, timed by the server's clocks."""
    m = _mode(mode)
    ctx.limiter.hit(player.id, "finish")
    out = ctx.runs.finish(player, m, body.run, body.moves, body.log)
    metrics.finished(m.id, out.get("flags"))
    return out


@router.get("/{mode}/replay/{entry}", responses=error_responses(404))
def replay(mode: str, entry: int, ctx: Ctx) -> dict[str, Any]:
    """A leaderboard entry's verified run as ``{code, log}`` once its day is over."""
    return ctx.runs.replay_of(_mode(mode), entry)


@router.get("/{mode}/leaderboard", responses=error_responses(404))
def leaderboard(
    mode: str, ctx: Ctx, player: MaybeMe, x_local_date: LocalDate = None, date: str | None = None
) -> JSONResponse:
    """The top 100 ranked runs of one puzzle (a date's, the player's today by default) by
    time and, with a token, the player's own."""
    m = _mode(mode)
    return JSONResponse(ctx.runs.leaderboard(m, ctx.runs.day_of(date, x_local_date), player))
