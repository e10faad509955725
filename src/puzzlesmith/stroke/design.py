"""Designer aids (seed 001 §3.3, §8.3): which clues can go, and which clue sets also work.

``removable_clues`` lists the clues that can be removed ONE AT A TIME with the level
still unique (removing two of them together may not be). ``suggest_clue_sets`` searches
subsets of steps of the level's solution for small number-clue sets that make the board
unique, ranked: fewest clues, then fewest endpoint hints (1 or N), then the widest gaps
(largest gap between two clues, then largest smallest gap counting the path's ends).
Both are bounded and deterministic.
"""

from __future__ import annotations

from itertools import combinations, pairwise
from math import comb
from typing import Any

from puzzlesmith.core.problems import Problem
from puzzlesmith.stroke.board import Level, board_of
from puzzlesmith.stroke.solver import search

#: solver calls spent at most by one suggest run, and search nodes per call
CALL_BUDGET = 6000
NODE_BUDGET = 200_000
#: clue-set sizes with more subsets than this are not enumerated
SUBSET_LIMIT = 60_000


def _unique(adjmask: tuple[int, ...], clue: dict[int, int], parity: dict[int, int]) -> bool:
    paths, complete = search(adjmask, clue, parity, 2, node_budget=NODE_BUDGET)
    return complete and len(paths) == 1


def removable_clues(level: Level) -> list[str]:
    """Clues (``cell=step`` or ``cell=odd|even``) whose single removal keeps the level unique.

    >>> from puzzlesmith.stroke.board import parse_level
    >>> lv = parse_level({"id": "t", "cells": [
    ...     {"id": "a", "x": 0, "y": 0, "w": 1, "h": 1, "clue": 1},
    ...     {"id": "b", "x": 1, "y": 0, "w": 1, "h": 1, "clue": 2},
    ...     {"id": "c", "x": 2, "y": 0, "w": 1, "h": 1}]})[0]
    >>> removable_clues(lv)
    ['b=2']
    """
    b = board_of(level)
    clue, parity = dict(b.clue), dict(b.parity)
    if not _unique(b.adjmask, clue, parity):
        return []
    out: list[str] = []
    for i in range(b.n):
        if i in clue:
            rest = {j: s for j, s in clue.items() if j != i}
            if _unique(b.adjmask, rest, parity):
                out.append(f"{b.ids[i]}={clue[i]}")
        elif i in parity:
            rest = {j: p for j, p in parity.items() if j != i}
            if _unique(b.adjmask, clue, rest):
                out.append(f"{b.ids[i]}={'odd' if parity[i] else 'even'}")
    return out


#: seed 001 §3.3: the first eight levels may keep clues for teaching; later ones say why
TEACHING_LEVELS = 8
#: how a ``teach`` note records why a redundant number stays: "保留数字 9：…" or "keeps clue 9"
_KEEP_MARKS = ("保留数字 {}", "keeps clue {}")


def play_position(level_id: str) -> int | None:
    """The level's number in the play order from its ``pack-index`` id, counting every
    earlier pack as ten levels (only "within the first eight" matters, and that is pack 1),
    or None for ids outside that scheme (generator candidates, editor drafts).

    >>> play_position("1-8"), play_position("2-2"), play_position("g1-3")
    (8, 12, None)
    """
    head, _, tail = level_id.partition("-")
    if not (head.isdigit() and tail.isdigit()) or int(head) < 1 or int(tail) < 1:
        return None
    return (int(head) - 1) * 10 + int(tail)


def redundant_clue_warnings(level: Level) -> list[Problem]:
    """Seed 000 §4.6 / 001 §3.3: past level 8, a number clue whose removal keeps the
    level unique is a warning unless the level's ``teach`` note records why it stays."""
    pos = play_position(level.id)
    if pos is None or pos <= TEACHING_LEVELS:
        return []
    note = level.teach or ""
    out: list[Problem] = []
    for item in removable_clues(level):
        cid, _, value = item.partition("=")
        if not value.isdigit() or any(m.format(value) in note for m in _KEEP_MARKS):
            continue
        out.append(
            Problem(
                "clue-redundant",
                f"clue {value} is not needed (without it the level is still unique): remove it "
                f"or say why it stays in the teach note ('保留数字 {value}：…')",
                level=level.id,
                where=f"cell {cid}",
                severity="warning",
                cells=(cid,),
            )
        )
    return out


def _gaps(steps: tuple[int, ...], n: int) -> list[int]:
    """Unknown steps between consecutive known ones (fences 0 and N+1)."""
    fences = [0, *steps, n + 1]
    return [b - a - 1 for a, b in pairwise(fences)]


def _rank(steps: tuple[int, ...], n: int) -> tuple[int, int, int, int, tuple[int, ...]]:
    """Fewest clues, fewest endpoint hints, widest gap between clues, widest narrowest gap."""
    gaps = _gaps(steps, n)
    inner = gaps[1:-1] or [0]
    endpoints = sum(1 for s in steps if s in (1, n))
    return (len(steps), endpoints, -max(inner), -min(gaps), steps)


def suggest_clue_sets(level: Level, k: int) -> list[dict[str, Any]]:
    """Up to k ranked number-clue sets (on the level's solution) that make the board unique.

    The level's parity clues are kept; its number clues are replaced by each suggestion.
    """
    b = board_of(level)
    n = b.n
    parity = dict(b.parity)
    paths, _ = search(b.adjmask, dict(b.clue), parity, 1, node_budget=NODE_BUDGET)
    if not paths or k <= 0:
        return []
    solution = paths[0]
    found: list[tuple[int, ...]] = []
    calls = 0
    # subsets are tried in rank order, so the first k unique ones are the best k
    for size in range(0, n + 1):
        if comb(n, size) > SUBSET_LIMIT or calls >= CALL_BUDGET or len(found) >= k:
            break
        for steps in sorted(combinations(range(1, n + 1), size), key=lambda s: _rank(s, n)):
            if calls >= CALL_BUDGET or len(found) >= k:
                break
            calls += 1
            if _unique(b.adjmask, {solution[s - 1]: s for s in steps}, parity):
                found.append(steps)
    out: list[dict[str, Any]] = []
    for steps in found[:k]:
        out.append(
            {
                "clues": {b.ids[solution[s - 1]]: s for s in steps},
                "count": len(steps),
                "endpoints": sum(1 for s in steps if s in (1, n)),
                "gaps": _gaps(steps, n),
            }
        )
    return out
