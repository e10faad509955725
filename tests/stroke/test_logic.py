"""The human-style solver: sound, explains itself, and each technique earns its place."""

from __future__ import annotations

import json
from typing import Any

import pytest
from typer.testing import CliRunner

from puzzlesmith.cli.main import build_app
from puzzlesmith.core.mode import LogicStep
from puzzlesmith.paths.grades import GRADES, grade_of
from puzzlesmith.paths.techniques import TECHNIQUES, Deduction, PathGraph, deduce
from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, board_of, parse_level
from puzzlesmith.stroke.logic import deduce_level, grade
from puzzlesmith.stroke.solver import solve


def _level(cells: list[dict[str, Any]], lid: str = "t") -> Level:
    level, problems = parse_level({"id": lid, "cells": cells})
    assert level is not None, problems
    return level


def _shipped() -> list[Level]:
    files = MODE.shipped_pack_files() + MODE.hidden_pack_files()
    return [lv for f in files for lv in MODE.load_file(f).levels]


SHIPPED = _shipped()


@pytest.mark.parametrize("level", SHIPPED, ids=[lv.id for lv in SHIPPED])
def test_every_shipped_level_is_solved_by_logic_with_the_exact_solution(level: Level) -> None:
    result = grade(level)
    assert result.solved, f"{level.id} stuck: {result.details.get('open')}"
    assert result.grade in GRADES
    exact = solve(board_of(level), 2)
    assert exact.count == 1 and exact.complete
    assert result.details["solution"] == exact.solutions[0]
    assert sum(result.techniques.values()) == len(result.steps)


BASE = [t for t in TECHNIQUES if t != "contradiction"]
EASY = ["single", "ends", "two_neighbours", "clue_neighbours"]

# Small levels on which one technique is needed: solved with ``base``, stuck without the
# technique. Found by searching random boards, kept here as fixed data.
CRAFTED: dict[str, tuple[list[str], list[dict[str, Any]]]] = {
    "single": (
        BASE,
        [
            {"id": "a", "x": 0, "y": 1, "w": 1, "h": 1},
            {"id": "b", "x": 1, "y": 1, "w": 2, "h": 2, "clue": 2},
            {"id": "c", "x": 0, "y": 2, "w": 1, "h": 1},
            {"id": "d", "x": 0, "y": 3, "w": 1, "h": 1, "parity": "even"},
            {"id": "e", "x": 1, "y": 3, "w": 1, "h": 1, "clue": 3},
            {"id": "f", "x": 2, "y": 3, "w": 1, "h": 1},
        ],
    ),
    "ends": (
        BASE,
        [
            {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1},
            {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1, "clue": 4},
            {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1},
            {"id": "d", "x": 0, "y": 1, "w": 2, "h": 2},
            {"id": "e", "x": 2, "y": 1, "w": 1, "h": 1},
            {"id": "f", "x": 3, "y": 1, "w": 1, "h": 1},
            {"id": "g", "x": 1, "y": 2, "w": 2, "h": 2, "shape": [[0, 1], [1, 0], [1, 1]]},
            {"id": "h", "x": 3, "y": 3, "w": 1, "h": 1},
        ],
    ),
    "two_neighbours": (
        BASE,
        [
            {"id": "a", "x": 1, "y": 1, "w": 1, "h": 1, "clue": 6},
            {"id": "b", "x": 2, "y": 1, "w": 1, "h": 2},
            {"id": "c", "x": 1, "y": 2, "w": 1, "h": 1},
            {
                "id": "d",
                "x": 0,
                "y": 3,
                "w": 3,
                "h": 2,
                "shape": [[0, 0], [1, 0], [1, 1], [2, 1]],
                "clue": 2,
            },
            {"id": "e", "x": 2, "y": 3, "w": 1, "h": 1},
            {"id": "f", "x": 0, "y": 4, "w": 1, "h": 1},
        ],
    ),
    "clue_neighbours": (
        EASY,
        [
            {
                "id": "a",
                "x": 0,
                "y": 0,
                "w": 2,
                "h": 3,
                "shape": [[0, 0], [0, 1], [0, 2], [1, 1]],
                "clue": 2,
            },
            {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
            {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1, "clue": 6},
            {"id": "d", "x": 2, "y": 1, "w": 1, "h": 1},
            {"id": "e", "x": 1, "y": 2, "w": 1, "h": 1},
            {"id": "f", "x": 2, "y": 2, "w": 1, "h": 1},
        ],
    ),
    "no_loop": (
        BASE,
        [
            {"id": "a", "x": 1, "y": 1, "w": 1, "h": 2},
            {"id": "b", "x": 0, "y": 2, "w": 1, "h": 1, "clue": 6},
            {"id": "c", "x": 2, "y": 2, "w": 1, "h": 1, "clue": 1},
            {"id": "d", "x": 0, "y": 3, "w": 2, "h": 2},
            {"id": "e", "x": 2, "y": 3, "w": 1, "h": 1},
            {"id": "f", "x": 2, "y": 4, "w": 1, "h": 1},
        ],
    ),
    "distance": (
        BASE,
        [
            {"id": "a", "x": 0, "y": 1, "w": 1, "h": 1},
            {"id": "b", "x": 1, "y": 1, "w": 1, "h": 2, "clue": 4},
            {
                "id": "c",
                "x": 1,
                "y": 1,
                "w": 2,
                "h": 3,
                "shape": [[0, 2], [1, 0], [1, 1], [1, 2]],
                "clue": 5,
            },
            {"id": "d", "x": 0, "y": 2, "w": 1, "h": 1},
            {"id": "e", "x": 0, "y": 3, "w": 1, "h": 1},
            {"id": "f", "x": 0, "y": 4, "w": 1, "h": 1, "clue": 7},
            {"id": "g", "x": 1, "y": 4, "w": 1, "h": 1},
        ],
    ),
    "parity": (
        BASE,
        [
            {"id": "a", "x": 0, "y": 1, "w": 1, "h": 1},
            {"id": "b", "x": 1, "y": 1, "w": 2, "h": 2, "clue": 2},
            {"id": "c", "x": 0, "y": 2, "w": 1, "h": 1},
            {"id": "d", "x": 0, "y": 3, "w": 1, "h": 1, "parity": "even"},
            {"id": "e", "x": 1, "y": 3, "w": 1, "h": 1, "clue": 3},
            {"id": "f", "x": 2, "y": 3, "w": 1, "h": 1},
        ],
    ),
    "connectivity": (
        list(TECHNIQUES),
        [
            {"id": "a", "x": 1, "y": 0, "w": 1, "h": 1},
            {"id": "b", "x": 2, "y": 0, "w": 1, "h": 1, "parity": "odd"},
            {"id": "c", "x": 1, "y": 1, "w": 2, "h": 1},
            {"id": "d", "x": 1, "y": 2, "w": 2, "h": 2},
            {"id": "e", "x": 0, "y": 3, "w": 1, "h": 1},
            {"id": "f", "x": 0, "y": 4, "w": 1, "h": 1},
            {"id": "g", "x": 1, "y": 4, "w": 1, "h": 1},
            {"id": "h", "x": 2, "y": 4, "w": 1, "h": 1, "clue": 8},
        ],
    ),
    "contradiction": (
        list(TECHNIQUES),
        [
            {"id": "a", "x": 2, "y": 0, "w": 1, "h": 1},
            {
                "id": "b",
                "x": 0,
                "y": 1,
                "w": 2,
                "h": 2,
                "shape": [[0, 0], [1, 0], [1, 1]],
                "clue": 3,
            },
            {"id": "c", "x": 2, "y": 1, "w": 1, "h": 2},
            {"id": "d", "x": 0, "y": 2, "w": 1, "h": 1},
            {"id": "e", "x": 0, "y": 3, "w": 2, "h": 2},
            {"id": "f", "x": 2, "y": 3, "w": 1, "h": 1},
        ],
    ),
    # shipped 3-5: n cannot be 16, or its neighbour m would keep one way on (no end)
    "dead_end": (
        BASE,
        [
            {"id": "a", "x": 2, "y": 0, "w": 2, "h": 1},
            {"id": "b", "x": 4, "y": 0, "w": 1, "h": 1},
            {
                "id": "c",
                "x": 0,
                "y": 1,
                "w": 2,
                "h": 3,
                "shape": [[1, 0], [0, 1], [1, 1], [1, 2]],
                "parity": "even",
            },
            {"id": "d", "x": 2, "y": 1, "w": 1, "h": 1, "clue": 9},
            {"id": "e", "x": 3, "y": 1, "w": 1, "h": 1},
            {"id": "f", "x": 4, "y": 1, "w": 1, "h": 1},
            {"id": "g", "x": 2, "y": 2, "w": 1, "h": 1},
            {"id": "h", "x": 3, "y": 2, "w": 1, "h": 1},
            {"id": "i", "x": 4, "y": 2, "w": 1, "h": 1},
            {"id": "j", "x": 0, "y": 3, "w": 1, "h": 1},
            {"id": "k", "x": 2, "y": 3, "w": 1, "h": 1},
            {"id": "l", "x": 4, "y": 3, "w": 1, "h": 1},
            {"id": "m", "x": 0, "y": 4, "w": 1, "h": 1},
            {"id": "n", "x": 1, "y": 4, "w": 1, "h": 1, "parity": "even"},
            {"id": "o", "x": 2, "y": 4, "w": 1, "h": 1},
            {"id": "p", "x": 4, "y": 4, "w": 1, "h": 1, "clue": 1},
        ],
    ),
}


def test_every_named_technique_has_a_crafted_level() -> None:
    assert set(CRAFTED) == set(TECHNIQUES)


@pytest.mark.parametrize("technique", list(CRAFTED))
def test_crafted_level_needs_its_technique(technique: str) -> None:
    base, cells = CRAFTED[technique]
    level = _level(cells, technique)
    with_it = deduce_level(level, base)
    assert with_it.solved, technique
    assert with_it.techniques.get(technique, 0) >= 1
    exact = solve(board_of(level), 2)
    assert exact.count == 1 and exact.complete
    assert [board_of(level).ids[i] for i in with_it.solution or []] == exact.solutions[0]
    # dead_end (a placement's direct exclusions) can stand in for any cheaper idea on
    # boards this small: each crafted level needs its technique among the others
    others = [t for t in base if t != technique and (technique == "dead_end" or t != "dead_end")]
    without = deduce_level(level, others)
    assert not without.solved and not without.impossible


# Unique (the exact solver proves it) but no chain of named deductions and no single
# short contradiction cracks it: only enumeration does.
ENUMERATION_ONLY = [
    {"id": "a", "x": 0, "y": 0, "w": 2, "h": 2},
    {"id": "b", "x": 2, "y": 1, "w": 1, "h": 1},
    {"id": "c", "x": 0, "y": 2, "w": 1, "h": 1},
    {"id": "d", "x": 1, "y": 2, "w": 1, "h": 2, "clue": 4},
    {"id": "e", "x": 2, "y": 2, "w": 1, "h": 1},
    {"id": "f", "x": 3, "y": 2, "w": 1, "h": 1},
    {"id": "g", "x": 0, "y": 3, "w": 1, "h": 1},
    {"id": "h", "x": 2, "y": 3, "w": 1, "h": 1},
]


def test_level_only_enumeration_cracks_is_reported_stuck() -> None:
    level = _level(ENUMERATION_ONLY, "enum")
    exact = solve(board_of(level), 2)
    assert exact.count == 1 and exact.complete
    result = grade(level)
    assert not result.solved
    assert result.details["solution"] is None
    assert result.details["open"]  # the cells still undecided are reported
    assert MODE.grade(level).solved is False
    problems = MODE.check(level)
    assert [p.code for p in problems if p.severity == "error"] == []
    assert "needs-guessing" in [p.code for p in problems]  # validate warns, does not fail


def test_contradiction_depth_is_recorded_and_explained() -> None:
    level = _level(CRAFTED["contradiction"][1])
    result = grade(level)
    assert result.details["max_depth"] >= 1
    step = next(s for s in result.steps if s.technique == "contradiction")
    assert step.reason.startswith("suppose ") and "depth" in step.reason
    assert result.grade != "easy"


@pytest.mark.parametrize(
    ("techniques", "depth", "expected"),
    [
        ({"ends": 3, "two_neighbours": 5}, 0, "easy"),
        ({"ends": 1, "distance": 2}, 0, "medium"),
        ({"parity": 1}, 0, "medium"),
        ({"dead_end": 1}, 0, "hard"),
        ({"contradiction": 1}, 3, "expert"),  # any lookahead is the top of the scale
        ({"distance": 1, "contradiction": 1}, 1, "expert"),
    ],
)
def test_grade_scale(techniques: dict[str, int], depth: int, expected: str) -> None:
    d = Deduction(True, False, [0], [], techniques, depth, [2])
    assert grade_of(d) == expected


def test_thinking_lifts_the_grade_without_lookahead() -> None:
    """Many counting steps, each reaching back across the board, make a level hard and
    then expert with no "what if" at all; the same steps as routine ones do not."""
    far = [LogicStep("distance", (f"c{i}",), "") for i in range(40)]
    easy = [LogicStep("ends", (f"c{i}",), "") for i in range(400)]
    few = Deduction(True, False, [0], far[:3], {"distance": 3}, 0, [2])
    some = Deduction(True, False, [0], far[:6], {"distance": 6}, 0, [2])
    many = Deduction(True, False, [0], far, {"distance": 40}, 0, [2])
    tedious = Deduction(True, False, [0], easy, {"ends": 400}, 0, [2])
    assert [grade_of(x) for x in (few, some, many)] == ["medium", "hard", "expert"]
    assert grade_of(tedious) == "easy"


def test_trace_names_cells_and_reasons_in_words() -> None:
    level = SHIPPED[-1]
    result = grade(level)
    ids = set(board_of(level).ids)
    for step in result.steps:
        assert step.technique in TECHNIQUES
        assert step.cells and set(step.cells) <= ids
        assert len(step.reason) > 20


def test_no_solution_is_impossible_not_stuck() -> None:
    level = _level(
        [
            {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 2},
            {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1},
            {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1},
        ]
    )
    result = grade(level)
    assert not result.solved and result.grade == "invalid" and result.details["impossible"]


def test_graph_engine_is_geometry_free_and_honours_a_step_edge_predicate() -> None:
    # a 4-cycle a-b-c-d-a; a is step 1. Without walls both directions work.
    cyc = (0b1010, 0b0101, 0b1010, 0b0101)
    names = ("a", "b", "c", "d")
    assert not deduce(PathGraph(names, cyc, {0: 1})).solved

    # a turning wall that closes a→b at step 1 leaves a→d→c→b only
    def step_edge(i: int, j: int, s: int) -> bool:
        return not ((i, j) == (0, 1) and s == 1)

    d = deduce(PathGraph(names, cyc, {0: 1}, step_edge=step_edge))
    assert d.solved and d.solution == [0, 3, 2, 1]


def test_cli_grade_json_and_trace() -> None:
    runner = CliRunner()
    app = build_app()
    lid = SHIPPED[0].id
    out = runner.invoke(app, ["stroke", "grade", lid, "--json"])
    assert out.exit_code == 0, out.output
    row = json.loads(out.output.strip().splitlines()[0])
    assert set(row) == {"level", "solved", "grade", "score", "steps", "techniques"}
    assert row["level"] == lid and row["solved"] is True
    traced = runner.invoke(app, ["stroke", "grade", SHIPPED[-1].id, "--trace"])
    assert traced.exit_code == 0
    assert "[" in traced.output and "solved by logic" in traced.output


def test_logic_agrees_with_the_exact_solver_on_random_boards() -> None:
    """Soundness: whatever logic concludes (solved / impossible), enumeration confirms."""
    import random

    from puzzlesmith.stroke.generate import GenerateOptions, _cells, _grow_board
    from puzzlesmith.stroke.solver import search

    opts = GenerateOptions(n="7-12", big="1-3", shaped="0-1")
    seen = {"solved": 0, "impossible": 0, "stuck": 0}
    for t in range(250):
        rng = random.Random(t)
        n = rng.randint(*opts.n_range)
        pieces = _grow_board(rng, opts, n)
        if pieces is None:
            continue
        cells, path = _cells(pieces)
        board = board_of(Level("r", tuple(cells)))
        steps = rng.sample(range(1, n + 1), rng.randint(1, 4))
        clues = {path[s - 1]: s for s in steps}
        if rng.random() < 0.3:  # sometimes a clue that breaks the author path
            c = rng.choice(list(clues))
            clues[c] = rng.choice([s for s in range(1, n + 1) if s not in clues.values()])
        parity = {}
        if rng.random() < 0.3:
            c = rng.choice([c for c in range(n) if c not in clues])
            parity[c] = rng.randint(0, 1)
        d = deduce(PathGraph(board.ids, board.adjmask, clues, parity))
        paths, complete = search(board.adjmask, clues, parity, 2)
        assert complete
        if d.solved:
            seen["solved"] += 1
            assert paths == [d.solution], t
        elif d.impossible:
            seen["impossible"] += 1
            assert paths == [], t
        else:
            seen["stuck"] += 1
    assert min(seen.values()) >= 10, seen
