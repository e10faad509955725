"""The player's midnight: a daily is the puzzle of the player's local date (header
``X-Local-Date``), accepted only when that date exists somewhere on Earth at the moment
(UTC−12 … UTC+14); a run of it is ranked on that puzzle's board and counts that day."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from typing import Any

import pytest
from test_api import MODES, finish, level_of, player

from puzzlesmith.core import registry
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.state import services_of


def at(app: Any, hour: int) -> datetime:
    """Pin the server's clock to ``hour`` UTC today (a fixed instant); its datetime."""
    now = datetime.now(UTC).replace(hour=hour, minute=30, second=0, microsecond=0)
    services_of(app).dailies.clock = lambda: int(now.timestamp() * 1000)
    return now


def local(day: Any) -> dict[str, str]:
    return {"X-Local-Date": day.isoformat()}


@pytest.fixture
def db_url(tmp_path: Any) -> str:
    return f"sqlite:///{tmp_path / 'store.sqlite3'}"


@pytest.mark.parametrize(("hour", "offsets"), [(5, (-1, 0)), (11, (-1, 0, 1)), (13, (0, 1))])
def test_only_dates_that_exist_somewhere_on_earth_are_a_player_s_today(
    client: Any, daily_app: Any, hour: int, offsets: tuple[int, ...]
) -> None:
    """At 05:30 UTC it is yesterday in UTC−12; at 11:30 also tomorrow in UTC+14 (three
    dates); at 13:30 yesterday is over everywhere."""
    now = at(daily_app, hour)
    for k in range(-2, 3):
        day = now.date() + timedelta(days=k)
        r = client.get("/api/daily", headers=local(day))
        if k in offsets:
            assert r.status_code == 200 and r.json()["date"] == day.isoformat(), r.text
        else:
            assert (r.status_code, r.json()["error"]) == (422, "bad-local-date"), r.text
            msg = r.json()["message"]
            assert "\n" not in msg and day.isoformat() in msg and "UTC−12 … UTC+14" in msg
    r = client.get("/api/daily", headers={"X-Local-Date": "12/06/2026"})
    assert (r.status_code, r.json()["error"]) == (422, "bad-local-date")
    assert client.get("/api/daily").json()["date"] == now.date().isoformat()  # no header: UTC


@pytest.mark.parametrize("mode_id", MODES)
def test_a_player_in_utc_plus_14_plays_tomorrow_s_puzzle_ranked_on_its_board(
    client: Any, daily_app: Any, mode_id: str
) -> None:
    now = at(daily_app, 11)
    tomorrow = now.date() + timedelta(days=1)
    kiritimati, here = player(client, "基里巴斯"), player(client, "北京")
    s = client.post(f"/api/daily/{mode_id}/start", headers={**kiritimati, **local(tomorrow)})
    assert s.status_code == 200 and s.json()["date"] == tomorrow.isoformat(), s.text
    moves = registry.get(mode_id).solution_moves(level_of(daily_app, mode_id, tomorrow))
    out = finish(client, kiritimati, mode_id, s.json()["run"], moves).json()
    assert out["ranked"] and out["rank"] == 1 and out["date"] == tomorrow.isoformat(), out
    board = client.get(f"/api/daily/{mode_id}/leaderboard", headers=local(tomorrow)).json()
    assert [e["name"] for e in board["entries"]] == ["基里巴斯"]
    today_board = client.get(f"/api/daily/{mode_id}/leaderboard", headers=local(now.date()))
    assert today_board.json()["entries"] == []  # one board per puzzle number
    r = client.post(f"/api/daily/{mode_id}/start", headers={**here, **local(tomorrow)},
                    json={"date": (tomorrow + timedelta(days=1)).isoformat()})  # fmt: skip
    assert (r.status_code, r.json()["error"]) == (403, "future-date")
    st = client.get("/api/players/me/stats", headers={**kiritimati, **local(tomorrow)}).json()
    assert st["streak"]["current"] == 1  # the local day counts


@pytest.mark.parametrize("mode_id", MODES[:1])
def test_the_breakdown_friends_and_archive_follow_the_player_s_date(
    client: Any, daily_app: Any, mode_id: str
) -> None:
    """Every daily read that defaults to 'today' takes the player's own date: the solve
    explained of tomorrow's UTC puzzle, the friends board and the archive month."""
    now = at(daily_app, 11)
    tomorrow = now.date() + timedelta(days=1)
    kiritimati = player(client, "基里巴斯")
    headers = {**kiritimati, **local(tomorrow)}
    s = client.post(f"/api/daily/{mode_id}/start", headers=headers)
    moves = registry.get(mode_id).solution_moves(level_of(daily_app, mode_id, tomorrow))
    log = encode([TimedMove(0, mv) for mv in moves])  # never more than the server measured
    assert finish(client, kiritimati, mode_id, s.json()["run"], moves, log=log).status_code == 200
    bd = client.get(f"/api/daily/{mode_id}/breakdown", headers=headers)
    assert bd.status_code == 200 and bd.json()["date"] == tomorrow.isoformat(), bd.text
    utc = client.get(f"/api/daily/{mode_id}/breakdown", headers=kiritimati)
    assert utc.status_code == 404  # today in UTC: no run of that puzzle
    board = client.get(f"/api/friends/board/{mode_id}", headers=headers).json()
    assert [e["name"] for e in board["entries"]] == ["基里巴斯"], board
    assert client.get("/api/friends/stats", headers=headers).status_code == 200
    bad = client.get(f"/api/archive/{mode_id}", headers=local(now.date() + timedelta(days=3)))
    assert (bad.status_code, bad.json()["error"]) == (422, "bad-local-date")
