"""What one daily round trip costs the store, counted (never timed): a start, the board
read while playing, the finish with its timed log, the board read after it — each request's
SQL statements and transactions, counted by SQLAlchemy event listeners on the store's engine.

The finish is the sizing figure of docs/operations.md: every transaction is a pooled
connection taken (a ping on PostgreSQL), a BEGIN and a COMMIT. If a change makes a request
cost more, this fails and says which request grew; a change that makes one cheaper lowers
the budget here (benchmarks/daily_load.py measures the CPU).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from sqlalchemy import event
from test_api import MODES, held_clock, level_of, player

from puzzlesmith.core import registry
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.state import services_of

#: request → (statements, transactions) at most, the first finish of a player's day; the
#: board reads are the second of a second (the per-worker board is cached for one)
BUDGET = {
    "start": (4, 4),
    "board before": (2, 2),
    "finish": (10, 3),
    "board after": (1, 1),
    "finish again": (4, 3),
}


@contextmanager
def counted(app: Any) -> Iterator[Counter[str]]:
    engine = services_of(app).store.engine
    seen: Counter[str] = Counter()

    def statement(*_: Any) -> None:
        seen["statements"] += 1

    def begin(*_: Any) -> None:
        seen["transactions"] += 1

    event.listen(engine, "before_cursor_execute", statement)
    event.listen(engine, "begin", begin)
    try:
        yield seen
    finally:
        event.remove(engine, "before_cursor_execute", statement)
        event.remove(engine, "begin", begin)


def timed_log(moves: list[str]) -> str:
    return encode([TimedMove(100 * (i + 1), m) for i, m in enumerate(moves)])


@pytest.mark.parametrize("mode_id", MODES[:1])
def test_a_daily_round_trip_stays_within_its_statement_budget(
    client: Any, daily_app: Any, mode_id: str
) -> None:
    moves = registry.get(mode_id).solution_moves(level_of(daily_app, mode_id))
    with held_clock(daily_app) as clock:  # every finish comes a minute after its start
        clock(0)
        _round_trip(client, daily_app, mode_id, moves, clock)


def _round_trip(client: Any, daily_app: Any, mode_id: str, moves: list[str], clock: Any) -> None:
    board = f"/api/daily/{mode_id}/leaderboard"
    ahead, me = player(client, "先到"), player(client, "后到")
    # warm: the day's puzzle made, a run on the board, the board cached
    first = client.post(f"/api/daily/{mode_id}/start", headers=ahead).json()["run"]
    clock(60_000)
    r = client.post(
        f"/api/daily/{mode_id}/finish",
        json={"run": first, "moves": moves, "log": timed_log(moves)},
        headers=ahead,
    )
    assert r.status_code == 200, r.text
    assert client.get(board, headers=ahead).status_code == 200
    spent: dict[str, tuple[int, int]] = {}

    def cost(kind: str, method: str, path: str, **kw: Any) -> Any:
        with counted(daily_app) as seen:
            r = client.request(method, path, headers=me, **kw)
        assert r.status_code == 200, r.text
        spent[kind] = (seen["statements"], seen["transactions"])
        return r.json()

    clock(0)
    run = cost("start", "POST", f"/api/daily/{mode_id}/start")["run"]
    cost("board before", "GET", board)
    clock(61_000)
    body = {"run": run, "moves": moves, "log": timed_log(moves)}
    out = cost("finish", "POST", f"/api/daily/{mode_id}/finish", json=body)
    assert out["verified"] and out["rank"] == 2 and "first-clear" in out["achievements"]
    after = cost("board after", "GET", board)
    assert after["you"]["rank"] == 2 and [e["rank"] for e in after["entries"]] == [1, 2]
    again = cost("finish again", "POST", f"/api/daily/{mode_id}/finish", json=body)
    assert again == {**out, "achievements": []}
    print("spent (statements, transactions):", spent)
    over = {
        k: (spent[k], BUDGET[k])
        for k in BUDGET
        if any(a > b for a, b in zip(spent[k], BUDGET[k], strict=True))
    }
    assert not over, f"(statements, transactions) spent vs budget: {over}; all: {spent}"
