"""Rate limits counted in the shared store, so N workers allow exactly what one allows.

Each (action, who) is one row of ``rate_hits`` holding a theoretical arrival time (GCRA,
the generic cell rate algorithm): a limit of *n* per *w* seconds lets a burst of *n*
through, then one more every *w / n* seconds. A hit is one upsert statement (the
database's row lock orders concurrent hits from every worker); a refused hit changes
nothing. ``refund`` gives a hit back, for actions whose refusal must not use the quota.

Per-address limits read ``request.client``: behind a proxy, start uvicorn with
``--forwarded-allow-ips=<the proxy's address>`` so that is the client's address.
"""

from __future__ import annotations

import hashlib
import hmac
import ipaddress
import random
import time

from sqlalchemy import case, delete, literal, update
from starlette.requests import HTTPConnection

from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.store import RateHit, Store

#: action → (how many, per how many seconds)
LIMITS: dict[str, tuple[int, float]] = {
    "create": (120, 60.0),  # per client address
    "start": (30, 60.0),
    "finish": (10, 60.0),
    "hint": (60, 60.0),
    "profile": (30, 60.0),
}
#: about one hit in this many sweeps buckets that are back to full (they hold nothing)
_SWEEP_EVERY = 2000


def client_address(request: HTTPConnection) -> str:
    """The client's address (the proxy's when uvicorn is not told to trust it), as
    :func:`network_of` counts it; a request or a WebSocket."""
    return network_of(request.client.host if request.client else "?")


def network_of(host: str) -> str:
    """What counts as one address: an IPv4 address, or an IPv6 address's /64 (one
    household's or machine's prefix: its privacy addresses change, the prefix does not).

    >>> network_of("203.0.113.7")
    '203.0.113.7'
    >>> network_of("2001:db8:1:2:aaaa::1") == network_of("2001:db8:1:2:bbbb::9")
    True
    >>> network_of("testclient")
    'testclient'
    """
    try:
        ip = ipaddress.ip_address(host)
    except ValueError:
        return host
    if isinstance(ip, ipaddress.IPv6Address):
        if ip.ipv4_mapped is not None:  # ::ffff:a.b.c.d is the IPv4 client it names
            return str(ip.ipv4_mapped)
        return str(ipaddress.IPv6Network(f"{ip}/64", strict=False))
    return str(ip)


def address_key(secret: bytes, address: str) -> str:
    """What the store keeps of an address: an HMAC under the server secret (32 hex)."""
    return hmac.new(secret, b"address:" + address.encode(), hashlib.sha256).hexdigest()[:32]


def now_ms() -> int:
    return time.time_ns() // 1_000_000


class RateLimiter:
    """Limits by action; bound to the store it counts in (``state.services_of`` binds an app's)."""

    def __init__(
        self, limits: dict[str, tuple[int, float]] | None = None, store: Store | None = None
    ) -> None:
        self.limits = dict(LIMITS if limits is None else limits)
        self.store = store

    def _rule(self, action: str) -> tuple[int, int] | None:
        """(ms between hits, burst tolerance ms), None when the action is not limited."""
        count, window = self.limits.get(action, (0, 0.0))
        if count <= 0:
            return None
        step = max(1, round(window * 1000 / count))
        return step, step * (count - 1)

    def hit(self, who: str, action: str) -> None:
        """Count one action; 429 ``rate-limited`` (with the wait) when the bucket is full."""
        rule = self._rule(action)
        if rule is None:
            return
        if self.store is None:
            raise RuntimeError("RateLimiter: not bound to a store")
        step, tolerance = rule
        now = now_ms()
        t = RateHit.__table__.c
        stmt = self.store.upsert(RateHit).values(key=f"{action}:{who}", tat_ms=now + step, ok=True)
        base = case((t.tat_ms > now, t.tat_ms), else_=literal(now))
        allowed = base - now <= tolerance
        stmt = stmt.on_conflict_do_update(
            index_elements=["key"],
            set_={
                "tat_ms": case((allowed, base + step), else_=t.tat_ms),
                "ok": allowed,
            },
        ).returning(t.tat_ms, t.ok)
        with self.store.write() as s:
            tat, ok = s.execute(stmt).one()
            if random.randrange(_SWEEP_EVERY) == 0:
                s.execute(delete(RateHit).where(RateHit.tat_ms < now))
        if not ok:
            wait = max(1, -(-(int(tat) - now - tolerance) // 1000))
            raise ApiError("rate-limited", f"{action}: too many requests, try again in {wait} s")

    def refund(self, who: str, action: str) -> None:
        """Give back one counted hit (its action was refused, so it must not use the quota)."""
        rule = self._rule(action)
        if rule is None or self.store is None:
            return
        step = rule[0]
        with self.store.write() as s:
            s.execute(
                update(RateHit)
                .where(RateHit.key == f"{action}:{who}")
                .values(tat_ms=RateHit.tat_ms - step)
            )
