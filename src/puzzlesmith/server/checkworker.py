"""A work budget the server can enforce: level checks run in a worker process it can stop.

The exact solvers are exponential in the worst case and do not poll a clock, so a
thread cannot be stopped once it starts; a process can. One long-lived worker
(spawned on first use, so importing the engine is paid once) answers one check at
a time. The budget is the worker's **CPU time** (``ITIMER_PROF``), not the wall clock:
on a loaded machine a check gets its real verdict, only later. A check past its CPU
budget answers "too large to check here"; a worker that does not answer within a
generous wall-clock bound (:data:`STARVED_FACTOR` × the budget: the machine is
starved, or the solver sits in code that does not see the timer) is killed and the
caller answers "busy, retrying" (:class:`Busy`), never a false ``too-large``.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import signal
import threading
import time
from multiprocessing.connection import Connection
from multiprocessing.process import BaseProcess
from types import FrameType
from typing import Any

from puzzlesmith.core import registry, words
from puzzlesmith.core.budget import BudgetExceeded
from puzzlesmith.core.levelcheck import check_raw
from puzzlesmith.core.publish import publish_refusal
from puzzlesmith.server import metrics
from puzzlesmith.server.config import DEFAULTS
from puzzlesmith.server.heavy import Lane, RequestLike

#: seconds a fresh worker may take to import the engine and say it is ready
START_SECONDS = 30.0
#: wall seconds a check may wait for a free worker (at most 5 × its budget), then
#: "busy, retrying"
WAIT_SECONDS = 10.0


def _wait(seconds: float) -> float:
    return min(WAIT_SECONDS, 5 * seconds)


#: a worker silent for this many times its CPU budget (wall clock, plus START_SECONDS)
#: is starved or stuck: killed, and the check answers "busy, retrying"
STARVED_FACTOR = 10.0
#: what the worker answers when the CPU budget ran out
OUT_OF_CPU = "out-of-cpu"


class _OutOfCpu(Exception):
    """Raised in the worker by the CPU timer (SIGPROF)."""


def _out_of_cpu(signum: int, frame: FrameType | None) -> None:
    raise _OutOfCpu


#: the key of a check's JSON that holds ``validate``'s line when a publish is refused
REFUSAL = "refusal"


def _checked(mode_id: str, raw: object, suggest: int, publish: bool) -> dict[str, Any]:
    """The check's JSON; for a publish that it refuses, with ``validate``'s own line
    (:func:`puzzlesmith.core.publish.publish_refusal`) under :data:`REFUSAL`."""
    mode = registry.get(mode_id)
    found = check_raw(mode, raw, suggest=suggest, fresh=True)
    out = found.to_json()
    if publish and not found.publishable and found.verdict != "too-large":
        level, _ = mode.parse_level(raw, found.level_id) if isinstance(raw, dict) else (None, [])
        if level is not None:
            out[REFUSAL] = publish_refusal(mode, level)
    return out


def _serve(conn: Connection) -> None:
    """The worker's loop: (mode id, raw level, suggest, CPU seconds, publish) in, the
    check's JSON out."""
    signal.signal(signal.SIGPROF, _out_of_cpu)
    # every mode and the words (a verdict is worded from the catalogue) loaded before the
    # first CPU budget runs: an import cut off by the budget's signal would break the worker
    words.catalogue()
    conn.send("ready")
    while True:
        try:
            mode_id, raw, suggest, seconds, publish = conn.recv()
        except EOFError:
            return
        started = time.process_time()
        out: Any
        try:
            signal.setitimer(signal.ITIMER_PROF, seconds)
            out = _checked(mode_id, raw, suggest, publish)
        except _OutOfCpu:
            out = {OUT_OF_CPU: time.process_time() - started}
        except Exception as exc:  # a bug must not kill the worker silently
            out = {"error": f"{exc.__class__.__name__}: {exc}"}
        finally:
            signal.setitimer(signal.ITIMER_PROF, 0)
        conn.send(out)


class Busy(Exception):
    """No worker was free in time, or the one that had the check was starved: retry."""


class CheckWorker:
    """One worker process with a per-check deadline; thread-safe."""

    def __init__(self, seconds: float | None = None) -> None:
        self.seconds = seconds if seconds is not None else DEFAULTS.check_seconds
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

    def check(
        self, mode_id: str, raw: object, suggest: int = 0, publish: bool = False
    ) -> dict[str, Any] | None:
        """The check's JSON, or None when it ran out of CPU time (Busy when starved);
        ``publish`` adds ``validate``'s line of a refused level (:data:`REFUSAL`)."""
        if not self._lock.acquire(timeout=_wait(self.seconds)):
            raise Busy("the level checker is busy; retrying")
        try:
            conn = self._ensure()
            conn.send((mode_id, raw, suggest, self.seconds, publish))
            if conn.poll(self.seconds * STARVED_FACTOR + START_SECONDS):
                out: dict[str, Any] = conn.recv()
                return None if OUT_OF_CPU in out else out
            self._stop()
            raise Busy("the level checker was starved of time; retrying")
        except (EOFError, OSError, BrokenPipeError):
            self._stop()  # the worker died (killed from outside, out of memory): a fresh one
            raise Busy("the level checker restarted; retrying") from None
        finally:
            self._lock.release()

    def healthy(self) -> bool:
        """For ``/readyz``: not started yet, or alive; a worker that died is started again
        here (as the next check would), and only one that cannot start is unhealthy."""
        if self._proc is None or self._proc.is_alive():
            return True
        if not self._lock.acquire(timeout=_wait(self.seconds)):
            return True  # a check holds it: that check restarts it
        try:
            self._ensure()
            return True
        except Busy:
            return False
        finally:
            self._lock.release()

    def close(self) -> None:
        with self._lock:
            self._stop()


class CheckPool:
    """A few workers (``create_app`` passes the settings' ``check_workers``, default 2: this
    is a 2-core game server), so one designer's slow board does not hold up everyone else's checks.

    Routes go through :meth:`run`: a :class:`~puzzlesmith.server.heavy.Lane` with one
    thread per worker gives each client address its share (one address runs on all but
    one worker at most, queues two checks at most, is served round-robin), and the wait
    is awaited, not a server thread blocked for seconds."""

    def __init__(self, size: int | None = None, seconds: float | None = None) -> None:
        n = size if size is not None else DEFAULTS.check_workers
        self.workers = [CheckWorker(seconds) for _ in range(max(1, n))]
        self._free: queue.Queue[CheckWorker] = queue.Queue()
        for w in self.workers:
            self._free.put(w)
        self.lane = Lane("check", workers=len(self.workers))

    async def run(
        self,
        request: RequestLike,
        mode_id: str,
        raw: object,
        suggest: int = 0,
        publish: bool = False,
    ) -> dict[str, Any] | None:
        """:meth:`check` in this pool's fair lane; a turn that did not come within the
        lane's deadline is :class:`Busy` (retry), a client over its share 429."""
        metrics.check_queue(1)
        try:
            return await self.lane.run(request, self.check, mode_id, raw, suggest, publish)
        except BudgetExceeded:
            raise Busy("the level checker is busy; retrying") from None
        finally:
            metrics.check_queue(-1)

    @property
    def seconds(self) -> float:
        return self.workers[0].seconds

    @seconds.setter
    def seconds(self, value: float) -> None:
        for w in self.workers:
            w.seconds = value

    def check(
        self, mode_id: str, raw: object, suggest: int = 0, publish: bool = False
    ) -> dict[str, Any] | None:
        """As :meth:`CheckWorker.check`, on the first worker free within the budget."""
        try:
            worker = self._free.get(timeout=_wait(self.seconds))
        except queue.Empty:
            raise Busy("the level checker is busy; retrying") from None
        try:
            return worker.check(mode_id, raw, suggest, publish)
        finally:
            self._free.put(worker)

    def close(self) -> None:
        for w in self.workers:
            w.close()
