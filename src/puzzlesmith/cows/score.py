"""Cows' finer grade score (core/score.py): the grade's band plus the work inside it.

A solve is a list of moves ``(technique, tier, k)`` (``k`` is a Hall set's size). Each
move costs what the technique costs a person; a Hall set costs its size more on top;
a branch point is a move made when no simple move (a cow's exclusions, a last free
cell) was left, so the player had to stop and look for a wider idea.
"""

from __future__ import annotations

from collections.abc import Sequence

from puzzlesmith.core.score import band_score, work

#: what one use of a technique costs a person
COSTS: dict[str, float] = {
    "cow-excludes": 1.0,
    "last-free": 1.0,
    "confinement": 3.0,
    "shared-attack": 3.0,
    "hall-set": 4.0,
    "window-2x2": 6.0,
    "big-hall": 5.0,
    "squeeze": 6.0,
    #: lookahead (assume a cow, follow the cows it forces): the dearest step there is
    "contradiction": 12.0,
}

Move = tuple[str, int, int]


def branch_points(moves: Sequence[Move]) -> int:
    """Moves above the simplest tier: where the player had no simple move left.

    >>> branch_points([("cow-excludes", 0, 0), ("confinement", 1, 0)])
    1
    """
    return sum(1 for _, tier, _ in moves if tier > 0)


def score(moves: Sequence[Move], band: int) -> float:
    """The score of a solve whose hardest move puts it in grade band ``band``.

    >>> score([("cow-excludes", 0, 0)] * 5, 0) < score([("cow-excludes", 0, 0)] * 6, 0)
    True
    """
    counts: dict[str, int] = {}
    for name, _, _ in moves:
        counts[name] = counts.get(name, 0) + 1
    hall = sum(k for name, _, k in moves if name in ("hall-set", "big-hall"))
    return band_score(band, work(COSTS, counts, branch_points(moves)) + hall)
