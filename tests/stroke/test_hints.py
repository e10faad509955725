"""补数字 (reveal) and 指路 (guide): seed 000 §10, seed 001 §7."""

from __future__ import annotations

import pytest

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, parse_level

SOLUTION = ["s", "l", "m", "j", "h", "B", "d", "e", "c", "b", "a", "A", "f", "g", "i"]


def snake(n: int, clues: dict[int, int]) -> Level:
    """A 1×n row; clues by x position."""
    cells = []
    for x in range(n):
        c: dict[str, object] = {"id": f"x{x}", "x": x, "y": 0, "w": 1, "h": 1}
        if x in clues:
            c["clue"] = clues[x]
        cells.append(c)
    lv = parse_level({"id": "row", "cells": cells})[0]
    assert lv is not None
    return lv


def test_reveal_halves_the_open_interval() -> None:
    lv = snake(9, {0: 1, 8: 9})  # known 1 and 9 → 5 (seed 000 §10)
    assert MODE.hint(lv, [], "reveal") == {"kind": "reveal", "cell": "x4", "step": 5}
    # with 5 revealed, the next reveal halves 1..5 (the first of two equal intervals)
    assert MODE.hint(lv, ["reveal x4 5"], "reveal") == {"kind": "reveal", "cell": "x2", "step": 3}


def test_reveal_skips_the_correct_prefix() -> None:
    lv = snake(9, {0: 1, 8: 9})
    moves = ["start x0", "add x1", "add x2", "add x3", "add x4", "add x5"]
    # steps 1..6 are drawn correctly: the open interval is 7..8, middle 7
    assert MODE.hint(lv, moves, "reveal") == {"kind": "reveal", "cell": "x6", "step": 7}


def test_reveal_follows_the_true_solution_when_the_path_is_wrong(demo: Level) -> None:
    wrong = ["start s", "add l", "add m", "add j", "add i", "add g"]
    hint = MODE.hint(demo, wrong, "reveal")
    # prefix s l m j is correct (4 steps); clue 6 on B: the widest gap is 7..15 → 11
    assert hint == {"kind": "reveal", "cell": SOLUTION[10], "step": 11}
    assert hint["cell"] == "a"


def test_reveal_none_when_everything_is_known() -> None:
    lv = snake(3, {0: 1})
    moves = ["start x0", "add x1", "add x2"]
    assert MODE.hint(lv, moves, "reveal") == {"kind": "reveal", "cell": None}


def test_reveal_then_replay_shows_the_number(demo: Level) -> None:
    hint = MODE.hint(demo, [], "reveal")
    state = MODE.replay(demo, [f"reveal {hint['cell']} {hint['step']}"])
    assert state["revealed"] == {hint["cell"]: hint["step"]}
    assert SOLUTION[hint["step"] - 1] == hint["cell"]


def test_guide_start_next_rewind_restart_done(demo: Level) -> None:
    # the 1 is a clue on screen: the answer is the first step from it, not the 1 again
    assert MODE.hint(demo, [], "guide") == {"kind": "guide", "action": "next", "cell": "l"}
    assert MODE.hint(demo, ["start s", "add l"], "guide") == {
        "kind": "guide",
        "action": "next",
        "cell": "m",
    }
    wrong = ["start s", "add l", "add m", "add j", "add i", "add g"]
    assert MODE.hint(demo, wrong, "guide") == {"kind": "guide", "action": "rewind", "cell": "j"}
    full = ["start s"] + [f"add {c}" for c in SOLUTION[1:]]
    assert MODE.hint(demo, full, "guide") == {"kind": "guide", "action": "done", "cell": None}


def test_guide_restart_when_the_start_is_wrong() -> None:
    lv = snake(4, {3: 4})  # no clue 1: the solution starts at x0
    assert MODE.hint(lv, [], "guide") == {"kind": "guide", "action": "start", "cell": "x0"}
    assert MODE.hint(lv, ["start x1"], "guide")["action"] == "restart"


def test_unknown_hint_kind() -> None:
    with pytest.raises(IllegalMoveError, match="unknown hint kind"):
        MODE.hint(snake(3, {0: 1}), [], "cheat")
