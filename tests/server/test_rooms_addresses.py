"""Stream rooms count one client address as the daily limits do (``network_of``): an
IPv6 /64 is one address, so a host's privacy addresses do not multiply its share of
rooms, and a viewer socket carries the same key the room's per-address vote bound uses;
the rooms' PostgreSQL pool is sized and bounded as the store's is."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient

from puzzlesmith.server import errors
from puzzlesmith.server.config import settings
from puzzlesmith.server.ratelimit import network_of
from puzzlesmith.server.rooms import pgstore
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.limits import Limits
from puzzlesmith.server.rooms.pgstore import PgStore
from puzzlesmith.server.rooms.ready import Rooms
from puzzlesmith.server.routers import rooms
from puzzlesmith.server.store.faults import RETRY_AFTER_S

HOME, PRIVACY, NEIGHBOUR = "2001:db8:1:2::1", "2001:db8:1:2:ffff:ee::9", "2001:db8:1:3::1"


def app_with(hub: Hub) -> FastAPI:
    app = FastAPI()
    errors.install(app)
    app.state.rooms = Rooms(hub)  # as create_app does, with this hub
    app.include_router(rooms.router)
    return app


def create(app: FastAPI, host: str) -> Any:
    with TestClient(app, client=(host, 4000)) as c:
        return c.post("/api/rooms", json={"mode": "stroke", "level": "1-3"})


def test_one_ipv6_network_has_one_share_of_rooms() -> None:
    app = app_with(Hub(Limits(rooms_per_address=1)))
    assert create(app, HOME).status_code == 201
    again = create(app, PRIVACY)  # the same /64 behind another privacy address
    assert again.status_code == 429 and again.json()["error"] == "too-many-rooms-here", again.text
    assert create(app, NEIGHBOUR).status_code == 201  # another /64 is another address


def test_a_viewer_socket_is_counted_by_its_network() -> None:
    hub = Hub(Limits())
    app = app_with(hub)
    with TestClient(app, client=(PRIVACY, 4000)) as c:
        room = c.post("/api/rooms", json={"mode": "stroke", "level": "1-3"}).json()["room"]
        token = c.post(f"/api/rooms/{room}/viewer").json()["token"]
        with c.websocket_connect(f"/ws/rooms/{room}?token={token}") as ws:
            while ws.receive_json()["type"] != "hello":
                pass
            addrs = {conn.addr for conn in hub.rooms[room].conns}
    assert addrs == {network_of(HOME)} and network_of(HOME) != HOME


# ---- the rooms' PostgreSQL pool: sized by PUZZLESMITH_DB_POOL, a bounded wait -----------------
def test_the_rooms_pool_is_sized_and_timed_by_the_settings(monkeypatch: Any) -> None:
    monkeypatch.setenv("PUZZLESMITH_DB_POOL", "7")
    monkeypatch.setenv("PUZZLESMITH_DB_POOL_TIMEOUT", "0.05")
    url = "postgresql+psycopg://nobody@127.0.0.1:1/none"  # no connection yet
    store = PgStore(url, Limits(), settings())  # the settings as create_app reads them
    assert (store.pool.size, store.pool.timeout) == (7, 0.05)


def test_an_exhausted_rooms_pool_answers_busy_with_retry_after() -> None:
    """Every connection in use: a request waits the pool's timeout, then 503 ``busy`` with
    Retry-After, as the store's pool answers (it used to wait on the queue for ever)."""
    pool = pgstore._Pool("postgresql://nobody@127.0.0.1:1/none", size=1, timeout=0.05)
    pool.opened = 1  # the one connection is held by another request
    app = FastAPI()
    errors.install(app)

    @app.get("/room")
    async def room() -> dict[str, str]:
        async with pool.tx():
            return {"never": "reached"}

    r = TestClient(app).get("/room")
    assert r.status_code == 503 and r.json()["error"] == "busy", r.text
    assert r.headers["retry-after"] == str(RETRY_AFTER_S)
    assert "rooms" not in r.json()["message"]  # one sentence, no library text
