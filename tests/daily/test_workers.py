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
from test_fair_play import paced_gaps
from workers import refused_start, server_env, workers

from puzzlesmith.core import registry
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.service import daily_modes, open_dailies, today
from puzzlesmith.server.daily.tokens import sign, verify
from puzzlesmith.server.ratelimit import LIMITS
from puzzlesmith.server.store import Player, Run, Start, Store

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
    # today's daily stored beforehand (`puzzlesmith daily build` does this in the README)
    dailies = open_dailies(settings(data_dir=data_dir, database_url=url, secret=SECRET))
    dailies.get(daily_modes()[-1], today())  # MODE's
    dailies.store.close()
    with workers(4, env) as bases:
        cluster = Cluster(bases, url, data_dir)
        yield cluster
        for c in cluster.clients:
            c.close()


def starts_across_4_workers_get_the_limit_of_one(four: Cluster) -> None:
    """150 starts by one player spread over the four: the limit of one worker."""
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


def a_claim_invalidates_the_old_token_on_every_worker_at_once(four: Cluster) -> None:
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


def published_level(four: Cluster) -> str:
    _, author = four.player("作者")
    r = four.call(0, "POST", f"/api/community/{STROKE}", author,
                  json={"level": STROKE_UNIQUE, "title": "多进程"})  # fmt: skip
    assert r.status_code == 200, r.text
    return str(r.json()["id"])


def likes_from_every_worker_count_exactly(four: Cluster) -> None:
    level = published_level(four)
    tokens = [four.player(f"赞{i:02d}", i)[1] for i in range(40)]
    _, twice = four.player("两处")

    def like(i: int) -> httpx.Response:
        who = twice if i >= 40 else tokens[i]
        return four.call(i, "POST", f"/api/community/levels/{level}/like", who, json={"on": True})

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(like, range(48)))  # 40 players, and one player 8 times
    assert {a.status_code for a in answers} <= {200, 409}, {a.text for a in answers}
    assert four.call(3, "GET", f"/api/community/levels/{level}").json()["likes"] == 41


def three_established_reporters_on_three_workers_hide_it(four: Cluster) -> None:
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


def a_retried_finish_is_answered_the_same_on_every_worker(four: Cluster) -> None:
    """A ranked finish posted to all four at once, then again to each: 200 and one result."""
    _, token = four.player("重试者")
    started = four.call(0, "POST", f"/api/daily/{MODE}/start", token).json()
    dailies = open_dailies(settings(data_dir=four.data_dir, database_url=four.url, secret=SECRET))
    try:  # the start ten minutes back (the test holds the secret), so a person's log fits
        claim = verify(dailies.secret, started["run"])
        earlier = claim._replace(started_ms=claim.started_ms - 600_000)
        with dailies.store.write() as s:
            s.execute(update(Start).where(Start.id == claim.start).values(
                started_ms=earlier.started_ms))  # fmt: skip
        run = sign(dailies.secret, earlier)
        sol = registry.get(MODE).solution_moves(dailies.get(registry.get(MODE), today())[1])
    finally:
        dailies.store.close()
    log, ms = [], 0
    for gap, move in zip(paced_gaps(7), sol, strict=False):
        ms += gap
        log.append(TimedMove(ms, move))
    body = {"run": run, "moves": [], "log": encode(log)}
    with ThreadPoolExecutor(max_workers=4) as pool:
        answers = list(pool.map(
            lambda w: four.call(w, "POST", f"/api/daily/{MODE}/finish", token, json=body),
            range(4)))  # fmt: skip
    answers += [four.call(w, "POST", f"/api/daily/{MODE}/finish", token, json=body)
                for w in range(4)]  # fmt: skip
    assert [a.status_code for a in answers] == [200] * 8, [a.text for a in answers]
    results = [{k: v for k, v in a.json().items() if k != "achievements"} for a in answers]
    assert results[0]["ranked"] and results[0]["rank"] >= 1, results[0]
    assert all(r == results[0] for r in results), results


def test_four_workers_on_one_postgresql_behave_as_one(four: Cluster) -> None:
    """One test for the four processes (so a parallel run starts them once, not per test)."""
    a_retried_finish_is_answered_the_same_on_every_worker(four)
    starts_across_4_workers_get_the_limit_of_one(four)
    a_claim_invalidates_the_old_token_on_every_worker_at_once(four)
    likes_from_every_worker_count_exactly(four)
    three_established_reporters_on_three_workers_hide_it(four)


@pytest.mark.parametrize("extra", [(), ("--workers", "2")])
def test_a_process_with_another_secret_refuses_to_start_with_one_line(
    pg_cluster: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, extra: tuple[str, ...]
) -> None:
    url = pg_cluster.new_database()
    conf = settings(data_dir=tmp_path, database_url=url, secret=SECRET)
    open_dailies(conf).store.close()  # the store now knows SECRET's fingerprint
    env = server_env(url, tmp_path, "another-secret-" + "y" * 30)
    code, err = refused_start(env, *extra)  # it ends by itself (with --workers, the parent too)
    assert "Traceback" not in err, err
    lines = [line for line in err.splitlines() if "secret:" in line]
    assert lines and all("give every process the same PUZZLESMITH_SECRET" in x for x in lines)
    if not extra:
        assert code == 3  # uvicorn's "startup failed"; its supervisor with --workers exits 0
