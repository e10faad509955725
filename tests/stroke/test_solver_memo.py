"""Every solution, not just the first two: the table of refuted states never cuts a path.

The solver remembers states ("the path ends at v, these cells are left") whose subtree
held no complete path, and it re-runs starts and race strategies with growing node
quotas. Counting *all* solutions of small boards against a plain enumeration, with the
quotas shrunk so that every re-run and race path is taken, catches a state marked as
refuted that was not; the same with probing at nearly every node catches a subtree
probing refuted, or an edge it dropped, that a solution needed.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

import pytest
from stroke_support import pure_solver, random_puzzle

from puzzlesmith.stroke import solver
from puzzlesmith.stroke.board import board_of


def enumerate_paths(
    adjmask: Sequence[int], clue: Mapping[int, int], parity: Mapping[int, int]
) -> set[tuple[int, ...]]:
    """Every Hamiltonian path honouring the clues, by plain depth-first search."""
    n = len(adjmask)
    out: set[tuple[int, ...]] = set()
    path: list[int] = []

    def ok(cell: int, step: int) -> bool:
        if cell in clue and clue[cell] != step:
            return False
        return cell not in parity or parity[cell] == step & 1

    def walk(v: int, seen: int) -> None:
        if len(path) == n:
            out.add(tuple(path))
            return
        for w in range(n):
            if (adjmask[v] >> w) & 1 and not (seen >> w) & 1 and ok(w, len(path) + 1):
                path.append(w)
                walk(w, seen | 1 << w)
                path.pop()

    for s in range(n):
        if ok(s, 1):
            path.append(s)
            walk(s, 1 << s)
            path.pop()
    return out


@pytest.mark.parametrize("shrink", [False, True])
def test_all_solutions_match_plain_enumeration(
    shrink: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if shrink:
        # tiny quotas: starts and race strategies are cut off and searched again many
        # times, reusing the refuted states of the earlier rounds; every leaf board races
        monkeypatch.setattr(solver, "_START_QUOTA", 3)
        monkeypatch.setattr(solver, "_RACE_QUOTA", 5)
        monkeypatch.setattr(solver, "_TARJAN_EVERY", 1)
        monkeypatch.setattr(solver, "_PROBE_AFTER", 1)  # probe nearly every node
    rng = random.Random(4242)
    many = 0
    for _ in range(120):
        level = random_puzzle(rng, rng.randint(2, 4), rng.randint(2, 4))
        b = board_of(level)
        clue, parity = dict(b.clue), dict(b.parity)
        if rng.random() < 0.4:  # clue-free boards: the most repeated states
            clue, parity = {}, {}
        expected = enumerate_paths(b.adjmask, clue, parity)
        paths, complete = solver.search(b.adjmask, clue, parity, limit=10**6)
        assert complete
        assert {tuple(p) for p in paths} == expected, level.to_json()
        assert len(paths) == len(expected)
        many += len(expected) >= 10
    assert many >= 20  # the sample holds boards with many solutions


def test_probing_everywhere_keeps_every_solution(monkeypatch: pytest.MonkeyPatch) -> None:
    """Probing at nearly every node on larger clued boards, where it refutes subtrees and
    drops edges for the moves still to try: still exactly the enumerated solutions."""
    solver = pure_solver()  # (the spy below would not reach into the compiled build)
    monkeypatch.setattr(solver, "_PROBE_AFTER", 1)
    monkeypatch.setattr(solver, "_START_QUOTA", 3)
    monkeypatch.setattr(solver, "_RACE_QUOTA", 5)
    refuted = []
    real = solver.probe

    def spy(*args: object) -> object:
        out = real(*args)  # type: ignore[arg-type]
        refuted.append(out is None)
        return out

    monkeypatch.setattr(solver, "probe", spy)
    rng = random.Random(4243)
    for _ in range(60):
        b = board_of(random_puzzle(rng, rng.randint(4, 5), rng.randint(3, 5)))
        expected = enumerate_paths(b.adjmask, b.clue, b.parity)
        paths, complete = solver.search(b.adjmask, b.clue, b.parity, limit=10**6)
        assert complete
        assert {tuple(p) for p in paths} == expected
    assert sum(refuted) >= 30  # probing did refute subtrees here


def test_refuted_starts_are_struck_from_the_other_directions_ends() -> None:
    """Once the search from step 1 has exhausted every start, the search from step N may
    end only on the starts of real solutions, and it still finds every solution."""
    rng = random.Random(4244)
    boards = struck = 0
    while boards < 40:
        b = board_of(random_puzzle(rng, rng.randint(3, 5), rng.randint(3, 5)))
        cases = solver._directions(list(b.adjmask), dict(b.clue), dict(b.parity))
        if len(cases) < 2 or any(s in (1, b.n) for s in cases[0].clue.values()):
            continue  # one case only, or one end already a clue: nothing to strike
        forward = next(c for c in cases if not c.reverse)
        backward = next(c for c in cases if c.reverse)
        expected = enumerate_paths(b.adjmask, b.clue, b.parity)
        before = backward.may[b.n]
        paths, complete = solver._search(list(b.adjmask), forward, 10**6, None, 0)
        assert complete and {tuple(p) for p in paths} == expected
        starts = 0
        for p in expected:
            starts |= 1 << p[0]
        assert backward.may[b.n] == before & starts  # struck: exactly the refuted starts
        paths, complete = solver._search(list(b.adjmask), backward, 10**6, None, 0)
        assert complete and {tuple(p[::-1]) for p in paths} == expected
        boards += 1
        struck += before != backward.may[b.n]
    assert struck >= 30  # most boards had starts to strike
