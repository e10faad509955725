"""Issue #38 item 5: saved progress has a budget overall and per address (an IPv6 /64 is
one), refused with a one-sentence 507 when full, after pruning progress no transfer has
touched for 30 days; on SQLite and PostgreSQL. The addresses arrive as a trusted proxy
sends them (``X-Forwarded-For`` through uvicorn's proxy-headers middleware)."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update
from uvicorn.middleware.proxy_headers import ProxyHeadersMiddleware

from puzzlesmith.server.friends.models import Progress
from puzzlesmith.server.friends.progress import PRUNE_AFTER_MS
from puzzlesmith.server.state import services_of

BLOB = "x" * 390_000  # one upload: ~390 KB of a 400 KB limit


@contextmanager
def behind_proxy(app: Any) -> Iterator[TestClient]:
    with TestClient(ProxyHeadersMiddleware(app, trusted_hosts=["127.0.0.1"]),
                    client=("127.0.0.1", 5000)) as c:  # fmt: skip
        yield c


def budget(app: Any, **mb: int) -> None:
    """This test's app's settings (read once by create_app) with other progress budgets."""
    app.state.settings = app.state.settings.model_copy(update=mb)


def upload(c: TestClient, address: str, key: str = "mode:04-cows") -> Any:
    """A new player at ``address`` uploads one big save."""
    hdr = {"X-Forwarded-For": address}
    token = c.post("/api/players", json={"name": "存档"}, headers=hdr).json()["token"]
    return c.put(
        "/api/players/me/progress",
        json={"data": {key: BLOB}},
        headers={**hdr, "Authorization": f"Bearer {token}"},
    )


def test_progress_is_bounded_per_address_and_overall(daily_app: Any) -> None:
    budget(daily_app, progress_budget_mb=2, progress_address_mb=1)
    daily_app.state.limiter.limits.pop("create")  # the uploads below are not a flood
    with behind_proxy(daily_app) as c:
        a, a_privacy = "2001:db8:1:2::1", "2001:db8:1:2:ffff::7"  # one /64
        assert upload(c, a).status_code == 200
        assert upload(c, a_privacy).status_code == 200
        full = upload(c, a)  # a third 390 KB from the same /64 passes its 1 MB share
        assert full.status_code == 507, full.text
        body = full.json()
        assert body["error"] == "storage-full" and "your network" in body["message"]
        assert "\n" not in body["message"] and body["message"].endswith(".")
        assert upload(c, "198.51.100.2").status_code == 200  # another address has its share
        assert upload(c, "198.51.100.2").status_code == 200
        assert upload(c, "198.51.100.3").status_code == 200  # 5 × 390 KB = 1.95 MB
        over = upload(c, "198.51.100.3")  # the 2 MB in all is used up
        assert over.status_code == 507 and "no room" in over.json()["message"], over.text
        # progress untouched for 30 days is pruned when the budget is full
        store = services_of(daily_app).store
        now = services_of(daily_app).dailies.clock()
        with store.write() as s:
            s.execute(update(Progress).values(updated_ms=now - PRUNE_AFTER_MS - 1))
        assert upload(c, "198.51.100.3").status_code == 200


def test_replacing_my_own_progress_is_not_counted_twice(daily_app: Any) -> None:
    budget(daily_app, progress_address_mb=1)
    with behind_proxy(daily_app) as c:
        hdr = {"X-Forwarded-For": "203.0.113.9"}
        token = c.post("/api/players", json={"name": "存档"}, headers=hdr).json()["token"]
        auth = {**hdr, "Authorization": f"Bearer {token}"}
        for _ in range(4):  # 4 × 390 KB sent, one row of 390 KB kept
            r = c.put(
                "/api/players/me/progress", json={"data": {"achievements": BLOB}}, headers=auth
            )
            assert r.status_code == 200, r.text


def test_profiles_are_bounded_and_untouched_old_ones_pruned(daily_app: Any) -> None:
    """Profiles: 3 in all, 2 from one address; when full, a profile made over 90 days ago
    that nothing refers to is pruned, one with saved progress or a started daily is not."""
    from puzzlesmith.server.players import UNTOUCHED_MS
    from puzzlesmith.server.store import Player

    players = services_of(daily_app).players  # its budget from the app's settings
    players.max_total, players.max_per_address = 3, 2
    daily_app.state.limiter.limits.pop("create")
    with behind_proxy(daily_app) as c:

        def make(address: str) -> Any:
            return c.post(
                "/api/players", json={"name": "玩家"}, headers={"X-Forwarded-For": address}
            )

        a = make("2001:db8:5:6::1").json()
        b = make("2001:db8:5:6::2").json()
        same = make("2001:db8:5:6:ffff::3")  # the same /64: its 2 are made
        assert same.status_code == 507 and same.json()["error"] == "storage-full", same.text
        third = make("198.51.100.77").json()
        full = make("198.51.100.78")  # 3 in all
        assert full.status_code == 507 and "\n" not in full.json()["message"], full.text
        # a and b grow old; b saved progress (it is kept), a and the third did nothing
        store = services_of(daily_app).store
        now = services_of(daily_app).dailies.clock()
        auth = {"Authorization": f"Bearer {b['token']}"}
        assert c.put("/api/players/me/progress", json={"data": {"achievements": "[]"}},
                     headers=auth).status_code == 200  # fmt: skip
        with store.write() as s:
            s.execute(
                update(Player)
                .where(Player.id.in_([a["id"], b["id"]]))
                .values(created_ms=now - UNTOUCHED_MS - 1)
            )
        assert make("198.51.100.78").status_code == 201  # room made by pruning a alone
        with store.session() as s:
            left = {p.id for p in s.query(Player)}
        assert a["id"] not in left and {b["id"], third["id"]} <= left
