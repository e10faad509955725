"""StrokeMode: packs, publish checks, view, design aids and render."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from typing import Any

import pytest

from puzzlesmith.core import registry
from puzzlesmith.core.cluerules import SuggestRules
from puzzlesmith.core.errors import LevelFormatError
from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, board_of, parse_level
from puzzlesmith.stroke.design import removable_clues, suggest_clue_sets
from puzzlesmith.stroke.render import outline, render_svg
from puzzlesmith.stroke.solver import search


def lv(cells: list[dict[str, Any]], lid: str = "t") -> Level:
    level, problems = parse_level({"id": lid, "cells": cells})
    assert level is not None, problems
    return level


def grid(w: int, h: int, **extra: dict[str, Any]) -> Level:
    return lv(
        [
            {"id": f"{x}{y}", "x": x, "y": y, "w": 1, "h": 1, **extra.get(f"c{x}{y}", {})}
            for y in range(h)
            for x in range(w)
        ]
    )


def test_registered_under_every_name() -> None:
    for name in ("01-number-stroke", "stroke", "number-stroke"):
        assert registry.get(name) is MODE


def test_pack_round_trip() -> None:
    for path in MODE.shipped_pack_files() + MODE.hidden_pack_files():
        raw = json.loads(path.read_text(encoding="utf-8"))
        pack = MODE.parse_pack(raw, str(path))
        again = MODE.parse_pack(MODE.dump_pack(pack), "again")
        assert again.levels == pack.levels
        assert MODE.dump_pack(pack)["levels"] == raw["levels"]


def test_parse_pack_reports_every_problem_with_the_file() -> None:
    raw = {
        "mode": "01-number-stroke",
        "pack": 1,
        "title": "x",
        "levels": [
            {"id": "a", "cells": []},
            {"id": "a", "cells": [{"id": "q", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 2}]},
        ],
    }
    with pytest.raises(LevelFormatError) as info:
        MODE.parse_pack(raw, "f.json")
    lines = [p.line() for p in info.value.problems]
    assert lines == [
        "f.json: level a: level: level has no cells [level-no-cells]",
        "f.json: level a: cell q: clue 2 is outside 1..1 [clue-range]",
        "f.json: level a: level id 'a' used twice [level-duplicate-id]",
    ]


def test_shipped_packs_all_valid() -> None:
    """Every shipped level loads, is unique, and has only necessary parity clues."""
    packs = MODE.shipped_packs()
    assert packs, "no shipped packs"
    ids = [level.id for pack in packs for level in pack.levels]
    assert len(ids) == len(set(ids))
    for pack in packs:
        for level in pack.levels:
            errors = [p.line() for p in MODE.check(level) if p.severity == "error"]
            assert errors == [], errors
            result = MODE.solve(level)
            assert result.count == 1 and result.complete


def test_check_codes() -> None:
    assert [p.code for p in MODE.check(grid(3, 1))] == ["not-unique"]
    none = grid(3, 1, c00={"clue": 1}, c20={"clue": 2})
    assert [p.code for p in MODE.check(none)] == ["no-solution"]

    # a triangle: wide cell A over b and c; from b (clue 1) go A c or c A
    def tri(**extra: dict[str, Any]) -> Level:
        return lv(
            [
                {"id": "A", "x": 0, "y": 0, "w": 2, "h": 1, **extra.get("A", {})},
                {"id": "b", "x": 0, "y": 1, "w": 1, "h": 1, "clue": 1},
                {"id": "c", "x": 1, "y": 1, "w": 1, "h": 1, **extra.get("c", {})},
            ]
        )

    assert [p.code for p in MODE.check(tri())] == ["not-unique"]
    needed = tri(A={"parity": "even"})
    assert [p.code for p in MODE.check(needed) if p.severity == "error"] == []
    redundant = tri(A={"parity": "even"}, c={"parity": "odd"})
    problems = [p for p in MODE.check(redundant) if p.severity == "error"]
    assert [(p.code, p.cells) for p in problems] == [
        ("parity-redundant", ("A",)),
        ("parity-redundant", ("c",)),
    ]
    assert problems[0].line() == (
        "level t: cell A: parity clue even is not needed: without it the level is still "
        "unique [parity-redundant]"
    )


def test_needs_guessing_is_only_a_warning() -> None:
    pytest.importorskip("puzzlesmith.stroke.logic")
    level = MODE.find_level("demo")[1]
    for p in MODE.check(level):
        if p.code == "needs-guessing":
            assert p.severity == "warning"


def test_view_of_a_shaped_cell_lists_its_real_units() -> None:
    level = lv(
        [
            {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
            {"id": "L", "x": 1, "y": 0, "w": 2, "h": 2, "shape": [[0, 0], [0, 1], [1, 1]]},
            {"id": "b", "x": 2, "y": 0, "w": 1, "h": 1},
        ]
    )
    view = MODE.view(level)
    cells = {c["id"]: c for c in view["cells"]}
    assert sorted(map(tuple, cells["L"]["units"])) == [(1, 0), (1, 1), (2, 1)]
    assert view["adjacency"] == {"a": ["L"], "L": ["a", "b"], "b": ["L"]}
    assert view["start"] == "a" and view["solution"] == ["a", "L", "b"]
    assert view["bounds"] == {"x": 0, "y": 0, "w": 3, "h": 2}


# ---- design ---------------------------------------------------------------------------------


def test_minimize_lists_singly_removable_clues() -> None:
    level = grid(3, 1, c00={"clue": 1}, c10={"clue": 2}, c20={"clue": 3})
    # any one of the three can go (the other two still fix the row's direction)
    assert removable_clues(level) == ["00=1", "10=2", "20=3"]
    assert removable_clues(grid(3, 1)) == []  # not unique: nothing is removable


def test_suggest_ranks_and_every_suggestion_is_unique() -> None:
    """Issue #40.2: suggestions keep the designer's clues (here the start, 1 on s) and add
    steps; each makes the level unique, ranked by size then ends of the path."""
    demo = MODE.find_level("demo")[1]
    level = replace(
        demo, cells=tuple(replace(c, clue=None) if c.clue == 6 else c for c in demo.cells)
    )
    b = board_of(level)
    suggestions = suggest_clue_sets(level, 4)
    assert len(suggestions) == 4
    keys = []
    for s in suggestions:
        assert s["clues"]["s"] == 1 and s["start"] and "s" not in s["added"]
        clue = {b.index[c]: step for c, step in s["clues"].items()}
        paths, complete = search(b.adjmask, clue, b.parity, 2)
        assert complete and len(paths) == 1
        keys.append((s["count"], s["endpoints"]))
    assert keys == sorted(keys)
    assert suggestions == suggest_clue_sets(level, 4)  # deterministic
    # a unique level's own clues already work: that is the one suggestion, adding nothing
    [own] = suggest_clue_sets(demo, 4)
    assert own["clues"] == {"s": 1, "B": 6} and own["added"] == {}


def test_suggest_avoids_endpoint_hints() -> None:
    row = grid(5, 1)
    # the start is given when no position says otherwise: 1 at an end fixes a row
    assert [s["clues"] for s in suggest_clue_sets(row, 3)] == [{"00": 1}]
    out = suggest_clue_sets(row, 3, SuggestRules(drop_start=True))
    # without the start a row needs one clue off the middle; 1 and 5 are never offered
    assert [s["clues"] for s in out][:2] in ([{"10": 2}, {"30": 4}], [{"30": 2}, {"10": 4}])
    assert all(s["endpoints"] == 0 and not s["end"] for s in out)


# ---- render ---------------------------------------------------------------------------------


def test_outline_is_the_union_not_the_bounding_box() -> None:
    assert outline([(0, 0)]) == [[(0, 0), (1, 0), (1, 1), (0, 1)]]
    # a T piece has 8 corners
    assert len(outline([(0, 0), (1, 0), (2, 0), (1, 1)])[0]) == 8
    # a 2×2 block: 4 corners
    assert len(outline([(0, 0), (1, 0), (0, 1), (1, 1)])[0]) == 4


def test_render_shows_clues_parity_holes_and_path() -> None:
    level = MODE.find_level("demo")[1]
    svg = render_svg(level, None)
    assert svg.count("<path") == 15  # one outline per cell, holes not drawn
    assert re.search(r">1</text>", svg) and re.search(r">6</text>", svg)
    with_path = render_svg(level, list(MODE.view(level)["solution"]))
    assert with_path.count("<path") == 16
    assert ">15</text>" in with_path
    parity = grid(2, 2, c00={"clue": 1}, c10={"parity": "even"}, c01={"parity": "odd"})
    svg = render_svg(parity, None)
    assert "偶" in svg and "奇" in svg
    assert MODE.render_svg(level, solution=True) == with_path
