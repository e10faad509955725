"""What the daily benchmarks share: a real ``puzzlesmith play`` on a free port, players."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from puzzlesmith.server.daily.service import Dailies, now_ms
from puzzlesmith.server.players import Players

BIN = Path(sys.executable).parent / "puzzlesmith"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(data_dir: Path) -> Iterator[str]:
    """``puzzlesmith play --data-dir`` in its own process; its base URL."""
    with play_server(data_dir) as (url, _):
        yield url


@contextmanager
def play_server(data_dir: Path) -> Iterator[tuple[str, int]]:
    """``puzzlesmith play --data-dir`` in its own process; its base URL and pid."""
    port = free_port()
    proc = subprocess.Popen(
        [str(BIN), "play", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)],
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    with serving(proc, port, start_s=30, stop_s=10) as running:
        yield running


@contextmanager
def serving(
    proc: subprocess.Popen[bytes], port: int, start_s: float, stop_s: float
) -> Iterator[tuple[str, int]]:
    """Wait until ``proc`` listens on ``port``; its base URL and pid; SIGINT at the end."""
    try:
        deadline = time.monotonic() + start_s
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}", proc.pid
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=stop_s)
        except subprocess.TimeoutExpired:
            proc.kill()


def ranked_app() -> object:
    """The app with a test server's rules (no speed or timing flags): every verified
    finish of a benchmark is ranked and rated, the costliest finish there is."""
    from puzzlesmith.server.app import create_app
    from puzzlesmith.server.daily.runs import Rules

    return create_app(rules=Rules(min_ms_per_move=0))


@contextmanager
def pg_server(
    data_dir: Path, url: str, workers: int, ranked: bool = True
) -> Iterator[tuple[str, int]]:
    """``uvicorn --workers N`` on the PostgreSQL database ``url`` (the data dir's secret);
    its base URL and the supervisor's pid (its workers are its children)."""
    port = free_port()
    app = "daily_server:ranked_app" if ranked else "puzzlesmith.server.app:create_app"
    here = str(Path(__file__).resolve().parent)
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([here, os.environ.get("PYTHONPATH", "")]),
        "PUZZLESMITH_DATABASE_URL": url,
        "PUZZLESMITH_DATA_DIR": str(data_dir),
        "PUZZLESMITH_DB_POOL_TIMEOUT": "30",
        "PYTHONUNBUFFERED": "1",
    }
    cmd = [
        sys.executable, "-m", "uvicorn", "--factory", app, "--host", "127.0.0.1",
        "--port", str(port), "--workers", str(workers), "--log-level", "warning",
        "--no-access-log", "--ws-per-message-deflate", "false",
    ]  # fmt: skip
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, env=env)
    with serving(proc, port, start_s=90, stop_s=20) as running:
        yield running


def tree_cpu(root: int) -> float:
    """CPU seconds (user + system) of a process, its reaped children and every live
    descendant, read from /proc (Linux)."""
    tick = os.sysconf("SC_CLK_TCK")
    stats: dict[int, tuple[int, list[int]]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            raw = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = raw[raw.rindex(")") + 2 :].split()
        stats[int(entry)] = (int(fields[1]), [int(x) for x in fields[11:15]])
    kids: dict[int, list[int]] = {}
    for pid, (ppid, _) in stats.items():
        kids.setdefault(ppid, []).append(pid)
    total, todo = 0, [root]
    while todo:
        pid = todo.pop()
        if pid in stats:
            total += sum(stats[pid][1])  # utime, stime, cutime, cstime
        todo.extend(kids.get(pid, []))
    return total / tick


def make_players(dailies: Dailies, count: int, prefix: str = "bench") -> list[dict[str, str]]:
    """Players created in the store directly (the per-address create limit is not measured)."""
    players = Players(dailies.store)
    out = []
    for i in range(count):
        _, token = players.create(f"{prefix}{i:04d}", now_ms())
        out.append({"Authorization": f"Bearer {token}"})
    return out


def pct(values: list[float], q: float) -> float:
    """The q-quantile (0..1) of values, nearest rank."""
    s = sorted(values)
    return s[min(len(s) - 1, max(0, round(q * (len(s) - 1))))]
