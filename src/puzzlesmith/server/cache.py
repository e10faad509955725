"""Cheap routes answer from precomputed JSON bytes with an ETag (304 when unchanged).

The mode list, a mode's packs and a shipped level's view only change when the install
does, so their JSON is built once per process, gzipped once, and answering is a dict
lookup on the event loop (no validation or serialisation per request), even while the
heavy lanes are saturated.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel

from puzzlesmith.server.compress import MIN_SIZE, accepts_gzip, gzip_bytes

#: revalidate every time (cheap: a 304), so a new install is seen at once
CACHE_CONTROL = "no-cache"


class _Entry:
    """One precomputed answer: its JSON, its gzip (when worth it) and its headers."""

    __slots__ = ("body", "etag", "gz", "gz_headers", "headers")

    def __init__(self, body: bytes) -> None:
        self.body = body
        self.etag = '"' + hashlib.sha256(body).hexdigest()[:32] + '"'
        self.gz = gzip_bytes(body) if len(body) >= MIN_SIZE else None
        self.headers = {"ETag": self.etag, "Cache-Control": CACHE_CONTROL}
        if self.gz is not None:
            self.headers["Vary"] = "Accept-Encoding"
        self.gz_headers = {**self.headers, "Content-Encoding": "gzip"}


_cache: dict[str, _Entry] = {}


def cached_json(request: Request, key: str, build: Callable[[], BaseModel | Any]) -> Response:
    """The JSON of ``build()`` (computed once per ``key``), or 304 if the client has it."""
    hit = _cache.get(key)
    if hit is None:
        value = build()
        data = value.model_dump() if isinstance(value, BaseModel) else value
        hit = _Entry(json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode())
        _cache[key] = hit
    match = request.headers.get("if-none-match")
    if match is not None:
        tags = _etags(match)
        if hit.etag in tags or "*" in tags:
            return Response(status_code=304, headers=hit.headers)
    if hit.gz is not None and accepts_gzip(request.headers):
        return Response(hit.gz, media_type="application/json", headers=hit.gz_headers)
    return Response(hit.body, media_type="application/json", headers=hit.headers)


def _etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match header (weak ones compare equal)."""
    return {t.strip().removeprefix("W/") for t in header.split(",") if t.strip()}


def clear() -> None:
    """Forget the precomputed answers (tests that swap level files)."""
    _cache.clear()
