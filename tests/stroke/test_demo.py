"""The 15-cell rule sample of seed 000 §7.3: adjacency, unique solution, the wrong move j → i."""

from __future__ import annotations

from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, board_of

SOLUTION = ["s", "l", "m", "j", "h", "B", "d", "e", "c", "b", "a", "A", "f", "g", "i"]


def neighbours(level: Level, cell: str) -> set[str]:
    b = board_of(level)
    return {b.ids[j] for j in b.adj[b.index[cell]]}


def test_demo_shape(demo: Level) -> None:
    b = board_of(demo)
    assert b.n == 15
    assert board_of(demo).clue == {b.index["s"]: 1, b.index["B"]: 6}
    big = {c.id: (c.w, c.h) for c in demo.cells if c.big}
    assert big == {"A": (2, 2), "B": (2, 2)}


def test_demo_adjacency_facts(demo: Level) -> None:
    # A touches a (right), f and g (bottom); h only at a corner
    assert neighbours(demo, "A") == {"a", "f", "g"}
    assert "h" not in neighbours(demo, "A")
    # B touches d, e (top), h, j (left); its bottom edge is all holes
    assert neighbours(demo, "B") == {"d", "e", "h", "j"}
    # the clue-1 cell touches only l: degree 1, so it is an end of the path
    assert neighbours(demo, "s") == {"l"}
    # holes do not connect: a sits above the hole at (2, 1), so a and h are not neighbours
    assert "h" not in neighbours(demo, "a")


def test_demo_unique_solution(demo: Level) -> None:
    result = MODE.solve(demo, limit=2)
    assert result.complete
    assert result.count == 1
    assert result.solutions == [SOLUTION]
    assert [p.code for p in MODE.check(demo) if p.severity == "error"] == []


def test_demo_solution_replays_clear(demo: Level) -> None:
    moves = [f"start {SOLUTION[0]}"] + [f"add {c}" for c in SOLUTION[1:]]
    state = MODE.replay(demo, moves)
    assert state["cleared"] is True
    assert state["steps"]["B"] == 6  # a 2×2 cell is one step
    assert state["conflicts"] == []
    assert state["deadEnd"] is False
    assert state["remaining"] == 0


def test_wrong_move_j_to_i_makes_b_a_conflicting_eight(demo: Level) -> None:
    moves = ["start s", "add l", "add m", "add j", "add i", "add g", "add h", "add B"]
    state = MODE.replay(demo, moves)
    assert state["steps"]["B"] == 8
    assert {"cell": "B", "step": 8, "code": "clue-step", "clue": 6} in state["conflicts"]
    # step 6 landed on g, not on the clue-6 cell B
    assert {"cell": "g", "step": 6, "code": "step-elsewhere", "clue": 6} in state["conflicts"]
    assert [c["step"] for c in state["conflicts"]] == sorted(c["step"] for c in state["conflicts"])
    assert state["cleared"] is False


def test_correct_route_takes_h_then_b(demo: Level) -> None:
    state = MODE.replay(demo, ["start s", "add l", "add m", "add j", "add h", "add B"])
    assert state["steps"]["h"] == 5 and state["steps"]["B"] == 6
    assert state["conflicts"] == []


def test_demo_view(demo: Level) -> None:
    view = MODE.view(demo)
    assert view["mode"] == "01-number-stroke"
    assert view["n"] == 15
    assert view["start"] == "s"
    assert view["solution"] == SOLUTION
    assert view["bounds"] == {"x": 0, "y": 0, "w": 5, "h": 5}
    cells = {c["id"]: c for c in view["cells"]}
    assert sorted(map(tuple, cells["B"]["units"])) == [(3, 2), (3, 3), (4, 2), (4, 3)]
    assert cells["B"]["clue"] == 6
    assert set(view["adjacency"]["B"]) == {"d", "e", "h", "j"}


def test_demo_is_hidden_not_in_level_select() -> None:
    shipped = [lv.id for pack in MODE.shipped_packs() for lv in pack.levels]
    assert "demo" not in shipped
    assert any(f.name == "demo.json" for f in MODE.hidden_pack_files())
