"""Stream rooms: ``POST /api/rooms`` opens one, ``/ws/rooms/{room}`` is its live channel.

Unlike the other routers this one holds state — the rooms live in a :class:`Hub` made
for each app, so every ``create_app()`` (each test, each ``puzzlesmith play``) starts empty.
"""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, WebSocket
from fastapi.responses import RedirectResponse
from pydantic import BaseModel, ConfigDict, Field

from puzzlesmith.core.codes import CodeError, decode_level
from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.room import RoomError
from puzzlesmith.server.schemas import error_responses

_STATUS = {"too-many-rooms": 503, "no-voting": 422}


class RoomBody(BaseModel):
    """A level to stream: a mode and a shipped level id, or a level code (its mode optional)."""

    model_config = ConfigDict(extra="forbid")
    mode: str | None = Field(default=None, min_length=1, max_length=40)
    code: str | None = Field(default=None, min_length=1, max_length=4096)
    level: str | None = Field(default=None, min_length=1, max_length=64)


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
            raise ApiError(422, "bad-code", str(exc), "code") from None
        if body.mode is not None and mode_of(body.mode).id != code_mode.id:
            raise ApiError(
                422, "wrong-mode", f"code is a {code_mode.id} level, not {body.mode}", "code"
            )
        return code_mode, level
    if body.level is None or body.code is not None:
        raise ApiError(422, "invalid-request", "give exactly one of code, level", "code")
    if body.mode is None:
        raise ApiError(422, "invalid-request", "mode: required with a level id", "mode")
    mode = mode_of(body.mode)
    return mode, level_of(mode, body.level)


def make_router(hub: Hub | None = None) -> APIRouter:
    """The routes with their own hub (tests pass one with other limits)."""
    the_hub = hub or Hub()
    router = APIRouter(tags=["rooms"])

    @router.post(
        "/api/rooms",
        status_code=201,
        responses=error_responses(404, 422, 503),
    )
    async def create_room(body: RoomBody) -> RoomOut:
        """Open a room for a level; the host key is shown once and needed for every action."""
        mode, level = _level(body)
        try:
            room = the_hub.create(mode, level)
        except RoomError as exc:
            raise ApiError(_STATUS.get(exc.code, 409), exc.code, exc.message) from None
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

    @router.get("/r/{room}", include_in_schema=False)
    def short_link(room: str) -> RedirectResponse:
        """The link viewers type or scan: the viewer page for the room."""
        code = "".join(ch for ch in room.upper() if ch.isalnum())[:12]
        return RedirectResponse(f"/static/stream/index.html#/view/{code}", status_code=307)

    @router.websocket("/ws/rooms/{room}")
    async def room_socket(websocket: WebSocket, room: str) -> None:
        await the_hub.serve(websocket, room)

    router.hub = the_hub  # type: ignore[attr-defined]
    return router
