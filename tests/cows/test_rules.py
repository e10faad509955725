"""Play rules: move strings, replay, conflicts with the cells involved, cleared."""

from __future__ import annotations

import pytest
from tests.cows.conftest import level

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.cows import MODE
from puzzlesmith.cows.rules import replay

LV = level(["AABB", "ACBB", "CCDD", "CCDD"])  # solutions: [1,3,0,2] and [2,0,3,1]


def conflict_codes(moves: list[str]) -> list[tuple[str, list[str]]]:
    return [(c["code"], c["cells"]) for c in replay(LV, moves)["conflicts"]]


def test_empty_board() -> None:
    s = replay(LV, [])
    assert s["grid"] == ["...."] * 4 and s["cows"] == [] and not s["cleared"]


def test_each_conflict_names_its_cells() -> None:
    assert conflict_codes(["cow 0 0", "cow 0 3"]) == [("cows-same-row", ["r1c1", "r1c4"])]
    assert conflict_codes(["cow 0 0", "cow 3 0"]) == [("cows-same-column", ["r1c1", "r4c1"])]
    assert conflict_codes(["cow 0 2", "cow 1 3"]) == [
        ("cows-same-region", ["r1c3", "r2c4"]),
        ("cows-touch", ["r1c3", "r2c4"]),
    ]
    assert conflict_codes(["cow 1 1", "cow 2 2"]) == [("cows-touch", ["r2c2", "r3c3"])]
    assert conflict_codes(["cow 0 0", "cow 2 3"]) == []


def test_cleared_only_with_a_full_valid_placement() -> None:
    sol = ["cow 0 1", "cow 1 3", "cow 2 0", "cow 3 2"]
    assert replay(LV, sol[:3])["cleared"] is False
    s = replay(LV, sol)
    assert s["cleared"] is True and s["conflicts"] == []
    assert replay(LV, [*sol, "clear 3 2"])["cleared"] is False


def test_marks_batches_and_clear() -> None:
    s = replay(LV, ["mark 0 0 0 1 3 3", "clear 0 1", "cow 2 2"])
    assert s["grid"] == ["x...", "....", "..C.", "...x"]
    # a cow may overwrite a mark and a mark a cow: the last move wins
    assert replay(LV, ["cow 0 0", "mark 0 0"])["grid"][0] == "x..."


def test_auto_marks_only_empty_cells_ruled_out() -> None:
    s = replay(LV, ["cow 3 3", "cow 0 0", "auto 0 0"])
    # row 0, column 0, region A, neighbours; the other cow is left alone
    assert s["grid"] == ["Cxxx", "xx..", "x...", "x..C"]


@pytest.mark.parametrize(
    ("moves", "text"),
    [
        (["jump 0 0"], "unknown verb"),
        (["cow 0"], "expected 'cow r c'"),
        (["cow 0 0 1 1"], "expected 'cow r c'"),
        (["mark 0 0 1"], "expected 'mark r c' [r c ...]"),
        (["cow 4 0"], "off the board"),
        (["cow a b"], "must be whole numbers"),
        (["cow +1 0"], "must be whole numbers"),
        (["cow  0 0"], "expected 'cow r c'"),
        (["cow -1 0"], "must be whole numbers"),
        (["cow 0 0", "auto 1 1"], "move 2"),
        ([""], "unknown verb"),
    ],
)
def test_illegal_moves_named(moves: list[str], text: str) -> None:
    with pytest.raises(IllegalMoveError, match="move") as info:
        MODE.replay(LV, moves)
    assert text in str(info.value)
