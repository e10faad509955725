"""为什么 / Why names its subject (issue #35, item 5): the sentence says which step goes to
which cell, in the cell names the game uses ("第 6 步只能走 c3，因为…" / "Step 6 must go to
c3 because…"), never "the highlighted cell"; on a wrong path it says what broke — a number
reached at the wrong step, a parity the step does not have, cells cut off, a number out
of reach in time — naming the cells, in both languages."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from puzzlesmith.core import registry
from puzzlesmith.core.bits import bits
from puzzlesmith.core.catalogue import cell_name

PATH_MODES = ["01-number-stroke", "03-hex-walls"]
#: words that point at highlights instead of naming a cell
VAGUE = ("高亮", "圈出", "highlighted", "ringed")


def levels(mode_id: str) -> list[Any]:
    return [lv for p in registry.get(mode_id).shipped_packs() for lv in p.levels]


def no_cjk(text: str) -> bool:
    return not any("\u4e00" <= ch <= "\u9fff" for ch in text)


@pytest.mark.parametrize("mode_id", PATH_MODES)
def test_a_step_names_its_step_and_cell_in_both_languages(mode_id: str) -> None:
    mode = registry.get(mode_id)
    seen: set[str] = set()
    for level in levels(mode_id):
        sol = list(mode.solution_of(level))
        moves = mode.solution_moves(level)
        for k in sorted({0, 1, len(sol) // 3, len(sol) // 2, 2 * len(sol) // 3}):
            h = mode.hint(level, moves[:k], "why")
            if h["verdict"] != "step":
                continue
            name = cell_name(mode, sol[k])
            assert h["reason_zh"].startswith(f"第 {k + 1} 步只能走 {name}，因为"), h
            assert h["reason_en"].startswith(f"Step {k + 1} must go to {name} because "), h
            for text in (h["reason_zh"], h["reason_en"]):
                assert not any(v in text for v in VAGUE), text
                assert "{" not in text, text  # every placeholder filled
            assert no_cjk(h["reason_en"]), h["reason_en"]
            # the cells it rests on are named in the sentence too
            for c in h["reads"][:4]:
                assert cell_name(mode, c) in h["reason_zh"], h
            assert sol[k] in h["cells"] and not set(h["reads"]) & set(h["cells"])
            seen.add(h["technique"])
    assert len(seen) >= 3, seen  # several techniques were said, not one template


def wrong_paths(mode: Any, level: Any) -> Iterator[tuple[list[str], Any]]:
    """Every solution prefix followed by one legal step off the solution, and that wrong
    path walked on up to three more steps (to the first cell it can take each time)."""
    sol = list(mode.solution_of(level))
    moves = mode.solution_moves(level)
    for p in range(1, len(sol) - 1):
        state = mode.play(level, moves[:p])
        b = state.board
        for j in b.adj[state.path[-1]]:
            if b.ids[j] == sol[p] or state.can_add(j) is not None:
                continue
            wrong = [*moves[:p], f"add {b.ids[j]}"]
            for _ in range(4):
                now = mode.play(level, wrong)
                yield wrong, now
                nxt = [i for i in b.adj[now.path[-1]] if now.can_add(i) is None]
                if not nxt or len(now.path) == b.n:
                    break
                wrong = [*wrong, f"add {b.ids[nxt[0]]}"]


def reachable(state: Any) -> set[int]:
    """The cells the path's end reaches through cells not walked (Hex Walls: across no
    static wall; a turning wall may open, so its edge counts)."""
    walked = set(state.path)
    edges = getattr(state.board, "openmask", state.board.adjmask)
    seen, todo = {state.path[-1]}, [state.path[-1]]
    while todo:
        i = todo.pop()
        for j in bits(edges[i]):
            if j not in walked and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def test_a_wrong_path_says_what_broke() -> None:
    found: dict[str, dict[str, Any]] = {}
    for mode_id in PATH_MODES:
        mode = registry.get(mode_id)
        for level in levels(mode_id):
            for moves, state in wrong_paths(mode, level):
                h = mode.hint(level, moves, "why")
                assert h["verdict"] == "mistake", h
                sol = list(mode.solution_of(level))
                first = next(k for k, c in enumerate(state.path) if state.board.ids[c] != sol[k])
                step = first + 1
                wrong = cell_name(mode, state.board.ids[state.path[first]])
                # where it went wrong: the step and the cell, in both languages
                assert f"第 {step} 步（{wrong}）" in h["reason_zh"], h
                assert f"step {step} ({wrong})" in h["reason_en"], h
                assert no_cjk(h["reason_en"]) and "{" not in h["reason_zh"] + h["reason_en"]
                broke = h["broke"]
                b = state.board
                if broke == "clue-step":
                    nums = {state.number_on(c) for c in state.path} - {None}
                    assert any(f"写着 {n}" in h["reason_zh"] for n in nums), h
                    assert any(f"shows {n}" in h["reason_en"] for n in nums), h
                elif broke == "parity":
                    c0 = state.conflicts()[0]  # the first break on the path is the one said
                    assert c0["code"] == "parity" and c0["step"] % 2 != (c0["parity"] == "odd")
                    odd = c0["parity"] == "odd"
                    assert (
                        f"{cell_name(mode, c0['cell'])} 是{'奇' if odd else '偶'}数格"
                        in h["reason_zh"]
                    )
                    assert ("an odd cell" if odd else "an even cell") in h["reason_en"]
                    assert f"第 {c0['step']} 步" in h["reason_zh"]
                elif broke == "cut-off":
                    assert not state.conflicts()
                    cut = [
                        i for i in range(b.n) if i not in state.path and i not in reachable(state)
                    ]
                    assert cut
                    assert cell_name(mode, b.ids[cut[0]]) in h["reason_en"]
                    assert set(h["reads"]) == {b.ids[i] for i in cut}
                    assert "隔断" in h["reason_zh"] and "cut off" in h["reason_en"]
                elif broke == "too-far":
                    assert h["reads"] and "来不及" in h["reason_zh"] and "too far" in h["reason_en"]
                found.setdefault(broke, h)
    # each kind of break is met on the shipped levels and said
    assert {"clue-step", "cut-off", "too-far", "wrong-turn"} <= set(found), set(found)
    assert found["wrong-turn"]["reads"] == []
