"""Run a generator over many independent level indices: in-process, local processes or Dask.

Every level depends only on (options, seed, index) — see :mod:`puzzlesmith.core.rng` —
so the three ways of running produce the same pack.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor, as_completed
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.errors import PuzzlesmithError


def generate_task(mode_id: str, options: Any, seed: int, index: int) -> Any:
    """One level; top-level so that process pools and Dask workers can pickle it."""
    return registry.get(mode_id).generate_one(options, seed, index)


def run_batch(
    mode_id: str,
    options: Any,
    seed: int,
    count: int,
    *,
    jobs: int = 1,
    scheduler: str | None = None,
    on_done: Callable[[int], None] | None = None,
) -> list[Any]:
    """Levels 0..count-1 in index order; ``on_done(index)`` after each finishes."""
    tasks = [(mode_id, options, seed, i) for i in range(count)]
    return run_tasks(generate_task, tasks, jobs=jobs, scheduler=scheduler, on_done=on_done)


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
    as task k finishes.
    """
    results: dict[int, Any] = {}

    def done(i: int, value: Any) -> None:
        results[i] = value
        if on_done is not None:
            on_done(i)

    if scheduler:
        from distributed import Client
        from distributed import as_completed as dask_completed

        try:
            client = Client(scheduler)  # type: ignore[no-untyped-call]
        except (OSError, ValueError) as exc:  # a bad address, or no scheduler there
            raise PuzzlesmithError(f"--scheduler {scheduler!r}: cannot connect ({exc})") from None
        with client:
            futures = {client.submit(fn, *t, pure=False): i for i, t in enumerate(tasks)}
            for fut in dask_completed(list(futures)):  # type: ignore[no-untyped-call]
                done(futures[fut], fut.result())
    elif jobs > 1:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            pending = {pool.submit(fn, *t): i for i, t in enumerate(tasks)}
            for fut in as_completed(pending):
                done(pending[fut], fut.result())
    else:
        for i, t in enumerate(tasks):
            done(i, fn(*t))
    return [results[i] for i in range(len(tasks))]
