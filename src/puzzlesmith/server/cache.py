"""Cheap routes answer from precomputed JSON bytes with an ETag (304 when unchanged).

The mode list, a mode's packs and a shipped level's view only change when the install
does, so their JSON is built once per process, gzipped once, and answering is a dict
lookup on the event loop (no validation or serialisation per request), even while the
heavy lanes are saturated.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable, Mapping
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel
from starlette.types import ASGIApp, Receive, Scope, Send

from puzzlesmith.server.compress import MIN_SIZE, accepts_gzip, gzip_bytes

#: revalidate every time (cheap: a 304), so a new install is seen at once
CACHE_CONTROL = "no-cache"


Raw = list[tuple[bytes, bytes]]


class Entry:
    """One precomputed answer: its body (JSON by default), its gzip (when worth it) and its
    raw headers."""

    __slots__ = ("body", "etag", "gz", "gz_headers", "headers", "not_modified")

    def __init__(
        self,
        body: bytes,
        content_type: str = "application/json",
        cache_control: str = CACHE_CONTROL,
        compress: bool = True,
    ) -> None:
        self.body = body
        self.etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        self.gz = gzip_bytes(body) if compress and len(body) >= MIN_SIZE else None
        common: Raw = [(b"etag", self.etag.encode()), (b"cache-control", cache_control.encode())]
        if self.gz is not None:
            common.append((b"vary", b"Accept-Encoding"))
        self.not_modified = common
        json_type = (b"content-type", content_type.encode())
        self.headers = [*common, json_type, (b"content-length", str(len(body)).encode())]
        self.gz_headers: Raw = []
        if self.gz is not None:
            size = str(len(self.gz)).encode()
            self.gz_headers = [
                *common,
                json_type,
                (b"content-encoding", b"gzip"),
                (b"content-length", size),
            ]

    def answer(
        self, if_none_match: str | None, accept: Mapping[str, str]
    ) -> tuple[int, Raw, bytes]:
        """(status, headers, body) for a request with these headers."""
        if if_none_match is not None:
            tags = _etags(if_none_match)
            if self.etag in tags or "*" in tags:
                return 304, self.not_modified, b""
        if self.gz is not None and accepts_gzip(accept):
            return 200, self.gz_headers, self.gz
        return 200, self.headers, self.body

    def response(self, request_headers: Mapping[str, str]) -> Response:
        """The answer as a Starlette response, for a route that reached the framework."""
        status, headers, body = self.answer(request_headers.get("if-none-match"), request_headers)
        resp = Response(body, status_code=status)
        resp.raw_headers = list(headers)
        return resp


_cache: dict[str, Entry] = {}
#: request path → its answer, for :class:`FastPath` (filled by cached_json, bounded)
_by_path: dict[str, Entry] = {}
MAX_PATHS = 10_000


def entry_of(key: str, build: Callable[[], BaseModel | Any]) -> Entry:
    """The kept answer of ``key``, built once (a route that adds live fields to it)."""
    hit = _cache.get(key)
    if hit is None:
        value = build()
        data = value.model_dump() if isinstance(value, BaseModel) else value
        hit = Entry(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        _cache[key] = hit
    return hit


def cached_json(request: Request, key: str, build: Callable[[], BaseModel | Any]) -> Response:
    """The JSON of ``build()`` (computed once per ``key``), or 304 if the client has it.

    The request's path is remembered too, so the next request for it is answered by
    :class:`FastPath` before the framework routes it."""
    hit = entry_of(key, build)
    if not request.scope.get("query_string") and len(_by_path) < MAX_PATHS:
        _by_path[request.scope["path"]] = hit
    return hit.response(request.headers)


class FastPath:
    """Answer a GET for a path whose JSON is precomputed without the framework:
    no routing over every route, no dependency solving, no response model. Profiling
    ``benchmarks/server_load.py --api`` put most of a cached route's time there."""

    def __init__(
        self,
        app: ASGIApp,
        page: Callable[[], Entry] | None = None,
        static: Callable[[str], Entry | None] | None = None,
    ) -> None:
        """``page`` answers ``/`` and ``static`` a ``/static/v/`` path (the app passes
        static_files' lookups: this module stays below the static tree)."""
        self.app = app
        self.page = page
        self.static = static

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        hit = None
        if scope["type"] == "http" and scope["method"] == "GET":
            path = scope["path"]
            if path == "/" and self.page is not None:  # its query string is the client's
                hit = self.page()
            elif not scope.get("query_string"):
                hit = _by_path.get(path)
                if hit is None and path.startswith("/static/v/"):
                    hit = self._static_file(path, scope["headers"])
        if hit is None:
            await self.app(scope, receive, send)
            return
        match: str | None = None
        accept: dict[str, str] = {}
        for name, value in scope["headers"]:
            if name == b"if-none-match":
                match = value.decode("latin-1")
            elif name == b"accept-encoding":
                accept["accept-encoding"] = value.decode("latin-1")
        status, headers, body = hit.answer(match, accept)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    def _static_file(self, path: str, headers: list[tuple[bytes, bytes]]) -> Entry | None:
        """A file of the current version's immutable tree; None (the app answers) for
        anything else, a range request included."""
        if self.static is None or any(name == b"range" for name, _ in headers):
            return None
        return self.static(path.removeprefix("/static/v/"))


def _etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match header (weak ones compare equal)."""
    return {t.strip().removeprefix("W/") for t in header.split(",") if t.strip()}


def clear() -> None:
    """Forget the precomputed answers (tests that swap level files)."""
    _cache.clear()
    _by_path.clear()
