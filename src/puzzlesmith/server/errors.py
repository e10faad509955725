"""Every failure answers one line of JSON with a stable code; nothing ever answers 500."""

from __future__ import annotations

import logging
import re
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from puzzlesmith.core.errors import PuzzlesmithError
from puzzlesmith.server.store.faults import UNREACHABLE, classify

log = logging.getLogger("puzzlesmith.server")


class ApiError(PuzzlesmithError):
    """An error the routes raise on purpose, with its HTTP status and code.

    Every route answers the same envelope: ``{"error": code, "message": one line}``, plus
    ``"field"`` naming the bad input when there is one and any ``extra`` fields."""

    def __init__(
        self,
        status: int,
        code: str,
        message: str,
        field: str | None = None,
        extra: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field
        self.extra = extra or {}

    def response(self) -> JSONResponse:
        body: dict[str, object] = {**self.extra, "error": self.code, "message": self.message}
        if self.field is not None:
            body["field"] = self.field
        return JSONResponse(body, status_code=self.status)


def _json(status: int, code: str, message: str, field: str | None = None) -> JSONResponse:
    return ApiError(status, code, message, field).response()


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


#: The one table of error code → HTTP status, for every refusal raised as a
#: :class:`PuzzlesmithError` (the engine's, a stream room's) and answered by the handler
#: below; an :class:`ApiError` (a route's own refusal) carries its status itself. A code
#: not listed answers 400, a room's 409 (:data:`ROOM_DEFAULT`). Every code here has words
#: (``err.<code>`` in puzzlesmith/core/words/; a test fails on a missing one).
STATUS: dict[str, int] = {
    # the engine's (core/errors.py and the classes carrying a code)
    "bad-request": 400,
    "unknown-mode": 404,
    "unknown-level": 404,
    "illegal-move": 422,
    "gave-up": 503,
    "level-format": 503,
    "mode-load": 503,
    "words-file": 503,
    # a stream room's (rooms/room.py RoomError), as POST /api/rooms and its viewer answer
    "too-many-rooms": 503,
    "no-voting": 422,
    "unknown-room": 404,
    "too-many-rooms-here": 429,
    "too-many-new-rooms": 429,
    "too-many-viewers-here": 429,
}
#: The status of a room's refusal not in :data:`STATUS`.
ROOM_DEFAULT = 409
#: The request field an error names.
FIELD: dict[str, str] = {"illegal-move": "moves"}


def http_status(exc: PuzzlesmithError) -> int:
    """The HTTP status of a raised error, from :data:`STATUS` (an ApiError's own)."""
    if isinstance(exc, ApiError):
        return exc.status
    from puzzlesmith.server.rooms.room import RoomError  # rooms import this module

    return STATUS.get(exc.code, ROOM_DEFAULT if isinstance(exc, RoomError) else 400)


def as_response(exc: PuzzlesmithError) -> JSONResponse:
    """Any raised PuzzlesmithError as the one envelope, ``{"error", "message"[, "field"]}``."""
    if isinstance(exc, ApiError):
        return exc.response()
    return _json(http_status(exc), exc.code, _one_line(str(exc)), FIELD.get(exc.code))


def allowed_methods(request: Request) -> list[str]:
    """Every method the path's resource has, as the schema documents it. Starlette's 405
    names the methods of the first route whose path matched, and a path served by two
    routes (``GET`` and ``PATCH /api/players/me``) got an ``Allow`` that disagreed with
    the schema. A path matched by several templates takes the most literal (fewest
    parameters); a path not in the schema keeps Starlette's header (empty list)."""
    app = request.app
    table: list[tuple[re.Pattern[str], str, list[str]]] | None = getattr(
        app.state, "allow_table", None
    )
    if table is None:
        table = []
        for path, ops in app.openapi().get("paths", {}).items():
            pattern = re.compile("^" + re.sub(r"\\\{[^/]+?\\\}", "[^/]+", re.escape(path)) + "$")
            table.append((pattern, path, sorted(m.upper() for m in ops)))
        app.state.allow_table = table
    found = [
        (path.count("{"), path, methods)
        for pattern, path, methods in table
        if pattern.match(request.url.path)
    ]
    return min(found)[2] if found else []


def document_body_errors(app: FastAPI) -> None:
    """Every operation that takes a body documents 400: a body that cannot be parsed at
    all (not JSON, bad UTF-8) is refused by FastAPI with 400 before the route's own
    checks; schemathesis ``--checks all`` found it undocumented on 13 operations."""
    plain = app.openapi

    def openapi() -> dict[str, Any]:
        if app.openapi_schema is not None:
            return app.openapi_schema
        schema = plain()
        known = schema.get("components", {}).get("schemas", {})
        body = {"$ref": "#/components/schemas/ErrorOut"} if "ErrorOut" in known else {}
        for ops in schema.get("paths", {}).values():
            for op in ops.values():
                if isinstance(op, dict) and "requestBody" in op:
                    op.setdefault("responses", {}).setdefault(
                        "400",
                        {
                            "description": "The body could not be parsed (not JSON)",
                            "content": {"application/json": {"schema": body}},
                        },
                    )
        return schema

    app.openapi = openapi  # type: ignore[method-assign]


def install(app: FastAPI) -> None:
    """Register the handlers that turn every exception into a JSON answer."""
    document_body_errors(app)

    @app.exception_handler(PuzzlesmithError)
    async def refused(_: Request, exc: PuzzlesmithError) -> JSONResponse:
        return as_response(exc)

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
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed", 413: "body-too-large"}.get(
            exc.status_code, "http-error"
        )
        status = exc.status_code if exc.status_code < 500 else 503
        resp = _json(status, code, _one_line(str(exc.detail)))
        resp.headers.update(exc.headers or {})  # e.g. Allow on a 405
        if exc.status_code == 405:
            allow = allowed_methods(request)
            if allow:
                resp.headers["Allow"] = ", ".join(allow)
        return resp

    @app.exception_handler(SQLAlchemyError)
    async def store_error(_: Request, exc: SQLAlchemyError) -> JSONResponse:
        """Handled here (not by the catch-all), so the keep-alive connection stays open;
        one sentence (``store.faults``), never the library's text."""
        fault = classify(exc)
        if fault is UNREACHABLE and not isinstance(exc, DBAPIError):
            log.exception("unexpected store error")  # a bug, not an outage: keep its trace
        else:
            log.warning("store: %s (%s)", fault.code, type(exc).__name__)
        resp = _json(503, fault.code, fault.message)
        if fault.retry_after is not None:
            resp.headers["Retry-After"] = str(fault.retry_after)
        return resp

    @app.exception_handler(Exception)
    async def anything(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _json(503, "internal", _one_line(f"{exc.__class__.__name__}: {exc}"))


class DailyApiError(ApiError):
    """A refusal the daily and social routes raise; ``code`` names why (``foreign-token``,
    ``too-fast``…)."""
