"""Request-size limit: a body over :data:`MAX_BODY` bytes is refused with 413 before it is read.

A pure ASGI middleware: a declared ``Content-Length`` over the limit is answered at
once; a chunked body is counted as it streams and cut off when it passes the limit,
so a 50 MB upload costs neither 50 MB nor the time to read it.
"""

from __future__ import annotations

import json
from typing import Any

from starlette.exceptions import HTTPException
from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: the largest body a route accepts: 4,096 moves of 64 characters fit with room to spare
MAX_BODY = 512 * 1024


class BodyTooLarge(HTTPException):
    """Raised inside ``receive`` when a streamed body passes the limit (an HTTPException,
    so the route's body parser passes it on and the error handler answers 413)."""

    def __init__(self, limit: int) -> None:
        super().__init__(413, f"request body is larger than {limit} bytes")


class BodyLimit:
    """Answer 413 for request bodies over ``limit`` bytes, before reading them."""

    def __init__(self, app: ASGIApp, limit: int = MAX_BODY) -> None:
        self.app = app
        self.limit = limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = _content_length(scope)
        if declared is not None and declared > self.limit:
            await _too_large(send, self.limit)
            return
        seen = 0
        started = False

        async def counting_receive() -> Message:
            nonlocal seen
            message = await receive()
            if message["type"] == "http.request":
                seen += len(message.get("body", b""))
                if seen > self.limit:
                    raise BodyTooLarge(self.limit)
            return message

        async def tracking_send(message: Message) -> None:
            nonlocal started
            if message["type"] == "http.response.start":
                started = True
            await send(message)

        try:
            await self.app(scope, counting_receive, tracking_send)
        except BodyTooLarge:
            if not started:
                await _too_large(send, self.limit)


def _content_length(scope: Scope) -> int | None:
    for name, value in scope.get("headers", []):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def _too_large(send: Send, limit: int) -> None:
    body: dict[str, Any] = {
        "error": "body-too-large",
        "message": f"request body is larger than {limit} bytes",
    }
    data = json.dumps(body).encode()
    await send(
        {
            "type": "http.response.start",
            "status": 413,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
