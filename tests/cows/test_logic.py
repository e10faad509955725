"""The logic solver: each technique on a position where it is the easiest that applies,
soundness against the unique solution, and every real LinkedIn level solved without guessing.

Positions were found by running the solver over generated boards and keeping, for each
technique, a small position where it is the first deduction available (harder
techniques may apply there too). Three
techniques always subsume others by construction, so "the only one" is checked
where it can hold: the attack relation is symmetric, so every ``confinement`` cell is a
``shared-attack`` cell and every ``shared-attack`` cell is a ``contradiction`` cell,
and a ``hall-set`` of size k includes the smaller ones. For each position the test
asserts that no easier technique applies, that the technique's deduction is the
expected one, and that it agrees with the unique solution.
"""

from __future__ import annotations

from typing import Any

import pytest
from tests.cows.conftest import is_linkedin, level

from puzzlesmith.cows.board import Level, board_of, cell_id
from puzzlesmith.cows.logic import (
    FINDERS,
    TECHNIQUES,
    Position,
    applicable,
    deduce,
    grade,
    next_deduction,
)
from puzzlesmith.cows.rules import COW, MARK, apply_moves
from puzzlesmith.cows.solver import solve

POSITIONS: dict[str, tuple[list[str], list[str]]] = {
    "last-free": (
        ["ADDDDD", "AAAABD", "CCDDDD", "CFFDDD", "CFFDDE", "FFFEEE"],
        [
            "cow 0 0",
            "cow 1 4",
            "cow 2 1",
            "cow 3 3",
            "cow 4 5",
            "mark 0 1 0 2 0 3 0 4 0 5 1 0 1 1 1 2 1 3 1 5 2 0 2 2 2 3 2 4 2 5 3 0 3 1 3 2 3 4 3 5 4 0 4 1 4 2 4 3 4 4 5 0 5 1 5 3 5 4 5 5",
        ],
    ),
    "cow-excludes": (
        ["BAAAAA", "BBBCAA", "BBCCAA", "BDDCCA", "FFDFFE", "FFFFEE"],
        [
            "cow 0 4",
            "cow 1 0",
            "cow 2 3",
            "cow 4 5",
            "mark 0 0 0 1 0 2 0 3 0 5 1 1 1 2 1 3 1 4 1 5 2 0 2 1 2 2 2 4 2 5 3 0 3 3 3 4 3 5 4 0 4 1 4 2 4 3 4 4 5 0 5 3 5 4 5 5",
        ],
    ),
    "confinement": (
        ["AABBBB", "AABDBB", "CCBDDB", "CDDDEB", "CCDEEE", "CCCFFF"],
        [],
    ),
    "shared-attack": (
        ["AAAACE", "AABBCE", "AAACCE", "ADDEEE", "AFEEEE", "AFFFFE"],
        [
            "mark 0 1 0 2 0 3 1 0 1 1 1 4 1 5 2 1 2 2 3 0 3 3 3 4 3 5 4 2 4 3 4 4",
        ],
    ),
    "hall-set": (
        ["BBBBBA", "BDBCBB", "BDBCCC", "BDDDDC", "FFFEDC", "FFEEDD"],
        [
            "cow 0 5",
            "mark 0 0 0 1 0 2 0 3 0 4 1 4 1 5 2 1 2 2 2 5 3 3 3 5 4 2 4 5 5 4 5 5",
        ],
    ),
    "window-2x2": (
        ["AABBBC", "BBBBBC", "EBDDCC", "EBBDFF", "EEEDDF", "EEEDFF"],
        [
            "mark 0 2 0 3 0 4 0 5 1 0 1 1 1 3 1 4 2 2 3 5 4 4",
        ],
    ),
    "big-hall": (
        ["AAAAAA", "ABBBDD", "AABCCD", "EEBECD", "EEEEDD", "FFEDDD"],
        [
            "mark 0 0 0 1 0 2 1 0 1 3 1 4 1 5 2 0 2 1 2 2 2 5 3 2 3 3 3 4 4 0 4 1 5 2 5 3 5 4 5 5",
        ],
    ),
    "squeeze": (
        ["AAAAAA", "ACCBBB", "AACCDB", "AFFCDD", "FFEEED", "FEEDDD"],
        ["mark 0 4 0 5 1 0 1 3 2 0 2 1 2 4 3 0 3 3 4 1 4 4 5 3"],
    ),
    "contradiction": (
        ["AAAAAA", "ACCBBB", "AACCDB", "AFFCDD", "FFEEED", "FEEDDD"],
        ["mark 0 2 0 4 0 5 1 0 1 3 2 0 2 1 2 4 3 0 3 2 3 3 4 1 4 4 5 1 5 3"],
    ),
}

#: techniques that no position can have as the single applicable one (see module doc)
SUBSUMED = {
    "confinement": {"shared-attack", "contradiction"},
    "shared-attack": {"contradiction"},
    "hall-set": {"contradiction"},
    "window-2x2": {"contradiction"},
    "big-hall": {"contradiction"},
    "squeeze": {"contradiction"},
}


def position(regions: list[str], moves: list[str]) -> tuple[Level, Position]:
    lv = level(regions)
    b = board_of(lv)
    state = apply_moves(b, moves)
    cows = sum(1 << i for i, s in enumerate(state) if s == COW)
    excl = sum(1 << i for i, s in enumerate(state) if s == MARK)
    return lv, Position(b, cows, excl)


@pytest.mark.parametrize("technique", TECHNIQUES)
def test_technique_on_its_position(technique: str) -> None:
    regions, moves = POSITIONS[technique]
    lv, p = position(regions, moves)
    found = applicable(p)
    assert found[0] == technique
    # harder techniques may find something too; the ones after it in the list only
    later = set(TECHNIQUES[TECHNIQUES.index(technique) + 1 :])
    assert set(found) - {technique} <= SUBSUMED.get(technique, set()) | later
    easier = TECHNIQUES[: TECHNIQUES.index(technique)]
    assert all(FINDERS[t](p) is None for t in easier)
    d = next_deduction(p)
    assert d is not None and d.technique == technique
    assert d.place or d.exclude
    assert d.zh and d.en and d.because
    sol = solve(lv, 2)
    assert sol.count == 1
    cows = {r * lv.size + c for r, c in enumerate(sol.solutions[0])}
    placed = {i for i in range(lv.size**2) if d.place >> i & 1}
    excluded = {i for i in range(lv.size**2) if d.exclude >> i & 1}
    assert placed <= cows and not excluded & cows
    if technique in ("hall-set", "big-hall"):
        assert d.k == (2 if technique == "hall-set" else 3) and len(d.units) == 2 * d.k
    if technique == "squeeze":  # only what the cow itself rules out: no cow is followed
        assert find_contradiction_free(p, d)


def find_contradiction_free(p: Position, d: object) -> bool:
    """The squeezed cell's two houses keep free cells once its own attack is removed."""
    from puzzlesmith.cows.logic import Deduction

    assert isinstance(d, Deduction)
    b = p.board
    x = d.exclude.bit_length() - 1
    left = p.free & ~b.attack[x] & ~(1 << x)
    ua, ub, v = d.units
    return all(b.units[u] & left and not b.units[u] & left & ~b.units[v] for u in (ua, ub))


def test_lookahead_is_last_counted_and_can_be_switched_off() -> None:
    """Contradiction is tried only when nothing else applies, counted, and priced highest."""
    from puzzlesmith.cows.score import COSTS

    regions, moves = POSITIONS["contradiction"]
    _, p = position(regions, moves)
    assert next_deduction(p, lookahead=False) is None
    run = deduce(p.board, p.cows, p.excl, lookahead=False)
    assert not run.solved and run.lookahead == 0
    run = deduce(p.board, p.cows, p.excl)
    assert run.solved and run.lookahead >= 1
    assert COSTS["contradiction"] == max(COSTS.values())


def test_seed_multicolour_rule_really_marks_cells() -> None:
    """Seed 002 §3.2's "multi-colour" rule, whose code marks nothing, excludes cells here."""
    regions, moves = POSITIONS["hall-set"]
    lv, p = position(regions, moves)
    d = FINDERS["hall-set"](p)
    assert d is not None and d.exclude
    b = board_of(lv)
    assert all(not p.excl >> i & 1 for i in range(b.n * b.n) if d.exclude >> i & 1)


def test_stuck_on_a_board_with_two_solutions() -> None:
    lv = level(["AAAA", "BBBB", "CCCC", "DDDD"])
    run = deduce(board_of(lv))
    assert not run.solved and run.position.cows == 0
    g = grade(lv)
    assert not g.solved and g.grade == "unsolved"


@pytest.mark.parametrize("seed", range(8))
def test_every_step_agrees_with_the_solution(seed: int) -> None:
    from puzzlesmith.cows.generate import CowsOptions, generate_level

    lv = generate_level(CowsOptions(7, ("easy", "medium", "hard", "expert")[seed % 4]), seed, 0)
    b = board_of(lv)
    sol = solve(lv, 2).solutions[0]
    cows = sum(1 << (r * b.n + c) for r, c in enumerate(sol))
    run = deduce(b)
    assert run.solved and run.position.cows == cows
    for d in run.steps:
        assert d.place & ~cows == 0 and d.exclude & cows == 0, d.technique
    g = grade(lv)
    assert g.steps[0].cells and all(isinstance(c, str) for c in g.steps[0].cells)
    assert cell_id(b, 0) == "r1c1"


def test_linkedin_levels_all_solved_by_logic(real: tuple[list[Level], dict[str, Any]]) -> None:
    levels, counts = real
    linkedin = [lv for lv in levels if is_linkedin(lv)]
    assert len(linkedin) == 650
    for lv in linkedin:
        run = deduce(board_of(lv), lookahead=False)  # a person reasons each out
        assert run.solved, lv.id
        b = board_of(lv)
        want = counts[lv.id]["solution"]
        assert run.position.cows == sum(1 << (r * b.n + c) for r, c in enumerate(want)), lv.id
