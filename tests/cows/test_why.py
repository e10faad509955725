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
