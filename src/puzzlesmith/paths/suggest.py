"""Clue sets that EXTEND the designer's clues, shared by both path modes (issue #40.2).

A designer who asks for suggestions has already placed clues for a reason, so a
suggestion keeps every one of them and adds as few steps of the solution as make the
board unique. The start (1 at an end of the path) stays unless the designer drops it,
and is added when the position needs it (:mod:`puzzlesmith.core.cluerules`); the end
clue N, the one seed 001 §3.3 drops first, is only tried when no set without it works.
Sets are tried in rank order — fewest clues, fewest ends of the path, the widest gap
between clues, the widest narrowest gap — and a set holding a set already found is
skipped (it would only add a clue the board does not need). Bounded and deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from itertools import combinations, pairwise
from math import comb
from typing import Any, Generic, TypeVar

from puzzlesmith.core.cluerules import SuggestRules
from puzzlesmith.core.errors import PuzzlesmithError

T = TypeVar("T", bound=Hashable)

#: uniqueness checks spent at most by one suggest run
CALL_BUDGET = 6000
#: clue-set sizes with more subsets than this are not enumerated
SUBSET_LIMIT = 60_000


class SuggestRefused(PuzzlesmithError):
    """The rules cannot be followed (``--drop-start`` where the start is required)."""

    code = "suggest-refused"


def gaps(steps: Sequence[int], n: int) -> list[int]:
    """Unknown steps between consecutive known ones (fences 0 and N+1).

    >>> gaps((1, 5), 8)
    [0, 3, 3]
    """
    fences = [0, *sorted(steps), n + 1]
    return [b - a - 1 for a, b in pairwise(fences)]


def rank(steps: tuple[int, ...], n: int) -> tuple[int, int, int, int, tuple[int, ...]]:
    """Fewest clues, fewest ends of the path (1, N), widest gap between clues, widest
    narrowest gap."""
    g = gaps(steps, n)
    inner = g[1:-1] or [0]
    ends = sum(1 for s in steps if s in (1, n))
    return (len(steps), ends, -max(inner), -min(g), steps)


@dataclass(frozen=True)
class Plan(Generic[T]):
    """What the search starts from: one solution, the steps kept, the steps it may add."""

    solution: tuple[T, ...]
    fixed: frozenset[int]
    #: steps that may be added, the end clue N (and a dropped-in 1) only as a last resort
    inner: tuple[int, ...]
    last_resort: tuple[int, ...]
    max_added: int | None


def plan(
    solution: Sequence[T], clued: dict[T, int], rules: SuggestRules
) -> Plan[T]:  # fmt: skip
    """Which steps stay and which may be added, from the designer's clues and the rules."""
    refusal = rules.refusal()
    if refusal:
        raise SuggestRefused(refusal)
    n = len(solution)
    fixed = set(clued.values())
    has_start = 1 in fixed
    if rules.drop_start:
        fixed.discard(1)
    elif not has_start and not rules.start_optional:
        fixed.add(1)  # before 2-8, or no position known: the start is given
    inner = tuple(s for s in range(2, n) if s not in fixed)
    last = [s for s in (n,) if s not in fixed and n > 1]
    if 1 not in fixed and not rules.drop_start:
        last.insert(0, 1)
    cap = rules.max_clues
    max_added = None if cap is None else max(0, cap - len(fixed))
    return Plan(tuple(solution), frozenset(fixed), inner, tuple(last), max_added)


def extend(
    p: Plan[T], unique: Callable[[dict[T, int]], bool], k: int
) -> list[tuple[int, ...]]:  # fmt: skip
    """Up to k step sets (fixed steps included) that make the board unique, best first."""
    n = len(p.solution)
    found: list[tuple[int, ...]] = []
    calls = 0

    def run(free: tuple[int, ...], must: tuple[int, ...]) -> None:
        nonlocal calls
        base = tuple(sorted(p.fixed | set(must)))
        top = len(free) if p.max_added is None else p.max_added - len(must)
        for size in range(0, top + 1):
            if comb(len(free), size) > SUBSET_LIMIT or calls >= CALL_BUDGET or len(found) >= k:
                return
            sets = (tuple(sorted((*base, *extra))) for extra in combinations(free, size))
            for steps in sorted(sets, key=lambda s: rank(s, n)):
                if calls >= CALL_BUDGET or len(found) >= k:
                    return
                if any(set(f) <= set(steps) for f in found):
                    continue
                calls += 1
                if unique({p.solution[s - 1]: s for s in steps}):
                    found.append(steps)

    run(p.inner, ())
    if not found:  # nothing without an end of the path: the end clue N (or the 1), last
        for end in p.last_resort:
            run(p.inner, (end,))
    return found


def describe(
    p: Plan[T],
    steps: tuple[int, ...],
    name: Callable[[T], str],
    graded: Callable[[dict[T, int]], tuple[str, float]],
) -> dict[str, Any]:
    """One suggestion as JSON: the whole clue set, what it adds, its grade and score."""
    n = len(p.solution)
    clues = {p.solution[s - 1]: s for s in steps}
    grade, score = graded(clues)
    return {
        "clues": {name(c): s for c, s in clues.items()},
        "added": {name(p.solution[s - 1]): s for s in steps if s not in p.fixed},
        "count": len(steps),
        "size": len(steps),
        "start": 1 in steps,
        "end": n in steps and n > 1,
        "endpoints": sum(1 for s in steps if s in (1, n)),
        "gaps": gaps(steps, n),
        "grade": grade,
        "score": round(score, 1),
    }
