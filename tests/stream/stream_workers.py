"""Several real server processes on one PostgreSQL, as the README's deployment runs them:
a throwaway cluster (``tests/daily/pgcluster.py``), then N single-worker ``uvicorn``
processes on their own ports sharing its database and one secret. Used by the
multi-worker tests and ``benchmarks/stream_fanout.py --workers``."""

from __future__ import annotations

import os
import resource
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daily"))

from pgcluster import Cluster

__all__ = ["Cluster", "Worker", "Workers"]

SRC = Path(__file__).resolve().parents[2] / "src"
#: the app as the README deploys it, one worker a process, as `puzzlesmith play` (no deflate)
UVICORN = [
    "--factory",
    "puzzlesmith.server.app:create_app",
    "--host",
    "127.0.0.1",
    "--log-level",
    "warning",
    "--ws-per-message-deflate",
    "false",
    # the test's many sockets share one client loop: on a loaded 2-core machine (8 xdist
    # workers) a pong could miss uvicorn's 20 s default and drop a viewer mid-test (1011)
    "--ws-ping-timeout",
    "120",
]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


class Worker:
    """One ``uvicorn`` process of the app (``--factory create_app``) on its own port."""

    def __init__(self, env: dict[str, str], port: int | None = None) -> None:
        self.env = env
        self.port = port or _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.proc: subprocess.Popen[bytes] | None = None
        self.log = Path(tempfile.mkstemp(prefix="puzzlesmith-worker-", suffix=".log")[1])

    def start(self) -> None:
        soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
        resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, min(hard, 16384)), hard))
        with self.log.open("ab") as out:
            self.proc = subprocess.Popen(
                [sys.executable, "-m", "uvicorn", *UVICORN, "--port", str(self.port)],
                env=self.env,
                stdout=out,
                stderr=subprocess.STDOUT,
            )

    @property
    def pid(self) -> int:
        assert self.proc is not None
        return self.proc.pid

    def wait_ready(self, timeout: float = 120.0) -> None:
        """Until the worker answers (a condition, polled; bounded by ``timeout``)."""
        deadline = time.monotonic() + timeout
        while True:
            assert self.proc is not None
            if self.proc.poll() is not None:
                raise RuntimeError(f"worker exited: {self.log.read_text()[-2000:]}")
            try:
                if httpx.get(f"{self.url}/api/modes", timeout=5).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            if time.monotonic() > deadline:
                raise TimeoutError(f"worker on {self.port} did not start")
            time.sleep(0.1)

    def kill(self, sig: int = signal.SIGKILL) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(sig)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(30)


class Workers:
    """N workers on one fresh database of ``cluster``."""

    def __init__(self, cluster: Cluster, n: int, data_dir: Path) -> None:
        self.db = cluster.new_database()
        env = dict(os.environ)
        env.update(
            PUZZLESMITH_DATABASE_URL=self.db,
            PUZZLESMITH_SECRET="stream-workers-test-secret-" + "x" * 40,
            PUZZLESMITH_DATA_DIR=str(data_dir),
            PYTHONPATH=str(SRC),
        )
        self.env = env
        self.all = [Worker(env) for _ in range(n)]

    def __enter__(self) -> Workers:
        for w in self.all:
            w.start()
        for w in self.all:
            w.wait_ready()
        return self

    def __exit__(self, *exc: object) -> None:
        for w in self.all:
            w.kill(signal.SIGTERM)
            w.log.unlink(missing_ok=True)

    def restart(self, k: int, sig: int = signal.SIGTERM) -> Worker:
        """Stop worker ``k`` and start a new process on its port."""
        old = self.all[k]
        old.kill(sig)
        old.log.unlink(missing_ok=True)
        new = self.all[k] = Worker(self.env, old.port)
        new.start()
        new.wait_ready()
        return new

    def sql(self, query: str) -> list[tuple[object, ...]]:
        import psycopg

        info = "postgresql://" + self.db.split("://", 1)[1]
        with psycopg.connect(info, autocommit=True) as conn:
            return list(conn.execute(query).fetchall())
