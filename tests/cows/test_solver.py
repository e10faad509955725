"""The exact solver against a CP-SAT model on random boards and against real puzzles."""

from __future__ import annotations

from typing import Any

import pytest
from tests.cows.conftest import is_linkedin
from tests.cows.cpsat import cpsat_solutions

from puzzlesmith.core.rng import rng_for
from puzzlesmith.cows.board import Level, parse_level
from puzzlesmith.cows.generate import grow_regions, plant_solution, to_level
from puzzlesmith.cows.rules import replay
from puzzlesmith.cows.solver import solve, solve_rows_plain


def random_board(seed: int) -> Level:
    """A random board: planted (has a solution) or grown from random seeds (may have none)."""
    rng = rng_for(seed, "cows-test")
    n = rng.randint(4, 8)
    if rng.random() < 0.5:
        cols = plant_solution(n, rng)
        owner = grow_regions(n, cols, rng, rng.choice([0.0, 4.0]))
    else:
        starts = rng.sample(range(n * n), n)
        cols = [s % n for s in starts]
        owner = grow_regions(n, cols, rng)  # seeds are reused as growth origins by row
        lv = to_level("x", n, owner)
        if parse_level(lv.to_json())[0] is None:
            owner = grow_regions(n, plant_solution(n, rng), rng)
    return to_level(f"rand-{seed}", n, owner)


@pytest.mark.parametrize("seed", range(60))
def test_matches_cpsat(seed: int) -> None:
    lv = random_board(seed)
    assert parse_level(lv.to_json())[0] is not None
    ours = solve(lv, 4)
    theirs = cpsat_solutions(lv, 4)
    assert ours.count == len(theirs)
    assert ours.complete == (len(theirs) < 4)
    if ours.complete:
        assert sorted(ours.solutions) == sorted(theirs)
    else:  # both stopped at the limit: each solution we list must be distinct and valid
        assert len({tuple(s) for s in ours.solutions}) == 4
        for sol in ours.solutions:
            assert replay(lv, [f"cow {r} {c}" for r, c in enumerate(sol)])["cleared"]
    assert solve_rows_plain(lv, 4) == len(theirs)


def test_limit_and_no_solution() -> None:
    lv = parse_level({"id": "x", "regions": ["AAAA", "BBBB", "CCCC", "DDDD"]})[0]
    assert lv is not None
    r = solve(lv, 5)  # each row is a region: the 2 row-permutations with no touching
    assert (r.count, r.complete, sorted(r.solutions)) == (2, True, [[1, 3, 0, 2], [2, 0, 3, 1]])
    r = solve(lv, 1)
    assert (r.count, r.complete) == (1, False)
    lv = parse_level({"id": "x", "regions": ["ABBB", "BBBB", "CCCD", "CCDD"]})[0]
    assert lv is not None and solve(lv, 2).count == 0 and solve(lv, 2).complete


def test_real_levels_counts(real: tuple[list[Level], dict[str, Any]]) -> None:
    """All 1,041 real puzzles: counts to 2 and the unique solutions match the corpus."""
    levels, counts = real
    assert len(levels) == 1041
    results = {lv.id: solve(lv, 2) for lv in levels}  # its speed is benchmarks/' business
    for lv in levels:
        want = counts[lv.id]
        got = results[lv.id]
        assert got.count == want["count"], lv.id
        if want["count"] == 1:
            assert got.solutions[0] == want["solution"], lv.id
    linkedin = [lv for lv in levels if is_linkedin(lv)]
    assert len(linkedin) == 650 and all(results[lv.id].count == 1 for lv in linkedin)
    assert sum(results[lv.id].count > 1 for lv in levels) == 59
