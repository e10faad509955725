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

from puzzlesmith.core import words
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
            "reason_zh": words.say(f"problem.{p.code}", "zh"),
            "reason_en": words.say(f"problem.{p.code}", "en"),
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
                "reason_zh": words.say("cw.hint.cowWrong", "zh"),
                "reason_en": words.say("cw.hint.cowWrong", "en"),
            }
        wrong_mark = [i for i in marks if i in solution]
        if wrong_mark:
            at = cell_id(b, wrong_mark[0])
            return {
                "kind": "mistake",
                "code": "mark-wrong",
                "cells": [at],
                "because": [at],
                "reason_zh": words.say("cw.mistake.mark-wrong", "zh"),
                "reason_en": words.say("cw.mistake.mark-wrong", "en"),
            }
    cow_mask = sum(1 << i for i in cows)
    if cow_mask.bit_count() == b.n:
        return {
            "kind": "solved",
            "cells": [],
            "because": [],
            "reason_zh": words.say("cw.solved", "zh"),
            "reason_en": words.say("cw.solved", "en"),
        }
    pos = Position(b, cow_mask, sum(1 << i for i in marks))
    d = next_deduction(pos)
    if d is not None:
        out: dict[str, Any] = {"kind": "step", **d.to_json(b)}
        out["cells"] = out["place"] + out["exclude"]
        # The player sees the cells outlined on the board: words that name no letter or
        # "(row,col)" the board does not show, and no internal technique code.
        out["reason_zh"], out["reason_en"] = player_words(b, d)
        out["name_en"] = words.say(f"cw.tech.{d.technique}", "en")
        return out
    if solution is not None:  # logic is stuck: reveal one cow rather than leave the player alone
        i = min(j for j in solution if not cow_mask >> j & 1)
        at = cell_id(b, i)
        return {
            "kind": "reveal",
            "cells": [at],
            "place": [at],
            "because": [],
            "reason_zh": words.say("cw.hint.reveal", "zh"),
            "reason_en": words.say("cw.hint.reveal", "en"),
        }
    return {
        "kind": "stuck",
        "cells": [],
        "because": [],
        "reason_zh": words.say("cw.hint.noUnique", "zh"),
        "reason_en": words.say("cw.hint.noUnique", "en"),
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
        out["name_zh"], out["name_en"] = (
            words.say("cw.why.mistake", "zh"),
            words.say("cw.why.mistake", "en"),
        )
    if verdict == "stuck":
        out.update(
            cells=[],
            place=[],
            because=[],
            reads=[],
            reason_zh=words.say("cw.why.stuck", "zh"),
            reason_en=words.say("cw.why.stuck", "en"),
        )
    return out


def _kind(b: Board, u: int) -> int:
    """0 row, 1 column, 2 region."""
    return min(u // b.n, 2)


def _both(key: str, **kinds: int) -> tuple[str, str]:
    """``cw.hint.<key>`` in Chinese and English; ``kinds`` name a slot's house kind (``unit=0``
    fills ``{unit}`` with row and ``{units}`` with rows; ``k`` is a count, as is)."""
    out = []
    for lang in words.LANGS:
        slots: dict[str, object] = {}
        for slot, v in kinds.items():
            if slot == "k":
                slots[slot] = v
            else:
                slots[slot] = words.say(f"cw.hint.kind.{v}", lang)
                slots[f"{slot}s"] = words.say(f"cw.hint.kinds.{v}", lang)
        out.append(words.say(f"cw.hint.{key}", lang, **slots))
    return out[0], out[1]


def player_words(b: Board, d: Deduction) -> tuple[str, str]:
    """The hint in words that point at the board: solid outline = why, dashed outline = what.

    The logic solver's own reasons (CLI ``grade --trace``) name cells and region letters
    for a designer; a player sees the rings instead.
    """
    t, units = d.technique, d.units
    if t == "cow-excludes":
        return _both(t)
    if t in ("last-free", "shared-attack", "window-2x2"):
        return _both(t, unit=_kind(b, units[0]))
    if t in ("confinement", "squeeze"):
        z = units[1] if t == "confinement" else units[-1]
        return _both(t, unit=_kind(b, units[0]), other=_kind(b, z))
    if t in ("hall-set", "big-hall"):
        return _both("hall-set", unit=_kind(b, units[0]), other=_kind(b, units[-1]), k=d.k)
    # contradiction
    return _both("contradiction", unit=_kind(b, units[0]) if units else 2)
