"""Players and publishing through the API, for the community tests."""

from __future__ import annotations

from typing import Any

from fastapi.testclient import TestClient


def player(client: TestClient, name: str = "小王") -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def publish(
    client: TestClient, who: dict[str, str], mode: str, level: Any, title: str = "第一关"
) -> Any:
    return client.post(f"/api/community/{mode}", json={"level": level, "title": title}, headers=who)
