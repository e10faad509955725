"""``/api/codes/{code}``: a code's level view, checks and hints; bad codes answer 4xx."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.core.codes import decode_level, encode_level
from puzzlesmith.server.app import create_app


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def first_level(mode_id: str) -> Any:
    return registry.get(mode_id).shipped_packs()[0].levels[0]


@pytest.mark.parametrize("mode", [m.id for m in registry.modes_with("codes")])
def test_view_of_a_code_is_the_view_of_its_level(client: TestClient, mode: str) -> None:
    m = registry.get(mode)
    level = first_level(mode)
    code = encode_level(m, level)
    r = client.get(f"/api/codes/{code}")
    assert r.status_code == 200, r.text
    body = r.json()
    assert body["mode"] == mode
    assert body["level"] == m.view(decode_level(code)[1])
    assert body["level"]["solution"] is not None
    assert body["level"]["id"] == level.id


def test_check_and_hint_on_a_code(client: TestClient) -> None:
    m = registry.get("01-number-stroke")
    level = first_level(m.id)
    code = encode_level(m, level)
    sol = m.view(level)["solution"]
    moves = [f"start {sol[0]}"] + [f"add {c}" for c in sol[1:]]
    r = client.post(f"/api/codes/{code}/check", json={"moves": moves})
    assert r.status_code == 200 and r.json()["cleared"] is True
    r = client.post(f"/api/codes/{code}/hint", json={"moves": moves[:1], "kind": "reveal"})
    assert r.status_code == 200, r.text
    r = client.post(f"/api/codes/{code}/hint", json={"moves": [], "kind": "nope"})
    assert r.status_code == 422 and r.json()["error"] == "unknown-hint-kind"


@pytest.mark.parametrize(
    ("code", "status", "error", "text"),
    [
        ("CACA6Chu4wA", 400, "bad-code", "check character"),
        ("CA", 400, "bad-code", "too short"),
        ("ZAAAd", 400, "bad-code", 'unknown mode tag "Z"'),
        ("C" * 5000, 400, "bad-code", "at most 4000"),
        ("CAC!", 400, "bad-code", "not base64url"),
    ],
)
def test_bad_codes_answer_4xx_with_the_cli_message(
    client: TestClient, code: str, status: int, error: str, text: str
) -> None:
    r = client.get(f"/api/codes/{code}")
    assert r.status_code == status
    assert r.json()["error"] == error and text in r.json()["message"]
    r = client.post(f"/api/codes/{code}/check", json={"moves": []})
    assert r.status_code == status


def test_a_board_breaking_a_load_rule_is_422(client: TestClient) -> None:
    from puzzlesmith.core.bitio import BitWriter
    from puzzlesmith.core.codes import check_char
    from puzzlesmith.cows.board import Level

    w = BitWriter()
    registry.get("cows").codec.write(Level("x", ("AAAA",) * 4), w)  # type: ignore[union-attr]
    body = "CA" + w.text()
    r = client.get(f"/api/codes/{body + check_char(body)}")
    assert r.status_code == 422 and r.json()["error"] == "code-level"
    assert "region-count" in r.json()["message"]
