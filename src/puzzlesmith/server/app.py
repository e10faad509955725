"""The FastAPI application: API routers, error handlers and the static client."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse

from puzzlesmith.server import errors
from puzzlesmith.server.daily import context as daily
from puzzlesmith.server.limits import BodyLimit
from puzzlesmith.server.routers import (
    achievements,
    breakdown,
    clips,
    codes,
    community,
    editor,
    levels,
    modes,
    play,
    pwa,
    social,
)
from puzzlesmith.server.routers import rooms as stream_rooms
from puzzlesmith.server.static_files import (
    REVALIDATE,
    STATIC,
    RevalidatedStatic,
    VersionedStatic,
    render_index,
)


def create_app(data_dir: Path | None = None) -> FastAPI:
    """A fresh app, so tests and ``puzzlesmith play`` each build their own; the daily
    layer keeps its store in ``data_dir`` (or ``$PUZZLESMITH_DATABASE_URL``)."""
    app = FastAPI(
        title="Puzzlesmith",
        version="0.1.0",
        description="Logic-puzzle web game: modes, packs, level views, replay checks and hints.",
    )
    errors.install(app)
    app.add_middleware(BodyLimit)  # 413 before a too-large body is read
    app.include_router(modes.router)
    app.include_router(levels.router)
    app.include_router(play.router)
    app.include_router(clips.router)
    app.include_router(achievements.router)
    daily.install(app, data_dir)
    app.include_router(social.router)
    app.include_router(breakdown.router)
    app.include_router(codes.router)
    app.include_router(editor.router)
    app.include_router(community.router)
    app.include_router(pwa.router)
    app.include_router(stream_rooms.make_router())
    # Versioned first: /static would match /static/v/... too.
    app.mount("/static/v", VersionedStatic(directory=STATIC), name="static-versioned")
    app.mount("/static", RevalidatedStatic(directory=STATIC), name="static")

    @app.api_route("/", methods=["GET", "HEAD"], include_in_schema=False)
    def index() -> HTMLResponse:
        return HTMLResponse(render_index(), headers={"Cache-Control": REVALIDATE})

    return app
