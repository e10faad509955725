"""Typed API payloads: every mode's view, check and hint answers match their models and
``/openapi.json`` (schemathesis validates real responses against the published schema)."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
import schemathesis.checks
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings
from pydantic import BaseModel, TypeAdapter, ValidationError

from puzzlesmith.core import registry
from puzzlesmith.core.codes import encode_level
from puzzlesmith.server.app import create_app
from puzzlesmith.server.catalog import catalog, level_of
from puzzlesmith.server.payloads import (
    MODELS,
    AnyHint,
    AnyState,
    AnyView,
    Hint,
    State,
    View,
)

APP = create_app()
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
BASE = "/api/modes/{mode}/levels/{level_id}"


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(APP, raise_server_exceptions=False)


def undeclared(value: Any, where: str = "$") -> Iterator[str]:
    """Paths of fields a model let through without declaring them (``extra="allow"``)."""
    if isinstance(value, BaseModel):
        for key in value.model_extra or {}:
            yield f"{where}.{key}"
        for name in type(value).model_fields:
            yield from undeclared(getattr(value, name), f"{where}.{name}")
    elif isinstance(value, list):
        for i, item in enumerate(value):
            yield from undeclared(item, f"{where}[{i}]")
    elif isinstance(value, dict):
        for key, item in value.items():
            yield from undeclared(item, f"{where}.{key}")


def canonical(engine: dict[str, Any], sent: str) -> str:
    """The engine's JSON in the key order of ``sent``, serialised as the API does."""
    order = json.loads(sent)

    def sort(value: Any, like: Any) -> Any:
        if isinstance(value, dict) and isinstance(like, dict):
            keys = [k for k in like if k in value] + [k for k in value if k not in like]
            return {k: sort(value[k], like.get(k)) for k in keys}
        if isinstance(value, list) and isinstance(like, list) and len(value) == len(like):
            return [sort(v, w) for v, w in zip(value, like, strict=True)]
        return value

    return json.dumps(sort(engine, order), ensure_ascii=False, separators=(",", ":"))


def validated(adapter: TypeAdapter[Any], case: schemathesis.Case, r: Any) -> None:
    """The response is 200, fits the OpenAPI schema, and its model declares every field."""
    assert r.status_code == 200, r.text
    case.validate_response(r)
    assert list(undeclared(adapter.validate_python(r.json()))) == []


def positions(client: TestClient, url: str, mode_id: str, view: dict[str, Any]) -> list[list[str]]:
    """Empty, half-way, solved, and a wrong position with conflicts (the one place the
    test names move formats)."""
    sol = view["solution"]
    if mode_id == "04-cows":
        moves = [f"cow {r} {c}" for r, c in enumerate(sol)]
        wrong = ["cow 0 0", "cow 0 1", "mark 1 0"]  # two cows in a row, touching
    else:
        moves = [f"start {sol[0]}"] + [f"add {c}" for c in sol[1:]]
        wrong = moves[:1]  # a walk that leaves the solution wherever it can
        path = [sol[0]]
        while len(path) < len(sol):
            options = [c for c in view["adjacency"][path[-1]] if c not in path]
            options.sort(key=lambda c: c == sol[len(path)])
            ok = [c for c in options if _legal(client, url, [*wrong, f"add {c}"])]
            if not ok:
                break
            path.append(ok[0])
            wrong.append(f"add {ok[0]}")
    return [[], moves[: len(moves) // 2], wrong, moves]


def _legal(client: TestClient, url: str, moves: list[str]) -> bool:
    return client.post(url + "/check", json={"moves": moves}).status_code == 200


#: the modes that declare typed models (others answer through the generic AnyView/AnyState/
#: AnyHint, tests/core/test_tinymode.py): their every field is described in /openapi.json
TYPED = [m.id for m in registry.all_modes() if m.id in MODELS]


def test_the_shipped_modes_have_typed_models_and_others_the_generic_ones() -> None:
    """Typed models are kept for the shipped modes; a mode without them (tests/core/
    test_tinymode.py plays one over the API) is answered through the generic models."""
    assert set(MODELS) <= {m.id for m in registry.all_modes()}
    for adapter, generic in ((View, AnyView), (State, AnyState), (Hint, AnyHint)):
        fields = {"id": "1-1", "cleared": True, "kind": "next", "lamps": "01"}
        other = TypeAdapter(adapter).validate_python({"mode": "90-new", **fields})
        assert type(other) is generic and (other.model_extra or {})["lamps"] == "01"
        with pytest.raises(ValidationError):  # a typed mode never falls back to them
            TypeAdapter(adapter).validate_python({"mode": "04-cows", **fields})


def test_openapi_names_the_payload_unions(client: TestClient) -> None:
    spec = client.get("/openapi.json").json()
    for path, kind in (("", "View"), ("/check", "State"), ("/hint", "Hint")):
        verb = "get" if not path else "post"
        body = spec["paths"][BASE + path][verb]["responses"]["200"]["content"]
        schema = body["application/json"]["schema"]
        refs = [s.get("$ref", "inline").rsplit("/", 1)[-1] for s in schema["oneOf"]]
        assert len(refs) == len(MODELS) + 1 and refs[-1] == f"Any{kind}", (kind, refs)
        # the generic branch excludes the typed modes, so an answer fits one branch only
        generic = spec["components"]["schemas"][refs[-1]]["properties"]["mode"]
        assert generic["not"] == {"enum": sorted(MODELS)}


@pytest.mark.parametrize("mode", TYPED)
def test_every_level_view_matches_the_schema(client: TestClient, mode: str) -> None:
    m = registry.get(mode)
    adapter: TypeAdapter[Any] = TypeAdapter(View)
    op = SCHEMA[BASE]["GET"]
    ids = [lv.id for p in catalog(m).listed for lv in p.levels]
    ids += [lv.id for f in m.hidden_pack_files() for lv in m.load_file(f).levels]
    for level_id in ids:
        case = op.Case(path_parameters={"mode": mode, "level_id": level_id})
        r = case.call(app=APP)
        validated(adapter, case, r)
        # the model changes nothing on the way: same keys, same values, ints stay ints
        # (the server adds the level's rating now, server/ratings)
        rated = {**m.view(level_of(m, level_id)), "rating": r.json()["rating"]}
        assert set(r.json()["rating"]) == {"value", "deviation", "plays"}
        assert r.text == canonical(rated, r.text)


@pytest.mark.parametrize("mode", TYPED)
def test_check_and_hint_answers_match_the_schema(client: TestClient, mode: str) -> None:
    m = registry.get(mode)
    state, hint = TypeAdapter(State), TypeAdapter(Hint)
    check_op, hint_op = SCHEMA[BASE + "/check"]["POST"], SCHEMA[BASE + "/hint"]["POST"]
    seen_kinds: set[str] = set()
    conflicts = 0
    for p in catalog(m).listed[:2]:
        for lv in p.levels[:3]:
            params = {"mode": mode, "level_id": lv.id}
            view = client.get(BASE.format(**params)).json()
            url = BASE.format(**params)
            found = positions(client, url, mode, view)
            for position in found:
                case = check_op.Case(path_parameters=params, body={"moves": position})
                r = case.call(app=APP)
                validated(state, case, r)
                assert r.json()["mode"] == mode
                conflicts += len(r.json()["conflicts"])
                for kind in m.hint_kinds:
                    body = {"moves": position, "kind": kind}
                    case = hint_op.Case(path_parameters=params, body=body)
                    r = case.call(app=APP)
                    validated(hint, case, r)
                    seen_kinds.add(r.json()["kind"])
            assert client.post(url + "/check", json={"moves": found[-1]}).json()["cleared"]
    assert conflicts  # the wrong positions reach the conflict payloads
    assert len(seen_kinds) > 1  # ... and more than one kind of hint


# the routes whose answers are typed here (levels, play, modes); a router that types its
# answers and documents its errors joins by widening this pattern
@SCHEMA.include(path_regex=r"^/api/(modes|codes)(/|$)").parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck), database=None)
def test_schemathesis_fuzz_conforms(case: schemathesis.Case) -> None:
    """Random requests to every route: no 500, and whatever comes back fits the schema.

    A schema-valid request may still name an unknown level, an illegal move or a code with
    a wrong check character: its 400/422 is right, so that one check is left out."""
    case.call_and_validate(app=APP, excluded_checks=[schemathesis.checks.positive_data_acceptance])


@pytest.mark.parametrize("mode", [m for m in TYPED if registry.get(m).capabilities.codes])
def test_level_code_answers_match_the_schema(client: TestClient, mode: str) -> None:
    """The code routes answer the same typed view, state and hint as the level routes."""
    m = registry.get(mode)
    lv = catalog(m).listed[0].levels[0]
    code = encode_level(m, lv)
    view_op = SCHEMA["/api/codes/{code}"]["GET"]
    case = view_op.Case(path_parameters={"code": code})
    r = case.call(app=APP)
    assert r.status_code == 200, r.text
    case.validate_response(r)
    assert r.json()["mode"] == mode
    assert list(undeclared(TypeAdapter(View).validate_python(r.json()["level"]))) == []
    moves = positions(client, f"/api/codes/{code}", mode, r.json()["level"])[-1]
    case = SCHEMA["/api/codes/{code}/check"]["POST"].Case(
        path_parameters={"code": code}, body={"moves": moves}
    )
    r = case.call(app=APP)
    validated(TypeAdapter(State), case, r)
    assert r.json()["cleared"]
    body = {"moves": moves[:1], "kind": m.hint_kinds[0]}
    case = SCHEMA["/api/codes/{code}/hint"]["POST"].Case(path_parameters={"code": code}, body=body)
    validated(TypeAdapter(Hint), case, case.call(app=APP))
