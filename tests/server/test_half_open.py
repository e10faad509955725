"""Issue #30 item 3: half-open connections do not exhaust the server's descriptors.

``puzzlesmith play`` runs in its own process with few file descriptors (RLIMIT_NOFILE
256); the test opens more connections than that, each sending an incomplete request
header and then nothing. The server closes them after ``--header-timeout`` and a new
request is answered. Before, nothing timed an incomplete header: the connections stayed
open for good and, with the descriptors gone, every new request failed.
"""

from __future__ import annotations

import os
import resource
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

HALF_OPEN = 320  # more than the server's 256 descriptors
FDS = 256


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _few_descriptors() -> None:
    resource.setrlimit(resource.RLIMIT_NOFILE, (FDS, FDS))


@pytest.fixture
def server(tmp_path: Path) -> Iterator[str]:
    port = free_port()
    args = [sys.executable, "-m", "puzzlesmith", "play", "--port", str(port)]
    args += ["--data-dir", str(tmp_path), "--header-timeout", "1", "--keep-alive", "1"]
    proc = subprocess.Popen(
        args,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        preexec_fn=_few_descriptors,
        env={**os.environ, "PYTHONUNBUFFERED": "1"},
    )
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 120
        while True:
            assert proc.poll() is None, "the server exited"
            assert time.monotonic() < deadline, "the server did not start"
            try:
                if httpx.get(base + "/api/modes", timeout=5).status_code == 200:
                    break
            except httpx.HTTPError:
                time.sleep(0.1)  # polling for the server to listen
        yield base
    finally:
        proc.terminate()
        try:
            proc.wait(20)
        except subprocess.TimeoutExpired:
            proc.kill()
            proc.wait(20)


def closed_by_server(sock: socket.socket) -> bool:
    try:
        return sock.recv(1024) == b""  # EOF (a 400/408 answer would also count as closed)
    except (BlockingIOError, TimeoutError):
        return False
    except OSError:
        return True  # reset


def test_half_open_connections_are_closed_and_a_new_request_answered(server: str) -> None:
    port = int(server.rsplit(":", 1)[1])
    socks: list[socket.socket] = []
    try:
        for _ in range(HALF_OPEN):
            s = socket.create_connection(("127.0.0.1", port), timeout=10)
            s.sendall(b"GET /api/modes HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
            s.setblocking(False)
            socks.append(s)
        # every half-open connection is closed by the server (a generous bound: 1 s each
        # on a loaded machine, the ones past the descriptors once they are accepted)
        deadline = time.monotonic() + 90
        open_ones = list(socks)
        while open_ones and time.monotonic() < deadline:
            open_ones = [s for s in open_ones if not closed_by_server(s)]
            time.sleep(0.05)  # polling the sockets' state
        assert not open_ones, f"{len(open_ones)} half-open connections were never closed"
        r = httpx.get(server + "/api/modes", timeout=30)
        assert r.status_code == 200
    finally:
        for s in socks:
            s.close()
