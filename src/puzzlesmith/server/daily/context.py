"""What the daily routes share in one app: the store, the dailies, runs, players, limits.

The request dependency that hands it to a route is ``server/deps.py``'s ``Ctx``.

Opened on first use (or at ``puzzlesmith play``'s start), so an app that never serves a
daily never touches a database; the store is migrated to head as it opens.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from sqlalchemy.exc import DBAPIError, SQLAlchemyError
from starlette.concurrency import run_in_threadpool
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from puzzlesmith.server.config import DEFAULTS, Settings
from puzzlesmith.server.daily.players import Players
from puzzlesmith.server.daily.runs import Rules, Runs
from puzzlesmith.server.daily.service import open_dailies
from puzzlesmith.server.ratelimit import RateLimiter


@dataclass
class DailyContext:
    runs: Runs
    players: Players
    limiter: RateLimiter


@dataclass
class DailyConfig:
    """How an app's daily layer is set up (tests swap the rules and the limits)."""

    data_dir: Path | None = None
    #: a database URL instead of the data dir's SQLite file (create_app: the settings')
    url: str | None = None
    #: the app's settings (the store's pool, ``store_init``, the secret, the players' budget)
    settings: Settings = DEFAULTS
    rules: Rules = field(default_factory=Rules)
    limiter: RateLimiter = field(default_factory=RateLimiter)
    _ctx: DailyContext | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def store_settings(self) -> Settings:
        """The app's settings with this layer's data dir and URL (a test may set those)."""
        return self.settings.model_copy(
            update={"data_dir": self.data_dir, "database_url": self.url}
        )

    def open(self) -> DailyContext:
        if self._ctx is None:
            with self._lock:
                if self._ctx is None:
                    conf = self.store_settings()
                    dailies = open_dailies(conf)
                    self.limiter.store = dailies.store
                    self._ctx = DailyContext(
                        Runs(dailies, self.rules), Players(dailies.store, conf), self.limiter
                    )
        return self._ctx

    @property
    def is_open(self) -> bool:
        return self._ctx is not None

    def close(self) -> None:
        if self._ctx is not None:
            self._ctx.runs.store.close()
            self._ctx = None


def _opens_at_start(cfg: DailyConfig) -> bool:
    """A server given a store (a data dir, a URL: ``create_app`` puts the settings' in
    ``cfg``) opens it as it starts; one built bare (tests of other areas) opens it on first
    use, so it never touches the home dir."""
    return bool(cfg.data_dir or cfg.url)


class OpenAtStart:
    """Opens the daily store while the server starts, so a refused store (``StoreRefused``:
    another secret, an empty database file, a lost ``secret.key``) or an unreachable one
    stops the process with one line: the ASGI startup answers ``lifespan.startup.failed``
    with that line and uvicorn exits (with several workers, the parent stops too)."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "lifespan":
            await self.app(scope, receive, send)
            return
        first = await receive()  # lifespan.startup: the store first, then the app's own
        cfg: DailyConfig = scope["app"].state.daily
        if first["type"] == "lifespan.startup" and _opens_at_start(cfg):
            try:
                await run_in_threadpool(cfg.open)
            except (ValueError, SQLAlchemyError, OSError) as exc:
                line = _one_line(exc)
                await send({"type": "lifespan.startup.failed", "message": line})
                return  # the app's lifespan never starts, so nothing is left to cancel
        replayed = False

        async def replay() -> Message:
            nonlocal replayed
            if not replayed:
                replayed = True
                return first
            return await receive()

        await self.app(scope, replay, send)


def _one_line(exc: BaseException) -> str:
    """The refusal's own line; a database error's driver message, without SQLAlchemy's
    wrapping (statement, background link)."""
    if isinstance(exc, DBAPIError):
        return "store: cannot open: " + " ".join(str(exc.orig).split())[:280]
    if isinstance(exc, SQLAlchemyError):
        return "store: cannot open: " + " ".join(str(exc).split("(Background on")[0].split())[:280]
    return " ".join(str(exc).split())[:300]
