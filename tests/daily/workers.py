"""Real server processes on one PostgreSQL database, as the README deploys them:
``uvicorn --factory puzzlesmith.server.app:create_app``, one port each, so a test
chooses the worker every request lands on."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from collections.abc import Iterator, Mapping
from contextlib import contextmanager
from pathlib import Path

import httpx

#: how long a process may take to import, migrate and answer (a loaded 2-core machine)
START_S = 90.0


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def uvicorn_cmd(port: int, *extra: str) -> list[str]:
    return [
        sys.executable, "-m", "uvicorn", "--factory", "puzzlesmith.server.app:create_app",
        "--host", "127.0.0.1", "--port", str(port), "--log-level", "warning", *extra,
    ]  # fmt: skip


def server_env(url: str, data_dir: Path, secret: str) -> dict[str, str]:
    src = str(Path(__file__).resolve().parents[2] / "src")
    return {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]),
        "PUZZLESMITH_DATABASE_URL": url,
        "PUZZLESMITH_DATA_DIR": str(data_dir),
        "PUZZLESMITH_SECRET": secret,
        "PUZZLESMITH_DB_POOL_TIMEOUT": "30",  # bursts on a loaded machine wait, not 503
        "PYTHONUNBUFFERED": "1",
    }


def _ready(proc: subprocess.Popen[bytes], base: str) -> None:
    deadline = time.monotonic() + START_S
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            err = proc.stderr.read().decode() if proc.stderr else ""
            raise RuntimeError(f"the server exited ({proc.returncode}): {err[-500:]}")
        try:
            if httpx.get(f"{base}/api/modes", timeout=2).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"{base} did not answer within {START_S:.0f} s")


@contextmanager
def workers(count: int, env: Mapping[str, str]) -> Iterator[list[str]]:
    """``count`` single-worker servers; their base URLs. Stopped (and reaped) on exit."""
    procs: list[subprocess.Popen[bytes]] = []
    bases: list[str] = []
    try:
        for _ in range(count):
            port = free_port()
            procs.append(
                subprocess.Popen(
                    uvicorn_cmd(port),
                    env=dict(env),
                    stdout=subprocess.DEVNULL,
                    stderr=subprocess.PIPE,
                )
            )
            bases.append(f"http://127.0.0.1:{port}")
        for proc, base in zip(procs, bases, strict=True):
            _ready(proc, base)
        yield bases
    finally:
        for proc in procs:
            proc.terminate()
        for proc in procs:
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
                proc.wait()


def refused_start(env: Mapping[str, str], *extra: str) -> tuple[int, str]:
    """Start a server that must refuse to start; its exit code and stderr."""
    proc = subprocess.run(
        uvicorn_cmd(free_port(), *extra), env=dict(env), capture_output=True, timeout=START_S
    )
    return proc.returncode, proc.stderr.decode()
