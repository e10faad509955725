"""Issue #28 item 7: the live check's budget is the worker's CPU time, not the wall clock.

The worker is starved for real (SIGSTOP: it gets no CPU at all for several times its
budget, as under a heavily loaded machine): the check still gives its real verdict.
Starved past the wall-clock bound, the answer is "busy, retrying" (503 + Retry-After),
never a false ``too-large``; a board that needs more CPU than the budget is too-large.
"""

from __future__ import annotations

import contextlib
import json
import os
import signal
import threading
from collections.abc import Iterator
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.server import checkworker
from puzzlesmith.server.app import create_app
from puzzlesmith.server.checkworker import Busy, CheckPool
from puzzlesmith.server.routers import editor

HEX = "03-hex-walls"
BUDGET = 0.5  # CPU seconds; the level below needs ~0.02


def shipped(mode_id: str, level_id: str) -> dict[str, Any]:
    mode = registry.get(mode_id)
    for f in mode.shipped_pack_files():
        for lv in json.loads(f.read_text(encoding="utf-8"))["levels"]:
            if lv["id"] == level_id:
                lv = dict(lv)
                lv["id"] = "draft"
                return lv  # type: ignore[no-any-return]
    raise AssertionError(level_id)


LEVEL = shipped(HEX, "2-6")


@pytest.fixture
def pool() -> Iterator[CheckPool]:
    p = CheckPool(size=1, seconds=BUDGET)
    p.check(HEX, LEVEL)  # spawn and warm the worker outside the starved check
    yield p
    p.close()


def worker_pid(p: CheckPool) -> int:
    proc = p.workers[0]._proc
    assert proc is not None and proc.pid is not None
    return proc.pid


def starved(p: CheckPool, hold: float | None) -> dict[str, Any] | Exception | None:
    """The check's answer while its worker gets no CPU for ``hold`` wall seconds (``None``:
    until the check has answered, however late the asking thread gets to run)."""
    pid = worker_pid(p)
    answer: list[Any] = []
    os.kill(pid, signal.SIGSTOP)
    try:
        t = threading.Thread(target=lambda: answer.append(_try(p)))
        t.start()
        # the starvation itself, not a wait for a condition: the worker is held stopped
        # for several times its CPU budget while the check is asked
        if hold is None:
            t.join(120)
        else:
            threading.Event().wait(hold)
    finally:
        with contextlib.suppress(ProcessLookupError):  # killed as starved: replaced
            os.kill(pid, signal.SIGCONT)
    t.join(120)
    assert answer, "the check never answered"
    return answer[0]  # type: ignore[no-any-return]


def _try(p: CheckPool) -> dict[str, Any] | Exception | None:
    try:
        return p.check(HEX, LEVEL)
    except Busy as exc:
        return exc


def test_a_starved_worker_still_gives_the_real_verdict(pool: CheckPool) -> None:
    """Before: a wall-clock budget answered too-large for this level on a loaded machine."""
    out = starved(pool, hold=3 * BUDGET)
    assert isinstance(out, dict), out
    assert out["verdict"] == "unique"


def test_starved_past_the_wall_bound_is_busy_retrying_not_a_verdict(
    pool: CheckPool, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(checkworker, "STARVED_FACTOR", 1.0)
    monkeypatch.setattr(checkworker, "START_SECONDS", 0.0)
    out = starved(pool, hold=None)  # stopped until the pool gives up on it
    assert isinstance(out, Busy) and "retrying" in str(out)
    monkeypatch.setattr(checkworker, "START_SECONDS", 30.0)
    again = pool.check(HEX, LEVEL)  # a fresh worker takes over
    assert again is not None and again["verdict"] == "unique"


def test_busy_is_a_503_the_editor_can_retry() -> None:
    p = CheckPool(size=1, seconds=0.05)
    held = p._free.get()  # another designer's check holds the only worker
    try:
        r = TestClient(create_app(checker=p)).post(
            f"/api/modes/{HEX}/check-level", json={"level": LEVEL}
        )
        assert r.status_code == 503 and r.json()["error"] == "busy" and r.json()["retry"]
        assert r.headers["retry-after"] == str(editor.RETRY_AFTER)
    finally:
        p._free.put(held)
        p.close()


def test_a_board_needing_more_cpu_than_the_budget_is_too_large() -> None:
    p = CheckPool(size=1, seconds=0.01)
    try:
        p.check(HEX, LEVEL)  # spawn
        cells: list[dict[str, int]] = [
            {"q": q, "r": r} for q in range(-3, 4) for r in range(-3, 4) if abs(q + r) <= 3
        ]
        # 1 in a corner and 36 on its neighbour: the search needs seconds of CPU (measured:
        # more than 5 s), 500x the budget; an open board with 1 alone finds two paths within
        # 1 ms in a warmed worker
        cells[0]["clue"] = 1
        cells[1]["clue"] = 36
        open_board = {"id": "d", "cells": cells}
        assert p.check(HEX, open_board) is None  # None: out of CPU time → too-large
    finally:
        p.close()
