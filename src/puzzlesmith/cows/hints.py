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

from puzzlesmith.cows.board import Board, Level, board_of, cell_id
from puzzlesmith.cows.logic import Deduction, Position, next_deduction
from puzzlesmith.cows.rules import COW, MARK, apply_moves, conflicts
from puzzlesmith.cows.solver import solve_board

#: ``next`` the next step (a cow revealed when logic is stuck); ``why`` the same engine's
#: deduction as 为什么 / Why: what it reads, what it concludes, never a reveal
KINDS = ("next", "why")


def hint(level: Level, moves: Sequence[str], kind: str = "next") -> dict[str, Any]:
    """The next step as JSON: ``kind`` is ``mistake``, ``step``, ``solved`` or ``reveal``;
    for ``why`` see :func:`why`."""
    if kind not in KINDS:
        raise ValueError(f"unknown hint kind {kind!r} (expected one of {', '.join(KINDS)})")
    if kind == "why":
        return why(level, moves)
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
        # The player sees the cells outlined on the board: words that name no letter or
        # "(row,col)" the board does not show, and no internal technique code.
        out["reason_zh"], out["reason_en"] = player_words(b, d)
        out["name_en"] = NAMES_EN[d.technique]
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


#: a ``next`` answer's kind → the Why's verdict (as the path modes' Why says it)
_VERDICT = {"step": "step", "mistake": "mistake", "solved": "done", "reveal": "stuck"}


def why(level: Level, moves: Sequence[str]) -> dict[str, Any]:
    """为什么 / Why from the player's marks: the logic solver's next deduction with the
    cells it reads (``reads``) and concludes (``cells``: cows placed, then ✕), or where
    the marks went wrong (``mistake``); ``stuck`` names no cow, it says logic ran out."""
    h = hint(level, moves, "next")
    verdict = _VERDICT.get(h["kind"], "stuck")
    out = {**h, "kind": "why", "verdict": verdict, "reads": list(h.get("because", []))}
    if h["kind"] == "mistake":
        out["name_zh"], out["name_en"] = "哪里错了", "Where it went wrong"
    if verdict == "stuck":
        out.update(
            cells=[],
            place=[],
            because=[],
            reads=[],
            reason_zh="从现在的局面，简单推理已经走不下去了。",
            reason_en="From this position no simple deduction is left.",
        )
    return out


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


NAMES_EN = {
    "cow-excludes": "A cow rules out",
    "last-free": "Last free cell",
    "confinement": "Confined",
    "shared-attack": "Shared attack",
    "hall-set": "Shared rows",
    "window-2x2": "2×2 squares",
    "big-hall": "Shared rows (3+)",
    "squeeze": "Squeeze",
    "contradiction": "Try and fail",
}


def _kind(b: Board, u: int) -> int:
    """0 row, 1 column, 2 region."""
    return min(u // b.n, 2)


_ZH = ("行", "列", "颜色区域")
_EN = (("row", "rows"), ("column", "columns"), ("region", "regions"))


def player_words(b: Board, d: Deduction) -> tuple[str, str]:
    """The hint in words that point at the board: solid outline = why, dashed outline = what.

    The logic solver's own reasons (CLI ``grade --trace``) name cells and region letters
    for a designer; a player sees the rings instead.
    """
    t, units = d.technique, d.units
    if t == "cow-excludes":
        return (
            "粗框里这头牛所在的行、列、颜色区域和四周 8 格都不能再有牛：虚线格打 ✕。",
            "The outlined cow rules out its row, column, region and 8 neighbours: "
            "cross out the dashed cells.",
        )
    if t == "last-free":
        k = _kind(b, units[0])
        return (
            f"粗框的这一{_ZH[k]}只剩一个空格：牛就放在虚线格。",
            f"The outlined {_EN[k][0]} has one free cell left: the cow goes in the dashed cell.",
        )
    if t == "confinement":
        a, z = _kind(b, units[0]), _kind(b, units[1])
        return (
            f"粗框的{_ZH[a]}，空格都在同一{_ZH[z]}里，这一{_ZH[z]}的牛只能是它的：虚线格打 ✕。",
            f"The outlined {_EN[a][0]}'s free cells all lie in one {_EN[z][0]}, so that "
            f"{_EN[z][0]}'s cow is its own: cross out the dashed cells.",
        )
    if t in ("hall-set", "big-hall"):
        a, z, k = _kind(b, units[0]), _kind(b, units[-1]), d.k
        return (
            f"粗框的 {k} 个{_ZH[a]}的空格只落在 {k} 个{_ZH[z]}里，这些{_ZH[z]}的牛都归它们："
            "虚线格打 ✕。",
            f"The free cells of the {k} outlined {_EN[a][1]} lie in just {k} {_EN[z][1]}: "
            f"those {_EN[z][1]}' cows are theirs, so cross out the dashed cells.",
        )
    if t == "shared-attack":
        k = _kind(b, units[0])
        return (
            f"粗框的{_ZH[k]}，它的牛不论放在哪个空格，都会碰到虚线格：虚线格打 ✕。",
            f"Wherever the outlined {_EN[k][0]}'s cow goes, it touches the dashed cells: "
            "cross them out.",
        )
    if t == "window-2x2":
        k = _kind(b, units[0])
        return (
            f"这两{_ZH[k]}要放两头牛，空格只落在两个 2×2 方块里，每块一头；"
            "粗框方块的牛放在哪都会碰到虚线格：打 ✕。",
            f"These two {_EN[k][1]} need two cows in two 2×2 squares, one each; the "
            "outlined square's cow touches the dashed cells wherever it goes: cross them out.",
        )
    if t == "squeeze":
        a, z = _kind(b, units[0]), _kind(b, units[-1])
        return (
            f"虚线格如果放牛，它直接排除的格子会让粗框的两个{_ZH[a]}只剩同一{_ZH[z]}里的空格，"
            f"一{_ZH[z]}只能放一头牛：所以这里打 ✕。",
            f"A cow in the dashed cell would rule out enough to leave both outlined "
            f"{_EN[a][1]} with free cells in one {_EN[z][0]}, which holds one cow: cross it out.",
        )
    k = _kind(b, units[0]) if units else 2
    return (  # contradiction
        f"假设虚线格放牛，接着被迫放下的牛会让粗框的{_ZH[k]}没有空格：所以这里打 ✕。",
        f"A cow in the dashed cell, with the cows it forces, would leave the outlined "
        f"{_EN[k][0]} with no free cell: cross it out.",
    )
