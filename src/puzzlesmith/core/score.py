"""The finer grade: one number per level, so a curve shows inside a grade band.

Every mode names four grades (easy, medium, hard, expert) from the hardest thing a
level needs. That is too coarse to see a pack rise (Number Stroke's pack 1 is all
"easy"), so each mode also scores the whole solve: the cost of every deduction made,
the number of steps, and the branch points (moments where a player faces a real
choice). The grade names stay as bands of the score: a level graded band ``b`` scores in
``[100·b, 100·b + 100)``, so ordering by score never contradicts ordering by grade.
"""

from __future__ import annotations

from collections.abc import Mapping

#: score units per grade band; the work inside a band never reaches the next one
BAND = 100.0
#: the work at which a level sits halfway through its band
HALF_WORK = 40.0
#: what one branch point adds to the work (a step's cost is at least 1)
BRANCH_COST = 2.0


def work(costs: Mapping[str, float], counts: Mapping[str, int], branch_points: int) -> float:
    """Total effort: every technique use at its cost (unknown ones cost 1) plus branches.

    >>> work({"ends": 1, "distance": 3}, {"ends": 2, "distance": 1}, 2)
    9.0
    """
    return float(
        sum(costs.get(t, 1.0) * n for t, n in counts.items()) + BRANCH_COST * branch_points
    )


def band_score(band: int, effort: float) -> float:
    """The score of a level in grade band ``band`` that took ``effort`` work.

    Monotone in both, and the effort only moves a level inside its band:

    >>> band_score(0, 0), band_score(0, 40), band_score(1, 40)
    (0.0, 50.0, 150.0)
    >>> band_score(0, 10**9) < 100
    True
    """
    inside = BAND * effort / (effort + HALF_WORK) if effort > 0 else 0.0
    return round(band * BAND + min(inside, BAND - 0.1), 1)
