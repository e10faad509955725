"""A time budget the server can enforce: level checks run in a worker process it can stop.

The exact solvers are exponential in the worst case and do not poll a clock, so a
thread cannot be stopped once it starts; a process can. One long-lived worker
(spawned on first use, so importing the engine is paid once) answers one check at
a time; a check past the budget gets the worker killed and a fresh one next time,
and the caller answers "too large to check here". Requests queue on a lock for at
most the budget too, so a burst cannot pile up behind a slow board.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import threading
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.core.levelcheck import check_raw
from puzzlesmith.server.config import settings

#: seconds a fresh worker may take to import the engine and say it is ready
START_SECONDS = 30.0


def _serve(conn: Connection) -> None:
    """The worker's loop: (mode id, raw level, suggest) in, the check's JSON out."""
    conn.send("ready")
    while True:
        try:
            mode_id, raw, suggest = conn.recv()
        except EOFError:
            return
        try:
            out: Any = check_raw(registry.get(mode_id), raw, suggest=suggest, fresh=True).to_json()
        except Exception as exc:  # a bug must not kill the worker silently
            out = {"error": f"{exc.__class__.__name__}: {exc}"}
        conn.send(out)


class Busy(Exception):
    """Every worker stayed busy for the whole budget."""


class CheckWorker:
    """One worker process with a per-check deadline; thread-safe."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds if seconds is not None else settings().check_seconds
        self._lock = threading.Lock()
        self._proc: BaseProcess | None = None
        self._conn: Connection | None = None

    def _ensure(self) -> Connection:
        if self._proc is not None and self._proc.is_alive() and self._conn is not None:
            return self._conn
        self._stop()
        ctx = mp.get_context("spawn")  # no fork of a threaded server
        parent, child = ctx.Pipe()
        proc = ctx.Process(target=_serve, args=(child,), daemon=True, name="puzzlesmith-check")
        proc.start()
        child.close()
        if not parent.poll(START_SECONDS) or parent.recv() != "ready":
            proc.kill()
            raise Busy("the check worker did not start")
        self._proc, self._conn = proc, parent
        return parent

    def _stop(self) -> None:
        if self._proc is not None:
            self._proc.kill()
            self._proc.join(1)
        if self._conn is not None:
            self._conn.close()
        self._proc = self._conn = None

    def check(self, mode_id: str, raw: object, suggest: int = 0) -> dict[str, Any] | None:
        """The check's JSON, or None when it ran out of time (the worker is then replaced)."""
        if not self._lock.acquire(timeout=self.seconds):
            raise Busy("the level checker is busy; try again in a moment")
        try:
            conn = self._ensure()
            conn.send((mode_id, raw, suggest))
            if conn.poll(self.seconds):
                out: dict[str, Any] = conn.recv()
                return out
            self._stop()
            return None
        except (EOFError, OSError, BrokenPipeError):
            self._stop()
            return None
        finally:
            self._lock.release()

    def close(self) -> None:
        with self._lock:
            self._stop()


class CheckPool:
    """A few workers (env PUZZLESMITH_CHECK_WORKERS, default 2: this is a 2-core game
    server), so one designer's slow board does not hold up everyone else's checks."""

    def __init__(self, size: int | None = None, seconds: float | None = None) -> None:
        n = size if size is not None else settings().check_workers
        self.workers = [CheckWorker(seconds) for _ in range(max(1, n))]
        self._free: queue.Queue[CheckWorker] = queue.Queue()
        for w in self.workers:
            self._free.put(w)

    @property
    def seconds(self) -> float:
        return self.workers[0].seconds

    @seconds.setter
    def seconds(self, value: float) -> None:
        for w in self.workers:
            w.seconds = value

    def check(self, mode_id: str, raw: object, suggest: int = 0) -> dict[str, Any] | None:
        """As :meth:`CheckWorker.check`, on the first worker free within the budget."""
        try:
            worker = self._free.get(timeout=self.seconds)
        except queue.Empty:
            raise Busy("the level checker is busy; try again in a moment") from None
        try:
            return worker.check(mode_id, raw, suggest)
        finally:
            self._free.put(worker)

    def close(self) -> None:
        for w in self.workers:
            w.close()
