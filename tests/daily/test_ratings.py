"""Glicko-2 ratings in the store (server/ratings), on SQLite and PostgreSQL: a reported clear
and a verified daily finish each move the level and the player once, the views carry the
rating, and concurrent finishes of one level on several workers count every game."""

from __future__ import annotations

import secrets
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from test_api import finish, level_of, player, start
from test_level_plays import a_try, store_of

from puzzlesmith.core import rating, registry
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.ratings.models import LevelRating, PlayerRating
from puzzlesmith.server.ratings.service import Clear, level_rating, record
from puzzlesmith.server.store import Store

STROKE = "01-number-stroke"


def _view_rating(client: Any, mode: str, level: str) -> dict[str, Any]:
    r = client.get(f"/api/modes/{mode}/levels/{level}")
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()["rating"]
    return out


def test_a_reported_clear_is_one_rated_game(client: Any) -> None:
    m = registry.get(STROKE)
    before = _view_rating(client, STROKE, "1-7")
    _, lv = m.find_level("1-7")
    assert before == {
        "value": round(rating.level_start(m.grade(lv).score).value),
        "deviation": round(rating.LEVEL_DEVIATION),
        "plays": 0,
    }
    sid = secrets.token_hex(16)
    left = a_try(1, time_ms=20_000)
    assert client.post("/api/plays", json={"session": sid, "tries": [left]}).status_code == 202
    assert _view_rating(client, STROKE, "1-7")["plays"] == 0  # a try left is no game
    fast = {**left, "outcome": "cleared", "time_ms": 10_000, "hints": 0, "rewinds": 0}
    for _ in range(2):  # the same clear sent twice (a retry) is one game
        r = client.post("/api/plays", json={"session": sid, "tries": [fast]})
        assert r.status_code == 202
    after = _view_rating(client, STROKE, "1-7")
    assert after["plays"] == 1
    assert after["value"] < before["value"]  # cleared far faster than predicted: easier
    assert after["deviation"] < before["deviation"]
    with store_of(client).session() as s:
        p = s.get(PlayerRating, (STROKE, f"s:{sid}"))
        assert p is not None and p.plays == 1 and p.value > rating.PLAYER.value


def test_a_verified_daily_finish_rates_the_daily_and_the_player(
    client: Any, daily_app: Any
) -> None:
    m = daily_modes()[0]
    me = player(client)
    home = {d["mode"]: d for d in client.get("/api/daily").json()["dailies"]}
    assert home[m.id]["rating"]["plays"] == 0
    s = start(client, me, m.id)
    assert s["rating"] == home[m.id]["rating"]
    moves = m.solution_moves(level_of(daily_app, m.id))
    assert finish(client, me, m.id, s["run"], moves).status_code == 200
    again = finish(client, me, m.id, s["run"], moves)  # told the same, and no second game
    assert again.status_code == 200
    home = {d["mode"]: d for d in client.get("/api/daily").json()["dailies"]}
    assert home[m.id]["rating"]["plays"] == 1
    stats = client.get("/api/players/me/stats", headers=me).json()
    mine = stats["modes"][m.id]["rating"]
    assert mine["plays"] == 1 and set(mine) == {"value", "deviation", "plays"}
    assert mine["deviation"] < rating.PLAYER.deviation


def test_concurrent_games_of_one_level_on_several_workers_all_count(db_url: str) -> None:
    """Three stores on one database (three workers: on SQLite three writer locks, so the
    database's own locking decides), 4 threads each, 40 games of one level: every game
    counts, on the level and on each player, and the rating moved as the games say."""
    stores = [Store.open(db_url) for _ in range(3)]
    games_each, threads_each = 10, 4
    barrier = threading.Barrier(len(stores) * threads_each)

    def play(k: int) -> None:
        store = stores[k % len(stores)]
        barrier.wait()
        for i in range(games_each):
            game = Clear(STROKE, "1-7", f"p{k}", 30_000 + 1000 * i, 0, 0, lambda: 150.0)
            record(store, [game])

    n = len(stores) * threads_each
    with ThreadPoolExecutor(max_workers=n) as pool:
        list(pool.map(play, range(n)))
    try:
        with stores[0].session() as s:
            level = s.get(LevelRating, (STROKE, "1-7"))
            assert level is not None and level.plays == n * games_each
            for k in range(n):
                p = s.get(PlayerRating, (STROKE, f"p{k}"))
                assert p is not None and p.plays == games_each
        # every game was a win against the level (30-40 s < REF_MS): its rating only fell
        shown = level_rating(stores[0], STROKE, "1-7", lambda: 0.0)
        assert shown["plays"] == n * games_each
        assert shown["value"] < rating.level_start(150.0).value - 100
    finally:
        for st in stores:
            st.close()


def test_one_batch_rates_several_levels_in_one_transaction(db_url: str) -> None:
    store = Store.open(db_url)
    try:
        games = [Clear(STROKE, lv, "p", 60_000, 1, 3, lambda: 50.0) for lv in ("1-3", "1-1", "1-3")]
        assert record(store, games) == 3
        with store.session() as s:
            assert s.get(LevelRating, (STROKE, "1-3")).plays == 2  # type: ignore[union-attr]
            assert s.get(LevelRating, (STROKE, "1-1")).plays == 1  # type: ignore[union-attr]
            assert s.get(PlayerRating, (STROKE, "p")).plays == 3  # type: ignore[union-attr]
    finally:
        store.close()


def test_today_is_the_daily_key() -> None:
    from puzzlesmith.server.ratings.scores import daily_key

    assert daily_key(today()) == f"daily-{today().isoformat()}"
