"""The FastAPI application: API routers, error handlers and the static client."""

from __future__ import annotations

from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from puzzlesmith.server import errors
from puzzlesmith.server.routers import achievements, clips, codes, levels, modes, play

STATIC = Path(__file__).resolve().parent / "static"


class _Static(StaticFiles):
    """Static files that the browser revalidates, so a new build is never half-cached."""

    def file_response(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        resp = super().file_response(*args, **kwargs)
        resp.headers["Cache-Control"] = "no-cache"
        return resp


def create_app() -> FastAPI:
    """A fresh app; stateless, so tests and ``puzzlesmith play`` each build their own."""
    app = FastAPI(
        title="Puzzlesmith",
        version="0.1.0",
        description="Logic-puzzle web game: modes, packs, level views, replay checks and hints.",
    )
    errors.install(app)
    app.include_router(modes.router)
    app.include_router(levels.router)
    app.include_router(play.router)
    app.include_router(clips.router)
    app.include_router(achievements.router)
    app.include_router(codes.router)
    app.mount("/static", _Static(directory=STATIC), name="static")

    @app.get("/", include_in_schema=False)
    def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    return app
