"""Every failure answers one line of JSON with a stable code; nothing ever answers 500."""

from __future__ import annotations

import logging
import re
from collections.abc import Awaitable, Callable
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException

from puzzlesmith.core.budget import BudgetExceeded
from puzzlesmith.core.errors import (
    IllegalMoveError,
    LevelFormatError,
    PuzzlesmithError,
    UnknownLevelError,
    UnknownModeError,
)
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


#: The engine's exceptions → (HTTP status, error code, field named); Starlette picks the
#: handler of the nearest class in the exception's MRO.
_ENGINE_ERRORS: dict[type[PuzzlesmithError], tuple[int, str, str | None]] = {
    UnknownModeError: (404, "unknown-mode", None),
    BudgetExceeded: (503, "gave-up", None),
    UnknownLevelError: (404, "unknown-level", None),
    IllegalMoveError: (422, "illegal-move", "moves"),
    LevelFormatError: (503, "level-format", None),
    PuzzlesmithError: (400, "bad-request", None),
}


def _engine_handler(
    status: int, code: str, field: str | None
) -> Callable[[Request, Exception], Awaitable[JSONResponse]]:
    async def handler(_: Request, exc: Exception) -> JSONResponse:
        return _json(status, code, _one_line(str(exc)), field)

    return handler


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

    @app.exception_handler(ApiError)
    async def api_error(_: Request, exc: ApiError) -> JSONResponse:
        return exc.response()

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

    for exc_type, (status, code, field) in _ENGINE_ERRORS.items():
        app.add_exception_handler(exc_type, _engine_handler(status, code, field))

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
