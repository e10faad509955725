"""The daily and community store under concurrent requests and several workers (each
worker here is a second app on the same database), on SQLite and PostgreSQL: counters that
are one statement, limits counted in the store, tokens no worker caches, one secret."""

from __future__ import annotations

import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

HERE = Path(__file__).resolve().parent
sys.path[:0] = [str(HERE.parent / "community"), str(HERE.parent / "editor")]

from community_support import age, established, from_address, player, publish, report  # noqa: E402
from editor_levels import COWS, COWS_MULTIPLE, COWS_UNIQUE, HEX, HEX_UNIQUE, STROKE, STROKE_UNIQUE  # noqa: E402

from puzzlesmith.server.app import create_app  # noqa: E402
from puzzlesmith.server.community.models import CommunityLike  # noqa: E402
from puzzlesmith.server.ratelimit import RateLimiter  # noqa: E402
from puzzlesmith.server.state import services_of  # noqa: E402
from puzzlesmith.server.store import StoreRefused  # noqa: E402


def store_of(client: TestClient) -> Any:
    return services_of(client.app).store


def level_id(client: TestClient) -> str:
    r = publish(client, player(client, "作者"), STROKE, STROKE_UNIQUE)
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


# ---- counts that are one statement -------------------------------------------------------------
def test_40_simultaneous_likes_count_40(client: TestClient, second: TestClient) -> None:
    lid = level_id(client)
    people = [player(client, f"赞{i:02d}") for i in range(40)]

    def like(i: int) -> Any:  # every other like lands on the other worker
        c = client if i % 2 else second
        return c.post(f"/api/community/levels/{lid}/like", json={"on": True}, headers=people[i])

    with ThreadPoolExecutor(max_workers=40) as pool:
        answers = list(pool.map(like, range(40)))
    assert [a.status_code for a in answers] == [200] * 40, {a.text for a in answers}
    assert client.get(f"/api/community/levels/{lid}").json()["likes"] == 40
    with store_of(client).session() as s:
        assert s.scalar(select(func.count()).select_from(CommunityLike)) == 40


def test_one_player_liking_on_two_workers_at_once_is_one_like(
    client: TestClient, second: TestClient
) -> None:
    lid = level_id(client)
    me = player(client, "双击")

    def like(c: TestClient) -> Any:
        return c.post(f"/api/community/levels/{lid}/like", json={"on": True}, headers=me)

    for _ in range(5):  # several rounds: the two inserts really do meet
        with ThreadPoolExecutor(max_workers=4) as pool:
            answers = list(pool.map(like, [client, second, client, second]))
        assert {a.status_code for a in answers} <= {200, 409}, [a.text for a in answers]
    with store_of(client).session() as s:
        assert s.scalar(select(func.count()).select_from(CommunityLike)) == 1
    assert client.get(f"/api/community/levels/{lid}").json()["likes"] == 1
    r = second.post(f"/api/community/levels/{lid}/like", json={"on": False}, headers=me)
    assert r.status_code == 200 and r.json()["likes"] == 0


def test_3_simultaneous_reports_from_established_players_hide_the_level(
    client: TestClient, second: TestClient
) -> None:
    lid = level_id(client)
    people = [established(client, f"老玩家{i}") for i in range(3)]

    def send(i: int) -> Any:
        c = from_address(client if i % 2 else second, f"10.1.0.{i}")
        return c.post(
            f"/api/community/levels/{lid}/report", json={"reason": "抄袭的关卡"}, headers=people[i]
        )

    with ThreadPoolExecutor(max_workers=3) as pool:
        answers = list(pool.map(send, range(3)))
    assert [a.status_code for a in answers] == [200] * 3
    assert client.get(f"/api/community/levels/{lid}").status_code == 404  # hidden
    assert [x["id"] for x in client.get(f"/api/community/{STROKE}").json()["levels"]] == []


def test_plays_count_once_per_player_and_per_address(client: TestClient) -> None:
    lid = level_id(client)
    for _ in range(10):  # ten anonymous POSTs from one address: one play
        assert client.post(f"/api/community/levels/{lid}/play").status_code == 200
    me = player(client, "玩家")
    for _ in range(3):
        client.post(f"/api/community/levels/{lid}/play", headers=me)
    other = from_address(client, "10.2.0.9")
    other.post(f"/api/community/levels/{lid}/play")
    assert client.get(f"/api/community/levels/{lid}").json()["plays"] == 3


# ---- reports that throwaway accounts cannot stuff ----------------------------------------------
def test_three_accounts_made_in_the_last_minute_cannot_hide_a_level(client: TestClient) -> None:
    lid = level_id(client)
    for i in range(3):  # three addresses, even: fresh profiles weigh nothing
        r = report(client, lid, player(client, f"新号{i}"), f"10.3.0.{i}")
        assert r.status_code == 200 and not r.json()["hidden"]
    assert client.get(f"/api/community/levels/{lid}").status_code == 200
    # old profiles, one address: one report per address and level counts
    for i in range(3):
        r = report(client, lid, established(client, f"同址{i}"), "10.3.1.1")
        assert r.status_code == 200 and not r.json()["hidden"]
    assert client.get(f"/api/community/levels/{lid}").status_code == 200
    # hours old without a finish: weight 1 each, so three are not enough either
    for i in range(3):
        who = player(client, f"半新{i}")
        age(client, who, days=0.2)
        assert not report(client, lid, who, f"10.3.2.{i}").json()["hidden"]
    # 2 + 3 so far; one more established player from an address of their own: 7 ≥ 6
    assert report(client, lid, established(client, "老甲"), "10.3.3.1").json()["hidden"]


# ---- the publish quota counts publishes ---------------------------------------------------------
def test_five_refused_publishes_leave_the_quota_for_the_next_valid_one(client: TestClient) -> None:
    me, other = player(client, "甲一"), player(client, "乙二")
    assert publish(client, other, STROKE, STROKE_UNIQUE).status_code == 200
    refused = [
        publish(client, me, STROKE, STROKE_UNIQUE),  # duplicate
        *[publish(client, me, COWS, COWS_MULTIPLE) for _ in range(3)],  # not unique
        publish(client, me, COWS, {"regions": ["A"]}),  # not a level
    ]
    assert [r.status_code for r in refused] == [409, 422, 422, 422, 422], [r.text for r in refused]
    r = publish(client, me, HEX, HEX_UNIQUE)
    assert r.status_code == 200, r.text
    # and the quota still holds for publishes (here one per 10 minutes)
    client.app.state.community_limits = RateLimiter({"publish": (1, 600.0)})  # type: ignore[attr-defined]
    third = player(client, "丙三")
    assert publish(client, third, COWS, COWS_MULTIPLE).status_code == 422
    assert publish(client, third, COWS, COWS_UNIQUE).status_code == 200
    r = publish(client, third, COWS, COWS_MULTIPLE)
    assert r.status_code == 429 and r.json()["error"] == "rate-limited"


def test_the_editor_can_ask_whether_a_board_is_published(client: TestClient) -> None:
    from puzzlesmith.core import registry
    from puzzlesmith.core.codes import encode_level

    m = registry.get(STROKE)
    code = encode_level(m, m.parse_level(STROKE_UNIQUE, "x")[0])
    assert client.get(f"/api/community/published/{code}").json() == {
        "mode": STROKE,
        "published": False,
        "id": None,
    }
    lid = level_id(client)
    out = client.get(f"/api/community/published/{code}").json()
    assert out == {"mode": STROKE, "published": True, "id": lid}
    r = client.get("/api/community/published/nonsense")
    assert r.status_code == 400 and r.json()["error"] == "bad-code"


# ---- limits counted in the shared store ---------------------------------------------------------
def test_two_workers_allow_what_one_allows(
    client: TestClient, second: TestClient, daily_app: Any
) -> None:
    for c in (client, second):
        c.app.state.limiter.limits["profile"] = (4, 600.0)  # type: ignore[attr-defined]
    me = player(client, "限速")
    codes = [
        (client if i % 2 else second).post("/api/players/me/transfer", headers=me).status_code
        for i in range(10)
    ]
    assert codes == [200] * 4 + [429] * 6


# ---- tokens: no worker keeps one that moved ------------------------------------------------------
def test_a_claim_and_a_rename_are_seen_by_every_worker_at_once(
    client: TestClient, second: TestClient
) -> None:
    old = player(client, "Ada")
    assert second.get("/api/players/me", headers=old).json()["name"] == "Ada"  # known there
    assert second.patch("/api/players/me", json={"name": "Ada L"}, headers=old).status_code == 200
    assert client.get("/api/players/me", headers=old).json()["name"] == "Ada L"
    code = client.post("/api/players/me/transfer", headers=old).json()["code"]
    r = client.post("/api/players/claim", json={"code": code})
    assert r.status_code == 200
    for c in (client, second):  # the old device is out everywhere, at once
        assert c.get("/api/players/me", headers=old).status_code == 401
        assert c.post("/api/players/me/transfer", headers=old).status_code == 401


def test_two_claims_of_one_code_at_once_give_the_profile_once(
    client: TestClient, second: TestClient
) -> None:
    code = client.post("/api/players/me/transfer", headers=player(client, "Bo")).json()["code"]
    with ThreadPoolExecutor(max_workers=2) as pool:
        answers = list(
            pool.map(lambda c: c.post("/api/players/claim", json={"code": code}), [client, second])
        )
    assert sorted(a.status_code for a in answers) == [200, 404]


# ---- one secret ---------------------------------------------------------------------------------
def test_a_process_with_another_secret_is_refused(
    daily_app: Any, client: TestClient, tmp_path: Path
) -> None:
    # its own data dir, so its own new secret.key
    app = create_app(daily_app.state.settings.model_copy(update={"data_dir": tmp_path / "x"}))
    with pytest.raises(StoreRefused, match="not the one the store was set up with"):
        services_of(app)
