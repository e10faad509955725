"""CPU-heavy route work (replays, hints, code views, clips) off the event loop, bounded.

Sync routes would share Starlette's 40-thread pool with every cheap route, so 200
clients replaying long move lists made ``GET /api/modes`` wait 14.9 s. Here the heavy
work gets its own lane (:class:`Lane`): one thread, a queue cap (503 at once when
full), a deadline and a node cap (the work budget of :mod:`puzzlesmith.core.budget`),
cancellation when the client hangs up, and a **per-client share**: one address has at
most :data:`PER_CLIENT` requests in a lane (more are refused with 429 at once), the
waiting requests are served round-robin over addresses, so a client looping an
expensive request waits behind its own work, never in front of another player's, and
in a lane of several workers one address runs on all but one of them at most.
Clips get a lane of their own (:data:`CLIPS`) in a worker process, so drawing frames
never holds up a check, nor the event loop through the GIL.
"""

from __future__ import annotations

import asyncio
import multiprocessing as mp
import os
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from concurrent.futures import Executor, ProcessPoolExecutor, ThreadPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, Protocol, TypeVar

from puzzlesmith.core.budget import Budget, use_budget
from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.ratelimit import network_of

T = TypeVar("T")

#: threads per lane: the GIL makes more pointless, and each extra one slows the event
#: loop (benchmarks/server_load.py: light p99 263 ms with 2 threads, 127 ms with 1)
WORKERS = 1
#: requests waiting or running at once in a lane; more are refused with 503 rather than queued
MAX_PENDING = 64
#: requests one client address may have waiting or running in a lane; more get 429
PER_CLIENT = 2
#: seconds a heavy request may take (queueing included) before it gives up with 503
DEADLINE = 10.0
#: seconds of work an address did lately (decaying, half-life :data:`USAGE_HALF_LIFE`)
#: past which it is a heavy user: in a lane of several workers the last free one is kept
#: for the others, so four addresses looping 2-second checks never make a designer's
#: 10 ms check wait behind them (issue #38)
HEAVY_USER_S = 1.0
USAGE_HALF_LIFE = 10.0
#: how often a waiting request checks whether its client is still there
_POLL = 0.05
#: how often a lane's worker process checks that the server is still its parent
_ORPHAN_POLL = 0.5


class _Client(Protocol):
    host: str


class RequestLike(Protocol):
    """What a lane needs of a request: who asks, and whether they are still there."""

    async def is_disconnected(self) -> bool: ...


def client_key(request: RequestLike) -> str:
    """The address a share is counted against (behind a proxy: the proxy's, see README);
    an IPv6 /64 is one address, as everywhere else (``ratelimit.network_of``)."""
    client: _Client | None = getattr(request, "client", None)
    return network_of(client.host) if client is not None else "?"


class Lane:
    """One bounded worker (a thread, or with ``process`` a process of its own) with a
    fair queue over client addresses."""

    def __init__(self, name: str, process: bool = False, workers: int = WORKERS) -> None:
        self.name = name
        self.process = process
        self.workers = max(1, workers)
        #: requests one address may have *running* at once: with several workers, one
        #: address never holds them all, so another's request starts at once
        self.run_cap = max(1, self.workers - 1)
        self._executor: Executor | None = None
        self._running = 0
        self._running_by: dict[str, int] = {}
        self._pending = 0
        self._per_client: dict[str, int] = {}
        #: address → its waiting requests' wake-up futures, in arrival order
        self._waiting: OrderedDict[str, deque[asyncio.Future[None]]] = OrderedDict()
        #: address → when it last had a turn (a count), while it has requests here
        self._served: dict[str, int] = {}
        self._turns = 0
        #: address → (seconds of work, when counted), decaying; only addresses seen lately
        self._usage: dict[str, tuple[float, float]] = {}

    @property
    def _pool(self) -> Executor:
        """The worker, made on first use (a process is spawned only when a clip is asked)."""
        if self._executor is None:
            if self.process:
                ctx = mp.get_context("spawn")  # no fork of a threaded server
                self._executor = ProcessPoolExecutor(
                    max_workers=self.workers,
                    mp_context=ctx,
                    initializer=_die_with_parent,
                    initargs=(os.getpid(),),
                )
            else:
                self._executor = ThreadPoolExecutor(
                    self.workers, thread_name_prefix=f"ps-{self.name}"
                )
        return self._executor

    def in_flight(self, key: str) -> int:
        """Requests of this address waiting or running here (tests, benchmarks)."""
        return self._per_client.get(key, 0)

    def _admit(self, key: str) -> None:
        if self._pending >= MAX_PENDING:
            raise ApiError("busy", f"the server is busy ({MAX_PENDING} requests in progress)")
        if self._per_client.get(key, 0) >= PER_CLIENT:
            raise ApiError(
                "too-many-at-once",
                f"at most {PER_CLIENT} {self.name} requests at a time from one address",
            )
        self._pending += 1
        self._per_client[key] = self._per_client.get(key, 0) + 1

    def _leave(self, key: str) -> None:
        self._pending -= 1
        left = self._per_client[key] - 1
        if left:
            self._per_client[key] = left
        else:
            del self._per_client[key]
            self._served.pop(key, None)

    def usage(self, key: str, now: float | None = None) -> float:
        """Seconds of work ``key`` did lately (halved every :data:`USAGE_HALF_LIFE` s)."""
        seconds, at = self._usage.get(key, (0.0, 0.0))
        now = time.monotonic() if now is None else now
        return float(seconds * 0.5 ** (max(0.0, now - at) / USAGE_HALF_LIFE))

    def charge(self, key: str, seconds: float) -> None:
        """Count ``seconds`` of work against ``key`` (a finished request's)."""
        now = time.monotonic()
        if len(self._usage) >= 4096:  # forget the long-idle ones
            self._usage = {k: v for k, v in self._usage.items() if self.usage(k, now) > 0.01}
        self._usage[key] = (self.usage(key, now) + seconds, now)

    def _mark(self, key: str) -> None:
        self._turns += 1
        self._served[key] = self._turns

    async def _turn(self, key: str) -> None:
        """Wait until a worker is free and it is this address's turn."""
        wake: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self._waiting.setdefault(key, deque()).append(wake)
        self._dispatch()
        try:
            await wake
        except BaseException:
            if wake.done() and not wake.cancelled():
                self._release(key)  # woken and cancelled at once: pass the turn on
            else:
                self._drop(key, wake)
            raise

    def _drop(self, key: str, wake: asyncio.Future[None]) -> None:
        queue = self._waiting.get(key)
        if queue is not None and wake in queue:
            queue.remove(wake)
            if not queue:
                del self._waiting[key]

    def _dispatch(self) -> None:
        """While a worker is free: wake the waiting address served longest ago among those
        under their running cap."""
        while self._running < self.workers:
            ready = [k for k in self._waiting if self._running_by.get(k, 0) < self.run_cap]
            if self.workers > 1 and self._running == self.workers - 1:
                ready = [k for k in ready if self.usage(k) < HEAVY_USER_S]  # the last one
            if not ready:
                return
            key = min(ready, key=lambda k: self._served.get(k, 0))
            queue = self._waiting[key]
            wake = queue.popleft()
            if not queue:
                del self._waiting[key]
            if not wake.done():
                self._running += 1
                self._running_by[key] = self._running_by.get(key, 0) + 1
                self._mark(key)
                wake.set_result(None)

    def _release(self, key: str) -> None:
        """A worker of ``key`` is free: hand it on."""
        self._running -= 1
        left = self._running_by[key] - 1
        if left:
            self._running_by[key] = left
        else:
            del self._running_by[key]
        self._dispatch()

    async def run(
        self,
        request: RequestLike,
        fn: Callable[..., T],
        *args: Any,
        nodes: int | None = None,
        work_budget: Budget | None = None,
    ) -> T:
        """``fn(*args)`` in this lane under the deadline (and ``nodes``, when given), or
        under ``work_budget`` (the caller's, to read how much was spent)."""
        key = client_key(request)
        self._admit(key)
        if work_budget is None:
            work_budget = Budget(seconds=DEADLINE, nodes=nodes)
        try:
            await self._waited(request, work_budget, self._turn(key))
            try:
                loop = asyncio.get_running_loop()
                if self.process:  # its own budget: a process shares no memory with this one
                    future = loop.run_in_executor(self._pool, fn, *args)
                else:
                    future = loop.run_in_executor(self._pool, _under, work_budget, fn, args)
                # the worker is busy until the work ends, hung-up client or not: the turn
                # (and the address's share) is held until then
                began = time.monotonic()
                try:
                    result: T = await self._waited(request, work_budget, future, hold=True)
                finally:
                    self.charge(key, time.monotonic() - began)
                return result
            except BrokenProcessPool:
                self._executor = None  # the worker died (killed, out of memory): a new one
                raise ApiError("busy", f"the {self.name} worker restarted; try again") from None
            finally:
                self._release(key)
        finally:
            self._leave(key)

    @staticmethod
    async def _waited(
        request: RequestLike, work_budget: Budget, step: Any, hold: bool = False
    ) -> Any:
        """Await ``step``, giving up (and cancelling the work) when the client hangs up;
        with ``hold`` (work already running) only once the work has stopped."""
        task = asyncio.ensure_future(step)
        while True:
            done, _ = await asyncio.wait({task}, timeout=_POLL)
            if done:
                return task.result()
            if await request.is_disconnected():
                work_budget.cancel()
                if hold:
                    await asyncio.wait({task})  # the budget stops it at its next tick
                    task.exception()  # read: its end is not the answer
                else:
                    task.cancel()  # not started yet: never runs
                raise ApiError("client-gone", "the client closed the connection")


def _die_with_parent(parent: int) -> None:
    """In a lane's worker process: exit when the server process is gone (a SIGTERM'd or
    killed server leaves no orphan drawing clips)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(_ORPHAN_POLL)
        os._exit(0)

    threading.Thread(target=watch, daemon=True, name="ps-parent-watch").start()


def _under(work_budget: Budget, fn: Callable[..., T], args: tuple[Any, ...]) -> T:
    with use_budget(work_budget):
        work_budget.check()  # waited past its deadline, or abandoned: stop before starting
        return fn(*args)


#: replays, hints and code views
HEAVY = Lane("heavy")
#: highlight clips (drawing and encoding frames), in a process: a clip's Python drawing
#: would otherwise hold the GIL against the event loop (light p99 207 ms under attack)
CLIPS = Lane("clip", process=True)


async def run_heavy(
    request: RequestLike,
    fn: Callable[..., T],
    *args: Any,
    nodes: int | None = None,
    work_budget: Budget | None = None,
) -> T:
    """``fn(*args)`` in the heavy lane under a deadline; abandoned if the client disconnects."""
    return await HEAVY.run(request, fn, *args, nodes=nodes, work_budget=work_budget)
