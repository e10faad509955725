"""Clue economy (seed 000 §4.6, seed 001 §3.3; issue #27): past level 8 a number clue
that the level does not need is a `validate` warning, unless the level's teach note says
why it stays ("保留数字 N：…"); the first eight levels may keep teaching clues."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.stroke.board import parse_level
from puzzlesmith.stroke.design import play_position, redundant_clue_warnings

ROW = [
    {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
    {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
    {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1, "clue": 3},
]


def level(lid: str, teach: str | None = None) -> Any:
    raw: dict[str, Any] = {"id": lid, "cells": ROW}
    if teach:
        raw["teach"] = teach
    lv, problems = parse_level(raw, lid)
    assert lv is not None and not problems
    return lv


def test_a_redundant_clue_past_level_8_is_a_warning() -> None:
    # the row a-b-c is unique from 1 alone, and from 3 alone: each is redundant
    [w1, w3] = redundant_clue_warnings(level("2-4"))
    assert (w1.code, w1.severity, w1.cells) == ("clue-redundant", "warning", ("a",))
    assert w3.cells == ("c",) and "保留数字 3" in w3.message


def test_the_teach_note_can_record_why_a_clue_stays() -> None:
    [w] = redundant_clue_warnings(level("1-9", "保留数字 1：起点教学。"))
    assert w.cells == ("c",)
    assert redundant_clue_warnings(level("3-5", "keeps clue 1 and keeps clue 3")) == []


def test_the_first_eight_levels_and_other_ids_are_not_checked() -> None:
    assert redundant_clue_warnings(level("1-8")) == []
    assert redundant_clue_warnings(level("g1-3")) == []
    assert [play_position(i) for i in ("1-1", "1-9", "2-1", "x", "0-3")] == [1, 9, 11, None, None]


def test_validate_prints_the_warning_and_still_passes(tmp_path: Path) -> None:
    pack = {
        "mode": "01-number-stroke",
        "pack": 2,
        "title": "t",
        "levels": [{"id": "2-1", "cells": ROW}],
    }
    f = tmp_path / "p.json"
    f.write_text(json.dumps(pack), encoding="utf-8")
    out = CliRunner().invoke(build_app(), ["stroke", "validate", str(f)])
    assert out.exit_code == 0, out.output
    assert "level 2-1: cell a: warning: clue 1 is not needed" in out.output
    assert "[clue-redundant]" in out.output


def test_no_shipped_level_has_an_unexplained_redundant_clue() -> None:
    mode = registry.get("stroke")
    found = [
        p.line()
        for pack in mode.shipped_packs()
        for lv in pack.levels
        for p in redundant_clue_warnings(lv)
    ]
    assert found == []
