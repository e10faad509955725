"""The daily API's refusals: ``{"code", "error", "message", "field"?}`` with a 4xx status,
and database failures as one sentence with a 503 (``store.faults``)."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, SQLAlchemyError

from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.store.faults import UNREACHABLE, classify

log = logging.getLogger("puzzlesmith.server.store")


class DailyApiError(ApiError):
    """A refusal the daily routes raise; ``code`` names why (``foreign-token``, ``too-fast``…)."""


def install(app: FastAPI) -> None:
    @app.exception_handler(DailyApiError)
    async def daily_error(_: Request, exc: DailyApiError) -> JSONResponse:
        body: dict[str, str] = {"code": exc.code, "error": exc.code, "message": exc.message}
        if exc.field is not None:
            body["field"] = exc.field
        return JSONResponse(body, status_code=exc.status)

    @app.exception_handler(SQLAlchemyError)
    async def store_error(_: Request, exc: SQLAlchemyError) -> JSONResponse:
        """Handled here (not by the catch-all), so the keep-alive connection stays open."""
        fault = classify(exc)
        if fault is UNREACHABLE and not isinstance(exc, DBAPIError):
            log.exception("unexpected store error")  # a bug, not an outage: keep its trace
        else:
            log.warning("store: %s (%s)", fault.code, type(exc).__name__)
        body = {"code": fault.code, "error": fault.code, "message": fault.message}
        headers = {} if fault.retry_after is None else {"Retry-After": str(fault.retry_after)}
        return JSONResponse(body, status_code=503, headers=headers)
