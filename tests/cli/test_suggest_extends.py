"""Issue #40 items 2–3: ``design --suggest`` builds on the designer's clues in both path
modes — the designer's clues and the start (1 at an end of the path) stay, the end clue N
comes last, a pack position's rules hold, every suggestion is publishable and shows its
grade and score — and ``check --suggest`` says what to try when no clue set fits."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from editor_levels import HEX_MULTIPLE, HEX_WALLED_MULTIPLE
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core import registry
from puzzlesmith.core.cluerules import SuggestRules, rules_for
from puzzlesmith.core.levelcheck import check_level, with_clues
from puzzlesmith.paths.suggest import SuggestRefused, extend, plan


def run(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def shipped_raw(mode_id: str, level_id: str) -> dict[str, Any]:
    mode = registry.get(mode_id)
    _, lv = mode.find_level(level_id)
    raw: dict[str, Any] = mode.dump_level(lv)
    return raw


def write(tmp_path: Path, mode_id: str, level: dict[str, Any], pack: int = 1) -> Path:
    mode = registry.get(mode_id)
    p = tmp_path / f"{mode.cli_name}.json"
    body = {"mode": mode.id, "pack": pack, "title": "t", "levels": [level]}
    p.write_text(json.dumps(body), encoding="utf-8")
    return p


def without_clues(raw: dict[str, Any], steps: set[int]) -> dict[str, Any]:
    cells = [
        {k: v for k, v in c.items() if k != "clue"} if c.get("clue") in steps else c
        for c in raw["cells"]
    ]
    return {**raw, "cells": cells}


def ambiguous(mode_id: str, level_id: str) -> dict[str, Any]:
    """Stroke 2-3 without its clue 14; Hex 1-9 (clues 1 and 3) without its first wall."""
    raw = shipped_raw(mode_id, level_id)
    if mode_id == "03-hex-walls":
        return {**raw, "walls": raw["walls"][1:]}
    return without_clues(raw, {14})


def clues_of(raw: dict[str, Any]) -> dict[str, int]:
    return {str(c["id"]): int(c["clue"]) for c in raw["cells"] if "clue" in c}


#: a stroke level of pack 2 and a hex level of pack 1 made ambiguous (:func:`ambiguous`)
CASES = [("01-number-stroke", "2-3"), ("03-hex-walls", "1-9")]


@pytest.mark.parametrize(("mode_id", "level_id"), CASES)
def test_suggestions_keep_the_designer_s_clues_and_the_start(
    tmp_path: Path, mode_id: str, level_id: str
) -> None:
    mode = registry.get(mode_id)
    raw = ambiguous(mode_id, level_id)
    lv, _ = mode.parse_level(raw, level_id)
    assert mode.solve(lv, 2).count == 2, "the case must be ambiguous"
    f = write(tmp_path, mode_id, raw, pack=int(level_id[0]))
    r = run(mode.cli_name, "design", str(f), "--level", level_id, "--suggest", "3", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["position"] == level_id and out["suggestions"]
    n = len(raw["cells"])
    kept = clues_of(raw)
    for s in out["suggestions"]:
        assert kept.items() <= s["clues"].items(), (kept, s)
        assert s["start"] and 1 in s["clues"].values()
        assert s["added"] and not set(s["added"]) & set(kept)
        assert isinstance(s["grade"], str) and isinstance(s["score"], float)
        if n in s["clues"].values():
            assert s["end"]
        adopted = with_clues(mode, lv, s["clues"])
        assert check_level(mode, adopted, bounded=False).publishable
    text = run(mode.cli_name, "design", str(f), "--level", level_id, "--suggest", "2")
    assert "keeps the start (1 at an end of the path)" in text.stdout
    assert " — grade " in text.stdout and ", score " in text.stdout
    assert "the number 1" not in text.stdout


@pytest.mark.parametrize(("mode_id", "level_id"), CASES)
def test_both_path_modes_refuse_to_drop_the_start_before_2_8(
    tmp_path: Path, mode_id: str, level_id: str
) -> None:
    mode = registry.get(mode_id)
    raw = ambiguous(mode_id, level_id)
    f = write(tmp_path, mode_id, raw, pack=int(level_id[0]))
    r = run(mode.cli_name, "design", str(f), "--level", level_id, "--suggest", "2", "--drop-start")
    assert r.exit_code == 2
    assert len(r.stderr.strip().splitlines()) == 1
    assert "1 at an end of the path" in r.stderr and "2-8" in r.stderr


def test_drop_start_from_2_8_on_gives_sets_without_the_start(tmp_path: Path) -> None:
    raw = without_clues(shipped_raw("stroke", "2-3"), {1, 14})
    f = write(tmp_path, "01-number-stroke", raw, pack=2)
    args = ["stroke", "design", str(f), "--level", "2-3", "--suggest", "2", "--json"]
    r = run(*args, "--pack", "2", "--position", "8", "--drop-start")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["position"] == "2-8" and out["suggestions"]
    assert all(not s["start"] and 1 not in s["clues"].values() for s in out["suggestions"])


def test_a_position_caps_the_clues(tmp_path: Path) -> None:
    """Seed 001 §5.1: level 1-7 uses three clues; 1-4 uses two."""
    raw = without_clues(shipped_raw("stroke", "1-7"), {4, 8})
    f = write(tmp_path, "01-number-stroke", raw)
    base = ["stroke", "design", str(f), "--level", "1-7", "--suggest", "3", "--json"]
    out = json.loads(run(*base).stdout)
    assert out["suggestions"] and all(s["count"] <= 3 for s in out["suggestions"])
    tight = run(*base[:-1], "--pack", "1", "--position", "1")
    assert tight.exit_code == 0, tight.output
    assert "uses at most 1 number clues" in tight.stdout


def test_pack_and_position_go_together(tmp_path: Path) -> None:
    r = run("stroke", "design", "2-3", "--suggest", "1", "--pack", "2")
    assert r.exit_code == 2 and "--pack and --position together" in r.stderr


def test_the_end_clue_comes_only_when_nothing_else_works() -> None:
    """On a path of 6 where only a clue at N makes the board unique, N is offered; where
    any other step works, N never is."""
    solution = tuple("abcdef")
    rules = SuggestRules()
    p = plan(solution, {}, rules)
    only_end = extend(p, lambda clues: "f" in clues, 3)
    assert only_end and all(6 in steps for steps in only_end)
    any_inner = extend(p, lambda clues: len(clues) >= 2, 5)
    assert any_inner and all(6 not in steps and 1 in steps for steps in any_inner)


def test_the_start_is_kept_added_or_dropped_by_the_rules() -> None:
    sol = tuple("abcdef")
    assert 1 in plan(sol, {"c": 3}, SuggestRules()).fixed  # no position: the start is given
    assert 1 in plan(sol, {}, rules_for("stroke", "1-4")).fixed
    assert 1 not in plan(sol, {}, rules_for("stroke", "2-9")).fixed  # the designer left it out
    assert 1 in plan(sol, {"a": 1}, rules_for("stroke", "2-9")).fixed
    assert 1 not in plan(sol, {"a": 1}, rules_for("hex", "2-9", drop_start=True)).fixed
    with pytest.raises(SuggestRefused):
        plan(sol, {"a": 1}, rules_for("hex", "1-3", drop_start=True))
    assert rules_for("stroke", "1-7").max_clues == 3 and rules_for("hex", "1-7").max_clues is None


def test_hex_check_says_what_to_try_when_no_clue_set_fits(tmp_path: Path) -> None:
    f = write(tmp_path, "03-hex-walls", {**HEX_MULTIPLE, "id": "1-5"})  # walls from 1-3 on
    r = run("hex", "check", str(f), "--suggest", "2")
    assert r.exit_code == 1
    assert "suggestion 1" not in r.stdout
    assert "try a wall or a turning wall" in r.stdout
    zh = run("hex", "check", str(f), "--suggest", "2", "--lang", "zh")
    assert "试试加一道墙或转墙" in zh.stdout
    d = run("hex", "design", str(f), "--suggest", "2")
    assert "try a wall or a turning wall" in d.stdout


def test_hex_suggestions_pass_validate(tmp_path: Path) -> None:
    """Every offered set passes validate once adopted (no walls-unneeded, turner-redundant)."""
    mode = registry.get("hex")
    f = write(tmp_path, "03-hex-walls", {**HEX_WALLED_MULTIPLE, "id": "1-5"})
    r = run("hex", "design", str(f), "--suggest", "3", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert out["suggestions"]
    lv, _ = mode.parse_level(HEX_WALLED_MULTIPLE, "1-5")
    for s in out["suggestions"]:
        adopted = with_clues(mode, lv, s["clues"])
        assert adopted is not None
        assert [p.code for p in mode.check(adopted) if p.severity == "error"] == []


def test_check_reads_the_position_off_the_level_id(tmp_path: Path) -> None:
    """A level that leaves the start out where seed 001 allows it (2-9) is not given one by
    ``check --suggest`` either: check, design and the editor share the rules."""
    raw = {**without_clues(shipped_raw("stroke", "2-3"), {1, 14}), "id": "2-9"}
    f = write(tmp_path, "01-number-stroke", raw, pack=2)
    r = run("stroke", "check", str(f), "--suggest", "2", "--json")
    out = json.loads(r.stdout)
    assert out["verdict"] == "multiple" and out["suggestions"]
    assert all(not s["start"] for s in out["suggestions"])
