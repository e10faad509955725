"""Text no store can keep is refused as 422 naming its field, before any route sees it.

A JSON body may spell a lone UTF-16 surrogate (``"\\ud800"``, or the bytes ``ED A0 80``
that Python's decoder lets through): it is a valid Python string but not UTF-8, so
SQLite's and PostgreSQL's drivers raised ``UnicodeEncodeError`` deep inside a write (a
503 ``internal`` and a dropped connection, issue #38). PostgreSQL cannot keep NUL in
text or JSON either. One pure ASGI middleware checks every body, query string and path
for both, so every route that stores text is covered, the ones added later included; the
common body (no ``\\u`` escape, no ``ED`` byte) costs two byte searches.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any
from urllib.parse import parse_qsl

from starlette.types import ASGIApp, Message, Receive, Scope, Send

_BODY_METHODS = frozenset({"POST", "PUT", "PATCH", "DELETE"})
#: the routes that store or look up text in the store, where NUL is refused too (elsewhere
#: it is only text the engine reads, which answers its own 4xx, and the schema allows it)
STORING = re.compile(r"^/(api/(players|daily|friends|community|plays|rooms)|ws/)")


def bad_char(text: str, nul: bool = True) -> str | None:
    """The first character of ``text`` no store can keep, as ``U+XXXX``, or None (NUL
    only with ``nul``).

    >>> bad_char("七巧 ok"), bad_char("a\\ud800"), bad_char("a\\x00"), bad_char("\\x00", False)
    (None, 'U+D800', 'U+0000', None)
    """
    if nul and "\x00" in text:
        return "U+0000"
    try:
        text.encode("utf-8")
    except UnicodeEncodeError as exc:
        return f"U+{ord(text[exc.start]):04X}"
    return None


def _walk(value: Any, path: list[str], nul: bool) -> Iterator[tuple[str, str]]:
    """(field path, bad character) for every unstorable string in a decoded JSON value,
    object keys included."""
    if isinstance(value, str):
        bad = bad_char(value, nul)
        if bad is not None:
            yield ".".join(path) or "body", bad
    elif isinstance(value, dict):
        for key, item in value.items():
            shown = key.encode("utf-8", "backslashreplace").decode("utf-8")
            bad = bad_char(key, nul)
            if bad is not None:
                yield ".".join([*path, shown]), bad
            yield from _walk(item, [*path, shown], nul)
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from _walk(item, [*path, str(i)], nul)


def body_fault(body: bytes, nul: bool = True) -> tuple[str, str] | None:
    """(field, character) of the first unstorable string in a JSON body, or None (a body
    that is not JSON is left to the route, which refuses it in its own words)."""
    if b"\\u" not in body and b"\xed" not in body:
        return None  # no escape, no surrogate bytes: nothing to decode
    try:
        value = json.loads(body)
    except ValueError:
        return None
    return next(_walk(value, [], nul), None)


def query_fault(scope: Scope) -> tuple[str, str] | None:
    """(field, character) of a query parameter or path holding NUL (percent-decoding
    replaces bad UTF-8, so NUL is the one unstorable character these can carry)."""
    if "\x00" in scope.get("path", ""):
        return "path", "U+0000"
    raw: bytes = scope.get("query_string", b"")
    if b"%00" not in raw and b"\x00" not in raw:
        return None
    for key, value in parse_qsl(raw.decode("latin-1"), keep_blank_values=True):
        if "\x00" in key or "\x00" in value:
            return key.replace("\x00", "\\x00"), "U+0000"
    return None


class TextGuard:
    """Answer 422 ``bad-text`` for a request carrying text no store can keep."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        nul = bool(STORING.match(scope.get("path", "")))
        fault = query_fault(scope) if nul else None
        if fault is None and scope.get("method") in _BODY_METHODS:
            chunks: list[bytes] = []
            more = True
            while more:  # BodyLimit (outside) bounds what this reads
                message = await receive()
                if message["type"] != "http.request":
                    await self.app(scope, _replay([message]), send)
                    return
                chunks.append(message.get("body", b""))
                more = bool(message.get("more_body", False))
            body = b"".join(chunks)
            fault = body_fault(body, nul)
            if fault is None:
                await self.app(
                    scope, _replay([{"type": "http.request", "body": body}], receive), send
                )
                return
        if fault is None:
            await self.app(scope, receive, send)
            return
        await _refuse(send, *fault)


def _replay(messages: list[Message], then: Receive | None = None) -> Receive:
    """A ``receive`` that gives the buffered messages, then defers to the real one (for
    the disconnect a streaming response waits for)."""
    queue = list(messages)

    async def receive() -> Message:
        if queue:
            return queue.pop(0)
        if then is not None:
            return await then()
        return {"type": "http.disconnect"}

    return receive


async def _refuse(send: Send, field: str, char: str) -> None:
    body = {
        "error": "bad-text",
        "message": f"{field}: character {char} cannot be stored (not valid Unicode text)",
        "field": field,
    }
    data = json.dumps(body, ensure_ascii=False).encode("utf-8")
    await send(
        {
            "type": "http.response.start",
            "status": 422,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(data)).encode()),
            ],
        }
    )
    await send({"type": "http.response.body", "body": data})
