"""A finish is idempotent: the same run finished again (its answer lost, or answered 503
``busy``) gets 200 with the stored result and rank, whichever worker it reaches (the
multi-worker case is in test_workers.py). A finish stores its run, its unlocks and its
rating in one transaction: one answered 503 stored none of them."""

from __future__ import annotations

from typing import Any

import pytest
from sqlalchemy import func, select
from sqlalchemy.exc import TimeoutError as PoolTimeout
from test_api import MODES, finish, level_of, player, start

from puzzlesmith.core import registry
from puzzlesmith.server.state import services_of
from puzzlesmith.server.store import Run


@pytest.mark.parametrize("mode_id", MODES)
def test_a_finish_answered_busy_is_answered_on_retry(
    client: Any, daily_app: Any, mode_id: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = services_of(daily_app).runs
    moves = registry.get(mode_id).solution_moves(level_of(daily_app, mode_id))
    ahead = player(client, "先到")
    assert (
        finish(client, ahead, mode_id, start(client, ahead, mode_id)["run"], moves).json()["rank"]
        == 1
    )
    me = player(client, "重试")
    run = start(client, me, mode_id)["run"]
    award, failed = runs.awards.award, []

    def busy_once(player_id: str, now_ms: int, session: Any = None) -> list[str]:
        if not failed:  # the run is written, then the store fails before the commit
            failed.append(1)
            raise PoolTimeout("QueuePool limit reached")
        return award(player_id, now_ms, session)

    monkeypatch.setattr(runs.awards, "award", busy_once)
    r = finish(client, me, mode_id, run, moves)
    assert (r.status_code, r.json()["error"]) == (503, "busy"), r.text
    again = finish(client, me, mode_id, run, moves)
    assert again.status_code == 200, again.text
    first = again.json()
    assert first["rank"] in (1, 2) and first["verified"]
    assert first["achievements"]  # the first finish stored nothing: they are given now
    runs._finished.clear()  # another worker: nothing in memory, the insert meets the stored run
    for _ in range(2):
        r = finish(client, me, mode_id, run, moves)
        assert r.status_code == 200 and r.json() == {**first, "achievements": []}, r.text
    with runs.store.session() as s:
        assert s.scalar(select(func.count(Run.id)).where(Run.mode == mode_id)) == 2
