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
from stroke_support import random_puzzle

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
