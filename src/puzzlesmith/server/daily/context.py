"""What the daily routes share in one app: its runs, players and per-player limits.

Built once per app on the app's store, with the other services (``state.py``'s
``build_services``); the request dependency that hands it to a route is ``deps.py``'s
``Ctx``.
"""

from __future__ import annotations

from dataclasses import dataclass

from puzzlesmith.server.daily.runs import Runs
from puzzlesmith.server.players import Players
from puzzlesmith.server.ratelimit import RateLimiter


@dataclass
class DailyContext:
    runs: Runs
    players: Players
    limiter: RateLimiter
