"""``POST /api/plays``: anonymous tries of shipped levels, reported by the browser as each
ends (``shell/plays.js``), for ``puzzlesmith playtest``'s per-level figures.

Bounded before any work: a per-address rate limit counted in the store (one upsert, as
the daily limits), a body of at most 16 KB read in chunks, 20 tries a batch, every field
in range, known modes and shipped levels only. Answers 202 ``{"received": n}``.
"""

from __future__ import annotations

from typing import Annotated, Any

from fastapi import APIRouter, Depends, Request
from starlette.concurrency import run_in_threadpool

from puzzlesmith.server.deps import SecretDep, StoreDep, TriesDep, app_limiter
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.ratelimit import RateLimiter, address_key, client_address
from puzzlesmith.server.schemas import error_responses
from puzzlesmith.server.tries import service
from puzzlesmith.server.tries.service import MAX_BODY, BatchIn

router = APIRouter(tags=["plays"])

#: batches per client address: (how many, per how many seconds)
LIMITS: dict[str, tuple[int, float]] = {"plays": (60, 60.0)}


def limiter(request: Request, store: StoreDep) -> RateLimiter:
    """The app's plays limit (tests replace ``app.state.plays_limits``)."""
    return app_limiter(request, store, "plays_limits", LIMITS)


Limits = Annotated[RateLimiter, Depends(limiter)]


async def _body(request: Request) -> bytes:
    """The body, read in chunks up to :data:`MAX_BODY` bytes (413 past it, in one line)."""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > MAX_BODY:
        raise ApiError("body-too-large", f"request body is larger than {MAX_BODY} bytes")
    data = bytearray()
    async for chunk in request.stream():
        data += chunk
        if len(data) > MAX_BODY:
            raise ApiError("body-too-large", f"request body is larger than {MAX_BODY} bytes")
    return bytes(data)


def _batch_schema() -> dict[str, Any]:
    """BatchIn's JSON schema with TryIn inlined (the body is parsed by hand, so FastAPI
    does not list it under components)."""
    schema = BatchIn.model_json_schema()
    defs = schema.pop("$defs")
    schema["properties"]["tries"]["items"] = defs["TryIn"]
    return schema


_SCHEMA = {
    "requestBody": {
        "required": True,
        "content": {
            "application/json": {"schema": _batch_schema()},
            "text/plain": {"schema": {"type": "string", "description": "the same JSON"}},
        },
    }
}


@router.post(
    "/api/plays",
    status_code=202,
    responses=error_responses(413, 422, 429, 503),
    openapi_extra=_SCHEMA,
)
async def report_tries(
    request: Request, tries: TriesDep, secret: SecretDep, limits: Limits
) -> dict[str, Any]:
    """Store a batch of tries (JSON; ``text/plain`` too, as ``navigator.sendBeacon`` sends)."""
    who = address_key(secret, client_address(request))
    await run_in_threadpool(limits.hit, who, "plays")
    batch = service.parse(await _body(request))
    received = await run_in_threadpool(tries.record, batch)
    return {"received": received}
