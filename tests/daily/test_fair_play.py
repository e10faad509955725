"""A leaderboard a script does not top: the log may not claim more time than the server
measured, inhuman timing is flagged and unranked with the reason, today's daily gets no
free hints through the code routes, and two players with one name stay apart."""

from __future__ import annotations

import random
from datetime import timedelta
from typing import Any

import pytest
from test_api import MODES, finish, level_of, player, start

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.daily.service import today
from puzzlesmith.server.state import services_of


def timed_finish(client: Any, app: Any, who: dict[str, str], mode_id: str, gaps: list[int], *,
                 server_ms: int | None = None) -> Any:  # fmt: skip
    """Start, then finish with the solution timed by ``gaps``; the server's clock moves on
    by ``server_ms`` (default: the log's length + 0.2 s) between the two."""
    dailies = services_of(app).dailies
    old, t0 = dailies.clock, dailies.clock()
    sol = registry.get(mode_id).solution_moves(level_of(app, mode_id))
    assert len(gaps) >= len(sol)
    log, ms = [], 0
    for gap, move in zip(gaps, sol, strict=False):
        ms += gap
        log.append(TimedMove(ms, move))
    try:
        dailies.clock = lambda: t0
        run = client.post(f"/api/daily/{mode_id}/start", headers=who).json()["run"]
        dailies.clock = lambda: t0 + (ms + 200 if server_ms is None else server_ms)
        body = {"run": run, "moves": [], "log": encode(log)}
        return client.post(f"/api/daily/{mode_id}/finish", json=body, headers=who)
    finally:
        dailies.clock = old


def human_gaps(seed: int, n: int = 400) -> list[int]:
    """A person's rhythm: a look at the board, quick drags, pauses to think."""
    rng = random.Random(seed)
    out = [rng.randint(2500, 6000)]
    while len(out) < n:
        out += [rng.randint(70, 160) for _ in range(rng.randint(1, 5))]
        out.append(rng.randint(400, 4000))
    return out


def paced_gaps(seed: int, n: int = 400) -> list[int]:
    """A person at 0.5–4 s a move, with a longer pause now and then (Cows taps included)."""
    rng = random.Random(seed)
    return [rng.randint(5000, 9000) if k % 6 == 5 else rng.randint(500, 4000) for k in range(n)]


def bot_gaps(seed: int, n: int = 400) -> list[int]:
    """The minimal bot: a one-second look, then random 60–140 ms gaps."""
    rng = random.Random(seed)
    return [1000] + [rng.randint(60, 140) for _ in range(n - 1)]


@pytest.fixture
def judged(daily_app: Any) -> Any:
    daily_app.state.rules.min_ms_per_move = 60  # the real rules (conftest turns them off)
    return daily_app


@pytest.mark.parametrize("mode_id", MODES)
def test_a_script_speed_run_is_flagged_and_unranked_with_the_reason(
    client: Any, judged: Any, mode_id: str
) -> None:
    me = player(client, "脚本")
    r = timed_finish(client, judged, me, mode_id, [60] * 400)
    assert r.status_code == 200, r.text
    out = r.json()
    assert out["verified"] and not out["ranked"] and out["rank"] is None
    assert {"machine-timing", "no-pause"} <= set(out["flags"])
    assert out["reasons"]["no-pause"].startswith("no pause of a second")
    board = client.get(f"/api/daily/{mode_id}/leaderboard").json()
    assert board["entries"] == []


def test_jittered_quick_decisions_are_flagged(client: Any, judged: Any) -> None:
    m = MODES[-1]  # cows: every move is its own tap, each after a little pause
    rng = random.Random(3)
    gaps = [1500] + [rng.randint(160, 240) for _ in range(399)]
    out = timed_finish(client, judged, player(client, "快手"), m, gaps).json()
    assert "fast-decisions" in out["flags"] and not out["ranked"]


@pytest.mark.parametrize("mode_id", [m for m in MODES if m != "04-cows"])
def test_a_human_rhythm_is_ranked(client: Any, judged: Any, mode_id: str) -> None:
    """Quick drags between decisions (a path mode's rhythm)."""
    out = timed_finish(client, judged, player(client, "真人"), mode_id, human_gaps(7)).json()
    assert out["flags"] == [] and out["ranked"] and out["rank"] == 1, out


@pytest.mark.parametrize("seed", [1, 2, 3])
@pytest.mark.parametrize("mode_id", MODES)
def test_the_minimal_bot_is_unranked_and_a_person_s_pace_ranked(
    client: Any, judged: Any, mode_id: str, seed: int
) -> None:
    """A one-second look then 60–140 ms a move clears under the level's floor (and in
    Cows, where every tap is a decision, half its decisions are under a quarter second);
    0.5–4 s a move with pauses is ranked."""
    bot = timed_finish(client, judged, player(client, "机器人"), mode_id, bot_gaps(seed)).json()
    assert bot["verified"] and not bot["ranked"] and bot["rank"] is None, bot
    assert "under-floor" in bot["flags"], bot
    assert "read this puzzle" in bot["reasons"]["under-floor"]
    if mode_id == "04-cows":
        assert "fast-decisions" in bot["flags"]
    me = timed_finish(client, judged, player(client, "真人"), mode_id, paced_gaps(seed)).json()
    assert me["flags"] == [] and me["ranked"] and me["rank"] == 1, me
    floor = services_of(judged).runs.floor_of(
        registry.get(mode_id), today().isoformat(), level_of(judged, mode_id)
    )
    assert bot["time_ms"] < floor <= me["time_ms"]
    board = client.get(f"/api/daily/{mode_id}/leaderboard").json()
    assert [e["name"] for e in board["entries"]] == ["真人"]


def test_a_log_may_not_claim_more_than_the_server_measured(client: Any, judged: Any) -> None:
    m = MODES[0]
    gaps = human_gaps(1)
    sol_len = len(registry.get(m).solution_moves(level_of(judged, m)))
    r = timed_finish(client, judged, player(client, "虚报"), m, gaps,
                     server_ms=sum(gaps[:sol_len]) - 1)  # fmt: skip
    assert r.status_code == 422 and r.json()["error"] == "bad-log"
    assert "the server measured" in r.json()["message"]


def test_a_finish_without_a_log_is_not_ranked(client: Any, judged: Any) -> None:
    m = MODES[0]
    me = player(client, "无记录")
    moves = registry.get(m).solution_moves(level_of(judged, m))
    out = finish(client, me, m, start(client, me, m)["run"], moves).json()
    assert "no-log" in out["flags"] and not out["ranked"]


# ---- today's daily through the code routes -------------------------------------------------------
@pytest.mark.parametrize("mode_id", MODES)
def test_the_code_routes_refuse_today_s_daily(
    client: Any, afternoon: Any, daily_app: Any, mode_id: str
) -> None:
    mode = registry.get(mode_id)
    code = encode_level(mode, level_of(daily_app, mode_id))
    body = {"moves": [], "kind": mode.hint_kinds[0]}
    old_level = level_of(daily_app, mode_id, today() - timedelta(days=1))
    # a breakdown shows the solver's view at each pause (a hint), a check right from wrong
    moves = mode.solution_moves(old_level)[:1]
    log = {"log": encode([TimedMove(1000 * (i + 1), m) for i, m in enumerate(moves)])}
    asks = (
        lambda c: client.get(f"/api/codes/{c}"),
        lambda c: client.post(f"/api/codes/{c}/hint", json=body),
        lambda c: client.post(f"/api/codes/{c}/check", json={"moves": []}),
        lambda c: client.post(f"/api/codes/{c}/breakdown", json=log),
    )
    for ask in asks:
        r = ask(code)
        assert r.status_code == 403 and r.json()["error"] == "daily-level", r.text
    old = encode_level(mode, old_level)
    assert asks[1](old).status_code == 200  # yesterday's daily is a level code like any
    for ask in asks:  # (a large one may be too open for a code's node budget: not refused)
        r = ask(old)
        assert r.status_code == 200 or r.json()["error"] == "gave-up", r.text


def test_a_turned_daily_is_refused_too(client: Any, daily_app: Any) -> None:
    m = "04-cows"
    mode = registry.get(m)
    raw = mode.dump_level(level_of(daily_app, m))
    regions = raw["regions"]
    turned = {**raw, "regions": ["".join(row[c] for row in regions) for c in range(len(regions))]}
    code = encode_level(mode, mode.parse_level(turned, "t")[0])
    r = client.post(f"/api/codes/{code}/hint", json={"moves": [], "kind": mode.hint_kinds[0]})
    assert r.status_code == 403 and r.json()["error"] == "daily-level"


# ---- one name, two players ---------------------------------------------------------------------
def test_two_players_with_one_name_are_told_apart_on_the_board(client: Any, daily_app: Any) -> None:
    m = MODES[-1]
    moves = registry.get(m).solution_moves(level_of(daily_app, m))
    ids = {}
    for name in ("Ada", "ADA", "Bob"):
        who = player(client, name)
        ids[name] = client.get("/api/players/me", headers=who).json()["id"]
        run = client.post(f"/api/daily/{m}/start", headers=who).json()["run"]
        r = client.post(f"/api/daily/{m}/finish", json={"run": run, "moves": moves}, headers=who)
        assert r.status_code == 200
        last = who
    names = sorted(e["name"] for e in client.get(f"/api/daily/{m}/leaderboard").json()["entries"])
    assert names == sorted([f"Ada #{ids['Ada'][:4].upper()}", f"ADA #{ids['ADA'][:4].upper()}",
                            "Bob"])  # fmt: skip
    assert client.get(f"/api/daily/{m}/leaderboard", headers=last).json()["you"]["name"] == "Bob"
