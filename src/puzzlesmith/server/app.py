"""The FastAPI application, assembled in one place (after the FastAPI full-stack template).

Read a request's way from :func:`create_app` down:

1. the settings, read once (``app.state.settings``);
2. the app's state, built once: the store (``app.state.store``) and its secret
   (``app.state.secret``), opened in the app's lifespan as it starts when the settings
   name a store (else on first use), with the services built on it once
   (``app.state.services``: players, community, friends, saves, tries, ratings, and the
   daily layer's dailies and runs — ``state.py``); the daily rules (``app.state.rules``)
   and rate limits (``app.state.limiter``, ``app.state.*_limits``); the live-check pool
   (``app.state.checker``); the stream rooms' hub (``app.state.rooms``);
3. the middleware and error handlers;
4. the routers, each route taking that state from ``deps.py``'s typed dependencies
   (``StoreDep``, ``CommunityDep``, ``Ctx``, ``Me``, ...), never constructing a service.
"""

from __future__ import annotations

from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response
from starlette.concurrency import run_in_threadpool

from puzzlesmith.server import config, errors, observe, state
from puzzlesmith.server.cache import FastPath
from puzzlesmith.server.checkworker import CheckPool
from puzzlesmith.server.config import Settings
from puzzlesmith.server.daily.runs import Rules
from puzzlesmith.server.limits import BodyLimit
from puzzlesmith.server.ratelimit import RateLimiter
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.ready import Rooms
from puzzlesmith.server.routers import (
    achievements,
    breakdown,
    clips,
    codes,
    community,
    daily,
    editor,
    levels,
    modes,
    play,
    players,
    pwa,
    share,
    social,
    tries,
)
from puzzlesmith.server.routers import rooms as stream_rooms
from puzzlesmith.server.static_files import (
    STATIC,
    RevalidatedStatic,
    VersionedStatic,
    immutable_entry,
    index_entry,
)
from puzzlesmith.server.textguard import TextGuard


def create_app(
    settings: Settings | None = None,
    *,
    data_dir: Path | None = None,
    checker: CheckPool | None = None,
    hub: Hub | None = None,
    rules: Rules | None = None,
) -> FastAPI:
    """A fresh app, so tests and ``puzzlesmith play`` each build their own.

    ``settings``: the app's settings, read from the environment here when not given (once:
    routes read ``app.state.settings``); they name the store (``database_url``, else the
    SQLite file in ``data_dir``), and ``data_dir`` overrides theirs. ``checker`` and ``hub``
    replace the check pool and the rooms' hub the app would build (tests pass smaller ones;
    the app closes only the pool it built); ``rules`` how daily finishes are judged
    (``Rules(min_ms_per_move=0)``: a test server's, no speed flags)."""
    conf = settings if settings is not None else config.settings()
    if data_dir is not None:
        conf = conf.model_copy(update={"data_dir": data_dir})
    pool = checker or CheckPool(conf.check_workers, conf.check_seconds)

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        # the store first: a refused one stops the start with one line (OneLineStart)
        await run_in_threadpool(state.open_at_start, app)
        try:
            yield
        finally:
            state.close_services(app)
            if checker is None:
                pool.close()  # its worker processes (started on first use)

    app = FastAPI(
        title="Puzzlesmith",
        version="0.1.0",
        description="Logic-puzzle web game: modes, packs, level views, replay checks and hints.",
        lifespan=lifespan,
    )
    # the app's state: everything a route uses beyond its request (deps.py hands it out)
    app.state.settings = conf
    # how daily finishes are judged, and the per-player limits (bound to the store as it
    # opens); the store, its secret and the services come at start, else on first use
    # (state.py: app.state.store, .secret, .services)
    app.state.rules = rules or Rules()
    app.state.limiter = RateLimiter()
    app.state.checker = pool
    app.state.rooms = Rooms(hub or Hub())
    # the routers' own rate limits, counted in the store (bound to it as it opens)
    app.state.community_limits = RateLimiter(community.LIMITS)
    app.state.plays_limits = RateLimiter(tries.LIMITS)
    errors.install(app)
    app.add_middleware(TextGuard)  # 422 for text no store keeps (inside BodyLimit)
    app.add_middleware(BodyLimit)  # 413 before a too-large body is read
    # precomputed JSON, the page and the client's files answered before routing
    app.add_middleware(FastPath, page=index_entry, static=immutable_entry)
    app.add_middleware(state.OneLineStart)  # a refused store stops the start, one line
    app.add_middleware(observe.Observe)  # outermost: request ids, per-route metrics
    observe.configure_logging(conf.log_format)
    app.include_router(observe.router)  # /healthz, /readyz, /metrics
    for module in (modes, levels, play, clips, achievements, players, daily, social, breakdown):
        app.include_router(module.router)
    app.include_router(share.router)  # /api/daily/{mode}/share(.png): the result picture
    app.include_router(codes.router)
    app.include_router(editor.router)
    app.include_router(community.router)
    app.include_router(tries.router)
    app.include_router(pwa.router)
    app.include_router(stream_rooms.router)
    # Versioned first: /static would match /static/v/... too.
    app.mount("/static/v", VersionedStatic(directory=STATIC), name="static-versioned")
    app.mount("/static", RevalidatedStatic(directory=STATIC), name="static")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index(request: Request) -> Response:
        return index_entry().response(request.headers)  # HEAD (FastPath answers GET)

    return app
