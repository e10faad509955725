"""Issue #38 item 1: the connection cap is shared by address. Two addresses each holding
more half-open connections than the whole cap (the report: 2 × 10,200 against 1,000;
here 2 × 40 against 40) keep a quarter of it each, and a third address's light GETs are
all answered 200 (before, the cap was global: 286 of 304 got 503)."""

from __future__ import annotations

import socket
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
import uvicorn

from puzzlesmith.server.app import create_app
from puzzlesmith.server.bounds import CONN_SHARE
from puzzlesmith.server.connguard import with_deadline

CAP = 40
ATTACKERS = ("127.0.0.2", "127.0.0.3")
THIRD = "127.0.0.4"


@pytest.fixture
def port(tmp_path: Path) -> Iterator[int]:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        free = int(sock.getsockname()[1])
    config = uvicorn.Config(
        create_app(data_dir=tmp_path), host="127.0.0.1", port=free, log_level="error",
        http=with_deadline(120.0), limit_concurrency=CAP, timeout_keep_alive=1,
    )  # fmt: skip
    server = uvicorn.Server(config)
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 60
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)  # polling for the server to listen
    yield free
    server.should_exit = True
    thread.join(timeout=30)


def closed(sock: socket.socket) -> bool:
    try:
        return sock.recv(1024) == b""
    except (BlockingIOError, TimeoutError):
        return False
    except OSError:
        return True


def test_two_addresses_cannot_take_the_connections_of_a_third(port: int) -> None:
    socks: list[socket.socket] = []
    try:
        for source in ATTACKERS:
            for _ in range(CAP):  # each alone more than the whole cap
                s = socket.create_connection(("127.0.0.1", port), timeout=10,
                                             source_address=(source, 0))  # fmt: skip
                s.sendall(b"GET /api/modes HTTP/1.1\r\nHost: x\r\nX-Slow: ")  # never finished
                s.setblocking(False)
                socks.append(s)
        share = int(CAP * CONN_SHARE)
        deadline = time.monotonic() + 120
        while time.monotonic() < deadline:  # the server turns away what passes a share
            still = [s for s in socks if not closed(s)]
            if len(still) <= 2 * share:
                break
            time.sleep(0.05)  # polling the sockets' state
        assert len(still) == 2 * share, (len(still), share)
        transport = httpx.HTTPTransport(local_address=THIRD)
        with httpx.Client(transport=transport, timeout=60) as third:
            statuses = [
                third.get(
                    f"http://127.0.0.1:{port}/api/modes", headers={"Connection": "close"}
                ).status_code
                for _ in range(50)
            ]
        assert statuses.count(200) == len(statuses), statuses
    finally:
        for s in socks:
            s.close()
