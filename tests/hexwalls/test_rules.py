"""Playing: move strings, the turner phase on moves and undo, conflicts, reveal, dead ends."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.hexwalls import MODE
from puzzlesmith.hexwalls.board import Level, board_of, edge, turn_cycle, vertex
from puzzlesmith.hexwalls.rules import replay

MakeLevel = Callable[[dict[str, Any]], Level]

# a 2x3 strip of hexes; one turner in the middle
STRIP = {
    "id": "t",
    "cells": [
        {"id": "a", "q": 0, "r": 0, "clue": 1},
        {"id": "b", "q": 1, "r": 0},
        {"id": "c", "q": 2, "r": 0},
        {"id": "d", "q": 0, "r": 1},
        {"id": "e", "q": 1, "r": 1},
        {"id": "f", "q": -1, "r": 1, "clue": 6},
    ],
    "turners": [{"pivot": [[1, 0], [0, 1], [1, 1]], "at": [[1, 0], [1, 1]]}],
}


def _edge_of(state: dict[str, Any]) -> Any:
    return state["turners"][0]["edge"]


def test_turner_turns_once_per_landing_and_back_on_undo(make_level: MakeLevel) -> None:
    lv = make_level(STRIP)
    cyc = turn_cycle(vertex((1, 0), (0, 1), (1, 1)))
    start = cyc.index(edge((1, 0), (1, 1)))
    moves = ["start a", "add b", "add c", "add e"]
    for k in range(len(moves) + 1):
        s = replay(lv, moves[:k])
        want = cyc[(start + k) % 3]
        assert _edge_of(s) == [list(want[0]), list(want[1])]
        assert s["turns"] == k
        if k:
            undone = replay(lv, [*moves[:k], "undo"])
            assert undone == replay(lv, moves[: k - 1])


def test_move_judged_with_the_wall_after_k_landings(make_level: MakeLevel) -> None:
    lv = make_level(STRIP)
    b = board_of(lv)
    path = ["a", "b", "c", "e", "d", "f"]
    for k in range(1, len(path)):
        i, j = b.index[path[k - 1]], b.index[path[k]]
        try:
            replay(lv, ["start a", *(f"add {c}" for c in path[1 : k + 1])])
            legal = True
        except IllegalMoveError as exc:
            legal = False
            assert f"move {k + 1}" in str(exc) and "wall blocks" in str(exc)
        assert legal == b.is_open(i, j, k)
        if not legal:
            break


def test_static_wall_blocks(make_level: MakeLevel) -> None:
    lv = make_level({**STRIP, "turners": [], "walls": [[[0, 0], [1, 0]]]})
    with pytest.raises(IllegalMoveError, match="wall blocks a → b"):
        replay(lv, ["start a", "add b"])
    assert replay(lv, ["start a", "add d"])["path"] == ["a", "d"]


@pytest.mark.parametrize(
    ("moves", "why"),
    [
        (["start b"], "must start on the cell numbered 1"),
        (["add b"], "not started"),
        (["start a", "start a"], "already started"),
        (["start a", "add c"], "not next to the end"),
        (["start a", "add d", "add a"], "already on the path"),
        (["start zz"], "no cell"),
        (["undo"], "nothing to undo"),
        (["rewind a"], "unknown move"),
        (["reveal b x"], "not a number"),
        (["reveal b 9"], "outside"),
        (["reveal a 2"], "already shows"),
        (["reveal b 6"], "already shown"),
        ([""], "unknown move"),
        (["add  b"], "unknown move"),
    ],
)
def test_illegal_moves_name_index_and_reason(
    make_level: MakeLevel, moves: list[str], why: str
) -> None:
    with pytest.raises(IllegalMoveError, match=why) as info:
        replay(make_level(STRIP), moves)
    assert f"move {len(moves)}" in str(info.value)


def test_conflicts_reveal_reset_and_clear(make_level: MakeLevel) -> None:
    lv = make_level({**STRIP, "turners": []})
    s = replay(lv, ["start a", "add d", "add f"])
    assert s["conflicts"] == [{"cell": "f", "step": 3, "code": "clue-step", "clue": 6}]
    s = replay(lv, ["reveal e 3", "start a", "add d", "add f"])
    assert s["conflicts"] == [
        {"cell": "f", "step": 3, "code": "clue-step", "clue": 6},
        {"cell": "f", "step": 3, "code": "step-elsewhere", "clue": 3},
    ]
    s = replay(lv, ["reveal e 3", "start a", "add d", "reset"])
    assert s["path"] == [] and s["revealed"] == {"e": 3} and s["end"] is None
    s = replay(lv, ["start a", "add b", "add c", "add e", "add d", "add f"])
    assert s["cleared"] and s["remaining"] == 0 and not s["deadEnd"]
    assert s["steps"] == {"a": 1, "b": 2, "c": 3, "e": 4, "d": 5, "f": 6}
    s = replay(lv, ["start a", "add d", "add f"])
    assert s["deadEnd"] and not s["cleared"]


def test_dead_end_counts_walls_of_the_moment(make_level: MakeLevel) -> None:
    # after 0,0 → 0,1 the turner blocks the only way on: a dead end
    lv = make_level(
        {
            "id": "t",
            "cells": [{"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0}, {"q": 0, "r": 1}],
            "turners": [{"pivot": [[0, 0], [1, 0], [0, 1]], "at": [[0, 0], [0, 1]]}],
        }
    )
    assert replay(lv, ["start 0,0", "add 0,1"])["deadEnd"]


def test_mode_replay_and_hints(shipped: dict[str, Level]) -> None:
    lv = shipped["2-1"]
    sol = MODE.view(lv)["solution"]
    # the 1 is a clue on screen: an untouched board is shown the first step from it
    assert MODE.hint(lv, [], "guide") == {"kind": "guide", "action": "next", "cell": sol[1]}
    assert MODE.hint(lv, [f"start {sol[0]}"], "guide") == {
        "kind": "guide",
        "action": "next",
        "cell": sol[1],
    }
    moves = [f"start {sol[0]}", *(f"add {c}" for c in sol[1:])]
    assert MODE.replay(lv, moves)["cleared"]
    assert MODE.hint(lv, moves, "guide")["action"] == "done"
    r = MODE.hint(lv, [], "reveal")
    assert r["kind"] == "reveal" and sol[r["step"] - 1] == r["cell"]
    # revealing everything leaves nothing to reveal
    done: list[str] = []
    for _ in range(len(sol)):
        h = MODE.hint(lv, done, "reveal")
        if h["cell"] is None:
            break
        done.append(f"reveal {h['cell']} {h['step']}")
    assert MODE.hint(lv, done, "reveal") == {"kind": "reveal", "cell": None}
    with pytest.raises(IllegalMoveError):
        MODE.hint(lv, [], "nope")


def test_guide_after_a_wrong_turn(shipped: dict[str, Level]) -> None:
    lv = shipped["1-5"]
    sol = MODE.view(lv)["solution"]
    b = board_of(lv)
    # take a legal wrong second step if there is one
    first = b.index[sol[0]]
    wrong = [b.ids[j] for j in b.adj[first] if b.ids[j] != sol[1] and b.is_open(first, j, 1)]
    if not wrong:
        pytest.skip("no wrong second step on this level")
    h = MODE.hint(lv, [f"start {sol[0]}", f"add {wrong[0]}"], "guide")
    assert h == {"kind": "guide", "action": "rewind", "cell": sol[0]}


def test_shared_path_hints_read_a_hex_position(make_level: MakeLevel) -> None:
    """The kit's 补数字 / 指路 (puzzlesmith.paths.hints) on a hex board and position."""
    from puzzlesmith.hexwalls.rules import play
    from puzzlesmith.paths.hints import guide, reveal_number

    lv = make_level(
        {
            "id": "t",
            "cells": [{"q": q, "r": 0, **({"clue": 1} if q == 0 else {})} for q in range(5)],
        }
    )
    sol = [f"{q},0" for q in range(5)]
    assert reveal_number(board_of(lv), sol, play(lv, [])) == ("2,0", 3)
    assert guide(board_of(lv), sol, play(lv, ["start 0,0", "add 1,0"])) == ("next", "2,0")
