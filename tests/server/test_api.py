"""The JSON API with FastAPI's TestClient: every route, bad requests, and no 500s ever."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from puzzlesmith.core import registry
from puzzlesmith.server.app import create_app
from puzzlesmith.server.static_files import client_tree

STROKE = "01-number-stroke"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


def stroke_view(client: TestClient, level: str) -> dict[str, Any]:
    r = client.get(f"/api/modes/{STROKE}/levels/{level}")
    assert r.status_code == 200, r.text
    data: dict[str, Any] = r.json()
    return data


def path_moves(cells: list[str]) -> list[str]:
    return [f"start {cells[0]}"] + [f"add {c}" for c in cells[1:]]


# ---- modes and packs -------------------------------------------------------------------
def test_modes_lists_the_registry(client: TestClient) -> None:
    r = client.get("/api/modes")
    assert r.status_code == 200
    modes = r.json()["modes"]
    assert [m["id"] for m in modes] == [m.id for m in registry.all_modes()]
    stroke = next(m for m in modes if m["id"] == STROKE)
    assert stroke["module"] == f"/static/modes/{STROKE}.js"
    assert stroke["title"] == {"zh": "数字一笔", "en": "Number Stroke"}
    assert stroke["hintKinds"] == ["reveal", "guide", "why"]
    for m in modes:  # a module is listed only when its package ships it (client/<id>.js)
        folder = registry.get(m["id"]).client_dir()
        exists = folder is not None and (folder / f"{m['id']}.js").is_file()
        assert (m["module"] is not None) == exists


def test_packs_list_shipped_levels_not_hidden_ones(client: TestClient) -> None:
    r = client.get("/api/modes/stroke/packs")  # CLI name works as well as the id
    assert r.status_code == 200
    data = r.json()
    assert data["mode"] == STROKE
    mode = registry.get(STROKE)
    files = mode.shipped_pack_files()
    assert len(data["packs"]) == len(files)
    ids = [lv["id"] for p in data["packs"] for lv in p["levels"]]
    assert "demo" not in ids
    first = data["packs"][0]["levels"][0]
    assert first == {
        "id": "1-1",
        "index": 1,
        "caption": "从一个数字滑到邻格 / Slide from a number to the next cell",
    }
    for p in data["packs"]:
        assert [lv["index"] for lv in p["levels"]] == list(range(1, len(p["levels"]) + 1))


@pytest.mark.parametrize("mode", [m.id for m in registry.all_modes()])
def test_every_mode_serves_its_first_level(client: TestClient, mode: str) -> None:
    packs = client.get(f"/api/modes/{mode}/packs").json()["packs"]
    if not packs:
        pytest.skip(f"{mode} ships no pack yet")
    lid = packs[0]["levels"][0]["id"]
    r = client.get(f"/api/modes/{mode}/levels/{lid}")
    assert r.status_code == 200
    assert r.json()["id"] == lid
    r = client.post(f"/api/modes/{mode}/levels/{lid}/check", json={"moves": []})
    assert r.status_code == 200, r.text


# ---- level views -----------------------------------------------------------------------
def test_level_view_is_the_modes_view(tmp_path: Path) -> None:
    mode = registry.get(STROKE)
    _, level = mode.find_level("1-1")
    # a store of its own: other tests on this worker report plays of 1-1
    view = stroke_view(TestClient(create_app(data_dir=tmp_path)), "1-1")
    rated = view.pop("rating")  # the server adds the level's rating (server/ratings)
    assert view == mode.view(level)
    assert rated["plays"] == 0 and rated["value"] >= 1000


def test_hidden_demo_is_reachable_by_id(client: TestClient) -> None:
    v = stroke_view(client, "demo")
    assert v["n"] == 15
    assert v["solution"] == list("slmjhBdecbaAfgi")
    big = [c for c in v["cells"] if len(c["units"]) == 4]
    assert {c["id"] for c in big} == {"A", "B"}


@pytest.mark.parametrize(
    ("url", "code"),
    [
        ("/api/modes/nope/packs", "unknown-mode"),
        ("/api/modes/nope/levels/1-1", "unknown-mode"),
        (f"/api/modes/{STROKE}/levels/99-99", "unknown-level"),
        ("/api/nothing", "not-found"),
    ],
)
def test_unknown_things_are_404_with_a_message(client: TestClient, url: str, code: str) -> None:
    r = client.get(url)
    assert r.status_code == 404
    body = r.json()
    assert body["error"] == code
    assert body["message"] and "\n" not in body["message"]


# ---- check -------------------------------------------------------------------------------
def test_check_replays_the_solution_to_cleared(client: TestClient) -> None:
    v = stroke_view(client, "demo")
    r = client.post(
        f"/api/modes/{STROKE}/levels/demo/check", json={"moves": path_moves(v["solution"])}
    )
    assert r.status_code == 200
    state = r.json()
    assert state["cleared"] is True
    assert state["remaining"] == 0
    assert state["steps"]["B"] == 6


def test_check_demo_wrong_move_gives_b_a_red_8(client: TestClient) -> None:
    moves = path_moves(list("slmjighB"))
    r = client.post(f"/api/modes/{STROKE}/levels/demo/check", json={"moves": moves})
    assert r.status_code == 200
    conflicts = r.json()["conflicts"]
    assert {"cell": "B", "step": 8, "code": "clue-step", "clue": 6} in conflicts
    r = client.post(f"/api/modes/{STROKE}/levels/demo/check", json={"moves": [*moves, "rewind j"]})
    assert r.json()["conflicts"] == []


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "moves"),
        ({"moves": "start s"}, "moves"),
        ({"moves": ["start s", 3]}, "moves.1"),
        ({"moves": [], "extra": 1}, "extra"),
        ({"moves": None}, "moves"),
        ([], "body"),
    ],
)
def test_malformed_body_is_422_naming_the_field(
    client: TestClient, body: object, field: str
) -> None:
    r = client.post(f"/api/modes/{STROKE}/levels/demo/check", json=body)
    assert r.status_code == 422
    data = r.json()
    assert data["error"] == "invalid-request"
    assert data["field"] == field
    assert field in data["message"]


def test_not_json_is_422(client: TestClient) -> None:
    r = client.post(
        f"/api/modes/{STROKE}/levels/demo/check",
        content=b"{nope",
        headers={"Content-Type": "application/json"},
    )
    assert r.status_code == 422
    assert r.json()["error"] == "invalid-request"


@pytest.mark.parametrize(
    ("moves", "words"),
    [
        (["start l"], "move 1 'start l'"),
        (["start s", "add m"], "move 2 'add m'"),
        (["start s", "fly l"], "unknown move"),
        (["rewind s"], "not on the path"),
        (["start s", "x" * 100], "longer than"),
    ],
)
def test_illegal_move_is_422_naming_the_move(
    client: TestClient, moves: list[str], words: str
) -> None:
    r = client.post(f"/api/modes/{STROKE}/levels/demo/check", json={"moves": moves})
    assert r.status_code == 422
    data = r.json()
    assert data["error"] == "illegal-move"
    assert words in data["message"]


# ---- hints -------------------------------------------------------------------------------
def test_reveal_and_guide_hints(client: TestClient) -> None:
    url = f"/api/modes/{STROKE}/levels/demo/hint"
    r = client.post(url, json={"moves": [], "kind": "reveal"})
    assert r.json() == {"mode": STROKE, "kind": "reveal", "cell": "a", "step": 11}
    r = client.post(url, json={"moves": [], "kind": "guide"})
    assert r.json() == {"mode": STROKE, "kind": "guide", "action": "next", "cell": "l"}
    r = client.post(url, json={"moves": path_moves(list("slmji")), "kind": "guide"})
    assert r.json() == {"mode": STROKE, "kind": "guide", "action": "rewind", "cell": "j"}


def test_unknown_hint_kind_is_422(client: TestClient) -> None:
    r = client.post(f"/api/modes/{STROKE}/levels/demo/hint", json={"moves": [], "kind": "solve-it"})
    assert r.status_code == 422
    assert r.json()["field"] == "kind"
    r = client.post(f"/api/modes/{STROKE}/levels/demo/hint", json={"moves": []})
    assert r.status_code == 422
    assert r.json()["field"] == "kind"


# ---- never a 500 -------------------------------------------------------------------------
def test_unexpected_errors_answer_json_not_500(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    mode = registry.get(STROKE)

    def boom(*_: object) -> None:
        raise RuntimeError("engine exploded")

    monkeypatch.setattr(mode, "replay", boom)
    r = client.post(f"/api/modes/{STROKE}/levels/demo/check", json={"moves": []})
    assert r.status_code == 503
    assert r.json() == {"error": "internal", "message": "RuntimeError: engine exploded"}


_WORDS = st.sampled_from(
    ["start", "add", "rewind", "reset", "reveal", "fly", "", " ", "s", "l", "B", "0", "15", "-1"]
)
_MOVE = st.one_of(
    st.lists(_WORDS, min_size=1, max_size=4).map(" ".join),
    st.text(max_size=12),
)


@settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(moves=st.lists(_MOVE, max_size=12), kind=st.sampled_from(["reveal", "guide", "x"]))
def test_fuzz_play_routes_never_fail(client: TestClient, moves: list[str], kind: str) -> None:
    for url, body in (
        (f"/api/modes/{STROKE}/levels/demo/check", {"moves": moves}),
        (f"/api/modes/{STROKE}/levels/demo/hint", {"moves": moves, "kind": kind}),
    ):
        r = client.post(url, json=body)
        assert r.status_code in (200, 422), (r.status_code, r.text)
        assert isinstance(r.json(), dict)


_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=8),
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@settings(
    max_examples=120, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
@given(
    body=_JSON,
    mode=st.sampled_from([STROKE, "stroke", "zz", "%2e%2e"]),
    level=st.text(
        alphabet=st.characters(min_codepoint=33, max_codepoint=0x2FF, blacklist_characters="/?#%"),
        min_size=1,
        max_size=6,
    ),
)
@example(body={}, mode=STROKE, level=".")
@example(body={}, mode=STROKE, level="..")
def test_fuzz_any_body_any_path_never_fails(
    client: TestClient, body: object, mode: str, level: str
) -> None:
    # "." and ".." are dot segments that URL clients (httpx, browsers) remove before
    # sending (RFC 3986 §5.2.4): escape the dots so the server sees the level id asked for
    level = quote(level, safe="").replace(".", "%2E")
    for verb in ("check", "hint"):
        r = client.post(f"/api/modes/{mode}/levels/{level}/{verb}", json=body)
        assert r.status_code in (200, 404, 422), (r.status_code, r.text)
    r = client.get(f"/api/modes/{mode}/levels/{level}")
    assert r.status_code in (200, 404)


# ---- schema and static client ------------------------------------------------------------
def test_openapi_describes_the_routes(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    paths = spec["paths"]
    for p in (
        "/api/modes",
        "/api/modes/{mode}/packs",
        "/api/modes/{mode}/levels/{level_id}",
        "/api/modes/{mode}/levels/{level_id}/check",
        "/api/modes/{mode}/levels/{level_id}/hint",
    ):
        assert p in paths
    assert "MovesBody" in spec["components"]["schemas"]
    assert "HintBody" in spec["components"]["schemas"]


def test_index_and_client_files_are_served(client: TestClient) -> None:
    r = client.get("/")
    assert r.status_code == 200
    assert re.search(r'"/static/(v/\w+/)?shell/main\.js"', r.text)  # versioned: test_static_cache
    for path in ("/static/shell/main.js", "/static/shell.css", f"/static/modes/{STROKE}.js"):
        r = client.get(path)
        assert r.status_code == 200, path


def test_client_fetches_nothing_from_outside(client: TestClient) -> None:
    allowed = {"http://www.w3.org/2000/svg"}
    for rel, source in client_tree().items():  # the server's folder, every mode's, the made
        if not rel.endswith((".js", ".css", ".html")):
            continue
        urls = set(re.findall(r"https?://[^\s\"'`)]+", source.bytes().decode("utf-8")))
        assert urls <= allowed, f"{rel} refers to {urls - allowed}"
