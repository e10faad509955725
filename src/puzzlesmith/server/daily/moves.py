"""The move log a perfect player sends for a level: the tests' and benchmarks' finishes.

Path modes take ``start``/``add`` over the path's cell ids; Cows (a level with
``regions``) takes one ``cow r c`` per row.
"""

from __future__ import annotations

from typing import Any

from puzzlesmith.core.mode import Mode


def winning_moves(mode: Mode[Any], level: Any) -> list[str]:
    """The exact solver's solution as move strings (``mode.replay`` clears with them)."""
    sol = mode.solve(level, 1).solutions[0]
    if "regions" in mode.dump_level(level):  # one column per row
        return [f"cow {r} {c}" for r, c in enumerate(sol)]
    return [f"start {sol[0]}", *(f"add {c}" for c in sol[1:])]
