"""CPU-heavy route work (replays, hints) off the event loop, in a small bounded pool.

Sync routes would share Starlette's 40-thread pool with every cheap route, so 200
clients replaying long move lists made ``GET /api/modes`` wait 14.9 s. Here the heavy
work gets its own few threads, a queue cap (503 at once when full), a deadline (the
work budget of :mod:`puzzlesmith.core.budget`), and is cancelled when the client hangs
up; the cheap routes stay on the event loop and answer from precomputed bytes.
"""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any, TypeVar

from fastapi import Request

from puzzlesmith.core.budget import Budget, use_budget
from puzzlesmith.server.errors import ApiError

T = TypeVar("T")

#: threads for heavy work: the GIL makes more pointless, and each extra one slows the event
#: loop (benchmarks/server_load.py: light p99 263 ms with 2 threads, 127 ms with 1)
WORKERS = 1
#: requests waiting or running at once; more are refused with 503 rather than queued
MAX_PENDING = 64
#: seconds a heavy request may take (queueing included) before it gives up with 503
DEADLINE = 10.0
#: how often a waiting request checks whether its client is still there
_POLL = 0.05

_pool = ThreadPoolExecutor(max_workers=WORKERS, thread_name_prefix="puzzlesmith-heavy")
_pending = 0


async def run_heavy(request: Request, fn: Callable[..., T], *args: Any) -> T:
    """``fn(*args)`` in the heavy pool under a deadline; abandoned if the client disconnects."""
    global _pending
    if _pending >= MAX_PENDING:
        raise ApiError(503, "busy", f"the server is busy ({MAX_PENDING} requests in progress)")
    work_budget = Budget(seconds=DEADLINE)

    def work() -> T:
        with use_budget(work_budget):
            work_budget.check()  # waited past its deadline, or abandoned: stop before starting
            return fn(*args)

    _pending += 1
    try:
        future = asyncio.get_running_loop().run_in_executor(_pool, work)
        while True:
            done, _ = await asyncio.wait({future}, timeout=_POLL)
            if done:
                return future.result()
            if await request.is_disconnected():
                work_budget.cancel()
                future.cancel()  # not started yet: never runs
                raise ApiError(499, "client-gone", "the client closed the connection")
    finally:
        _pending -= 1
