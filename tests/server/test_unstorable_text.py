"""Issue #38 item 1: text no store can keep (a lone surrogate, NUL) is a 422 naming its
field on every route that takes a body, never a 5xx; the sweep reads the routes from
the OpenAPI schema, so a route added later is swept too."""

from __future__ import annotations

import json
import tempfile
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from puzzlesmith.server.app import create_app
from puzzlesmith.server.textguard import STORING

APP = create_app(data_dir=Path(tempfile.mkdtemp(prefix="puzzlesmith-text-")))
SPEC = APP.openapi()


def _resolve(schema: dict[str, Any]) -> dict[str, Any]:
    while "$ref" in schema:
        schema = SPEC["components"]["schemas"][schema["$ref"].rsplit("/", 1)[1]]
    return schema


def _string_paths(schema: dict[str, Any], path: tuple[str, ...] = ()) -> Iterator[tuple[str, ...]]:
    """Paths to every place a string can go (object keys as written, ``0`` for an item,
    ``k`` for a free key), through refs, unions, objects, arrays and free-form maps."""
    schema = _resolve(schema)
    for alt in schema.get("anyOf", []) + schema.get("oneOf", []):
        yield from _string_paths(alt, path)
    kind = schema.get("type")
    if kind == "string" or (not kind and not schema.get("anyOf") and "properties" not in schema):
        yield path
    for name, sub in schema.get("properties", {}).items():
        yield from _string_paths(sub, (*path, name))
    if isinstance(schema.get("items"), dict):
        yield from _string_paths(schema["items"], (*path, "0"))
    if isinstance(schema.get("additionalProperties"), dict):
        yield from _string_paths(schema["additionalProperties"], (*path, "k"))


def _body_at(path: tuple[str, ...], leaf: object) -> object:
    if not path:
        return leaf
    head, rest = path[0], path[1:]
    return [_body_at(rest, leaf)] if head == "0" else {head: _body_at(rest, leaf)}


def _cases() -> Iterator[tuple[str, str, tuple[str, ...]]]:
    for url, ops in SPEC["paths"].items():
        for method, op in ops.items():
            content = op.get("requestBody", {}).get("content", {})
            if "application/json" not in content:
                continue
            seen = set()
            for path in _string_paths(content["application/json"]["schema"]):
                if path and path not in seen:
                    seen.add(path)
                    yield method.upper(), url, path


CASES = list(_cases())


def _url(template: str) -> str:
    return (
        template.replace("{mode}", "04-cows")
        .replace("{level_id}", "01")
        .replace("{code}", "ABCDEF")
    )


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    with TestClient(APP) as c:
        yield c


def test_the_sweep_covers_every_route_with_a_body() -> None:
    swept = {(m, u) for m, u, _ in CASES}
    assert ("PUT", "/api/players/me/progress") in swept and ("POST", "/api/players") in swept
    assert len(swept) >= 20, sorted(swept)


@pytest.mark.parametrize(
    "spelling",
    [b'"a\\ud800"', b'"a\xed\xa0\x80"', b'"\\udfff b"', b'"a\\u0000"'],
    ids=["escaped-surrogate", "surrogate-bytes", "low-surrogate", "nul"],
)
def test_every_string_field_refuses_unstorable_text(client: TestClient, spelling: bytes) -> None:
    for method, url, path in CASES:
        if spelling == b'"a\\u0000"' and not STORING.match(url):
            continue  # NUL is refused where text reaches the store (PostgreSQL cannot keep it)
        marker = "\x01MARK\x01"
        body = (
            json.dumps(_body_at(path, marker))
            .encode()
            .replace(json.dumps(marker).encode(), spelling)
        )
        r = client.request(
            method, _url(url), content=body, headers={"content-type": "application/json"}
        )
        assert r.status_code == 422, (method, url, path, r.status_code, r.text)
        assert r.json()["field"] == ".".join(path), (method, url, r.json())
        assert r.json()["error"] == "bad-text"


def test_a_surrogate_in_an_object_key_is_named(client: TestClient) -> None:
    r = client.put("/api/players/me/progress", content=b'{"data":{"mode:\\ud800":"x"}}')
    assert r.status_code == 422 and r.json()["field"] == "data.mode:\\ud800", r.text


def test_nul_in_a_query_or_path_is_refused(client: TestClient) -> None:
    r = client.get("/api/community/04-cows", params={"sort": "new\x00"})
    assert r.status_code == 422 and r.json()["field"] == "sort", r.text
    r = client.get("/api/community/levels/AB%00CD")
    assert r.status_code == 422 and r.json()["field"] == "path", r.text


def test_nul_passes_where_only_the_engine_reads_it(client: TestClient) -> None:
    """The schema allows NUL in a move string; the engine refuses the move in its words."""
    r = client.post("/api/modes/04-cows/levels/01/check", json={"moves": ["a\x00"]})
    assert r.status_code < 500 and r.json()["error"] != "bad-text", r.text


def test_a_valid_pair_and_plain_text_pass(client: TestClient) -> None:
    """An emoji spelled as a surrogate pair is one valid character: the route decides."""
    r = client.post("/api/players", content='{"name":"小王\\ud83d\\ude00"}'.encode())
    assert r.json().get("error") != "bad-text", r.text
    r = client.post("/api/players", json={"name": "小王"})
    assert r.status_code == 201 and r.json()["name"] == "小王", r.text
