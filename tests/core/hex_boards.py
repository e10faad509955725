"""Hex Walls boards that tests keep after the shipped level they came from was redesigned.

``OLD_2_7``: pack 2's 2-7 before issue #34's redesign (three turners; the path engine alone
has no deduction after step 6, Hex Walls' own engine has one; the grader needs ``trial``
to finish it). The Why tests hold on to it for that position.
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.hexwalls.board import Level, parse_level

OLD_2_7: dict[str, Any] = {
    "id": "old-2-7",
    "caption": "三个转墙 / Three turning walls",
    "cells": [
        {"id": "3,-2", "q": 3, "r": -2},
        {"id": "1,-1", "q": 1, "r": -1},
        {"id": "2,-1", "q": 2, "r": -1},
        {"id": "-1,0", "q": -1, "r": 0, "clue": 1},
        {"id": "0,0", "q": 0, "r": 0},
        {"id": "1,0", "q": 1, "r": 0},
        {"id": "2,0", "q": 2, "r": 0},
        {"id": "-1,1", "q": -1, "r": 1},
        {"id": "0,1", "q": 0, "r": 1},
        {"id": "1,1", "q": 1, "r": 1},
        {"id": "2,1", "q": 2, "r": 1},
        {"id": "-1,2", "q": -1, "r": 2},
        {"id": "0,2", "q": 0, "r": 2},
        {"id": "1,2", "q": 1, "r": 2},
    ],
    "walls": [[[0, 2], [1, 1]], [[0, 1], [0, 2]]],
    "turners": [
        {"pivot": [[-1, 1], [0, 0], [0, 1]], "at": [[-1, 1], [0, 0]]},
        {"pivot": [[0, 1], [1, 0], [1, 1]], "at": [[0, 1], [1, 0]]},
        {"pivot": [[-1, 0], [-1, 1], [0, 0]], "at": [[-1, 0], [-1, 1]]},
    ],
}


def old_2_7() -> Level:
    """The old 2-7 as a Level (it loads without a problem)."""
    level, problems = parse_level(OLD_2_7)
    assert level is not None and not problems, problems
    return level
