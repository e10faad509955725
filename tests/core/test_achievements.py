"""The achievement catalogue and its rules, on the vectors the browser's mirror also checks."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from puzzlesmith.core.achievements import (
    CatalogueError,
    check_catalogue,
    evaluate,
    expand,
    load_catalogue,
    newly_unlocked,
    registry_context,
)

VECTORS = json.loads(
    (Path(__file__).resolve().parents[1] / "achievements_vectors.json").read_text("utf-8")
)
CAT = load_catalogue()


def test_catalogue_has_what_the_issue_asks() -> None:
    ids = {a["id"] for a in CAT["achievements"]}
    assert len(ids) >= 12
    assert {
        "first-clear",
        "pack",
        "pack-flawless",
        "comeback",
        "no-hint-5",
        "daily-3",
        "daily-7",
        "daily-30",
        "fast",
    } <= ids
    comeback = next(a for a in CAT["achievements"] if a["id"] == "comeback")
    assert comeback["name"]["zh"] == "极限反杀"


@pytest.mark.parametrize("k", range(len(VECTORS["cases"])))
def test_vectors(k: int) -> None:
    case = VECTORS["cases"][k]
    assert evaluate(CAT, case["history"], VECTORS["context"]) == case["expected"]


def test_each_pack_becomes_one_achievement_with_its_title() -> None:
    out = expand(CAT, VECTORS["context"])
    packs = [a for a in out if a["id"].startswith("pack:")]
    assert [a["id"] for a in packs] == ["pack:m1:1", "pack:m1:2", "pack:m2:1"]
    assert packs[2]["name"]["zh"] == "乙「C」通关" and "Two" in packs[2]["desc"]["en"]


def test_unlocks_once() -> None:
    history: list[dict[str, Any]] = [
        {"mode": "m1", "level": "a1", "ms": 1, "hints": 0, "highlights": []}
    ]
    first = newly_unlocked(CAT, history, VECTORS["context"], [])
    assert "first-clear" in first
    assert "first-clear" not in newly_unlocked(CAT, history * 2, VECTORS["context"], first)


def test_bad_catalogue_is_one_line() -> None:
    bad = {
        "achievements": [
            {
                "id": "x",
                "icon": "?",
                "name": {"zh": "x", "en": "x"},
                "desc": {"zh": "x", "en": "x"},
                "rule": {"kind": "nope"},
            }
        ]
    }
    with pytest.raises(CatalogueError, match=r"achievement #1 \(x\): unknown rule kind 'nope'"):
        check_catalogue(bad)


def test_api_serves_the_catalogue() -> None:
    from fastapi.testclient import TestClient

    from puzzlesmith.server.app import create_app

    r = TestClient(create_app()).get("/api/achievements")
    assert r.status_code == 200 and r.json() == CAT


def test_server_side_context_from_the_registry() -> None:
    ctx = registry_context()
    assert set(ctx["modes"]) >= {"01-number-stroke", "03-hex-walls", "04-cows"}
    first = ctx["packs"][0]
    history = [
        {"mode": first["mode"], "level": lid, "ms": 1, "hints": 0, "highlights": []}
        for lid in first["levels"]
    ]
    got = evaluate(CAT, history, ctx)
    assert f"pack:{first['mode']}:{first['pack']}" in got and "first-clear" in got
    assert "every-mode" not in got


def test_english_names_of_shipped_packs_carry_no_chinese() -> None:
    """Pack titles are "中文 / English": an achievement names the pack in its own language."""
    cjk = re.compile(r"[\u3400-\u9fff]")
    packs = [a for a in expand(CAT, registry_context()) if a["id"].startswith("pack")]
    assert packs
    for a in packs:
        assert not cjk.search(a["name"]["en"] + a["desc"]["en"]), a["name"]["en"]
        assert cjk.search(a["name"]["zh"]), a["name"]["zh"]
