"""Hints: the next logical step from the player's position, with its reason in words.

The player's cows and ✕ marks are taken as given. A mistake (a cow off the unique
solution, a ✕ on a solution cell, or a broken rule) is pointed out first, since no
sound reasoning continues from it; otherwise the logic solver's easiest deduction
from that position is the hint, naming the cells it places or excludes and the
cells the reason rests on.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from puzzlesmith.cows.board import Level, board_of, cell_id
from puzzlesmith.cows.logic import Position, next_deduction
from puzzlesmith.cows.rules import COW, MARK, apply_moves, conflicts
from puzzlesmith.cows.solver import solve_board

KINDS = ("next",)


def hint(level: Level, moves: Sequence[str], kind: str = "next") -> dict[str, Any]:
    """The next step as JSON: ``kind`` is ``mistake``, ``step``, ``solved`` or ``reveal``."""
    if kind not in KINDS:
        raise ValueError(f"unknown hint kind {kind!r} (expected one of {', '.join(KINDS)})")
    b = board_of(level)
    state = apply_moves(b, moves)
    cows = [i for i, s in enumerate(state) if s == COW]
    marks = [i for i, s in enumerate(state) if s == MARK]
    probs = conflicts(b, cows)
    if probs:
        p = probs[0]
        return {
            "kind": "mistake",
            "code": p.code,
            "cells": list(p.cells),
            "because": list(p.cells),
            "reason_zh": _CONFLICT_ZH[p.code],
            "reason_en": _CONFLICT_EN[p.code],
        }
    result = solve_board(b, 2)
    solution = (
        {r * b.n + c for r, c in enumerate(result.solutions[0])} if result.count == 1 else None
    )
    if solution is not None:
        wrong_cow = [i for i in cows if i not in solution]
        if wrong_cow:
            at = cell_id(b, wrong_cow[0])
            return {
                "kind": "mistake",
                "code": "cow-wrong",
                "cells": [at],
                "because": [at],
                "reason_zh": "这头牛放错了位置：按唯一解，这里不是牛。",
                "reason_en": "This cow is misplaced: the unique solution has no cow here.",
            }
        wrong_mark = [i for i in marks if i in solution]
        if wrong_mark:
            at = cell_id(b, wrong_mark[0])
            return {
                "kind": "mistake",
                "code": "mark-wrong",
                "cells": [at],
                "because": [at],
                "reason_zh": "这个 ✕ 标错了：这里其实有牛。",
                "reason_en": "This ✕ is wrong: a cow belongs here.",
            }
    cow_mask = sum(1 << i for i in cows)
    if cow_mask.bit_count() == b.n:
        return {
            "kind": "solved",
            "cells": [],
            "because": [],
            "reason_zh": "已经完成！",
            "reason_en": "Solved!",
        }
    pos = Position(b, cow_mask, sum(1 << i for i in marks))
    d = next_deduction(pos)
    if d is not None:
        out: dict[str, Any] = {"kind": "step", **d.to_json(b)}
        out["cells"] = out["place"] + out["exclude"]
        return out
    if solution is not None:  # logic is stuck: reveal one cow rather than leave the player alone
        i = min(j for j in solution if not cow_mask >> j & 1)
        at = cell_id(b, i)
        return {
            "kind": "reveal",
            "cells": [at],
            "place": [at],
            "because": [],
            "reason_zh": "推理卡住了：这里有一头牛。",
            "reason_en": "No simple deduction is left: a cow goes here.",
        }
    return {
        "kind": "stuck",
        "cells": [],
        "because": [],
        "reason_zh": "这个棋盘没有唯一解，无法给出提示。",
        "reason_en": "This board has no unique solution; no hint can be given.",
    }


_CONFLICT_ZH = {
    "cows-same-row": "同一行里有两头牛。",
    "cows-same-column": "同一列里有两头牛。",
    "cows-same-region": "同一个颜色区域里有两头牛。",
    "cows-touch": "两头牛挨在一起（斜角也不行）。",
}
_CONFLICT_EN = {
    "cows-same-row": "Two cows share a row.",
    "cows-same-column": "Two cows share a column.",
    "cows-same-region": "Two cows share a colour region.",
    "cows-touch": "Two cows touch (diagonals count).",
}
