"""Issue #36: the app's state is built once by ``create_app`` — one store, opened as the
server starts when the settings name one, every service constructed with it — and a
refused store stops the start with one line."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tests import aio

from puzzlesmith.server.app import create_app
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.runs import Rules
from puzzlesmith.server.state import services_of


def test_a_store_named_by_the_settings_opens_at_start_and_every_service_shares_it(
    tmp_path: Path,
) -> None:
    app = create_app(settings(data_dir=tmp_path), rules=Rules(min_ms_per_move=0))
    assert getattr(app.state, "services", None) is None  # built, not yet started
    with TestClient(app) as client:
        services = app.state.services  # opened by the lifespan, before any request
        store = app.state.store
        assert services.store is store and services_of(app) is services
        assert app.state.secret == services.secret
        parts = [services.players, services.community, services.friends, services.saves]
        parts += [services.tries, services.ratings, services.dailies, services.runs]
        assert all(part.store is store for part in parts)
        assert services.runs.rules is app.state.rules and app.state.rules.min_ms_per_move == 0
        assert services.daily.limiter is app.state.limiter and app.state.limiter.store is store
        assert app.state.community_limits.store is store
        r = client.post("/api/players", json={"name": "状态"})
        assert r.status_code == 201, r.text
        assert services_of(app) is services  # the same services for every request
    assert (tmp_path / "puzzlesmith.sqlite3").is_file()


def test_a_bare_app_opens_no_store_until_a_route_needs_one(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_DATA_HOME", str(home / "data"))
    monkeypatch.delenv("PUZZLESMITH_DATA_DIR", raising=False)
    monkeypatch.delenv("PUZZLESMITH_DATABASE_URL", raising=False)
    app = create_app()
    with TestClient(app) as client:
        assert client.get("/api/modes").status_code == 200
        assert client.get("/api/codes/not-a-code").status_code in (400, 422)
        assert getattr(app.state, "services", None) is None
    assert not home.exists()


def _start(app: Any) -> list[dict[str, Any]]:
    """The app's answers to an ASGI ``lifespan.startup``."""
    sent: list[dict[str, Any]] = []
    messages = [{"type": "lifespan.startup"}]

    async def receive() -> dict[str, Any]:
        if messages:
            return messages.pop(0)
        await asyncio.sleep(3600)  # never: a refused start ends before it asks again
        raise AssertionError

    async def send(message: dict[str, Any]) -> None:
        sent.append(message)

    async def run() -> None:
        await app({"type": "lifespan", "asgi": {"version": "3.0"}, "state": {}}, receive, send)

    aio.run(asyncio.wait_for(run(), 60))  # its own thread: a browser test's loop may run here
    return sent


def test_a_refused_store_fails_the_start_with_its_one_line(tmp_path: Path) -> None:
    (tmp_path / "puzzlesmith.sqlite3").write_bytes(b"")  # an empty file: refused
    sent = _start(create_app(settings(data_dir=tmp_path, store_init=False)))
    assert [m["type"] for m in sent] == ["lifespan.startup.failed"]
    line = sent[0]["message"]
    assert "empty file" in line and "\n" not in line and "Traceback" not in line, line
