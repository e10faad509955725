"""The request dependencies every router may take (the FastAPI template's deps.py).

- :data:`Ctx`: the daily layer of this app (store, dailies, runs, players, limits), opened
  on first use;
- :data:`Me` / :data:`MaybeMe`: the player of the bearer token (401 without one / None);
- :data:`Checker`: the process's live-check pool (worker processes with a deadline);
- :data:`EditorMode`: the path's ``{mode}``, when it has a level editor;
- :func:`app_limiter`: a router's own rate limits, counted in the store.

Routers import these from here, never from each other.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import Depends, Header, Request

from puzzlesmith.core.mode import Mode
from puzzlesmith.server.catalog import mode_of
from puzzlesmith.server.checkworker import CheckPool
from puzzlesmith.server.daily.context import DailyConfig, DailyContext
from puzzlesmith.server.daily.limits import RateLimiter
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.store import Player, Store

#: shared by every app in the process: workers spawned on first use (tests may swap it)
WORKER = CheckPool()


async def context(request: Request) -> DailyContext:
    """Async (no thread hop per request): after the first call this is a memory read."""
    cfg: DailyConfig = request.app.state.daily
    return cfg.open()


Ctx = Annotated[DailyContext, Depends(context)]


def store(ctx: Ctx) -> Store:
    """The daily and community store of this app."""
    return ctx.runs.store


StoreDep = Annotated[Store, Depends(store)]


def app_limiter(
    request: Request, ctx: DailyContext, name: str, limits: dict[str, tuple[int, float]]
) -> RateLimiter:
    """A router's own limits, one per app on ``app.state.<name>`` (tests replace them
    there), counted in the daily store like the daily limits."""
    state = request.app.state
    lim: RateLimiter | None = getattr(state, name, None)
    if lim is None:
        lim = RateLimiter(limits)
        setattr(state, name, lim)
    if lim.store is None:
        lim.store = ctx.runs.store
    return lim


def bearer(authorization: str | None) -> str | None:
    if not authorization:
        return None
    kind, _, token = authorization.partition(" ")
    if kind.lower() != "bearer" or not token.strip():
        raise ApiError(401, "bad-token", "Authorization: expected 'Bearer <token>'")
    return token.strip()


def maybe_player(ctx: Ctx, authorization: Annotated[str | None, Header()] = None) -> Player | None:
    """The player of the bearer token, None without one; 401 for an unknown token."""
    token = bearer(authorization)
    if token is None:
        return None
    p = ctx.players.by_token(token)
    if p is None:
        raise ApiError(401, "bad-token", "Authorization: no player has this token")
    return p


async def current_player(player: Annotated[Player | None, Depends(maybe_player)]) -> Player:
    if player is None:
        raise ApiError(401, "no-token", "Authorization: create a player first (POST /api/players)")
    return player


Me = Annotated[Player, Depends(current_player)]
MaybeMe = Annotated[Player | None, Depends(maybe_player)]
#: the client's own date (YYYY-MM-DD), its today: accepted when it exists somewhere on Earth
LocalDate = Annotated[str | None, Header(alias="X-Local-Date", max_length=10)]


def check_pool() -> CheckPool:
    """The live-check pool, looked up at each request (so a test's replacement is used)."""
    return WORKER


Checker = Annotated[CheckPool, Depends(check_pool)]


def editor_mode(mode: str) -> Mode[Any]:
    """The ``{mode}`` of the path, when it declares the ``editor`` capability (404 else)."""
    m = mode_of(mode)
    if not m.capabilities.editor:
        raise ApiError(404, "no-editor", f"mode {m.id} has no level editor")
    return m


EditorMode = Annotated[Mode[Any], Depends(editor_mode)]
