"""The FastAPI application: API routers, error handlers and the static client."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.responses import Response

from puzzlesmith.server import errors, observe
from puzzlesmith.server.cache import FastPath
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.context import DailyConfig, OpenAtStart
from puzzlesmith.server.limits import BodyLimit
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


def create_app(data_dir: Path | None = None) -> FastAPI:
    """A fresh app, so tests and ``puzzlesmith play`` each build their own; the daily
    layer keeps its store in ``data_dir`` (or ``$PUZZLESMITH_DATABASE_URL``)."""
    app = FastAPI(
        title="Puzzlesmith",
        version="0.1.0",
        description="Logic-puzzle web game: modes, packs, level views, replay checks and hints.",
    )
    errors.install(app)
    app.add_middleware(TextGuard)  # 422 for text no store keeps (inside BodyLimit)
    app.add_middleware(BodyLimit)  # 413 before a too-large body is read
    # precomputed JSON, the page and the client's files answered before routing
    app.add_middleware(FastPath, page=index_entry, static=immutable_entry)
    app.state.daily = DailyConfig(data_dir)  # opened at start when configured, else on first use
    app.add_middleware(OpenAtStart)  # a refused store stops the start with one line
    app.add_middleware(observe.Observe)  # outermost: request ids, per-route metrics
    observe.configure_logging(settings().log_format)
    app.include_router(observe.router)  # /healthz, /readyz, /metrics
    for module in (modes, levels, play, clips, achievements, players, daily, social, breakdown):
        app.include_router(module.router)
    app.include_router(share.router)  # /api/daily/{mode}/share(.png): the result picture
    app.include_router(codes.router)
    app.include_router(editor.router)
    app.include_router(community.router)
    app.include_router(tries.router)
    app.include_router(pwa.router)
    app.include_router(stream_rooms.make_router())
    # Versioned first: /static would match /static/v/... too.
    app.mount("/static/v", VersionedStatic(directory=STATIC), name="static-versioned")
    app.mount("/static", RevalidatedStatic(directory=STATIC), name="static")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index(request: Request) -> Response:
        return index_entry().response(request.headers)  # HEAD (FastPath answers GET)

    return app
