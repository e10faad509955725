"""Issue #40, first pass: exit codes that say a level fails, shipped packs by default,
one way of naming cells, and a duplicate check across packs."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from editor_levels import (
    COWS,
    COWS_NONE,
    HEX,
    HEX_UNIQUE,
    STROKE,
    STROKE_MULTIPLE,
    STROKE_NONE,
    STROKE_UNIQUE,
)
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app


def run(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def pack(tmp_path: Path, mode: str, *levels: Any, name: str = "p.json") -> Path:
    p = tmp_path / name
    body = {
        "mode": mode,
        "pack": 1,
        "title": "t",
        "levels": [{**lv, "id": f"1-{i + 1}"} for i, lv in enumerate(levels)],
    }
    p.write_text(json.dumps(body), encoding="utf-8")
    return p


def test_grade_exits_1_on_a_level_without_a_solution(tmp_path: Path) -> None:
    """Before: "invalid — STUCK (needs guessing)" and exit 0."""
    r = run("stroke", "grade", str(pack(tmp_path, STROKE, STROKE_NONE)))
    assert r.exit_code == 1, r.output
    assert "NO SOLUTION" in r.stdout and "STUCK" not in r.stdout
    r = run("cows", "grade", str(pack(tmp_path, COWS, COWS_NONE)))
    assert r.exit_code == 1, r.output
    assert "NO SOLUTION" in r.stdout


def test_grade_exits_1_on_a_level_with_two_solutions(tmp_path: Path) -> None:
    r = run("stroke", "grade", str(pack(tmp_path, STROKE, STROKE_MULTIPLE)))
    assert r.exit_code == 1, r.output
    assert "NOT UNIQUE" in r.stdout


def test_grade_exits_0_on_a_unique_level_and_counts_steps_in_english(tmp_path: Path) -> None:
    r = run("stroke", "grade", str(pack(tmp_path, STROKE, STROKE_UNIQUE)))
    assert r.exit_code == 0, r.output
    assert not re.search(r"\b1 steps\b", r.stdout)
    m = re.search(r"(\d+) steps?\b", r.stdout)
    assert m and (m.group(0).endswith("steps") == (m.group(1) != "1"))


def test_minimize_on_a_non_unique_level_says_so(tmp_path: Path) -> None:
    """Before: "removable one at a time: none", as if every clue were needed."""
    r = run("stroke", "design", str(pack(tmp_path, STROKE, STROKE_MULTIPLE)), "--minimize")
    assert r.exit_code == 1, r.output
    assert "not unique" in r.stdout and "removable" not in r.stdout
    r = run("stroke", "design", str(pack(tmp_path, STROKE, STROKE_NONE)), "--minimize")
    assert r.exit_code == 1 and "no solution" in r.stdout
    r = run("hex", "design", str(pack(tmp_path, HEX, HEX_UNIQUE)), "--minimize", "--json")
    assert r.exit_code == 0, r.output
    assert json.loads(r.stdout)["solutions"] == 1


def test_grade_without_a_target_grades_every_shipped_pack() -> None:
    """Before: a missing-argument usage error; validate already did this."""
    from puzzlesmith.core import registry

    hex_mode = registry.get("hex")
    ids = [lv.id for f in hex_mode.shipped_pack_files() for lv in hex_mode.load_file(f).levels]
    r = run("hex", "grade", "--json")
    assert r.exit_code == 0, r.output
    assert [json.loads(line)["level"] for line in r.stdout.splitlines()] == ids


def test_validate_level_picks_one_level(tmp_path: Path) -> None:
    """Before: no such option."""
    r = run("stroke", "validate", "--level", "1-3")
    assert r.exit_code == 0, r.output
    assert "1/1 levels passed" in r.stdout
    f = pack(tmp_path, STROKE, STROKE_UNIQUE, STROKE_MULTIPLE)
    assert run("stroke", "validate", str(f), "--level", "1-1").exit_code == 0
    r = run("stroke", "validate", str(f), "--level", "1-2")
    assert r.exit_code == 1 and "0/1 levels passed" in r.stdout


def _shipped_raw(cli: str, lid: str) -> dict[str, Any]:
    from puzzlesmith.core import registry

    mode = registry.get(cli)
    _, lv = mode.find_level(lid)
    raw: dict[str, Any] = mode.dump_level(lv)
    return raw


def test_dedupe_finds_a_mirrored_copy_of_a_shipped_level(tmp_path: Path) -> None:
    """Before: no such command; the check lived only inside the server's community publish."""
    raw = _shipped_raw("cows", "1-3")
    mirrored = {**raw, "regions": [row[::-1] for row in raw["regions"]]}
    turned = {**raw, "regions": ["".join(col) for col in zip(*raw["regions"], strict=True)]}
    from editor_levels import COWS_UNIQUE

    f = pack(tmp_path, COWS, COWS_UNIQUE, mirrored, turned)
    r = run("cows", "dedupe", str(f), "--shipped")
    assert r.exit_code == 1, r.output
    lines = [ln for ln in r.stdout.splitlines() if "same board as" in ln]
    assert lines == [
        f"{f} level 1-3: same board as {f} level 1-2 (up to rotation and mirroring)",
        f"shipped level 1-3: same board as {f} level 1-2 (up to rotation and mirroring)",
    ], r.stdout
    alone = pack(tmp_path, COWS, COWS_UNIQUE, name="alone.json")
    r = run("cows", "dedupe", str(alone), "--shipped")
    assert r.exit_code == 0, r.output
    assert "0 duplicate(s)" in r.stdout


def test_dedupe_turns_hexes_and_squares_too(tmp_path: Path) -> None:
    hexes = _shipped_raw("hex", "1-7")
    turned = {
        **hexes,
        "cells": [
            {**c, "id": f"{-c['r']},{c['q'] + c['r']}", "q": -c["r"], "r": c["q"] + c["r"]}
            for c in hexes["cells"]
        ],
        "walls": [[[-b[1], b[0] + b[1]] for b in w] for w in hexes.get("walls", [])],
    }
    f = pack(tmp_path, HEX, turned)
    r = run("hex", "dedupe", str(f), "--shipped")
    assert r.exit_code == 1 and "same board as" in r.stdout, r.output
    squares = _shipped_raw("stroke", "1-3")
    right = max(c["x"] + c.get("w", 1) for c in squares["cells"])
    flipped = {
        **squares,
        "cells": [{**c, "x": right - c["x"] - c.get("w", 1)} for c in squares["cells"]],
    }
    f2 = pack(tmp_path, STROKE, flipped, name="s.json")
    r = run("stroke", "dedupe", str(f2), "--shipped")
    assert r.exit_code == 1 and "shipped level 1-3" in r.stdout, r.output


def test_dedupe_reads_the_stores_dailies_and_community_levels(tmp_path: Path) -> None:
    from puzzlesmith.server.store import Daily, Store, url_for

    raw = _shipped_raw("cows", "1-3")
    store = Store.open(url_for(tmp_path))
    with store.write() as s:
        s.add(
            Daily(
                mode=COWS,
                date="2026-01-02",
                number=2,
                grade="easy",
                level=json.dumps({**raw, "regions": raw["regions"][::-1]}),
                created_ms=0,
            )
        )
    store.close()
    r = run("cows", "dedupe", "--dailies", "--community", "--shipped", "--data-dir", str(tmp_path))
    assert r.exit_code == 1, r.output
    assert "daily 2026-01-02: same board as shipped level 1-3" in r.stdout
    r = run("stroke", "dedupe", "--dailies", "--data-dir", str(tmp_path))
    assert r.exit_code == 0, r.output


def test_dedupe_needs_something_to_compare() -> None:
    r = run("hex", "dedupe")
    assert r.exit_code == 2 and "dedupe" in r.stderr


def test_solve_names_cells_as_every_message_does_and_keeps_its_json() -> None:
    """Before: Hex cells without brackets, Cows columns 0-based ("2 0 3 1 4")."""
    r = run("cows", "solve", "1-3")
    assert r.exit_code == 0, r.output
    named = re.findall(r"\br(\d)c(\d)\b", r.stdout)
    assert [int(row) for row, _ in named] == [1, 2, 3, 4, 5]
    r2 = run("cows", "solve", "1-3", "--json")
    cols = json.loads(r2.stdout)["solutions"][0]
    assert [int(c) - 1 for _, c in named] == cols  # the JSON contract: 0-based columns
    r = run("hex", "solve", "1-7")
    line = " ".join(r.stdout.split())
    assert re.search(r"\(-?\d+,-?\d+\)", line)
    assert not re.sub(r"\(-?\d+,-?\d+\)", "", line).count(",")
    ids = json.loads(run("hex", "solve", "1-7", "--json").stdout)["solutions"][0]
    assert all(re.fullmatch(r"-?\d+,-?\d+", c) for c in ids)


def test_hex_trace_brackets_every_cell_of_a_list() -> None:
    """Before: "so it is not 1,-1, 0,0, 1,0, 2,0, (0,1)" (only the last one)."""
    for lid in ("1-9", "2-7"):
        r = run("hex", "grade", lid, "--trace")
        assert r.exit_code == 0, r.output
        rest = re.sub(r"\(-?\d+,-?\d+\)", "", r.stdout)
        assert not re.search(r"-?\d+,-?\d+", rest), rest


def test_check_lang_zh_words_suggestions_in_chinese(tmp_path: Path) -> None:
    from editor_levels import HEX_WALLED_MULTIPLE

    f = pack(tmp_path, HEX, HEX_WALLED_MULTIPLE)
    r = run("hex", "check", str(f), "--suggest", "2", "--lang", "zh")
    sugg = [ln for ln in r.stdout.splitlines() if "建议" in ln]
    assert sugg, r.stdout
    assert all("个提示：" in ln and "suggestion" not in ln and "clue" not in ln for ln in sugg)
    r = run("hex", "check", str(f), "--suggest", "2")
    assert "suggestion 1:" in r.stdout


def test_no_solution_names_the_clues_that_conflict(tmp_path: Path) -> None:
    """Before: "无解" / "no solution" and nothing else, in check and the editor alike."""
    two_ends = {
        **STROKE_UNIQUE,
        "cells": [*STROKE_UNIQUE["cells"][:2], {**STROKE_UNIQUE["cells"][2]}],
    }
    two_ends["cells"][1] = {**two_ends["cells"][1], "clue": 1}  # 1 in the middle, 3 at an end
    r = run("stroke", "check", str(pack(tmp_path, STROKE, two_ends)))
    assert r.exit_code == 1, r.output
    assert "[clue-conflict]" in r.stdout + r.stderr, r.output
    r = run("stroke", "check", str(pack(tmp_path, STROKE, two_ends)), "--lang", "zh")
    assert "不能同时成立" in r.stdout and "b" in r.stdout, r.output
