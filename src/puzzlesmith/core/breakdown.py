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
#: the board picture's highlights, as Cows' Why words them: what the deduction rests on
#: solid, what it concludes dashed
LIT = ("#d9480f", "#1c7ed6")


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


def position_svg(
    mode: Mode[Any], level: Any, moves: Sequence[str], lit: Sequence[str], rests: Sequence[str]
) -> str | None:
    """The position ``moves`` reach as a small SVG (the mode's ``render_position``), the
    cells the deduction rests on outlined solid and those it concludes dashed; None when
    the mode draws no positions. Meant for an ``<img>`` (its style stays inside)."""
    draw = getattr(mode, "render_position", None)
    if draw is None:
        return None
    svg = str(draw(level, moves))
    rules = []
    for cells, colour, dash in ((rests, LIT[0], "none"), (lit, LIT[1], "7 4")):
        if cells:
            sel = ",".join(f'[data-cell="{c}"]' for c in cells if '"' not in c and "\\" not in c)
            rules.append(f"{sel}{{stroke:{colour};stroke-width:6;stroke-dasharray:{dash}}}")
    head = svg.index(">", svg.index("<svg")) + 1
    return svg[:head] + f"<style>{''.join(rules)}</style>" + svg[head:]


def technique_of(why: JSON | None) -> str | None:
    """The technique a Why answer names (None for a mistake or no answer)."""
    if not why or why.get("verdict") in ("mistake", "done"):
        return None
    t = why.get("technique") or why.get("name_en")
    return str(t) if t else None


def told_key(why: JSON | None) -> str | None:
    """What a pause's sentence explains: its technique, or the kind of mistake it points at
    (a second wrong ✕ reads the same as the first, so it is named, not said again)."""
    if why and (why.get("verdict") == "mistake" or why.get("kind") == "mistake"):
        kind = why.get("code") or why.get("reason_en")
        return f"mistake:{kind}" if kind else None
    return technique_of(why)


def breakdown(
    mode: Mode[Any],
    level: Any,
    log: Sequence[TimedMove],
    others_ms: Sequence[int] = (),
    time_ms: int | None = None,
) -> JSON:
    """The solve in figures and the three longest pauses, each with what the solver saw
    and the board as it stood (a technique or a kind of mistake met again is named, not
    explained again).

    ``others_ms``: other players' times on the same level (a daily's verified runs), for
    the median; none: no comparison. ``time_ms``: the official time (a daily's, measured
    by the server) when there is one; else the log's own length.
    """
    moves = moves_of(log)
    state = mode.replay(level, moves)
    total = time_ms if time_ms is not None else log[-1].ms if log else 0
    gaps = [(tm.ms - (log[i - 1].ms if i else 0), i) for i, tm in enumerate(log)]
    back = backs_of(mode, level, moves)
    backs = [{"index": i, "ms": log[i].ms, "move": log[i].move} for i in range(len(log)) if back[i]]
    thinking = sum(g for g, _ in gaps if g >= THINK_MS)
    longest = sorted((g for g in gaps if not back[g[1]]), key=lambda g: (-g[0], g[1]))[:PAUSES]
    kind = why_kind(mode)
    pauses: list[JSON] = []
    told: dict[str, int] = {}  # technique → the pause that explained it
    for gap, i in sorted(longest, key=lambda g: g[1]):
        item: JSON = {"index": i, "ms": log[i].ms, "pause_ms": gap, "move": log[i].move}
        why = None
        if kind is not None:
            try:
                why = mode.hint(level, moves[:i], kind)
            except (IllegalMoveError, ValueError):
                why = None
            item["why"] = why
            t = told_key(why)
            if t is not None and t in told:
                item["again"] = told[t]  # said once: this pause only names it
            elif t is not None:
                told[t] = i
        lit = list(why.get("cells") or []) if why else []
        rests = list(why.get("reads") or why.get("because") or []) if why else []
        item["board"] = position_svg(mode, level, moves[:i], lit, rests)
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
