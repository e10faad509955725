"""Sharing a daily result: the link (at the server's public address, ``PUZZLESMITH_PUBLIC_URL``)
and a spoiler-free picture of the player's own verified run (server/share.py), both drawn
from what the server stored, never from what a client says."""

from __future__ import annotations

from typing import Any, Literal

from fastapi import APIRouter, Request
from fastapi.responses import Response
from sqlalchemy import select
from starlette.concurrency import run_in_threadpool

from puzzlesmith.core.movelog import MoveLogError, decode
from puzzlesmith.server import share
from puzzlesmith.server.config import Settings
from puzzlesmith.server.daily.context import DailyContext
from puzzlesmith.server.daily.service import daily_mode, today
from puzzlesmith.server.daily.stats import player_stats
from puzzlesmith.server.deps import Ctx, FriendsDep, Me, SettingsDep
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.friends.service import Friends
from puzzlesmith.server.schemas import error_responses
from puzzlesmith.server.store import Player, Run

router = APIRouter(prefix="/api/daily", tags=["share"])
_ERRORS = error_responses(400, 401, 404)


def public_link(conf: Settings, request: Request, mode_id: str) -> str:
    """The daily's link: at ``PUZZLESMITH_PUBLIC_URL`` when set, else where the request came."""
    base = conf.public_url or str(request.base_url)
    return f"{base.rstrip('/')}/#/daily/{mode_id}"


def _card(
    ctx: DailyContext, friends: Friends, player: Player, mode_id: str, date: str | None, lang: str
) -> share.Card:
    """The card of my verified run of a day's daily (today by default): 404 ``no-run`` else."""
    m = daily_mode(mode_id)
    day = ctx.runs.day_of(date)
    iso = day.isoformat()
    with ctx.runs.store.session() as s:
        run = s.scalars(
            select(Run).where(Run.player_id == player.id, Run.mode == m.id, Run.date == iso)
        ).first()
    if run is None:
        raise ApiError("no-run", f"no verified run of {m.cli_name} on {iso}")
    puzzle, _ = ctx.runs.dailies.get(m, day)
    board = friends.board(m.id, iso, player)
    mine = next((e for e in board["entries"] if e["me"]), None)
    try:
        log = decode(run.log) if run.log else []
    except MoveLogError:
        log = []
    lang = share.card_lang(lang)
    return share.Card(
        mode=m.id,
        title=m.title_zh if lang == "zh" else m.title_en,
        number=puzzle.number,
        time_ms=run.time_ms,
        rank=None if mine is None else int(mine["rank"]),
        among=int(board["total"]),
        streak=int(player_stats(ctx.runs.store, player.id, today())["streak"]["current"]),
        flawless=run.flawless,
        hints=run.hints,
        pace=share.pace_of(log, run.time_ms),
        lang=lang,
    )


@router.get("/{mode}/share", responses=_ERRORS)
def share_info(
    mode: str,
    request: Request,
    player: Me,
    ctx: Ctx,
    friends: FriendsDep,
    conf: SettingsDep,
    date: str | None = None,
    lang: Literal["zh", "en"] = "zh",
) -> dict[str, Any]:
    """What the share text says: the link at the public address, and the picture's words."""
    card = _card(ctx, friends, player, mode, date, lang)
    return {"url": public_link(conf, request, card.mode), **share.lines_of(card)}


@router.get(
    "/{mode}/share.png",
    responses={**_ERRORS, 200: {"content": {"image/png": {}}}},
    response_class=Response,
)
async def share_png(
    mode: str,
    player: Me,
    ctx: Ctx,
    friends: FriendsDep,
    date: str | None = None,
    lang: Literal["zh", "en"] = "zh",
) -> Response:
    """The spoiler-free picture of my verified run (PNG): nothing of the board is on it."""
    card = await run_in_threadpool(_card, ctx, friends, player, mode, date, lang)
    png = await run_in_threadpool(share.draw_card, card)
    return Response(png, media_type="image/png", headers={"Cache-Control": "private, max-age=60"})
