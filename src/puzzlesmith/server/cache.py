"""Cheap routes answer from precomputed JSON bytes with an ETag (304 when unchanged).

The mode list and a mode's packs only change when the install does, so their JSON
is built once per process; answering is a dict lookup, on the event loop, even
while the heavy pool is saturated.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Callable
from typing import Any

from fastapi import Request, Response
from pydantic import BaseModel

#: revalidate every time (cheap: a 304), so a new install is seen at once
CACHE_CONTROL = "no-cache"

_cache: dict[str, tuple[bytes, str]] = {}


def cached_json(request: Request, key: str, build: Callable[[], BaseModel | Any]) -> Response:
    """The JSON of ``build()`` (computed once per ``key``), or 304 if the client has it."""
    hit = _cache.get(key)
    if hit is None:
        value = build()
        data = value.model_dump() if isinstance(value, BaseModel) else value
        body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
        hit = (body, '"' + hashlib.sha256(body).hexdigest()[:32] + '"')
        _cache[key] = hit
    body, etag = hit
    headers = {"ETag": etag, "Cache-Control": CACHE_CONTROL}
    tags = _etags(request.headers.get("if-none-match", ""))
    if etag in tags or "*" in tags:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def _etags(header: str) -> set[str]:
    """The entity tags of an If-None-Match header (weak ones compare equal)."""
    return {t.strip().removeprefix("W/") for t in header.split(",") if t.strip()}


def clear() -> None:
    """Forget the precomputed answers (tests that swap level files)."""
    _cache.clear()
