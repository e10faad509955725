"""Designer aids (seed 001 §3.3, §8.3): which clues can go, and which clue sets also work.

``removable_clues`` lists the clues that can be removed ONE AT A TIME with the level
still unique (removing two of them together may not be). ``suggest_clue_sets`` searches
subsets of steps of the level's solution for small number-clue sets that make the board
unique, ranked: fewest clues, then fewest endpoint hints (1 or N), then the widest gaps
(largest gap between two clues, then largest smallest gap counting the path's ends).
Both are bounded and deterministic.
"""

from __future__ import annotations

from dataclasses import replace
from typing import Any

from puzzlesmith.core.cluerules import SuggestRules
from puzzlesmith.core.problems import Problem
from puzzlesmith.core.words import both
from puzzlesmith.paths.suggest import describe, extend, plan
from puzzlesmith.stroke.board import Level, board_of
from puzzlesmith.stroke.logic import grade
from puzzlesmith.stroke.solver import search

#: search nodes per uniqueness check
NODE_BUDGET = 200_000


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
#: how a ``teach`` note records why a redundant number stays, in either language
#: (``ns.keepClue``: "keeps clue 9")
_KEEP_MARKS = both("ns.keepClue", "puzzlesmith.stroke")


def _keep_note(value: str) -> str:
    """The note the warning suggests, as designers write it (in Chinese)."""
    return both("ns.keepClueNote", "puzzlesmith.stroke")[0].format(value=value)


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
        if not value.isdigit() or any(m.format(value=value) in note for m in _KEEP_MARKS):
            continue
        out.append(
            Problem(
                "clue-redundant",
                f"clue {value} is not needed (without it the level is still unique): remove it "
                f"or say why it stays in the teach note ('{_keep_note(value)}')",
                level=level.id,
                where=f"cell {cid}",
                severity="warning",
                cells=(cid,),
            )
        )
    return out


def suggest_clue_sets(
    level: Level, k: int, rules: SuggestRules | None = None
) -> list[dict[str, Any]]:  # fmt: skip
    """Up to k ranked clue sets that extend the level's clues and make the board unique
    (:mod:`puzzlesmith.paths.suggest`), each with its grade and score.

    The level's number and parity clues are kept; the steps added come from the first
    solution that satisfies them.
    """
    b = board_of(level)
    parity = dict(b.parity)
    paths, _ = search(b.adjmask, dict(b.clue), parity, 1, node_budget=NODE_BUDGET)
    if not paths or k <= 0:
        return []
    p = plan(tuple(paths[0]), dict(b.clue), rules or SuggestRules(mode="stroke"))

    def graded(clues: dict[int, int]) -> tuple[str, float]:
        g = grade(_with_numbers(level, {b.ids[i]: s for i, s in clues.items()}))
        return (g.grade if g.solved else "unsolved"), g.score

    found = extend(p, lambda clues: _unique(b.adjmask, clues, parity), k)
    return [describe(p, steps, lambda i: b.ids[i], graded) for steps in found]


def _with_numbers(level: Level, clues: dict[str, int]) -> Level:
    """The level with its number clues replaced by ``clues`` (parity kept elsewhere)."""
    cells = tuple(
        replace(c, clue=clues[c.id], parity=None) if c.id in clues else replace(c, clue=None)
        for c in level.cells
    )
    return replace(level, cells=cells)
