"""The generic CLI driven through Number Stroke: exit codes, one-line messages, JSON contracts.

Every load check of issue 2 item 2 gets a bad file; each must give one line naming
file, level, cell and rule, exit code 1 (bad level) or 2 (unreadable), never a traceback.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app

runner = CliRunner()
DEMO_CELLS: list[dict[str, Any]] = [
    {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
    {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
    {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1},
]


def pack(levels: list[Any], **header: Any) -> dict[str, Any]:
    return {"mode": "01-number-stroke", "pack": 9, "title": "t", "levels": levels, **header}


def level(cells: list[Any], lid: str = "9-1", **extra: Any) -> dict[str, Any]:
    return {"id": lid, "cells": cells, **extra}


def cell(cid: str, x: int, y: int, w: int = 1, h: int = 1, **extra: Any) -> dict[str, Any]:
    return {"id": cid, "x": x, "y": y, "w": w, "h": h, **extra}


def write(tmp_path: Path, data: Any, name: str = "bad.json") -> Path:
    p = tmp_path / name
    p.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return p


def run(*args: str) -> Any:
    return runner.invoke(build_app(), list(args))


BAD_LEVELS: list[tuple[str, Any, str, str]] = [
    # (name, pack data, expected code, text that must be in the line)
    (
        "overlap",
        pack([level([cell("a", 0, 0, 2, 2, clue=1), cell("b", 1, 1)])]),
        "cell-overlap",
        "level 9-1: cell b: overlaps cell a at (1, 1)",
    ),
    (
        "shape-catalogue",
        pack([level([cell("a", 0, 0, clue=1), cell("z", 1, 0, 2, 2, shape=[[0, 0], [1, 1]])])]),
        "shape-catalogue",
        "cell z: shape",
    ),
    (
        "shape-five",
        pack(
            [
                level(
                    [
                        cell("a", 0, 0, clue=1),
                        cell("z", 1, 0, 5, 1, shape=[[0, 0], [1, 0], [2, 0], [3, 0], [4, 0]]),
                    ]
                )
            ]
        ),
        "shape-catalogue",
        "cell z",
    ),
    (
        "shape-bbox",
        pack(
            [
                level(
                    [cell("a", 0, 0, clue=1), cell("L", 1, 0, 3, 2, shape=[[0, 0], [0, 1], [1, 1]])]
                )
            ]
        ),
        "shape-bbox",
        "cell L: w×h is 3×2 but the shape's bounding box is 2×2",
    ),
    (
        "rect-size",
        pack([level([cell("a", 0, 0, clue=1), cell("r", 1, 0, 4, 1)])]),
        "rect-size",
        "cell r: 4×1 is not an allowed rectangle",
    ),
    (
        "cell-duplicate-id",
        pack([level([cell("a", 0, 0, clue=1), cell("a", 1, 0)])]),
        "cell-duplicate-id",
        "cell a: cell id 'a' used twice",
    ),
    (
        "level-duplicate-id",
        pack([level(DEMO_CELLS, "9-1"), level(DEMO_CELLS, "9-1")]),
        "level-duplicate-id",
        "level 9-1: level id '9-1' used twice",
    ),
    (
        "clue-range",
        pack([level([cell("a", 0, 0, clue=1), cell("b", 1, 0, clue=5)])]),
        "clue-range",
        "cell b: clue 5 is outside 1..2",
    ),
    (
        "clue-zero",
        pack([level([cell("a", 0, 0, clue=0), cell("b", 1, 0)])]),
        "clue-range",
        "cell a: clue 0 is outside 1..2",
    ),
    (
        "clue-float",
        pack([level([cell("a", 0, 0, clue=1.5), cell("b", 1, 0)])]),
        "json-type",
        "cell a: field 'clue' must be an integer, got float",
    ),
    (
        "clue-string",
        pack([level([cell("a", 0, 0, clue="1"), cell("b", 1, 0)])]),
        "json-type",
        "cell a: field 'clue' must be an integer, got str",
    ),
    (
        "clue-repeated",
        pack([level([cell("a", 0, 0, clue=2), cell("b", 1, 0, clue=2)])]),
        "clue-repeated",
        "cell b: clue 2 also on cell a",
    ),
    (
        "clue-and-parity",
        pack([level([cell("a", 0, 0, clue=1, parity="odd"), cell("b", 1, 0)])]),
        "clue-and-parity",
        "cell a: a cell holds a number clue or a parity, not both",
    ),
    (
        "parity-value",
        pack([level([cell("a", 0, 0, parity="odds"), cell("b", 1, 0)])]),
        "parity-value",
        "cell a: parity must be 'odd' or 'even', got 'odds'",
    ),
    (
        "json-type-x",
        pack([level([cell("a", 0, 0), {"id": "b", "x": "1", "y": 0, "w": 1, "h": 1}])]),
        "json-type",
        "cell b: field 'x' must be an integer, got str",
    ),
    (
        "json-type-bool",
        pack([level([cell("a", 0, 0), cell("b", 1, 0, w=True)])]),
        "json-type",
        "cell b: field 'w' must be an integer, got bool",
    ),
    (
        "json-type-cells",
        pack([{"id": "9-1", "cells": {"a": 1}}]),
        "json-type",
        "level 9-1: level: field 'cells' must be a list, got dict",
    ),
    (
        "json-type-level",
        pack(["9-1"]),
        "json-type",
        "level #1: level: must be an object",
    ),
    (
        "json-type-pack",
        [1, 2],
        "json-type",
        "pack: must be an object",
    ),
    (
        "field-unknown-cell",
        pack([level([cell("a", 0, 0, colour="red"), cell("b", 1, 0)])]),
        "field-unknown",
        "cell a: unknown field 'colour'",
    ),
    (
        "field-unknown-level",
        pack([level(DEMO_CELLS, hintPath=["a"])]),
        "field-unknown",
        "level 9-1: level: unknown field 'hintPath'",
    ),
    (
        "field-unknown-pack",
        pack([level(DEMO_CELLS)], cellSize=64),
        "field-unknown",
        "pack: unknown field 'cellSize'",
    ),
    (
        "field-missing",
        pack([level([{"id": "a", "x": 0, "y": 0, "w": 1}])]),
        "field-missing",
        "cell a: missing field 'h'",
    ),
    (
        "level-no-cells",
        pack([level([])]),
        "level-no-cells",
        "level 9-1: level: level has no cells",
    ),
    (
        "board-disconnected",
        pack([level([cell("a", 0, 0, clue=1), cell("b", 1, 1), cell("c", 3, 0)])]),
        "board-disconnected",
        "board is not connected: 3 parts",
    ),
    (
        "pack-mode",
        pack([level(DEMO_CELLS)], mode="04-cows"),
        "pack-mode",
        "pack: mode is '04-cows', expected '01-number-stroke'",
    ),
    (
        "pack-empty",
        pack([]),
        "pack-empty",
        "pack: pack has no levels",
    ),
]


@pytest.mark.parametrize(
    ("data", "code", "text"), [b[1:] for b in BAD_LEVELS], ids=[b[0] for b in BAD_LEVELS]
)
def test_bad_file_one_line_exit_1(tmp_path: Path, data: Any, code: str, text: str) -> None:
    path = write(tmp_path, data)
    for args in (["stroke", "validate", str(path)], ["stroke", "solve", str(path), "--json"]):
        result = run(*args)
        assert result.exit_code == 1, result.output
        assert result.exception is None or isinstance(result.exception, SystemExit)
        assert "Traceback" not in result.output
        lines = [ln for ln in result.stderr.splitlines() if ln.strip()]
        assert len(lines) == 1, lines
        assert lines[0].startswith(f"{path}: ")
        assert lines[0].endswith(f"[{code}]")
        assert text in lines[0]


def test_every_problem_gets_its_own_line(tmp_path: Path) -> None:
    data = pack(
        [
            level([cell("a", 0, 0, clue=1), cell("b", 0, 0)], "9-1"),
            level([cell("a", 0, 0, parity="x"), cell("b", 1, 0, clue=9)], "9-2"),
        ]
    )
    result = run("stroke", "validate", str(write(tmp_path, data)))
    assert result.exit_code == 1
    lines = result.stderr.splitlines()
    assert [ln.rsplit("[", 1)[1] for ln in lines] == ["cell-overlap]", "parity-value]"]


@pytest.mark.parametrize(
    ("content", "text"),
    [
        ("{not json", "not valid JSON at line 1 column 2"),
        ("", "not valid JSON"),
        (b"\xff\xfe\x00", "cannot read file"),
    ],
    ids=["broken-json", "empty", "not-utf8"],
)
def test_unreadable_file_exit_2(tmp_path: Path, content: str | bytes, text: str) -> None:
    p = tmp_path / "x.json"
    if isinstance(content, bytes):
        p.write_bytes(content)
    else:
        p.write_text(content, encoding="utf-8")
    for cmd in ("validate", "solve", "grade"):
        result = run("stroke", cmd, str(p))
        assert result.exit_code == 2, (cmd, result.output)
        lines = result.stderr.splitlines()
        assert len(lines) == 1 and lines[0].startswith(str(p)) and text in lines[0]
        assert "Traceback" not in result.output


def test_missing_file_exit_2(tmp_path: Path) -> None:
    p = tmp_path / "nope.json"
    for args in (
        ["validate", str(p)],
        ["solve", str(p), "--json"],
        ["render", str(p), "-o", str(tmp_path / "o.svg")],
        ["design", str(p), "--minimize"],
    ):
        result = run("stroke", *args)
        assert result.exit_code == 2, (args, result.output)
        assert result.stderr.splitlines() == [f"{p}: cannot read file (No such file or directory)"]


def test_unknown_level_id_exit_2() -> None:
    result = run("stroke", "solve", "no-such-level", "--json")
    assert result.exit_code == 2
    assert "no shipped level 'no-such-level'" in result.stderr


def test_unknown_level_in_file_exit_2(tmp_path: Path) -> None:
    p = write(tmp_path, pack([level(DEMO_CELLS)]))
    result = run("stroke", "solve", str(p), "--level", "9-9")
    assert result.exit_code == 2
    assert result.stderr.strip() == f"{p}: no level '9-9'"


# ---- checks after loading -------------------------------------------------------------------


def test_validate_not_unique_and_no_solution(tmp_path: Path) -> None:
    two = level([cell("a", 0, 0), cell("b", 1, 0), cell("c", 2, 0)], "9-1")  # no clue: 2 ways
    none = level([cell("a", 0, 0, clue=1), cell("b", 1, 0), cell("c", 2, 0, clue=2)], "9-2")
    ok = level(DEMO_CELLS, "9-3")
    p = write(tmp_path, pack([two, none, ok]))
    result = run("stroke", "validate", str(p))
    assert result.exit_code == 1
    err = result.stderr.splitlines()
    assert err == [
        f"{p}: level 9-1: the board has more than one solution; the first two differ at a, c "
        "[not-unique]",
        f"{p}: level 9-2: no path satisfies every clue [no-solution]",
    ]
    assert "stroke: 1/3 levels passed" in result.stdout


def test_validate_parity_redundant(tmp_path: Path) -> None:
    # 2×2 block a b / c d with clues 1 on a and 4 on c: only a b d c fits, so both
    # parity clues (true on that path) are redundant
    cells = [
        cell("a", 0, 0, clue=1),
        cell("b", 1, 0, parity="even"),
        cell("c", 0, 1, clue=4),
        cell("d", 1, 1, parity="odd"),
    ]
    p = write(tmp_path, pack([level(cells)]))
    result = run("stroke", "validate", str(p))
    assert result.exit_code == 1
    err = result.stderr.splitlines()
    assert f"{p}: level 9-1: cell b: parity clue even is not needed" in err[0]
    assert all(ln.endswith("[parity-redundant]") for ln in err)
    assert len(err) == 2


def test_validate_passes_exit_0(tmp_path: Path) -> None:
    p = write(tmp_path, pack([level(DEMO_CELLS)]))
    result = run("stroke", "validate", str(p))
    assert result.exit_code == 0, result.output
    assert "stroke: 1/1 levels passed" in result.stdout


def test_validate_shipped_level_by_id() -> None:
    result = run("stroke", "validate", "demo")
    assert result.exit_code == 0, result.output


def test_solve_json_contract(tmp_path: Path) -> None:
    two = level([cell("a", 0, 0), cell("b", 1, 0), cell("c", 2, 0)], "9-1")
    p = write(tmp_path, pack([two, level(DEMO_CELLS, "9-2")]))
    result = run("stroke", "solve", str(p), "--json", "--max", "5")
    assert result.exit_code == 0
    rows = [json.loads(line) for line in result.stdout.splitlines()]
    assert rows == [
        {
            "level": "9-1",
            "count": 2,
            "complete": True,
            "solutions": [["a", "b", "c"], ["c", "b", "a"]],
        },
        {"level": "9-2", "count": 1, "complete": True, "solutions": [["a", "b", "c"]]},
    ] or rows == [
        {
            "level": "9-1",
            "count": 2,
            "complete": True,
            "solutions": [["c", "b", "a"], ["a", "b", "c"]],
        },
        {"level": "9-2", "count": 1, "complete": True, "solutions": [["a", "b", "c"]]},
    ]
    one = run("stroke", "solve", str(p), "--json", "--max", "1", "--level", "9-1")
    assert [json.loads(x)["count"] for x in one.stdout.splitlines()] == [1]


def test_solve_demo_by_id_table() -> None:
    result = run("stroke", "solve", "demo")
    assert result.exit_code == 0
    assert "demo" in result.stdout


def test_render_writes_svg(tmp_path: Path) -> None:
    out = tmp_path / "demo.svg"
    result = run("stroke", "render", "demo", "--solution", "-o", str(out))
    assert result.exit_code == 0, result.output
    svg = out.read_text(encoding="utf-8")
    assert svg.startswith("<svg") and "</svg>" in svg


def test_render_needs_one_level(tmp_path: Path) -> None:
    p = write(tmp_path, pack([level(DEMO_CELLS, "9-1"), level(DEMO_CELLS, "9-2")]))
    result = run("stroke", "render", str(p), "-o", str(tmp_path / "o.svg"))
    assert result.exit_code == 2
    assert "pick one with --level" in result.stderr


def test_design_minimize_and_suggest_json() -> None:
    result = run("stroke", "design", "demo", "--minimize", "--suggest", "2", "--json")
    assert result.exit_code == 0, result.output
    out = json.loads(result.stdout)
    assert out["level"] == "demo"
    assert isinstance(out["removable"], list)
    assert 1 <= len(out["suggestions"]) <= 2


def test_design_without_flags_is_a_usage_error() -> None:
    result = run("stroke", "design", "demo")
    assert result.exit_code == 1
    assert "give --minimize and/or --suggest K" in result.stderr
