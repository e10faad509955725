"""为什么 / Why (paths/explain.py) against the unique solution: on every shipped level of
both path modes, from the start, a third and two thirds of the way, the deduction it
shows concludes nothing the solution contradicts and lights the next cell; every
technique of the engine has a sentence in both languages and is walked on a real level;
a path off the solution gets ``mistake`` at its first wrong cell."""

from __future__ import annotations

from typing import Any

import pytest
from hex_boards import old_2_7

from puzzlesmith.core import registry
from puzzlesmith.hexwalls.logic import (
    HEX_NAMES,
    HEX_PINNED,
    HEX_TECHNIQUES,
    HEX_WORDS,
    grade,
    hex_deductions,
)
from puzzlesmith.paths.explain import NAMES, WORDS, deductions, explain
from puzzlesmith.paths.techniques import TECHNIQUES

PATH_MODES = ["01-number-stroke", "03-hex-walls"]


def levels(mode_id: str) -> list[Any]:
    return [lv for p in registry.get(mode_id).shipped_packs() for lv in p.levels]


def check_answer(mode: Any, level: Any, k: int, h: dict[str, Any]) -> None:
    solution = list(mode.solution_of(level))
    step_of = {c: i + 1 for i, c in enumerate(solution)}
    assert h["kind"] == "why" and h["verdict"] in ("step", "stuck"), h
    assert h["reason_zh"] and h["reason_en"]
    if h["verdict"] == "stuck":
        assert h["cells"] == [solution[k]]
        return
    assert solution[k] in h["cells"], (level.id, k, h)  # the next cell is lit
    for c in h["concludes"]:  # each concluded cell keeps its own step of the solution
        assert step_of[c["cell"]] in c["steps"], (level.id, k, c)
    assert not set(h["reads"]) & set(h["cells"])
    assert h["technique"] in WORDS or h["technique"] in HEX_WORDS


@pytest.mark.parametrize("mode_id", PATH_MODES)
def test_why_agrees_with_the_solution_on_every_shipped_level(mode_id: str) -> None:
    mode = registry.get(mode_id)
    stuck = 0
    for level in levels(mode_id):
        moves = mode.solution_moves(level)
        n = len(list(mode.solution_of(level)))
        for k in sorted({0, n // 3, 2 * n // 3}):
            h = mode.hint(level, moves[:k], "why")
            check_answer(mode, level, k, h)
            stuck += h["verdict"] == "stuck"
    assert stuck <= 2  # the engine explains nearly every position it is asked about


def test_every_technique_has_words_and_is_walked_on_a_shipped_level() -> None:
    assert set(TECHNIQUES) | {"rules", "number"} == set(WORDS) == set(NAMES)
    for zh, en in WORDS.values():
        assert zh and en and not any("\u4e00" <= ch <= "\u9fff" for ch in en)
    mode = registry.get("01-number-stroke")
    seen: dict[str, str] = {}
    for t, technique in enumerate(TECHNIQUES):  # it first, so each round tries it first
        enabled = TECHNIQUES[t:]
        for level in levels(mode.id):
            if technique in seen:
                break
            moves = mode.solution_moves(level)
            board = mode.play(level, []).board
            for k in range(len(moves)):
                state = mode.play(level, moves[:k])
                h = explain(mode.logic_graph(board), list(mode.solution_of(level)), state, enabled)
                if h["verdict"] == "step" and h["technique"] == technique:
                    check_answer(mode, level, k, h)
                    seen[technique] = f"{level.id}@{k}"
                    break
    # a technique that only ever narrows other cells (no_loop drops an edge) is walked in
    # the engine's run from the start: its sentence and its highlight
    for level in levels(mode.id):
        board = mode.play(level, []).board
        for h in deductions(mode.logic_graph(board), mode.play(level, [])):
            if h["technique"] not in seen:
                assert h["cells"] and h["reason_zh"] and h["reason_en"], h
                seen[h["technique"]] = level.id
    assert set(seen) == set(TECHNIQUES), sorted(set(TECHNIQUES) - set(seen))


@pytest.mark.parametrize("mode_id", PATH_MODES)
def test_a_path_off_the_solution_is_told_where_it_went_wrong(mode_id: str) -> None:
    mode = registry.get(mode_id)
    for level in levels(mode_id)[:12]:
        solution = list(mode.solution_of(level))
        moves = mode.solution_moves(level)
        for j in range(1, len(solution)):
            wrong = [c for c in mode.vote_moves(level, moves[:j]) if c != solution[j]]
            if wrong:
                h = mode.hint(level, [*moves[:j], f"add {wrong[0]}"], "why")
                assert h["verdict"] == "mistake" and h["cells"] == [wrong[0]]
                assert f"step {j + 1}" in h["reason_en"] and f"第 {j + 1} 步" in h["reason_zh"]
                break


def test_a_finished_path_is_done() -> None:
    mode = registry.get("01-number-stroke")
    level = levels(mode.id)[0]
    h = mode.hint(level, mode.solution_moves(level), "why")
    assert h["verdict"] == "done"


def test_hex_walls_own_techniques_explain_where_the_path_engine_is_stuck() -> None:
    """Hex Walls: every technique of its own engine (hexwalls/logic.py) has a sentence and
    a name in both languages; at every position along the solution of every shipped level,
    and of the old 2-7 (``hex_boards.OLD_2_7``: at step 6 the path engine alone has no
    deduction there, and the Why once was stuck), the Why is never stuck and agrees with
    the solution."""
    assert set(HEX_WORDS) == set(HEX_NAMES) == set(HEX_TECHNIQUES) >= set(HEX_PINNED)
    for zh, en in [*HEX_WORDS.values(), *HEX_NAMES.values(), *HEX_PINNED.values()]:
        assert zh and en and not any("\u4e00" <= ch <= "\u9fff" for ch in en)
        assert any("\u4e00" <= ch <= "\u9fff" for ch in zh)
    mode = registry.get("03-hex-walls")
    used: set[str] = set()
    stuck = 0
    for level in [*levels(mode.id), old_2_7()]:
        used |= set(grade(level).techniques) - {"no_solution"}
        moves = mode.solution_moves(level)
        for k in range(len(moves)):
            h = mode.hint(level, moves[:k], "why")
            check_answer(mode, level, k, h)
            stuck += h["verdict"] == "stuck"
            if h["technique"] in HEX_WORDS and h["technique"] not in WORDS:
                assert h["name_zh"] == HEX_NAMES[h["technique"]][0] and h["cells"]
    assert used <= set(HEX_TECHNIQUES) | set(TECHNIQUES), used - set(HEX_TECHNIQUES)
    assert stuck == 0, stuck
    lv = old_2_7()
    h = mode.hint(lv, mode.solution_moves(lv)[:6], "why")
    assert h["verdict"] == "step" and h["technique"] in HEX_WORDS, h
    assert h["cells"] == [mode.solution_of(lv)[6]] and h["reads"]  # step 7 lit, why ringed


def test_every_hex_technique_is_walked_with_its_sentence_and_highlight() -> None:
    """Each technique of Hex Walls' engine, tried first, on the first shipped level and
    position along its solution where it applies: a sentence in both languages naming the
    step, the cells it concludes lit, what they can still be agreeing with the solution."""
    mode = registry.get("03-hex-walls")
    seen: dict[str, str] = {}
    for technique in HEX_TECHNIQUES[1:]:  # "clue" is the setup: the path Why's "number"
        for level in levels(mode.id):
            solution = list(mode.solution_of(level))
            step_of = {c: i + 1 for i, c in enumerate(solution)}
            moves = mode.solution_moves(level)
            for k in range(len(moves)):
                state = mode.play(level, moves[:k])
                given = {**state.board.clue, **{c: i + 1 for i, c in enumerate(state.path)}}
                walk = hex_deductions(state.board, given, technique)
                h = next((h for h in walk if h["technique"] == technique), None)
                if h is None:
                    continue
                assert h["cells"] and h["reason_zh"] and h["reason_en"], h
                assert h["name_en"] == HEX_NAMES[technique][1]
                assert not set(h["reads"]) & set(h["cells"])
                for c in h["concludes"]:
                    assert step_of[c["cell"]] in c["steps"], (level.id, k, c)
                seen[technique] = f"{level.id}@{k}"
                break
            if technique in seen:
                break
    assert set(seen) == set(HEX_TECHNIQUES[1:]), sorted(set(HEX_TECHNIQUES[1:]) - set(seen))
