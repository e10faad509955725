"""Cows' hint is the Why hint of issue #26: from the player's own marks it names the
technique in the player's words, rings the cells the reason rests on and marks what it
concludes. Every technique of the logic solver, on the position that needs it: a sentence
in both languages with no board-internal names, a highlight, a conclusion the unique
solution agrees with."""

from __future__ import annotations

import re

import pytest
from tests.cows.conftest import level
from tests.cows.test_logic import POSITIONS

from puzzlesmith.core import registry
from puzzlesmith.cows.board import board_of, cell_id
from puzzlesmith.cows.logic import TECHNIQUES
from puzzlesmith.cows.solver import solve

MODE = registry.get("04-cows")


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_every_technique_explains_itself_on_the_board(technique: str) -> None:
    regions, moves = POSITIONS[technique]
    lv = level(regions)
    h = MODE.hint(lv, moves, "next")
    assert h["kind"] == "step" and h["technique"] == technique, h
    assert h["because"] and (h["place"] or h["exclude"])  # rings: why, and what
    zh, en = h["reason_zh"], h["reason_en"]
    assert re.search(r"[\u4e00-\u9fff]", zh) and not re.search(r"[\u4e00-\u9fff]", en)
    assert not re.search(r"\(\d+,\s*\d+\)|\[[a-z-]+\]", zh + en)
    n = lv.size
    cows = {r * n + c for r, c in enumerate(solve(lv, 2).solutions[0])}
    b = board_of(lv)
    at = {cell_id(b, i): i for i in range(n * n)}
    assert {at[c] for c in h["place"]} <= cows
    assert not {at[c] for c in h["exclude"]} & cows


def shipped() -> list[object]:
    return [lv for p in MODE.shipped_packs() for lv in p.levels]


def test_why_agrees_with_the_solution_on_every_shipped_level() -> None:
    """为什么 / Why from the player's own marks a third and two thirds along the solution
    (the cows placed so far; at two thirds also the ✕ each cow rules out): a deduction with a sentence in both
    languages, cells read and cells concluded, and nothing the unique solution denies."""
    steps = 0
    for lv in shipped():
        b = board_of(lv)
        n = lv.size
        cows = {r * n + c for r, c in enumerate(solve(lv, 2).solutions[0])}
        at = {cell_id(b, i): i for i in range(n * n)}
        moves = MODE.solution_moves(lv)
        third, two = len(moves) // 3, 2 * len(moves) // 3
        marked = [*moves[:two], *(f"auto {m.split(' ', 1)[1]}" for m in moves[:two])]
        for k, played in ((third, moves[:third]), (two, marked)):
            h = MODE.hint(lv, played, "why")
            assert h["kind"] == "why" and h["verdict"] in ("step", "stuck"), (lv.id, k, h)
            assert h["reason_zh"] and h["reason_en"]
            if h["verdict"] == "stuck":
                continue
            steps += 1
            assert h["technique"] in TECHNIQUES and h["name_zh"] and h["name_en"]
            assert h["reads"] and h["cells"] == h["place"] + h["exclude"], (lv.id, k)
            assert {at[c] for c in h["place"]} <= cows, (lv.id, k, h)
            assert not {at[c] for c in h["exclude"]} & cows, (lv.id, k, h)
    assert steps >= 2 * len(shipped()) - 2  # the solver explains nearly every position


def test_why_says_where_the_marks_go_wrong() -> None:
    lv = shipped()[5]
    b = board_of(lv)
    n = lv.size
    sol = solve(lv, 2).solutions[0]
    wrong_col = (sol[0] + 2) % n  # a cow off the solution in the first row
    h = MODE.hint(lv, [f"cow 0 {wrong_col}"], "why")
    assert h["verdict"] == "mistake" and h["cells"] == [cell_id(b, wrong_col)]
    assert "misplaced" in h["reason_en"] and "放错" in h["reason_zh"]
    h = MODE.hint(lv, [f"mark 0 {sol[0]}"], "why")  # a ✕ on a solution cow
    assert h["verdict"] == "mistake" and h["cells"] == [cell_id(b, sol[0])]
    assert MODE.hint(lv, MODE.solution_moves(lv), "why")["verdict"] == "done"
