"""The README's multi-worker deployment, for real: four uvicorn processes on one throwaway
PostgreSQL. Limits hold across them, a moved token dies on all of them at once, likes and
reports from every worker count exactly, and a process with another secret refuses to
start with one line."""

from __future__ import annotations

import sys
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from datetime import timedelta
from pathlib import Path
from typing import Any

import httpx
import pytest
from sqlalchemy import update
from workers import refused_start, server_env, workers

from puzzlesmith.server.daily.limits import LIMITS
from puzzlesmith.server.daily.service import daily_modes, open_dailies, today
from puzzlesmith.server.store import Player, Run, Store

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent / "editor"))
from editor_levels import HEX, HEX_UNIQUE, STROKE, STROKE_UNIQUE  # noqa: E402

SECRET = "multi-worker-test-secret-" + "x" * 24
MODE = daily_modes()[-1].id


class Cluster:
    def __init__(self, bases: list[str], url: str, data_dir: Path) -> None:
        self.bases = bases
        self.url = url
        self.data_dir = data_dir
        self.clients = [httpx.Client(base_url=b, timeout=60) for b in bases]

    def call(self, worker: int, method: str, path: str, token: str | None = None,
             json: Any = None, address: str | None = None) -> httpx.Response:  # fmt: skip
        """One request to worker ``worker`` (mod the count)."""
        headers = {} if token is None else {"Authorization": f"Bearer {token}"}
        if address is not None:  # uvicorn trusts X-Forwarded-For from 127.0.0.1 by default
            headers["X-Forwarded-For"] = address
        client = self.clients[worker % len(self.clients)]
        return client.request(method, path, headers=headers, json=json)

    def player(self, name: str, worker: int = 0) -> tuple[str, str]:
        r = self.call(worker, "POST", "/api/players", json={"name": name})
        assert r.status_code == 201, r.text
        return r.json()["id"], r.json()["token"]


@pytest.fixture(scope="module")
def four(pg_cluster: Any, tmp_path_factory: pytest.TempPathFactory) -> Iterator[Cluster]:
    url = pg_cluster.new_database()
    data_dir = tmp_path_factory.mktemp("workers-data")
    env = server_env(url, data_dir, SECRET)
    # today's daily stored once beforehand (puzzlesmith daily build does this in the README)
    import os

    old = os.environ.get("PUZZLESMITH_SECRET")
    os.environ["PUZZLESMITH_SECRET"] = SECRET
    try:
        dailies = open_dailies(data_dir, url)
        for m in daily_modes():
            dailies.get(m, today())
        dailies.store.close()
    finally:
        if old is None:
            del os.environ["PUZZLESMITH_SECRET"]
        else:
            os.environ["PUZZLESMITH_SECRET"] = old
    with workers(4, env) as bases:
        cluster = Cluster(bases, url, data_dir)
        yield cluster
        for c in cluster.clients:
            c.close()


def test_150_starts_across_4_workers_get_the_limit_of_one(four: Cluster) -> None:
    _, warm = four.player("预热")
    for w in range(4):  # every worker has read the daily once
        assert four.call(w, "POST", f"/api/daily/{MODE}/start", warm).status_code == 200
    _, token = four.player("一百五")
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(
            pool.map(lambda i: four.call(i, "POST", f"/api/daily/{MODE}/start", token), range(150))
        )
    elapsed = time.monotonic() - t0
    codes = [a.status_code for a in answers]
    assert set(codes) <= {200, 429}, {a.text for a in answers if a.status_code not in (200, 429)}
    count, window = LIMITS["start"]
    # a burst of `count`, then one more every window / count seconds (GCRA), across workers
    refill = int(elapsed / (window / count)) + 1
    assert count <= codes.count(200) <= count + refill, (codes.count(200), elapsed)


def test_a_claim_invalidates_the_old_token_on_every_worker_at_once(four: Cluster) -> None:
    _, old = four.player("Ada")
    for w in range(4):  # each worker has seen (and would have cached) the token
        assert four.call(w, "GET", "/api/players/me", old).json()["name"] == "Ada"
    code = four.call(1, "POST", "/api/players/me/transfer", old).json()["code"]
    r = four.call(2, "POST", "/api/players/claim", json={"code": code})
    assert r.status_code == 200
    new = r.json()["token"]
    for w in range(4):
        assert four.call(w, "GET", "/api/players/me", old).status_code == 401
        assert four.call(w, "POST", "/api/players/me/transfer", old).status_code == 401
    assert four.call(3, "PATCH", "/api/players/me", new, json={"name": "Ada L"}).status_code == 200
    assert {four.call(w, "GET", "/api/players/me", new).json()["name"] for w in range(4)} == {
        "Ada L"
    }


@pytest.fixture(scope="module")
def level(four: Cluster) -> str:
    _, author = four.player("作者")
    r = four.call(0, "POST", f"/api/community/{STROKE}", author,
                  json={"level": STROKE_UNIQUE, "title": "多进程"})  # fmt: skip
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def test_likes_from_every_worker_count_exactly(four: Cluster, level: str) -> None:
    tokens = [four.player(f"赞{i:02d}", i)[1] for i in range(40)]
    _, twice = four.player("两处")

    def like(i: int) -> httpx.Response:
        who = twice if i >= 40 else tokens[i]
        return four.call(i, "POST", f"/api/community/levels/{level}/like", who, json={"on": True})

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(like, range(48)))  # 40 players, and one player 8 times
    assert {a.status_code for a in answers} <= {200, 409}, {a.text for a in answers}
    assert four.call(3, "GET", f"/api/community/levels/{level}").json()["likes"] == 41


def test_three_established_reporters_on_three_workers_hide_it(four: Cluster) -> None:
    _, author = four.player("作者二")
    r = four.call(1, "POST", f"/api/community/{HEX}", author,
                  json={"level": HEX_UNIQUE, "title": "举报"})  # fmt: skip
    assert r.status_code == 200, r.text
    lid = r.json()["id"]
    fresh = [four.player(f"新{i}", i)[1] for i in range(3)]
    old = [four.player(f"老{i}", i) for i in range(3)]
    store = Store.open(four.url)
    with store.write() as s:  # two days old, with a verified finish each
        for k, (pid, _) in enumerate(old):
            s.execute(update(Player).where(Player.id == pid).values(created_ms=0))
            s.add(Run(player_id=pid, mode=MODE, date=(today() - timedelta(days=3 + k)).isoformat(),
                      started_ms=0, finished_ms=1, time_ms=1, moves=1, hints=0, undos=0,
                      flawless=True, ranked=True, flags=""))  # fmt: skip
    store.close()

    def send(who: str, i: int, address: str) -> httpx.Response:
        return four.call(i, "POST", f"/api/community/levels/{lid}/report", who,
                         json={"reason": "不合适的关卡"}, address=address)  # fmt: skip

    for i, who in enumerate(fresh):  # made this minute: nothing, from any address
        assert not send(who, i, f"10.9.0.{i}").json()["hidden"]
    with ThreadPoolExecutor(max_workers=3) as pool:
        answers = list(pool.map(lambda i: send(old[i][1], i + 1, f"10.9.1.{i}"), range(3)))
    assert [a.status_code for a in answers] == [200] * 3
    assert four.call(0, "GET", f"/api/community/levels/{lid}").status_code == 404


@pytest.mark.parametrize("extra", [(), ("--workers", "2")])
def test_a_process_with_another_secret_refuses_to_start_with_one_line(
    four: Cluster, extra: tuple[str, ...]
) -> None:
    env = server_env(four.url, four.data_dir, "another-secret-" + "y" * 30)
    code, err = refused_start(env, *extra)  # it ends by itself (with --workers, the parent too)
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if "secret:" in line]
    assert lines and all("give every process the same PUZZLESMITH_SECRET" in x for x in lines)
    if not extra:
        assert code == 3  # uvicorn's "startup failed"; its supervisor with --workers exits 0
    assert four.call(0, "GET", "/api/players/me").status_code == 401  # the others serve on


def test_tries_from_every_worker_count_exactly_and_share_one_limit(four: Cluster) -> None:
    """POST /api/plays on four processes: 40 batches of 10 tries at once are 400 rows, and
    one address gets the plays limit of one worker across all four."""
    import secrets

    from sqlalchemy import func, select

    from puzzlesmith.server.routers.tries import LIMITS as PLAYS
    from puzzlesmith.server.tries.models import LevelPlay

    now = int(time.time() * 1000)
    one = {"mode": "stroke", "level": "1-7", "outcome": "left", "started_ms": now - 9_000,
           "ended_ms": now, "time_ms": 8_000, "hints": 0, "rewinds": 1, "moves": 6,
           "last_step": 5}  # fmt: skip

    def batch(i: int, address: str) -> int:
        body = {"session": secrets.token_hex(16), "tries": [{**one, "n": k + 1} for k in range(10)]}
        return four.call(i, "POST", "/api/plays", json=body, address=address).status_code

    with ThreadPoolExecutor(max_workers=16) as pool:
        codes = list(pool.map(lambda i: batch(i, f"198.51.100.{i}"), range(40)))
    assert codes == [202] * 40
    store = Store.open(four.url, migrate=False)
    try:
        with store.session() as s:
            assert s.scalar(select(func.count()).select_from(LevelPlay)) == 400
    finally:
        store.close()
    t0 = time.monotonic()
    with ThreadPoolExecutor(max_workers=16) as pool:
        codes = list(pool.map(lambda i: batch(i, "203.0.113.77"), range(90)))
    elapsed = time.monotonic() - t0
    assert set(codes) <= {202, 429}, codes
    count, window = PLAYS["plays"]
    refill = int(elapsed / (window / count)) + 1
    assert count <= codes.count(202) <= count + refill, (codes.count(202), elapsed)
