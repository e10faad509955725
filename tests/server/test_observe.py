"""What a balancer and a monitor ask (server/observe.py): /healthz, /readyz (503 when the
store is behind its migrations), /metrics by route template, request ids and JSON logs;
and the counts summed across real uvicorn worker processes (multiprocess mode)."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import text
from tests.aio import run

from puzzlesmith.server import observe
from puzzlesmith.server.app import create_app
from puzzlesmith.server.state import services_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "daily"))
from workers import START_S, free_port


def sample(body: str, name: str, **labels: str) -> float:
    """The value of one sample of the Prometheus text ``body`` (0 when absent)."""
    total = 0.0
    for line in body.splitlines():
        if not line.startswith(name + "{") and not line.startswith(name + " "):
            continue
        labels_text = line[line.find("{") + 1 : line.rfind("}")] if "{" in line else ""
        got = dict(re.findall(r'(\w+)="([^"]*)"', labels_text))
        if all(got.get(k) == v for k, v in labels.items()):
            total += float(line.rsplit(" ", 1)[1])
    return total


@pytest.fixture
def client(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> TestClient:
    monkeypatch.delenv("PUZZLESMITH_DATABASE_URL", raising=False)
    monkeypatch.setenv("PUZZLESMITH_SECRET", "observe-test-secret-" + "z" * 30)
    return TestClient(create_app(data_dir=tmp_path), raise_server_exceptions=False)


def test_health_and_readiness_answer_and_readiness_names_what_is_behind(
    client: TestClient,
) -> None:
    assert client.get("/healthz").json() == {"status": "ok"}
    ready = client.get("/readyz")
    assert ready.status_code == 200, ready.text
    assert ready.json() == {"ready": True, "store": "ok", "migrations": "ok", "check_pool": "ok"}
    store = services_of(client.app).store
    with store.engine.begin() as conn:  # as if a newer release had not migrated it yet
        conn.execute(text("UPDATE alembic_version SET version_num = '0001_initial'"))
    behind = client.get("/readyz")
    assert behind.status_code == 503
    assert behind.json()["migrations"].startswith("at 0001_initial, head is ")
    assert behind.json()["ready"] is False


def test_health_is_never_rate_limited(client: TestClient) -> None:
    assert {client.get("/healthz").status_code for _ in range(300)} == {200}


def test_metrics_count_requests_by_route_template_with_a_request_id(client: TestClient) -> None:
    before = client.get("/metrics").text
    route = "/api/modes/{mode}/levels/{level_id}"
    key = {"method": "GET", "route": route}
    answers = [
        client.get(f"/api/modes/stroke/levels/{name}") for name in ("no-such-1", "no-such-2")
    ]
    assert all(a.status_code == 404 for a in answers)
    given = client.get("/healthz", headers={"X-Request-ID": "lb-1234"})
    assert given.headers["x-request-id"] == "lb-1234"
    assert re.fullmatch(r"[0-9a-f]{32}", answers[0].headers["x-request-id"])
    bad = client.get("/healthz", headers={"X-Request-ID": "x" * 200})  # not echoed as is
    assert bad.headers["x-request-id"] != "x" * 200
    after = client.get("/metrics")
    assert after.headers["content-type"].startswith("text/plain")
    body = after.text
    counted = sample(body, "puzzlesmith_http_requests_total", status="404", **key)
    assert counted - sample(before, "puzzlesmith_http_requests_total", status="404", **key) == 2
    latency = "puzzlesmith_http_request_duration_seconds_count"
    assert sample(body, latency, **key) - sample(before, latency, **key) == 2
    assert "no-such-1" not in body  # never the raw path
    level = client.get("/api/modes/stroke/packs")  # cached: FastPath answers the next ones
    cached = [client.get("/api/modes/stroke/packs") for _ in range(2)]
    assert level.status_code == 200 and all(c.status_code == 200 for c in cached)
    body = client.get("/metrics").text
    assert sample(body, "puzzlesmith_http_requests_total", route="/api/modes/{mode}/packs") >= 3
    assert sample(body, "puzzlesmith_store_pool_wait_seconds_count") >= 0
    for name in ("websockets_live", "rooms_live", "check_queue_depth"):
        assert f"puzzlesmith_{name}" in body


def test_json_logs_carry_the_request_id() -> None:
    record = logging.LogRecord(
        "uvicorn.access", logging.INFO, __file__, 1, "%s %s", ("GET", "/"), None
    )
    token = observe.REQUEST_ID.set("req-42")
    try:
        line = observe.JsonFormatter().format(record)
    finally:
        observe.REQUEST_ID.reset(token)
    data = json.loads(line)
    assert data["message"] == "GET /" and data["request_id"] == "req-42"
    assert data["level"] == "info" and data["logger"] == "uvicorn.access"
    assert "\n" not in line


def test_two_uvicorn_workers_sum_their_counts(tmp_path: Path) -> None:
    """``uvicorn --workers 2`` with PROMETHEUS_MULTIPROC_DIR: whichever process answers
    /metrics reports every request either of them served, and JSON logs are JSON lines."""
    prom = tmp_path / "prom"
    prom.mkdir()
    port = free_port()
    src = str(Path(__file__).resolve().parents[2] / "src")
    env = {
        **os.environ,
        "PYTHONPATH": os.pathsep.join([src, os.environ.get("PYTHONPATH", "")]),
        "PROMETHEUS_MULTIPROC_DIR": str(prom),
        "PUZZLESMITH_DATA_DIR": str(tmp_path / "data"),
        "PUZZLESMITH_LOG_FORMAT": "json",
        "PUZZLESMITH_SECRET": "observe-test-secret-" + "w" * 30,
    }
    env.pop("PUZZLESMITH_DATABASE_URL", None)
    proc = subprocess.Popen(
        [sys.executable, "-m", "uvicorn", "--factory", "puzzlesmith.server.app:create_app",
         "--host", "127.0.0.1", "--port", str(port), "--workers", "2", "--log-level", "info"],
        env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
    )  # fmt: skip
    base = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + START_S
        while time.monotonic() < deadline:  # both workers up: each wrote its counter file
            assert proc.poll() is None, proc.stdout.read().decode()[-800:] if proc.stdout else ""
            if len(list(prom.glob("counter_*.db"))) >= 2:
                try:
                    if httpx.get(f"{base}/healthz", timeout=2).status_code == 200:
                        break
                except httpx.HTTPError:
                    pass
            time.sleep(0.1)
        else:
            pytest.fail("two workers did not start")
        before = sample(httpx.get(f"{base}/metrics").text, "puzzlesmith_http_requests_total",
                        route="/api/modes")  # fmt: skip

        def one(_: int) -> int:
            with httpx.Client(base_url=base, timeout=60) as c:  # a new connection each
                return c.get("/api/modes").status_code

        with ThreadPoolExecutor(8) as pool:
            codes = list(pool.map(one, range(60)))
        assert codes == [200] * 60
        pids = {p.name.split("_")[1] for p in prom.glob("counter_*.db")}
        assert len(pids) >= 2
        for _ in range(4):  # every scrape, whichever worker answers, sees all 60
            body = httpx.get(f"{base}/metrics").text
            got = sample(body, "puzzlesmith_http_requests_total", route="/api/modes")
            assert got - before == 60
    finally:
        proc.terminate()
        out, _ = proc.communicate(timeout=30)
    logged = [json.loads(x) for x in out.decode().splitlines() if x.startswith("{")]
    access = [a for a in logged if a["logger"] == "uvicorn.access" and "/api/modes" in a["message"]]
    assert len(access) >= 60 and all(a.get("request_id") for a in access)
    assert any(a["logger"] == "uvicorn.error" for a in logged)  # the server's own lines too


def test_live_sockets_and_rooms_are_gauged_while_open() -> None:
    from prometheus_client import REGISTRY
    from starlette.applications import Starlette
    from starlette.routing import WebSocketRoute
    from starlette.websockets import WebSocket

    async def hold(ws: WebSocket) -> None:
        await ws.accept()
        await ws.receive_text()  # until the client says bye
        await ws.close()

    app = Starlette(routes=[WebSocketRoute("/ws/rooms/{room}", hold)])
    app.add_middleware(observe.Observe)

    def value(name: str) -> float:
        return REGISTRY.get_sample_value(name) or 0.0

    sockets0, rooms0 = value("puzzlesmith_websockets_live"), value("puzzlesmith_rooms_live")
    with (
        TestClient(app) as client,
        client.websocket_connect("/ws/rooms/abc") as one,
        client.websocket_connect("/ws/rooms/ABC") as two,  # the same room
        client.websocket_connect("/ws/rooms/XYZ") as three,
    ):
        assert value("puzzlesmith_websockets_live") - sockets0 == 3
        assert value("puzzlesmith_rooms_live") - rooms0 == 2
        for ws in (one, two, three):
            ws.send_text("bye")
    deadline = time.monotonic() + 30
    while value("puzzlesmith_websockets_live") != sockets0 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert value("puzzlesmith_websockets_live") == sockets0
    assert value("puzzlesmith_rooms_live") == rooms0


def test_readiness_restarts_a_dead_check_worker_and_fails_when_it_cannot(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    from puzzlesmith.server.checkworker import Busy, CheckPool, CheckWorker

    pool = CheckPool(size=1)
    client.app.state.checker = pool  # type: ignore[attr-defined]  # this test's app only
    worker = pool.workers[0]
    try:
        worker._ensure()  # started, then killed from outside
        proc = worker._proc
        assert proc is not None
        proc.kill()
        proc.join(30)
        ready = client.get("/readyz")
        assert ready.status_code == 200 and ready.json()["check_pool"] == "ok"
        assert worker._proc is not None and worker._proc.is_alive()  # started again
        worker._proc.kill()
        worker._proc.join(30)

        def cannot_start(self: CheckWorker) -> None:
            raise Busy("the check worker did not start")

        monkeypatch.setattr(CheckWorker, "_ensure", cannot_start)
        down = client.get("/readyz")
        assert down.status_code == 503
        assert down.json()["check_pool"] == "1 of 1 dead" and down.json()["store"] == "ok"
    finally:
        monkeypatch.undo()
        pool.close()


def test_the_check_queue_depth_counts_checks_in_the_lane(monkeypatch: pytest.MonkeyPatch) -> None:
    """A check counts from joining the pool's lane until it leaves it, even by an error."""
    from prometheus_client import REGISTRY

    from puzzlesmith.server.checkworker import CheckPool

    def depth() -> float:
        return REGISTRY.get_sample_value("puzzlesmith_check_queue_depth") or 0.0

    pool = CheckPool(size=1)  # no process starts: the lane is replaced
    seen: list[float] = []

    async def lane_run(*args: object) -> dict[str, object]:
        seen.append(depth())
        if len(seen) == 2:
            raise RuntimeError("the check failed")
        return {"ok": True}

    monkeypatch.setattr(pool.lane, "run", lane_run)
    before = depth()
    assert run(pool.run(object(), "stroke", {})) == {"ok": True}  # type: ignore[arg-type]
    with pytest.raises(RuntimeError):
        run(pool.run(object(), "stroke", {}))  # type: ignore[arg-type]
    assert [s - before for s in seen] == [1, 1]
    assert depth() == before
    pool.close()


def test_daily_finishes_and_their_flags_are_counted(client: TestClient) -> None:
    from prometheus_client import REGISTRY

    from puzzlesmith.server.daily.service import daily_modes, today

    mode = daily_modes()[-1]
    dailies = services_of(client.app).dailies
    moves = mode.solution_moves(dailies.get(mode, today())[1])
    made = client.post("/api/players", json={"name": "metrics"})
    assert made.status_code == 201, made.text
    auth = {"Authorization": f"Bearer {made.json()['token']}"}

    def count(name: str, **labels: str) -> float:
        return REGISTRY.get_sample_value(name, {"mode": mode.id, **labels}) or 0.0

    before = count("puzzlesmith_daily_finishes_total")
    started = client.post(f"/api/daily/{mode.id}/start", headers=auth)
    assert started.status_code == 200, started.text
    done = client.post(
        f"/api/daily/{mode.id}/finish", headers=auth,
        json={"run": started.json()["run"], "moves": moves},
    )  # fmt: skip
    assert done.status_code == 200, done.text
    assert count("puzzlesmith_daily_finishes_total") - before == 1
    flags = done.json()["flags"]
    assert flags  # a finish without its move log is never ranked (no-log)
    for flag in flags:
        assert count("puzzlesmith_daily_flags_total", flag=flag) >= 1
