"""Your solve, explained: a player's own timed move log read against the logic solver.

Where the player stopped to think longest, the deduction the solver needed at that very
position (the mode's Why hint: what fixes the next step and which technique), where they
stepped back, how the time splits between thinking and moving, and, when the caller has
them, how the time compares with others' (a daily's verified runs of that day). Works for
every mode that declares a Why hint kind (``Mode.why_kind``); the mode judges which moves
step back (``Mode.is_undo`` at the position each is played in).
"""

from __future__ import annotations

from collections.abc import Sequence
from statistics import median
from typing import Any

from puzzlesmith.core.errors import IllegalMoveError
from puzzlesmith.core.mode import JSON, Mode
from puzzlesmith.core.movelog import TimedMove, moves_of

#: a gap this long before a move is thinking, not moving
THINK_MS = 2000
#: how many of the longest pauses are explained
PAUSES = 3


def backs_of(mode: Mode[Any], level: Any, moves: Sequence[str]) -> list[bool]:
    """For each move, whether it steps back, judged by the mode at the position it is
    played in (one fold over the log)."""
    state = mode.start(level)
    out = []
    for i, move in enumerate(moves):
        out.append(mode.is_undo(state, move))
        state.apply(move, i)
    return out


def why_kind(mode: Mode[Any]) -> str | None:
    """The hint kind that explains the next step ("why" in every shipped mode)."""
    kind = getattr(mode, "why_kind", None)
    if isinstance(kind, str):
        return kind
    return "why" if "why" in mode.hint_kinds else None


def breakdown(
    mode: Mode[Any],
    level: Any,
    log: Sequence[TimedMove],
    others_ms: Sequence[int] = (),
) -> JSON:
    """The solve in figures and the three longest pauses, each with what the solver saw.

    ``others_ms``: other players' times on the same level (a daily's verified runs), for
    the median; none: no comparison.
    """
    moves = moves_of(log)
    state = mode.replay(level, moves)
    total = log[-1].ms if log else 0
    gaps = [(tm.ms - (log[i - 1].ms if i else 0), i) for i, tm in enumerate(log)]
    back = backs_of(mode, level, moves)
    backs = [{"index": i, "ms": log[i].ms, "move": log[i].move} for i in range(len(log)) if back[i]]
    thinking = sum(g for g, _ in gaps if g >= THINK_MS)
    longest = sorted((g for g in gaps if not back[g[1]]), key=lambda g: (-g[0], g[1]))[:PAUSES]
    kind = why_kind(mode)
    pauses: list[JSON] = []
    for gap, i in sorted(longest, key=lambda g: g[1]):
        item: JSON = {"index": i, "ms": log[i].ms, "pause_ms": gap, "move": log[i].move}
        if kind is not None:
            try:
                item["why"] = mode.hint(level, moves[:i], kind)
            except (IllegalMoveError, ValueError):
                item["why"] = None
        pauses.append(item)
    out: JSON = {
        "cleared": bool(state.get("cleared")),
        "time_ms": total,
        "moves": len(moves),
        "thinking_ms": thinking,
        "moving_ms": total - thinking,
        "backs": backs,
        "pauses": pauses,
    }
    if others_ms:
        med = int(median(others_ms))
        out["median_ms"] = med
        out["others"] = len(others_ms)
        out["faster_than"] = sum(t > total for t in others_ms)
    return out
