"""The test-only fourth mode (tests/core/tinymode, Switches) through the server's flows —
a daily run replayed and judged by the server, and a stream room's voting rounds — with
nothing added anywhere but its own package and its registration (docs/adding-a-mode.md).
The contract test (test_contract.py) checks the same mode like the other three."""

from __future__ import annotations

import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from tinymode import MODE

from puzzlesmith.core import registry
from puzzlesmith.core.movelog import TimedMove, encode
from puzzlesmith.server.app import create_app
from puzzlesmith.server.config import settings
from puzzlesmith.server.daily.runs import Rules
from puzzlesmith.server.state import services_of

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "stream"))
from stream_support import Client, open_room, run, serve


@pytest.fixture
def registered() -> Iterator[None]:
    with registry.registered(MODE):
        yield


@pytest.fixture
def client(registered: None, tmp_path: Path) -> Iterator[TestClient]:
    app = create_app(settings(data_dir=tmp_path / "data"), rules=Rules(min_ms_per_move=0))
    with TestClient(app) as c:
        yield c


def _me(client: TestClient, name: str) -> dict[str, str]:
    r = client.post("/api/players", json={"name": name})
    assert r.status_code == 201, r.text
    return {"Authorization": f"Bearer {r.json()['token']}"}


def _finish(client: TestClient, who: dict[str, str], extra: list[str]) -> dict[str, Any]:
    """The test holds the server's clock: the log claims 1 ms a move and the server measures
    the log's length and 0.2 s more, however fast or busy the machine (never less)."""
    dailies = services_of(client.app).dailies
    real_clock, t0 = dailies.clock, dailies.clock()
    try:
        dailies.clock = lambda: t0
        start = client.post(f"/api/daily/{MODE.id}/start", headers=who).json()
        view = start["level"]
        assert view["mode"] == MODE.id and "solution" not in view  # the daily's public view
        sol = [
            f"press {cell}"
            for cell, ch in zip(view["cells"], view["lamps"], strict=True)
            if ch == "1"
        ]
        log = [TimedMove(k, m) for k, m in enumerate([*extra, *sol])]
        dailies.clock = lambda: t0 + log[-1].ms + 200
        body = {"run": start["run"], "moves": sol, "log": encode(log)}
        r = client.post(f"/api/daily/{MODE.id}/finish", json=body, headers=who)
    finally:
        dailies.clock = real_clock
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_the_daily_of_a_new_mode_is_replayed_in_its_own_words(client: TestClient) -> None:
    listed = client.get("/api/daily").json()["dailies"]
    assert MODE.id in [d["mode"] for d in listed]  # a generator makes it a daily mode
    clean = _finish(client, _me(client, "甲甲"), [])
    assert clean["verified"] and clean["flawless"] and clean["hints"] == 0
    # its way back is ``undo`` and its hint writes ``peek``: the server learns both from it
    backed = _finish(client, _me(client, "乙乙"), ["press l0", "undo"])
    assert backed["verified"] and not backed["flawless"]
    peeked = _finish(client, _me(client, "丙丙"), ["peek l1"])
    assert peeked["verified"] and not peeked["flawless"] and peeked["hints"] == 1
    bad = client.post(
        f"/api/daily/{MODE.id}/finish",
        json={"run": "x", "moves": ["press l0"]},
        headers=_me(client, "丁丁"),
    )
    assert bad.status_code == 403 and bad.json()["error"] == "bad-run-token"


def test_what_a_mode_does_not_declare_is_refused_in_one_line(client: TestClient) -> None:
    """No ``editor`` capability: no live check and no publishing, a 404 naming why."""
    r = client.post(f"/api/modes/{MODE.id}/check-level", json={"level": {"lamps": "01"}})
    assert (r.status_code, r.json()["error"]) == (404, "no-editor"), r.text
    r = client.post(
        f"/api/community/{MODE.id}",
        json={"level": {"lamps": "01"}, "title": "x"},
        headers=_me(client, "戊戊"),
    )
    assert (r.status_code, r.json()["error"]) == (404, "no-editor"), r.text


def test_a_new_mode_is_checked_and_hinted_over_the_play_api(client: TestClient) -> None:
    """The play API answers a mode the server has no typed models for through its generic
    ones (server/payloads): the mode's own JSON, tagged with its id, fitting the schema."""
    url = f"/api/modes/{MODE.id}/levels/1-1"
    level = MODE.find_level("1-1")[1]
    view = client.get(url)
    rated = {"mode": MODE.id, **MODE.view(level), "rating": view.json().get("rating")}
    assert view.status_code == 200 and view.json() == rated
    for moves in ([], ["press l0"], MODE.solution_moves(level)):
        r = client.post(url + "/check", json={"moves": moves})
        assert r.status_code == 200, r.text
        assert r.json() == {"mode": MODE.id, **MODE.replay(level, moves)}
        r = client.post(url + "/hint", json={"moves": moves, "kind": "next"})
        assert r.status_code == 200, r.text
        assert r.json() == {"mode": MODE.id, **MODE.hint(level, moves, "next")}
    assert client.post(url + "/check", json={"moves": MODE.solution_moves(level)}).json()["cleared"]
    bad = client.post(url + "/check", json={"moves": ["press l9"]})
    assert (bad.status_code, bad.json()["error"]) == (422, "illegal-move"), bad.text
    bad = client.post(url + "/hint", json={"moves": [], "kind": "why"})
    assert bad.status_code == 422, bad.text
    spec = client.get("/openapi.json").json()["paths"]
    for path in ("/check", "/hint"):
        body = spec["/api/modes/{mode}/levels/{level_id}" + path]["post"]["responses"]["200"]
        assert any(
            ref.get("$ref", "").endswith("/AnyState" if path == "/check" else "/AnyHint")
            for ref in body["content"]["application/json"]["schema"]["oneOf"]
        )


async def _room_flow(base: str) -> None:
    level = MODE.find_level("1-2")[1]
    room = open_room(base, mode=MODE.cli_name, level=level.id)
    code, key = room["room"], room["host_key"]
    host = await Client.connect(base, code, role="host", key=key)
    viewer = await Client.viewer(base, code)  # a server-issued identity: one vote
    first = await host.recv()
    assert first["type"] == "state" and first["legal"] == MODE.vote_moves(level, [])
    moves: list[str] = []
    for cell in MODE.solve(level, 1).solutions[0]:
        await host.send(type="host", key=key, action="vote", seconds=60)
        await host.until(lambda m: m["type"] == "ok")
        await viewer.until(lambda m: m["type"] == "state" and m["round"] is not None)
        await viewer.send(type="vote", cell=cell)
        await host.until(lambda m: m["type"] == "live" and m["votes"] == 1)
        await host.send(type="host", key=key, action="close")
        ok = await host.until(lambda m: m["type"] == "ok" and m["action"] == "close")
        moves.append(f"press {cell}")
        assert ok["result"]["move"] == moves[-1]
        state = await viewer.until(lambda m: m["type"] == "state" and m["moves"] == moves)
        assert state["position"] == MODE.replay(level, moves)
    assert state["cleared"] and state["legal"] == {}
    await host.send(type="host", key=key, action="undo")
    undone = await viewer.until(lambda m: m["type"] == "state" and m["moves"] == moves[:-1])
    assert undone["position"] == MODE.replay(level, moves[:-1]) and not undone["cleared"]
    for c in (host, viewer):
        await c.close()


def test_a_stream_room_plays_a_new_mode(registered: None) -> None:
    with serve(create_app()) as base:
        run(_room_flow(base))
