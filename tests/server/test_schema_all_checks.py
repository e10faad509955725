"""Issue #30 item 10: the OpenAPI schema matches what the routes do, by schemathesis with
every check (status codes documented, schema-valid requests accepted, schema-invalid
ones refused, ``Allow`` headers that agree with the routes, bodies that fit), bounded
in examples so the whole file runs in well under a minute."""

from __future__ import annotations

import tempfile
from pathlib import Path
from typing import Any

import schemathesis
import schemathesis.checks
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, settings

from puzzlesmith.server.app import create_app

APP = create_app()
SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", APP)
BOUNDED = settings(
    max_examples=8, deadline=None, suppress_health_check=list(HealthCheck), database=None
)


@SCHEMA.include(path_regex=r"^/api/(modes|achievements)(/|$)").parametrize()
@BOUNDED
def test_every_check_on_the_mode_and_level_routes(case: schemathesis.Case) -> None:
    case.call_and_validate(app=APP)


@SCHEMA.include(path_regex=r"^/api/codes(/|$)").parametrize()
@BOUNDED
def test_every_check_on_the_code_routes_but_one(case: schemathesis.Case) -> None:
    """A level code ends in a check character (a weighted sum, README "Level codes") that no
    schema can state, so a schema-valid random code is refused 400 ``bad-code``, rightly:
    that one check (schema-valid data accepted) is left out here, every other one runs."""
    case.call_and_validate(app=APP, excluded_checks=[schemathesis.checks.positive_data_acceptance])


def test_suggest_false_is_refused_as_the_schema_says() -> None:
    """Before: ``"suggest": false`` was taken as 0 although the schema says integer."""
    level: dict[str, Any] = {"id": "d", "regions": ["AB", "BA"]}
    r = TestClient(APP).post(
        "/api/modes/04-cows/check-level", json={"level": level, "suggest": False}
    )
    assert r.status_code == 422 and r.json()["field"] == "suggest"


@SCHEMA.include(path_regex=r"^/api/rooms(/|$)").parametrize()
@BOUNDED
def test_every_check_on_the_room_routes_but_one(case: schemathesis.Case) -> None:
    """Rooms need no prior state: a random body is a mode, level or code that does not
    exist (404/422, rightly, as for level codes), a random room code one that is not open
    (404); every status they answer — 429 for an address's share included — is documented."""
    case.call_and_validate(app=APP, excluded_checks=[schemathesis.checks.positive_data_acceptance])


def test_room_creation_documents_its_refusals() -> None:
    """``POST /api/rooms`` answers 429 past an address's share (and 400 for a body that is
    not JSON): both are in the schema."""
    documented = APP.openapi()["paths"]["/api/rooms"]["post"]["responses"]
    assert {"400", "429", "503"} <= set(documented), sorted(documented)


#: an app with a store of its own (a temporary data dir), for the routes that read one
STORED = create_app(data_dir=Path(tempfile.mkdtemp(prefix="puzzlesmith-schema-")))
STORED_SCHEMA = schemathesis.openapi.from_asgi("/openapi.json", STORED)


@STORED_SCHEMA.include(
    path_regex=r"^/api/(community/(published|levels)/|players/me$|players/me/progress$)",
    method="GET",
).parametrize()
@BOUNDED
def test_every_check_on_the_stored_reads_but_one(case: schemathesis.Case) -> None:
    """Reads that need no prior state: community levels and codes (none published: 404,
    a random code 400 as above), a player's own profile and progress without a token (401);
    their ``Allow`` headers name every method of the path (``GET`` and ``PATCH``).
    Schema-valid ids and codes name nothing here, so acceptance is left out as for codes."""
    case.call_and_validate(
        app=STORED, excluded_checks=[schemathesis.checks.positive_data_acceptance]
    )


def test_a_405_allows_every_method_the_schema_has_for_the_path() -> None:
    """Before: the methods of the first route that matched (``Allow: GET`` on a path that
    also has ``PATCH``; ``DELETE`` from ``/api/friends/{player_id}`` on ``/api/friends/stats``)."""
    client = TestClient(STORED)
    for method, path, allow in [
        ("OPTIONS", "/api/players/me", "GET, PATCH"),
        ("DELETE", "/api/players/me/progress", "GET, PUT"),
        ("OPTIONS", "/api/friends/stats", "GET"),
    ]:
        r = client.request(method, path)
        assert r.status_code == 405 and r.headers["allow"] == allow, (path, r.headers)
