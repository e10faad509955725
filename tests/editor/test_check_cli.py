"""``puzzlesmith <mode> check FILE``: one line per finding, exit 0 / 1 / 2."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from editor_levels import (
    COWS,
    COWS_MULTIPLE,
    HEX,
    HEX_MULTIPLE,
    STROKE,
    STROKE_MULTIPLE,
    STROKE_PARITY_REDUNDANT,
    STROKE_UNIQUE,
)
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.cli.wording import check_lines
from puzzlesmith.core import registry
from puzzlesmith.core.catalogue import cell_list
from puzzlesmith.core.levelcheck import check_raw

runner = CliRunner()


def pack(tmp_path: Path, mode: str, *levels: Any) -> Path:
    p = tmp_path / "p.json"
    body = {
        "mode": mode,
        "pack": 1,
        "title": "t",
        "levels": [{**lv, "id": f"1-{i + 1}"} for i, lv in enumerate(levels)],
    }
    p.write_text(json.dumps(body), encoding="utf-8")
    return p


def run(*args: str) -> Any:
    return runner.invoke(build_app(), list(args))


def test_unique_level_passes_with_its_grade(tmp_path: Path) -> None:
    r = run("stroke", "check", str(pack(tmp_path, STROKE, STROKE_UNIQUE)))
    assert r.exit_code == 0, r.output
    [line] = r.output.strip().splitlines()
    assert "level 1-1: unique (proven), grade" in line


def test_every_finding_is_one_line_and_fails(tmp_path: Path) -> None:
    r = run("stroke", "check", str(pack(tmp_path, STROKE, STROKE_UNIQUE, STROKE_PARITY_REDUNDANT)))
    assert r.exit_code == 1
    lines = r.output.strip().splitlines()
    assert any("level 1-2" in ln and "[parity-redundant]" in ln for ln in lines)


@pytest.mark.parametrize(
    ("mode_id", "level"),
    [(STROKE, STROKE_MULTIPLE), (HEX, HEX_MULTIPLE), (COWS, COWS_MULTIPLE)],
)
def test_multiple_names_the_cells_like_the_api(tmp_path: Path, mode_id: str, level: Any) -> None:
    mode = registry.get(mode_id)
    r = run(mode.cli_name, "check", str(pack(tmp_path, mode_id, level)))
    assert r.exit_code == 1
    api = check_raw(mode, {**level, "id": "1-1"})
    assert api.verdict == "multiple" and api.differ
    assert r.output.strip().splitlines() == check_lines(mode, api, str(tmp_path / "p.json"), None)
    named = cell_list(mode, api.differ[:12])
    assert f"two or more solutions; the first two differ at {named}" in r.output
    # validate names the same cells, the same way (issue #27 item 8: before, Cows named
    # one solution's cells and Number Stroke / Hex Walls named none)
    v = run(mode.cli_name, "validate", str(pack(tmp_path, mode_id, level)))
    assert v.exit_code == 1
    assert f"the first two differ at {named} [not-unique]" in v.output, v.output
    [problem] = [
        p
        for p in mode.check(mode.parse_level({**level, "id": "1-1"}, "1-1")[0])
        if p.code == "not-unique"
    ]
    assert list(problem.cells) == api.differ


def test_suggestions_are_sentences_and_json_on_request(tmp_path: Path) -> None:
    """Issue #27 item 9: readable by default (count explained), JSON with --json."""
    p = pack(tmp_path, HEX, HEX_MULTIPLE)
    r = run("hex", "check", str(p), "--suggest", "1")
    line = next(ln for ln in r.output.splitlines() if "suggestion 1" in ln)
    assert re.search(r"suggestion 1: \d+ clues?: \(-?\d+,-?\d+\) = \d+", line), line
    assert "{" not in line
    j = run("hex", "check", str(p), "--suggest", "1", "--json")
    data = json.loads(j.output.strip().splitlines()[0])
    assert data["verdict"] == "multiple" and data["suggestions"][0]["clues"]
    d = run("stroke", "design", "2-3", "--suggest", "1")
    assert re.search(r"2-3: suggestion 1: \d+ clues: \w+ = \d+", d.output), d.output
    assert "{" not in d.output


def test_shipped_level_and_unreadable_file(tmp_path: Path) -> None:
    assert run("cows", "check", "1-1").exit_code == 0
    bad = tmp_path / "bad.json"
    bad.write_text("{", encoding="utf-8")
    r = run("hex", "check", str(bad))
    assert r.exit_code == 2 and "not valid JSON" in r.output


@pytest.mark.parametrize("mode", [m.cli_name for m in registry.all_modes()])
def test_check_is_there_exactly_for_an_editor_mode(mode: str) -> None:
    """``check`` is the ``editor`` capability's command (not always present)."""
    has = registry.get(mode).capabilities.editor
    assert (run(mode, "check", "--help").exit_code == 0) == has
