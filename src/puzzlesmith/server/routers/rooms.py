"""Stream rooms: ``POST /api/rooms`` opens one, ``/ws/rooms/{room}`` is its live channel.

An ordinary router: the rooms live in the app's hub, which ``create_app`` builds into
``app.state.rooms`` (server/rooms/ready.py) and ``deps.py``'s ``HubDep`` hands out.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request, WebSocket
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from puzzlesmith.core.codes import CodeError, decode_level
from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.deps import HubDep
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.ratelimit import client_address
from puzzlesmith.server.rooms import tokens
from puzzlesmith.server.rooms.room import RoomError
from puzzlesmith.server.rooms.store import Creator
from puzzlesmith.server.schemas import error_responses


class RoomBody(BaseModel):
    """A level to stream: a mode and a shipped level id, or a level code (its mode optional)."""

    model_config = ConfigDict(extra="forbid")
    mode: str | None = Field(default=None, min_length=1, max_length=40)
    code: str | None = Field(default=None, min_length=1, max_length=4096)
    level: str | None = Field(default=None, min_length=1, max_length=64)
    #: the streamer's browser identity (the viewer token it keeps), for the per-client limit
    client: str | None = Field(default=None, max_length=64)


class ViewerOut(BaseModel):
    viewer: str
    token: str


class RoomOut(BaseModel):
    room: str
    host_key: str
    mode: str
    level: str
    viewer_url: str
    overlay_url: str
    host_url: str


def _level(body: RoomBody) -> tuple[Any, Any]:
    if body.code is not None and body.level is None:
        try:
            code_mode, level = decode_level(body.code)
        except CodeError as exc:  # one line naming what is wrong
            raise ApiError("bad-code", str(exc), "code") from None
        if body.mode is not None and mode_of(body.mode).id != code_mode.id:
            raise ApiError("wrong-mode", f"code is a {code_mode.id} level, not {body.mode}", "code")
        return code_mode, level
    if body.level is None or body.code is not None:
        raise ApiError("invalid-request", "give exactly one of code, level", "code")
    if body.mode is None:
        raise ApiError("invalid-request", "mode: required with a level id", "mode")
    mode = mode_of(body.mode)
    return mode, level_of(mode, body.level)


router = APIRouter(tags=["rooms"])


@router.post(
    "/api/rooms",
    status_code=201,
    responses=error_responses(400, 404, 422, 429, 503),  # 400: not JSON; 429: a share
)
async def create_room(body: RoomBody, request: Request, hub: HubDep) -> RoomOut:
    """Open a room for a level; the host key is shown once and needed for every action.
    Limited per client address and per browser (429), and in all (503)."""
    mode, level = _level(body)
    who = Creator(_addr(request), tokens.verify(hub.secret, body.client))
    try:
        room = await hub.create(mode, level, who)
    except RoomError as exc:
        raise ApiError(exc.code, exc.message) from None
    page = "/static/stream/index.html"
    return RoomOut(
        room=room.code,
        host_key=room.host_key,
        mode=mode.id,
        level=level.id,
        viewer_url=f"/r/{room.code}",
        overlay_url=f"{page}#/overlay/{room.code}",
        host_url=f"{page}#/host/{room.code}",
    )


@router.post("/api/rooms/{room}/viewer", status_code=201, responses=error_responses(404, 429))
async def new_viewer(room: str, request: Request, hub: HubDep) -> ViewerOut:
    """A viewer identity for the room's page (kept in the browser): one vote per round
    per identity; identities per client address are limited (429)."""
    code = room.upper()[:12]
    try:
        token = await hub.mint(code, _addr(request))
    except RoomError as exc:
        raise ApiError(exc.code, exc.message) from None
    viewer = tokens.verify(hub.secret, token)
    assert viewer is not None  # just signed
    return ViewerOut(viewer=viewer, token=token)


@router.get("/r/{room}", include_in_schema=False)
def short_link(room: str) -> RedirectResponse:
    """The link viewers type or scan: the viewer page for the room."""
    code = "".join(ch for ch in room.upper() if ch.isalnum())[:12]
    return RedirectResponse(f"/static/stream/index.html#/view/{code}", status_code=307)


@router.websocket("/ws/rooms/{room}")
async def room_socket(websocket: WebSocket, room: str, hub: HubDep) -> None:
    await hub.serve(websocket, room)


def _addr(request: Request) -> str:
    """The client's address as the daily limits count it (an IPv6 /64 is one; behind a
    proxy, uvicorn's ``--forwarded-allow-ips`` sets it)."""
    return client_address(request)
