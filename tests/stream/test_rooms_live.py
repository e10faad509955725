"""A room on a real uvicorn server with 200 viewers over real WebSockets: ten voting rounds
with known votes, every tally and every applied move checked, and a reconnect."""

from __future__ import annotations

import asyncio
import sys
from pathlib import Path
from typing import Any

import httpx
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parent))

from stream_support import Client, addr, open_room, run, serve

from puzzlesmith.core import registry
from puzzlesmith.server.app import create_app

VIEWERS = 200
ROUNDS = 10
COWS = "04-cows"


@pytest.fixture(scope="module")
def base() -> Any:
    with serve(create_app()) as url:
        yield url


def plan(round_no: int, options: list[str]) -> tuple[dict[int, str], dict[int, str]]:
    """Known votes for a round: viewer → first vote, and the viewers who change their vote.

    Counts differ by round (the winner is not always the first option); round 4 is a tie
    decided by the earlier vote, round 7 is won through changed votes.
    """
    a, b, c = options[round_no % len(options)], options[-1 - round_no], options[len(options) // 2]
    first: dict[int, str] = {}
    change: dict[int, str] = {}
    for v in range(VIEWERS):
        if round_no == 4:  # 100 / 100: b's first vote is sent before any vote for a
            first[v] = b if v % 2 == 0 else a
        else:
            first[v] = a if v % 10 < 4 else b if v % 10 < 7 else c  # 80 / 60 / 60
        if round_no == 7 and v % 10 < 4:  # a's 80 move to c: c wins with 140
            change[v] = c
    return first, change


def expected(first: dict[int, str], change: dict[int, str]) -> dict[str, int]:
    final = {**first, **change}
    counts: dict[str, int] = {}
    for cell in final.values():
        counts[cell] = counts.get(cell, 0) + 1
    return counts


async def scenario(base: str) -> None:
    room = open_room(base, mode="cows", level="1-3")
    code, key = room["room"], room["host_key"]
    mode = registry.get(COWS)
    level = mode.find_level("1-3")[1]

    host = await Client.connect(base, code, role="host", key=key)
    first = await host.recv()
    assert first["type"] == "state" and first["moves"] == [] and "<svg" in first["board"]

    # the 200 phones are on 40 networks (five a network: within the per-address vote bound)
    viewers = [await Client.viewer(base, code, addr(v // 5)) for v in range(VIEWERS)]
    for c in viewers:
        msg = await c.recv()
        assert msg["type"] == "state" and msg["room"] == code  # the state comes first

    moves: list[str] = []
    for rnd in range(1, ROUNDS + 1):
        await host.send(type="host", key=key, action="vote", seconds=60)
        await host.until(lambda m: m["type"] == "ok")
        opened = [
            await c.until(lambda m: m["type"] == "state" and m["round"] is not None)
            for c in viewers
        ]
        options = sorted(opened[0]["round"]["options"])
        assert options == sorted(mode.vote_moves(level, moves))
        assert all(o["round"]["number"] == rnd for o in opened)
        votes, change = plan(rnd, options)
        if rnd == 4:  # the tie: viewer 0 votes first and alone, then everyone else at once
            await vote(viewers[0], votes[0])
            await asyncio.gather(*(vote(viewers[v], votes[v]) for v in range(1, VIEWERS)))
        else:
            await asyncio.gather(*(vote(viewers[v], cell) for v, cell in votes.items()))
        await asyncio.gather(*(vote(viewers[v], cell) for v, cell in change.items()))

        await host.send(type="host", key=key, action="close")
        ok = await host.until(lambda m: m["type"] == "ok" and m["action"] == "close")
        result = ok["result"]
        counts = expected(votes, change)
        tally = {k: v for k, v in result["tally"].items() if v}
        assert tally == counts, f"round {rnd}"
        assert result["votes"] == VIEWERS
        top = max(counts.values())
        leaders = [k for k, v in counts.items() if v == top]
        win = votes[0] if rnd == 4 else leaders[0]
        assert len(leaders) == 1 or rnd == 4
        assert result["winner"] == win
        moves.append(mode.vote_moves(level, moves)[win])
        assert result["move"] == moves[-1]
        applied = await asyncio.gather(
            *(c.until(lambda m: m["type"] == "state" and m["moves"] == moves) for c in viewers)
        )
        assert all(a["position"] == mode.replay(level, moves) for a in applied)

    # a viewer who drops and comes back gets the current state (and its identity) first
    await viewers[5].close()
    again = await Client.connect(base, code, addr(1), token=viewers[5].token)
    state = await again.recv()
    assert state["type"] == "state" and state["moves"] == moves and state["round"] is None
    hello = await again.until(lambda m: m["type"] == "hello")
    assert hello["viewer"] == viewers[5].id
    for c in [again, host, *viewers[:5], *viewers[6:]]:
        await c.close()


async def vote(c: Client, cell: str) -> None:
    await c.send(type="vote", cell=cell)
    ack = await c.until(lambda m: m["type"] in ("voted", "error"))
    assert ack == {"type": "voted", "round": ack["round"], "cell": cell}, ack


def test_two_hundred_viewers_ten_rounds(base: str) -> None:
    run(scenario(base))


def test_bad_requests_answer_one_line(base: str) -> None:
    for body, code in (
        ({"mode": "nope", "level": "1-1"}, 404),
        ({"mode": "cows", "level": "no-such"}, 404),
        ({"mode": "cows"}, 422),
        ({"level": "1-1"}, 422),
        ({"mode": "cows", "level": "1-1", "extra": 1}, 422),
    ):
        r = httpx.post(f"{base}/api/rooms", json=body, timeout=10)
        assert r.status_code == code, (body, r.text)
        assert set(r.json()) >= {"error", "message"}
