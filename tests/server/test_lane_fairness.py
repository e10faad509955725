"""Issue #38 item 2: the check and heavy lanes are fair over several addresses. Four
attacking addresses looping requests take one share each (a third request from one is
429 at once), a designer arriving while they loop is served at the next free worker,
before any attacker's next turn, and an IPv6 /64 is one address. Proven by the order of
turns, not by a clock."""

from __future__ import annotations

import asyncio
import threading
from dataclasses import dataclass

import pytest
from tests.aio import run

from puzzlesmith.server.errors import ApiError
from puzzlesmith.server.heavy import PER_CLIENT, Lane
from puzzlesmith.server.ratelimit import network_of

ATTACKERS = ["198.51.100.1", "198.51.100.2", "2001:db8:1:2::1", "2001:db8:1:3::1"]
DESIGNER = "203.0.113.50"


@dataclass
class Client:
    host: str


@dataclass
class Req:
    client: Client

    async def is_disconnected(self) -> bool:
        return False


def test_k_attackers_take_k_shares_and_a_newcomer_is_served_next() -> None:
    async def scenario() -> None:
        lane = Lane("test", workers=1)
        started: list[str] = []
        go = threading.Semaphore(0)

        def work(host: str) -> None:
            started.append(host)
            assert go.acquire(timeout=60)

        async def ask(host: str) -> None:
            await lane.run(Req(Client(host)), work, host)

        async def wait_started(n: int) -> None:
            while len(started) < n:
                await asyncio.sleep(0.01)  # polling for the worker thread to start the work

        tasks = [asyncio.ensure_future(ask(a)) for _ in range(PER_CLIENT) for a in ATTACKERS]
        await wait_started(1)
        for a in ATTACKERS:  # each attacker has its whole share in the lane
            with pytest.raises(ApiError) as err:
                await ask(a)
            assert err.value.status == 429
        privacy = "2001:db8:1:2:ffff::9"  # the same /64 as an attacker: the same share
        with pytest.raises(ApiError):
            await ask(privacy)
        for n in range(1, len(ATTACKERS)):  # one round: every attacker runs once
            go.release()
            await wait_started(n + 1)
        assert started == ATTACKERS  # round-robin, not arrival order
        designer = asyncio.ensure_future(ask(DESIGNER))
        while DESIGNER not in lane._waiting:  # queued (the worker is held by an attacker)
            await asyncio.sleep(0.01)
        go.release()
        await wait_started(len(ATTACKERS) + 1)
        assert started[-1] == DESIGNER, started  # served at the next free worker
        for _ in range(len(tasks) + 1):
            go.release()
        await asyncio.gather(*tasks, designer)
        assert sorted(started[len(ATTACKERS) + 1 :]) == sorted(ATTACKERS)

    run(scenario())


def test_heavy_users_leave_the_last_checker_to_a_designer() -> None:
    """Two checkers, four addresses that did seconds of work lately: they share one
    checker, the other is kept free, and a designer's check starts on it at once (before,
    two attackers held both and the designer waited for a 2 s check to end)."""

    async def scenario() -> None:
        lane = Lane("check-test", workers=2)
        started: list[str] = []
        go = threading.Semaphore(0)

        def work(host: str) -> None:
            started.append(host)
            assert go.acquire(timeout=60)

        async def ask(host: str) -> None:
            await lane.run(Req(Client(host)), work, host)

        tasks = []
        for a in ATTACKERS:
            lane.charge(network_of(a), 5.0)  # each looped open boards just now
            tasks.append(asyncio.ensure_future(ask(a)))
        while not started:
            await asyncio.sleep(0.01)  # polling for the first attacker's check to start
        while sum(len(q) for q in lane._waiting.values()) < len(ATTACKERS) - 1:
            await asyncio.sleep(0.01)  # the others queue: the last checker stays free
        assert len(started) == 1 and lane.usage(DESIGNER) == 0
        designer = asyncio.ensure_future(ask(DESIGNER))
        while len(started) < 2:
            await asyncio.sleep(0.01)  # polling: it starts without any attacker finishing
        assert started[1] == DESIGNER, started
        for _ in range(len(tasks) + 1):
            go.release()
        await asyncio.gather(*tasks, designer)

    run(scenario())
