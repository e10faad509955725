"""Issue #40 item 1: ``puzzlesmith cows design FILE --suggest N`` and the ideas in
``cows grade --trace``, as a designer reads them: lines, JSON and exit codes."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.cows import cli as cows_design
from puzzlesmith.cows import design
from puzzlesmith.cows.board import parse_level
from puzzlesmith.cows.solver import solve

#: a hand-drawn 6×6 with 25 solutions
SIX = ["AAABBB", "AAABBB", "CCDDEE", "CCDDEE", "FFFFEE", "FFFFEE"]


def run(*args: str) -> Any:
    return CliRunner().invoke(build_app(), list(args))


def _pack(tmp_path: Path, *levels: dict[str, Any]) -> str:
    path = tmp_path / "drawn.json"
    pack = {"mode": "04-cows", "pack": "draft", "title": "草稿 / Draft", "levels": list(levels)}
    path.write_text(json.dumps(pack, ensure_ascii=False), encoding="utf-8")
    return str(path)


def test_suggestions_are_edits_in_words_with_grade_and_ideas(tmp_path: Path) -> None:
    f = _pack(tmp_path, {"id": "six", "regions": SIX})
    r = run("cows", "design", f, "--suggest", "2")
    assert r.exit_code == 0, r.output
    lines = r.stdout.splitlines()
    assert lines[0].startswith("six: is not unique (two or more solutions); region edits")
    assert [ln.split(": ")[1] for ln in lines[1:]] == ["suggestion 1", "suggestion 2"]
    for ln in lines[1:]:
        assert ln.startswith("six: suggestion ") and ": move r" in ln
        assert "→" in ln and ": unique, " in ln and "(score " in ln
        assert "key idea: " in ln and "; needs: " in ln


def test_json_suggestions_apply_to_a_unique_board(tmp_path: Path) -> None:
    f = _pack(tmp_path, {"id": "six", "regions": SIX})
    r = run("cows", "design", f, "--suggest", "3", "--json")
    assert r.exit_code == 0, r.output
    out = json.loads(r.stdout)
    assert (out["level"], out["solutions"], out["unique"]) == ("six", 2, False)
    assert 1 <= len(out["suggestions"]) <= 3
    for s in out["suggestions"]:
        new, problems = parse_level({"id": "six", "regions": s["regions"]})
        assert new is not None and not problems
        assert solve(new, 2).count == 1  # no second solution
        assert {"grade", "score", "key_idea", "ideas", "moves", "words"} <= set(s)


def test_chinese_lines(tmp_path: Path) -> None:
    f = _pack(tmp_path, {"id": "six", "regions": SIX})
    r = run("cows", "design", f, "--suggest", "1", "--lang", "zh")
    assert r.exit_code == 0, r.output
    head, first = r.stdout.splitlines()
    assert head == "six：不唯一（两个或更多解）；让它唯一的区域改动（每条都由精确求解器证明）："
    assert first.startswith("six：建议 1：移动 r") and "唯一解，难度 " in first
    assert "关键想法：" in first and "；需要：" in first
    assert "hall" not in first and "key idea" not in first


def test_a_unique_level_says_so(tmp_path: Path) -> None:
    r = run("cows", "design", "1-3")
    assert r.exit_code == 0, r.output
    assert r.stdout.strip() == (
        "1-3: unique already (proven): nothing to change; `cows grade --trace` says what it needs"
    )
    r = run("cows", "design", "1-3", "--json")
    assert json.loads(r.stdout) == {
        "level": "1-3",
        "solutions": 1,
        "unique": True,
        "suggestions": [],
    }
    r = run("cows", "design", "1-3", "--lang", "zh")
    assert "已经是唯一解（已证明）" in r.stdout


def test_no_edit_found_exits_1_and_says_what_to_try(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(design, "suggest_edits", lambda *a, **k: [])
    f = _pack(tmp_path, {"id": "six", "regions": SIX})
    r = run("cows", "design", f)
    assert r.exit_code == 1
    assert r.stdout.strip() == (
        f"six: is not unique (two or more solutions); no edit of up to {design.MAX_EDITS} "
        "cells found makes it unique; redraw the regions round the cells `cows check` names, "
        "then ask again"
    )


def test_bad_input_is_one_line(tmp_path: Path) -> None:
    f = _pack(tmp_path, {"id": "a", "regions": SIX}, {"id": "b", "regions": SIX})
    r = run("cows", "design", f)
    assert r.exit_code == 2
    assert r.stderr.strip() == f"{f}: holds several levels; pick one with --level"
    broken = _pack(tmp_path, {"id": "a", "regions": ["AAB", "AAB"]})
    r = run("cows", "design", broken)
    assert r.exit_code == 1 and "board-not-square" in r.stderr
    assert len(r.stderr.strip().splitlines()) <= 2
    r = run("cows", "design", str(tmp_path / "missing.json"))
    assert r.exit_code == 2 and len(r.stderr.strip().splitlines()) == 1
    r = run("cows", "design", "1-3", "--suggest", "0")
    assert r.exit_code == 2


def test_design_lines_match_the_words_the_editor_gets() -> None:
    """The CLI prints the suggestion's own ``words`` (the editor shows the same)."""
    lv = parse_level({"id": "six", "regions": SIX})[0]
    assert lv is not None
    out = design.edits_json(lv, design.suggest_edits(lv, 2))
    for lang in ("zh", "en"):
        lines = cows_design.design_lines("six", 2, out, lang)
        assert [ln.split("：" if lang == "zh" else ": ", 2)[2] for ln in lines[1:]] == [
            s["words"][lang] for s in out
        ]


def test_grade_trace_names_the_key_idea_and_the_needed_ideas() -> None:
    r = run("cows", "grade", "1-5", "--trace")
    assert r.exit_code == 0, r.output
    tail = r.stdout.splitlines()[-2:]
    assert tail == [
        "  key idea 关键想法: 区域锁定 · a colour inside one row (confinement)",
        "  needed ideas 必需的想法: 牛不相邻 · cows never touch (touch); "
        "区域锁定 · a colour inside one row (confinement)",
    ]
    plain = run("cows", "grade", "1-5")
    assert "key idea" not in plain.stdout


def test_check_suggest_words_cows_edits_in_both_languages(tmp_path: Path) -> None:
    f = _pack(tmp_path, {"id": "six", "regions": SIX})
    en = run("cows", "check", f, "--suggest", "1")
    assert en.exit_code == 1  # not publishable as it stands
    assert any(": suggestion 1: move r" in ln for ln in en.stdout.splitlines()), en.stdout
    zh = run("cows", "check", f, "--suggest", "1", "--lang", "zh")
    assert any(": 建议 1: 移动 r" in ln for ln in zh.stdout.splitlines()), zh.stdout
