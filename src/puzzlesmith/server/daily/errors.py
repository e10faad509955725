"""The daily API's refusals: ``{"code", "error", "message", "field"?}`` with a 4xx status."""

from __future__ import annotations

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse

from puzzlesmith.server.errors import ApiError


class DailyApiError(ApiError):
    """A refusal the daily routes raise; ``code`` names why (``foreign-token``, ``too-fast``…)."""


def install(app: FastAPI) -> None:
    @app.exception_handler(DailyApiError)
    async def daily_error(_: Request, exc: DailyApiError) -> JSONResponse:
        body: dict[str, str] = {"code": exc.code, "error": exc.code, "message": exc.message}
        if exc.field is not None:
            body["field"] = exc.field
        return JSONResponse(body, status_code=exc.status)
