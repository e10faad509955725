"""A header deadline for uvicorn's HTTP protocol: a request's headers must arrive in time.

uvicorn times out idle keep-alive connections but never a connection whose request
headers are incomplete, so 20,400 half-open connections (a slowloris) used up the
server's file descriptors and every new request failed. :class:`HeaderDeadline` is
uvicorn's httptools protocol with one timer: armed when a connection opens and when
a request begins, cancelled when its headers are complete; when it fires the
connection is closed. Request bodies and responses are not timed (the body limit and
the heavy lanes bound those). Use it with ``http=`` in ``uvicorn.run`` (what
``puzzlesmith play`` does) or ``uvicorn --http puzzlesmith.server.connguard:HeaderDeadline``.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from puzzlesmith.server.bounds import HEADER_SECONDS


class HeaderDeadline(HttpToolsProtocol):
    """httptools' protocol, closing a connection whose headers take over ``header_seconds``."""

    header_seconds: float = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._arm()

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._arm()

    def on_headers_complete(self) -> None:
        self._disarm()
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        self._disarm()
        super().connection_lost(exc)

    def _arm(self) -> None:
        if self._header_timer is None:
            self._header_timer = self.loop.call_later(self.header_seconds, self._too_slow)

    def _disarm(self) -> None:
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None

    def _too_slow(self) -> None:
        self._header_timer = None
        if not self.transport.is_closing():
            self.transport.close()


def with_deadline(seconds: float) -> type[HeaderDeadline]:
    """The protocol class with another header deadline (``puzzlesmith play --header-timeout``)."""
    return type("HeaderDeadline", (HeaderDeadline,), {"header_seconds": seconds})
