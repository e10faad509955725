"""Daily runs with their timed move log (exact flawless), replays of past days' verified
runs, and achievements the server unlocks — on SQLite and PostgreSQL."""

from __future__ import annotations

from datetime import UTC, date, datetime, timedelta
from typing import Any

import pytest
from sqlalchemy import select
from test_api import level_of, player

from puzzlesmith.core import registry
from puzzlesmith.core.codes import decode_level
from puzzlesmith.core.movelog import TimedMove, decode, encode, moves_of
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.state import services_of
from puzzlesmith.server.store import PlayerAchievement, Run

MODES = [m.id for m in daily_modes()]


def runs_of(app: Any) -> Any:
    return services_of(app).runs


def log_text(moves: list[str], step_ms: int = 0) -> str:
    return encode([TimedMove(k * step_ms, m) for k, m in enumerate(moves)])


def with_a_step_back(mode_id: str, sol: list[str]) -> list[str]:
    """The solution with one taken-back move, in each mode's own words."""
    if mode_id.startswith("01"):  # stroke: draw one cell too far, rewind to the one before
        return [*sol[:3], f"rewind {sol[1].split()[1]}", *sol[2:]]
    if mode_id.startswith("03"):  # hex: one cell, undo it, draw it again
        return [*sol[:2], "undo", *sol[1:]]
    r, c = sol[0].split()[1:3]  # cows: a cow put and taken away again
    return [sol[0], f"clear {r} {c}", *sol]


def play_day(client: Any, app: Any, who: dict[str, str], mode_id: str, day: date, **body: Any):
    """Start and finish ``day``'s daily on that day (the server clock set to its noon)."""
    noon = int(datetime(day.year, day.month, day.day, 12, tzinfo=UTC).timestamp() * 1000)
    dailies = runs_of(app).dailies
    old = dailies.clock
    dailies.clock = lambda: noon
    try:
        s = client.post(
            f"/api/daily/{mode_id}/start", json={"date": day.isoformat()}, headers=who
        ).json()
        dailies.clock = lambda: noon + 60_000
        sol = registry.get(mode_id).solution_moves(level_of(app, mode_id, day))
        payload = {"run": s["run"], "moves": sol, **body}
        if body.get("log") is True:
            payload["log"] = log_text(sol)
        return client.post(f"/api/daily/{mode_id}/finish", json=payload, headers=who)
    finally:
        dailies.clock = old


# ---- 1. the log on the server ------------------------------------------------------------------
@pytest.mark.parametrize("mode_id", MODES)
def test_a_log_with_a_step_back_is_verified_but_not_flawless(
    client: Any, daily_app: Any, mode_id: str
) -> None:
    me = player(client, "小李")
    run = client.post(f"/api/daily/{mode_id}/start", headers=me).json()["run"]
    sol = registry.get(mode_id).solution_moves(level_of(daily_app, mode_id))
    full = with_a_step_back(mode_id, sol)
    # the compacted path alone would look flawless; the log tells the truth
    r = client.post(
        f"/api/daily/{mode_id}/finish",
        json={"run": run, "moves": sol, "log": log_text(full)},
        headers=me,
    )
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["verified"] and out["ranked"] and not out["flawless"]
    assert "flawless" not in out["achievements"] and "first-clear" in out["achievements"]
    with runs_of(daily_app).store.session() as s:
        stored = s.scalars(select(Run).where(Run.mode == mode_id)).one()
    assert stored.undos == 1 and stored.moves == len(full)
    assert moves_of(decode(stored.log or "")) == full


def test_a_clean_log_is_flawless(client: Any, daily_app: Any) -> None:
    m = MODES[0]
    me = player(client, "小李")
    run = client.post(f"/api/daily/{m}/start", headers=me).json()["run"]
    sol = registry.get(m).solution_moves(level_of(daily_app, m))
    r = client.post(
        f"/api/daily/{m}/finish", json={"run": run, "moves": [], "log": log_text(sol)}, headers=me
    )
    assert r.status_code == 200 and r.json()["flawless"], r.text
    assert "flawless" in r.json()["achievements"]


def test_forged_logs_are_refused_with_a_reason(client: Any, daily_app: Any) -> None:
    m = MODES[0]
    me = player(client, "小李")
    run = client.post(f"/api/daily/{m}/start", headers=me).json()["run"]
    sol = registry.get(m).solution_moves(level_of(daily_app, m))
    cases = {
        "illegal move": (log_text(["start zz", *sol[1:]]), "illegal-move"),
        "does not clear": (log_text(sol[:-1]), "not-cleared"),
        "not a log": ("hello", "bad-log"),
        "bad entry": ("m1~zz", "bad-log"),
        "longer than the run": (log_text(sol, step_ms=3_600_000), "bad-log"),
    }
    for name, (log, code) in cases.items():
        # the compacted path clears: a bad log is refused even so
        r = client.post(
            f"/api/daily/{m}/finish", json={"run": run, "moves": sol, "log": log}, headers=me
        )
        assert r.status_code == 422, (name, r.text)
        body = r.json()
        assert body["error"] == code and body["field"] == "log", (name, body)
        assert body["message"].startswith("log: "), (name, body)
    assert client.get(f"/api/daily/{m}/leaderboard").json()["entries"] == []


# ---- 2. replays of past days ---------------------------------------------------------------
def test_past_entries_replay_and_today_s_do_not(
    client: Any, afternoon: Any, daily_app: Any
) -> None:
    m = MODES[-1]
    mode = registry.get(m)
    yesterday = today() - timedelta(days=1)
    ada, bob = player(client, "Ada"), player(client, "Bob")
    assert play_day(client, daily_app, ada, m, yesterday, log=True).json()["ranked"]
    assert play_day(client, daily_app, bob, m, yesterday).json()["ranked"]  # no log sent
    board = client.get(f"/api/daily/{m}/leaderboard?date={yesterday.isoformat()}").json()
    by_name = {e["name"]: e for e in board["entries"]}
    assert by_name["Ada"]["replay"] and not by_name["Bob"]["replay"]
    r = client.get(f"/api/daily/{m}/replay/{by_name['Ada']['id']}")
    assert r.status_code == 200, r.text
    out = r.json()
    level = level_of(daily_app, m, yesterday)
    assert mode.replay(decode_level(out["code"])[1], moves_of(decode(out["log"])))["cleared"]
    assert moves_of(decode(out["log"])) == mode.solution_moves(level)
    r = client.get(f"/api/daily/{m}/replay/{by_name['Bob']['id']}")
    assert r.status_code == 404 and r.json()["error"] == "no-log"
    assert client.get(f"/api/daily/{m}/replay/999999").json()["error"] == "no-entry"
    other = MODES[0]
    assert client.get(f"/api/daily/{other}/replay/{by_name['Ada']['id']}").status_code == 404
    # today's run: not before the day is over
    me = player(client, "Cy")
    run = client.post(f"/api/daily/{m}/start", headers=me).json()["run"]
    sol = mode.solution_moves(level_of(daily_app, m))
    r = client.post(
        f"/api/daily/{m}/finish", json={"run": run, "moves": sol, "log": log_text(sol)}, headers=me
    )
    assert r.status_code == 200 and r.json()["ranked"], r.text
    entry = client.get(f"/api/daily/{m}/leaderboard").json()["entries"][0]
    assert entry["replay"]
    r = client.get(f"/api/daily/{m}/replay/{entry['id']}")
    assert r.status_code == 403 and r.json()["error"] == "day-not-over"
    assert "once the day is over" in r.json()["message"]


# ---- 3. achievements -------------------------------------------------------------------------
def test_daily_streak_unlocks_once_and_is_stored(client: Any, daily_app: Any) -> None:
    me = player(client, "小李")
    m, other = MODES[0], MODES[-1]
    days = [today() - timedelta(days=k) for k in (3, 2, 1)]
    got = [play_day(client, daily_app, me, m, d, log=True).json()["achievements"] for d in days]
    assert "first-clear" in got[0] and "first-clear" not in got[1]
    assert "daily-3" not in got[0] + got[1] and "daily-3" in got[2]
    again = play_day(client, daily_app, me, other, days[2], log=True).json()["achievements"]
    assert "daily-3" not in again and "first-clear" not in again  # each unlocks once
    with runs_of(daily_app).store.session() as s:
        stored = set(s.scalars(select(PlayerAchievement.achievement)))
    assert {"first-clear", "daily-3"} <= stored
    assert set(got[0] + got[1] + got[2] + again) == stored


def test_archive_runs_do_not_make_a_streak(client: Any, afternoon: Any, daily_app: Any) -> None:
    """Old dailies played today count as clears, not as days played."""
    me = player(client, "小李")
    m = MODES[0]
    for k in (3, 2, 1):
        day = today() - timedelta(days=k)
        s = client.post(f"/api/daily/{m}/start", json={"date": day.isoformat()}, headers=me)
        sol = registry.get(m).solution_moves(level_of(daily_app, m, day))
        r = client.post(
            f"/api/daily/{m}/finish", json={"run": s.json()["run"], "moves": sol}, headers=me
        )
        assert r.status_code == 200 and "archive" in r.json()["flags"]
        assert "daily-3" not in r.json()["achievements"]
