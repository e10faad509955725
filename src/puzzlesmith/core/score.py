"""The finer grade: one number per level, so a curve shows inside a grade band.

Every mode names four grades (easy, medium, hard, expert) from the hardest thing a
level needs. That is too coarse to see a pack rise (Number Stroke's pack 1 is all
"easy"), so each mode also scores the whole solve: the cost of every deduction made,
the number of steps, and the branch points (moments where a player faces a real
choice). The grade names stay as bands of the score: a level graded band ``b`` scores in
``[100·b, 100·b + 100)``, so ordering by score never contradicts ordering by grade.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass

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


# ---- the step model (issue #34): a person's effort, step by step ----------------------------
#
# After Pelánek's model of a human Sudoku solver: a solve is a sequence of steps, each
# costing what its technique asks, made harder when it does not follow on from what the
# player just did (it reaches back, or rests on nothing recent and must be searched for
# across the board) and when nothing simpler was on offer (a bottleneck: the engines try
# the cheapest technique first, so a step above the simplest tier means no simple step
# existed anywhere). Routine steps add tedium, not thinking: their share grows with the
# square root of their number, so a big board of easy steps never outranks a small board
# of hard thinking. Lookahead ("what if") is the costliest thing of all. docs/difficulty.md
# has the calibration.

#: the techniques, in any mode, that assume a placement and follow its consequences (a
#: person's "what if"): named, counted, the costliest step; nothing shipped may need one
LOOKAHEAD_TECHNIQUES: frozenset[str] = frozenset({"contradiction", "trial"})

#: a routine step: a technique at this cost or below needs no search for an idea
ROUTINE_COST = 1.0
#: what the routine steps of a solve weigh: ROUTINE_WEIGHT·√(their reach-weighted count)
ROUTINE_WEIGHT = 3.0
#: how much harder a step is per doubling of how far back it reaches (capped at REACH_CAP)
REACH_STEP = 0.25
REACH_CAP = 4.0
#: the least a lookahead step costs, whatever a mode's own table says
LOOKAHEAD_COST = 12.0


@dataclass(frozen=True)
class Effort:
    """What a solve asks of a person, in the score's work units."""

    #: the non-routine steps: cost × how far each reaches back
    thinking: float
    #: the routine steps, sublinear in their number
    routine: float
    #: steps taken when no routine step was left (each a search for an idea)
    bottlenecks: int
    #: lookahead steps (assume a placement, follow its consequences)
    lookahead: int
    steps: int

    @property
    def total(self) -> float:
        return self.thinking + self.routine


def reach(distance: int) -> float:
    """How much a step's distance back to what it rests on multiplies its cost.

    >>> reach(1), reach(2), reach(16), reach(10**6)
    (1.0, 1.25, 2.0, 2.0)
    """
    return 1.0 + REACH_STEP * min(math.log2(max(distance, 1)), REACH_CAP)


def step_effort(
    steps: Sequence[tuple[str, Collection[str]]],
    costs: Mapping[str, float],
    lookahead: Collection[str] = (),
) -> Effort:
    """The effort of a solve given as (technique, cells) steps in the order made.

    A step's distance back is to the latest earlier step sharing a cell with it (one
    resting on none is as far back as the solve is long: it was found by searching).

    >>> flow = step_effort([("ends", "ab"), ("ends", "bc"), ("ends", "cd")], {"ends": 1})
    >>> round(flow.routine, 2), flow.thinking, flow.bottlenecks
    (5.2, 0.0, 0)
    >>> hard = step_effort([("ends", "ab"), ("distance", "xy")], {"ends": 1, "distance": 3})
    >>> hard.bottlenecks, hard.thinking
    (1, 3.75)
    >>> step_effort([("contradiction", "a")], {}, {"contradiction"}).thinking
    12.0
    """
    last: dict[str, int] = {}
    thinking = routine = 0.0
    bottlenecks = looks = 0
    for i, (technique, cells) in enumerate(steps):
        back = min((i - last[c] for c in cells if c in last), default=i + 1)
        cost = costs.get(technique, ROUTINE_COST)
        if technique in lookahead:
            cost = max(cost, LOOKAHEAD_COST)
            looks += 1
        if cost <= ROUTINE_COST:
            routine += cost * reach(back)
        else:
            thinking += cost * reach(back)
            bottlenecks += 1
        for c in cells:
            last[c] = i
    return Effort(
        thinking=thinking,
        routine=ROUTINE_WEIGHT * math.sqrt(routine),
        bottlenecks=bottlenecks,
        lookahead=looks,
        steps=len(steps),
    )
