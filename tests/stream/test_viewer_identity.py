"""One vote per viewer: identities come from the server, made-up ids and forged tokens get
no vote, a kick holds against the identity, identities and votes per address are bounded;
room creation is limited per address and per browser, unjoined rooms expire, the cap
counts live rooms."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Any

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_support import Client, addr, mint, open_room, run, serve, small_app


async def stuffing(base: str) -> None:
    info = open_room(base, mode="cows", level="1-3")
    code, key = info["room"], info["host_key"]
    host = await Client.connect(base, code, role="host", key=key)
    me = await Client.viewer(base, code, addr(0))
    # 30 sockets, each with an id the script made up (the old ?viewer=), then forged tokens
    fakes = [await Client.connect(base, code, addr(0), viewer=f"bot{k:05d}") for k in range(15)]
    fakes += [
        await Client.connect(base, code, addr(0), token=f"v1.{k:012d}.{'Q' * 24}")
        for k in range(15)
    ]
    await host.send(type="host", key=key, action="vote", seconds=60)
    state = await me.until(lambda m: m["type"] == "state" and m["round"])
    cell = state["round"]["options"][0]
    await me.send(type="vote", cell=cell)
    assert (await me.until(lambda m: m["type"] in ("voted", "error")))["type"] == "voted"
    for f in fakes:
        hello = await f.until(lambda m: m["type"] == "hello")
        assert hello["viewer"] is None  # watching only
        await f.send(type="vote", cell=cell)
        assert (await f.until(lambda m: m["type"] == "error"))["code"] == "no-identity"
    # the same identity on 30 more sockets is still one voter (and one rate limit)
    same = [await Client.connect(base, code, addr(0), token=me.token) for _ in range(30)]
    replies = []
    for s in same:
        await s.send(type="vote", cell=cell)
        reply = await s.until(lambda m: m["type"] in ("voted", "error"))
        replies.append(reply["type"] if reply["type"] == "voted" else reply["code"])
    assert set(replies) == {"voted", "too-fast"}
    await host.send(type="host", key=key, action="close")
    ok = await host.until(lambda m: m["type"] == "ok" and m["action"] == "close")
    assert ok["result"]["votes"] == 1 and ok["result"]["tally"][cell] == 1
    # a kick holds against the identity: a new socket with the same token is refused
    await host.send(type="host", key=key, action="kick", viewer=me.id)
    assert (await me.until(lambda m: m["type"] == "error"))["code"] == "kicked"
    back = await Client.connect(base, code, addr(0), token=me.token)
    assert (await back.recv())["code"] == "kicked"
    for c in [host, *fakes, *same]:
        await c.close()


def test_thirty_sockets_with_invented_ids_make_one_vote() -> None:
    with serve(small_app()) as base:
        run(stuffing(base))


async def per_address(base: str) -> None:
    info = open_room(base, mode="cows", level="1-3")
    code, key = info["room"], info["host_key"]
    # identities: a burst of 4 per address, then 429; another address still gets one
    minted = [await mint(base, code, addr(1)) for _ in range(5)]
    assert [r.status_code for r in minted] == [201] * 4 + [429]
    assert minted[-1].json()["error"] == "too-many-viewers-here"
    assert (await mint(base, code, addr(2))).status_code == 201
    assert (await mint(base, "NOSUCH", addr(3))).status_code == 404
    # votes: at most 3 first votes per address and round, whatever the identities
    tokens = [r.json()["token"] for r in minted[:4]]
    phones = [await Client.connect(base, code, addr(1), token=t) for t in tokens]
    host = await Client.connect(base, code, role="host", key=key)
    await host.send(type="host", key=key, action="vote", seconds=60)
    state = await phones[0].until(lambda m: m["type"] == "state" and m["round"])
    cell = state["round"]["options"][0]
    answers = []
    for p in phones:
        await p.send(type="vote", cell=cell)
        answers.append((await p.until(lambda m: m["type"] in ("voted", "error")))["type"])
    assert answers == ["voted"] * 3 + ["error"]
    # a changed vote is not a new one
    await phones[0].send(type="vote", cell=state["round"]["options"][1])
    assert (await phones[0].until(lambda m: m["type"] in ("voted", "error")))["type"] == "voted"
    await host.send(type="host", key=key, action="close")
    ok = await host.until(lambda m: m["type"] == "ok" and m["action"] == "close")
    assert ok["result"]["votes"] == 3
    for c in [host, *phones]:
        await c.close()


def test_identities_and_votes_per_address_are_bounded() -> None:
    with serve(small_app(mint_burst=4, mint_rate=0.001, votes_per_address=3)) as base:
        run(per_address(base))


def create(base: str, local: str, **extra: Any) -> httpx.Response:
    transport = httpx.HTTPTransport(local_address=local)
    with httpx.Client(transport=transport, timeout=20) as http:
        return http.post(f"{base}/api/rooms", json={"mode": "cows", "level": "1-1", **extra})


def test_room_creation_is_limited_per_browser_address_and_server() -> None:
    lim = {"rooms_per_address": 3, "rooms_per_client": 1, "create_burst": 10}
    with serve(small_app(max_rooms=4, **lim)) as base:
        first = create(base, addr(0))
        assert first.status_code == 201
        token = run(mint(base, first.json()["room"], addr(0))).json()["token"]
        # per browser: one live room for a client identity
        assert create(base, addr(0), client=token).status_code == 201
        r = create(base, addr(0), client=token)
        assert (r.status_code, r.json()["error"]) == (429, "too-many-rooms-here")
        # per address: three live rooms
        assert create(base, addr(0)).status_code == 201
        r = create(base, addr(0))
        assert (r.status_code, r.json()["error"]) == (429, "too-many-rooms-here")
        assert "3 open rooms" in r.json()["message"]
        # the server's cap (4 here): one more address fills it
        assert create(base, addr(1)).status_code == 201
        r = create(base, addr(2))
        assert (r.status_code, r.json()["error"]) == (503, "too-many-rooms")


def test_unjoined_rooms_expire_and_the_cap_counts_live_rooms() -> None:
    with serve(small_app(max_rooms=1, unjoined_ttl=0.3, create_burst=2)) as base:

        async def gone(code: str) -> str:
            c = await Client.connect(base, code, addr(5))
            msg = await c.until(lambda m: m["type"] == "error", timeout=20)
            await c.close()
            return str(msg["code"])

        for _ in range(2):  # no host joins: the room goes, and its slot with it
            r = create(base, addr(0))
            assert r.status_code == 201, r.text
            assert run(gone(r.json()["room"])) in ("room-expired", "unknown-room")
        # the creation rate per address holds although its rooms are gone (burst 2 used)
        r = create(base, addr(0))
        assert (r.status_code, r.json()["error"]) == (429, "too-many-new-rooms")
        assert create(base, addr(1)).status_code == 201
