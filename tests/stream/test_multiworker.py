"""Rooms across three real server processes on one PostgreSQL: a room made on one worker is
joined by a host and viewers on all of them, every viewer sees every move, the tally counts
votes from every worker, the round timer moves to another worker when its holder is killed
(no vote lost), a restarted worker serves the room again, and the per-address room limit is
counted over all workers."""

from __future__ import annotations

import asyncio
import os
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_support import Client, addr, open_room, run
from stream_workers import Cluster, Workers

N = 3


@pytest.fixture(scope="module")
def workers(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Workers]:
    try:
        cluster = Cluster()
        cluster.start()
    except Exception as exc:  # no binaries, no postgres user, initdb failed...
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail(f"PostgreSQL did not start: {exc}")
        pytest.skip(f"PostgreSQL did not start: {exc}")
    try:
        with Workers(cluster, N, tmp_path_factory.mktemp("workers")) as ws:
            yield ws
    finally:
        cluster.stop()


def owner_pid(ws: Workers, code: str) -> int | None:
    rows = ws.sql(f"SELECT timer_owner, timer_until FROM stream_rooms WHERE code = '{code}'")
    owner, until = rows[0]
    if owner is None or float(str(until)) < time.time():
        return None
    return int(str(owner).split(":")[1])


async def wait_for(pred: Any, timeout: float, what: str) -> Any:
    """Poll a condition (each poll a database query) until it holds; bounded."""
    deadline = time.monotonic() + timeout
    while True:
        got = await asyncio.to_thread(pred)
        if got:
            return got
        if time.monotonic() > deadline:
            raise TimeoutError(what)
        await asyncio.sleep(0.1)


def is_state(moves: int | None = None, rnd: int | None = None) -> Any:
    def pred(m: dict[str, Any]) -> bool:
        if m["type"] != "state":
            return False
        if moves is not None and len(m["moves"]) != moves:
            return False
        return rnd is None or (m["round"] or {}).get("number") == rnd

    return pred


async def vote_all(viewers: list[Client], plan: list[str]) -> None:
    async def one(v: Client, cell: str) -> None:
        await v.send(type="vote", cell=cell)
        ack = await v.until(lambda m: m["type"] in ("voted", "error"))
        assert ack["type"] == "voted", ack

    await asyncio.gather(*(one(v, c) for v, c in zip(viewers, plan, strict=True)))


async def scenario(ws: Workers) -> None:
    urls = [w.url for w in ws.all]
    room = open_room(urls[0], mode="cows", level="1-3")  # worker 0 holds the timer lease
    code, key = room["room"], room["host_key"]
    assert owner_pid(ws, code) == ws.all[0].pid
    host = await Client.connect(urls[1], code, role="host", key=key)
    assert (await host.recv())["type"] == "state"
    on = [k % N for k in range(9)]  # three viewers on each worker, each on its own network
    viewers = [await Client.viewer(urls[on[k]], code, addr(k)) for k in range(9)]
    overlay = await Client.connect(urls[2], code, role="overlay")

    # round 1, closed by the host: votes taken by all three workers are counted together
    await host.send(type="host", key=key, action="vote", seconds=60)
    opened = [await v.until(is_state(rnd=1)) for v in viewers]
    options = sorted(opened[0]["round"]["options"])
    a, b = options[0], options[-1]
    await vote_all(viewers, [a] * 5 + [b] * 4)
    # a script's sockets with made-up ids (and a forged token) on every worker: no vote
    fakes = [
        await Client.connect(urls[k % N], code, addr(100 + k), viewer=f"madeup{k:03d}")
        for k in range(15)
    ] + [
        await Client.connect(urls[k % N], code, addr(200 + k), token=f"v1.forgedforged.{'A' * 24}")
        for k in range(15)
    ]
    for f in fakes:
        await f.send(type="vote", cell=b)
        assert (await f.until(lambda m: m["type"] == "error"))["code"] == "no-identity"
    for c in [*viewers, overlay]:
        await c.until(lambda m: m["type"] == "live" and m["votes"] == 9 and m["tally"][a] == 5)
    await host.until(lambda m: m["type"] == "live" and m["viewers"] == 9 + len(fakes))
    await host.send(type="host", key=key, action="close")
    ok = await host.until(lambda m: m["type"] == "ok" and m["action"] == "close")
    assert ok["result"]["winner"] == a and ok["result"]["votes"] == 9
    assert {k: v for k, v in ok["result"]["tally"].items() if v} == {a: 5, b: 4}
    for c in [*viewers, overlay]:
        moved = await c.until(is_state(moves=1))
        assert moved["last"]["winner"] == a
    for f in fakes:
        await f.close()

    # round 2 runs on its timer; the worker holding the lease is killed during the round
    await host.send(type="host", key=key, action="vote", seconds=10)
    opened = [await v.until(is_state(moves=1, rnd=2)) for v in viewers]
    options = sorted(opened[0]["round"]["options"])
    a, b = options[0], options[-1]
    await vote_all(viewers, [b] * 6 + [a] * 3)
    killed = ws.all[0]
    killed.kill()
    # the lease (ttl 3 s) moves to a survivor; waited for, not timed: the machine may be busy
    new_owner = await wait_for(
        lambda: (p := owner_pid(ws, code)) not in (None, killed.pid) and p, 60, "no takeover"
    )
    assert new_owner in (ws.all[1].pid, ws.all[2].pid)
    survivors = [v for v, w in zip(viewers, on, strict=True) if w != 0]
    for v in survivors:
        done = await v.until(is_state(moves=2), timeout=40)
        assert done["last"]["votes"] == 9, done["last"]  # the dead worker's votes too
        assert done["last"]["winner"] == b
    # a viewer whose worker died comes back through a restarted worker: same room, same vote
    ws.restart(0)
    back = await Client.connect(urls[0], code, addr(0), token=viewers[0].token)
    state = await back.until(is_state())
    assert len(state["moves"]) == 2 and state["last"]["winner"] == b
    # another worker restarts (SIGTERM) while the room is open; the next move reaches both
    ws.restart(2)
    again = await Client.connect(urls[2], code, addr(2), token=viewers[2].token)
    assert len((await again.until(is_state()))["moves"]) == 2
    await host.send(type="host", key=key, action="undo")
    for c in (back, again, viewers[1]):
        await c.until(is_state(moves=1))
    for c in [host, back, again, overlay, *survivors]:
        await c.close()


def test_rooms_across_three_workers(workers: Workers) -> None:
    run(scenario(workers))


def test_room_creation_is_limited_over_all_workers(workers: Workers) -> None:
    """20 live rooms per address (the default), counted in the shared store: the rooms are
    asked of the three workers in turn and the 21st is refused wherever it lands."""
    have = workers.sql("SELECT count(*) FROM stream_rooms WHERE creator_addr = '127.0.0.1'")
    made = int(str(have[0][0]))
    answers = []
    for k in range(made, 21):
        url = workers.all[k % N].url
        r = httpx.post(f"{url}/api/rooms", json={"mode": "cows", "level": "1-1"}, timeout=30)
        answers.append(r.status_code)
    assert answers[:-1] == [201] * (20 - made) and answers[-1] == 429, answers
    rows = workers.sql("SELECT count(*) FROM stream_rooms WHERE creator_addr = '127.0.0.1'")
    assert int(str(rows[0][0])) == 20
