"""What a load balancer and a monitor ask: liveness, readiness, Prometheus metrics, logs.

- ``GET /healthz``: the process answers (no store, no lock: a balancer's liveness probe).
- ``GET /readyz``: the store answers a query, its schema is at the migrations' head and the
  live-check pool's processes are alive (or not started yet); 503 with what failed
  otherwise. Neither route touches a rate limit (limits are per route, in the store).
- ``GET /metrics``: the Prometheus text format (``prometheus-client``). Under several
  processes (``uvicorn --workers N``, or several single-worker uvicorns on one machine) set
  ``PROMETHEUS_MULTIPROC_DIR`` to an empty directory before they start: each process
  writes its counters there and any one of them answers the sum (the library's
  multiprocess mode). Routes are labelled by their template (``/api/daily/{mode}/finish``),
  never by the raw path, so the label set stays small.
- Logs: ``PUZZLESMITH_LOG_FORMAT=json`` writes one JSON object per line, each carrying the
  request's id (``X-Request-ID`` from the client or the balancer when it is sane, else a
  new one, echoed in the response); plain lines otherwise.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import re
import time
import uuid
from collections import Counter as Tally
from contextvars import ContextVar
from typing import Any

from fastapi import APIRouter, Request
from fastapi.responses import JSONResponse, Response
from prometheus_client import CONTENT_TYPE_LATEST, REGISTRY, CollectorRegistry, generate_latest
from prometheus_client import multiprocess as prom_multiprocess
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlesmith.server.metrics import (
    LATENCY,
    REQUESTS,
    ROOMS,
    SOCKETS,
)

#: the id of the request being served (logs carry it)
REQUEST_ID: ContextVar[str] = ContextVar("request_id", default="")
_SANE_ID = re.compile(r"^[A-Za-z0-9._:-]{1,64}$")

#: sockets per room path in this process (the ROOMS gauge)
_room_sockets: Tally[str] = Tally()


def _route_of(scope: Scope) -> str:
    """The matched route's template. What is answered before routing (FastPath's cached
    JSON) was routed once in this process first: its path's template is remembered then."""
    path = str(scope.get("path", ""))
    template = getattr(scope.get("route"), "path", None)
    if isinstance(template, str):
        if (len(_templates) < MAX_TEMPLATES and template != path) or path in _FIXED:
            _templates.setdefault(path, template)
        return template
    if path.startswith("/static/v/"):
        return "/static/v"
    return _templates.get(path) or (path if path in _FIXED else UNMATCHED)


UNMATCHED = "<unmatched>"


def multiproc_dir() -> str:
    """The library's PROMETHEUS_MULTIPROC_DIR: set, the metrics are summed over processes."""
    return os.environ.get("PROMETHEUS_MULTIPROC_DIR", "")


#: paths answered before routing that are their own template
_FIXED = frozenset({"/", "/api/modes"})
#: raw path → template of the routed requests whose answer FastPath may cache (bounded)
_templates: dict[str, str] = {}
MAX_TEMPLATES = 4096


class Observe:
    """Outermost middleware: a request id, per-route counts and latency, live sockets."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await self._socket(scope, receive, send)
            return
        if scope["type"] == "lifespan":
            await self.app(scope, receive, self._on_shutdown(send))
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        given = dict(scope.get("headers") or ()).get(b"x-request-id", b"").decode("latin-1")
        rid = given if _SANE_ID.match(given) else uuid.uuid4().hex
        token = REQUEST_ID.set(rid)
        status = 500
        started = time.perf_counter()

        async def send_with_id(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
                message["headers"] = [*message.get("headers", []), (b"x-request-id", rid.encode())]
            await send(message)

        try:
            await self.app(scope, receive, send_with_id)
        finally:
            route, method = _route_of(scope), str(scope.get("method", ""))
            LATENCY.labels(method, route).observe(time.perf_counter() - started)
            REQUESTS.labels(method, route, str(status)).inc()
            REQUEST_ID.reset(token)

    @staticmethod
    def _on_shutdown(send: Send) -> Send:
        """At a clean stop, drop this process's live gauges from the multiprocess files."""

        async def sending(message: Message) -> None:
            if message["type"] == "lifespan.shutdown.complete" and multiproc_dir():
                prom_multiprocess.mark_process_dead(os.getpid())  # type: ignore[no-untyped-call]
            await send(message)

        return sending

    async def _socket(self, scope: Scope, receive: Receive, send: Send) -> None:
        room = str(scope.get("path", "")).upper()  # (the hub reads room codes so)
        SOCKETS.inc()
        _room_sockets[room] += 1
        ROOMS.set(len(_room_sockets))
        try:
            await self.app(scope, receive, send)
        finally:
            SOCKETS.dec()
            _room_sockets[room] -= 1
            if _room_sockets[room] <= 0:
                del _room_sockets[room]
            ROOMS.set(len(_room_sockets))


def registry() -> CollectorRegistry:
    """What ``/metrics`` answers: every process's files in multiprocess mode, else this
    process's own registry."""
    if multiproc_dir():
        reg = CollectorRegistry()
        prom_multiprocess.MultiProcessCollector(reg)  # type: ignore[no-untyped-call]
        return reg
    return REGISTRY


router = APIRouter(tags=["operations"])


@router.get("/healthz", summary="Liveness: the process answers")
async def healthz() -> dict[str, str]:
    return {"status": "ok"}


def _readiness(request: Request) -> dict[str, str]:
    """Each part's state ("ok" or what is wrong), checked in a thread (the store blocks)."""
    from sqlalchemy import text

    parts: dict[str, str] = {}
    try:
        from puzzlesmith.server.state import services_of

        store = services_of(request.app).store
        with store.engine.connect() as conn:
            conn.execute(text("SELECT 1"))
        at, head = store.revision(), store.head()
        parts["store"] = "ok"
        parts["migrations"] = "ok" if at == head else f"at {at}, head is {head}"
    except Exception as exc:  # any store failure means not ready, said in one line
        parts["store"] = f"{type(exc).__name__}: {' '.join(str(exc).split())[:200]}"
        parts.setdefault("migrations", "unknown")
    pool = request.app.state.checker
    dead = [w for w in pool.workers if not w.healthy()]
    parts["check_pool"] = "ok" if not dead else f"{len(dead)} of {len(pool.workers)} dead"
    return parts


@router.get(
    "/readyz",
    summary="Readiness: store answers, migrations current, check pool alive (503 otherwise)",
    responses={503: {"description": "Not ready: the body says which part failed"}},
)
async def readyz(request: Request) -> JSONResponse:
    parts = await asyncio.to_thread(_readiness, request)
    ready = all(v == "ok" for v in parts.values())
    return JSONResponse({"ready": ready, **parts}, status_code=200 if ready else 503)


@router.get("/metrics", summary="Prometheus metrics (text format)", response_class=Response)
async def metrics() -> Response:
    body = await asyncio.to_thread(generate_latest, registry())
    return Response(body, media_type=CONTENT_TYPE_LATEST)


class JsonFormatter(logging.Formatter):
    """One JSON object per line: time, level, logger, message, request id (and the error)."""

    def format(self, record: logging.LogRecord) -> str:
        out: dict[str, Any] = {
            "time": self.formatTime(record, "%Y-%m-%dT%H:%M:%S"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        rid = REQUEST_ID.get()
        if rid:
            out["request_id"] = rid
        if record.exc_info:
            out["error"] = self.formatException(record.exc_info)
        return json.dumps(out, ensure_ascii=False)


#: the loggers a uvicorn deployment writes through
LOGGERS = ("", "uvicorn", "uvicorn.error", "uvicorn.access", "puzzlesmith")


def configure_logging(fmt: str) -> None:
    """``json``: every handler of the server's loggers writes JSON lines (one handler on
    stderr where a logger has none); ``plain``: leave the logging as it is."""
    if fmt != "json":
        return
    for name in LOGGERS:
        logger = logging.getLogger(name)
        if not logger.handlers and name in ("", "puzzlesmith"):
            if name == "":
                logger.addHandler(logging.StreamHandler())
            else:
                continue
        for handler in logger.handlers:
            handler.setFormatter(JsonFormatter())
