"""``POST /api/modes/{mode}/check-level``: every verdict, rule codes, the budget, bad bodies."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest
from editor_levels import (
    COWS,
    COWS_MULTIPLE,
    COWS_NONE,
    COWS_UNIQUE,
    HEX,
    HEX_BARE_UNIQUE,
    HEX_MULTIPLE,
    HEX_UNIQUE,
    HEX_WALLED_MULTIPLE,
    STROKE,
    STROKE_MULTIPLE,
    STROKE_NONE,
    STROKE_PARITY_REDUNDANT,
    STROKE_UNIQUE,
    sq,
    stroke_grid,
)
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.server.app import create_app
from puzzlesmith.server.checkworker import CheckPool


@pytest.fixture(scope="module")
def client() -> Iterator[TestClient]:
    app = create_app()
    yield TestClient(app, raise_server_exceptions=False)
    app.state.checker.close()


def check(client: TestClient, mode: str, level: Any, **extra: Any) -> dict[str, Any]:
    r = client.post(f"/api/modes/{mode}/check-level", json={"level": level, **extra})
    assert r.status_code == 200, r.text
    out: dict[str, Any] = r.json()
    return out


def codes(out: dict[str, Any]) -> list[str]:
    return [p["code"] for p in out["problems"]]


@pytest.mark.parametrize(
    ("mode", "level", "verdict"),
    [
        (STROKE, STROKE_UNIQUE, "unique"),
        (STROKE, STROKE_NONE, "none"),
        (STROKE, STROKE_MULTIPLE, "multiple"),
        (HEX, HEX_UNIQUE, "unique"),
        (HEX, HEX_MULTIPLE, "multiple"),
        (COWS, COWS_UNIQUE, "unique"),
        (COWS, COWS_NONE, "none"),
        (COWS, COWS_MULTIPLE, "multiple"),
    ],
)
def test_verdicts(client: TestClient, mode: str, level: Any, verdict: str) -> None:
    out = check(client, mode, level)
    assert out["verdict"] == verdict
    assert out["count"] == {"none": 0, "unique": 1, "multiple": 2}[verdict]
    assert out["publishable"] == (verdict == "unique")
    if verdict == "unique":
        assert out["grade"] and out["needs_guessing"] is False
        assert out["differ"] == []
    else:
        assert out["grade"] is None


@pytest.mark.parametrize(
    ("mode", "level"), [(STROKE, STROKE_MULTIPLE), (HEX, HEX_MULTIPLE), (COWS, COWS_MULTIPLE)]
)
def test_differ_cells_are_where_two_real_solutions_differ(
    client: TestClient, mode: str, level: Any
) -> None:
    out = check(client, mode, level)
    m = registry.get(mode)
    lv, _ = m.parse_level(level, "draft")
    a, b = (m.solution_cells(lv, s) for s in m.solve(lv, 2).solutions)
    assert out["differ"] and set(out["differ"]) == {
        k for k in a.keys() | b.keys() if a.get(k) != b.get(k)
    }


def test_parity_clue_that_adds_nothing_is_named_with_its_cell(client: TestClient) -> None:
    out = check(client, STROKE, STROKE_PARITY_REDUNDANT)
    assert out["verdict"] == "unique" and not out["publishable"]
    [p] = [p for p in out["problems"] if p["code"] == "parity-redundant"]
    assert p["cells"] == ["c"]


def test_hex_editor_level_without_walls_is_refused(client: TestClient) -> None:
    out = check(client, HEX, HEX_BARE_UNIQUE)
    assert out["verdict"] == "unique"
    assert "walls-missing" in codes(out) and not out["publishable"]


def test_hex_suggestions_lead_to_a_publishable_level(client: TestClient) -> None:
    """Issue #27 item 10: a suggestion is only offered when the level it makes passes every
    publish check. Before, the wall-less board was offered clues that made it unique and
    then unpublishable (walls-missing / walls-unneeded): a dead end."""
    assert check(client, HEX, HEX_MULTIPLE, suggest=2)["suggestions"] == []
    out = check(client, HEX, HEX_WALLED_MULTIPLE, suggest=2)
    assert out["suggestions"]
    for s in out["suggestions"]:
        cells = [
            {**c, "clue": s["clues"][c["id"]]}
            if c["id"] in s["clues"]
            else {k: v for k, v in c.items() if k != "clue"}
            for c in HEX_WALLED_MULTIPLE["cells"]
        ]
        adopted = check(client, HEX, {**HEX_WALLED_MULTIPLE, "cells": cells})
        assert adopted["verdict"] == "unique" and adopted["publishable"], adopted["problems"]


def test_stroke_suggestions_make_the_board_unique(client: TestClient) -> None:
    out = check(client, STROKE, STROKE_MULTIPLE, suggest=1)
    [s] = out["suggestions"]
    m = registry.get(STROKE)
    cells = [
        {**c, "clue": s["clues"][c["id"]]} if c["id"] in s["clues"] else c
        for c in STROKE_MULTIPLE["cells"]
    ]
    lv, _ = m.parse_level({**STROKE_MULTIPLE, "cells": cells}, "draft")
    assert m.solve(lv, 2).count == 1


@pytest.mark.parametrize(
    ("mode", "level", "code", "cells"),
    [
        (
            STROKE,
            {"id": "d", "cells": [sq("a", 0, 0), {**sq("b", 1, 0), "w": 3}]},
            "rect-size",
            ["b"],
        ),
        (
            STROKE,
            {
                "id": "d",
                "cells": [
                    sq("a", 0, 0),
                    {
                        "id": "b",
                        "x": 1,
                        "y": 0,
                        "w": 3,
                        "h": 2,
                        "shape": [[0, 0], [1, 1], [2, 0], [2, 1]],
                    },
                ],
            },
            "shape-catalogue",
            ["b"],
        ),
        (STROKE, {"id": "d", "cells": [sq("a", 0, 0), sq("b", 0, 0)]}, "cell-overlap", ["b", "a"]),
        (
            STROKE,
            {"id": "d", "cells": [sq("a", 0, 0, clue=1), sq("b", 1, 0, clue=1)]},
            "clue-repeated",
            ["b"],
        ),
        (STROKE, {"id": "d", "cells": [sq("a", 0, 0), sq("b", 2, 0)]}, "board-disconnected", ["b"]),
        (COWS, {"id": "d", "regions": ["AAB", "AAB"]}, "board-not-square", []),
        (
            COWS,
            {"id": "d", "regions": ["AAAAA", "AAAAA", "BBBBB", "CCCCC", "DDDDD"]},
            "region-count",
            [],
        ),
    ],
)
def test_load_rule_codes_with_cells(
    client: TestClient, mode: str, level: Any, code: str, cells: list[str]
) -> None:
    out = check(client, mode, level)
    assert out["verdict"] == "none" and not out["publishable"]
    [p] = [p for p in out["problems"] if p["code"] == code]
    assert p["message"]
    if cells:
        assert p["cells"] == cells


def test_a_level_without_an_id_is_checked_as_a_draft(client: TestClient) -> None:
    level = {k: v for k, v in STROKE_UNIQUE.items() if k != "id"}
    assert check(client, STROKE, level)["verdict"] == "unique"


def test_board_over_the_size_limit_is_too_large(client: TestClient) -> None:
    out = check(client, STROKE, stroke_grid(11, 10, {(0, 0): 1}))
    assert out["verdict"] == "too-large"
    assert codes(out) == ["too-large"] and "CLI" in out["problems"][0]["message"]
    out = check(client, COWS, {"id": "d", "regions": ["ABCDEFGHIJKLM"] + ["A" * 13] * 12})
    assert out["verdict"] == "too-large"


def test_check_over_the_time_budget_is_too_large_and_the_next_one_works(
    client: TestClient,
) -> None:
    # the big board's check takes ~15 ms of CPU (the worker loads every mode and the words
    # before its first budget, so the budget is the check's alone): 2 ms cannot hold it
    slow = CheckPool(size=1, seconds=0.002)
    state = client.app.state  # type: ignore[attr-defined]
    kept, state.checker = state.checker, slow  # the app's pool, swapped for this test
    try:
        slow.check(STROKE, STROKE_UNIQUE)  # spawn the worker outside the measured check
        big = stroke_grid(10, 10, {(0, 0): 1, (9, 9): 100, (4, 4): 37})
        out = check(client, STROKE, big)
        assert out["verdict"] == "too-large" and codes(out) == ["too-large"]
        slow.seconds = 10.0
        assert check(client, STROKE, STROKE_UNIQUE)["verdict"] == "unique"
    finally:
        state.checker = kept
        slow.close()


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({}, "level"),
        ({"level": [1, 2]}, "level"),
        ({"level": "x"}, "level"),
        ({"level": STROKE_UNIQUE, "suggest": 9}, "suggest"),
        ({"level": STROKE_UNIQUE, "extra": 1}, "extra"),
    ],
)
def test_malformed_bodies_name_the_field(client: TestClient, body: Any, field: str) -> None:
    r = client.post(f"/api/modes/{STROKE}/check-level", json=body)
    assert r.status_code == 422
    assert r.json()["field"] == field


def test_not_json_and_unknown_mode(client: TestClient) -> None:
    r = client.post(
        f"/api/modes/{STROKE}/check-level",
        content=b"{nope",
        headers={"content-type": "application/json"},
    )
    assert r.status_code == 422 and r.json()["field"] == "body"
    r = client.post("/api/modes/nope/check-level", json={"level": STROKE_UNIQUE})
    assert r.status_code == 404 and r.json()["error"] == "unknown-mode"


def test_every_worker_busy_answers_503_busy(client: TestClient) -> None:
    pool = CheckPool(size=1, seconds=0.05)
    state = client.app.state  # type: ignore[attr-defined]
    kept, state.checker = state.checker, pool
    held = pool._free.get()  # another designer's check holds the only worker
    try:
        r = client.post(f"/api/modes/{STROKE}/check-level", json={"level": STROKE_UNIQUE})
        assert r.status_code == 503 and r.json()["error"] == "busy"
    finally:
        state.checker = kept
        pool._free.put(held)
        pool.close()


def test_cows_check_sends_the_play_screens_region_colours(client: TestClient) -> None:
    from puzzlesmith.cows.board import board_of
    from puzzlesmith.cows.render import region_colours

    out = check(client, COWS, COWS_MULTIPLE)
    lv, _ = registry.get(COWS).parse_level(COWS_MULTIPLE, "draft")
    b = board_of(lv)
    assert out["extras"]["colours"] == dict(zip(b.letters, region_colours(b), strict=True))
    assert check(client, STROKE, STROKE_UNIQUE)["extras"] == {}
