"""Issue #22 item 6: body-size limit, move caps, the heavy pool (deadline, queue cap,
abandoned on disconnect), precomputed cheap routes with ETags, ``HEAD /`` and ``Allow``."""

from __future__ import annotations

import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests.aio import run

from puzzlesmith.core.budget import BudgetExceeded, tick
from puzzlesmith.server import heavy
from puzzlesmith.server.app import create_app
from puzzlesmith.server.limits import MAX_BODY
from puzzlesmith.server.schemas import MAX_MOVE_LEN, MAX_MOVES

CHECK = "/api/modes/01-number-stroke/levels/1-1/check"
HINT = "/api/modes/01-number-stroke/levels/1-1/hint"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def test_a_body_over_the_limit_is_refused_with_413(client: TestClient) -> None:
    """Before: a 50 MB body was read whole (+176 MB per request)."""
    big = b'{"moves": ["' + b"a" * (MAX_BODY + 10) + b'"]}'
    r = client.post(CHECK, content=big, headers={"content-type": "application/json"})
    assert r.status_code == 413 and r.json()["error"] == "body-too-large"


def test_a_chunked_body_is_cut_off_at_the_limit(client: TestClient) -> None:
    def chunks() -> Iterator[bytes]:
        yield b'{"moves": ["'
        for _ in range(100):  # 100 × 64 KiB: far over the limit if it were all read
            yield b"a" * 65536
        yield b'"]}'

    r = client.post(CHECK, content=chunks(), headers={"content-type": "application/json"})
    assert r.status_code == 413, r.text
    assert r.json()["error"] == "body-too-large"


def test_a_body_under_the_limit_still_works(client: TestClient) -> None:
    r = client.post(CHECK, json={"moves": []})
    assert r.status_code == 200, r.text


def test_move_count_and_length_are_capped(client: TestClient) -> None:
    r = client.post(CHECK, json={"moves": ["reset"] * (MAX_MOVES + 1)})
    assert r.status_code == 422 and r.json()["field"] == "moves"
    r = client.post(CHECK, json={"moves": ["x" * (MAX_MOVE_LEN + 1)]})
    assert r.status_code == 422 and r.json()["field"] == "moves"


def test_head_on_the_index_and_allow_on_405(client: TestClient) -> None:
    """Before: ``HEAD /`` answered 405, and no 405 carried an Allow header."""
    r = client.head("/")
    assert r.status_code == 200 and r.headers["content-type"].startswith("text/html")
    r = client.post("/")
    assert r.status_code == 405 and "GET" in r.headers["allow"]
    r = client.get(CHECK)
    assert r.status_code == 405 and r.headers["allow"] == "POST"


@pytest.mark.parametrize("path", ["/api/modes", "/api/modes/stroke/packs", "/api/modes/cows/packs"])
def test_cheap_routes_answer_with_an_etag_and_304(client: TestClient, path: str) -> None:
    r = client.get(path)
    assert r.status_code == 200 and r.json()
    etag = r.headers["etag"]
    assert r.headers["cache-control"] == "no-cache"
    again = client.get(path, headers={"If-None-Match": etag})
    assert again.status_code == 304 and again.content == b""
    assert client.get(path, headers={"If-None-Match": '"other"'}).status_code == 200
    assert client.get(path, headers={"If-None-Match": f"W/{etag}"}).status_code == 304


def test_unknown_mode_is_still_404_on_the_cheap_route(client: TestClient) -> None:
    r = client.get("/api/modes/nosuch/packs")
    assert r.status_code == 404 and r.json()["error"] == "unknown-mode"


def test_a_full_heavy_queue_answers_503_at_once(client: TestClient, monkeypatch: Any) -> None:
    monkeypatch.setattr(heavy, "MAX_PENDING", 0)
    r = client.post(CHECK, json={"moves": []})
    assert r.status_code == 503 and r.json()["error"] == "busy"


def test_heavy_work_past_its_deadline_gives_up_with_503(
    client: TestClient, monkeypatch: Any
) -> None:
    monkeypatch.setattr(heavy, "DEADLINE", 0.0)
    r = client.post(HINT, json={"moves": [], "kind": "reveal"})
    assert r.status_code == 503 and r.json()["error"] == "gave-up"
    assert "gave up after" in r.json()["message"]


class _Request:
    """The part of a Request that run_heavy uses: a client that hangs up after ``after`` s."""

    def __init__(self, after: float) -> None:
        self.gone_at = time.monotonic() + after

    async def is_disconnected(self) -> bool:
        return time.monotonic() > self.gone_at


def test_work_for_a_client_that_hung_up_stops() -> None:
    """Before: work for clients that had hung up went on for 10 s."""
    outcome: list[str] = []
    started = threading.Event()

    def endless() -> None:
        started.set()
        try:
            while True:
                tick()
        except BudgetExceeded as exc:
            outcome.append(str(exc))
            raise

    async def go() -> None:
        with pytest.raises(Exception, match="closed the connection"):
            await heavy.run_heavy(_Request(0.2), endless)  # type: ignore[arg-type]

    run(go())  # a thread of its own: Playwright may hold this worker's loop
    assert started.is_set()
    deadline = time.monotonic() + 20  # the worker sees the cancellation at its next clock
    while not outcome and time.monotonic() < deadline:  # check (slow only on a busy machine)
        time.sleep(0.05)
    assert outcome == ["cancelled: the client is gone"]
