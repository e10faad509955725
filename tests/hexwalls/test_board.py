"""Hex geometry (adjacency, edges, vertices, turning order) and the strict level parser."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.hexwalls.board import (
    adjacent,
    board_of,
    centre,
    edge,
    edge_ends,
    is_vertex,
    neighbours,
    parse_level,
    turn_cycle,
    vertex,
    vertex_point,
)

TRI = [{"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}]


def test_six_neighbours_at_unit_distance() -> None:
    c = centre((2, -1))
    for h in neighbours((2, -1)):
        x, y = centre(h)
        assert math.isclose(math.hypot(x - c[0], y - c[1]), math.sqrt(3))
        assert adjacent((2, -1), h) and adjacent(h, (2, -1))
    assert not adjacent((0, 0), (1, 1)) and not adjacent((0, 0), (0, 0))
    assert not adjacent((0, 0), (2, 0))


def test_edge_and_vertex_are_order_free() -> None:
    assert edge((3, 1), (2, 1)) == edge((2, 1), (3, 1)) == ((2, 1), (3, 1))
    assert vertex((1, 0), (0, 1), (0, 0)) == vertex((0, 0), (1, 0), (0, 1))
    assert is_vertex((0, 0), (0, -1), (1, -1)) and not is_vertex((0, 0), (1, 0), (1, 1))


def test_edge_ends_are_the_shared_corners() -> None:
    for h in neighbours((0, 0)):
        a, b = edge_ends(edge((0, 0), h))
        for p in (a, b):  # a corner is at distance 1 from both centres
            for c in ((0, 0), h):
                x, y = centre(c)
                assert math.isclose(math.hypot(p[0] - x, p[1] - y), 1.0)


@pytest.mark.parametrize("v", [vertex((0, 0), (1, 0), (0, 1)), vertex((0, 0), (0, -1), (1, -1))])
def test_turn_cycle_is_clockwise_120_degrees(v: Any) -> None:
    """Rotating the wall 120° clockwise on screen (y down) about the vertex lands on the next edge."""
    px, py = vertex_point(v)
    cyc = turn_cycle(v)
    for i, e in enumerate(cyc):
        a, b = edge_ends(e)
        far = a if math.hypot(a[0] - px, a[1] - py) > 0.5 else b  # the end away from the pivot
        dx, dy = far[0] - px, far[1] - py
        t = math.radians(120)
        rx, ry = dx * math.cos(t) - dy * math.sin(t), dx * math.sin(t) + dy * math.cos(t)
        na, nb = edge_ends(cyc[(i + 1) % 3])
        assert any(
            math.isclose(px + rx, q[0], abs_tol=1e-9) and math.isclose(py + ry, q[1], abs_tol=1e-9)
            for q in (na, nb)
        )


def test_board_walls_and_phases() -> None:
    lv, problems = parse_level(
        {
            "id": "t",
            "cells": TRI,
            "walls": [[[0, 1], [1, 0]]],
            "turners": [{"pivot": [[0, 0], [1, 0], [1, -1]], "at": [[0, 0], [1, 0]]}],
        }
    )
    assert lv is not None and not problems
    b = board_of(lv)
    assert b.adjmask == (0b110, 0b101, 0b011)
    assert b.openmask == (0b110, 0b001, 0b001)
    # the turner stands on 0,0|1,0 after 0 landings, then on edges with the off-board hex 1,-1
    assert not b.is_open(0, 1, 0) and b.is_open(0, 1, 1) and b.is_open(0, 1, 2)
    assert not b.is_open(0, 1, 3)


def _problems(raw_level: dict[str, Any]) -> list[str]:
    lv, problems = parse_level(raw_level)
    assert lv is None
    return [p.code for p in problems]


@pytest.mark.parametrize(
    ("change", "code"),
    [
        ({"walls": [[[0, 0], [5, 5]]]}, "wall-off-board"),
        ({"cells": [*TRI, {"q": 1, "r": 1}], "walls": [[[0, 0], [1, 1]]]}, "wall-not-adjacent"),
        ({"walls": [[[0, 0], [1, 0]], [[1, 0], [0, 0]]]}, "wall-twice"),
        (
            {
                "walls": [[[0, 0], [1, 0]]],
                "turners": [{"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[1, 0], [0, 0]]}],
            },
            "wall-twice",
        ),
        (
            {"turners": [{"pivot": [[0, 0], [1, 0], [2, 0]], "at": [[0, 0], [1, 0]]}]},
            "pivot-not-vertex",
        ),
        ({"turners": [{"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[0, 0], [0, 0]]}]}, "turner-at"),
        ({"turners": [{"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[0, 0], [1, -1]]}]}, "turner-at"),
        (
            {
                "turners": [
                    {"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[0, 0], [1, 0]]},
                    {"pivot": [[0, 1], [1, 0], [0, 0]], "at": [[0, 0], [0, 1]]},
                ]
            },
            "turner-twice",
        ),
        ({"cells": [*TRI, {"q": 0, "r": 0}]}, "cell-duplicate"),
        (
            {"cells": [{"id": "a", "q": 0, "r": 0}, {"id": "a", "q": 1, "r": 0}]},
            "cell-duplicate-id",
        ),
        ({"cells": [{"q": 0, "r": 0, "clue": 4}, {"q": 1, "r": 0}]}, "clue-range"),
        ({"cells": [{"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0, "clue": 1}]}, "clue-repeated"),
        ({"cells": [{"q": 0, "r": 0}, {"q": 2, "r": 0}]}, "board-disconnected"),
        ({"cells": [{"q": 0, "r": 0, "clue": "1"}]}, "json-type"),
        ({"cells": [{"q": True, "r": 0}]}, "json-type"),
        ({"walls": [[0, 0, 1, 0]]}, "json-type"),
        ({"turners": [{"pivot": [[0, 0]], "at": [[0, 0], [1, 0]]}]}, "json-type"),
        ({"turners": [{"pivot": [[0, 0], [1, 0], [0, 1]]}]}, "field-missing"),
        ({"colour": "red"}, "field-unknown"),
        ({"cells": [{"q": 0, "r": 0, "wall": 1}]}, "field-unknown"),
        ({"cells": []}, "level-no-cells"),
    ],
)
def test_each_format_rule_rejects(change: dict[str, Any], code: str) -> None:
    raw = {"id": "x", "cells": TRI, **change}
    assert code in _problems(raw)


def test_off_board_pivot_hexes_are_allowed() -> None:
    lv, problems = parse_level(
        {
            "id": "x",
            "cells": TRI,
            "turners": [{"pivot": [[1, 0], [1, -1], [0, 0]], "at": [[1, -1], [1, 0]]}],
        }
    )
    assert lv is not None and not problems


def test_validate_cli_names_file_level_and_item(tmp_path: Path) -> None:
    bad = {
        "mode": "03-hex-walls",
        "pack": 9,
        "title": "bad",
        "levels": [
            {"id": "9-1", "cells": TRI, "walls": [[[0, 0], [3, 0]]]},
            {
                "id": "9-2",
                "cells": TRI,
                "turners": [{"pivot": [[0, 0], [1, 0], [2, 0]], "at": [[0, 0], [1, 0]]}],
            },
            {"id": "9-1", "cells": TRI},
        ],
    }
    f = tmp_path / "bad.json"
    f.write_text(json.dumps(bad), encoding="utf-8")
    res = CliRunner().invoke(build_app(), ["hex", "validate", str(f)])
    assert res.exit_code == 1
    out = res.output
    assert (
        f"{f}: level 9-1: wall (0, 0)-(3, 0): hex (3, 0) is not a cell of the board [wall-off-board]"
        in out
    )
    assert "level 9-2: turner #1: pivot hexes" in out and "[pivot-not-vertex]" in out
    assert "level-duplicate-id" in out
    assert "Traceback" not in out
    f.write_text("{not json", encoding="utf-8")
    res = CliRunner().invoke(build_app(), ["hex", "validate", str(f)])
    assert res.exit_code == 2 and "not valid JSON" in res.output
