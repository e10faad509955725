"""Hostile request bodies, for every mode: a 4xx with one line of JSON naming the field."""

from __future__ import annotations

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.server.app import create_app

MODES = [m.id for m in registry.all_modes()]


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def first_level(client: TestClient, mode: str) -> str:
    packs = client.get(f"/api/modes/{mode}/packs").json()["packs"]
    return str(packs[0]["levels"][0]["id"])


@pytest.mark.parametrize("mode", MODES)
def test_a_lone_surrogate_move_is_refused_as_bad_text_not_an_internal_error(
    client: TestClient, mode: str
) -> None:
    """``"\\ud800"`` is valid JSON; echoing it back in the message used to fail to encode (503).
    The text guard refuses it before any route (422 ``bad-text``, the field named)."""
    url = f"/api/modes/{mode}/levels/{first_level(client, mode)}/check"
    r = client.post(
        url, content=b'{"moves": ["\\ud800"]}', headers={"content-type": "application/json"}
    )
    assert r.status_code == 422, r.text
    assert r.json()["error"] == "bad-text" and r.json()["field"].startswith("moves"), r.text
    assert "\n" not in r.json()["message"]


@pytest.mark.parametrize("mode", MODES)
def test_a_body_that_is_not_json_names_the_body(client: TestClient, mode: str) -> None:
    """The field used to be "0" (the byte offset pydantic puts in its location)."""
    url = f"/api/modes/{mode}/levels/{first_level(client, mode)}/hint"
    r = client.post(url, content=b"garbage", headers={"content-type": "application/json"})
    assert r.status_code == 422
    body = r.json()
    assert body["error"] == "invalid-request"
    assert body["field"] == "body"
    assert body["message"].startswith("body:")


@pytest.mark.parametrize("mode", MODES)
def test_move_numbers_count_from_one_everywhere(client: TestClient, mode: str) -> None:
    """The engines say "move 1" for the first move; the length check said "move 0"."""
    url = f"/api/modes/{mode}/levels/{first_level(client, mode)}/check"
    too_long = client.post(url, json={"moves": ["x" * 100]}).json()
    unknown = client.post(url, json={"moves": ["fly"]}).json()
    assert too_long["message"].startswith("move 1")
    assert unknown["message"].startswith("move 1")
