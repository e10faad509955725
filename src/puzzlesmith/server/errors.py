"""Every failure answers one line of JSON with a stable code; nothing ever answers 500."""

from __future__ import annotations

import logging

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

from puzzlesmith.core.errors import (
    IllegalMoveError,
    LevelFormatError,
    PuzzlesmithError,
    UnknownLevelError,
    UnknownModeError,
)

log = logging.getLogger("puzzlesmith.server")


class ApiError(Exception):
    """An error the routes raise on purpose, with its HTTP status and code."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field


def _json(status: int, code: str, message: str, field: str | None = None) -> JSONResponse:
    body: dict[str, str] = {"error": code, "message": message}
    if field is not None:
        body["field"] = field
    return JSONResponse(body, status_code=status)


def _one_line(text: str) -> str:
    """One line, at most 300 characters, encodable as UTF-8 (a lone surrogate in a move
    string echoed back must not turn a 422 into an internal error)."""
    line = " ".join(str(text).split())[:300]
    return line.encode("utf-8", "backslashreplace").decode("utf-8")


def field_of(loc: tuple[int | str, ...] | list[int | str]) -> str:
    """The dotted field path of a pydantic error location, without the ``body`` prefix.

    >>> field_of(("body", "moves", 2))
    'moves.2'
    >>> field_of(("body",))
    'body'
    """
    parts = [str(p) for p in loc]
    if len(parts) > 1 and parts[0] in ("body", "query", "path"):
        parts = parts[1:]
    return ".".join(parts)


def install(app: FastAPI) -> None:
    """Register the handlers that turn every exception into a JSON answer."""

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return _json(exc.status, exc.code, exc.message, exc.field)

    @app.exception_handler(RequestValidationError)
    async def invalid(_: Request, exc: RequestValidationError) -> JSONResponse:
        errs = exc.errors()
        if not errs:
            return _json(422, "invalid-request", "invalid request")
        first = errs[0]
        field = field_of(tuple(first.get("loc", ("body",))))
        if first.get("type") == "json_invalid":  # its loc is ("body", <offset>), not a field
            field = "body"
        msg = f"{field}: {first.get('msg', 'invalid')}"
        return _json(422, "invalid-request", _one_line(msg), field)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(_: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed"}.get(exc.status_code, "http-error")
        status = exc.status_code if exc.status_code < 500 else 503
        return _json(status, code, _one_line(str(exc.detail)))

    @app.exception_handler(UnknownModeError)
    async def unknown_mode(_: Request, exc: UnknownModeError) -> JSONResponse:
        return _json(404, "unknown-mode", _one_line(str(exc)))

    @app.exception_handler(UnknownLevelError)
    async def unknown_level(_: Request, exc: UnknownLevelError) -> JSONResponse:
        return _json(404, "unknown-level", _one_line(str(exc)))

    @app.exception_handler(IllegalMoveError)
    async def illegal_move(_: Request, exc: IllegalMoveError) -> JSONResponse:
        return _json(422, "illegal-move", _one_line(str(exc)), "moves")

    @app.exception_handler(LevelFormatError)
    async def bad_level(_: Request, exc: LevelFormatError) -> JSONResponse:
        return _json(503, "level-format", _one_line(str(exc)))

    @app.exception_handler(PuzzlesmithError)
    async def engine_error(_: Request, exc: PuzzlesmithError) -> JSONResponse:
        return _json(400, "bad-request", _one_line(str(exc)))

    @app.exception_handler(Exception)
    async def anything(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _json(503, "internal", _one_line(f"{exc.__class__.__name__}: {exc}"))
