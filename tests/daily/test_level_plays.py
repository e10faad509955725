"""``POST /api/plays`` (issue #27 item 5): anonymous tries of shipped levels, on SQLite and
PostgreSQL — stored and updated in one statement, bounded (body, batch, fields, a
per-address limit in the store), bad input refused in one line, concurrent batches exact."""

from __future__ import annotations

import json
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select

from puzzlesmith.server.ratelimit import RateLimiter
from puzzlesmith.server.state import services_of
from puzzlesmith.server.tries.models import LevelPlay
from puzzlesmith.server.tries.service import MAX_BODY, shipped_levels

STROKE = "01-number-stroke"
COWS = "04-cows"


def store_of(client: TestClient) -> Any:
    return services_of(client.app).store


def session_id() -> str:
    return secrets.token_hex(16)


def a_try(n: int = 1, **over: Any) -> dict[str, Any]:
    now = time.time_ns() // 1_000_000
    t = {
        "n": n,
        "mode": STROKE,
        "level": "1-7",
        "outcome": "left",
        "started_ms": now - 60_000,
        "ended_ms": now,
        "time_ms": 55_000,
        "hints": 1,
        "rewinds": 2,
        "moves": 30,
        "last_step": 7,
    }
    return {**t, **over}


def rows(client: TestClient) -> list[LevelPlay]:
    with store_of(client).session() as s:
        return list(s.scalars(select(LevelPlay).order_by(LevelPlay.session, LevelPlay.try_no)))


def test_tries_are_stored_and_a_left_try_becomes_a_clear(client: TestClient) -> None:
    sid = session_id()
    cows = a_try(2, mode="cows", level="1-7", outcome="cleared", last_step=5)
    r = client.post("/api/plays", json={"session": sid, "tries": [a_try(1), cows]})
    assert (r.status_code, r.json()) == (202, {"received": 2})
    one, two = rows(client)
    assert (one.mode, one.level, one.outcome, one.last_step, one.hints) == (
        STROKE,
        "1-7",
        "left",
        7,
        1,
    )
    assert (two.mode, two.outcome) == (COWS, "cleared")  # the alias is stored as the mode id
    # the page hid (left), the player came back and cleared: the same try, updated
    later = a_try(1, outcome="cleared", ended_ms=one.ended_ms + 5_000, time_ms=58_000)
    later.update(last_step=shipped_levels(STROKE)["1-7"])
    assert client.post("/api/plays", json={"session": sid, "tries": [later]}).status_code == 202
    # a stale "left" of the same try (sent late) and one for another level change nothing
    stale = a_try(1, ended_ms=one.ended_ms + 9_000)
    other = a_try(1, level="1-5", outcome="cleared")
    for t in (stale, other):
        assert client.post("/api/plays", json={"session": sid, "tries": [t]}).status_code == 202
    one, _ = rows(client)
    assert (one.outcome, one.time_ms, one.last_step, one.level) == ("cleared", 58_000, 12, "1-7")
    assert len(rows(client)) == 2


def test_a_beacon_body_is_text_plain(client: TestClient) -> None:
    """navigator.sendBeacon sends a string as text/plain: the same JSON is read."""
    first = a_try()
    earlier = {**first, "hints": 3, "ended_ms": first["ended_ms"] - 1_000}
    body = json.dumps({"session": session_id(), "tries": [first, earlier]})
    r = client.post("/api/plays", content=body, headers={"content-type": "text/plain"})
    assert (r.status_code, r.json()) == (202, {"received": 1})  # one try sent twice: the furthest
    assert [x.hints for x in rows(client)] == [1]


def _bad(**over: Any) -> dict[str, Any]:
    return {"session": session_id(), "tries": [a_try(**over)]}


BAD: list[tuple[str, Any, int, str]] = [
    ("unknown mode", _bad(mode="chess"), 422, "tries.0.mode: no mode 'chess'"),
    ("unknown level", _bad(level="9-9"), 422, "tries.0.level: '9-9' is no shipped level"),
    ("bad session", {"session": "player-1", "tries": [a_try()]}, 422, "session:"),
    ("no tries", {"session": session_id(), "tries": []}, 422, "tries:"),
    (
        "21 tries",
        {"session": session_id(), "tries": [a_try(k + 1) for k in range(21)]},
        422,
        "tries:",
    ),
    ("unknown outcome", _bad(outcome="won"), 422, "tries.0.outcome:"),
    ("hints out of range", _bad(hints=1001), 422, "tries.0.hints:"),
    ("negative moves", _bad(moves=-1), 422, "tries.0.moves:"),
    ("a number as text", _bad(moves="30"), 422, "tries.0.moves:"),
    ("a fraction", _bad(hints=1.5), 422, "tries.0.hints:"),
    ("ends before it starts", _bad(ended_ms=1_600_000_000_000), 422, "tries.0.ended_ms:"),
    ("longer on screen than the try", _bad(time_ms=61_500), 422, "tries.0.time_ms: longer"),
    ("in the future", _bad(started_ms=2**52, ended_ms=2**52), 422, "tries.0.started_ms:"),
    ("past the last cell", _bad(last_step=13), 422, "tries.0.last_step: more than the level's 12"),
    ("an extra field", _bad(player="p1"), 422, "tries.0.player:"),
    ("no JSON", "{not json", 422, "body:"),
    ("a list", [], 422, "body:"),
    ("too large", {"session": "x" * (MAX_BODY + 1), "tries": []}, 413, "larger than 16384"),
]


@pytest.mark.parametrize(("what", "body", "status", "said"), BAD, ids=[b[0] for b in BAD])
def test_bad_input_is_one_line_and_stores_nothing(
    client: TestClient, what: str, body: Any, status: int, said: str
) -> None:
    text = body if isinstance(body, str) else json.dumps(body)
    r = client.post("/api/plays", content=text, headers={"content-type": "application/json"})
    assert r.status_code == status, (what, r.text)
    msg = r.json()["message"]
    assert said in msg and "\n" not in msg and len(msg) <= 300, msg
    assert rows(client) == []


def test_a_batch_with_one_bad_try_is_refused_whole(client: TestClient) -> None:
    body = {"session": session_id(), "tries": [a_try(1), a_try(2, level="1-99")]}
    r = client.post("/api/plays", json=body)
    assert r.status_code == 422 and r.json()["field"] == "tries.1.level"
    assert rows(client) == []


def test_a_streamed_body_past_the_bound_is_cut_off(client: TestClient) -> None:
    """No Content-Length (chunked): counted as it arrives, 413 once past 16 KB."""

    def chunks() -> Any:
        for _ in range(40):
            yield b" " * 1024

    r = client.post("/api/plays", content=chunks(), headers={"content-type": "text/plain"})
    assert r.status_code == 413 and "16384" in r.json()["message"]


def test_batches_are_limited_per_address_in_the_store(
    daily_app: Any, client: TestClient, second: TestClient
) -> None:
    """Three batches a minute per address, counted in the store: two workers allow three
    between them, another address has its own."""
    daily_app.state.plays_limits = RateLimiter({"plays": (3, 60.0)})
    second.app.state.plays_limits = RateLimiter({"plays": (3, 60.0)})  # type: ignore[attr-defined]
    body = {"session": session_id(), "tries": [a_try()]}
    got = [c.post("/api/plays", json=body).status_code for c in (client, second) * 3]
    assert got == [202, 202, 202, 429, 429, 429]
    assert "plays: too many requests" in client.post("/api/plays", json=body).json()["message"]
    elsewhere = TestClient(daily_app, client=("203.0.113.9", 50000))
    assert elsewhere.post("/api/plays", json=body).status_code == 202
    bad = elsewhere.post("/api/plays", content="junk")  # a refused body still counts
    assert bad.status_code == 422


def test_concurrent_batches_on_two_workers_are_exact(
    client: TestClient, second: TestClient
) -> None:
    """40 batches of 20 tries at once on two workers: 800 rows; and a try reported left
    and cleared at the same moment from both ends cleared, whichever lands first."""
    sessions = [session_id() for _ in range(40)]
    raced = session_id()

    def send(i: int) -> int:
        c = client if i % 2 else second
        if i >= 40:  # the race: left (earlier) and cleared (later) of one try
            t = a_try(1, outcome="cleared" if i % 2 else "left", ended_ms=a_try()["ended_ms"] + i)
            return c.post("/api/plays", json={"session": raced, "tries": [t]}).status_code
        tries = [a_try(k + 1, hints=k % 3) for k in range(20)]
        return c.post("/api/plays", json={"session": sessions[i], "tries": tries}).status_code

    with ThreadPoolExecutor(max_workers=16) as pool:
        answers = list(pool.map(send, range(60)))
    assert answers == [202] * 60
    with store_of(client).session() as s:
        assert s.scalar(select(func.count()).select_from(LevelPlay)) == 801
        assert s.scalar(select(func.sum(LevelPlay.hints))) == 40 * sum(k % 3 for k in range(20)) + 1
        raced_row = s.get(LevelPlay, (raced, 1))
    assert raced_row is not None and raced_row.outcome == "cleared"


def _junk() -> Any:
    from hypothesis import strategies as st

    return st.one_of(
        st.none(), st.booleans(), st.integers(), st.floats(), st.text(max_size=50), st.just([])
    )


def _field(valid: Any) -> Any:
    from hypothesis import strategies as st

    return st.one_of(st.just(valid), _junk())


def test_any_batch_is_answered_202_or_one_line_never_5xx(
    daily_app: Any, client: TestClient
) -> None:
    """Random batches, each field valid or junk: 202, 413 or 422 with one line, nothing else."""
    from hypothesis import HealthCheck, given, settings
    from hypothesis import strategies as st

    daily_app.state.plays_limits = RateLimiter({"plays": (100_000, 60.0)})
    one = st.fixed_dictionaries({k: _field(v) for k, v in a_try().items()})
    batch = st.fixed_dictionaries(
        {"session": _field(session_id()), "tries": st.one_of(st.lists(one, max_size=22), _junk())}
    )

    @settings(
        max_examples=60, deadline=None, database=None, suppress_health_check=list(HealthCheck)
    )
    @given(st.one_of(batch, _junk(), st.binary(max_size=200)))
    def post(body: Any) -> None:
        content = body if isinstance(body, bytes) else json.dumps(body).encode()
        r = client.post("/api/plays", content=content, headers={"content-type": "text/plain"})
        assert r.status_code in (202, 413, 422), r.text
        if r.status_code == 202:
            assert r.json()["received"] >= 1
        else:
            msg = r.json()["message"]
            assert msg and "\n" not in msg and len(msg) <= 300

    post()
