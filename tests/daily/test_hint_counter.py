"""Issue #38 item 8: two hints asked at once (two workers) answer different counter values
(the count is one ``UPDATE … RETURNING``, not a read before the write), on SQLite and
PostgreSQL. A barrier holds both requests after their reads, where the race was."""

from __future__ import annotations

import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from puzzlesmith.core import registry
from puzzlesmith.server.daily.service import daily_modes


def test_two_hints_at_once_count_one_and_two(client: Any, second: Any, monkeypatch: Any) -> None:
    m = daily_modes()[0].id
    mode = registry.get(m)
    who = client.post("/api/players", json={"name": "小王"}).json()
    me = {"Authorization": f"Bearer {who['token']}"}
    run = client.post(f"/api/daily/{m}/start", json={}, headers=me).json()["run"]
    both_read = threading.Barrier(2, timeout=60)
    real = mode.hint

    def held(*args: Any, **kwargs: Any) -> Any:
        both_read.wait()  # each request has read its start row (the old count) by now
        return real(*args, **kwargs)

    monkeypatch.setattr(mode, "hint", held)
    body = {"run": run, "moves": [], "kind": mode.hint_kinds[0]}
    with ThreadPoolExecutor(2) as pool:
        answers = list(
            pool.map(
                lambda c: c.post(f"/api/daily/{m}/hint", json=body, headers=me), [client, second]
            )
        )
    assert [a.status_code for a in answers] == [200, 200], [a.text for a in answers]
    assert sorted(a.json()["hints"] for a in answers) == [1, 2]
