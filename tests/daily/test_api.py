"""The daily API on SQLite and PostgreSQL: players, verified runs, refusals, boards, stats."""

from __future__ import annotations

import base64
from collections.abc import Callable, Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from datetime import date, timedelta
from typing import Any

import pytest
from sqlalchemy import func, select

from puzzlesmith.core import registry
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.state import services_of
from puzzlesmith.server.store import Run

MODES = [m.id for m in daily_modes()]


def player(client: Any, name: str = "小王") -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


@contextmanager
def held_clock(app: Any) -> Iterator[Callable[[int], None]]:
    """The server's clock held by the test: ``move(ms)`` sets it ``ms`` after the start, so
    what the server measures never depends on the machine's speed."""
    dailies = services_of(app).dailies
    real_clock, t0 = dailies.clock, dailies.clock()

    def move(ms: int) -> None:
        dailies.clock = lambda: t0 + ms

    move(0)
    try:
        yield move
    finally:
        dailies.clock = real_clock


def level_of(app: Any, mode_id: str, day: date | None = None) -> Any:
    return services_of(app).dailies.get(registry.get(mode_id), day or today())[1]


def start(client: Any, who: dict[str, str], mode_id: str, **body: Any) -> dict[str, Any]:
    r = client.post(f"/api/daily/{mode_id}/start", json=body or None, headers=who)
    assert r.status_code == 200, r.text
    return r.json()


def finish(
    client: Any, who: dict[str, str], mode_id: str, run: str, moves: list[str], **extra: Any
):
    return client.post(
        f"/api/daily/{mode_id}/finish", json={"run": run, "moves": moves, **extra}, headers=who
    )


# ---- players -------------------------------------------------------------------------------
def test_player_names_are_checked_with_a_reason(client: Any) -> None:
    r = client.post("/api/players", json={"name": "小王"})
    assert r.status_code == 201 and set(r.json()) == {"id", "token", "name"}
    for bad, why in [("x", "at least 2"), ("a" * 17, "at most 16"), ("<b>", "not allowed")]:
        r = client.post("/api/players", json={"name": bad})
        assert r.status_code == 422 and why in r.json()["message"], r.text
        assert r.json()["error"] == "bad-name"


def test_transfer_code_moves_the_profile(client: Any) -> None:
    old = player(client, "Ada")
    code = client.post("/api/players/me/transfer", headers=old).json()["code"]
    r = client.post("/api/players/claim", json={"code": code.lower()})
    assert r.status_code == 200 and r.json()["name"] == "Ada"
    new = {"Authorization": f"Bearer {r.json()['token']}"}
    assert client.get("/api/players/me", headers=new).json()["name"] == "Ada"
    assert client.get("/api/players/me", headers=old).status_code == 401  # moved, not copied
    assert client.post("/api/players/claim", json={"code": code}).status_code == 404  # one-time


def test_no_token_is_401(client: Any) -> None:
    r = client.post(f"/api/daily/{MODES[0]}/start")
    assert r.status_code == 401 and r.json()["error"] == "no-token"
    r = client.post(f"/api/daily/{MODES[0]}/start", headers={"Authorization": "Bearer nope"})
    assert r.status_code == 401 and r.json()["error"] == "bad-token"


# ---- a clear, for each mode ----------------------------------------------------------------
@pytest.mark.parametrize("mode_id", MODES)
def test_start_then_finish_ranks_a_verified_run(client: Any, daily_app: Any, mode_id: str) -> None:
    me = player(client)
    s = start(client, me, mode_id)
    assert set(s) >= {"run", "level", "number", "date"}
    assert s["date"] == today().isoformat() and s["number"] >= 1
    assert not [k for k in s["level"] if "solution" in k]
    again = start(client, me, mode_id)  # a reload resumes: the same server start time
    assert again["started_ms"] == s["started_ms"] and again["run"] == s["run"]
    moves = registry.get(mode_id).solution_moves(level_of(daily_app, mode_id))
    r = finish(client, me, mode_id, s["run"], moves)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["verified"] and out["ranked"] and out["rank"] == 1 and out["flawless"]
    assert out["flags"] == []
    board = client.get(f"/api/daily/{mode_id}/leaderboard", headers=me).json()
    entry = {"rank": 1, "name": "小王", "time_ms": out["time_ms"], "flawless": True}
    assert board["entries"] == [{**entry, "id": board["entries"][0]["id"], "replay": False}]
    assert board["you"]["rank"] == 1
    home = client.get("/api/daily", headers=me).json()
    state = {d["mode"]: d["state"] for d in home["dailies"]}
    assert state[mode_id] == "finished"


# ---- logs that do not verify -----------------------------------------------------------------
def test_forged_truncated_reordered_and_foreign_logs_are_refused(
    client: Any, daily_app: Any
) -> None:
    a, b = MODES[0], MODES[-1]
    me = player(client)
    run = start(client, me, a)["run"]
    good = registry.get(a).solution_moves(level_of(daily_app, a))
    other = registry.get(b).solution_moves(level_of(daily_app, b))
    cases = {
        "forged": ["start zz", *good[1:]],
        "truncated": good[:-1],
        "reordered": [good[0], good[2], good[1], *good[3:]],
        "foreign": other,
        "empty": [],
    }
    for name, moves in cases.items():
        r = finish(client, me, a, run, moves)
        assert r.status_code == 422, (name, r.text)
        assert r.json()["error"] in ("illegal-move", "not-cleared"), name
        assert r.json()["message"]
    assert client.get(f"/api/daily/{a}/leaderboard").json()["entries"] == []
    assert finish(client, me, a, run, good).status_code == 200  # the real log still counts


def test_tampered_foreign_and_replayed_tokens(client: Any, daily_app: Any) -> None:
    m, other_mode = MODES[0], MODES[1]
    alice, bob = player(client, "Alice"), player(client, "Bob")
    run = start(client, alice, m)["run"]
    moves = registry.get(m).solution_moves(level_of(daily_app, m))
    body, mac = run.split(".")
    raw = bytearray(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
    raw = raw.replace(b'"20', b'"19', 1)  # an earlier date, same signature
    forged = base64.urlsafe_b64encode(bytes(raw)).rstrip(b"=").decode() + "." + mac
    for token, status, code in [
        (forged, 403, "bad-run-token"),
        (run[:-2] + ("AA" if run[-2:] != "AA" else "BB"), 403, "bad-run-token"),
        ("not a token", 403, "bad-run-token"),
    ]:
        r = finish(client, alice, m, token, moves)
        assert (r.status_code, r.json()["error"]) == (status, code), r.text
    r = finish(client, bob, m, run, moves)  # Alice's token posted by Bob
    assert (r.status_code, r.json()["error"]) == (403, "foreign-token")
    r = finish(client, alice, other_mode, run, moves)  # for another mode's daily
    assert (r.status_code, r.json()["error"]) == (403, "foreign-token")
    first = finish(client, alice, m, run, moves)
    assert first.status_code == 200
    r = finish(client, alice, m, run, moves)  # the same token again: the same answer
    assert r.status_code == 200 and r.json() == {**first.json(), "achievements": []}
    with services_of(daily_app).store.session() as s:
        assert s.scalar(select(func.count(Run.id))) == 1


def test_client_sent_time_is_ignored(client: Any, daily_app: Any) -> None:
    m = MODES[0]
    me = player(client)
    with held_clock(daily_app) as clock:
        run = start(client, me, m)["run"]
        clock(300)  # 0.3 s pass between start and finish
        moves = registry.get(m).solution_moves(level_of(daily_app, m))
        out = finish(client, me, m, run, moves, time_ms=1, started_ms=0, rank=1).json()
    assert out["time_ms"] == 300


def test_too_fast_run_is_recorded_flagged_not_ranked(client: Any, daily_app: Any) -> None:
    daily_app.state.rules.min_ms_per_move = 10_000
    m = MODES[0]
    me = player(client)
    moves = registry.get(m).solution_moves(level_of(daily_app, m))
    with held_clock(daily_app) as clock:  # 1 s a move, far under the 10 s the rule asks
        run = start(client, me, m)["run"]
        clock(1000 * len(moves))
        out = finish(client, me, m, run, moves).json()
    assert out["verified"] and not out["ranked"] and out["rank"] is None
    # 1 s a move is above the daily's floor (look + decisions), so only the rule trips
    assert out["flags"] == ["too-fast", "no-log"]  # and no timed log either
    assert "faster than a person" in out["reasons"]["too-fast"]
    board = client.get(f"/api/daily/{m}/leaderboard", headers=me).json()
    assert board["entries"] == [] and board["you"]["flags"] == ["too-fast", "no-log"]
    again = finish(client, me, m, run, moves)  # recorded: a second try is told the same
    assert again.status_code == 200 and again.json() == {**out, "achievements": []}


def test_server_hints_are_counted(client: Any, daily_app: Any) -> None:
    m = MODES[0]
    mode = registry.get(m)
    me = player(client)
    run = start(client, me, m)["run"]
    r = client.post(
        f"/api/daily/{m}/hint",
        json={"run": run, "moves": [], "kind": mode.hint_kinds[0]},
        headers=me,
    )
    assert r.status_code == 200, r.text
    assert r.json()["hints"] == 1
    out = finish(client, me, m, run, mode.solution_moves(level_of(daily_app, m))).json()
    assert out["hints"] == 1 and not out["flawless"] and out["ranked"]


def test_dates_in_the_future_or_malformed_are_refused(client: Any) -> None:
    me = player(client)
    tomorrow = (today() + timedelta(days=1)).isoformat()
    r = client.post(f"/api/daily/{MODES[0]}/start", json={"date": tomorrow}, headers=me)
    assert (r.status_code, r.json()["error"]) == (403, "future-date")
    r = client.get(f"/api/daily/{MODES[0]}/leaderboard?date=2026-02-30")
    assert (r.status_code, r.json()["error"]) == (422, "bad-date")
    assert client.get("/api/daily/nope/leaderboard").status_code == 404


def test_rate_limit_per_player(client: Any, daily_app: Any) -> None:
    daily_app.state.limiter.limits["start"] = (2, 60.0)
    me, you = player(client), player(client, "另一位")
    for _ in range(2):
        start(client, me, MODES[0])
    r = client.post(f"/api/daily/{MODES[0]}/start", headers=me)
    assert (r.status_code, r.json()["error"]) == (429, "rate-limited")
    start(client, you, MODES[0])  # another player is not slowed down


def test_stats_count_days_times_and_streak(client: Any, daily_app: Any) -> None:
    me = player(client)
    for m in MODES[:2]:
        run = start(client, me, m)["run"]
        assert (
            finish(
                client, me, m, run, registry.get(m).solution_moves(level_of(daily_app, m))
            ).status_code
            == 200
        )
    st = client.get("/api/players/me/stats", headers=me).json()
    assert st["days_played"] == 1 and st["streak"]["current"] == 1
    assert set(st["modes"]) == set(MODES[:2])
    assert st["calendar"] == {today().isoformat(): MODES[:2]}


# ---- many at once --------------------------------------------------------------------------
def test_100_concurrent_finishes_recorded_once_and_ranked_consistently(
    client: Any, daily_app: Any
) -> None:
    m = MODES[-1]
    moves = registry.get(m).solution_moves(level_of(daily_app, m))
    people = [player(client, f"p{i:03d}") for i in range(100)]
    runs = [start(client, who, m)["run"] for who in people]

    def post(i: int) -> Any:
        return finish(client, people[i], m, runs[i], moves)

    with ThreadPoolExecutor(max_workers=25) as pool:
        answers = list(pool.map(post, range(100)))
    assert [a.status_code for a in answers] == [200] * 100, {
        a.text for a in answers if a.status_code != 200
    }
    with ThreadPoolExecutor(max_workers=25) as pool:  # everyone tries again: the same answer
        again = list(pool.map(post, range(100)))
    assert {a.status_code for a in again} == {200}
    assert [a.json()["time_ms"] for a in again] == [a.json()["time_ms"] for a in answers]
    with services_of(daily_app).store.session() as s:
        assert s.scalar(select(func.count(Run.id)).where(Run.mode == m)) == 100
    board = client.get(f"/api/daily/{m}/leaderboard").json()
    entries = board["entries"]
    assert [e["rank"] for e in entries] == list(range(1, 101)) and board["total"] == 100
    assert [e["time_ms"] for e in entries] == sorted(e["time_ms"] for e in entries)
    by_name = {e["name"]: e["rank"] for e in entries}
    for i, who in enumerate(people):
        you = client.get(f"/api/daily/{m}/leaderboard", headers=who).json()["you"]
        assert you["rank"] == by_name[f"p{i:03d}"] == again[i].json()["rank"]  # the rank now


def test_a_past_daily_is_verified_but_neither_ranked_nor_streaked(
    client: Any, afternoon: Any, daily_app: Any
) -> None:
    m = MODES[0]
    yesterday = today() - timedelta(days=1)
    me = player(client)
    s = start(client, me, m, date=yesterday.isoformat())
    assert s["date"] == yesterday.isoformat()
    moves = registry.get(m).solution_moves(level_of(daily_app, m, yesterday))
    out = finish(client, me, m, s["run"], moves).json()
    assert out["verified"] and not out["ranked"] and out["flags"] == ["archive"]
    st = client.get("/api/players/me/stats", headers=me).json()
    assert st["streak"]["current"] == 0 and yesterday.isoformat() in st["calendar"]
    board = client.get(f"/api/daily/{m}/leaderboard?date={yesterday.isoformat()}").json()
    assert board["entries"] == []
