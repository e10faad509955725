"""A daily result worth sharing, and the figures around it (issue #35, items 6, 7 and 9):
the share picture (a PNG of the player's own verified run that shows nothing of the
board), the link at the server's public address, the breakdown's official time, and
archive runs that neither count as days played nor set a fastest time."""

from __future__ import annotations

import io
import os
from datetime import timedelta
from pathlib import Path
from typing import Any

from PIL import Image
from test_api import level_of, player, start
from test_fair_play import timed_finish

from puzzlesmith.core import registry
from puzzlesmith.core.movelog import TimedMove
from puzzlesmith.server import share
from puzzlesmith.server.daily.service import daily_modes, today

MODES = [m.id for m in daily_modes()]
#: set PUZZLESMITH_SHARE_SHOTS=dir to keep the pictures
SAVE = (
    Path(os.environ["PUZZLESMITH_SHARE_SHOTS"])
    if os.environ.get("PUZZLESMITH_SHARE_SHOTS")
    else None
)


def human(n: int) -> list[int]:
    """A steady person's gaps: a look first, then a move every 1.5 s."""
    return [3000] + [1500] * (n - 1)


def test_the_share_picture_is_my_verified_run_and_shows_no_board(
    client: Any, daily_app: Any
) -> None:
    m = MODES[0]
    me = player(client, "分享者")
    assert client.get(f"/api/daily/{m}/share.png").status_code == 401
    r = client.get(f"/api/daily/{m}/share.png", headers=me)
    assert r.status_code == 404 and r.json()["error"] == "no-run"
    n = len(registry.get(m).solution_moves(level_of(daily_app, m)))
    assert timed_finish(client, daily_app, me, m, human(n), server_ms=100_500).status_code == 200
    for lang in ("zh", "en"):
        r = client.get(f"/api/daily/{m}/share.png?lang={lang}", headers=me)
        assert r.status_code == 200 and r.headers["content-type"] == "image/png"
        img = Image.open(io.BytesIO(r.content))
        assert img.size == (share.SIZE, share.SIZE) and img.format == "PNG"
        if SAVE:  # to look at it
            img.save(SAVE / f"share-{m}-{lang}.png")
    info = client.get(f"/api/daily/{m}/share?lang=en", headers=me).json()
    assert info["time"] == "1:40.5" and info["rank"] == "Rank 1"  # alone: the day's rank
    assert info["title"].endswith(f"#{start(client, me, m)['number']}")
    assert client.get(f"/api/daily/{m}/share?lang=fr", headers=me).status_code == 422


def test_the_picture_depends_on_the_pace_never_on_the_moves() -> None:
    """Two solves with the same rhythm make the same picture: where a move went is not on it."""
    card = dict(mode=MODES[0], title="T", number=7, time_ms=61_000, rank=2, among=3,
                streak=4, flawless=True, hints=0, lang="en")  # fmt: skip
    a = [TimedMove(ms, f"add c{k}") for k, ms in enumerate(range(0, 60_000, 2500))]
    b = [TimedMove(tm.ms, "add z") for tm in a]
    assert share.pace_of(a, 61_000) == share.pace_of(b, 61_000)
    pa = share.draw_card(share.Card(**card, pace=share.pace_of(a, 61_000)))  # type: ignore[arg-type]
    pb = share.draw_card(share.Card(**card, pace=share.pace_of(b, 61_000)))  # type: ignore[arg-type]
    assert pa == pb
    assert share.lines_of(share.Card(**card, pace=()))["rank"] == "#2 of 3 friends"  # type: ignore[arg-type]


def test_the_share_link_uses_the_public_address(client: Any, daily_app: Any) -> None:
    m = MODES[1]
    me = player(client)
    n = len(registry.get(m).solution_moves(level_of(daily_app, m)))
    assert timed_finish(client, daily_app, me, m, human(n)).status_code == 200
    conf = daily_app.state.settings  # read once by create_app: the app's own is replaced
    daily_app.state.settings = conf.model_copy(update={"public_url": "https://puzzles.example/"})
    url = client.get(f"/api/daily/{m}/share", headers=me).json()["url"]
    assert url == f"https://puzzles.example/#/daily/{m}"
    daily_app.state.settings = conf
    assert (
        client.get(f"/api/daily/{m}/share", headers=me)
        .json()["url"]
        .startswith("http://testserver/")
    )


def test_the_breakdown_reports_the_official_time(client: Any, daily_app: Any) -> None:
    """After a reload the log's last move is not the finish: the time is the server's."""
    m = MODES[0]
    me = player(client)
    n = len(registry.get(m).solution_moves(level_of(daily_app, m)))
    gaps = human(n)
    out = timed_finish(client, daily_app, me, m, gaps, server_ms=sum(gaps[:n]) + 9_000).json()
    b = client.get(f"/api/daily/{m}/breakdown", headers=me).json()
    assert b["time_ms"] == out["time_ms"] == sum(gaps[:n]) + 9_000
    assert b["thinking_ms"] + b["moving_ms"] == b["time_ms"]
    assert all(p["board"].startswith("<svg") for p in b["pauses"])


def test_archive_runs_are_not_days_played_nor_fastest(
    client: Any, afternoon: Any, daily_app: Any
) -> None:
    m = MODES[0]
    me = player(client)
    yesterday = today() - timedelta(days=1)
    s = start(client, me, m, date=yesterday.isoformat())
    moves = registry.get(m).solution_moves(level_of(daily_app, m, yesterday))
    body = {"run": s["run"], "moves": moves}
    assert client.post(f"/api/daily/{m}/finish", json=body, headers=me).status_code == 200
    st = client.get("/api/players/me/stats", headers=me).json()
    assert st["days_played"] == 0 and yesterday.isoformat() in st["calendar"]
    assert st["modes"][m]["best_ms"] is None and st["modes"][m]["archive"] == 1
    n = len(registry.get(m).solution_moves(level_of(daily_app, m)))
    assert timed_finish(client, daily_app, me, m, human(n), server_ms=90_000).status_code == 200
    st = client.get("/api/players/me/stats", headers=me).json()
    assert st["days_played"] == 1 and st["modes"][m]["best_ms"] == 90_000
    assert st["modes"][m]["played"] == 1
    # and a friend sees the same count
    friend = player(client, "朋友")
    code = client.get("/api/friends", headers=me).json()["code"]
    assert client.post("/api/friends", json={"code": code}, headers=friend).status_code == 200
    seen = client.get("/api/friends/stats", headers=friend).json()["friends"]
    assert [f["days_played"] for f in seen] == [1]
