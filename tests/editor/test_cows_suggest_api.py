"""Issue #40 item 1: the editor's check-level route suggests region edits for a Cows board,
from the same engine as ``cows design --suggest`` (cows/design.py through Mode.suggest)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from editor_levels import COWS, COWS_MULTIPLE, COWS_UNIQUE
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.server.app import create_app


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app()
    yield TestClient(app, raise_server_exceptions=False)
    app.state.checker.close()


def check(client: TestClient, level: Any, **extra: Any) -> dict[str, Any]:
    r = client.post(f"/api/modes/{COWS}/check-level", json={"level": level, **extra})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def test_a_non_unique_board_gets_region_edits_that_make_it_unique(client: TestClient) -> None:
    out = check(client, COWS_MULTIPLE, suggest=2)
    assert out["verdict"] == "multiple"
    assert 1 <= len(out["suggestions"]) <= 2
    mode = registry.get(COWS)
    lv, _ = mode.parse_level(COWS_MULTIPLE, "draft")
    # the same code as the CLI: the engine's own first suggestions, in its order
    assert out["suggestions"] == mode.suggest(lv, len(out["suggestions"]))
    for s in out["suggestions"]:
        adopted = check(client, {**COWS_MULTIPLE, "regions": s["regions"]})
        assert adopted["verdict"] == "unique" and adopted["publishable"], adopted
        assert s["cells"] and all(m["cell"] in s["cells"] for m in s["moves"])
        assert s["words"]["zh"].startswith("移动 ") and s["words"]["en"].startswith("move ")
        assert s["grade"] == adopted["grade"]


def test_no_suggestions_unless_asked_or_needed(client: TestClient) -> None:
    assert check(client, COWS_MULTIPLE)["suggestions"] == []
    assert check(client, COWS_UNIQUE, suggest=3)["suggestions"] == []
