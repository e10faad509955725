"""The solver's race between the plain search and the leaf split, against CP-SAT."""

from __future__ import annotations

import itertools
import random

from stroke_support import cpsat_paths, random_puzzle

from puzzlesmith.stroke.board import board_of
from puzzlesmith.stroke.solver import search


def test_leaf_boards_without_end_clues_match_cpsat() -> None:
    """Boards with a one-neighbour cell and neither step 1 nor step N given."""
    rng = random.Random(7)
    checked = 0
    counts: set[int] = set()
    while checked < 60:
        level = random_puzzle(rng, rng.randint(3, 6), rng.randint(3, 5))
        b = board_of(level)
        steps = set(b.clue.values())
        if 1 in steps or b.n in steps or b.n < 3:
            continue
        if not any(m.bit_count() == 1 for m in b.adjmask):
            continue
        limit = rng.randint(1, 4)
        paths, complete = search(b.adjmask, b.clue, b.parity, limit)
        theirs = cpsat_paths(b.adjmask, b.clue, b.parity, limit)
        assert complete
        assert len(paths) == len(theirs), level.to_json()
        assert len({tuple(p) for p in paths}) == len(paths)
        for p in paths:
            assert sorted(p) == list(range(b.n))
            assert all((b.adjmask[x] >> y) & 1 for x, y in itertools.pairwise(p))
            assert all(p[s - 1] == c for c, s in b.clue.items())
            assert all(((p.index(c) + 1) & 1) == q for c, q in b.parity.items())
        counts.add(len(paths))
        checked += 1
    assert {0, 1} <= counts


def test_leaf_split_respects_node_budget() -> None:
    # a 5×4 block with a tail cell: many paths, a tiny budget cannot finish
    adj: list[int] = []
    w, h = 5, 4
    for y in range(h):
        for x in range(w):
            m = 0
            for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
                if 0 <= x + dx < w and 0 <= y + dy < h:
                    m |= 1 << ((y + dy) * w + x + dx)
            adj.append(m)
    tail = len(adj)
    adj[0] |= 1 << tail
    adj.append(1)
    _paths, complete = search(adj, {}, {}, 10**6, node_budget=50)
    assert complete is False
    paths, complete = search(adj, {}, {}, 3)
    assert complete and len(paths) == 3 and all(tail in (p[0], p[-1]) for p in paths)
