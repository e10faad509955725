"""Your solve, explained: a played log read against the logic solver (core/breakdown.py),
for a shipped level, a level code, and a player's own verified daily run (with that day's
median of verified runs). A shipped level (or a code holding one, board for board) is
compared with its clears reported to ``POST /api/plays`` (``level_plays``), the latest
:data:`MAX_CLEARS` of them. Heavy work: it runs in the bounded pool as replays and hints do."""

from __future__ import annotations

import datetime
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, Field
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from puzzlesmith.core.breakdown import breakdown
from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.movelog import TimedMove, decode
from puzzlesmith.server import plays
from puzzlesmith.server.catalog import catalog, level_of, mode_of
from puzzlesmith.server.daily.guard import not_todays_daily
from puzzlesmith.server.daily.service import Dailies, daily_mode
from puzzlesmith.server.deps import Ctx, LocalDate, Me, StoreDep, TodaysDailies
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.heavy import run_heavy
from puzzlesmith.server.plays import level_of_code
from puzzlesmith.server.schemas import error_responses
from puzzlesmith.server.store import Run, Store
from puzzlesmith.server.tries.models import LevelPlay

router = APIRouter(prefix="/api", tags=["breakdown"])

#: a log's text form in a request (as the clip route takes it)
MAX_LOG_CHARS = 200_000
#: at most this many moves are read against the solver (a longer log is not one solve)
MAX_MOVES = 4096
#: a shipped level's median is taken over at most this many of its latest clears
MAX_CLEARS = 2000
_ERRORS = error_responses(400, 404, 422)
_CODE_ERRORS = error_responses(400, 403, 404, 422)  # 403: today's daily


class LogBody(BaseModel):
    log: str = Field(
        max_length=MAX_LOG_CHARS,
        pattern=r"^[\x20-\x7e]*$",
        description="the run's move log, text form (m1~...), printable ASCII",
    )


def read_log(text: str) -> list[TimedMove]:
    return plays.read_log(text, MAX_MOVES)


def _explain(
    m: Mode[Any],
    lv: Any,
    log: list[TimedMove],
    others: list[int],
    of: str = "day",
    time_ms: int | None = None,
) -> dict[str, Any]:
    """The breakdown; ``median_of`` says whose median it is (a day's runs, a level's
    clears); ``time_ms`` the official time (a daily run's, the server's measure)."""
    try:
        out = {"mode": m.id, **breakdown(m, lv, log, others, time_ms)}
        if others:
            out["median_of"] = of
        return out
    except IllegalMoveError as exc:
        raise ApiError("illegal-move", f"log: {exc}", "log") from None


def level_clears(store: Store, mode_id: str, level_id: str) -> list[int]:
    """The clear times of a shipped level's latest :data:`MAX_CLEARS` cleared tries."""
    with store.session() as s:
        return list(
            s.scalars(
                select(LevelPlay.time_ms)
                .where(
                    LevelPlay.mode == mode_id,
                    LevelPlay.level == level_id,
                    LevelPlay.outcome == "cleared",
                )
                .order_by(LevelPlay.received_ms.desc())
                .limit(MAX_CLEARS)
            )
        )


def shipped_id(m: Mode[Any], lv: Any) -> str | None:
    """The shipped level a code's level is, board for board (its id alone proves nothing)."""
    shipped = catalog(m).levels.get(lv.id)
    if shipped is None or encode_level(m, shipped) != encode_level(m, lv):
        return None
    return str(shipped.id)


@router.post("/modes/{mode}/levels/{level_id}/breakdown", responses=_ERRORS)
async def level_breakdown(
    mode: str, level_id: str, body: LogBody, request: Request, store: StoreDep
) -> dict[str, Any]:
    """Where the solve of a shipped level paused, and what the logic solver saw there,
    against the median of the level's reported clears."""
    m = mode_of(mode)
    lv = level_of(m, level_id)
    log = read_log(body.log)
    others = await run_in_threadpool(level_clears, store, m.id, lv.id)
    return await run_heavy(request, _explain, m, lv, log, others, "level")


@router.post("/codes/{code}/breakdown", responses=_CODE_ERRORS)
async def code_breakdown(
    code: str, body: LogBody, request: Request, store: StoreDep, daily: TodaysDailies
) -> dict[str, Any]:
    """The same for a level that travels as a level code (a median when it is a shipped
    one); today's daily is refused (403 ``daily-level``): the solver's view at each pause
    is a hint."""
    log = read_log(body.log)
    m, lv = level_of_code(code)
    lid = shipped_id(m, lv)
    others = [] if lid is None else await run_in_threadpool(level_clears, store, m.id, lid)
    return await run_heavy(request, _explain_code, daily, code, log, others)


def _explain_code(
    daily: Dailies | None, code: str, log: list[TimedMove], others: list[int]
) -> dict[str, Any]:
    m, lv = not_todays_daily(daily, *level_of_code(code))
    return _explain(m, lv, log, others, "level")


@router.get("/daily/{mode}/breakdown", responses={**_ERRORS, **error_responses(401)})
async def daily_breakdown(
    mode: str,
    player: Me,
    ctx: Ctx,
    request: Request,
    x_local_date: LocalDate = None,
    date: str | None = None,
) -> dict[str, Any]:
    """My verified run of a day's daily (my today by default), with that day's median."""
    m = daily_mode(mode)
    iso = ctx.runs.day_of(date, x_local_date).isoformat()
    with ctx.runs.store.session() as s:
        mine = s.scalars(
            select(Run).where(Run.player_id == player.id, Run.mode == m.id, Run.date == iso)
        ).first()
        others = list(
            s.scalars(
                select(Run.time_ms).where(
                    Run.mode == m.id,
                    Run.date == iso,
                    Run.ranked.is_(True),
                    Run.id != (mine.id if mine else -1),
                )
            )
        )
    if mine is None or not mine.log:
        raise ApiError("no-run", f"no verified run with a log of {m.cli_name} on {iso}")
    _, lv = ctx.runs.dailies.get(m, datetime.date.fromisoformat(iso))
    # the official time is the server's (start to finish), not the log's last move
    out = await run_heavy(request, _explain, m, lv, decode(mine.log), others, "day", mine.time_ms)
    return {**out, "date": iso, "ranked": mine.ranked}
