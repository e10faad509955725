"""Players and publishing through the API, for the community tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient
from sqlalchemy import update

from puzzlesmith.server.state import services_of
from puzzlesmith.server.store import Player, Run

DAY_MS = 24 * 3600 * 1000


def player(client: TestClient, name: str = "小王") -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def publish(
    client: TestClient, who: dict[str, str], mode: str, level: Any, title: str = "第一关"
) -> Any:
    return client.post(f"/api/community/{mode}", json={"level": level, "title": title}, headers=who)


def from_address(client: TestClient, address: str) -> TestClient:
    """The same app seen from another client address (its store is already open)."""
    return TestClient(client.app, client=(address, 50000))


def age(client: TestClient, who: dict[str, str], days: float, finishes: int = 0) -> None:
    """Make a player's profile ``days`` old with ``finishes`` verified daily runs."""
    store = services_of(client.app).store
    pid = client.get("/api/players/me", headers=who).json()["id"]
    with store.write() as s:
        created = s.get(Player, pid).created_ms  # type: ignore[union-attr]
        s.execute(
            update(Player).where(Player.id == pid).values(created_ms=created - int(days * DAY_MS))
        )
        for k in range(finishes):
            s.add(
                Run(
                    player_id=pid, mode="04-cows", date=f"2026-11-{20 + k:02d}", started_ms=0,
                    finished_ms=60_000, time_ms=60_000, moves=20, hints=0, undos=0,
                    flawless=True, ranked=True, flags="",
                )
            )  # fmt: skip


def established(client: TestClient, name: str) -> dict[str, str]:
    """A player two days old with a verified daily finish: a report of full weight."""
    who = player(client, name)
    age(client, who, days=2, finishes=1)
    return who


def report(
    client: TestClient, level_id: str, who: dict[str, str], address: str, reason: str = "抄袭的关卡"
) -> Any:
    return from_address(client, address).post(
        f"/api/community/levels/{level_id}/report", json={"reason": reason}, headers=who
    )
