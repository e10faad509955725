"""Boards turned or mirrored share one key (8 square symmetries, 12 hex ones); edits do not."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from editor_levels import COWS, HEX, STROKE
from fastapi.testclient import TestClient

from puzzlesmith.core import registry
from puzzlesmith.server.app import create_app

Pt = tuple[int, int]


def square_maps() -> list[Callable[[int, int], Pt]]:
    rots: list[Callable[[int, int], Pt]] = [
        lambda x, y: (x, y),
        lambda x, y: (-y, x),
        lambda x, y: (-x, -y),
        lambda x, y: (y, -x),
    ]
    return [*rots, *[mirrored(g) for g in rots]]


def mirrored(g: Callable[[int, int], Pt]) -> Callable[[int, int], Pt]:
    return lambda x, y: g(-x, y)


def hex_maps() -> list[Callable[[int, int], Pt]]:
    out: list[Callable[[int, int], Pt]] = []
    for mirror in (False, True):
        for k in range(6):

            def f(q: int, r: int, k: int = k, mirror: bool = mirror) -> Pt:
                x, z = q, r
                y = -x - z
                if mirror:
                    y, z = z, y
                for _ in range(k):
                    x, y, z = -z, -x, -y
                return (x, z)

            out.append(f)
    return out


def turn_stroke(raw: dict[str, Any], f: Callable[[int, int], Pt]) -> dict[str, Any]:
    cells = []
    for c in raw["cells"]:
        offs = c.get("shape") or [[dx, dy] for dy in range(c["h"]) for dx in range(c["w"])]
        units = [f(c["x"] + dx, c["y"] + dy) for dx, dy in offs]
        x, y = min(u[0] for u in units), min(u[1] for u in units)
        w, h = max(u[0] for u in units) - x + 1, max(u[1] for u in units) - y + 1
        cell = {k: v for k, v in c.items() if k in ("id", "clue", "parity")}
        cell.update(x=x, y=y, w=w, h=h)
        if "shape" in c:
            cell["shape"] = [[ux - x, uy - y] for ux, uy in units]
        cells.append(cell)
    return {"id": "draft", "cells": cells}


def turn_hex(raw: dict[str, Any], f: Callable[[int, int], Pt]) -> dict[str, Any]:
    def h(p: list[int]) -> list[int]:
        return list(f(p[0], p[1]))

    return {
        "id": "draft",
        "cells": [
            {**c, **dict(zip(("q", "r"), f(c["q"], c["r"]), strict=True))} for c in raw["cells"]
        ],
        "walls": [[h(a), h(b)] for a, b in raw.get("walls", [])],
        "turners": [
            {"pivot": [h(p) for p in t["pivot"]], "at": [h(p) for p in t["at"]]}
            for t in raw.get("turners", [])
        ],
    }


def turn_cows(raw: dict[str, Any], f: Callable[[int, int], Pt]) -> dict[str, Any]:
    n = len(raw["regions"])
    pts = {f(c, r): raw["regions"][r][c] for r in range(n) for c in range(n)}
    x0, y0 = min(p[0] for p in pts), min(p[1] for p in pts)
    rows = ["".join(pts[(x0 + c, y0 + r)] for c in range(n)) for r in range(n)]
    return {"id": "draft", "regions": rows}


CASES = {
    STROKE: (turn_stroke, square_maps()),
    HEX: (turn_hex, hex_maps()),
    COWS: (turn_cows, square_maps()),
}


def shipped(mode_id: str, k: int = 4) -> list[Any]:
    return registry.get(mode_id).shipped_packs()[-1].levels[:k]


@pytest.mark.parametrize("mode_id", list(CASES))
def test_every_symmetry_gives_the_same_key(mode_id: str) -> None:
    mode = registry.get(mode_id)
    turn, maps = CASES[mode_id]
    assert len(maps) == (12 if mode_id == HEX else 8)
    for lv in shipped(mode_id):
        key = mode.symmetry_key(lv)
        for f in maps:
            turned, problems = mode.parse_level(turn(mode.dump_level(lv), f), "draft")
            assert turned is not None, [p.line() for p in problems]
            assert mode.symmetry_key(turned) == key


@pytest.mark.parametrize("mode_id", list(CASES))
def test_shipped_levels_have_distinct_keys(mode_id: str) -> None:
    mode = registry.get(mode_id)
    levels = [lv for p in mode.shipped_packs() for lv in p.levels]
    keys = {mode.symmetry_key(lv) for lv in levels}
    assert len(keys) == len(levels)


@pytest.fixture(scope="module")
def client() -> TestClient:
    return TestClient(create_app(), raise_server_exceptions=False)


@pytest.mark.parametrize("mode_id", list(CASES))
def test_a_turned_shipped_level_is_refused_by_the_editor_check(
    client: TestClient, mode_id: str
) -> None:
    mode = registry.get(mode_id)
    turn, maps = CASES[mode_id]
    lv = shipped(mode_id, 1)[0]
    raw = turn(mode.dump_level(lv), maps[-1])
    out = client.post(f"/api/modes/{mode_id}/check-level", json={"level": raw}).json()
    assert out["verdict"] == "unique"
    [p] = [p for p in out["problems"] if p["code"] == "duplicate-shipped"]
    assert lv.id in p["message"] and not out["publishable"]
