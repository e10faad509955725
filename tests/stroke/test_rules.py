"""Move strings and the state after each (seed 000 §4.5, §5.3; the stroke contract)."""

from __future__ import annotations

import pytest

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, parse_level


def level(cells: list[dict[str, object]]) -> Level:
    lv, problems = parse_level({"id": "t", "cells": cells})
    assert lv is not None, problems
    return lv


def row(n: int, **extra: dict[str, object]) -> Level:
    """n unit cells in a row, ids a, b, c…; extra fields per id."""
    ids = "abcdefghijklmnop"[:n]
    return level(
        [{"id": c, "x": x, "y": 0, "w": 1, "h": 1, **extra.get(c, {})} for x, c in enumerate(ids)]
    )


def test_start_add_and_state_fields() -> None:
    lv = row(4, a={"clue": 1})
    s = MODE.replay(lv, ["start a", "add b"])
    assert s == {
        "path": ["a", "b"],
        "steps": {"a": 1, "b": 2},
        "revealed": {},
        "conflicts": [],
        "end": "b",
        "deadEnd": False,
        "remaining": 2,
        "cleared": False,
    }


def test_empty_state() -> None:
    s = MODE.replay(row(3), [])
    assert s["path"] == [] and s["end"] is None and s["deadEnd"] is False and s["remaining"] == 3


def test_only_clue_one_is_a_legal_start() -> None:
    lv = row(3, b={"clue": 1})
    with pytest.raises(IllegalMoveError, match=r"move 1 'start a'.*clue-1 cell b"):
        MODE.replay(lv, ["start a"])
    assert MODE.replay(lv, ["start b"])["path"] == ["b"]


def test_any_start_without_clue_one() -> None:
    lv = row(3, c={"clue": 3})
    for cell in "abc":
        assert MODE.replay(lv, [f"start {cell}"])["path"] == [cell]


def test_start_on_even_parity_is_a_parity_conflict() -> None:
    lv = row(3, a={"parity": "even"})
    s = MODE.replay(lv, ["start a"])
    assert s["conflicts"] == [{"cell": "a", "step": 1, "code": "parity", "parity": "even"}]


@pytest.mark.parametrize(
    ("moves", "why"),
    [
        (["add a"], "no path yet"),
        (["start a", "start b"], "already started"),
        (["start a", "add c"], "not adjacent"),
        (["start a", "add b", "add a"], "already on the path"),
        (["start a", "rewind c"], "not on the path"),
        (["start zz"], "no cell 'zz'"),
        (["jump a"], "unknown move"),
        (["start"], "takes one cell id"),
        (["reset now"], "takes no argument"),
        (["reveal a"], "takes a cell id and a step"),
        (["reveal a x"], "not a number"),
        (["reveal a 9"], "outside 1..4"),
        (["reveal a 2", "reveal b 2"], "already given"),
        (["reveal a 2", "reveal a 3"], "already shows a number"),
    ],
)
def test_illegal_moves_name_the_move(moves: list[str], why: str) -> None:
    with pytest.raises(IllegalMoveError, match=f"move {len(moves)} .*{why}"):
        MODE.replay(row(4), moves)


def test_rewind_keeps_the_cell_and_drops_the_rest() -> None:
    lv = row(5, a={"clue": 1})
    s = MODE.replay(lv, ["start a", "add b", "add c", "add d", "rewind b"])
    assert s["path"] == ["a", "b"] and s["end"] == "b"
    s = MODE.replay(lv, ["start a", "add b", "add c", "rewind c", "add d"])
    assert s["path"] == ["a", "b", "c", "d"]
    s = MODE.replay(lv, ["start a", "add b", "rewind a"])
    assert s["path"] == ["a"]


def test_reset_keeps_revealed_numbers() -> None:
    lv = row(4, a={"clue": 1})
    s = MODE.replay(lv, ["start a", "add b", "reveal c 3", "reset"])
    assert s["path"] == [] and s["revealed"] == {"c": 3}


def test_step_elsewhere_then_clue_step() -> None:
    # a b c in a row, d under b, e under c; clue 1 on a, clue 3 on c
    lv = level(
        [
            {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
            {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
            {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1, "clue": 3},
            {"id": "d", "x": 1, "y": 1, "w": 1, "h": 1},
            {"id": "e", "x": 2, "y": 1, "w": 1, "h": 1},
        ]
    )
    s = MODE.replay(lv, ["start a", "add b", "add d"])
    assert s["conflicts"] == [{"cell": "d", "step": 3, "code": "step-elsewhere", "clue": 3}]
    s = MODE.replay(lv, ["start a", "add b", "add d", "add e", "add c"])
    assert s["conflicts"] == [
        {"cell": "d", "step": 3, "code": "step-elsewhere", "clue": 3},
        {"cell": "c", "step": 5, "code": "clue-step", "clue": 3},
    ]
    assert s["remaining"] == 0 and s["deadEnd"] is True and s["cleared"] is False
    s = MODE.replay(lv, ["start a", "add b", "add c", "add e", "add d"])
    assert s["conflicts"] == [] and s["cleared"] is True and s["deadEnd"] is False


def test_revealed_number_conflicts_like_a_clue() -> None:
    lv = row(4, a={"clue": 1})
    s = MODE.replay(lv, ["start a", "add b", "add c", "reveal c 2"])
    assert s["conflicts"] == [
        {"cell": "b", "step": 2, "code": "step-elsewhere", "clue": 2},
        {"cell": "c", "step": 3, "code": "clue-step", "clue": 2},
    ]
    assert s["cleared"] is False


def test_revealed_number_on_a_parity_cell_keeps_both() -> None:
    lv = row(4, a={"clue": 1}, c={"parity": "even"})
    s = MODE.replay(lv, ["reveal c 4", "start a", "add b", "add c", "add d"])
    codes = [(c["cell"], c["code"]) for c in s["conflicts"]]
    assert codes == [("c", "clue-step"), ("c", "parity"), ("d", "step-elsewhere")]


def test_cleared_needs_every_cell_and_no_conflict() -> None:
    lv = row(3, c={"parity": "even"})
    s = MODE.replay(lv, ["start a", "add b", "add c"])
    assert s["remaining"] == 0 and s["cleared"] is False
    assert s["deadEnd"] is True
    s = MODE.replay(lv, ["start c", "add b", "add a"])
    assert s["conflicts"] == [{"cell": "c", "step": 1, "code": "parity", "parity": "even"}]
    lv2 = row(3, a={"parity": "odd"})
    assert MODE.replay(lv2, ["start a", "add b", "add c"])["cleared"] is True


def test_moves_must_be_a_list() -> None:
    with pytest.raises(IllegalMoveError):
        MODE.replay(row(3), "start a")  # type: ignore[arg-type]
