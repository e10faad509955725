"""Authoritative checks of a played position: replay and hints (no game lives here)."""

from __future__ import annotations

from typing import Any

from fastapi import APIRouter, Request

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.catalog import level_of, mode_of
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.heavy import run_heavy
from puzzlesmith.server.payloads import Hint, State, tagged
from puzzlesmith.server.schemas import MAX_MOVE_LEN, HintBody, MovesBody, error_responses

router = APIRouter(prefix="/api", tags=["play"])

#: 400: a body that is not JSON; 429: this address's share of the heavy lane is in use;
#: 503: the lane is full or the work gave up
_ERRORS = error_responses(400, 404, 422, 429, 503)


def _check_moves(moves: list[str]) -> None:
    for i, mv in enumerate(moves):
        if len(mv) > MAX_MOVE_LEN:
            raise ApiError(
                422, "illegal-move", f"move {i + 1}: longer than {MAX_MOVE_LEN}", "moves"
            )


def replay_level(m: Mode[Any], lv: Any, body: MovesBody) -> dict[str, Any]:
    """The state the moves reach, for any level (shipped, or from a level code)."""
    _check_moves(body.moves)
    return tagged(m.id, m.replay(lv, body.moves))


def hint_level(m: Mode[Any], lv: Any, body: HintBody) -> dict[str, Any]:
    """A hint for the position the moves reach, for any level."""
    if body.kind not in m.hint_kinds:
        kinds = ", ".join(m.hint_kinds) or "none"
        raise ApiError(
            422, "unknown-hint-kind", f"kind {body.kind!r} is not one of: {kinds}", "kind"
        )
    _check_moves(body.moves)
    return tagged(m.id, m.hint(lv, body.moves, body.kind))


@router.post(
    "/modes/{mode}/levels/{level_id}/check",
    responses=_ERRORS,
    response_model=State,
    response_model_exclude_unset=True,
)
async def check(mode: str, level_id: str, body: MovesBody, request: Request) -> dict[str, Any]:
    """Replay the moves with the Python rules; the state (steps, conflicts, cleared)."""
    m = mode_of(mode)
    return await run_heavy(request, replay_level, m, level_of(m, level_id), body)


@router.post(
    "/modes/{mode}/levels/{level_id}/hint",
    responses=_ERRORS,
    response_model=Hint,
    response_model_exclude_unset=True,
)
async def hint(mode: str, level_id: str, body: HintBody, request: Request) -> dict[str, Any]:
    """One hint of ``kind`` (one of the mode's ``hintKinds``) for the position reached."""
    m = mode_of(mode)
    return await run_heavy(request, hint_level, m, level_of(m, level_id), body)
