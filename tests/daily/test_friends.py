"""Friends and the archive on SQLite and PostgreSQL: follow by code, friend boards, the
opt-out, friend stats, concurrent follows, and past dailies by month with their marks."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from typing import Any

from sqlalchemy import func, select
from test_api import MODES, finish, level_of, player, start

from puzzlesmith.core import registry
from puzzlesmith.server.daily.puzzles import number_of
from puzzlesmith.server.daily.service import today
from puzzlesmith.server.friends.models import Follow
from puzzlesmith.server.state import services_of


def code_of(client: Any, who: dict[str, str]) -> str:
    r = client.get("/api/friends", headers=who)
    assert r.status_code == 200, r.text
    return str(r.json()["code"])


def clear_today(client: Any, app: Any, who: dict[str, str], mode_id: str) -> dict[str, Any]:
    s = start(client, who, mode_id)
    moves = registry.get(mode_id).solution_moves(level_of(app, mode_id))
    r = finish(client, who, mode_id, s["run"], moves)
    assert r.status_code == 200, r.text
    return dict(r.json())


def test_follow_by_code_and_the_friend_board(client: Any, daily_app: Any) -> None:
    m = MODES[0]
    me, ann, bob = player(client, "小我"), player(client, "Ann"), player(client, "Bob")
    ann_code = code_of(client, ann)
    assert code_of(client, ann) == ann_code  # made once, kept
    # typed by a person: lower case, a dash in the middle
    typed = f"{ann_code[:4].lower()}-{ann_code[4:]}"
    r = client.post("/api/friends", json={"code": typed}, headers=me)
    assert r.status_code == 200, r.text
    assert r.json() == {"followed": {"id": r.json()["followed"]["id"], "name": "Ann"}, "new": True}
    again = client.post("/api/friends", json={"code": ann_code}, headers=me)
    assert again.status_code == 200 and again.json()["new"] is False
    for who in (me, ann, bob):
        clear_today(client, daily_app, who, m)
    board = client.get(f"/api/friends/board/{m}", headers=me).json()
    assert board["scope"] == "friends" and board["friends"] == 1
    assert sorted(e["name"] for e in board["entries"]) == ["Ann", "小我"]  # not Bob
    assert [e["rank"] for e in board["entries"]] == [1, 2]
    assert sum(e["me"] for e in board["entries"]) == 1
    mine = client.get("/api/friends", headers=me).json()
    assert [f["name"] for f in mine["following"]] == ["Ann"]
    assert client.get("/api/friends", headers=ann).json()["followers"] == 1
    stats = client.get("/api/friends/stats", headers=me).json()["friends"]
    assert [(f["name"], f["today"], f["streak"]["current"]) for f in stats] == [("Ann", [m], 1)]


def test_opting_out_leaves_a_player_off_friend_boards(client: Any, daily_app: Any) -> None:
    m = MODES[0]
    me, ann = player(client, "小我"), player(client, "Ann")
    client.post("/api/friends", json={"code": code_of(client, ann)}, headers=me)
    clear_today(client, daily_app, ann, m)
    r = client.patch("/api/friends/me", json={"hidden": True}, headers=ann)
    assert r.status_code == 200 and r.json() == {"hidden": True}
    board = client.get(f"/api/friends/board/{m}", headers=me).json()
    assert board["entries"] == [] and board["friends"] == 0
    assert client.get("/api/friends/stats", headers=me).json()["friends"] == []
    assert client.get("/api/friends", headers=me).json()["following"][0]["hidden"] is True
    client.patch("/api/friends/me", json={"hidden": False}, headers=ann)
    board = client.get(f"/api/friends/board/{m}", headers=me).json()
    assert [e["name"] for e in board["entries"]] == ["Ann"]


def test_unfollow_and_refusals_say_what_is_wrong(client: Any) -> None:
    me, ann = player(client, "小我"), player(client, "Ann")
    own = code_of(client, me)
    r = client.post("/api/friends", json={"code": own}, headers=me)
    assert r.status_code == 422 and r.json()["error"] == "self-follow"
    r = client.post("/api/friends", json={"code": "ZZZZZZZZ"}, headers=me)
    assert r.status_code == 404 and "ZZZZZZZZ" in r.json()["message"]
    assert client.get("/api/friends").status_code == 401
    ann_id = client.post("/api/friends", json={"code": code_of(client, ann)}, headers=me).json()
    ann_id = ann_id["followed"]["id"]
    assert client.delete(f"/api/friends/{ann_id}", headers=me).json() == {"removed": True}
    assert client.delete(f"/api/friends/{ann_id}", headers=me).json() == {"removed": False}
    assert client.get("/api/friends", headers=me).json()["following"] == []
    r = client.patch("/api/friends/me", json={"hidden": "yes"}, headers=me)
    assert r.status_code == 422


def test_the_same_follow_twice_at_once_is_one_row_and_no_5xx(client: Any, daily_app: Any) -> None:
    me, ann = player(client, "小我"), player(client, "Ann")
    code = code_of(client, ann)
    with ThreadPoolExecutor(8) as pool:
        answers = list(
            pool.map(
                lambda _: client.post("/api/friends", json={"code": code}, headers=me), range(16)
            )
        )
    assert {a.status_code for a in answers} == {200}
    assert sum(a.json()["new"] for a in answers) == 1
    store = services_of(daily_app).store
    with store.session() as s:
        assert s.scalar(select(func.count()).select_from(Follow)) == 1


def test_the_archive_lists_past_days_with_my_marks(
    client: Any, afternoon: Any, daily_app: Any
) -> None:
    m = MODES[0]
    me = player(client)
    yesterday = today() - timedelta(days=1)
    s = start(client, me, m, date=yesterday.isoformat())
    moves = registry.get(m).solution_moves(level_of(daily_app, m, yesterday))
    assert finish(client, me, m, s["run"], moves).json()["flags"] == ["archive"]
    month = yesterday.isoformat()[:7]
    page = client.get(f"/api/archive/{m}?month={month}", headers=me).json()
    assert page["month"] == month and month in page["months"]
    by_date = {d["date"]: d for d in page["days"]}
    assert today().isoformat() not in by_date  # today is the daily, not the archive
    day = by_date[yesterday.isoformat()]
    assert day["number"] == number_of(yesterday) and day["grade"]
    assert day["state"] == "finished" and day["result"]["on_the_day"] is False
    others = [d for d in page["days"] if d["date"] != yesterday.isoformat()]
    assert all(d["state"] == "new" for d in others)
    # anonymous: the days without marks; a bad or out-of-range month is one line
    anon = client.get(f"/api/archive/{m}?month={month}").json()
    assert all(d["state"] == "new" for d in anon["days"])
    r = client.get(f"/api/archive/{m}?month=2026-13")
    assert r.status_code == 422 and r.json()["error"] == "bad-month"
    assert client.get(f"/api/archive/{m}?month=1999-01").status_code == 404
    # the streak is untouched by the archive play
    st = client.get("/api/players/me/stats", headers=me).json()
    assert st["streak"]["current"] == 0


def test_progress_travels_with_the_transfer_code(client: Any) -> None:
    old = player(client, "旧手机")
    saves = {
        "mode:04-cows": '{"clearedId":["1-1","1-2"],"currentId":"1-3"}',
        "runs:04-cows": '{"1-1":{"best":{"ms":5000},"last":[]}}',
        "achievements": '{"history":[],"unlocked":{"first-clear":1}}',
        "shell:settings": '{"lang":"en"}',
    }
    r = client.put("/api/players/me/progress", json={"data": saves}, headers=old)
    assert r.status_code == 200 and r.json()["saved"] is True
    code = client.post("/api/players/me/transfer", headers=old).json()["code"]
    new = client.post("/api/players/claim", json={"code": code}).json()
    new_auth = {"Authorization": f"Bearer {new['token']}"}
    got = client.get("/api/players/me/progress", headers=new_auth).json()
    assert got["data"] == saves and got["updated_ms"] > 0
    # a later upload replaces it (one row per player)
    client.put("/api/players/me/progress", json={"data": {"achievements": "{}"}}, headers=new_auth)
    assert client.get("/api/players/me/progress", headers=new_auth).json()["data"] == {
        "achievements": "{}"
    }
    # nothing else travels: a foreign key, a non-text value, too much
    for bad in ({"daily:player": "{}"}, {"mode:04-cows": 5}, {f"mode:m{k}": "" for k in range(65)}):
        r = client.put("/api/players/me/progress", json={"data": bad}, headers=new_auth)
        assert r.status_code == 422 and r.json()["error"] == "bad-progress", r.text
    big = {"achievements": "x" * 450_000}
    r = client.put("/api/players/me/progress", json={"data": big}, headers=new_auth)
    assert r.status_code == 413
    fresh = player(client, "新玩家")
    assert client.get("/api/players/me/progress", headers=fresh).json()["data"] is None


def test_my_daily_solve_explained_with_the_days_median(client: Any, daily_app: Any) -> None:
    from puzzlesmith.core.movelog import TimedMove, encode

    m = MODES[0]
    mode = registry.get(m)
    moves = mode.solution_moves(level_of(daily_app, m))
    others = [player(client, f"P{k}") for k in range(3)]
    for who in others:
        clear_today(client, daily_app, who, m)
    me = player(client, "小我")
    s = start(client, me, m)
    log = encode([TimedMove(0, mv) for mv in moves])  # never more than the server measured
    assert finish(client, me, m, s["run"], moves, log=log).status_code == 200
    b = client.get(f"/api/daily/{m}/breakdown", headers=me)
    assert b.status_code == 200, b.text
    out = b.json()
    assert out["cleared"] and out["others"] == 3 and out["median_ms"] >= 0
    assert out["median_of"] == "day"
    assert out["moves"] == len(moves) and len(out["pauses"]) == min(3, len(moves))
    assert all(p["why"]["kind"] in ("why", "step") for p in out["pauses"])
    nobody = player(client, "没玩过")
    r = client.get(f"/api/daily/{m}/breakdown", headers=nobody)
    assert r.status_code == 404 and r.json()["error"] == "no-run"
    # a shipped level's log, and a bad one in one line
    lv = registry.get("04-cows").find_level("1-1")[1]
    cow_moves = registry.get("04-cows").solution_moves(lv)
    text = encode([TimedMove(1000 * (i + 1), mv) for i, mv in enumerate(cow_moves)])
    r = client.post("/api/modes/04-cows/levels/1-1/breakdown", json={"log": text})
    assert r.status_code == 200 and r.json()["cleared"], r.text
    r = client.post("/api/modes/04-cows/levels/1-1/breakdown", json={"log": "m1~zz"})
    assert r.status_code == 422 and r.json()["error"] == "invalid-log"


def test_a_shipped_levels_solve_explained_against_its_reported_clears(
    client: Any, monkeypatch: Any
) -> None:
    """The median of a shipped level: its cleared tries in ``level_plays`` (left tries and
    other levels not counted), the latest MAX_CLEARS only; a level code of the same board
    gets it too, a code of another board none."""
    import dataclasses
    import secrets
    import time

    from puzzlesmith.core.codes import encode_level
    from puzzlesmith.core.movelog import TimedMove, encode
    from puzzlesmith.server.routers import breakdown as bd

    cows = registry.get("04-cows")
    lv = cows.find_level("1-1")[1]
    moves = cows.solution_moves(lv)
    text = encode([TimedMove(1000 * (i + 1), mv) for i, mv in enumerate(moves)])
    url = "/api/modes/04-cows/levels/1-1/breakdown"
    none = client.post(url, json={"log": text}).json()
    assert "median_ms" not in none  # nobody has reported a clear yet
    now = time.time_ns() // 1_000_000
    tries = []
    for n, (outcome, level, ms) in enumerate(
        [
            ("cleared", "1-1", 10_000),
            ("cleared", "1-1", 20_000),
            ("cleared", "1-1", 90_000),
            ("left", "1-1", 1_000),
            ("cleared", "1-2", 1_000),
        ],
        start=1,
    ):
        tries.append(
            {
                "n": n,
                "mode": "04-cows",
                "level": level,
                "outcome": outcome,
                "started_ms": now - 100_000,
                "ended_ms": now,
                "time_ms": ms,
                "hints": 0,
                "rewinds": 0,
                "moves": 5,
                "last_step": 1,
            }
        )
    r = client.post("/api/plays", json={"session": secrets.token_hex(16), "tries": tries})
    assert r.status_code == 202, r.text
    out = client.post(url, json={"log": text}).json()
    assert (out["median_ms"], out["others"], out["median_of"]) == (20_000, 3, "level")
    assert out["faster_than"] == 3 - sum(t < out["time_ms"] for t in (10_000, 20_000, 90_000))
    code = encode_level(cows, lv)
    by_code = client.post(f"/api/codes/{code}/breakdown", json={"log": text}).json()
    assert (by_code["median_ms"], by_code["others"]) == (20_000, 3)
    other = cows.find_level("1-2")[1]
    other_moves = cows.solution_moves(other)
    other_log = encode([TimedMove(1000 * (i + 1), mv) for i, mv in enumerate(other_moves)])
    r = client.post(f"/api/codes/{encode_level(cows, other)}/breakdown", json={"log": other_log})
    assert r.status_code == 200 and r.json()["median_ms"] == 1_000  # 1-2's own clear
    # another board under the id 1-1 is not level 1-1: no comparison
    posing = encode_level(cows, dataclasses.replace(other, id="1-1"))
    r = client.post(f"/api/codes/{posing}/breakdown", json={"log": other_log})
    assert r.status_code == 200 and "median_ms" not in r.json()
    monkeypatch.setattr(bd, "MAX_CLEARS", 1)  # the bound: the latest clears only
    assert client.post(url, json={"log": text}).json()["others"] == 1
