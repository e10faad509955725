"""Publish checks (seed 001 §9, issue 5): each rule with a failing level, and the shipped packs."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.hexwalls import MODE
from puzzlesmith.hexwalls.board import Level, Turner, board_of, edge, neighbours, turn_cycle, vertex
from puzzlesmith.hexwalls.checks import check_level
from puzzlesmith.hexwalls.generate import _fits, _moves

MakeLevel = Callable[[dict[str, Any]], Level]


def codes(level: Level) -> list[str]:
    return [p.code for p in check_level(level)]


def test_no_solution_and_not_unique(make_level: MakeLevel) -> None:
    tri = [{"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}]
    assert codes(make_level({"id": "2-1", "cells": tri})) == ["not-unique"]
    walled = {"id": "2-1", "cells": tri, "walls": [[[0, 0], [1, 0]], [[0, 0], [0, 1]]]}
    assert codes(make_level(walled)) == ["no-solution"]


def test_walls_missing_from_level_3_on(shipped: dict[str, Level]) -> None:
    bare = shipped["1-2"]
    assert codes(bare) == []  # 1-2 may do without walls
    for lid in ("1-3", "1-10", "2-1"):
        assert codes(bare.with_(id=lid)) == ["walls-missing"]


def _unused_edge(level: Level) -> tuple[Any, Any]:
    sol = MODE.view(level)["solution"]
    b = board_of(level)
    used = {edge(b.hexes[b.index[x]], b.hexes[b.index[y]]) for x, y in itertools.pairwise(sol)}
    for i, h in enumerate(b.hexes):
        for j in b.adj[i]:
            e = edge(h, b.hexes[j])
            if e not in used and e not in level.walls:
                return e
    raise AssertionError("no unused edge")


def test_walls_that_do_no_work(shipped: dict[str, Level]) -> None:
    lv = shipped["1-2"].with_(id="1-3")
    lv = lv.with_(walls=(_unused_edge(lv),))
    assert codes(lv) == ["walls-unneeded", "wall-redundant"]


def test_redundant_static_wall_is_only_a_warning(shipped: dict[str, Level]) -> None:
    lv = shipped["1-6"]
    extra = lv.with_(walls=(*lv.walls, _unused_edge(lv)))
    problems = check_level(extra)
    assert [p.code for p in problems] == ["wall-redundant"]
    assert problems[0].severity == "warning"
    assert "wall (" in problems[0].line()
    assert MODE.check(lv) == []


def test_a_turner_that_can_go(shipped: dict[str, Level]) -> None:
    lv = shipped["1-5"]
    sol = [board_of(lv).hexes[board_of(lv).index[c]] for c in MODE.view(lv)["solution"]]
    moves = _moves(sol)
    # any vertex around the author path where a turner never blocks it
    for h in sol:
        ns = neighbours(h)
        for a, b in zip(ns, [*ns[1:], ns[0]], strict=True):
            v = vertex(h, a, b)
            for e in turn_cycle(v):
                t = Turner(v, e)
                if _fits(t, moves) and e not in lv.walls:
                    extra = lv.with_(turners=(t,))
                    if codes(extra) == ["turner-redundant"]:
                        return
    pytest.fail("found no harmless turner to add")


def test_a_turner_a_static_wall_could_replace(make_level: MakeLevel) -> None:
    lv = make_level(
        {
            "id": "2-1",
            "cells": [
                {"q": 0, "r": -1, "clue": 1},
                {"q": 1, "r": -1},
                {"q": -1, "r": 0},
                {"q": 0, "r": 0},
                {"q": -1, "r": 1},
                {"q": 0, "r": 1},
            ],
            "turners": [{"pivot": [[-1, 1], [0, 0], [0, 1]], "at": [[-1, 1], [0, 0]]}],
        }
    )
    problems = check_level(lv)
    assert [p.code for p in problems] == ["turner-replaceable"]
    assert problems[0].severity == "error" and "turner at" in problems[0].line()
    assert len(lv.with_(turners=()).walls) == 0 and codes(lv.with_(turners=())) == ["not-unique"]


def test_shipped_packs_pass_with_no_warning(shipped: dict[str, Level]) -> None:
    packs = MODE.shipped_packs()
    assert [len(p.levels) for p in packs] == [10, 9]
    assert [lv.id for lv in packs[0].levels] == [f"1-{i}" for i in range(1, 11)]
    assert [lv.id for lv in packs[1].levels] == [f"2-{i}" for i in range(1, 10)]
    for lv in shipped.values():
        assert MODE.check(lv) == [], lv.id
        assert lv.caption and lv.teach
    for lv in packs[0].levels[:2]:
        assert not lv.walls and not lv.turners
    for lv in packs[0].levels[2:]:
        assert lv.walls and not lv.turners
    # turners and board size grow up to the finale, which is placed by difficulty (the
    # hardest by the grader: tests/qa/test_grade_curves.py), not by its turner count
    turners = [len(lv.turners) for lv in packs[1].levels]
    assert all(1 <= t <= 4 for t in turners) and turners[:-1] == sorted(turners[:-1])
    sizes = [len(lv.cells) for lv in packs[1].levels]
    assert sizes[:-1] == sorted(sizes[:-1])


def test_validate_cli_passes_shipped() -> None:
    res = CliRunner().invoke(build_app(), ["hex", "validate"])
    assert res.exit_code == 0, res.output
    assert "hex: 19/19 levels passed" in res.output
