"""Per-player rate limits: a sliding window of recent actions, in this process's memory.

Several workers each keep their own windows, so a player's real limit is at most
workers × the figure here; enough to stop a script hammering finishes or hints.
"""

from __future__ import annotations

import threading
import time
from collections import deque

from puzzlesmith.server.daily.errors import DailyApiError

#: action → (how many, per how many seconds)
LIMITS: dict[str, tuple[int, float]] = {
    "create": (120, 60.0),  # per client address
    "start": (30, 60.0),
    "finish": (10, 60.0),
    "hint": (60, 60.0),
    "profile": (30, 60.0),
}


class RateLimiter:
    def __init__(self, limits: dict[str, tuple[int, float]] | None = None) -> None:
        self.limits = dict(LIMITS if limits is None else limits)
        self._seen: dict[tuple[str, str], deque[float]] = {}
        self._lock = threading.Lock()

    def hit(self, who: str, action: str) -> None:
        """Count one action; 429 ``rate-limited`` when the window is full."""
        count, window = self.limits.get(action, (0, 0.0))
        if count <= 0:
            return
        now = time.monotonic()
        with self._lock:
            q = self._seen.setdefault((who, action), deque())
            while q and q[0] <= now - window:
                q.popleft()
            if len(q) >= count:
                wait = max(1, int(q[0] + window - now) + 1)
                raise DailyApiError(
                    429, "rate-limited", f"{action}: too many requests, try again in {wait} s"
                )
            q.append(now)
            if len(self._seen) > 100_000:  # forget idle players rather than grow without end
                for key in [k for k, v in self._seen.items() if not v or v[-1] <= now - window]:
                    del self._seen[key]
