"""Publish checks of seed 001 §9 and issue 5: uniqueness and the necessity of walls and turners.

Every rule is a uniqueness test on a changed copy of the level, proven by the
exact solver searching for a second solution:

- ``no-solution`` / ``not-unique``: exactly one path.
- ``walls-missing`` (error): from tutorial level 3 on (id ``1-3``…) and in every
  later pack a level needs at least one wall or turner.
- ``walls-unneeded`` (error): with every wall and turner removed the level is
  still unique, so the walls do no work.
- ``wall-redundant`` (warning): one static wall can go and the level stays unique.
- ``turner-redundant`` (error): without one turner the level stays unique.
- ``turner-replaceable`` (error): a static wall on one of the turner's three
  candidate edges keeps the level unique, so the turning adds nothing.
- ``needs-guessing`` (warning, as in Number Stroke): the logic grader gets stuck.

>>> from puzzlesmith.hexwalls.board import parse_level
>>> lv = parse_level({"id": "2-1", "cells": [{"q": 0, "r": 0, "clue": 1}, {"q": 1, "r": 0},
...     {"q": 0, "r": 1}, {"q": 1, "r": 1}], "walls": [[[1, 0], [1, 1]]]})[0]
>>> [p.code for p in check_level(lv)]
[]
>>> lv = lv.with_(cells=(*lv.cells[:2], lv.cells[2].__class__("0,1", 0, 1, 3), lv.cells[3]))
>>> [p.code for p in check_level(lv)]
['walls-unneeded', 'wall-redundant']
"""

from __future__ import annotations

import re
from typing import Any

from puzzlesmith.core.checks import guessing_warning, not_unique
from puzzlesmith.core.mode import Mode
from puzzlesmith.core.problems import Problem
from puzzlesmith.hexwalls.board import Edge, Level, board_of, fmt_hex
from puzzlesmith.hexwalls.logic import grade
from puzzlesmith.hexwalls.solver import count, solve

_TUTORIAL = re.compile(r"^1-(\d+)$")


def walls_required(level_id: str) -> bool:
    """Only tutorial levels 1-1 and 1-2 may do without walls (seed 001 §9).

    >>> [walls_required(i) for i in ("1-1", "1-2", "1-3", "1-10", "2-1", "x")]
    [False, False, True, True, True, True]
    """
    m = _TUTORIAL.match(level_id)
    return not (m and int(m.group(1)) <= 2)


def unique(level: Level) -> bool:
    return count(board_of(level), 2) == 1


def _edge_name(e: Edge) -> str:
    return f"{fmt_hex(e[0])}-{fmt_hex(e[1])}"


def check_level(level: Level, mode: Mode[Any] | None = None) -> list[Problem]:
    """Every publish problem of one level (errors and warnings). With ``mode`` (the
    mode's ``check``) a ``not-unique`` line names the cells two solutions differ at;
    the generator, which only asks whether there is a problem, leaves it out."""
    lid = level.id
    found = solve(board_of(level), 2)
    if found.count == 0:
        return [Problem("no-solution", "no path satisfies every clue and wall", level=lid)]
    if found.count > 1:
        if mode is not None:
            return [not_unique(mode, level, found.solutions, level=lid)]
        return [Problem("not-unique", "the board has more than one solution", level=lid)]
    problems: list[Problem] = []
    bare = not level.walls and not level.turners
    if bare and walls_required(lid):
        problems.append(
            Problem(
                "walls-missing",
                "from tutorial level 3 on every level needs a wall or a turning wall",
                level=lid,
            )
        )
    if not bare and unique(level.with_(walls=(), turners=())):
        problems.append(
            Problem(
                "walls-unneeded",
                "with every wall and turning wall removed the level is still unique",
                level=lid,
            )
        )
    ids = {c.hex: c.id for c in level.cells}
    for w in level.walls:
        rest = tuple(x for x in level.walls if x != w)
        if unique(level.with_(walls=rest)):
            problems.append(
                Problem(
                    "wall-redundant",
                    "this wall can be removed and the level stays unique",
                    level=lid,
                    where=f"wall {_edge_name(w)}",
                    cells=(ids[w[0]], ids[w[1]]),
                    severity="warning",
                )
            )
    for t in level.turners:
        others = tuple(x for x in level.turners if x != t)
        where = f"turner at {', '.join(map(fmt_hex, t.pivot))}"
        if unique(level.with_(turners=others)):
            problems.append(
                Problem(
                    "turner-redundant",
                    "without this turning wall the level stays unique",
                    level=lid,
                    where=where,
                )
            )
            continue
        for e in t.cycle:
            walls = level.walls if e in level.walls else (*level.walls, e)
            if unique(level.with_(walls=walls, turners=others)):
                problems.append(
                    Problem(
                        "turner-replaceable",
                        f"a static wall on {_edge_name(e)} would do its work: the level "
                        "stays unique",
                        level=lid,
                        where=where,
                    )
                )
                break
    problems.extend(guessing_warning(grade(level), level.id))
    return problems
