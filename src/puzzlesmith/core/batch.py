"""Run a generator over many independent level indices: in-process, local processes or Dask.

Every level depends only on (options, seed, index) — see :mod:`puzzlesmith.core.rng` —
so the three ways of running produce the same pack.
"""

from __future__ import annotations

import ctypes
import ctypes.util
import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from contextlib import contextmanager, suppress
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.errors import GenerationError, PuzzlesmithError


def generate_task(mode_id: str, options: Any, seed: int, index: int) -> Any:
    """One level; top-level so that process pools and Dask workers can pickle it."""
    return registry.get(mode_id).generate_one(options, seed, index)


def generate_or_missing(mode_id: str, options: Any, seed: int, index: int) -> Any:
    """One level, or None when the generator ran out of attempts for it: a batch keeps
    what the other indices made instead of losing them all to one hard index."""
    try:
        return generate_task(mode_id, options, seed, index)
    except GenerationError:
        return None


class Stopped(BaseException):
    """SIGINT or SIGTERM arrived: raised in the main thread by :func:`stop_on_signals`."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        self.signum = signum


class BatchInterrupted(PuzzlesmithError):
    """A batch stopped by a signal; ``finished`` holds the levels done so far, by index."""

    code = "interrupted"

    def __init__(self, signum: int, finished: dict[int, Any]) -> None:
        super().__init__(f"stopped by {signal.Signals(signum).name}")
        self.signum = signum
        self.finished = finished


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """While the body runs, SIGINT and SIGTERM raise :class:`Stopped` (the default SIGTERM
    would kill this process at once and leave the pool's workers orphaned)."""

    stopping: list[int] = []

    def handler(signum: int, _frame: object) -> None:
        if not stopping:  # a second Ctrl-C must not interrupt the clean-up of the first
            stopping.append(signum)
            raise Stopped(signum)

    if threading.current_thread() is not threading.main_thread():
        yield
        return
    old = {s: signal.signal(s, handler) for s in (signal.SIGINT, signal.SIGTERM)}
    try:
        yield
    finally:
        for s, h in old.items():
            signal.signal(s, h)


#: ``prctl(PR_SET_PDEATHSIG, …)`` (linux/prctl.h)
_PR_SET_PDEATHSIG = 1


def die_with_parent(parent: int) -> None:
    """Ask the kernel to SIGKILL this process when its parent dies (Linux), so that a
    ``kill -9`` of ``generate`` leaves no worker running; elsewhere a thread watches
    the parent and exits when it is gone."""
    try:
        libc = ctypes.CDLL(ctypes.util.find_library("c") or "libc.so.6", use_errno=True)
        ok = libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        ok = False
    if not ok:
        threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()
    if os.getppid() != parent:  # the parent died before the request took effect
        os._exit(1)


def _watch_parent(parent: int) -> None:
    while os.getppid() == parent:
        time.sleep(0.5)
    os._exit(1)


def _worker_init(parent: int) -> None:
    """Workers leave signals to the parent, which kills them (no tracebacks), and die
    with it when it is killed outright (no orphans)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, signal.SIG_DFL)
    die_with_parent(parent)


def _kill_pool(pool: ProcessPoolExecutor) -> None:
    """Stop the workers now: a running level is abandoned, queued ones are dropped."""
    procs = list(getattr(pool, "_processes", {}).values())  # no public handle in 3.11
    for proc in procs:
        with suppress(OSError):
            proc.kill()
    pool.shutdown(wait=False, cancel_futures=True)
    for proc in procs:
        proc.join(timeout=2)


def run_batch(
    mode_id: str,
    options: Any,
    seed: int,
    count: int,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    on_done: Callable[[int], None] | None = None,
    keep_going: bool = False,
) -> list[Any]:
    """Levels 0..count-1 in index order; ``on_done(index)`` after each finishes.

    With ``keep_going`` an index whose generator runs out of attempts is None instead of
    ending the batch (``generate`` writes the rest and says how many are missing).
    """
    tasks = [(mode_id, options, seed, i) for i in range(count)]
    fn = generate_or_missing if keep_going else generate_task
    return run_tasks(fn, tasks, jobs=jobs, scheduler=scheduler, on_done=on_done)


def run_tasks(
    fn: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    on_done: Callable[[int], None] | None = None,
) -> list[Any]:
    """``fn(*task)`` for every task, in task order: in-process, local processes or Dask.

    ``fn`` must be a top-level function (pickled for workers); ``on_done(k)`` is called
    as task k finishes. A :class:`Stopped` signal ends the batch with
    :class:`BatchInterrupted` carrying the finished results; local workers are killed
    first, so none outlives the call.
    """
    results: dict[int, Any] = {}

    def done(i: int, result: Any) -> None:
        results[i] = result
        if on_done is not None:
            on_done(i)

    try:
        if scheduler:
            _run_dask(fn, tasks, scheduler, done)
        elif jobs > 1:
            pool = ProcessPoolExecutor(
                max_workers=jobs, initializer=_worker_init, initargs=(os.getpid(),)
            )
            try:
                pending = {pool.submit(fn, *t): i for i, t in enumerate(tasks)}
                for fut in as_completed(pending):
                    done(pending[fut], fut.result())
            except BaseException:
                _kill_pool(pool)
                raise
            pool.shutdown()
        else:
            for i, t in enumerate(tasks):
                done(i, fn(*t))
    except Stopped as stop:
        raise BatchInterrupted(stop.signum, dict(results)) from None
    return [results[i] for i in range(len(tasks))]


#: how long a Dask batch waits with no worker connected before it gives up (seconds)
NO_WORKER_SECONDS = 60.0
#: how often the batch looks at the scheduler's workers while nothing finishes
POLL_SECONDS = 1.0


def _run_dask(
    fn: Callable[..., Any],
    tasks: Sequence[tuple[Any, ...]],
    scheduler: str,
    done: Callable[[int, Any], None],
) -> None:
    """As the local pool, on a Dask scheduler. When every worker is gone the batch says so
    at once (stderr) and gives up after :data:`NO_WORKER_SECONDS` with one line, instead
    of waiting silently for a worker that may never come."""
    from distributed import Client

    try:
        client = Client(scheduler)  # type: ignore[no-untyped-call]
    except (OSError, ValueError) as exc:  # a bad address, or no scheduler there
        raise PuzzlesmithError(f"--scheduler {scheduler!r}: cannot connect ({exc})") from None
    with client:
        futures = {client.submit(fn, *t, pure=False): i for i, t in enumerate(tasks)}
        _collect(client, futures, scheduler, done)


def _collect(client: Any, futures: dict[Any, int], scheduler: str,
             done: Callable[[int, Any], None]) -> None:  # fmt: skip
    from distributed import wait

    pending = set(futures)
    alone_since: float | None = None
    while pending:
        try:
            finished = wait(  # type: ignore[no-untyped-call]
                list(pending), timeout=POLL_SECONDS, return_when="FIRST_COMPLETED"
            ).done
        except TimeoutError:
            finished = set()
        for fut in finished:
            done(futures[fut], fut.result())
            pending.discard(fut)
        if not pending or client.scheduler_info().get("workers"):
            alone_since = None
            continue
        now = time.monotonic()
        if alone_since is None:
            alone_since = now
            print(
                f"puzzlesmith: --scheduler {scheduler}: no Dask worker is connected; "
                f"waiting {NO_WORKER_SECONDS:.0f} s for one ({len(futures) - len(pending)} of "
                f"{len(futures)} tasks done)",
                file=sys.stderr,
                flush=True,
            )
        elif now - alone_since >= NO_WORKER_SECONDS:
            raise PuzzlesmithError(
                f"--scheduler {scheduler}: no Dask worker for {NO_WORKER_SECONDS:.0f} s, "
                f"{len(futures) - len(pending)} of {len(futures)} tasks done: start workers "
                "(`dask worker <scheduler>`) and run again, or run without --scheduler"
            )
