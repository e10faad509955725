"""Issue #38 item 1 on both stores: a lone surrogate or NUL in saved progress is a 422
naming the field (it was a 503 ``internal`` and a dropped connection), and the store
keeps working."""

from __future__ import annotations

from typing import Any

import pytest


@pytest.mark.parametrize("spelling", [b"\\ud800", b"a\\u0000b"], ids=["surrogate", "nul"])
def test_unstorable_progress_is_a_422_and_the_next_request_works(
    client: Any, spelling: bytes
) -> None:
    """The report's request: a lone surrogate in saved progress was a 503 ``internal``
    and a dropped connection (on SQLite and PostgreSQL)."""
    token = client.post("/api/players", json={"name": "小王"}).json()["token"]
    auth = {"Authorization": f"Bearer {token}"}
    r = client.put(
        "/api/players/me/progress",
        content=b'{"data":{"mode:04-cows":"' + spelling + b'"}}',
        headers={**auth, "content-type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["field"] == "data.mode:04-cows", r.text
    r = client.put("/api/players/me/progress", json={"data": {"mode:04-cows": "ok"}}, headers=auth)
    assert r.status_code == 200, r.text
