"""Checks that read the same in every mode: numbered clues, connectivity, fairness.

Each returns :class:`Problem` values with the shared codes, so a rule broken in any
mode is reported, highlighted and translated the same way.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import Any

from puzzlesmith.core.catalogue import cell_list
from puzzlesmith.core.mode import GradeResult, Mode
from puzzlesmith.core.problems import Problem


def components(adj: Sequence[Sequence[int]]) -> list[list[int]]:
    """Connected components of a graph given as adjacency lists, each sorted.

    >>> components([[1], [0], []])
    [[0, 1], [2]]
    """
    seen: set[int] = set()
    comps: list[list[int]] = []
    for s in range(len(adj)):
        if s in seen:
            continue
        comp, stack = [], [s]
        seen.add(s)
        while stack:
            i = stack.pop()
            comp.append(i)
            for j in adj[i]:
                if j not in seen:
                    seen.add(j)
                    stack.append(j)
        comps.append(sorted(comp))
    return comps


def clue_problems(clues: Iterable[tuple[str, int]], n: int, lid: str | None) -> list[Problem]:
    """Number clues must be distinct steps in 1..n.

    >>> [p.code for p in clue_problems([("a", 1), ("b", 1), ("c", 9)], 3, "1-1")]
    ['clue-repeated', 'clue-range']
    """
    problems: list[Problem] = []
    owner: dict[int, str] = {}
    for cid, clue in clues:
        where = f"cell {cid}"
        if not 1 <= clue <= n:
            problems.append(
                Problem(
                    "clue-range",
                    f"clue {clue} is outside 1..{n}",
                    level=lid,
                    where=where,
                    cells=(cid,),
                )
            )
        elif clue in owner:
            problems.append(
                Problem(
                    "clue-repeated",
                    f"clue {clue} also on cell {owner[clue]}",
                    level=lid,
                    where=where,
                    cells=(cid,),
                )
            )
        else:
            owner[clue] = cid
    return problems


def connectivity_problems(
    adj: Sequence[Sequence[int]], ids: Sequence[str], lid: str | None
) -> list[Problem]:
    """A board whose cells do not form one connected graph cannot hold one path."""
    comps = components(adj)
    if len(comps) <= 1:
        return []
    stray = [ids[i] for i in comps[1]]
    return [
        Problem(
            "board-disconnected",
            f"board is not connected: {len(comps)} parts; cells {', '.join(stray[:6])} are cut off",
            level=lid,
            where=f"cell {stray[0]}",
            cells=tuple(stray),
        )
    ]


def guessing_warning(result: GradeResult, level_id: str) -> list[Problem]:
    """Advice, not failure: the human-style solver could not finish without guessing."""
    if result.solved:
        return []
    return [
        Problem(
            "needs-guessing",
            f"the logic solver gets stuck after {len(result.steps)} steps "
            "(a person would have to guess)",
            level=level_id,
            severity="warning",
        )
    ]


def differ_cells(mode: Mode[Any], level: Any, a: Any, b: Any) -> list[str]:
    """The cells two solutions disagree on, sorted: what ``validate``'s ``not-unique`` line,
    ``check`` and the editor's yellow cells all name (one rule, so they always agree)."""
    x, y = mode.solution_cells(level, a), mode.solution_cells(level, b)
    return sorted(k for k in x.keys() | y.keys() if x.get(k) != y.get(k))


#: cells a not-unique line names before it says "…" (check's verdict shows as many)
NAMED_DIFFER = 12


def not_unique(mode: Mode[Any], level: Any, solutions: Sequence[Any], /, **where: Any) -> Problem:
    """Every mode's ``not-unique`` problem: the cells the first two solutions differ at, by
    :func:`differ_cells` and named as ``check`` names them (Hex ``(q,r)``), so ``validate``
    and ``check`` always agree on the cells."""
    diff = differ_cells(mode, level, *solutions[:2])
    shown = cell_list(mode, diff[:NAMED_DIFFER]) + (" …" if len(diff) > NAMED_DIFFER else "")
    return Problem(
        "not-unique",
        f"the board has more than one solution; the first two differ at {shown}",
        cells=tuple(diff),
        **where,
    )
