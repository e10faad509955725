"""The exact solver against a brute-force oracle on small boards with walls and turners,
and against the plain depth-first search (issue #39's reference) on boards of 5–20 hexes.

The oracle shares nothing with the solver's search: it tries every ordering of
the cells, and places each turner by rotating its start edge geometrically
(120° clockwise on screen per landing) rather than through ``turn_cycle``.
The plain search (:mod:`puzzlesmith.hexwalls.plain`) is checked against the oracle;
then the solver must give exactly its answer (count, completeness and the same
solutions in the same order) when both stop at a limit, on the benchmark's 37 cases
and on random boards too big for the oracle. The pruning's size threshold is a speed
choice only: any value gives the same answers.
"""

from __future__ import annotations

import json
import math
import random
from itertools import permutations
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from puzzlesmith.hexwalls import solver
from puzzlesmith.hexwalls.board import (
    Edge,
    HexCell,
    Level,
    Turner,
    adjacent,
    board_of,
    centre,
    edge,
    edge_ends,
    neighbours,
    parse_level,
    vertex,
    vertex_point,
)
from puzzlesmith.hexwalls.generate import random_blob
from puzzlesmith.hexwalls.plain import solve_plain
from puzzlesmith.hexwalls.solver import solve


def _turner_edge_geometric(t: Turner, k: int) -> Edge:
    px, py = vertex_point(t.pivot)
    a, b = edge_ends(t.at)
    far = a if math.hypot(a[0] - px, a[1] - py) > 0.5 else b
    ang = math.radians(120 * k)
    dx, dy = far[0] - px, far[1] - py
    fx, fy = (
        px + dx * math.cos(ang) - dy * math.sin(ang),
        py + dx * math.sin(ang) + dy * math.cos(ang),
    )
    x, y, z = t.pivot
    for e in (edge(x, y), edge(y, z), edge(x, z)):
        ea, eb = edge_ends(e)
        if any(
            math.isclose(fx, p[0], abs_tol=1e-6) and math.isclose(fy, p[1], abs_tol=1e-6)
            for p in (ea, eb)
        ):
            return e
    raise AssertionError("rotation left the grid")


def oracle(level: Level) -> list[list[str]]:
    cells = level.cells
    walls = set(level.walls)
    out = []
    for perm in permutations(range(len(cells))):
        ok = all(cells[i].clue in (None, k + 1) for k, i in enumerate(perm))
        for k in range(1, len(perm)):
            if not ok:
                break
            a, b = cells[perm[k - 1]].hex, cells[perm[k]].hex
            e = edge(a, b)
            ok = adjacent(a, b) and e not in walls
            ok = ok and all(_turner_edge_geometric(t, k) != e for t in level.turners)
        if ok:
            out.append([cells[i].id for i in perm])
    return out


def random_level(seed: int, lo: int = 2, hi: int = 7) -> Level:
    """A random board of ``lo``–``hi`` hexes: about a quarter of the cells clued, random
    static walls and up to three turners (many have no solution, some several)."""
    rng = random.Random(seed)
    n = rng.randint(lo, hi)
    hexes = random_blob(rng, n)
    steps = list(range(1, n + 1))
    rng.shuffle(steps)
    clues = {h: steps.pop() for h in hexes if rng.random() < 0.25}
    cells = tuple(HexCell(f"{q},{r}", q, r, clues.get((q, r))) for q, r in hexes)
    all_edges = sorted({edge(a, b) for a in hexes for b in neighbours(a) if b in set(hexes)})
    walls = tuple(e for e in all_edges if rng.random() < 0.15)
    turners: list[Turner] = []
    for _ in range(rng.randint(0, 3)):
        a = rng.choice(hexes)
        b = rng.choice(neighbours(a))
        c = rng.choice([g for g in neighbours(a) if adjacent(g, b)])
        v = vertex(a, b, c)
        at = rng.choice([edge(a, b), edge(b, c), edge(a, c)])
        if v in {t.pivot for t in turners} or at in walls or at in {t.at for t in turners}:
            continue
        turners.append(Turner(v, at))
    return Level("r", cells, walls, tuple(turners))


@settings(max_examples=250, deadline=None)
@given(st.integers(0, 10**9))
def test_solver_matches_brute_force(seed: int) -> None:
    level = random_level(seed)
    want = oracle(level)
    got = solve(board_of(level), 10**6)
    assert got.complete
    assert sorted(got.solutions) == sorted(want)
    capped = solve(board_of(level), 1)
    assert capped.count == min(1, len(want))
    assert capped.complete == (not want)  # stopping at the limit means not finished


def test_limit_and_complete() -> None:
    lv = Level("t", tuple(HexCell(f"{q},0", q, 0, None) for q in range(4)))
    r = solve(board_of(lv), 5)
    assert (r.count, r.complete) == (2, True)  # either end of a row
    r = solve(board_of(lv), 1)
    assert (r.count, r.complete) == (1, False)


def test_hex_centres_are_what_the_oracle_assumes() -> None:
    assert centre((1, 0)) == (math.sqrt(3), 0.0)


CASES = Path(__file__).resolve().parents[2] / "benchmarks" / "boards" / "hex-small-37.json"


def small_cases() -> list[Level]:
    """benchmarks/hex_small.py's 37 cases: the shipped levels and 18 random small boards."""
    out = []
    for raw in json.loads(CASES.read_text(encoding="utf-8"))["levels"]:
        lv, problems = parse_level(raw)
        assert lv is not None, problems
        out.append(lv)
    return out


def answer(level: Level, limit: int) -> tuple[int, bool, list[list[str]]]:
    r = solve(board_of(level), limit)
    return r.count, r.complete, r.solutions


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 10**9))
def test_plain_search_matches_brute_force(seed: int) -> None:
    level = random_level(seed)
    count, complete, sols = solve_plain(level, 10**6)
    assert complete and count == len(sols)
    assert sorted(sols) == sorted(oracle(level))


def test_the_case_set_has_37_boards_of_5_to_20_hexes_and_every_count() -> None:
    cases = small_cases()
    assert len(cases) == 37
    assert all(5 <= len(lv.cells) <= 20 for lv in cases)
    assert {solve_plain(lv, 2)[0] for lv in cases} == {0, 1, 2}


@pytest.mark.parametrize("limit", [1, 2, 25])
def test_solver_gives_the_plain_searchs_answer_on_the_37_cases(limit: int) -> None:
    for lv in small_cases():
        assert answer(lv, limit) == solve_plain(lv, limit), lv.id


@settings(max_examples=200, deadline=None)
@given(st.integers(0, 10**9))
def test_solver_gives_the_plain_searchs_answer_on_random_small_boards(seed: int) -> None:
    level = random_level(seed, 5, 20)
    for limit in (1, 2):
        assert answer(level, limit) == solve_plain(level, limit)


@pytest.mark.parametrize("prune_above", [0, 3, 100])
def test_the_pruning_threshold_changes_no_answer(
    prune_above: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    want = [answer(lv, 25) for lv in small_cases()]
    monkeypatch.setattr(solver, "PRUNE_ABOVE", prune_above)
    assert [answer(lv, 25) for lv in small_cases()] == want
