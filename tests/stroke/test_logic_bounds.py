"""The Number Stroke grader answers or refuses within a bounded amount of work.

Work is counted in budget units (``core.budget.spend``: cells the engine looked at),
never in wall time, so these tests hold on a loaded machine.
"""

from __future__ import annotations

import pytest

from puzzlesmith.core.budget import BudgetExceeded, budget
from puzzlesmith.paths import techniques
from puzzlesmith.stroke import logic
from puzzlesmith.stroke.board import Level, parse_level


def snake(width: int, every: int) -> Level:
    """A width × width board of unit cells, clues every ``every`` steps of a snake path."""
    order = [(x if y % 2 == 0 else width - 1 - x, y) for y in range(width) for x in range(width)]
    step = {p: i + 1 for i, p in enumerate(order)}
    cells = []
    for y in range(width):
        for x in range(width):
            cell: dict[str, object] = {"id": f"c{x}_{y}", "x": x, "y": y, "w": 1, "h": 1}
            if step[x, y] % every == 1:
                cell["clue"] = step[x, y]
            cells.append(cell)
    lv = parse_level({"id": "snake", "cells": cells})[0]
    assert lv is not None
    return lv


def test_the_largest_board_that_loads_grades_within_the_engines_cap() -> None:
    with budget(nodes=techniques.LOGIC_WORK + 1) as spent:
        g = logic.grade(snake(20, 50))
    assert g.steps and spent.nodes <= techniques.LOGIC_WORK


def test_the_engine_refuses_cleanly_at_its_cap(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(techniques, "LOGIC_WORK", 50_000)
    with budget(nodes=10**9) as outer, pytest.raises(BudgetExceeded, match="gave up"):
        logic.grade(snake(20, 50))
    assert 50_000 < outer.nodes < 60_000
