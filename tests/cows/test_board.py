"""Level format: every hard rule rejected with one line naming file, level and row/column."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from tests.cows.conftest import level
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core.errors import LevelFormatError
from puzzlesmith.cows import MODE
from puzzlesmith.cows.board import board_of, parse_level

GOOD = ["AABB", "ACBB", "CCDD", "CCDD"]


def codes(raw: object) -> list[str]:
    return [p.code for p in parse_level(raw)[1]]


@pytest.mark.parametrize(
    ("regions", "code", "where"),
    [
        (["AABB", "ACB", "CCDD", "CCDD"], "row-length", "row 2"),
        (["AABBC", "ACBBC", "CCDDC", "CCDDC"], "board-not-square", "regions"),
        (["AAB", "ABB", "CCB"], "board-size", "regions"),
        (["A" * 21] * 21, "board-size", "regions"),
        (["AABB", "AABB", "CCBB", "CCBB"], "region-count", "regions"),
        (["AABB", "ACBB", "CCDD", "CDDA"], "region-disconnected", "row 4 column 4"),
        (["AABB", "AC1B", "CCDD", "CCDD"], "region-letter", "row 2 column 3"),
        (["AABB", "ACBB", "CCDD", "CCD "], "region-letter", "row 4 column 4"),
    ],
)
def test_grid_rules(regions: list[str], code: str, where: str) -> None:
    _, problems = parse_level({"id": "x", "regions": regions})
    assert [p.code for p in problems] == [code]
    assert problems[0].where == where and problems[0].level == "x"


def test_every_broken_region_reported() -> None:
    # A and D each have a cell cut off (corners do not connect)
    assert codes({"id": "x", "regions": ["ABCD", "BBCC", "DBCA", "DDAA"]}) == [
        "region-disconnected",
        "region-disconnected",
    ]


@pytest.mark.parametrize(
    ("raw", "code"),
    [
        ({"id": "x"}, "field-missing"),
        ({"id": 3, "regions": GOOD}, "json-type"),
        ({"id": "x", "regions": "AABB"}, "json-type"),
        ({"id": "x", "regions": GOOD, "colour": 1}, "field-unknown"),
        ({"id": "x", "regions": ["AABB", 7, "CCDD", "CCDD"]}, "json-type"),
        ({"id": "x", "regions": GOOD, "caption": 5}, "json-type"),
        ([1, 2], "json-type"),
        ({"id": "x", "regions": []}, "board-empty"),
    ],
)
def test_json_shape(raw: Any, code: str) -> None:
    assert code in codes(raw)


def test_lowercase_letters_and_20x20() -> None:
    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrst"[10:30]
    lv = level([ch * 20 for ch in letters])
    assert board_of(lv).n == 20 and board_of(lv).letters[-1] == "d"


def test_pack_problems_name_file_and_level(tmp_path: Path) -> None:
    bad = {
        "mode": "04-cows",
        "pack": 9,
        "title": "bad",
        "levels": [
            {"id": "a", "regions": GOOD},
            {"id": "a", "regions": GOOD},
            {"id": "b", "regions": ["AABB", "ACB", "CCDD", "CCDD"]},
            {"id": "c", "regions": GOOD, "extra": True},
        ],
    }
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(bad))
    with pytest.raises(LevelFormatError) as info:
        MODE.load_file(path)
    lines = [p.line() for p in info.value.problems]
    assert any("level b: row 2:" in ln and "[row-length]" in ln for ln in lines)
    assert any("[level-duplicate-id]" in ln for ln in lines)
    assert any("level c: level: unknown field 'extra'" in ln for ln in lines)
    assert all(ln.startswith(str(path)) for ln in lines)
    res = CliRunner().invoke(build_app(), ["cows", "validate", str(path)])
    assert res.exit_code == 1 and "Traceback" not in res.output
    assert len(res.output.strip().splitlines()) >= 3


def test_wrong_mode_and_unreadable(tmp_path: Path) -> None:
    path = tmp_path / "m.json"
    path.write_text(json.dumps({"mode": "03-hex-walls", "pack": 1, "title": "t", "levels": []}))
    res = CliRunner().invoke(build_app(), ["cows", "validate", str(path)])
    assert res.exit_code == 1 and "[pack-mode]" in res.output
    broken = tmp_path / "b.json"
    broken.write_text("{nope")
    res = CliRunner().invoke(build_app(), ["cows", "validate", str(broken)])
    assert res.exit_code == 2 and "not valid JSON" in res.output


def test_round_trip() -> None:
    pack = MODE.shipped_packs()[0]
    again = MODE.parse_pack(MODE.dump_pack(pack), "x")
    assert again.levels == pack.levels and again.title == pack.title


def test_masks() -> None:
    b = board_of(level(GOOD))
    # a cow on r2c2 (region C) attacks its row, column, region C and 8 neighbours
    attacked = {i for i in range(16) if b.attack[5] >> i & 1}
    assert attacked == {4, 6, 7, 1, 9, 13, 8, 12, 0, 2, 10}
