"""tools/hex_design.py keeps a level only when it has the turning walls its plan promises:
a caption that says three turners never ships over a board with four (or two)."""

from __future__ import annotations

import dataclasses
import importlib.util
import re
import sys
from pathlib import Path
from types import ModuleType

import pytest

from puzzlesmith.hexwalls import MODE
from puzzlesmith.hexwalls.board import Level

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def hex_design() -> ModuleType:
    spec = importlib.util.spec_from_file_location("hex_design", ROOT / "tools" / "hex_design.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["hex_design"] = module  # its dataclasses look their module up
    try:
        spec.loader.exec_module(module)
    finally:
        del sys.modules["hex_design"]
    return module


def shipped(level_id: str) -> Level:
    level: Level = MODE.find_level(level_id)[1]
    return level


def test_fits_refuses_a_level_without_the_turners_its_plan_promises(
    hex_design: ModuleType, monkeypatch: pytest.MonkeyPatch
) -> None:
    """2-8's plan asks the generator for four turners and its stuck clue leaves three: the
    plan promises three (its caption's), and only a level with three fits."""
    plan = next(p for p in hex_design.PLANS if p.id == "2-8")
    level = shipped("2-8")
    assert plan.opts.turners == 4 and len(level.turners) == plan.turner_count == 3
    monkeypatch.setattr(hex_design, "generate_level", lambda opts, seed, index: level)
    found = hex_design.fits(plan, plan.seed)
    assert found is not None and found[0] == level
    for promised in (None, 2, 4):  # None: the generator's four, as the plan said before
        assert hex_design.fits(dataclasses.replace(plan, turners=promised), plan.seed) is None


def test_every_shipped_planned_level_has_its_plans_turners(hex_design: ModuleType) -> None:
    wrong = [
        f"{p.id}: {len(shipped(p.id).turners)} turners, the plan promises {p.turner_count}"
        for p in hex_design.PLANS
        if len(shipped(p.id).turners) != p.turner_count
    ]
    assert wrong == []


ZH = {"一": 1, "两": 2, "二": 2, "三": 3, "四": 4, "五": 5, "六": 6}
EN = {"one": 1, "two": 2, "three": 3, "four": 4, "five": 5, "six": 6}


def test_a_caption_that_counts_turners_counts_the_plans(hex_design: ModuleType) -> None:
    """Where a plan's caption says how many turning walls, it says the plan's number, in
    both languages."""
    counted = 0
    for plan in hex_design.PLANS:
        zh = [ZH[n] for n in re.findall(r"([一两二三四五六])个转墙", plan.caption)]
        said = re.findall(r"\b(\w+) turning walls?\b", plan.caption)
        en = [EN[w.lower()] for w in said if w.lower() in EN]  # not "a turning wall"
        assert zh == en, plan.id
        assert all(n == plan.turner_count for n in zh), (plan.id, zh, plan.turner_count)
        counted += bool(zh)
    assert counted >= 4  # 2-4, 2-7, 2-8, 2-9 say it
