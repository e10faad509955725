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

from puzzlesmith.server.daily.players import Players
from puzzlesmith.server.daily.service import Dailies, now_ms

BIN = Path(sys.executable).parent / "puzzlesmith"


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


@contextmanager
def server(data_dir: Path) -> Iterator[str]:
    """``puzzlesmith play --data-dir`` in its own process; its base URL."""
    port = free_port()
    proc = subprocess.Popen(
        [str(BIN), "play", "--host", "127.0.0.1", "--port", str(port), "--data-dir", str(data_dir)],
        stdout=subprocess.DEVNULL,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                if proc.poll() is not None or time.monotonic() > deadline:
                    raise RuntimeError("the server did not start") from None
                time.sleep(0.1)
        yield f"http://127.0.0.1:{port}"
    finally:
        proc.send_signal(signal.SIGINT)
        try:
            proc.wait(timeout=10)
        except subprocess.TimeoutExpired:
            proc.kill()


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
