"""Issue #38 item 3: 25 addresses each taking their full share of rooms no longer fill the
server: the last rooms are kept for addresses with none open, so a 26th address (and the
newcomers after it) can open one. Addresses arrive as a trusted proxy sends them."""

from __future__ import annotations

from typing import Any

from fastapi import FastAPI
from fastapi.testclient import TestClient
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from puzzlesmith.server import errors
from puzzlesmith.server.rooms.hub import Hub
from puzzlesmith.server.rooms.limits import Limits
from puzzlesmith.server.rooms.ready import Rooms
from puzzlesmith.server.routers import rooms

BODY = {"mode": "stroke", "level": "1-3"}


def test_a_26th_address_opens_a_room_when_25_hold_their_shares() -> None:
    lim = Limits()  # the shipped numbers: 500 rooms, 20 per address
    hub = Hub(lim)
    app = FastAPI()
    errors.install(app)
    app.state.rooms = Rooms(hub)  # as create_app does, with this hub
    app.include_router(rooms.router)
    proxied = ProxyHeadersMiddleware(app, trusted_hosts=["127.0.0.1"])
    with TestClient(proxied, client=("127.0.0.1", 4000)) as c:

        def open_from(address: str) -> Any:
            return c.post("/api/rooms", json=BODY, headers={"X-Forwarded-For": address})

        held: dict[str, int] = {}
        for k in range(25):  # each attacker asks for one more room than its share
            address = f"2001:db8:{k}::1"
            answers = [open_from(address).status_code for _ in range(lim.rooms_per_address + 1)]
            held[address] = answers.count(201)
            assert set(answers) <= {201, 429}, answers
        assert max(held.values()) == lim.rooms_per_address  # the first ones got full shares
        # past the reserve line an address with none open takes one room at most
        general = lim.max_rooms - lim.newcomer_reserve
        assert general <= sum(held.values()) <= general + sum(n == 1 for n in held.values())
        refused = open_from("2001:db8:0::9")  # an attacker's /64 gets no reserved room
        assert refused.status_code == 429 and "nearly full" in refused.json()["message"]
        left = lim.max_rooms - sum(held.values())
        assert left >= lim.newcomer_reserve - len(held)
        for k in range(left):  # the 26th address, and every newcomer after it
            r = open_from(f"198.51.100.{k + 1}")
            assert r.status_code == 201, (k, r.text)
        full = open_from("203.0.113.1")
        assert full.status_code == 503 and full.json()["error"] == "too-many-rooms", full.text
    assert len(hub.rooms) == lim.max_rooms


def test_an_unjoined_room_expires_within_a_minute() -> None:
    assert Limits().unjoined_ttl <= 60
