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
    """An error the routes raise on purpose: a code (one of :data:`STATUS`, which gives
    its HTTP status), a one-line message, the bad input's field when there is one.

    Every route answers the same envelope: ``{"error": code, "message": one line}``, plus
    ``"field"`` naming the bad input when there is one and any ``extra`` fields. A raise
    never names a status (a test fails on one): the table decides it."""

    def __init__(
        self,
        code: str,
        message: str,
        field: str | None = None,
        extra: dict[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.code = code
        self.message = message
        self.field = field
        self.extra = extra or {}

    @property
    def status(self) -> int:
        """The HTTP status of this refusal (:func:`http_status`)."""
        return http_status(self)

    def response(self) -> JSONResponse:
        body: dict[str, object] = {**self.extra, "error": self.code, "message": self.message}
        if self.field is not None:
            body["field"] = self.field
        return JSONResponse(body, status_code=self.status)


class LevelRefusal(ApiError):
    """A level the publish check or the parser refuses, its code the level's own problem
    code (the editor says it with the mode's ``problem.<code>`` words): always
    :data:`PROBLEM_STATUS`, whatever the problem (the one rule beside :data:`STATUS`)."""


def _json(code: str, message: str, field: str | None = None) -> JSONResponse:
    return ApiError(code, message, field).response()


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


#: The one table of error code → HTTP status: every code a route or the handlers below
#: can answer has exactly one status, whoever raises it (an :class:`ApiError` of a route,
#: an engine error class, a stream room's :class:`RoomError`, the framework's own
#: refusals). Two rules beside it: a :class:`LevelRefusal` (a level's problem code)
#: answers :data:`PROBLEM_STATUS`; a room's refusal not listed answers
#: :data:`ROOM_DEFAULT` (the socket's codes, never answered over HTTP); and ``http-error``
#: (a status the framework raised that no other code names) keeps the framework's
#: status. Every code here has words (``err.<code>`` in puzzlesmith/core/words/; a test
#: fails on a missing one, on a raise naming a status, and on a raised code not here).
STATUS: dict[str, int] = {
    # 400: the request cannot be read
    "bad-request": 400,  # the engine's default (core/errors.py)
    "bad-code": 400,  # a level code that cannot be read (path or body)
    "http-error": 400,  # the framework's other refusals keep their own status
    # 401: no valid Authorization
    "no-token": 401,
    "bad-token": 401,  # an Authorization token no player has (or malformed)
    # 403: understood, not allowed
    "bad-run-token": 403,  # a run token not signed here, or not of a start stored here
    "foreign-token": 403,  # a run token of another player or mode
    "daily-level": 403,
    "future-date": 403,
    "day-not-over": 403,
    # 404: the path's (or the code's) resource is not there
    "not-found": 404,
    "unknown-mode": 404,
    "unknown-level": 404,
    "unknown-room": 404,
    "unknown-transfer-code": 404,
    "no-editor": 404,
    "no-month": 404,
    "no-entry": 404,
    "no-log": 404,
    "no-run": 404,
    "no-friend": 404,
    "method-not-allowed": 405,
    # 409: the state forbids it now
    "duplicate": 409,
    "already-finished": 409,
    "too-many-friends": 409,
    "retry": 409,
    # 413: the body (or its data) is over the size allowed
    "body-too-large": 413,
    # 422: a field of the body or query is wrong
    "invalid-request": 422,
    "illegal-move": 422,
    "invalid-log": 422,
    "bad-log": 422,
    "not-cleared": 422,
    "unknown-hint-kind": 422,
    "code-level": 422,
    "wrong-mode": 422,
    "bad-name": 422,
    "bad-text": 422,
    "bad-month": 422,
    "bad-date": 422,
    "bad-local-date": 422,
    "bad-progress": 422,
    "self-follow": 422,
    "no-voting": 422,
    "too-large": 422,  # a level too large for the server's check (use the CLI)
    "clip-too-large": 422,
    # 429: this client's share is used up
    "rate-limited": 429,
    "too-many-at-once": 429,  # more heavy requests at a time than one address may have
    "too-many-rooms-here": 429,
    "too-many-new-rooms": 429,
    "too-many-viewers-here": 429,
    # 499: the client hung up (logged, never read)
    "client-gone": 499,
    # 503: the server cannot now (try again)
    "busy": 503,  # every worker or connection in use, or a worker restarted
    "too-many-rooms": 503,
    "gave-up": 503,
    "check-failed": 503,
    "store-unavailable": 503,
    "internal": 503,
    "level-format": 503,
    "mode-load": 503,
    "words-file": 503,
    # 507: no room left to store it
    "storage-full": 507,
}
#: The status of every :class:`LevelRefusal`.
PROBLEM_STATUS = 422
#: The status of a room's refusal not in :data:`STATUS`.
ROOM_DEFAULT = 409
#: The request field an error names.
FIELD: dict[str, str] = {"illegal-move": "moves"}


def http_status(exc: PuzzlesmithError) -> int:
    """The HTTP status of a raised error: :data:`STATUS` of its code (the rules beside
    it for a level's problem and a room's socket code); 400 for a code nowhere (a test
    keeps every raised code in the table)."""
    if isinstance(exc, LevelRefusal):
        return PROBLEM_STATUS
    from puzzlesmith.server.rooms.room import RoomError  # rooms import this module

    return STATUS.get(exc.code, ROOM_DEFAULT if isinstance(exc, RoomError) else 400)


def as_response(exc: PuzzlesmithError) -> JSONResponse:
    """Any raised PuzzlesmithError as the one envelope, ``{"error", "message"[, "field"]}``."""
    if isinstance(exc, ApiError):
        return exc.response()
    body = {"error": exc.code, "message": _one_line(str(exc))}
    if exc.code in FIELD:
        body["field"] = FIELD[exc.code]
    return JSONResponse(body, status_code=http_status(exc))


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
            return _json("invalid-request", "invalid request")
        first = errs[0]
        field = field_of(tuple(first.get("loc", ("body",))))
        if first.get("type") == "json_invalid":  # its loc is ("body", <offset>), not a field
            field = "body"
        msg = f"{field}: {first.get('msg', 'invalid')}"
        return _json("invalid-request", _one_line(msg), field)

    @app.exception_handler(StarletteHTTPException)
    async def http_error(request: Request, exc: StarletteHTTPException) -> JSONResponse:
        code = {404: "not-found", 405: "method-not-allowed", 413: "body-too-large"}.get(
            exc.status_code, "http-error"
        )
        resp = _json(code, _one_line(str(exc.detail)))
        if code == "http-error":  # the framework's own status, the rule beside STATUS
            resp.status_code = exc.status_code if exc.status_code < 500 else 503
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
        resp = _json(fault.code, fault.message)
        if fault.retry_after is not None:
            resp.headers["Retry-After"] = str(fault.retry_after)
        return resp

    @app.exception_handler(Exception)
    async def anything(_: Request, exc: Exception) -> JSONResponse:
        log.exception("unexpected error")
        return _json("internal", _one_line(f"{exc.__class__.__name__}: {exc}"))
