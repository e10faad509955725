"""The 为什么 / Why hint of the path modes: the logic engine's next deduction from the
player's own position, with the cells it reads and the cells it concludes.

The player's path (while it agrees with the unique solution) and the numbers revealed so
far are given steps; the engine (:mod:`puzzlesmith.paths.techniques`) then runs its rules
and tries its techniques cheapest first, and the first one that narrows anything is the
answer. What it concluded is read off the engine's state (the candidate steps of every
cell before and after), so each technique needs no bookkeeping of its own. A path that
has left the solution gets ``mistake`` with the first wrong cell instead: no sound
reasoning continues from it. Sentences name the technique in the player's words, point at
the board's highlights, and never quote the engine's internal cell ids.
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence
from dataclasses import replace
from typing import Any

from puzzlesmith.core.bits import bits
from puzzlesmith.paths.hints import correct_prefix
from puzzlesmith.paths.state import PathState
from puzzlesmith.paths.techniques import TECHNIQUES, Contradiction, PathGraph, _Engine

#: technique → (zh, en): the player's sentence; {steps} lists the concluded steps
WORDS: dict[str, tuple[str, str]] = {
    "number": (
        "高亮的格写着第 {steps} 步：路径下一步就走到那里。",
        "The highlighted cell shows step {steps}: the path goes there next.",
    ),
    "rules": (
        "只看规则就够了：路径的这一头只剩高亮的格能接上，它就是下一步。",
        "The rules alone decide it: only the highlighted cell can continue the path.",
    ),
    "single": (
        "第 {steps} 步只剩高亮的这一格能走，所以它就是这一步。",
        "Only the highlighted cell can still be step {steps}, so it is.",
    ),
    "ends": (
        "高亮的格只剩一个能接的邻格，所以它是路径的一头（第 1 步或最后一步）。",
        "The highlighted cell has one usable neighbour left, so it is an end of the path.",
    ),
    "two_neighbours": (
        "高亮的格不是路的一头，却只剩两个能接的邻格：路从一边进、从另一边出。",
        "The highlighted cell is not an end and has just two usable neighbours: "
        "the path comes in from one and leaves by the other.",
    ),
    "clue_neighbours": (
        "数字前后的两步必须挨着它：能挨着的只剩高亮的格。",
        "The steps just before and after a number must touch it: only the highlighted cells can.",
    ),
    "no_loop": (
        "高亮的两格是同一段已连好的路的两头：再把它们连上就成了圈，所以不能连。",
        "The two highlighted cells end the same joined stretch: joining them would close "
        "a loop, so they are not joined.",
    ),
    "distance": (
        "从已知的步数数一数走几步能到：高亮的格只可能是第 {steps} 步。",
        "Count the moves from the known steps: the highlighted cells can only be step {steps}.",
    ),
    "parity": (
        "像棋盘一样给格子涂两种颜色，每走一步换一次颜色：高亮的格只可能是第 {steps} 步。",
        "Colour the cells like a chessboard; every move changes colour, so the highlighted "
        "cells can only be step {steps}.",
    ),
    "connectivity": (
        "高亮的格是两块区域之间唯一的通道：路必须在第 {steps} 步经过它。",
        "The highlighted cell is the only way between two parts: the path must pass it at "
        "step {steps}.",
    ),
    "dead_end": (
        "如果高亮的格是别的步数，它旁边的一格就接不上它，只剩一条路却又当不了路的一头：所以它只能是第 {steps} 步。",
        "If the highlighted cell took another step, a neighbour that cannot join it would be "
        "left with one way on while it cannot be an end: so it can only be step {steps}.",
    ),
    "contradiction": (
        "假设高亮的格走别的步数，接下来的推理会走不通，所以它只能是第 {steps} 步。",
        "Suppose the highlighted cell took another step: the deductions that follow break "
        "a rule, so it can only be step {steps}.",
    ),
}
#: technique → (zh, en): its short name, as the solve breakdown lists it
NAMES: dict[str, tuple[str, str]] = {
    "rules": ("规则本身", "The rules"),
    "number": ("数字", "A number"),
    "single": ("唯一位置", "Only place"),
    "ends": ("路的两头", "Path ends"),
    "two_neighbours": ("只剩两个邻格", "Two neighbours"),
    "clue_neighbours": ("数字的邻格", "Next to a number"),
    "no_loop": ("不成圈", "No loop"),
    "distance": ("数步数", "Counting moves"),
    "parity": ("黑白相间", "Chessboard colours"),
    "connectivity": ("唯一通道", "Only way through"),
    "dead_end": ("不留死角", "No dead end"),
    "contradiction": ("假设推翻", "Try and fail"),
}
MISTAKE = (
    "从第 {step} 步起路线走错了：高亮的格不在唯一解的这一步。退回去再想想。",
    "The path goes wrong at step {step}: the highlighted cell is not that step of the "
    "only solution. Step back and think again.",
)
STUCK = (
    "这一步靠推理一时看不出来：试试「指路」。",
    "No deduction shows this step yet: try the guide.",
)
DONE = ("已经走完了！", "The path is complete!")
#: deductions tried before the Why hint says the step is out of its reach
MAX_ROUNDS = 400


def steps_text(steps: Sequence[int]) -> str:
    """A short list of step numbers a sentence can carry: "3", "3、5" or "3–7"."""
    s = sorted(set(steps))
    if not s:
        return "?"
    if len(s) > 3 and s[-1] - s[0] == len(s) - 1:
        return f"{s[0]}–{s[-1]}"
    return "、".join(map(str, s[:4])) + ("…" if len(s) > 4 else "")


def _sentence(key: str, steps: Sequence[int]) -> tuple[str, str]:
    zh, en = WORDS[key]
    text = steps_text(steps)
    return zh.format(steps=text), en.format(steps=text.replace("、", ", "))


def position_graph(g: PathGraph, state: PathState, prefix: int) -> PathGraph:
    """The level's graph with the player's sound knowledge as givens: the path's first
    ``prefix`` cells at their steps and every revealed number."""
    given = dict(g.clue)
    given.update(state.revealed)
    for k, cell in enumerate(state.path[:prefix]):
        given[cell] = k + 1
    return replace(g, clue=given)


def _engine(g: PathGraph, techniques: Collection[str]) -> _Engine:
    """The engine set up as :func:`techniques.deduce` sets it up (givens, parities)."""
    e = _Engine(g, set(techniques))
    for i, s in g.clue.items():
        e.cand[i] &= 1 << s
    for i, par in g.parity.items():
        e.cand[i] &= e.odd if par else e.even
    return e


def explain(
    g: PathGraph,
    solution: Sequence[str],
    state: PathState,
    techniques: Collection[str] = TECHNIQUES,
) -> dict[str, Any]:
    """The Why hint as JSON (``kind`` "why"): ``verdict`` is ``step``, ``mistake``,
    ``stuck`` or ``done``; a step carries ``technique``, ``reads`` (cells the reasoning
    rests on), ``concludes`` (``[{cell, steps}]``: the steps each concluded cell can still
    take) and the sentence in both languages."""
    ids = state.board.ids
    p = correct_prefix(solution, state)
    if p < len(state.path):
        zh, en = MISTAKE
        cell = ids[state.path[p]]
        return _answer("mistake", [cell], (zh.format(step=p + 1), en.format(step=p + 1)))
    if p >= len(solution):
        return _answer("done", [], DONE)
    pg = position_graph(g, state, p)
    nxt = ids.index(solution[p])
    if pg.clue.get(nxt) == p + 1:  # a number (a clue or a revealed one) says so
        return _why("number", [], [(solution[p], [p + 1])], [p + 1], 0)
    e = _engine(pg, techniques)
    want = 1 << (p + 1)
    sol_step = {cell: k + 1 for k, cell in enumerate(solution)}
    try:
        e.settle()
        if e.cand[nxt] == want and state.path:  # the rules themselves leave one way on
            return _why("rules", [ids[state.path[-1]]], [(solution[p], [p + 1])], [p + 1], 0)
        # deduce until the next step is pinned down; the deduction that did it is the why
        for rounds in range(MAX_ROUNDS):
            found = _one_deduction(e)
            if found is None:
                break
            name, named, changed = found
            e.settle()
            if e.cand[nxt] == want:
                concl, reads = _read_off(e, ids, named, changed, (nxt, [p + 1]))
                steps = [sol_step[c] for c, _ in concl if c in sol_step]
                return _why(name, reads, concl, steps, rounds)
    except Contradiction:  # the givens are the solution's own: only a non-unique level
        pass
    return _answer("stuck", [solution[p]], STUCK)


def deductions(
    g: PathGraph, state: PathState, techniques: Collection[str] = TECHNIQUES
) -> Iterator[dict[str, Any]]:
    """The engine's deductions from a (sound) position in the order it makes them, each as
    the Why hint would show it (the hint shows the one that fixes the next step)."""
    ids = state.board.ids
    e = _engine(position_graph(g, state, len(state.path)), techniques)
    try:
        e.settle()
        for _ in range(MAX_ROUNDS):
            found = _one_deduction(e)
            if found is None:
                return
            name, named, changed = found
            concl, reads = _read_off(e, ids, named, changed)
            yield _why(name, reads, concl, [st[0] for _, st in concl if st], 0)
            e.settle()
    except Contradiction:
        return


def _read_off(
    e: _Engine,
    ids: Sequence[str],
    named: set[int],
    changed: list[int],
    also: tuple[int, list[int]] | None = None,
) -> tuple[list[tuple[str, list[int]]], list[str]]:
    """What a deduction concluded (each changed cell with the steps it can still take, and
    ``also`` when it is not among them) and the other cells it named: what it read."""
    concl = [(ids[i], bits(e.cand[i])) for i in changed]
    if also is not None and also[0] not in changed:
        concl.append((ids[also[0]], also[1]))
    cells = {c for c, _ in concl}
    return concl, sorted({ids[i] for i in named} - cells, key=ids.index)


def _one_deduction(e: _Engine) -> tuple[str, set[int], list[int]] | None:
    """The first technique that narrows anything: (name, cells it names, cells it changed:
    their steps, their joins or the neighbours they may still join)."""
    for name in e.enabled:
        before, links, nbs, logged = list(e.cand), list(e.link), list(e.nb), len(e.log)
        if getattr(e, "t_" + name)():
            changed = [
                i
                for i in range(e.n)
                if e.cand[i] != before[i] or e.link[i] != links[i] or e.nb[i] != nbs[i]
            ]
            named = {e.names.index(c) for st in e.log[logged:] for c in st.cells}
            return name, named, changed
    return None


def _answer(verdict: str, cells: list[str], words: tuple[str, str]) -> dict[str, Any]:
    return {
        "kind": "why",
        "verdict": verdict,
        "technique": None,
        "after": 0,
        "cells": cells,
        "reads": [],
        "concludes": [],
        "reason_zh": words[0],
        "reason_en": words[1],
    }


def _why(
    technique: str,
    reads: list[str],
    concludes: list[tuple[str, list[int]]],
    steps: Sequence[int],
    before: int,
) -> dict[str, Any]:
    zh, en = _sentence(technique, steps)
    return {
        "kind": "why",
        "verdict": "step",
        "technique": technique,
        "name_zh": NAMES[technique][0],
        "name_en": NAMES[technique][1],
        #: simpler deductions the engine made first (not shown: they narrowed other cells)
        "after": before,
        "cells": [c for c, _ in concludes],
        "reads": reads,
        "concludes": [{"cell": c, "steps": s} for c, s in concludes],
        "reason_zh": zh,
        "reason_en": en,
    }
