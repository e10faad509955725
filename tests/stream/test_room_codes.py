"""Rooms opened by level code (``{"mode", "code"}`` or just ``{"code"}``)."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level
from puzzlesmith.server.app import create_app


@pytest.mark.parametrize("mode", [m.id for m in registry.modes_with("vote", "codes")])
def test_a_room_for_a_level_code(mode: str) -> None:
    client = TestClient(create_app())
    m = registry.get(mode)
    level = m.shipped_packs()[0].levels[0]
    code = encode_level(m, level)
    for body in ({"mode": m.cli_name, "code": code}, {"code": code}):
        r = client.post("/api/rooms", json=body)
        assert r.status_code == 201, r.text
        assert r.json()["mode"] == m.id
    other = next(x for x in registry.modes_with("vote") if x.id != m.id)
    r = client.post("/api/rooms", json={"mode": other.id, "code": code})
    assert (r.status_code, r.json()["error"]) == (422, "wrong-mode")
    r = client.post("/api/rooms", json={"code": "not a level code"})
    assert (r.status_code, r.json()["error"], r.json()["field"]) == (400, "bad-code", "code")  # 422 before #36
