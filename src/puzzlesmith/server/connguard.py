"""A header deadline for uvicorn's HTTP protocol: a request's headers must arrive in time.

uvicorn times out idle keep-alive connections but never a connection whose request
headers are incomplete, so 20,400 half-open connections (a slowloris) used up the
server's file descriptors and every new request failed. :class:`HeaderDeadline` is
uvicorn's httptools protocol with one timer per connection: a connection that has not
completed a request's headers within the deadline (from when it opened, or from when
that request began) is closed. Request bodies and responses are not timed (the body limit and
the heavy lanes bound those). Use it with ``http=`` in ``uvicorn.run`` (what
``puzzlesmith play`` does) or ``uvicorn --http puzzlesmith.server.connguard:HeaderDeadline``.

It also gives each client address a **share of the connection cap** (issue #38): the cap
(``--limit-concurrency``, 1,000) was global, so two addresses holding 10,200 half-open
connections each made 286 of a third address's 304 light requests answer 503. An address
(an IPv6 /64 counts as one) may hold :data:`CONN_SHARE` of the cap at once; a connection
past that is closed as it is accepted, and the rest of the cap stays for everyone else.
A trusted proxy's connections (``--forwarded-allow-ips``) carry many clients and are not
counted: the proxy bounds its own clients.
"""

from __future__ import annotations

import asyncio
from typing import Any

from uvicorn.protocols.http.httptools_impl import HttpToolsProtocol

from puzzlesmith.server.bounds import CONN_SHARE, HEADER_SECONDS, MAX_CONNECTIONS
from puzzlesmith.server.ratelimit import network_of


class HeaderDeadline(HttpToolsProtocol):
    """httptools' protocol, closing a connection whose headers take over ``header_seconds``.

    One timer per connection, not per request (arming and cancelling a timer on every
    request cost ~10 % of a cached route): a request's start time is noted, and the
    timer, when it fires, closes the connection if headers are still awaited past the
    deadline, or sleeps until the noted request's own deadline."""

    header_seconds: float = HEADER_SECONDS

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self._header_timer: asyncio.TimerHandle | None = None
        #: when the request whose headers are awaited began (None: none is awaited)
        self._awaiting_since: float | None = None

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        self._address: str | None = None
        peer = transport.get_extra_info("peername")
        host = str(peer[0]) if isinstance(peer, tuple) and peer else ""
        if host and not self._trusted(host):
            counts = self._counts()
            address = network_of(host)
            if counts.get(address, 0) >= self._share():
                transport.close()  # past this address's share: the rest is for others
                return
            counts[address] = counts.get(address, 0) + 1
            self._address = address
        self._awaiting_since = self.loop.time()
        self._header_timer = self.loop.call_later(self.header_seconds, self._check)

    def on_message_begin(self) -> None:
        super().on_message_begin()
        self._awaiting_since = self.loop.time()

    def on_headers_complete(self) -> None:
        self._awaiting_since = None
        super().on_headers_complete()

    def connection_lost(self, exc: Exception | None) -> None:
        address = getattr(self, "_address", None)
        if address is not None:
            counts = self._counts()
            left = counts.get(address, 1) - 1
            if left > 0:
                counts[address] = left
            else:
                counts.pop(address, None)
            self._address = None
        if self._header_timer is not None:
            self._header_timer.cancel()
            self._header_timer = None
        super().connection_lost(exc)

    def _counts(self) -> dict[str, int]:
        """Open connections by address, for this server (kept on its shared state)."""
        state = self.server_state
        counts: dict[str, int] | None = getattr(state, "puzzlesmith_by_address", None)
        if counts is None:
            counts = {}
            state.puzzlesmith_by_address = counts  # type: ignore[attr-defined]
        return counts

    def _share(self) -> int:
        """Connections one address may hold: :data:`CONN_SHARE` of the cap."""
        cap = self.config.limit_concurrency or MAX_CONNECTIONS
        return max(1, int(cap * CONN_SHARE))

    def _trusted(self, host: str) -> bool:
        """Whether ``host`` is a proxy uvicorn trusts for ``X-Forwarded-For``."""
        if not self.config.proxy_headers:
            return False
        allowed = self.config.forwarded_allow_ips
        hosts = allowed.split(",") if isinstance(allowed, str) else list(allowed or [])
        hosts = [h.strip() for h in hosts]
        return "*" in hosts or host in hosts

    def _check(self) -> None:
        self._header_timer = None
        if self.transport.is_closing():
            return
        since = self._awaiting_since
        now = self.loop.time()
        if since is not None and now - since >= self.header_seconds:
            self.transport.close()
            return
        wait = self.header_seconds - (now - since) if since is not None else self.header_seconds
        self._header_timer = self.loop.call_later(wait, self._check)


def with_deadline(seconds: float) -> type[HeaderDeadline]:
    """The protocol class with another header deadline (``puzzlesmith play --header-timeout``)."""
    return type("HeaderDeadline", (HeaderDeadline,), {"header_seconds": seconds})
