"""A past day's leaderboard on a 390×844 touch phone: ▶ on an entry with a verified log
opens the replay viewer on that run (the level by its code), which plays to the clear."""

from __future__ import annotations

import json
from datetime import UTC, datetime, timedelta
from typing import Any
from urllib.parse import unquote

import pytest
from browser_support import Pointer, shot
from tests.clocks import in_the_afternoon

from puzzlesmith.core.codes import decode_level
from puzzlesmith.core.movelog import TimedMove, decode, encode, moves_of
from puzzlesmith.server.daily.service import daily_modes, today
from puzzlesmith.server.state import services_of

TOUCH_ONLY = pytest.mark.parametrize("device", ["touch"], indirect=True)
MODE = daily_modes()[0]


@pytest.fixture(scope="module")
def live_server(daily_server: tuple[str, Any]) -> str:
    return daily_server[0]


def post(page: Any, path: str, body: Any, token: str | None = None) -> Any:
    headers = {"Authorization": f"Bearer {token}"} if token else {}
    r = page.request.post(f"{page.base_url}{path}", data=body, headers=headers)
    assert r.ok, r.text()
    return r.json()


@TOUCH_ONLY
def test_past_leaderboard_entry_opens_its_replay(
    page: Any, pointer: Pointer, daily_server: tuple[str, Any]
) -> None:
    _, app = daily_server
    yesterday = today() - timedelta(days=1)
    runs = services_of(app).runs
    level = runs.dailies.get(MODE, yesterday)[1]
    moves = MODE.solution_moves(level)
    log = encode([TimedMove(400 * k, m) for k, m in enumerate(moves)])
    ada = post(page, "/api/players", {"name": "Ada"})
    noon = (
        int(datetime.combine(yesterday, datetime.min.time(), UTC).timestamp() * 1000) + 43_200_000
    )
    real_clock = runs.dailies.clock
    runs.dailies.clock = lambda: noon  # Ada played yesterday's daily yesterday
    try:
        s = post(page, f"/api/daily/{MODE.id}/start", {"date": yesterday.isoformat()}, ada["token"])
        runs.dailies.clock = lambda: noon + 90_000
        done = post(
            page,
            f"/api/daily/{MODE.id}/finish",
            {"run": s["run"], "moves": moves, "log": log},
            ada["token"],
        )
    finally:
        runs.dailies.clock = real_clock
    assert done["ranked"]
    with in_the_afternoon(app):  # yesterday is past everywhere: its replays are open
        watch_yesterdays_replay(page, pointer, yesterday, moves)


def watch_yesterdays_replay(page: Any, pointer: Pointer, yesterday: Any, moves: list[str]) -> None:
    """小明 opens Ada's run from yesterday's board and scrubs it to the end."""
    me = post(page, "/api/players", {"name": "小明"})
    page.goto(f"{page.base_url}/")
    page.evaluate(
        "(p) => localStorage.setItem('daily:player', p)",
        json.dumps({"id": me["id"], "token": me["token"], "name": me["name"]}),
    )
    page.goto(f"{page.base_url}/#/daily/{MODE.id}/board/{yesterday.isoformat()}")
    button = page.wait_for_selector('.d-board li [data-action="replay"]')
    shot(page, "daily-board-past-replay")
    box = button.bounding_box()
    pointer.tap(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    page.wait_for_function("location.hash.startsWith('#/replay/')")
    code, text = page.evaluate("location.hash").split("/")[2:4]
    assert MODE.replay(decode_level(unquote(code))[1], moves)["cleared"]
    assert moves_of(decode(unquote(text))) == moves
    page.wait_for_selector(".replay")
    assert page.get_attribute(".replay", "data-total") == str(len(moves))
    page.fill(".rp-scrub", str(len(moves)))
    assert page.get_attribute(".replay", "data-cleared") == "true"
    shot(page, "daily-board-replay-open")
    # today's board offers no replay yet (the day is not over)
    page.goto(f"{page.base_url}/#/daily/{MODE.id}/board")
    page.wait_for_selector(".d-board", state="attached")
    assert page.query_selector('[data-action="replay"]') is None
