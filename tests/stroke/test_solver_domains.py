"""The step domains' fast bookkeeping (ranges of steps marked in O(1) in difference
lists, each round looking only at the segments where a cell's steps were the round
before) gives exactly what marking every step of every segment gives."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence

from stroke_support import random_puzzle

from puzzlesmith.core.bits import bits
from puzzlesmith.stroke.board import board_of
from puzzlesmith.stroke.solver import step_domains


def _distances(adjmask: Sequence[int], src: int) -> list[int]:
    dist = [-1] * len(adjmask)
    dist[src] = 0
    frontier = [src]
    while frontier:
        nxt = []
        for i in frontier:
            for j in bits(adjmask[i]):
                if dist[j] < 0:
                    dist[j] = dist[i] + 1
                    nxt.append(j)
        frontier = nxt
    return dist


def plain_domains(
    adjmask: Sequence[int], clue: Mapping[int, int], parity: Mapping[int, int]
) -> tuple[dict[int, int], list[int]] | None:
    """step_domains as its docstring says it, step by step, every segment every round."""
    n = len(adjmask)
    colour: list[int] | None = [-1] * n
    for s in range(n):
        if colour is not None and colour[s] < 0:
            colour[s], stack = 0, [s]
            while stack and colour is not None:
                i = stack.pop()
                for j in bits(adjmask[i]):
                    if colour[j] < 0:
                        colour[j] = colour[i] ^ 1
                        stack.append(j)
                    elif colour[j] == colour[i]:
                        colour = None
                        break
    leaf = [n > 2 and m.bit_count() == 1 for m in adjmask]
    if any(leaf[u] and s not in (1, n) for u, s in clue.items()):
        return None
    known = dict(clue)
    while True:
        order = sorted((s, c) for c, s in known.items())
        cols: set[int] = set()
        if colour is not None:
            cols = {colour[c] ^ ((s - 1) & 1) for s, c in order}
            cols |= {colour[c] ^ (p ^ 1) for c, p in parity.items()}
        if len(cols) > 1:
            return None
        c0 = cols.pop() if cols else -1
        taken = {s for s, _ in order}
        may = [0] * (n + 2)
        for s, c in order:
            may[s] = 1 << c
        dist = {c: _distances(adjmask, c) for c in known}
        bounds = [(0, -1, *(order[0] if order else (n + 1, -1)))]
        bounds += [
            (*order[i], *(order[i + 1] if i + 1 < len(order) else (n + 1, -1)))
            for i in range(len(order))
        ]
        new: dict[int, int] = {}
        for u in range(n):
            if u in known:
                continue
            par = parity.get(u, -1)
            if c0 >= 0 and colour is not None:
                cpar = ((colour[u] ^ c0) + 1) & 1
                if par >= 0 and par != cpar:
                    return None
                par = cpar
            steps = []
            for sa, a, sb, b in bounds:
                lo = sa + dist[a][u] if a >= 0 else 1
                hi = sb - dist[b][u] if b >= 0 else n
                for t in range(lo, hi + 1):
                    ok = (par < 0 or t & 1 == par) and t not in taken
                    if ok and (not leaf[u] or t in (1, n)):
                        steps.append(t)
            for t in steps:
                may[t] |= 1 << u
            if not steps:
                return None
            if len(steps) == 1:
                new[u] = steps[0]
        for t in range(1, n + 1):
            if t in taken:
                continue
            if not may[t]:
                return None
            if not may[t] & (may[t] - 1):
                u = may[t].bit_length() - 1
                if new.get(u, t) != t:
                    return None
                new[u] = t
        if not new:
            return known, may
        if len(set(new.values())) != len(new):
            return None
        known.update(new)


def test_step_domains_equal_the_plain_marking() -> None:
    rng = random.Random(29)
    boards = [board_of(random_puzzle(rng, rng.randint(3, 8), rng.randint(3, 8))) for _ in range(60)]
    cases = 0
    for b in boards:
        n = b.n
        twins = list(b.adjmask) + [m << n for m in b.adjmask]  # a board in two pieces
        for adjmask in (b.adjmask, twins):
            for _ in range(4):
                size = len(adjmask)
                steps = rng.sample(range(1, size + 1), min(size, rng.randint(0, 5)))
                cells = rng.sample(range(size), len(steps))
                clue = dict(zip(cells, steps, strict=True))
                parity = {rng.randrange(size): rng.randint(0, 1) for _ in range(rng.randint(0, 2))}
                parity = {c: p for c, p in parity.items() if c not in clue}
                got = step_domains(adjmask, clue, parity)
                assert got == plain_domains(adjmask, clue, parity), (adjmask, clue, parity)
                cases += got is not None
    assert cases > 100  # most cases have domains (not refuted at once)
