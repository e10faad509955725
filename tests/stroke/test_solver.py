"""The exact solver against an independent CP-SAT model and against real Numbrix puzzles."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from stroke_support import cpsat_paths, random_puzzle

from puzzlesmith.stroke import MODE
from puzzlesmith.stroke.board import Level, board_of, parse_level
from puzzlesmith.stroke.solver import count, search, solve, step_domains

EXTERNAL = Path(__file__).resolve().parents[2] / ".." / "shared" / "external"
NUMBRIX = EXTERNAL / "numbrix-real.json"
NUMBRIX_COUNTS = EXTERNAL / "numbrix-real.counts.json"


def replay_clears(level: Level, path: list[str]) -> bool:
    moves = [f"start {path[0]}"] + [f"add {c}" for c in path[1:]]
    return bool(MODE.replay(level, moves)["cleared"])


def test_random_boards_match_cpsat() -> None:
    """300 seeded random polyomino boards (3–30 cells, few clues, some parities)."""
    rng = random.Random(20261130)
    seen = {0: 0, 1: 0, 2: 0}
    for _ in range(300):
        level = random_puzzle(rng, rng.randint(2, 6), rng.randint(2, 5))
        b = board_of(level)
        ours = solve(b, 2)
        theirs = cpsat_paths(b.adjmask, b.clue, b.parity, 2)
        assert ours.complete
        assert ours.count == len(theirs), level.to_json()
        for path in ours.solutions:
            assert replay_clears(level, path)
        seen[ours.count] += 1
    # the sample exercises every outcome
    assert min(seen.values()) >= 20, seen


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**32), w=st.integers(1, 6), h=st.integers(2, 5), limit=st.integers(1, 3)
)
@example(seed=12420, w=1, h=2, limit=1)  # every unit drawn as a hole: the support redraws
def test_hypothesis_counts_and_solutions(seed: int, w: int, h: int, limit: int) -> None:
    level = random_puzzle(random.Random(seed), w, h)
    b = board_of(level)
    ours = solve(b, limit)
    theirs = cpsat_paths(b.adjmask, b.clue, b.parity, limit)
    assert ours.complete and ours.count == len(theirs)
    assert len({tuple(p) for p in ours.solutions}) == ours.count
    for path in ours.solutions:
        assert sorted(path) == sorted(b.ids)
        assert replay_clears(level, path)


def test_no_clue_one_tries_every_start() -> None:
    # a 2×3 block with no clues: every Hamiltonian path counts, in both directions
    cells = [{"id": f"{x}{y}", "x": x, "y": y, "w": 1, "h": 1} for y in range(2) for x in range(3)]
    level = parse_level({"id": "t", "cells": cells})[0]
    assert level is not None
    b = board_of(level)
    everything = solve(b, 1000)
    assert everything.complete
    assert everything.count == len(cpsat_paths(b.adjmask, {}, {}, 1000)) == 16
    starts = {p[0] for p in everything.solutions}
    assert starts == set(b.ids)


def test_limit_and_count() -> None:
    cells = [{"id": f"c{x}", "x": x, "y": 0, "w": 1, "h": 1} for x in range(4)]
    level = parse_level({"id": "t", "cells": cells})[0]
    assert level is not None
    b = board_of(level)
    assert count(b, 1) == 1 and count(b, 5) == 2  # a row: forwards and backwards
    assert solve(b, 1).complete is True


def test_node_budget_reports_incomplete() -> None:
    cells = [{"id": f"{x}{y}", "x": x, "y": y, "w": 1, "h": 1} for y in range(4) for x in range(4)]
    level = parse_level({"id": "t", "cells": cells})[0]
    assert level is not None
    b = board_of(level)
    _paths, complete = search(b.adjmask, {}, {}, 10**6, node_budget=50)
    assert complete is False


def test_step_domains_add_implied_clues() -> None:
    # a row of 5 with clue 1 at one end: every step is forced
    known, may = step_domains([0b10, 0b101, 0b1010, 0b10100, 0b1000], {0: 1}, {})
    assert known == {0: 1, 1: 2, 2: 3, 3: 4, 4: 5}
    assert may[3] == 0b100
    assert step_domains([0b10, 0b101, 0b10], {1: 2}, {0: 1}) is not None
    assert step_domains([0b10, 0b101, 0b10], {0: 2}, {0: 1}) is None  # step 2 is even
    assert step_domains([0b10, 0b101, 0b10], {0: 1, 2: 2}, {}) is None  # too far apart


def test_step_domains_put_leaves_at_the_ends() -> None:
    # a cell with one neighbour is step 1 or step N: three of them cannot all fit
    star = [0b1110, 0b1, 0b1, 0b1]
    assert step_domains(star, {}, {}) is None
    assert step_domains([0b110, 0b1, 0b1], {}, {}) is not None  # two leaves: a row of three
    # a fork (0-1-2-3 with 4 on 1): leaves 0, 3, 4 may only take steps 1 and 5
    fork = [0b10, 0b10101, 0b1010, 0b100, 0b10]
    _known, may = step_domains(fork, {}, {}) or ({}, [])
    assert may[2] == may[3] == may[4] == 0b110
    assert search(fork, {}, {}, 2) == ([], True)
    # with two leaves the ends are those two, whatever the distances allow
    row = [0b10, 0b101, 0b1010, 0b10100, 0b1000]
    _known, may = step_domains(row, {2: 3}, {}) or ({}, [])
    assert may[1] == may[5] == 0b10001
    assert step_domains(row, {0: 3}, {}) is None  # a leaf with a middle clue


@pytest.mark.skipif(not NUMBRIX.exists(), reason=f"no external corpus at {EXTERNAL}")
def test_real_numbrix_counts() -> None:
    """Real puzzles made elsewhere (../shared/external): counts capped at 2 as published."""
    expected = json.loads(NUMBRIX_COUNTS.read_text(encoding="utf-8"))
    pack = MODE.load_file(NUMBRIX)
    assert len(pack.levels) == len(expected)
    for level in pack.levels:
        result = MODE.solve(level, 2)
        want = expected[level.id]
        assert result.count == want["count"], level.id
        assert result.complete == (result.count < 2), level.id  # stopped at the limit otherwise
        if want["count"] == 1:
            assert result.solutions == [want["solution"]], level.id
        for path in result.solutions:
            assert replay_clears(level, path), level.id


def test_disconnected_graph_has_no_solution() -> None:
    # two separate pairs: no single path covers them (boards are checked connected on load,
    # the solver does not rely on it)
    adjmask = [0b10, 0b01, 0b1000, 0b100]
    assert search(adjmask, {}, {}, 5) == ([], True)
    assert cpsat_paths(adjmask, {}, {}, 5) == []
