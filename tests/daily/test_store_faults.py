"""Store faults as a player and an operator see them: a refused start is one line, a full
or read-only store and a used-up pool are one sentence with a 503, and the HTTP connection
that met the fault goes on serving."""

from __future__ import annotations

import http.client
import json
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import event

from puzzlesmith.server.app import create_app
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.service import open_dailies
from puzzlesmith.server.state import services_of
from puzzlesmith.server.store import Start, StoreRefused


def test_a_zero_length_database_file_is_refused_unless_asked_for(
    tmp_path: Path, monkeypatch: Any
) -> None:
    db = tmp_path / "puzzlesmith.sqlite3"
    db.write_bytes(b"")
    with pytest.raises(StoreRefused) as err:
        open_dailies(settings(data_dir=tmp_path))
    assert "is an empty file (0 bytes)" in str(err.value) and "\n" not in str(err.value)
    monkeypatch.setenv("PUZZLESMITH_STORE_INIT", "1")
    open_dailies(settings(data_dir=tmp_path)).store.close()
    assert db.stat().st_size > 0


def test_a_lost_secret_key_with_runs_in_the_store_is_refused(
    tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.delenv("PUZZLESMITH_SECRET", raising=False)
    dailies = open_dailies(settings(data_dir=tmp_path))
    with dailies.store.write() as s:
        from puzzlesmith.server.store import Player

        s.add(Player(id="p", token_hash="h", name="甲乙", created_ms=0))
        s.flush()
        s.add(Start(player_id="p", mode="04-cows", date="2026-12-01", started_ms=0, hints=0))
    dailies.store.close()
    (tmp_path / "secret.key").unlink()
    with pytest.raises(StoreRefused, match=r"secret.key is missing but the store holds 1"):
        open_dailies(settings(data_dir=tmp_path))
    assert not (tmp_path / "secret.key").exists()  # nothing silently replaced
    deliberately = settings(data_dir=tmp_path, store_init=True)  # PUZZLESMITH_STORE_INIT=1
    open_dailies(deliberately).store.close()  # a new secret, the fingerprint replaced
    open_dailies(settings(data_dir=tmp_path)).store.close()


def test_another_secret_is_refused_and_the_fingerprint_is_not_the_secret(
    db_url: str, tmp_path: Path, monkeypatch: Any
) -> None:
    monkeypatch.setenv("PUZZLESMITH_SECRET", "s" * 40)
    first = open_dailies(settings(data_dir=tmp_path, database_url=db_url))
    with first.store.session() as s:
        from puzzlesmith.server.store import StoreMeta

        stored = s.get(StoreMeta, "secret").value  # type: ignore[union-attr]
    assert "s" * 40 not in stored and len(stored) == 64
    monkeypatch.setenv("PUZZLESMITH_SECRET", "t" * 40)
    with pytest.raises(StoreRefused) as err:
        open_dailies(settings(data_dir=tmp_path, database_url=db_url))
    line = str(err.value)
    assert "give every process the same PUZZLESMITH_SECRET" in line and "\n" not in line
    first.store.close()


# ---- a full or read-only store, on a real HTTP/1.1 connection ----------------------------------
@contextmanager
def served(app: Any) -> Iterator[int]:
    """``app`` under uvicorn in a thread; its port."""
    import uvicorn

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = int(sock.getsockname()[1])
    server = uvicorn.Server(uvicorn.Config(app, host="127.0.0.1", port=port, log_level="error"))
    thread = threading.Thread(target=server.run, daemon=True)
    thread.start()
    deadline = time.monotonic() + 30
    while not server.started:
        assert thread.is_alive() and time.monotonic() < deadline, "the server did not start"
        time.sleep(0.02)
    try:
        yield port
    finally:
        server.should_exit = True
        thread.join(timeout=10)


def ask(conn: http.client.HTTPConnection, method: str, path: str, body: Any = None) -> Any:
    conn.request(method, path, body=None if body is None else json.dumps(body),
                 headers={"Content-Type": "application/json"})  # fmt: skip
    r = conn.getresponse()
    return r.status, dict(r.getheaders()), json.loads(r.read() or b"null")


def break_writes(store: Any, how: str) -> None:
    """Every new connection of the store refuses writes the way a real fault does."""
    if store.dialect == "sqlite":
        pragma = {"full": "PRAGMA max_page_count = 1", "read-only": "PRAGMA query_only = 1"}[how]

        @event.listens_for(store.engine, "connect")
        def _broken(dbapi_conn: Any, _record: Any) -> None:
            dbapi_conn.execute(pragma)

    else:  # PostgreSQL: a read-only database (a disk-full one answers the same class)

        @event.listens_for(store.engine, "connect")
        def _broken(dbapi_conn: Any, _record: Any) -> None:
            with dbapi_conn.cursor() as cur:
                cur.execute("SET default_transaction_read_only = on")
            dbapi_conn.commit()

    store.engine.dispose()


@pytest.mark.parametrize("how", ["full", "read-only"])
def test_an_unwritable_store_is_one_sentence_and_the_connection_lives_on(
    daily_app: Any, how: str
) -> None:
    with TestClient(daily_app):
        pass  # opened (and migrated) while it could still write
    store = services_of(daily_app).store
    daily_app.state.limiter.limits.pop("create")  # the loop below is not a flood
    with served(daily_app) as port:
        conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        assert ask(conn, "POST", "/api/players", {"name": "写入前"})[0] == 201
        break_writes(store, how)
        sock = conn.sock
        for k in range(500):  # a full file takes rows until its last page is used up
            status, headers, body = ask(conn, "POST", "/api/players", {"name": f"写{k}"})
            if status != 201:
                break
        assert status == 503 and body["error"] == "store-unavailable", body
        assert body["message"] == "The store cannot save right now (disk full or read-only)."
        assert headers.get("connection", "").lower() != "close"
        assert headers.get("retry-after") == "30", headers  # issue #38: when to come back
        status, _, modes = ask(conn, "GET", "/api/modes")  # the same keep-alive connection
        assert status == 200 and modes["modes"] and conn.sock is sock
        conn.close()


def test_a_used_up_pool_answers_busy_at_once(db_url: str, tmp_path: Path) -> None:
    if not db_url.startswith("postgresql"):
        pytest.skip("the connection budget is PostgreSQL's (SQLite has no server to exhaust)")
    conf = settings(data_dir=tmp_path / "data", database_url=db_url, db_pool=1, db_pool_timeout=0.2)
    app = create_app(conf)
    with TestClient(app) as client:
        me = client.post("/api/players", json={"name": "排队"}).json()["token"]
        held = services_of(app).store.engine.connect()  # the only connection
        try:
            r = client.get("/api/players/me", headers={"Authorization": f"Bearer {me}"})
            assert r.status_code == 503 and r.json()["error"] == "busy"
            assert r.headers["Retry-After"] == "1"
            assert r.json()["message"] == "The server is busy; try again in a moment."
        finally:
            held.close()
        r = client.get("/api/players/me", headers={"Authorization": f"Bearer {me}"})
        assert r.status_code == 200


def test_a_server_whose_database_is_unreachable_stops_with_one_line(tmp_path: Path) -> None:
    from workers import refused_start, server_env

    env = server_env("postgresql+psycopg://nobody@127.0.0.1:1/none", tmp_path, "s" * 40)
    code, err = refused_start(env)
    assert code == 3 and "Traceback" not in err
    assert (
        [x for x in err.splitlines() if "store:" in x]
        == [x for x in err.splitlines() if x.startswith("ERROR:    store: cannot open:")]
        != []
    )
