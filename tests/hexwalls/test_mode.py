"""The Mode wiring: CLI contracts, view, render, grade, generate, design."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.hexwalls import MODE
from puzzlesmith.hexwalls.board import HexCell, Level, board_of
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.design import removable_clues, suggest_clue_sets
from puzzlesmith.hexwalls.generate import GenerateOptions, generate_level
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.solver import solve

PACK2 = str(Path(MODE.shipped_pack_files()[1]))


def test_registered() -> None:
    assert registry.get("hex") is MODE and registry.get("03-hex-walls") is MODE


def test_solve_json_contract() -> None:
    res = CliRunner().invoke(
        build_app(), ["hex", "solve", PACK2, "--level", "2-1", "--json", "--max", "3"]
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.output.strip())
    assert out["level"] == "2-1" and out["count"] == 1 and out["complete"] is True
    assert len(out["solutions"][0]) == len(MODE.find_level("2-1")[1].cells)


def test_grade_json_and_render(tmp_path: Path) -> None:
    res = CliRunner().invoke(build_app(), ["hex", "grade", "1-4", "--json"])
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["level"] == "1-4" and out["solved"] is True and out["steps"] > 0
    svg = tmp_path / "l.svg"
    res = CliRunner().invoke(build_app(), ["hex", "render", "2-9", "-o", str(svg), "--solution"])
    assert res.exit_code == 0, res.output
    text = svg.read_text()
    lv = MODE.find_level("2-9")[1]
    assert text.count("<polygon") == len(lv.cells) and text.count("<circle") == len(lv.turners)
    assert "<polyline" in text


def test_every_shipped_level_is_solved_by_logic(shipped: dict[str, Level]) -> None:
    grades = {lid: grade(lv) for lid, lv in shipped.items()}
    assert all(g.solved for g in grades.values())
    assert grades["1-3"].grade == "easy"
    # the time-aware deductions are what finish some turner level
    assert any(
        g.techniques.get("turner_timing") for lid, g in grades.items() if lid.startswith("2-")
    )


def test_turner_timing_on_a_small_board() -> None:
    # 0,0 → 1,0 is blocked by the turner at step 1 → the 1,0 cell cannot be step 2
    from puzzlesmith.hexwalls.board import parse_level
    from puzzlesmith.hexwalls.logic import deduce

    lv = parse_level(
        {
            "id": "t",
            "cells": [
                {"q": 0, "r": 0, "clue": 1},
                {"q": 1, "r": 0},
                {"q": 0, "r": 1},
                {"q": -1, "r": 1},
            ],
            "turners": [{"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[0, 0], [0, 1]]}],
        }
    )[0]
    assert lv is not None
    r = deduce(board_of(lv))
    timing = [s for s in r.steps if s.technique == "turner_timing"]
    assert timing and timing[0].cells == ("1,0",)


def test_view_carries_geometry_walls_turners_and_solution(shipped: dict[str, Level]) -> None:
    lv = shipped["2-9"]
    v = MODE.view(lv)
    assert v["mode"] == "03-hex-walls" and v["id"] == "2-9" and v["n"] == len(lv.cells)
    assert {c["id"] for c in v["cells"]} == set(board_of(lv).ids)
    assert len(v["turners"]) == len(lv.turners) and len(v["walls"]) == len(lv.walls)
    for t in v["turners"]:
        assert len(t["cycle"]) == 3 and t["start"] in (0, 1, 2)
    moves = [f"start {v['solution'][0]}", *(f"add {c}" for c in v["solution"][1:])]
    assert MODE.replay(lv, moves)["cleared"]
    json.dumps(v)  # plain JSON


def test_generate_is_deterministic_and_checked() -> None:
    opts = GenerateOptions(cells=9, walls=2, turners=1)
    a = generate_level(opts, 7, 2)
    assert a == generate_level(opts, 7, 2)
    assert check_level(a) == [] and len(a.turners) == 1


def test_generate_cli_writes_a_pack(tmp_path: Path) -> None:
    out = tmp_path / "c.json"
    args = [
        "hex",
        "generate",
        "--cells",
        "8",
        "--walls",
        "2",
        "--count",
        "2",
        "--seed",
        "4",
        "--out",
        str(out),
    ]
    res = CliRunner().invoke(build_app(), args)
    assert res.exit_code == 0, res.output
    res = CliRunner().invoke(build_app(), ["hex", "validate", str(out)])
    assert res.exit_code == 0, res.output


def test_design_minimize_and_suggest(shipped: dict[str, Level]) -> None:
    lv = shipped["1-2"]
    rem = removable_clues(lv)
    for c in lv.cells:
        if c.clue is None:
            continue
        without = lv.with_(
            cells=tuple(x if x.id != c.id else HexCell(x.id, x.q, x.r) for x in lv.cells)
        )
        assert (c.id in rem) == (solve(board_of(without), 2).count == 1)
    sugg = suggest_clue_sets(lv, 2)
    assert sugg and all(s["size"] == len(s["clues"]) for s in sugg)
    res = CliRunner().invoke(
        build_app(), ["hex", "design", "1-2", "--minimize", "--suggest", "2", "--json"]
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.output)
    assert out["removable"] == rem
    # issue #40.2: suggestions extend the level's clues; 1-2's own already make it unique
    own = {c.id: c.clue for c in lv.cells if c.clue is not None}
    assert [(s["clues"], s["added"]) for s in out["suggestions"]] == [(own, {})]


def test_a_batch_spreads_over_the_cell_range() -> None:
    """Issue #21: --cells 8 --cells-max 12 gives boards of several sizes in one batch."""
    from puzzlesmith.core.batch import run_batch

    opts = GenerateOptions(cells=8, cells_max=12, walls=2)
    sizes = [len(lv.cells) for lv in run_batch(MODE.id, opts, 5, 12)]
    assert all(8 <= n <= 12 for n in sizes) and len(set(sizes)) >= 3, sizes
    assert [len(generate_level(GenerateOptions(cells=9), 5, i).cells) for i in range(3)] == [
        9,
        9,
        9,
    ]
    with pytest.raises(ValueError, match="--cells-max"):
        GenerateOptions(cells=10, cells_max=8)
