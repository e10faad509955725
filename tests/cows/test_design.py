"""Issue #40 item 1: region edits that make a hand-drawn Cows board unique (cows/design.py).

Every suggestion is checked here the way a designer would use it: its regions are
applied, the exact solver is asked for two solutions and finds exactly one, and the
edit it names (cells moved, from which region to which) is the difference between the
two boards.
"""

from __future__ import annotations

from typing import Any

import pytest

from puzzlesmith.core import registry, words
from puzzlesmith.core.levelcheck import check_level
from puzzlesmith.cows.board import Level, parse_level, rc_id
from puzzlesmith.cows.design import (
    KNOWN_SOLUTIONS,
    edits_json,
    moves_of,
    solution_count,
    suggest_edits,
)
from puzzlesmith.cows.logic import grade
from puzzlesmith.cows.solver import solve
from puzzlesmith.cows.teach import IDEAS, key_idea

from .conftest import level

#: a hand-made 6×6: two bands of rectangles; 25 solutions
SIX = ["AAABBB", "AAABBB", "CCDDEE", "CCDDEE", "FFFFEE", "FFFFEE"]
#: one moved cell short of unique (a shipped-style board with two solutions)
NEAR = ["AABB", "ACBB", "CCDD", "CCDD"]


def _applied(lv: Level, s: dict[str, Any]) -> Level:
    new, problems = parse_level({"id": lv.id, "regions": s["regions"]})
    assert new is not None and not problems, [p.line() for p in problems]
    return new


def _changed(before: Level, after: Level) -> dict[str, tuple[str, str]]:
    """Cell name → (old letter, new letter) of every cell whose region changed."""
    n = before.size
    return {
        rc_id(r, c): (before.regions[r][c], after.regions[r][c])
        for r in range(n)
        for c in range(n)
        if before.regions[r][c] != after.regions[r][c]
    }


@pytest.mark.parametrize("rows", [SIX, NEAR], ids=["six-by-six", "four-by-four"])
def test_a_suggestion_makes_the_board_unique_and_names_its_edit(rows: list[str]) -> None:
    lv = level(rows)
    assert solve(lv, 3).count >= 2
    out = edits_json(lv, suggest_edits(lv, 3))
    assert out, "a non-unique board this close to unique gets a suggestion"
    for s in out:
        new = _applied(lv, s)
        result = solve(new, 2)
        # the exact solver searched for a second solution and found none
        assert result.count == 1 and result.complete
        moved = _changed(lv, new)
        assert {m["cell"]: (m["from"], m["to"]) for m in s["moves"]} == moved
        assert s["cells"] == [m["cell"] for m in s["moves"]]
        g = grade(new)
        assert (s["grade"], s["solved"]) == (g.grade, g.solved)
        assert s["score"] == round(g.score, 1)
        assert s["key_idea"] == key_idea(new)
        assert set(s["ideas"]) <= set(IDEAS) and (s["key_idea"] in s["ideas"])
        assert s["idea_names"] == {
            i: [words.say(f"cw.idea.{i}", "zh"), words.say(f"cw.idea.{i}", "en")]
            for i in s["ideas"]
        }
        cells = ", ".join(f"{c} {a}→{b}" for c, (a, b) in moved.items())
        assert s["words"]["en"].startswith(f"move {cells}: unique, ")
        assert s["words"]["zh"].startswith("移动 ") and "唯一解" in s["words"]["zh"]


def test_edits_are_legal_region_moves() -> None:
    """Each moved cell joined a region it touched, and no region was emptied or split
    (the suggestion parses, so every region is one connected piece)."""
    lv = level(SIX)
    for s in edits_json(lv, suggest_edits(lv, 5)):
        new = _applied(lv, s)
        assert len({ch for row in new.regions for ch in row}) == 6


def test_one_moved_cell_comes_first_when_it_is_enough() -> None:
    lv = level(NEAR)
    out = suggest_edits(lv, 3)
    assert len(out[0].edits) == 1
    assert [len(s.edits) for s in out] == sorted(len(s.edits) for s in out)


def test_edits_needing_no_lookahead_come_first() -> None:
    lv = level(SIX)
    out = suggest_edits(lv, 5)
    flags = [not s.solved or s.lookahead > 0 for s in out]
    assert flags == sorted(flags)


def test_each_suggestion_moves_a_different_set_of_cells() -> None:
    lv = level(SIX)
    sets = [tuple(e.cell for e in s.edits) for s in suggest_edits(lv, 5)]
    assert len(sets) == len(set(sets))


def test_a_unique_board_gets_no_suggestion_and_says_unique(shipped: dict[str, Level]) -> None:
    lv = shipped["1-3"]
    assert solution_count(lv) == 1
    assert suggest_edits(lv, 3) == []


def test_a_board_with_no_solution_can_get_one() -> None:
    """Region A is one cell on the top row, beside B's cells: no placement works; moving a
    cell gives a board the solver proves unique."""
    none = level(["CBBAB", "CCBBB", "CDDBB", "CDDDE", "DDDDE"])
    assert solution_count(none) == 0
    out = edits_json(none, suggest_edits(none, 2))
    assert out
    for s in out:
        assert solve(_applied(none, s), 2).count == 1


def test_moves_keep_every_region_connected() -> None:
    n = 4
    owner = [0, 0, 1, 1, 0, 2, 1, 1, 2, 2, 3, 3, 2, 2, 3, 3]
    for j, g in moves_of(n, owner):
        trial = owner.copy()
        trial[j] = g
        rows = ["".join("ABCD"[trial[r * n + c]] for c in range(n)) for r in range(n)]
        assert parse_level({"id": "m", "regions": rows})[0] is not None, (j, g)


def test_the_editor_check_offers_the_same_edits() -> None:
    """The editor's check-level (core/levelcheck.py) suggests through Mode.suggest: the
    same engine, the same edits, each publishable."""
    cows = registry.get("cows")
    lv = level(SIX)
    found = check_level(cows, lv, suggest=2, fresh=True)
    assert found.verdict == "multiple"
    assert found.suggestions
    assert found.suggestions == cows.suggest(lv, len(found.suggestions))[: len(found.suggestions)]
    for s in found.suggestions:
        assert check_level(cows, _applied(lv, s), bounded=False).publishable


def test_known_solutions_cap_is_what_the_filter_trusts() -> None:
    """The filter only rules moves out (a known solution that survives is a real one), so a
    board with more solutions than the cap still gets proven suggestions or none."""
    lv = level(["AAAAAA", "BBBBBB", "CCCCCC", "DDDDDD", "EEEEEE", "FFFFFF"])
    assert solve(lv, KNOWN_SOLUTIONS + 1).count < KNOWN_SOLUTIONS  # 6×6 rows: 90
    for s in edits_json(lv, suggest_edits(lv, 2)):
        assert solve(_applied(lv, s), 2).count == 1
