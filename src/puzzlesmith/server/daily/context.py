"""What the daily routes share in one app: the store, the dailies, runs, players, limits.

The request dependency that hands it to a route is ``server/deps.py``'s ``Ctx``.

Opened on first use (or at ``puzzlesmith play``'s start), so an app that never serves a
daily never touches a database; the store is migrated to head as it opens.
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from pathlib import Path

from puzzlesmith.server.daily.limits import RateLimiter
from puzzlesmith.server.daily.players import Players
from puzzlesmith.server.daily.runs import Rules, Runs
from puzzlesmith.server.daily.service import open_dailies


@dataclass
class DailyContext:
    runs: Runs
    players: Players
    limiter: RateLimiter


@dataclass
class DailyConfig:
    """How an app's daily layer is set up (tests swap the rules and the limits)."""

    data_dir: Path | None = None
    #: a database URL instead of the data dir's SQLite file (else $PUZZLESMITH_DATABASE_URL)
    url: str | None = None
    rules: Rules = field(default_factory=Rules)
    limiter: RateLimiter = field(default_factory=RateLimiter)
    _ctx: DailyContext | None = None
    _lock: threading.Lock = field(default_factory=threading.Lock)

    def open(self) -> DailyContext:
        if self._ctx is None:
            with self._lock:
                if self._ctx is None:
                    dailies = open_dailies(self.data_dir, self.url)
                    self._ctx = DailyContext(
                        Runs(dailies, self.rules), Players(dailies.store), self.limiter
                    )
        return self._ctx

    def close(self) -> None:
        if self._ctx is not None:
            self._ctx.runs.store.close()
            self._ctx = None
