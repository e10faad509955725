"""Issue #30 item 10: the OpenAPI schema matches what the routes do, by schemathesis with
every check (status codes documented, schema-valid requests accepted, schema-invalid
ones refused, ``Allow`` headers that agree with the routes, bodies that fit), bounded
in examples so the whole file runs in well under a minute."""

from __future__ import annotations

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
